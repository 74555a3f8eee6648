import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClientIp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { listenOnLoopback, type RawAnswer, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const PUBLIC_URL = 'http://warehouse.test';

/**
 * Addresses to return to that are not ours, as they arrive after the query or JSON is decoded: every
 * spelling a browser would read as another site (or as a script), and encodings that decode to one.
 */
const FOREIGN = [
  '//evil.example/login',
  '/.//evil.example/login',
  '/./evil.example/../..//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  'https://evil.example/login',
  'http:evil.example',
  'https:/evil.example',
  '//evil.example@warehouse.test',
  `${PUBLIC_URL}@evil.example/`,
  `${PUBLIC_URL}.evil.example/`,
  'javascript:alert(1)',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '/%2fevil.example',
  '/%5Cevil.example',
  '/%2e/%2e//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/ /evil.example',
  '/\u0000/evil.example',
  '/verify-email/..//evil.example',
  'evil.example',
];

/** Our own places, relative and absolute. */
const OURS = ['/verify-email', '/login?from=%2FmanageItems', '/bn/', `${PUBLIC_URL}/verify-email`];

/** Refused before Better Auth sees it: control characters by the input guard, the rest by ours. */
const refused = (answer: RawAnswer, value: unknown, where = 'query') => {
  expect(answer.status, `${where} ${JSON.stringify(value)}: ${answer.body}`).toBe(400);
  expect(answer.headers.location).toBeUndefined();
  const hasControl = [...String(value)].some((char) => char.charCodeAt(0) < 0x20);
  const codes = hasControl ? ['TEXT_HAS_NUL', 'INVALID_CALLBACK_URL'] : ['INVALID_CALLBACK_URL'];
  expect(codes, JSON.stringify(value)).toContain(JSON.parse(answer.body).code);
};

describe.each(TEST_ENGINES)('addresses to return to are our own paths only, on %s', (engine) => {
  let ctx: TestApp;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp(engine, { PUBLIC_URL });
    port = await listenOnLoopback(ctx.app);
  });
  afterAll(() => ctx.close());

  const get = (target: string) =>
    rawHttp(port, { method: 'GET', target, headers: { 'x-forwarded-for': testClientIp() } });
  const post = (path: string, json: unknown) =>
    rawHttp(port, {
      method: 'POST',
      target: `/api/auth/${path}`,
      headers: { 'x-forwarded-for': testClientIp() },
      json,
    });

  it('refuses a foreign callbackURL on the verification link (query), in every spelling', async () => {
    for (const value of FOREIGN) {
      refused(await get(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(value)}`), value);
    }
    // Written into the request line as they are (what a link in a mail could hold).
    for (const raw of [
      '/.//evil.example/login',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
    ]) {
      refused(await get(`/api/auth/verify-email?token=x&callbackURL=${raw}`), raw);
    }
    // Repeated: every copy is checked, not only the first or the last.
    refused(
      await get(`/api/auth/verify-email?token=x&callbackURL=%2Fverify-email&callbackURL=%2F%2Fevil.example`),
      'repeated',
    );
    refused(
      await get(`/api/auth/verify-email?token=x&callbackURL=%2F%2Fevil.example&callbackURL=%2Fverify-email`),
      'repeated',
    );
  });

  it('refuses a foreign callbackURL on the reset link (query)', async () => {
    for (const value of ['/.//evil.example', '//evil.example', 'https://evil.example', '/\\evil.example']) {
      refused(
        await get(`/api/auth/reset-password/sometoken?callbackURL=${encodeURIComponent(value)}`),
        value,
      );
    }
  });

  it('refuses foreign callbackURL, redirectTo, errorCallbackURL and newUserCallbackURL in JSON bodies', async () => {
    const email = 'someone@example.com';
    const bodies: Array<[string, (value: unknown) => Record<string, unknown>]> = [
      ['request-password-reset', (value) => ({ email, redirectTo: value })],
      ['send-verification-email', (value) => ({ email, callbackURL: value })],
      ['sign-in/email', (value) => ({ email, password: 'long enough password', callbackURL: value })],
      [
        'sign-up/email',
        (value) => ({ name: 'Rahim', email, password: 'long enough password', callbackURL: value }),
      ],
      ['sign-in/social', (value) => ({ provider: 'google', callbackURL: value })],
      ['sign-in/social', (value) => ({ provider: 'google', callbackURL: '/', errorCallbackURL: value })],
      ['sign-in/social', (value) => ({ provider: 'google', callbackURL: '/', newUserCallbackURL: value })],
    ];
    for (const [path, body] of bodies) {
      for (const value of FOREIGN) refused(await post(path, body(value)), value, path);
      // Not a string at all.
      for (const value of [['//evil.example'], { href: '//evil.example' }, 7]) {
        refused(await post(path, body(value)), value, path);
      }
    }
  });

  it('follows our own paths and our own origin', async () => {
    for (const value of OURS) {
      const answer = await get(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(value)}`);
      expect(answer.status, `${value}: ${answer.body}`).toBe(302);
      const location = new URL(answer.headers.location ?? '', PUBLIC_URL);
      expect(location.origin).toBe(PUBLIC_URL);
      expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    }
    const reset = await post('request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    });
    expect(reset.status, reset.body).toBe(200);
  });
});
