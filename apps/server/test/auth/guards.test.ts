import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PersonalAccessTokens } from '../../src/access-tokens/personal-access-tokens.ts';
import { TokenRepository } from '../../src/access-tokens/token-repository.ts';
import { createAccounts, registerAccounts } from '../../src/auth/accounts.ts';
import { systemClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config.ts';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { registerErrorHandler } from '../../src/http/error-handler.ts';
import { accessTokenFor, signUp, testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase } from '../support/test-database.ts';

/** The personal access tokens of the database (the guards take them beside sessions). */
const tokensOf = (handle: DatabaseHandle) => {
  const tokens = new PersonalAccessTokens(new TokenRepository(handle.db, handle.engine), systemClock);
  return (secret: string) => tokens.authenticate(secret);
};

/**
 * The guards on a small app of their own: the real accounts module on a real database, plus
 * routes that stand for the inventory API (a read, a change, an access-token route, a public read)
 * and two that declare nothing, named like public ones (`/docs`, the Swagger UI's path, is a prefix
 * of `/documents`).
 */
async function guardedApp(engine: (typeof TEST_ENGINES)[number], env: Record<string, string>) {
  const database = await createTestDatabase(engine);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    ...database.env,
    ...env,
  });
  const handle = await openDatabase(config.database);
  await migrateToLatest(handle.db, handle.engine);
  const app = Fastify({ logger: false, trustProxy: true });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const accounts = createAccounts(config, handle, app.log);
  await app.register(
    async (api) => {
      await registerAccounts(api, accounts, config, tokensOf(handle));
      // Each declares its action (the policy's), and only some their access.
      const read = { config: { action: 'inventory.read' as const } };
      api.get('/things', read, async (request) => ({ reader: request.user?.email }));
      api.post('/things', { config: { action: 'item.create' } }, async (request) => ({
        changedBy: request.user?.email,
      }));
      api.post(
        '/orders',
        { config: { access: 'session+token', action: 'item.create' } },
        async (request) => ({
          orderedBy: request.user?.email,
        }),
      );
      api.get('/catalog', { config: { access: 'public', action: 'inventory.read' } }, async (request) => ({
        reader: request.user,
      }));
      api.get('/documents', read, async () => ({ secret: true }));
      api.get('/product/:id/secrets', read, async () => ({ secret: true }));
    },
    { prefix: '/api' },
  );
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await accounts.close();
      await handle.close();
      await database.drop();
    },
  };
}

describe.each(TEST_ENGINES)('guards on %s', (engine) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await guardedApp(engine, {}));
  });
  afterAll(async () => {
    await close?.();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('denies every route that is not marked public to a request without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/things'],
      ['POST', '/api/things'],
      ['POST', '/api/orders'],
    ] as const) {
      const response = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Please sign in first',
        code: 'UNAUTHORIZED',
      });
    }
  });

  it('makes public only the routes that declare it, matched exactly', async () => {
    const open = await app.inject({ method: 'GET', url: '/api/catalog' });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ reader: null });
    for (const url of ['/api/documents', '/api/product/1/secrets']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message).toBe('Please sign in first');
    }
  });

  it('tells the route who is signed in', async () => {
    const { cookie, email } = await signUp(app);
    const response = await app.inject({ method: 'GET', url: '/api/things', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ reader: email });
  });

  const things = (cookie: string) => app.inject({ method: 'GET', url: '/api/things', headers: { cookie } });
  const signOut = async (cookie: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
  };

  it('refuses a signed-out session cookie', async () => {
    const { cookie } = await signUp(app);
    await signOut(cookie);
    expect((await things(cookie)).statusCode).toBe(401);
  });

  it('refuses a session cookie signed out right after it was used (a verified session is not trusted past its end)', async () => {
    const { cookie } = await signUp(app);
    expect((await things(cookie)).statusCode).toBe(200);
    await signOut(cookie);
    expect((await things(cookie)).statusCode).toBe(401);
  });

  it('accepts the access token as "{email} {token}" and as "Bearer {token}"', async () => {
    const { cookie, email } = await signUp(app);
    const token = await accessTokenFor(app, cookie, email);
    for (const authorization of [`${email} ${token}`, `Bearer ${token}`]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie, authorization },
        payload: {},
      });
      expect(response.statusCode, authorization.slice(0, 10)).toBe(200);
      expect(response.json()).toEqual({ orderedBy: email });
    }
  });

  it('refuses a missing, tampered, foreign or expired access token', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const aliceToken = await accessTokenFor(app, alice.cookie, alice.email);
    const order = (authorization: string | undefined) =>
      app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: authorization ? { cookie: alice.cookie, authorization } : { cookie: alice.cookie },
        payload: {},
      });

    const missing = await order(undefined);
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toMatch(/^Access token missing/);

    const [header, payload, signature] = aliceToken.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), sub: bob.user.id }),
    ).toString('base64url');
    for (const tampered of [
      `${header}.${forged}.${signature}`,
      `${aliceToken.slice(0, -2)}xx`,
      'not-a-jwt',
    ]) {
      const response = await order(`${alice.email} ${tampered}`);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Access token is invalid. Please sign in again.');
    }

    // Bob's genuine token does not work in Alice's session, nor Alice's token under Bob's email.
    const bobToken = await accessTokenFor(app, bob.cookie, bob.email);
    const foreign = await order(`${bob.email} ${bobToken}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This access token belongs to another account');
    expect((await order(`${bob.email} ${aliceToken}`)).statusCode).toBe(403);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    const expired = await order(`${alice.email} ${aliceToken}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Access token has expired. Please sign in again.');
  });

  it('answers the signed-in user of POST /api/login only for their own email, and not without a session', async () => {
    const { cookie } = await signUp(app);
    const other = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie },
      payload: { email: 'other@example.com' },
    });
    expect(other.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'x@example.com' },
    });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await app.inject({ method: 'POST', url: '/api/login', headers: { cookie }, payload: {} });
    expect(invalid.statusCode).toBe(400);
  });
});

