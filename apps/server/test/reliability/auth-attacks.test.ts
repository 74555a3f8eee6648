import { DatabaseSync } from 'node:sqlite';
import type { Product } from '@walton/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../src/auth/access-token.ts';
import { cookieHeader, testClientIp } from '../support/auth-helpers.ts';
import { type ChildServer, childEnv, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk, validProduct } from '../support/inventory.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { type Answer, cookiesOf, Remote } from './remote.ts';
import { Figures, median, scaled } from './soak.ts';

const figures = new Figures('auth-attacks');
afterAll(() => figures.flush());

const PUBLIC_URL = 'http://warehouse.test';
const AUTH_SECRET = 'reliability-suite-secret-0123456789abcdefghij';
const EVIL = 'https://evil.example';

/** A JWT's three parts, the middle one re-encoded from `payload`. */
function withPayload(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

function unsigned(token: string): string {
  const [, payload = ''] = token.split('.');
  return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
}

describe.each(TEST_ENGINES)('auth attacks on %s', (engine) => {
  let ctx: TestApp;
  let victim: Clerk;
  let attacker: Clerk;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { AUTH_SECRET, PUBLIC_URL });
    victim = await newClerk(ctx.app, 'Victim');
    attacker = await newClerk(ctx.app, 'Attacker');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const inject = (options: InjectOptions) => {
    figures.add('requests');
    return ctx.app.inject(options);
  };
  const itemsOf = async (clerk: Clerk) =>
    (
      await inject({
        url: `/api/productOrder?email=${encodeURIComponent(clerk.email)}`,
        headers: clerk.session,
      })
    ).json<Product[]>().length;
  const sessionUserId = async (cookie: string) =>
    (await inject({ url: '/api/auth/get-session', headers: { cookie } })).json<{
      user: { id: string };
    } | null>()?.user.id;

  it('refuses forged, tampered, unsigned, expired and other-user access tokens, and creates nothing', async () => {
    const before = await itemsOf(victim);
    const create = (headers: Record<string, string>) =>
      inject({ method: 'POST', url: '/api/productOrder', headers, payload: validProduct(victim.email) });
    const session = await inject({ url: '/api/auth/get-session', headers: victim.session });
    const claims = {
      userId: victim.user.id,
      email: victim.email,
      sessionId: session.json<{ session: { id: string } }>().session.id,
    };
    const forged = await new AccessTokens({
      secret: 'x'.repeat(40),
      issuer: PUBLIC_URL,
      ttlSeconds: 3600,
    }).issue(claims);
    const expired = await new AccessTokens({ secret: AUTH_SECRET, issuer: PUBLIC_URL, ttlSeconds: 60 }).issue(
      claims,
      new Date(Date.now() - 2 * 60 * 60 * 1000),
    );
    const otherIssuer = await new AccessTokens({ secret: AUTH_SECRET, issuer: EVIL, ttlSeconds: 3600 }).issue(
      claims,
    );
    const cases: Array<[string, Record<string, string>, number, string]> = [
      [
        'signed with another secret',
        { ...victim.session, authorization: `Bearer ${forged}` },
        401,
        'invalid',
      ],
      ['for another issuer', { ...victim.session, authorization: `Bearer ${otherIssuer}` }, 401, 'invalid'],
      [
        "with the attacker's claims swapped in",
        {
          ...victim.session,
          authorization: `Bearer ${withPayload(attacker.token, (c) => Object.assign(c, { sub: victim.user.id, email: victim.email }))}`,
        },
        401,
        'invalid',
      ],
      [
        'unsigned (alg none)',
        { ...victim.session, authorization: `Bearer ${unsigned(victim.token)}` },
        401,
        'invalid',
      ],
      ['expired', { ...victim.session, authorization: `Bearer ${expired}` }, 401, 'expired'],
      [
        "the attacker's, with the victim's session",
        { ...victim.session, authorization: `${attacker.email} ${attacker.token}` },
        403,
        'another account',
      ],
      [
        "the attacker's, under the victim's email",
        { ...victim.session, authorization: `${victim.email} ${attacker.token}` },
        403,
        'another account',
      ],
      [
        "the victim's, under the attacker's email",
        { ...victim.session, authorization: `${attacker.email} ${victim.token}` },
        403,
        'another account',
      ],
      [
        "the victim's, with the attacker's session",
        { ...attacker.session, authorization: `Bearer ${victim.token}` },
        403,
        'another account',
      ],
      [
        "the victim's, with no session at all",
        { authorization: `${victim.email} ${victim.token}` },
        401,
        'sign in',
      ],
      ['missing', { ...victim.session }, 401, 'missing'],
    ];
    for (const [what, headers, status, says] of cases) {
      const response = await create(headers);
      expect(response.statusCode, what).toBe(status);
      expect(response.json<{ message: string }>().message.toLowerCase(), what).toContain(says);
    }
    expect(await itemsOf(victim)).toBe(before);
    expect((await create(victim.withToken)).statusCode).toBe(201);
  });

  it('gives a new session on sign-in and never adopts a session id the browser already had', async () => {
    const signIn = (cookie: string) =>
      inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { cookie, 'x-forwarded-for': testClientIp() },
        payload: { email: victim.email, password: victim.password },
      });
    // A planted made-up id, and the attacker's own valid session planted in the victim's browser.
    for (const planted of ['better-auth.session_token=planted-by-attacker.c2lnbmF0dXJl', attacker.cookie]) {
      const response = await signIn(planted);
      expect(response.statusCode).toBe(200);
      const issued = cookieHeader(response);
      expect(issued).toMatch(/^better-auth\.session_token=/);
      expect(issued).not.toBe(planted);
      expect(await sessionUserId(issued)).toBe(victim.user.id);
      // Whatever the attacker holds still is not the victim.
      expect(await sessionUserId(planted)).not.toBe(victim.user.id);
    }
    // Two sign-ins never share a session, and signing out ends the one it names.
    const first = cookieHeader(await signIn(''));
    const second = cookieHeader(await signIn(''));
    expect(first).not.toBe(second);
    const out = await inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: first } });
    expect(out.statusCode).toBe(200);
    expect(await sessionUserId(first)).toBeUndefined();
    expect(await sessionUserId(second)).toBe(victim.user.id);
  });

  it("refuses cross-site changes made with the victim's cookie, and lets the same changes through from our origin", async () => {
    const item = await addProduct(ctx.app, victim, { quentity: 5 });
    const changes: Array<Omit<InjectOptions, 'headers'> & { withToken?: boolean }> = [
      { method: 'POST', url: '/api/productOrder', payload: validProduct(victim.email), withToken: true },
      { method: 'PUT', url: `/api/product/${item._id}`, payload: { newQuentity: 4 } },
      { method: 'PUT', url: `/api/products/${item._id}`, payload: { newQuentity: 50 } },
      { method: 'DELETE', url: `/api/product/${item._id}` },
      { method: 'POST', url: `/api/product/${item._id}/restore` },
      { method: 'POST', url: '/api/login', payload: { email: victim.email } },
      { method: 'POST', url: '/api/auth/sign-out', payload: {} },
      { method: 'POST', url: '/api/auth/update-user', payload: { name: 'Hacked' } },
    ];
    const crossSite: Array<Record<string, string>> = [
      { origin: EVIL },
      { origin: 'null' },
      { origin: `${PUBLIC_URL}.evil.example` },
      { 'sec-fetch-site': 'cross-site' },
      { origin: EVIL, 'sec-fetch-site': 'cross-site' },
    ];
    for (const { withToken, ...change } of changes) {
      for (const site of crossSite) {
        const response = await inject({
          ...change,
          headers: { ...(withToken ? victim.withToken : victim.session), ...site },
        });
        expect(response.statusCode, `${change.method} ${change.url} ${JSON.stringify(site)}`).toBe(403);
        expect(response.json<{ message: string }>().message).toBe('Cross-site requests are not allowed');
      }
    }
    // Nothing changed: same item, same version, same name, still signed in.
    const now = (await inject({ url: `/api/product/${item._id}` })).json<Product>();
    expect(now).toMatchObject({ quentity: 5, version: 1 });
    const session = await inject({ url: '/api/auth/get-session', headers: victim.session });
    expect(session.json<{ user: { name: string } }>().user.name).toBe('Victim');
    // A page on another site cannot read the answers either: no CORS grant.
    const read = await inject({
      url: `/api/productOrder?email=${encodeURIComponent(victim.email)}`,
      headers: { ...victim.session, origin: EVIL },
    });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    // The same change from our own pages goes through.
    const sameSite = await inject({
      method: 'PUT',
      url: `/api/product/${item._id}`,
      headers: { ...victim.session, origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      payload: { newQuentity: 4 },
    });
    expect(sameSite.statusCode).toBe(200);
  });

  it('throttles password guessing per account from any address, and per address across accounts', async () => {
    const guess = (email: string, password: string, ip: string) =>
      inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': ip },
        payload: { email, password },
      });
    const target = await newClerk(ctx.app, 'Target');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await guess(target.email, `wrong-${i}-password`, testClientIp())).statusCode);
    expect(statuses).toEqual(Array(10).fill(401));
    // The 11th try fails even with the right password, from yet another address.
    const locked = await guess(target.email, target.password, testClientIp());
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json()).toMatchObject({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'TOO_MANY_REQUESTS',
    });
    expect(locked.json<{ message: string }>().message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );

    // One address spraying one password over many accounts.
    const sprayer = testClientIp();
    const spray: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      spray.push((await guess(`spray-${i}-${Date.now()}@example.com`, 'password123', sprayer)).statusCode);
    }
    expect(spray.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(spray[30]).toBe(429);
  });

  it(
    'answers sign-in, reset and resend requests the same whether or not the account exists',
    async () => {
      const known = await newClerk(ctx.app, 'Known');
      const unknownEmail = `nobody-${Date.now()}@example.com`;
      const shape = async (options: InjectOptions) => {
        const started = performance.now();
        const response = await inject({
          ...options,
          headers: { 'x-forwarded-for': testClientIp(), origin: PUBLIC_URL },
        });
        return { status: response.statusCode, body: response.body, ms: performance.now() - started };
      };
      const requests = {
        'sign-in': (email: string) => ({
          method: 'POST' as const,
          url: '/api/auth/sign-in/email',
          payload: { email, password: 'not-the-password' },
        }),
        reset: (email: string) => ({
          method: 'POST' as const,
          url: '/api/auth/request-password-reset',
          payload: { email, redirectTo: '/reset-password' },
        }),
        resend: (email: string) => ({
          method: 'POST' as const,
          url: '/api/auth/send-verification-email',
          payload: { email },
        }),
      };
      for (const [name, request] of Object.entries(requests)) {
        const forKnown = await shape(request(known.email));
        const forUnknown = await shape(request(unknownEmail));
        expect({ status: forUnknown.status, body: forUnknown.body }, name).toEqual({
          status: forKnown.status,
          body: forKnown.body,
        });
        expect(forKnown.status, name).toBeLessThan(500);
      }

      // Timing is measured, never asserted (see docs/security.md): the medians go into the soak report.
      const samples = scaled(3, 15);
      for (const name of ['sign-in', 'reset'] as const) {
        const times = { known: [] as number[], unknown: [] as number[] };
        for (let i = 0; i < samples; i += 1) {
          const fresh = await newClerk(ctx.app);
          times.known.push((await shape(requests[name](fresh.email))).ms);
          times.unknown.push((await shape(requests[name](`nobody-${i}-${Date.now()}@example.com`))).ms);
        }
        figures.measure(
          `${engine} ${name} median ms known/unknown`,
          `${median(times.known).toFixed(1)}/${median(times.unknown).toFixed(1)}`,
        );
      }
    },
    scaled(60_000, 600_000),
  );
});

