import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import type { Product } from '@walton/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, childEnv, startChildServer } from '../support/child-server.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { ledgerProblems, readLedger } from './ledger.ts';
import { Acknowledgements, drive, waitFor } from './load.ts';
import { Remote, type RemoteClerk, signUpRemote } from './remote.ts';
import { Figures, scaled } from './soak.ts';

const figures = new Figures('backup');
afterAll(() => figures.flush());

/** PGlite in memory has nothing to back up; the two engines operators run are covered. */
const DURABLE_ENGINES = TEST_ENGINES.filter((engine) => engine !== 'pglite');
const CLIENTS = 3;
const WRITES_BEFORE_BACKUP = scaled(60, 400);

/**
 * The backup commands of docs/operations.md, taken while clients keep writing: node:sqlite's
 * online backup() of the live SQLite file, and pg_dump of the live PostgreSQL database. A server
 * started on the restored copy must hold every write acknowledged before the backup began, and
 * every ledger in it must add up.
 */
describe.each(DURABLE_ENGINES)('online backup on %s', (engine) => {
  const cleanUp: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step();
  });

  it('restores to a consistent copy holding every write acknowledged before the backup began', async () => {
    const source = await createTestDatabase(engine);
    cleanUp.push(() => source.drop());
    const env = childEnv({
      ...source.env,
      PUBLIC_URL: 'http://warehouse.test',
      WRITE_RATE_LIMIT_PER_MINUTE: '0',
    });
    const live: ChildServer = await startChildServer(env);
    cleanUp.push(() => live.kill());
    const remote = new Remote(live.url, figures);
    const clerks: RemoteClerk[] = [];
    for (let i = 0; i < CLIENTS; i += 1)
      clerks.push(await signUpRemote(remote, { name: `Backup Clerk ${i}` }));

    const acks = new Acknowledgements();
    let stopped = false;
    const clients = clerks.map((clerk) => drive(remote, clerk, acks, () => stopped));
    await waitFor(() => acks.count >= WRITES_BEFORE_BACKUP, 120_000);

    const before = acks.snapshot();
    const dumpDir = mkdtempSync(join(tmpdir(), 'walton-backup-'));
    cleanUp.push(async () => rmSync(dumpDir, { recursive: true, force: true }));
    let restored: TestDatabase;
    if (engine === 'sqlite') {
      const file = new DatabaseSync(join(source.env.DATA_DIR ?? '', 'walton.sqlite'));
      const copy = join(dumpDir, 'walton.sqlite');
      const pages = await backup(file, copy);
      file.close();
      expect(pages).toBeGreaterThan(0);
      restored = await createTestDatabase('sqlite');
      copyFileSync(copy, join(restored.env.DATA_DIR ?? '', 'walton.sqlite'));
      // Development keeps the generated secret next to the database: it belongs in the backup too.
      copyFileSync(
        join(source.env.DATA_DIR ?? '', 'auth-secret'),
        join(restored.env.DATA_DIR ?? '', 'auth-secret'),
      );
    } else {
      const dump = join(dumpDir, 'walton.dump');
      execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, source.env.DATABASE_URL ?? '']);
      restored = await createTestDatabase('postgres');
      execFileSync('pg_restore', ['--no-owner', `--dbname=${restored.env.DATABASE_URL ?? ''}`, dump]);
      copyFileSync(
        join(source.env.DATA_DIR ?? '', 'auth-secret'),
        join(restored.env.DATA_DIR ?? '', 'auth-secret'),
      );
    }
    cleanUp.push(() => restored.drop());
    // Writes go on during and after the backup, as they would in production.
    await waitFor(() => acks.count >= WRITES_BEFORE_BACKUP + 20, 60_000);
    stopped = true;
    await Promise.all(clients);
    figures.add('faults');

    const copy = await startChildServer({ ...env, ...restored.env });
    cleanUp.push(() => copy.kill());
    const fromCopy = new Remote(copy.url, figures);
    // Sessions are in the copy too: the clerks are still signed in on it.
    const viaSession = (path: string) => fromCopy.call('GET', path, { headers: clerks[0]?.session ?? {} });
    const problems: string[] = [];
    const listed = await fromCopy.call('GET', '/api/product?limit=500');
    const items = listed.json<Product[]>();
    for (const item of items) {
      const ledger = await readLedger(viaSession, item._id);
      const acknowledged = before.get(item._id) ?? [];
      problems.push(
        ...ledgerProblems({ ...item, deleted: false }, ledger, acknowledged).map((p) => `${item._id}: ${p}`),
      );
      figures.add('writesVerified', acknowledged.length);
    }
    const missing = [...before.keys()].filter((id) => !items.some((item) => item._id === id));
    expect(missing).toEqual([]);
    expect(problems).toEqual([]);
    console.log(
      `[backup ${engine}] ${items.length} items restored; ${[...before.values()].flat().length} writes acknowledged before the backup all present, ${acks.count} in all`,
    );
  }, 180_000);
});
