import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/auth/attempt-limits.ts';
import { nonCanonicalPath } from '../../src/http/canonical-path.ts';
import { testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { listenOnLoopback, type RawAnswer, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The auth endpoints an attacker wants to reach without our limits and body checks. */
const ENDPOINTS = [
  { method: 'POST', path: 'sign-in/email' },
  { method: 'POST', path: 'sign-up/email' },
  { method: 'POST', path: 'request-password-reset' },
  { method: 'POST', path: 'reset-password' },
  { method: 'POST', path: 'send-verification-email' },
  { method: 'GET', path: 'verify-email', query: '?token=x' },
] as const;

/** Spellings of `/api/auth/<path>` that URL parsers (Better Auth's `new URL` among them) normalise. */
function nonCanonicalSpellings(path: string, query = ''): string[] {
  const [first = '', ...rest] = path.split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  const spellings = [
    `/api/auth/./${path}`,
    `/api/auth/%2e/${path}`,
    `/api/auth/%2E/${path}`,
    `/api/auth/x/../${path}`,
    `/api/auth/x/%2e%2e/${path}`,
    `/api/auth/x/.%2E/${path}`,
    `/api/auth//${path}`,
    `/api//auth/${path}`,
    `//api/auth/${path}`,
    `/api/auth/${first}/.${tail}`,
    `/api/./auth/${path}`,
    `/api/x/../auth/${path}`,
    `/api/auth%2f${path}`,
    `/api/auth%2F${path}`,
    `/api/auth/%${first.charCodeAt(0).toString(16)}${first.slice(1)}${tail}`,
    `/api/auth\\${path}`,
    `/api/auth/${first}\\..\\${first}${tail}`,
  ];
  return spellings.map((spelling) => `${spelling}${query}`);
}

const refusedAsNonCanonical = (answer: RawAnswer) => {
  expect(answer.status, answer.body).toBe(400);
  expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 400, code: 'NON_CANONICAL_PATH' });
  expect(answer.headers['set-cookie']).toBeUndefined();
};

describe('nonCanonicalPath', () => {
  it.each([
    '/api/auth/sign-in/email',
    '/api/auth/sign-in/email?callbackURL=%2Fhome%2E',
    '/api/product/abc%20def',
    '/api/product/%25',
    '/',
  ])('accepts %s', (target) => {
    expect(nonCanonicalPath(target)).toBeUndefined();
  });

  it.each(ENDPOINTS.flatMap(({ path }) => nonCanonicalSpellings(path, '?a=b')))('refuses %s', (target) => {
    expect(nonCanonicalPath(target)).toBeDefined();
  });

  it('agrees with the definition of canonical on any path made of the characters that matter', () => {
    /** The definition, checked the slow way: the oracle the fast path must agree with. */
    const canonical = (path: string): boolean => {
      if (/[#\\]|\/\//.test(path)) return false;
      if (path.split('/').some((segment) => segment === '.' || segment === '..')) return false;
      return [...path.matchAll(/%(.{0,2})/g)].every(([, hex = '']) => {
        if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return false;
        return !/^[A-Za-z0-9\-._~/\\]$/.test(String.fromCharCode(Number.parseInt(hex, 16)));
      });
    };
    const path = fc
      .array(fc.constantFrom('/', '.', '%', '2', 'e', 'E', 'f', 'F', '5', 'C', 'a', '~', '\\', '#'), {
        maxLength: 14,
      })
      .map((characters) => `/${characters.join('')}`);
    fc.assert(
      fc.property(path, fc.constantFrom('', '?a=%2e%2e//', '?x'), (target, query) => {
        expect(nonCanonicalPath(`${target}${query}`) === undefined, target).toBe(canonical(target));
      }),
      { numRuns: 20_000 },
    );
  });

  it('refuses absolute and asterisk request targets', () => {
    expect(nonCanonicalPath('http://evil.example/api/auth/sign-in/email')).toBeDefined();
    expect(nonCanonicalPath('*')).toBeDefined();
  });
});

describe.each(TEST_ENGINES)('auth paths over raw HTTP on %s', (engine) => {
  let ctx: TestApp;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    port = await listenOnLoopback(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (target: string, json: unknown, ip = testClientIp()) =>
    rawHttp(port, { method: 'POST', target, json, headers: { 'x-forwarded-for': ip } });

  it('refuses every non-canonical spelling of sign-in, sign-up, reset and verification with 400', async () => {
    const body = { name: 'N', email: 'someone@example.com', password: 'long enough password', token: 'x' };
    for (const endpoint of ENDPOINTS) {
      const { method, path } = endpoint;
      for (const target of nonCanonicalSpellings(path, 'query' in endpoint ? endpoint.query : '')) {
        const answer = await rawHttp(port, {
          method,
          target,
          ...(method === 'POST' ? { json: body } : {}),
          headers: { 'x-forwarded-for': testClientIp() },
        });
        refusedAsNonCanonical(answer);
      }
    }
  });

  it('counts a canonical spelling with a query string under the canonical path', async () => {
    const email = `limited-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'the right password';
    const signUp = await post('/api/auth/sign-up/email', { name: 'Limited', email, password });
    expect(signUp.status, signUp.body).toBe(200);

    const perAccount = AUTH_LIMITS['/api/auth/sign-in/email']?.perAccount?.max ?? 0;
    expect(perAccount).toBeGreaterThan(0);
    for (let attempt = 1; attempt <= perAccount; attempt += 1) {
      // Half the guesses through a query-string spelling: still the same path, the same counter.
      const target = attempt % 2 === 0 ? '/api/auth/sign-in/email?via=query' : '/api/auth/sign-in/email';
      const wrong = await post(target, { email, password: `wrong ${attempt}` });
      expect(wrong.status, wrong.body).toBe(401);
    }
    const locked = await post('/api/auth/sign-in/email?again=1', { email, password: 'wrong again' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // Past the per-account limit the right password is refused too, under every spelling.
    const right = await post('/api/auth/sign-in/email', { email: email.toUpperCase(), password });
    expect(right.status).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
    for (const target of nonCanonicalSpellings('sign-in/email')) {
      refusedAsNonCanonical(await post(target, { email, password }));
    }
  });

  it('applies the sign-up body checks to every spelling that reaches sign-up', async () => {
    const longName = { name: 'x'.repeat(5000), email: 'long@example.com', password: 'long enough password' };
    const canonical = await post('/api/auth/sign-up/email', longName);
    expect(canonical.status).toBe(400);
    expect(JSON.parse(canonical.body).message).toBe('Name must be at most 100 characters');
    const withQuery = await post('/api/auth/sign-up/email?x=1', longName);
    expect(withQuery.status).toBe(400);
    expect(JSON.parse(withQuery.body).message).toBe('Name must be at most 100 characters');
    for (const target of nonCanonicalSpellings('sign-up/email'))
      refusedAsNonCanonical(await post(target, longName));
  });

  it('never lets an email longer than an address become a limit counter', async () => {
    const email = `${'a'.repeat(300)}@example.com`;
    const answer = await post('/api/auth/sign-in/email', { email, password: 'whatever password' });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toBe('Please enter a valid email address');
  });

  it('gives Better Auth no other spelling: a trailing slash or other case signs nobody in', async () => {
    const email = `spelling-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'the right password';
    expect((await post('/api/auth/sign-up/email', { name: 'Spelling', email, password })).status).toBe(200);
    for (const target of ['/api/auth/sign-in/email/', '/api/auth/Sign-In/email', '/api/auth/sign-in/EMAIL']) {
      const answer = await post(target, { email, password });
      expect(answer.status, `${target}: ${answer.body}`).toBe(404);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });
});