/**
 * Secrets in answers and logs, on a real server process with real SMTP (so mail is sent, not
 * logged with its links). SQLite only: what is logged does not depend on the engine.
 */
describe('secrets in answers and logs', () => {
  let smtp: TestSmtpServer;
  let database: TestDatabase;
  let server: ChildServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase('sqlite');
    server = await startChildServer(
      childEnv({ ...database.env, SMTP_URL: smtp.url, PUBLIC_URL, AUTH_SECRET, LOG_LEVEL: 'debug' }),
    );
  });
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await smtp?.close();
  });

  it('never puts a password, hash, cookie, mailed token, access token or the secret in a log line, nor in an answer it does not belong to', async () => {
    const remote = new Remote(server.url, figures);
    const answers: Array<{ request: string; answer: Answer }> = [];
    const call = async (method: string, path: string, options: Parameters<Remote['call']>[2] = {}) => {
      const answer = await remote.call(method, path, {
        ...options,
        headers: { 'x-forwarded-for': testClientIp(), origin: PUBLIC_URL, ...options.headers },
      });
      answers.push({ request: `${method} ${path.split('?')[0]}`, answer });
      return answer;
    };
    const pathOf = (link: string) => {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    };
    const email = `secrets-${Date.now()}@example.com`;
    const password = 'first-secret-password';
    const newPassword = 'second-secret-password';

    const signedUp = await call('POST', '/api/auth/sign-up/email', {
      body: { name: 'Secret Keeper', email, password },
    });
    expect(signedUp.status).toBe(200);
    const cookies = [cookiesOf(signedUp)];
    const verifyLink = (await smtp.waitForMail(email, /confirm your email address/)).links[0] ?? '';
    const verificationToken = new URL(verifyLink).searchParams.get('token') ?? '';
    expect((await call('GET', pathOf(verifyLink))).status).toBe(302);
    await call('POST', '/api/auth/sign-in/email', { body: { email, password: 'wrong-password-1' } });
    const signedIn = await call('POST', '/api/auth/sign-in/email', { body: { email, password } });
    cookies.push(cookiesOf(signedIn));
    const login = await call('POST', '/api/login', {
      headers: { cookie: cookies[1] ?? '' },
      body: { email },
    });
    const accessToken = login.json<{ accessToken: string }>().accessToken;
    const created = await call('POST', '/api/productOrder', {
      headers: { cookie: cookies[1] ?? '', authorization: `Bearer ${accessToken}` },
      body: validProduct(email),
    });
    expect(created.status).toBe(201);
    await call('GET', '/api/auth/get-session', { headers: { cookie: cookies[1] ?? '' } });
    await call('GET', `/api/productOrder?email=${encodeURIComponent(email)}`, {
      headers: { cookie: cookies[1] ?? '' },
    });

    const resetSince = smtp.received.length;
    await call('POST', '/api/auth/request-password-reset', {
      body: { email, redirectTo: '/reset-password' },
    });
    const resetLink =
      (await smtp.waitForMail(email, /reset your password/, { since: resetSince })).links[0] ?? '';
    const resetToken = new URL(resetLink).pathname.split('/').at(-1) ?? '';
    const landed = await call('GET', pathOf(resetLink));
    expect(landed.status).toBe(302);
    const reset = await call('POST', '/api/auth/reset-password', {
      body: { token: resetToken, newPassword },
    });
    expect(reset.status).toBe(200);
    const again = await call('POST', '/api/auth/sign-in/email', { body: { email, password: newPassword } });
    cookies.push(cookiesOf(again));
    await call('POST', '/api/auth/sign-out', { headers: { cookie: cookies[2] ?? '' } });

    const file = new DatabaseSync(`${database.env.DATA_DIR}/walton.sqlite`, { readOnly: true });
    const hashes = file
      .prepare('select password from accounts where password is not null')
      .all()
      .map((row) => String(row.password));
    const sessionTokens = file
      .prepare('select token from sessions')
      .all()
      .map((row) => String(row.token));
    file.close();
    expect(hashes.length).toBeGreaterThan(0);
    const cookieValues = cookies.flatMap((cookie) => {
      const value = cookie.split('=').slice(1).join('=');
      return [value, decodeURIComponent(value)];
    });
    const answeredTokens = [signedUp, signedIn, again].map(
      (answer) => answer.json<{ token: string }>().token,
    );

    const secrets: Record<string, string[]> = {
      password: [password, newPassword],
      'password hash': hashes,
      'session cookie': cookieValues,
      'verification token': [verificationToken],
      'reset token': [resetToken],
      'auth secret': [AUTH_SECRET],
      'access token': [accessToken],
      'session token': [...sessionTokens, ...answeredTokens],
    };
    for (const [what, values] of Object.entries(secrets))
      for (const value of values) expect(value.length, what).toBeGreaterThan(8);

    // Better Auth's own answers carry the bare session token (useless without the cookie's signature;
    // see docs/security.md, "Known gaps"), and POST /api/login exists to hand out the access token.
    const mayCarry: Record<string, string[]> = {
      'session token': [
        'POST /api/auth/sign-up/email',
        'POST /api/auth/sign-in/email',
        'GET /api/auth/get-session',
      ],
      'access token': ['POST /api/login'],
    };
    const leaks: string[] = [];
    for (const { request, answer } of answers) {
      for (const [what, values] of Object.entries(secrets)) {
        if (mayCarry[what]?.includes(request)) continue;
        if (values.some((value) => answer.text.includes(value)))
          leaks.push(`${what} in the answer to ${request}`);
      }
    }
    const logText = server.logs.join('\n');
    for (const [what, values] of Object.entries(secrets)) {
      for (const value of values) if (logText.includes(value)) leaks.push(`${what} in the log`);
    }
    expect(leaks).toEqual([]);
    expect(server.logs.length).toBeGreaterThan(20);
    figures.add('inputsTried', answers.length);
  });
});
