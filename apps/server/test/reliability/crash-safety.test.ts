import { DatabaseSync } from 'node:sqlite';
import type { Product } from '@walton/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, childEnv, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { ledgerProblems, readLedger } from './ledger.ts';
import { Acknowledgements, drive, waitFor } from './load.ts';
import { productFor, Remote, type RemoteClerk, signUpRemote } from './remote.ts';
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

  it(
    'keeps every unit registration whole through a SIGKILL: all its units or none, the level their count',
    async () => {
      const unitsDatabase = await createTestDatabase(engine);
      const env = childEnv({
        ...unitsDatabase.env,
        PUBLIC_URL: 'http://warehouse.test',
        WRITE_RATE_LIMIT_PER_MINUTE: '0',
      });
      let unitsServer = await startChildServer(env);
      try {
        let remote = new Remote(unitsServer.url, figures);
        const clerk = await signUpRemote(remote, { name: 'Unit Clerk' });
        const created = await remote.call('POST', '/api/productOrder', {
          headers: clerk.withToken,
          body: productFor(clerk.email, { quentity: 0, serialTracked: true }),
        });
        expect(created.status, created.text).toBe(201);
        const id = created.json<{ _id: string }>()._id;

        /** Every batch sent, by its prefix, and those the server acknowledged. */
        const sent: string[] = [];
        const acknowledged = new Set<string>();
        const BATCH = 40;
        const serialsOf = (prefix: string) =>
          Array.from({ length: BATCH }, (_, index) => `${prefix}-${index}`);
        const client = async (name: number) => {
          for (let batch = 0; ; batch += 1) {
            const prefix = `CRASH-${name}-${batch}`;
            sent.push(prefix);
            try {
              const answer = await remote.call('POST', `/api/product/${id}/units`, {
                headers: clerk.session,
                body: {
                  units: serialsOf(prefix).map((serial, index) => ({
                    serial,
                    pairedSerial: `${serial}-P${index}`,
                  })),
                },
              });
              if (answer.status !== 200)
                throw new Error(`registration answered ${answer.status}: ${answer.text}`);
              acknowledged.add(prefix);
            } catch (error) {
              if (error instanceof Error && error.message.startsWith('registration answered')) throw error;
              return;
            }
          }
        };
        const clients = Array.from({ length: 4 }, (_, name) => client(name));
        await waitFor(() => acknowledged.size >= 20, 120_000);
        await unitsServer.kill();
        figures.add('faults');
        await Promise.all(clients);

        unitsServer = await startChildServer(env);
        remote = new Remote(unitsServer.url, figures);
        const stored = new Set<string>();
        for (let offset = 0; ; offset += 500) {
          const page = await remote.call('GET', `/api/product/${id}/units?limit=500&offset=${offset}`, {
            headers: clerk.session,
          });
          expect(page.status, page.text).toBe(200);
          const units = page.json<Array<{ serial: string; status: string }>>();
          for (const unit of units) stored.add(unit.serial);
          if (units.length < 500) break;
        }
        const problems: string[] = [];
        for (const prefix of sent) {
          const present = serialsOf(prefix).filter((serial) => stored.has(serial)).length;
          if (present !== 0 && present !== BATCH) problems.push(`${prefix}: ${present} of ${BATCH} units`);
          if (acknowledged.has(prefix) && present !== BATCH)
            problems.push(`${prefix}: acknowledged, ${present} kept`);
        }
        expect(problems).toEqual([]);
        const item = (await remote.call('GET', `/api/product/${id}`)).json<Product>();
        const levels = (
          await remote.call('GET', `/api/product/${id}/stock`, { headers: clerk.session })
        ).json<Array<{ quantity: number }>>();
        expect(item.quentity).toBe(stored.size);
        expect(levels.reduce((sum, level) => sum + level.quantity, 0)).toBe(stored.size);
        figures.add('writesVerified', acknowledged.size);
      } finally {
        await unitsServer.kill();
        await unitsDatabase.drop();
      }
    },
    scaled(120_000, 300_000),
  );
});
