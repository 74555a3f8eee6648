import type { Product } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClientIp } from '../support/auth-helpers.ts';
import { type ChildServer, childEnv, jsonLogLines, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { subscribe } from './event-stream.ts';
import { type Answer, cookiesOf, productFor, Remote, type RemoteClerk, signUpRemote } from './remote.ts';
import { Figures, scaled } from './soak.ts';

const figures = new Figures('multi-instance');
afterAll(() => figures.flush());

/**
 * Several instances share one database only on PostgreSQL (SQLite and PGlite live in one process),
 * so this suite runs where the integration suite runs PostgreSQL: with TEST_DATABASE_URL, which
 * CI=true requires (test/support/global-setup.ts says so loudly when it is missing).
 */
const WITH_POSTGRES = TEST_ENGINES.includes('postgres');

const PUBLIC_URL = 'http://warehouse.test';
const AUTH_SECRET = 'multi-instance-secret-0123456789abcdefghijkl';
const IN_FLIGHT = scaled(60, 400);

describe.runIf(WITH_POSTGRES)('two server instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let first: ChildServer;
  let second: ChildServer;
  let a: Remote;
  let b: Remote;
  let clerk: RemoteClerk;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // Behind a load balancer every instance has the same public address and the same secret.
    const env = childEnv({ ...database.env, PUBLIC_URL, AUTH_SECRET, WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    first = await startChildServer(env);
    second = await startChildServer(env);
    a = new Remote(first.url, figures);
    b = new Remote(second.url, figures);
    clerk = await signUpRemote(a, { name: 'Roaming Clerk' });
  });
  afterAll(async () => {
    await first?.kill();
    await second?.kill();
    await database?.drop();
  });

  it('shares sessions and access tokens: signed in on one, known on the other; signed out on one, out on both', async () => {
    const session = await b.call('GET', '/api/auth/get-session', { headers: clerk.session });
    expect(session.json<{ user: { email: string } }>().user.email).toBe(clerk.email);
    // A token from the first instance creates an item through the second.
    const created = await b.call('POST', '/api/productOrder', {
      headers: clerk.withToken,
      body: productFor(clerk.email),
    });
    expect(created.status, created.text).toBe(201);
    // A second session, signed in through B, signed out through A.
    const signedIn = await b.call('POST', '/api/auth/sign-in/email', {
      headers: { 'x-forwarded-for': testClientIp() },
      body: { email: clerk.email, password: clerk.password },
    });
    const other = cookiesOf(signedIn);
    expect((await a.call('POST', '/api/auth/sign-out', { headers: { cookie: other } })).status).toBe(200);
    expect((await b.call('GET', '/api/auth/get-session', { headers: { cookie: other } })).text).toBe('null');
    expect((await b.call('GET', '/api/auth/get-session', { headers: clerk.session })).status).toBe(200);
  });

  it('counts password guesses against one limit whichever instance they reach', async () => {
    const target = await signUpRemote(b, { name: 'Guarded' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const via = i % 2 === 0 ? a : b;
      const answer = await via.call('POST', '/api/auth/sign-in/email', {
        headers: { 'x-forwarded-for': testClientIp() },
        body: { email: target.email, password: `wrong-password-${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('streams a change made through one instance to a browser on the other', async () => {
    const created = await a.call('POST', '/api/productOrder', {
      headers: clerk.withToken,
      body: productFor(clerk.email),
    });
    const id = created.json<{ _id: string }>()._id;
    const onB = await subscribe(second.url, clerk.cookie);
    const onA = await subscribe(first.url, clerk.cookie);
    try {
      const delivered = await a.call('PUT', `/api/product/${id}`, {
        headers: clerk.session,
        body: { newQuentity: 19 },
      });
      expect(delivered.status).toBe(200);
      const restocked = await b.call('PUT', `/api/products/${id}`, {
        headers: clerk.session,
        body: { newQuentity: 30 },
      });
      expect(restocked.status).toBe(200);
      for (const stream of [onA, onB]) {
        await stream.waitFor((event) => event.id === id && event.type === 'delivered' && event.version === 2);
        await stream.waitFor((event) => event.id === id && event.type === 'restocked' && event.version === 3);
      }
    } finally {
      await onA.close();
      await onB.close();
    }
  });

  it(`loses none of ${IN_FLIGHT} in-flight requests when one instance is stopped with SIGTERM`, async () => {
    const items = await Promise.all(
      Array.from({ length: 5 }, async () => {
        const answer = await a.call('POST', '/api/productOrder', {
          headers: clerk.withToken,
          body: productFor(clerk.email, { quentity: 1000 }),
        });
        return answer.json<{ _id: string }>()._id;
      }),
    );
    // A browser's event stream must not hold the shutdown up.
    const stream = await subscribe(first.url, clerk.cookie);
    const logged = () => jsonLogLines(first).filter((line) => line.msg === 'incoming request').length;
    const before = logged();

    type Outcome =
      | { answer: Answer; kind: 'create' | 'restock' | 'read'; id: string | undefined }
      | { error: unknown };
    const requests: Array<Promise<Outcome>> = Array.from({ length: IN_FLIGHT }, (_, i) => {
      const id = items[i % items.length] ?? '';
      const kind = (['create', 'restock', 'read'] as const)[i % 3] ?? 'read';
      const sent =
        kind === 'create'
          ? a.call('POST', '/api/productOrder', { headers: clerk.withToken, body: productFor(clerk.email) })
          : kind === 'restock'
            ? a.call('PUT', `/api/products/${id}`, {
                headers: clerk.session,
                body: { newQuentity: 2000 + i },
              })
            : a.call('GET', `/api/product/${id}`);
      return sent.then(
        (answer) => ({ answer, kind, id: kind === 'create' ? undefined : id }),
        (error: unknown) => ({ error }),
      );
    });
    // Signal once the server has started on at least a third of them, so many are mid-way.
    const deadline = Date.now() + 30_000;
    while (logged() - before < IN_FLIGHT / 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 2));
    const stopping = first.stop('SIGTERM');
    figures.add('faults');
    const outcomes = await Promise.all(requests);
    expect(await stopping).toEqual({ code: 0, signal: null });
    const takenOn = logged() - before;
    // The server ended the event stream itself on its way out.
    await stream.ended;

    const lines = jsonLogLines(first);
    // Event streams are taken over by their route and never logged as completed (checked above instead).
    const isStream = (line: Record<string, unknown>) =>
      JSON.stringify(line.req ?? {}).includes('/api/events');
    const started = new Set(
      lines.filter((line) => line.msg === 'incoming request' && !isStream(line)).map((line) => line.reqId),
    );
    const completed = new Set(
      lines.filter((line) => line.msg === 'request completed').map((line) => line.reqId),
    );
    // Every request the server took on, it finished (and logged as finished) before exiting.
    expect([...started].filter((reqId) => !completed.has(reqId))).toEqual([]);

    const answered = outcomes.filter((outcome) => 'answer' in outcome);
    const unanswered = outcomes.length - answered.length;
    // A request that got no answer at all never reached the server: the balancer retries those.
    expect(answered.length + unanswered).toBe(IN_FLIGHT);
    expect(answered.length).toBeGreaterThanOrEqual(IN_FLIGHT / 3);
    for (const outcome of answered) {
      // 409: a concurrent restock set a higher quantity first. 503 is the polite "I am closing" for requests that arrived on a kept-alive connection meanwhile.
      expect([200, 201, 409, 503], outcome.answer.text).toContain(outcome.answer.status);
      expect(() => outcome.answer.json(), outcome.answer.text).not.toThrow();
    }
    // What was acknowledged is there, read through the instance that stayed up.
    let verified = 0;
    for (const outcome of answered) {
      if (outcome.answer.status === 201) {
        const id = outcome.answer.json<{ _id: string }>()._id;
        expect((await b.call('GET', `/api/product/${id}`)).status).toBe(200);
        verified += 1;
      }
      if (outcome.kind === 'restock' && outcome.answer.status === 200 && outcome.id) {
        const { version } = outcome.answer.json<{ version: number }>();
        const ledger = await b.call('GET', `/api/product/${outcome.id}/movements?limit=200`, {
          headers: clerk.session,
        });
        expect(
          ledger.json<Array<{ version: number }>>().some((movement) => movement.version === version),
        ).toBe(true);
        verified += 1;
      }
    }
    figures.add('writesVerified', verified);
    console.log(
      `[multi-instance] SIGTERM with ${IN_FLIGHT} requests sent: ${takenOn} taken on and all finished, ${answered.length} answered (${answered.filter((o) => o.answer.status === 503).length} × 503), ${unanswered} never reached it, ${verified} writes verified on the other instance`,
    );
    expect((await b.call('GET', `/api/product/${items[0]}`)).json<Product>().quentity).toBeGreaterThan(0);
  }, 120_000);
});
