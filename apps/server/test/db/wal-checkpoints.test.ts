import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { WalCheckpoints } from '../../src/db/wal-checkpoints.ts';

const DATABASE_MODULE = new URL('../../src/db/database.ts', import.meta.url).href;

/** 2,000 commits of a row of 3 KiB each: without checkpoints the WAL would pass 8 MiB. */
const COMMITS = 2_000;
const WAL_BOUND_BYTES = 4 * 1024 * 1024;

describe('WAL checkpoints on a thread of their own (SQLite in a file)', () => {
  let directory: string;
  let handle: DatabaseHandle | undefined;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'walton-checkpoints-'));
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    rmSync(directory, { recursive: true, force: true });
  });

  const open = async () => {
    const file = join(directory, 'walton.sqlite');
    handle = await openDatabase({ kind: 'sqlite', file });
    return { db: handle.db, file };
  };

  it("keeps the WAL bounded under a stream of commits, with the writer's own checkpoint off", async () => {
    const { db, file } = await open();
    const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
    expect(rows[0]?.wal_autocheckpoint).toBe(0);
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    for (let commit = 0; commit < COMMITS; commit += 1) {
      await sql`insert into notes (body) values (${'x'.repeat(3 * 1024)})`.execute(db);
    }
    expect(statSync(`${file}-wal`).size).toBeLessThan(WAL_BOUND_BYTES);
    const { rows: count } = await sql<{ n: number }>`select count(*) as n from notes`.execute(db);
    expect(count[0]?.n).toBe(COMMITS);
  });

  it('gives the checkpoints back to SQLite when its thread fails', async () => {
    const fallBack = vi.fn();
    // A file its thread cannot open: the thread fails as it starts.
    const checkpoints = new WalCheckpoints(join(directory, 'no such folder', 'walton.sqlite'), fallBack);
    await vi.waitFor(() => expect(fallBack).toHaveBeenCalledOnce());
    // After a failure there is nothing left to wait for.
    await checkpoints.afterCommit();
    await checkpoints.close();
    expect(fallBack).toHaveBeenCalledOnce();
  });

  it('lets the process end once the database is closed', () => {
    const file = join(directory, 'walton.sqlite');
    const script = `
      const { openDatabase } = await import(${JSON.stringify(DATABASE_MODULE)});
      const handle = await openDatabase({ kind: 'sqlite', file: ${JSON.stringify(file)} });
      await handle.close();
      console.log('closed');`;
    const child = spawnSync(process.execPath, ['--input-type=module', '--eval', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(child.stderr).not.toMatch(/unsettled top-level await/);
    expect([child.status, child.stdout.trim()]).toEqual([0, 'closed']);
  });
});
