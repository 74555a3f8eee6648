import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { PgliteLikePool } from './pglite-pool.ts';
import { PreparingPool } from './prepared-statements.ts';
import type { Database } from './schema.ts';
import { nodeSqliteDialect } from './sqlite/dialect.ts';

/** The SQL family a database speaks: PGlite is PostgreSQL running in-process. */
export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  config: DatabaseConfig;
  /** A dedicated PostgreSQL client factory for LISTEN (absent on SQLite and PGlite). */
  connectListener: (() => Promise<pg.Client>) | undefined;
  close: () => Promise<void>;
}

// Counts and sums come back as strings from PostgreSQL's int8/numeric; keep them numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

function openSqlite(file: string): Kysely<Database> {
  mkdirSync(dirname(file), { recursive: true });
  const writerSetup = [
    'PRAGMA journal_mode = WAL',
    'PRAGMA synchronous = FULL',
    'PRAGMA foreign_keys = ON',
    'PRAGMA busy_timeout = 5000',
  ];
  // The writer on a thread of its own, and a reader that answers from the last commit beside it
  // (sqlite/dialect.ts, ADR 29).
  const dialect = nodeSqliteDialect({ file, writerSetup, readerSetup: ['PRAGMA busy_timeout = 5000'] });
  return new Kysely<Database>({ dialect });
}

/**
 * PGlite is a test engine, a development dependency: loaded only for a `pglite:` DATABASE_URL, so a
 * production install without development dependencies never needs it.
 */
async function loadPglite(): Promise<typeof import('@electric-sql/pglite')> {
  try {
    return await import('@electric-sql/pglite');
  } catch (error) {
    throw new Error(
      'DATABASE_URL=pglite:… needs @electric-sql/pglite, a development dependency: run npm install (with development dependencies), or use SQLite or PostgreSQL',
      { cause: error },
    );
  }
}

async function openPglite(dataDir: string | undefined): Promise<Kysely<Database>> {
  const { PGlite } = await loadPglite();
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const database = await PGlite.create(dataDir);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PgliteLikePool(database) }) });
}

/**
 * The connection Kysely opens to cancel a statement. A connection that drops while it cancels also
 * fails the cancel itself, so its `error` event carries nothing more; without a listener, Node would
 * end the whole process on it when the database goes away mid-cancel.
 */
class ControlClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }
}

/**
 * Opens the configured database; the caller runs migrations. `onIdleClientError` hears about
 * PostgreSQL connections that fail while idle in the pool (a server restart, a terminated backend):
 * without a listener such an error would crash the process.
 */
export async function openDatabase(
  config: DatabaseConfig,
  onIdleClientError: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  switch (config.kind) {
    case 'sqlite': {
      const db = openSqlite(config.file);
      return { db, engine: 'sqlite', config, connectListener: undefined, close: () => db.destroy() };
    }
    case 'pglite': {
      const db = await openPglite(config.dataDir);
      return { db, engine: 'postgres', config, connectListener: undefined, close: () => db.destroy() };
    }
    case 'postgres': {
      // A statement that runs longer than the timeout is cancelled by PostgreSQL (57014), so no
      // slow query holds one of the ten connections for ever.
      const pool = new pg.Pool({
        connectionString: config.url,
        max: 10,
        statement_timeout: config.statementTimeoutMs,
      });
      pool.on('error', onIdleClientError);
      // Each statement text is parsed and planned once per connection (ADR 27); a cancelled
      // query's control connection is a plain client.
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new PreparingPool(pool), controlClient: ControlClient }),
      });
      const connectListener = async () => {
        const client = new pg.Client({ connectionString: config.url });
        await client.connect();
        return client;
      };
      return { db, engine: 'postgres', config, connectListener, close: () => db.destroy() };
    }
  }
}

/** Liveness of the database connection, for /api/ready. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

/**
 * Refreshes the planner's statistics (ANALYZE means the same on both engines). After a bulk load
 * PostgreSQL's planner otherwise guesses a few hundred rows until autovacuum catches up, and skips
 * the trigram and sort indexes.
 */
export async function refreshPlannerStatistics(db: Kysely<Database>): Promise<void> {
  await sql`analyze`.execute(db);
}
