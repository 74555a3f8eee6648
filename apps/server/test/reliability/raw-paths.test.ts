import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/auth/attempt-limits.ts';
import { nonCanonicalPath } from '../../src/http/canonical-path.ts';
import { testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { listenOnLoopback, type RawAnswer, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { Figures, scaled } from './soak.ts';

const figures = new Figures('raw-paths');
afterAll(() => figures.flush());

const RUNS = scaled(300, 5000);

/** Pieces of paths: the real segments, and every trick that makes a parser read another path. */
const SEGMENTS = [
  'api',
  'auth',
  'sign-in',
  'email',
  'sign-up',
  'request-password-reset',
  'reset-password',
  'send-verification-email',
  'verify-email',
  'product',
  'productOrder',
  'login',
  'docs',
  'dev',
  'outbox',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '.%2e',
  '%2f',
  '%2F',
  '%5c',
  '\\',
  '',
  '%73ign-in',
  'Sign-In',
  'x',
  '%00',
  '%zz',
  ';',
  'sign-in;x',
  'email%3F',
  '%252e',
];

const rawPath = fc
  .array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 7 })
  .chain((segments) =>
    fc.record({
      // Mostly paths that start like the auth endpoints, where a bypass would hurt.
      prefix: fc.constantFrom('/api/auth/', '/api/', '/', '//api/auth/', '/api/auth/./'),
      segments: fc.constant(segments),
      trailingSlash: fc.boolean(),
      query: fc.constantFrom('', '?x=1', '?callbackURL=%2F..%2F', '?a=%2e%2e/'),
    }),
  )
  .map(
    ({ prefix, segments, trailingSlash, query }) =>
      `${prefix}${segments.join('/')}${trailingSlash ? '/' : ''}${query}`,
  );

/** Why an answer is not acceptable: a 5xx, or an error without the API's JSON body. */
function answerProblem(answer: RawAnswer): string | undefined {
  if (answer.status >= 500) return `server error ${answer.status}: ${answer.body.slice(0, 200)}`;
  if (answer.status < 400) return undefined;
  try {
    const body = JSON.parse(answer.body) as { statusCode?: unknown; message?: unknown };
    if (body.statusCode !== answer.status || typeof body.message !== 'string') return 'not an error body';
  } catch {
    return `${answer.status} is not JSON: ${answer.body.slice(0, 200)}`;
  }
  return undefined;
}

describe.each(TEST_ENGINES)('raw request paths on %s', (engine) => {
  let ctx: TestApp;
  let port: number;
  const email = `locked-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'the right password';

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    port = await listenOnLoopback(ctx.app);
    const post = (target: string, json: unknown) =>
      rawHttp(port, { method: 'POST', target, json, headers: { 'x-forwarded-for': testClientIp() } });
    expect((await post('/api/auth/sign-up/email', { name: 'Locked', email, password })).status).toBe(200);
    // Locked out by the per-account limit: from now on no spelling may let the right password in.
    const perAccount = AUTH_LIMITS['/api/auth/sign-in/email']?.perAccount?.max ?? 0;
    for (let attempt = 0; attempt <= perAccount; attempt += 1) {
      await post('/api/auth/sign-in/email', { email, password: 'wrong password' });
    }
    expect((await post('/api/auth/sign-in/email', { email, password })).status).toBe(429);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it(
    'refuses every non-canonical path with 400, answers the rest with a clear status, and signs the locked account in under none',
    async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(rawPath, fc.constantFrom('POST', 'GET'), async (target, method) => {
          figures.add('inputsTried');
          figures.add('requests');
          const answer = await rawHttp(port, {
            method,
            target,
            headers: { 'x-forwarded-for': testClientIp() },
            ...(method === 'POST' ? { json: { email, password, name: 'Fuzz', token: 'x' } } : {}),
          });
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const problem = answerProblem(answer);
          if (problem) throw new Error(`${method} ${target}: ${problem}`);
          if (nonCanonicalPath(target) !== undefined && answer.status !== 400) {
            throw new Error(`${method} ${target}: non-canonical but answered ${answer.status}`);
          }
          if (answer.headers['set-cookie']?.includes('session_token=')) {
            throw new Error(`${method} ${target}: opened a session (${answer.status})`);
          }
        }),
        { numRuns: RUNS },
      );
      console.log(`[raw paths ${engine}] statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    },
    scaled(120_000, 1_800_000),
  );
});