describe.each(TEST_ENGINES)('AUTH_REQUIRE_VERIFIED_EMAIL and AUTH_ALLOWED_EMAIL_DOMAINS on %s', (engine) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await guardedApp(engine, {
      AUTH_REQUIRE_VERIFIED_EMAIL: 'true',
      AUTH_ALLOWED_EMAIL_DOMAINS: 'waltonbd.com, Walton.test',
    }));
  });
  afterAll(async () => {
    await close?.();
  });

  it('lets an unverified user read and get an access token, but not change anything until verified', async () => {
    const { cookie, email } = await signUp(app, { email: `clerk-${engine}@waltonbd.com` });
    expect((await app.inject({ method: 'GET', url: '/api/things', headers: { cookie } })).statusCode).toBe(
      200,
    );
    const token = await accessTokenFor(app, cookie, email);
    const change = await app.inject({ method: 'POST', url: '/api/things', headers: { cookie }, payload: {} });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toMatch(/^Please verify your email address first/);
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { cookie, authorization: `${email} ${token}` },
      payload: {},
    });
    expect(order.statusCode).toBe(403);

    // The mail goes out after the sign-up's answer.
    const mailedLink = async () =>
      (await app.inject({ method: 'GET', url: '/api/dev/outbox' }))
        .json<Array<{ to: string; links: string[] }>>()
        .find((mail) => mail.to === email)?.links[0];
    await expect.poll(mailedLink).toBeDefined();
    const url = new URL((await mailedLink()) ?? '');
    expect((await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(302);
    const after = await app.inject({ method: 'POST', url: '/api/things', headers: { cookie }, payload: {} });
    expect(after.statusCode).toBe(200);
  });

  it('registers only addresses at the allowed domains', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'x-forwarded-for': testClientIp() },
      payload: { name: 'Outsider', email: 'outsider@gmail.com', password: 'long enough password' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Registration is open only to addresses at waltonbd.com, walton.test',
    );
    await expect(signUp(app, { email: `ok-${engine}@WALTON.test` })).resolves.toMatchObject({
      user: { email: `ok-${engine}@walton.test` },
    });
  });
});

/** Every /api route declares its action: one that does not, or says what a visitor may not do on a public route, stops the start. */
describe('route declarations checked at start', () => {
  async function startWith(route: (api: FastifyInstance) => void): Promise<unknown> {
    const database = await createTestDatabase('sqlite');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...database.env });
    const handle = await openDatabase(config.database);
    await migrateToLatest(handle.db, handle.engine);
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const accounts = createAccounts(config, handle, app.log);
    try {
      await app.register(
        async (api) => {
          await registerAccounts(api, accounts, config, tokensOf(handle));
          route(api);
        },
        { prefix: '/api' },
      );
      await app.ready();
      return undefined;
    } catch (error) {
      return error;
    } finally {
      await app.close();
      await accounts.close();
      await handle.close();
      await database.drop();
    }
  }

  it('refuses to start with a route that declares no action', async () => {
    const error = await startWith((api) => api.get('/forgotten', async () => ({ secret: true })));
    expect(String(error)).toContain('GET /api/forgotten declares no action');
  });

  it('refuses to start with a public route whose action a visitor may not perform', async () => {
    const error = await startWith((api) =>
      api.delete('/open-delete', { config: { access: 'public', action: 'item.delete' } }, async () => ({})),
    );
    expect(String(error)).toContain(
      'DELETE /api/open-delete is public but anonymous visitors may not item.delete',
    );
  });

  it('starts when every route declares an action', async () => {
    expect(
      await startWith((api) => api.get('/fine', { config: { action: 'inventory.read' } }, async () => ({}))),
    ).toBeUndefined();
  });
});
