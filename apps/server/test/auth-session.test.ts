import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenFor, signUp, testClientIp } from './support/auth-helpers.ts';
import { TEST_ENGINES } from './support/engines.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

describe.each(TEST_ENGINES)('email and password accounts on %s', (engine) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('signs a new user up and in at once, with the display name set and the email not yet verified', async () => {
    const { cookie, user, email } = await signUp(ctx.app, { name: 'Rahim Uddin' });
    expect(user).toMatchObject({ email, name: 'Rahim Uddin', emailVerified: false });
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ id: user.id, email, name: 'Rahim Uddin' });
  });

  it('sets the session as an httpOnly, SameSite=Lax cookie', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { name: 'Karim', email: `karim-${engine}@example.com`, password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(200);
    const sessionCookie = response.cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('signs in again with the same password and refuses a wrong one', async () => {
    const { email, password } = await signUp(ctx.app);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { email, password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.some((cookie) => cookie.name.endsWith('session_token'))).toBe(true);

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { email, password: `${password}-wrong` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ statusCode: 401, message: 'Wrong email or password' });
  });

  it('gives the signed-in user an access token for their own email only', async () => {
    const { cookie, email } = await signUp(ctx.app);
    const token = await accessTokenFor(ctx.app, cookie, email);
    expect(token.split('.')).toHaveLength(3);

    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie },
      payload: { email: 'someone-else@example.com' },
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can only get an access token for your own email address');
  });

  it('answers 401 JSON to a protected route without a session, and keeps public routes open', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Please sign in first' });

    for (const url of ['/api/health', '/api/ready', '/api/product', '/api/auth-methods']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
    const methods = await ctx.app.inject({ method: 'GET', url: '/api/auth-methods' });
    expect(methods.json()).toEqual({ emailPassword: true, google: false });
  });

  it('refuses state-changing requests from another site', async () => {
    const { cookie, email } = await signUp(ctx.app);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie, origin: 'https://evil.example' },
      payload: { email },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Cross-site requests are not allowed');

    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: { email },
    });
    expect(crossSite.statusCode).toBe(403);

    const ours = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie, origin: new URL(ctx.env.PUBLIC_URL ?? 'http://localhost:0').origin },
      payload: { email },
    });
    expect(ours.statusCode).toBe(200);
  });
});
