import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type KoaContextWithOIDC } from 'oidc-provider';

/** The stand-in's sign-in page, as the tests see it. */
export const GOOGLE_STAND_IN_TEXT = {
  heading: 'Sign in with Google (test stand-in)',
  emailLabel: 'Email',
  nameLabel: 'Name',
  submit: 'Continue',
} as const;

export interface GoogleStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close: () => Promise<void>;
}

const SCOPES = 'openid email profile';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function signInPage(uid: string, clientId: string): string {
  const { heading, emailLabel, nameLabel, submit } = GOOGLE_STAND_IN_TEXT;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${heading}</title></head>
<body>
<main>
<h1>${heading}</h1>
<p>Choose the Google account to continue to <strong>${escapeHtml(clientId)}</strong>.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<p><label for="email">${emailLabel}</label> <input id="email" name="email" type="email" required></p>
<p><label for="name">${nameLabel}</label> <input id="name" name="name" type="text" required></p>
<button type="submit">${submit}</button>
</form>
</main>
</body></html>`;
}

/**
 * The provider's storage: one in-memory table per model for the life of the run (the stand-in is
 * restarted with every run), without the library's "development only" warning.
 */
function memoryAdapter(): (name: string) => Adapter {
  const rows = new Map<string, AdapterPayload>();
  return (name) => {
    const key = (id: string) => `${name}:${id}`;
    const find = async (test: (row: AdapterPayload) => boolean) => {
      for (const [id, row] of rows) if (id.startsWith(`${name}:`) && test(row)) return row;
      return undefined;
    };
    return {
      upsert: async (id, payload) => {
        rows.set(key(id), payload);
      },
      find: async (id) => rows.get(key(id)),
      findByUid: (uid) => find((row) => row.uid === uid),
      findByUserCode: (userCode) => find((row) => row.userCode === userCode),
      consume: async (id) => {
        const row = rows.get(key(id));
        if (row) row.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => {
        rows.delete(key(id));
      },
      revokeByGrantId: async (grantId) => {
        for (const [id, row] of rows) if (row.grantId === grantId) rows.delete(id);
      },
    };
  };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID Connect provider (oidc-provider) standing in for Google: discovery, authorize,
 * token, userinfo and JWKS at `issuer`, one confidential client whose only redirect URI is our
 * server's Google callback, and a sign-in page where the test chooses the "Google account" by
 * email and name. Consent is remembered for the client, as Google does for a first-party app.
 */
export async function startGoogleStandIn(appUrl: string): Promise<GoogleStandIn> {
  const clientId = 'walton-e2e.apps.googleusercontent.test';
  const clientSecret = randomBytes(24).toString('hex');
  const names = new Map<string, string>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'e2e', alg: 'RS256', use: 'sig' };

  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true, name: names.get(sub) ?? sub }),
    }),
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      await grant.save();
      return grant;
    },
  });
  const providerCallback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(signInPage(details.uid, String(details.params.client_id ?? '')));
      return;
    }
    const form = await readForm(req);
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (!email) {
      res.statusCode = 400;
      res.end('email is required');
      return;
    }
    names.set(email, (form.get('name') ?? '').trim() || email);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: email } },
      { mergeWithLastSubmission: false },
    );
  }

  handle = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(`stand-in interaction failed: ${String(error)}`);
      });
      return;
    }
    providerCallback(req, res);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
