import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../../src/db/database.ts';
import { WalCheckpoints } from '../../../src/db/sqlite/wal-checkpoints.ts';
import { SqliteWriter } from '../../../src/db/sqlite/writer.ts';

const DATABASE_MODULE = new URL('../../../src/db/database.ts', import.meta.url).href;

/** 2,000 commits of a row of 3 KiB each: without checkpoints the WAL would pass 8 MiB. */
const COMMITS = 2_000;
const WAL_BOUND_BYTES = 4 * 1024 * 1024;

describe("SQLite's writer and the WAL's checkpoints on threads of their own (SQLite in a file)", () => {
  let directory: string;
  let handle: DatabaseHandle | undefined;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'walton-writer-'));
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
    rmSync(directory, { recursive: true, force: true });
  });

  /** Runs `script` as a module file of its own (a worker thread does not inherit --eval's input type). */
  const runScript = (script: string) => {
    const path = join(directory, 'script.mjs');
    writeFileSync(path, script);
    return spawnSync(process.execPath, [path], { encoding: 'utf8', timeout: 20_000 });
  };

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

  it('fails each request with the reason when its thread cannot open the file, and waits for nothing', async () => {
    const writer = new SqliteWriter({ file: join(directory, 'no such folder', 'walton.sqlite'), setup: [] });
    await expect(writer.request({ op: 'begin' })).rejects.toThrow(/unable to open database file/);
    await expect(writer.request({ op: 'begin' })).rejects.toThrow(/unable to open database file/);
    await writer.close();
  });

  it('gives the checkpoints back to SQLite when its thread fails', async () => {
    const fallBack = vi.fn();
    // A file its thread cannot open: the thread fails as it starts.
    const checkpoints = new WalCheckpoints(join(directory, 'no such folder', 'walton.sqlite'), fallBack);
    await vi.waitFor(() => expect(fallBack).toHaveBeenCalledOnce(), { timeout: 15_000 });
    // After a failure there is nothing left to wait for.
    expect(checkpoints.afterCommit()).toBeUndefined();
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
    const child = runScript(script);
    expect(child.stderr).not.toMatch(/unsettled top-level await/);
    expect([child.status, child.stdout.trim()]).toEqual([0, 'closed']);
  });

  it('keeps the process alive while closing, after the last batch it commits has been acknowledged', () => {
    const file = join(directory, 'walton.sqlite');
    // The transaction's batch commits only as the database closes (close() waits for its turn
    // behind the transaction): its acknowledgement reaches the process before the thread has ended.
    const script = `
      const { openDatabase } = await import(${JSON.stringify(DATABASE_MODULE)});
      const handle = await openDatabase({ kind: 'sqlite', file: ${JSON.stringify(file)} });
      await handle.db.schema.createTable('notes').addColumn('body', 'text').execute();
      let closing;
      await handle.db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ body: 'kept' }).execute();
        closing = handle.close();
      });
      await closing;
      console.log('closed');`;
    const child = runScript(script);
    expect(child.stderr).not.toMatch(/unsettled top-level await/);
    expect([child.status, child.stdout.trim()]).toEqual([0, 'closed']);
    // The writer closed last and removed the WAL.
    expect(existsSync(`${file}-wal`)).toBe(false);
    const written = new DatabaseSync(file, { readOnly: true });
    expect(written.prepare('select body from notes').all()).toEqual([{ body: 'kept' }]);
    written.close();
  });

  it('keeps the process alive while a write waits for its commit, and not after', () => {
    const file = join(directory, 'walton.sqlite');
    // Never closed: the thread must not hold the process once the write is durable.
    const script = `
      const { openDatabase } = await import(${JSON.stringify(DATABASE_MODULE)});
      const handle = await openDatabase({ kind: 'sqlite', file: ${JSON.stringify(file)} });
      await handle.db.schema.createTable('notes').addColumn('body', 'text').execute();
      await handle.db.insertInto('notes').values({ body: 'kept' }).execute();
      console.log('written');`;
    const child = runScript(script);
    expect(child.stderr).not.toMatch(/unsettled top-level await/);
    expect([child.status, child.stdout.trim()]).toEqual([0, 'written']);
    const written = new DatabaseSync(file, { readOnly: true });
    expect(written.prepare('select body from notes').all()).toEqual([{ body: 'kept' }]);
    written.close();
  });
});
