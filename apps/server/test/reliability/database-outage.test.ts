import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, childEnv, startChildServer } from '../support/child-server.ts';
import { postgresAdminUrl, TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { subscribe } from './event-stream.ts';
import { productFor, Remote, signUpRemote } from './remote.ts';
import { Figures, scaled } from './soak.ts';

const figures = new Figures('database-outage');
afterAll(() => figures.flush());

/**
 * A PostgreSQL server can drop an app's connections at any time (restart, failover, an operator's
 * pg_terminate_backend, idle_session_timeout). Runs where the integration suite runs PostgreSQL
 * (TEST_DATABASE_URL, required with CI=true); SQLite has no connections to lose.
 */
const WITH_POSTGRES = TEST_ENGINES.includes('postgres');
const OUTAGES = scaled(1, 5);

async function terminateConnections(database: string): Promise<number> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

describe.runIf(WITH_POSTGRES)('PostgreSQL dropping every connection of a running server', () => {
  let database: TestDatabase | undefined;
  let server: ChildServer | undefined;

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it(`keeps the server up; it answers again, writes again and its change feed listens again (${OUTAGES}×)`, async () => {
    database = await createTestDatabase('postgres');
    const name = new URL(database.env.DATABASE_URL ?? '').pathname.slice(1);
    server = await startChildServer(childEnv({ ...database.env, PUBLIC_URL: 'http://warehouse.test' }));
    const remote = new Remote(server.url, figures);
    const clerk = await signUpRemote(remote);
    const created = await remote.call('POST', '/api/productOrder', {
      headers: clerk.withToken,
      body: productFor(clerk.email, { quentity: 100 }),
    });
    const id = created.json<{ _id: string }>()._id;
    const stream = await subscribe(server.url, clerk.cookie);
    let version = 1;
    let quantity = 100;
    let alive = true;
    void server.exited.then(() => {
      alive = false;
    });

    try {
      for (let outage = 1; outage <= OUTAGES; outage += 1) {
        expect(await terminateConnections(name)).toBeGreaterThan(0);
        figures.add('faults');
        // The pool replaces its broken clients on the next query; the feed re-LISTENs with back-off.
        let answer = await remote.call('GET', '/api/ready');
        for (let tries = 0; answer.status !== 200 && tries < 50; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          answer = await remote.call('GET', '/api/ready');
        }
        expect(answer.status).toBe(200);
        expect(alive).toBe(true);
        // The feed's LISTEN connection comes back on its own (with back-off): a change made once it
        // has reached the stream. Changes made before that are not replayed, so keep delivering.
        const deadline = Date.now() + 20_000;
        for (;;) {
          const delivered = await remote.call('PUT', `/api/product/${id}`, {
            headers: { ...clerk.session, 'if-match': `"${version}"` },
            body: { newQuentity: quantity - 1 },
          });
          expect(delivered.status, delivered.text).toBe(200);
          ({ version, quentity: quantity } = delivered.json<{ version: number; quentity: number }>());
          const expected = version;
          try {
            await stream.waitFor((event) => event.id === id && event.version === expected, 1000);
            break;
          } catch (error) {
            if (Date.now() > deadline) throw error;
          }
        }
        figures.add('writesVerified');
      }
    } catch (error) {
      console.log(server.logs.slice(-30).join('\n'));
      throw error;
    } finally {
      await stream.close();
    }
    expect(alive).toBe(true);
    const item = await remote.call('GET', `/api/product/${id}`);
    expect(item.json()).toMatchObject({ quentity: quantity, version });
  }, 120_000);
});
