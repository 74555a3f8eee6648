import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { SqliteDialect, type SqliteStatement } from 'kysely';
import { LeastRecentlyUsed } from '../least-recently-used.ts';

/** Prepared statements kept per connection; a query text beyond them is prepared anew, as before. */
export const STATEMENT_CACHE_SIZE = 200;

type QueryParameters = ReadonlyArray<unknown>;

/** Kysely hands over the values its query compiler produced; node:sqlite checks each one itself. */
const values = (parameters: QueryParameters) => parameters as ReadonlyArray<SQLInputValue>;

/** One prepared statement in the shape Kysely's SQLite driver calls. */
class CachedStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    // Anything that yields columns (a select, or a write with `returning`) is read with all().
    this.reader = statement.columns().length > 0;
  }

  all(parameters: QueryParameters): unknown[] {
    return this.#statement.all(...values(parameters));
  }

  run(parameters: QueryParameters): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(...values(parameters));
  }

  iterate(parameters: QueryParameters): IterableIterator<unknown> {
    return this.#statement.iterate(...values(parameters));
  }
}

/**
 * A `node:sqlite` database as Kysely's SQLite driver expects it, that prepares each query text once:
 * preparing (parsing and planning the SQL) is a real share of a short query's cost. Reuse is safe
 * because Kysely hands the one connection to one query or stream at a time (its SQLite adapter does
 * not support several), and all(), run() and a stream, read to the end or left early, leave the
 * statement reset for its next use. SQLite prepares a statement again by itself when the schema
 * changed. The least recently used statement makes room when the cache is full.
 */
export class StatementCachingDatabase {
  readonly #database: DatabaseSync;
  readonly #statements = new LeastRecentlyUsed<string, CachedStatement>(STATEMENT_CACHE_SIZE);

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  prepare(sql: string): CachedStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = new CachedStatement(this.#database.prepare(sql));
    this.#statements.set(sql, statement);
    return statement;
  }

  /** Closing the database finalizes every statement it prepared. */
  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}

/**
 * Kysely's own SQLite dialect (compiler, adapter, introspector, savepoints) over `node:sqlite`, with
 * a cache of prepared statements keyed by their SQL text.
 */
export function nodeSqliteDialect(database: DatabaseSync): SqliteDialect {
  return new SqliteDialect({ database: new StatementCachingDatabase(database) });
}
