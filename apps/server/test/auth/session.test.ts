import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { AUTH_LIMITS } from '../../src/auth/attempt-limits.ts';
import { loadConfig } from '../../src/config.ts';
import { accessTokenFor, cookieHeader, signUp, testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { validProduct } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

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

  it('refuses an unknown email with the same message as a wrong password', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { email: `nobody-${engine}@example.com`, password: 'whatever password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({
      message: 'Wrong email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
  });

  it('refuses passwords shorter than 8 or longer than 128 characters, a blank name and a malformed email', async () => {
    const attempt = (email: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'x-forwarded-for': testClientIp() },
        payload: { name: 'Weak', email, password },
      });
    const short = await attempt(`short-${engine}@example.com`, 'seven77');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      statusCode: 400,
      message: 'Password must be at least 8 characters',
    });
    const long = await attempt(`long-${engine}@example.com`, 'x'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Password must be at most 128 characters');
    const nameless = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { name: '  ', email: `nameless-${engine}@example.com`, password: 'long enough password' },
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe('Please enter your name');
    const malformed = await attempt('not-an-email', 'long enough password');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Please enter a valid email address');
    await expect(signUp(ctx.app, { password: 'exactly8' })).resolves.toBeDefined();
  });

  it('lets the user change the display name, but not to a blank one', async () => {
    const { cookie } = await signUp(ctx.app, { name: 'Old Name' });
    const blank = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie },
      payload: { name: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter your name');
    const renamed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie },
      payload: { name: 'New Name' },
    });
    expect(renamed.statusCode).toBe(200);
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie },
    });
    expect(session.json().user.name).toBe('New Name');
  });

  it("stores only an http(s) address as the user's picture, and says why it refuses another", async () => {
    const { cookie } = await signUp(ctx.app);
    const update = (image: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { cookie },
        payload: { image },
      });
    for (const image of [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/me.png',
      '/images/../../etc/passwd',
      'not a url',
      42,
    ]) {
      const refused = await update(image);
      expect(refused.statusCode, String(image)).toBe(400);
      expect(refused.json(), String(image)).toMatchObject({
        statusCode: 400,
        code: 'PICTURE_NOT_WEB_ADDRESS',
        message: 'The picture must be a web address starting with http:// or https://',
      });
    }
    const session = await ctx.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(session.json().user.image ?? null).toBeNull();

    expect((await update('https://walton.example/staff/rahim.png')).statusCode).toBe(200);
    const updated = await ctx.app.inject({ url: '/api/auth/get-session', headers: { cookie } });
    expect(updated.json().user.image).toBe('https://walton.example/staff/rahim.png');
    // Taking the picture away is allowed too.
    expect((await update(null)).statusCode).toBe(200);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { email } = await signUp(ctx.app);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { name: 'Copy', email: email.toUpperCase(), password: 'another long password' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      statusCode: 422,
      message: 'An account with this email already exists. Please log in instead.',
    });
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

  it('ends an access token with its session: after sign-out, a new session of the same user needs a new token', async () => {
    const { cookie, email, password } = await signUp(ctx.app);
    const token = await accessTokenFor(ctx.app, cookie, email);
    const create = (sessionCookie: string, accessToken: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/productOrder',
        headers: { cookie: sessionCookie, authorization: `${email} ${accessToken}` },
        payload: validProduct(email),
      });
    expect((await create(cookie, token)).statusCode).toBe(201);

    const signOut = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(signOut.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { email, password },
    });
    expect(again.statusCode).toBe(200);
    const newCookie = cookieHeader(again);

    const stale = await create(newCookie, token);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({
      code: 'ACCESS_TOKEN_SESSION_ENDED',
      message: 'This access token belongs to a session that has ended. Please sign in again for a new one.',
    });
    // The new session's own token works.
    expect((await create(newCookie, await accessTokenFor(ctx.app, newCookie, email))).statusCode).toBe(201);
  });

  it('answers 401 JSON to a protected route without a session, and keeps public routes open', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@example.com' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Please sign in first',
      code: 'UNAUTHORIZED',
    });

    for (const url of ['/api/health', '/api/ready', '/api/product', '/api/auth-methods']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
    }
  });

  it('says Google is off when it is not configured, and explains a Google sign-in attempt', async () => {
    const methods = await ctx.app.inject({ method: 'GET', url: '/api/auth-methods' });
    expect(methods.json()).toEqual({ emailPassword: true, google: false });
    const attempt = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(attempt.statusCode).toBeGreaterThanOrEqual(400);
    expect(attempt.statusCode).toBeLessThan(500);
    expect(attempt.json().message).toBe('This sign-in method is not enabled on this server');
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

describe.each(TEST_ENGINES)('rate limits on %s', (engine) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (app: FastifyInstance, url: string, ip: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': ip }, payload });

  it('stops password guessing on one account, from any address, with 429 and Retry-After', async () => {
    const { email, password } = await signUp(ctx.app);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const wrong = await post(ctx.app, '/api/auth/sign-in/email', testClientIp(), {
        email,
        password: 'guess-123',
      });
      expect(wrong.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const blocked = await post(ctx.app, '/api/auth/sign-in/email', testClientIp(), { email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  // Better Auth hashes a password for every try (twelve here, two accounts): slow on a busy machine.
  it('stops password guessing through change-password on one account, from any address, as sign-in does', {
    timeout: 180_000,
  }, async () => {
    const { cookie, password } = await signUp(ctx.app);
    const change = (currentPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { cookie, 'x-forwarded-for': testClientIp() },
        payload: { currentPassword, newPassword: 'a new long passphrase' },
      });
    const perAccount = AUTH_LIMITS['/api/auth/sign-in/email']?.perAccount?.max ?? 0;
    expect(perAccount).toBe(10);
    for (let attempt = 1; attempt <= perAccount; attempt += 1) {
      const wrong = await change(`guess-${attempt}`);
      expect(wrong.statusCode, `attempt ${attempt}: ${wrong.body}`).toBe(400);
    }
    // The right password too, now: the guesser cannot tell it from a wrong one.
    const blocked = await change(password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);

    // Another account is not held up by it.
    const other = await signUp(ctx.app);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: other.cookie, 'x-forwarded-for': testClientIp() },
      payload: { currentPassword: other.password, newPassword: 'a new long passphrase' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('limits reset mails and verification mails per account, and reset attempts per address', async () => {
    const { email } = await signUp(ctx.app);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const ok = await post(ctx.app, '/api/auth/request-password-reset', testClientIp(), { email });
      expect(ok.statusCode).toBe(200);
    }
    const perAccount = await post(ctx.app, '/api/auth/request-password-reset', testClientIp(), { email });
    expect(perAccount.statusCode).toBe(429);

    const before = await post(ctx.app, '/api/auth/send-verification-email', testClientIp(), { email });
    expect(before.statusCode).toBe(200);
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      await post(ctx.app, '/api/auth/send-verification-email', testClientIp(), { email });
    }
    const resend = await post(ctx.app, '/api/auth/send-verification-email', testClientIp(), { email });
    expect(resend.statusCode).toBe(429);

    const ip = testClientIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const refused = await post(ctx.app, '/api/auth/reset-password', ip, {
        token: `guess-${attempt}`,
        newPassword: 'long enough password',
      });
      expect(refused.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const perIp = await post(ctx.app, '/api/auth/reset-password', ip, {
      token: 'x',
      newPassword: 'y1234567',
    });
    expect(perIp.statusCode).toBe(429);
    expect(perIp.headers['retry-after']).toBeDefined();
  });

  if (engine !== 'pglite') {
    // An in-memory PGlite cannot be opened by a second instance; the file and the server can.
    it('shares the counts between server instances on one database', async () => {
      const second = await buildApp(loadConfig(ctx.env));
      try {
        const ip = testClientIp();
        for (let attempt = 1; attempt <= 10; attempt += 1) {
          const instance = attempt % 2 === 0 ? ctx.app : second;
          const ok = await post(instance, '/api/auth/reset-password', ip, {
            token: 'nope',
            newPassword: 'whatever1',
          });
          expect(ok.statusCode, `attempt ${attempt}`).toBe(400);
        }
        expect(
          (await post(ctx.app, '/api/auth/reset-password', ip, { token: 'x', newPassword: 'y1234567' }))
            .statusCode,
        ).toBe(429);
        expect(
          (await post(second, '/api/auth/reset-password', ip, { token: 'x', newPassword: 'y1234567' }))
            .statusCode,
        ).toBe(429);
      } finally {
        await second.close();
      }
    });
  }
});
