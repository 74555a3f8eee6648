import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '../../src/auth/attempt-limits.ts';
import { CLIENT_IP_HEADER } from '../../src/auth/auth.ts';
import { cookieHeader } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe.each(TEST_ENGINES)('client addresses with the default TRUST_PROXY on %s', (engine) => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const signUpFrom = (remoteAddress: string, headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress,
      headers,
      payload: {
        name: 'Address Test',
        email: `address-${randomBytes(5).toString('hex')}@example.com`,
        password: 'long enough password',
      },
    });

  /** The address Better Auth recorded for the session a sign-up opened. */
  const sessionAddress = async (signUp: Awaited<ReturnType<typeof signUpFrom>>) => {
    expect(signUp.statusCode, signUp.body).toBe(200);
    const session = await ctx.app.inject({
      url: '/api/auth/get-session',
      headers: { cookie: cookieHeader(signUp) },
    });
    return session.json<{ session: { ipAddress: string } }>().session.ipAddress;
  };

  it("gives Better Auth Fastify's request.ip, never an address the client chose", async () => {
    // A proxy on this machine says who the client is: believed.
    expect(
      await sessionAddress(
        await signUpFrom('127.0.0.1', { 'x-forwarded-for': '198.51.100.4', [CLIENT_IP_HEADER]: '6.6.6.6' }),
      ),
    ).toBe('198.51.100.4');
    // A host on the private network is not a trusted proxy by default: its own address counts.
    expect(
      await sessionAddress(
        await signUpFrom('192.168.7.8', { 'x-forwarded-for': '198.51.100.5', [CLIENT_IP_HEADER]: '6.6.6.6' }),
      ),
    ).toBe('192.168.7.8');
  });

  // Better Auth hashes a password for every sign-in, unknown accounts included: slow on a busy machine.
  it('counts every attempt from an untrusted peer against its own address, whatever X-Forwarded-For says', {
    timeout: 180_000,
  }, async () => {
    const perIp = AUTH_LIMITS['/api/auth/sign-in/email']?.perIp.max ?? 0;
    expect(perIp).toBeGreaterThan(0);
    const attempt = (n: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '192.168.7.9',
        headers: { 'x-forwarded-for': `203.0.113.${n % 250}` },
        payload: { email: `nobody-${n}@example.com`, password: 'wrong password' },
      });
    for (let n = 1; n <= perIp; n += 1) expect((await attempt(n)).statusCode).toBe(401);
    expect((await attempt(perIp + 1)).statusCode).toBe(429);
    // Another client is not locked out by it.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '192.168.7.10',
      payload: { email: 'nobody@example.com', password: 'wrong password' },
    });
    expect(other.statusCode).toBe(401);
  });
});
