import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signUp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { type OidcUser, startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PUBLIC_URL = 'http://warehouse.test';

function googleUser(overrides: Partial<OidcUser> = {}): OidcUser {
  const id = randomBytes(6).toString('hex');
  return {
    sub: `google-${id}`,
    email: `g-${id}@gmail.test`,
    emailVerified: true,
    name: 'Google User',
    ...overrides,
  };
}

describe.each(TEST_ENGINES)('Google sign-in against a local OpenID provider on %s', (engine) => {
  let oidc: TestOidcProvider;
  let ctx: TestApp;

  beforeAll(async () => {
    oidc = await startOidcProvider({ redirectUri: `${PUBLIC_URL}/api/auth/callback/google` });
    ctx = await createTestApp(engine, {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await oidc?.close();
  });

  /** What the SPA does (`authClient.signIn.social`), then the browser at the provider and back. */
  async function signInWithGoogle(user: OidcUser) {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: `${PUBLIC_URL}/manageItem` },
    });
    expect(start.statusCode).toBe(200);
    const authorization = new URL(start.json<{ url: string }>().url);
    expect(authorization.origin).toBe(oidc.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/callback/google`);

    const callback = await oidc.authorize(authorization.toString(), user);
    expect(`${callback.origin}${callback.pathname}`).toBe(`${PUBLIC_URL}/api/auth/callback/google`);
    expect(callback.searchParams.get('code')).toBeTruthy();
    return ctx.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieHeader(start) },
    });
  }

  async function sessionOf(cookie: string) {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    return response.json<{
      user: { id: string; email: string; name: string; emailVerified: boolean };
    } | null>();
  }

  it('tells the SPA that Google sign-in is enabled', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth-methods' });
    expect(response.json()).toEqual({ emailPassword: true, google: true });
  });

  it('signs a new Google user in and back to the page they came from; a second sign-in reuses the account', async () => {
    const user = googleUser({ name: 'Farhana Akter' });
    const first = await signInWithGoogle(user);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(`${PUBLIC_URL}/manageItem`);
    const firstSession = await sessionOf(cookieHeader(first));
    expect(firstSession?.user).toMatchObject({
      email: user.email,
      name: 'Farhana Akter',
      emailVerified: true,
    });

    const second = await signInWithGoogle(user);
    expect(second.statusCode).toBe(302);
    const secondSession = await sessionOf(cookieHeader(second));
    expect(secondSession?.user.id).toBe(firstSession?.user.id);
  });

  it('links Google to an existing verified account with the same email instead of duplicating it', async () => {
    const local = await signUp(ctx.app, { email: `linked-${engine}@gmail.test`, name: 'Local Name' });
    // The mail goes out after the sign-up's answer.
    const mailedLink = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox' }))
        .json<Array<{ to: string; links: string[] }>>()
        .find((mail) => mail.to === local.email)?.links[0];
    await expect.poll(mailedLink).toBeDefined();
    const verify = new URL((await mailedLink()) ?? '');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `${verify.pathname}${verify.search}` })).statusCode,
    ).toBe(302);

    const viaGoogle = await signInWithGoogle(googleUser({ email: local.email }));
    expect(viaGoogle.statusCode).toBe(302);
    expect(viaGoogle.headers.location).toBe(`${PUBLIC_URL}/manageItem`);
    expect((await sessionOf(cookieHeader(viaGoogle)))?.user.id).toBe(local.user.id);

    const password = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: local.email, password: local.password },
    });
    expect(password.statusCode).toBe(200);
  });

  it('does not hand an unverified password account to whoever signs in with Google under its email', async () => {
    const local = await signUp(ctx.app, { email: `unverified-${engine}@gmail.test` });
    const viaGoogle = await signInWithGoogle(googleUser({ email: local.email }));
    expect(viaGoogle.statusCode).toBe(302);
    expect(viaGoogle.headers.location).toBe(`${PUBLIC_URL}/login?error=account_not_linked`);
    expect(viaGoogle.cookies.some((cookie) => cookie.name.endsWith('session_token') && cookie.value)).toBe(
      false,
    );
  });

  it('refuses a callback that did not start in this browser (no state cookie)', async () => {
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: `${PUBLIC_URL}/` },
    });
    const callback = await oidc.authorize(start.json<{ url: string }>().url, googleUser());
    const forged = await ctx.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(forged.statusCode).toBe(302);
    expect(forged.headers.location).toMatch(new RegExp(`^${PUBLIC_URL}/login\\?error=`));
    expect(forged.cookies.some((cookie) => cookie.name.endsWith('session_token') && cookie.value)).toBe(
      false,
    );
  });
});
