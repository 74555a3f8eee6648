import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type Engine = 'sqlite' | 'postgres';

export interface FreshDatabase {
  engine: Engine;
  /** Where it is, for the server's environment: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  /** What to print: never a password. */
  description: string;
  /**
   * Refreshes the planner's statistics after a bulk load, as autovacuum would on a normal
   * PostgreSQL server (this machine's has it off: unanalysed, the planner took 100,000 rows for 310,
   * never used the trigram index, and sorted the deep page on disk). SQLite has no such daemon and
   * the server does not run ANALYZE there, so it is left as the server would find it.
   */
  analyze: () => Promise<void>;
  drop: () => Promise<void>;
}

/** An empty SQLite database in a new temporary DATA_DIR. */
function freshSqlite(): FreshDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'walton-bench-'));
  return {
    engine: 'sqlite',
    env: { DATA_DIR: dir },
    description: `SQLite in ${dir}`,
    analyze: async () => {},
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A new, uniquely named database on the PostgreSQL server of `serverUrl`, dropped afterwards. */
async function freshPostgres(serverUrl: string): Promise<FreshDatabase> {
  const name = `walton_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const safe = new URL(url);
  safe.password = safe.password ? '***' : '';
  return {
    engine: 'postgres',
    env: { DATABASE_URL: url.toString() },
    description: `PostgreSQL database ${name} at ${safe.host}`,
    analyze: async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query('analyze');
      } finally {
        await client.end();
      }
    },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export function freshDatabase(postgresUrl: string | undefined): Promise<FreshDatabase> {
  return postgresUrl ? freshPostgres(postgresUrl) : Promise.resolve(freshSqlite());
}
