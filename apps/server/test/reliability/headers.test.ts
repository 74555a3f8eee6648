import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClientIp } from '../support/auth-helpers.ts';
import { newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { Figures } from './soak.ts';

const figures = new Figures('headers');
afterAll(() => figures.flush());

const SECURE_URL = 'https://warehouse.example.com';

/** A built-SPA stand-in: a prerendered index page, the SPA shell and a hashed asset. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'walton-web-'));
  mkdirSync(join(dir, 'assets'));
  const page =
    '<!doctype html><title>Walton</title><script type="module" src="/assets/app-1a2b3c.js"></script>';
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'spa.html'), page);
  writeFileSync(join(dir, 'assets', 'app-1a2b3c.js'), 'console.log("walton");');
  return dir;
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** Everything wrong with the security headers of one answer. */
function headerProblems(response: LightMyRequestResponse, production: boolean): string[] {
  const problems: string[] = [];
  const header = (name: string) => String(response.headers[name] ?? '');
  const csp = directives(header('content-security-policy'));
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
  if (scripts.length === 0) problems.push('no script-src');
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    if (scripts.includes(unsafe)) problems.push(`script-src allows ${unsafe}`);
  }
  if (csp.get('default-src')?.join(' ') !== "'self'") problems.push("default-src is not 'self'");
  if (csp.get('frame-ancestors')?.join(' ') !== "'none'") problems.push("frame-ancestors is not 'none'");
  if (csp.get('object-src')?.join(' ') !== "'none'") problems.push("object-src is not 'none'");
  if (csp.get('base-uri')?.join(' ') !== "'self'") problems.push("base-uri is not 'self'");
  if (header('x-content-type-options') !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (header('x-frame-options') !== 'DENY') problems.push('X-Frame-Options is not DENY');
  if (
    !['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
      header('referrer-policy'),
    )
  ) {
    problems.push(`Referrer-Policy ${header('referrer-policy')}`);
  }
  if (response.headers['x-powered-by'] !== undefined) problems.push('X-Powered-By is sent');
  const hsts = header('strict-transport-security');
  if (production) {
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
    if (maxAge < 31_536_000 || !/includeSubDomains/i.test(hsts)) problems.push(`HSTS "${hsts}"`);
  } else if (hsts) {
    problems.push('HSTS outside production (it would pin plain-http development hosts)');
  }
  return problems;
}

describe.each<{ mode: string; production: boolean; env: Record<string, string> }>([
  { mode: 'development', production: false, env: {} },
  {
    mode: 'production',
    production: true,
    env: { NODE_ENV: 'production', AUTH_SECRET: 'z'.repeat(40), PUBLIC_URL: SECURE_URL },
  },
])('security headers and cookies in $mode', ({ production, env }) => {
  let ctx: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = fakeWebDist();
    ctx = await createTestApp('sqlite', { ...env, WEB_DIST_DIR: webDist, WRITE_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const inject = (options: InjectOptions) => {
    figures.add('requests');
    return ctx.app.inject(options);
  };

  it('sends them on pages, assets, API answers and every kind of error', async () => {
    const clerk = await newClerk(ctx.app);
    const origin = production ? { origin: SECURE_URL } : {};
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['page', await inject({ url: '/' })],
      ['client route', await inject({ url: '/manageItem' })],
      ['asset', await inject({ url: '/assets/app-1a2b3c.js' })],
      ['missing file', await inject({ url: '/assets/nope.js' })],
      ['API read', await inject({ url: '/api/product' })],
      ['API 401', await inject({ url: '/api/productOrder?email=a@b.co' })],
      ['API 404', await inject({ url: '/api/nope' })],
      ['API 400', await inject({ url: '/api/product?limit=-1' })],
      ['bad URL', await inject({ url: '/api/product/%E0%A4%A' })],
      [
        '413',
        await inject({
          method: 'POST',
          url: '/api/login',
          headers: { ...clerk.session, ...origin },
          payload: { email: 'x'.repeat(70_000) },
        }),
      ],
      [
        'auth',
        await inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          headers: { 'x-forwarded-for': testClientIp(), ...origin },
          payload: { email: 'a@b.co', password: 'wrong-password' },
        }),
      ],
      ['OpenAPI', await inject({ url: '/api/openapi.json' })],
    ];
    const writes: LightMyRequestResponse[] = [];
    for (let i = 0; i < 3; i += 1) {
      writes.push(
        await inject({
          method: 'POST',
          url: '/api/login',
          headers: { ...clerk.session, ...origin },
          payload: { email: clerk.email },
        }),
      );
    }
    answers.push(['429', writes[2] as LightMyRequestResponse]);
    expect(answers.map(([what, response]) => `${what} ${response.statusCode}`)).toEqual([
      'page 200',
      'client route 200',
      'asset 200',
      'missing file 404',
      'API read 200',
      'API 401 401',
      'API 404 404',
      'API 400 400',
      'bad URL 400',
      '413 413',
      'auth 401',
      'OpenAPI 200',
      '429 429',
    ]);
    const problems = answers.flatMap(([what, response]) =>
      headerProblems(response, production).map((problem) => `${what}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it(`sets the session cookie httpOnly and SameSite=Lax${production ? ', Secure with the __Secure- prefix' : ''}`, async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'x-forwarded-for': testClientIp(), ...(production ? { origin: SECURE_URL } : {}) },
      payload: {
        name: 'Cookie Check',
        email: `cookie-${Date.now()}@example.com`,
        password: 'a-long-password',
      },
    });
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((cookie) => cookie.name.endsWith('better-auth.session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    if (production) {
      expect(session?.name).toBe('__Secure-better-auth.session_token');
      expect(session?.secure).toBe(true);
    } else {
      expect(session?.name).toBe('better-auth.session_token');
      expect(session?.secure).toBeUndefined();
    }
    for (const cookie of response.cookies) expect(cookie.httpOnly, cookie.name).toBe(true);
  });
});
