import { DatabaseSync } from 'node:sqlite';
import type { Product } from '@walton/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, childEnv, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { ledgerProblems, readLedger } from './ledger.ts';
import { Acknowledgements, drive, waitFor } from './load.ts';
import { Remote, type RemoteClerk, signUpRemote } from './remote.ts';
import { Figures, scaled } from './soak.ts';

const figures = new Figures('crash-safety');
afterAll(() => figures.flush());

/**
 * PGlite is left out on purpose: `pglite:memory` lives inside the server process, so a SIGKILL
 * takes the whole database with it and there is nothing to recover. Durability is a property of
 * the SQLite file and of a PostgreSQL server, and those are what this test kills the server over.
 */
const DURABLE_ENGINES = TEST_ENGINES.filter((engine) => engine !== 'pglite');

// Enough clients that deliveries arrive together and share commits (group commit, db/sqlite/).
const CLIENTS = scaled(8, 16);
/** Kill/restart cycles, and how many acknowledged writes to wait for before each kill. */
const CYCLES = scaled(1, 5);
const WRITES_BEFORE_KILL = scaled(120, 600);

describe.each(DURABLE_ENGINES)('crash safety on %s', (engine) => {
  let database: TestDatabase | undefined;
  let server: ChildServer | undefined;

  afterAll(async () => {
    await server?.kill();
    await database?.drop();
  });

  it(
    `keeps every acknowledged write through ${CYCLES} SIGKILL(s) under load from ${CLIENTS} clients`,
    async () => {
      database = await createTestDatabase(engine);
      // No AUTH_SECRET: the generated one in DATA_DIR must survive the crash too (sessions and access
      // tokens issued before the kill keep working after the restart).
      const env = childEnv({
        ...database.env,
        PUBLIC_URL: 'http://warehouse.test',
        WRITE_RATE_LIMIT_PER_MINUTE: '0',
      });
      server = await startChildServer(env);
      let remote = new Remote(server.url, figures);
      const clerks: RemoteClerk[] = [];
      for (let i = 0; i < CLIENTS; i += 1)
        clerks.push(await signUpRemote(remote, { name: `Crash Clerk ${i}` }));
      const acks = new Acknowledgements();

      for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
        const target = acks.count + WRITES_BEFORE_KILL;
        const clients = clerks.map((clerk) => drive(remote, clerk, acks));
        await Promise.race([
          waitFor(() => acks.count >= target, 120_000),
          Promise.all(clients).then(() => {
            throw new Error('every client stopped before the kill');
          }),
        ]);
        // Mid-load: every client has a request in flight or about to be.
        await server.kill();
        figures.add('faults');
        await Promise.all(clients);

        server = await startChildServer(env);
        remote = new Remote(server.url, figures);
        const viaSession = (path: string) => remote.call('GET', path, { headers: clerks[0]?.session ?? {} });

        const problems: string[] = [];
        for (const [id, acknowledged] of acks.changes) {
          const read = await remote.call('GET', `/api/product/${id}`);
          if (read.status !== 200) {
            problems.push(`${id}: acknowledged but answers ${read.status}`);
            continue;
          }
          const item = read.json<Product>();
          const created = acks.created.get(id);
          if (created && item.name !== created.name)
            problems.push(`${id}: name ${item.name} ≠ ${created.name}`);
          const ledger = await readLedger(viaSession, id);
          problems.push(
            ...ledgerProblems({ ...item, deleted: false }, ledger, acknowledged).map(
              (problem) => `${id}: ${problem}`,
            ),
          );
          figures.add('writesVerified', acknowledged.length);
        }
        expect(problems).toEqual([]);
        console.log(
          `[crash ${engine}] cycle ${cycle}: ${acks.count} acknowledged writes on ${acks.changes.size} items all present after SIGKILL`,
        );
      }

      await server.stop('SIGTERM');
      if (engine === 'sqlite') {
        const file = new DatabaseSync(`${database.env.DATA_DIR}/walton.sqlite`, { readOnly: true });
        try {
          expect(file.prepare('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' });
        } finally {
          file.close();
        }
      }
    },
    scaled(120_000, 900_000),
  );
});
