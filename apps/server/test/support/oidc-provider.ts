import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface OidcUser {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  /** GOOGLE_DISCOVERY_URL for the app under test. */
  discoveryUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * Plays the browser at the provider: opens the authorization URL as `user`, who signs in and
   * consents, and follows the provider's redirects until one leaves for the app. Returns that URL
   * (the app's callback with `code` and `state`).
   */
  authorize: (authorizationUrl: string, user: OidcUser) => Promise<URL>;
  close: () => Promise<void>;
}

/** A cookie jar for one origin: enough for the provider's interaction and session cookies. */
class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === '') this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a free local port, standing in
 * for Google: discovery, code flow with PKCE, signed ID tokens, userinfo. Sign-in and consent are
 * answered programmatically for the user the test names.
 */
export async function startOidcProvider(options: { redirectUri: string }): Promise<TestOidcProvider> {
  const clientId = 'walton-test-client';
  const clientSecret = 'walton-test-client-secret-0123456789';
  const users = new Map<string, OidcUser>();
  let signingInAs: OidcUser | undefined;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['walton-test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: user.email, email_verified: user.emailVerified, name: user.name }),
      };
    },
  });
  const handleProtocol = provider.callback();

  const interact = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      if (!signingInAs) throw new Error('no test user is signing in');
      users.set(signingInAs.sub, signingInAs);
      await provider.interactionFinished(req, res, { login: { accountId: signingInAs.sub } });
      return;
    }
    const accountId = details.session?.accountId;
    if (!accountId) throw new Error('consent asked before sign-in');
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('grant not found');
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) {
      handleProtocol(req, res);
      return;
    }
    interact(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    authorize: async (authorizationUrl, user) => {
      signingInAs = user;
      const jar = new CookieJar();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.origin !== issuer) return url;
        const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.store(response);
        const location = response.headers.get('location');
        if (!location) {
          throw new Error(
            `the provider answered ${response.status} without a redirect: ${await response.text()}`,
          );
        }
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the provider');
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
