import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, signUp } from '../support/auth-helpers.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** A warehouse's one router: every phone behind it reaches the server from this address. */
let routers = 0;
const warehouseRouter = () => {
  routers += 1;
  return `203.0.113.${routers}`;
};

// Reading one's own session is what every page load does; it is not a password guess, and a busy
// clerk (or a whole shift behind one router) must never be told they are signed out for it.
describe.each(TEST_ENGINES)('reading the session on %s', (engine) => {
  let ctx: TestApp;
  let port: number;

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    port = await listenOnLoopback(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** GET /api/auth/get-session as a phone behind the router does it (through a proxy on this machine). */
  const readSession = (clerk: SignedUpUser, router: string) =>
    rawHttp(port, {
      method: 'GET',
      target: '/api/auth/get-session',
      headers: { cookie: clerk.cookie, 'x-forwarded-for': router },
    });

  const expectSignedIn = async (clerk: SignedUpUser, router: string, read: number) => {
    const answer = await readSession(clerk, router);
    expect(answer.status, `read ${read} of ${clerk.email}: ${answer.body}`).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ user: { id: clerk.user.id } });
  };

  it('300 reads in a minute by one signed-in clerk all answer with the clerk', {
    timeout: 120_000,
  }, async () => {
    const clerk = await signUp(ctx.app);
    const router = warehouseRouter();
    for (let read = 1; read <= 300; read += 1) await expectSignedIn(clerk, router, read);
  });

  it('20 clerks behind one address, each reading their session 15 times, all stay signed in', {
    timeout: 120_000,
  }, async () => {
    const clerks: SignedUpUser[] = [];
    for (let n = 0; n < 20; n += 1) clerks.push(await signUp(ctx.app));
    const router = warehouseRouter();
    for (let round = 1; round <= 15; round += 1) {
      await Promise.all(clerks.map((clerk) => expectSignedIn(clerk, router, round)));
    }
  });
});
