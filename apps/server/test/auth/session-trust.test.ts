import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/auth-helpers.ts';
import { postgresAdminUrl } from '../support/engines.ts';
import { twoInstances } from '../support/two-instances.ts';

/**
 * Two instances on one PostgreSQL, each trusting a session it verified for a whole minute: a
 * sign-out through one must end the session on the other at once (the change feed's NOTIFY), not
 * when the trust runs out. Only PostgreSQL runs several instances on one database (ADR 18).
 */
describe.runIf(postgresAdminUrl)('a session ended on one instance, on the other (postgres)', () => {
  const instances = twoInstances({ SESSION_TRUST_MS: '60000' });

  const summary = (app: FastifyInstance, cookie: string) =>
    app.inject({ method: 'GET', url: '/api/stats/summary', headers: { cookie } });

  it('stops working on the second instance when it is signed out through the first', async () => {
    const { cookie } = await signUp(instances.first);
    // The second instance verifies the session and, from now on, trusts it for a minute.
    expect((await summary(instances.second, cookie)).statusCode).toBe(200);
    expect((await summary(instances.second, cookie)).statusCode).toBe(200);
    const signedOut = await instances.first.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie },
      payload: {},
    });
    expect(signedOut.statusCode).toBe(200);
    // Delivered by NOTIFY a moment after the sign-out's answer: well inside the minute of trust.
    await expect
      .poll(async () => (await summary(instances.second, cookie)).statusCode, { timeout: 10_000 })
      .toBe(401);
    expect((await summary(instances.first, cookie)).statusCode).toBe(401);
  });

  it('keeps a session signed in elsewhere working (only what changed is forgotten for good)', async () => {
    const { cookie } = await signUp(instances.first);
    const other = await signUp(instances.first);
    expect((await summary(instances.second, cookie)).statusCode).toBe(200);
    await instances.first.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: other.cookie },
      payload: {},
    });
    expect((await summary(instances.second, cookie)).statusCode).toBe(200);
  });
});
