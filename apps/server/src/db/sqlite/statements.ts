import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import type { QueryResult, SqliteStatement } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Prepared statements kept per connection; a query text beyond them is prepared anew, as before. */
export const STATEMENT_CACHE_SIZE = 200;

type QueryParameters = ReadonlyArray<unknown>;

/** Kysely hands over the values its query compiler produced; node:sqlite checks each one itself. */
const values = (parameters: QueryParameters) => parameters as ReadonlyArray<SQLInputValue>;

/** A row as Kysely reads it: its columns by name, in the statement's order (a later equal name wins). */
function rowObject(
  names: readonly string[],
  values: readonly SQLOutputValue[],
): Record<string, SQLOutputValue> {
  const row: Record<string, SQLOutputValue> = {};
  for (let column = 0; column < names.length; column += 1) {
    row[names[column] as string] = values[column] as SQLOutputValue;
  }
  return row;
}

/**
 * Counts the statements that may have changed the schema on a database's connections. SQLite
 * prepares a statement again by itself after such a change, and the columns it yields may then
 * differ, so a statement reads its column names again after one.
 */
export class SchemaChanges {
  count = 0;

  /** Counts `sql` if it may change the schema, wherever it runs (on another thread, too). */
  note(sql: string): void {
    if (MAY_CHANGE_SCHEMA.test(sql)) this.count += 1;
  }
}

const MAY_CHANGE_SCHEMA = /^\s*(?:create|alter|drop)\b/i;

/**
 * One prepared statement in the shape Kysely's SQLite driver calls. Its rows come from SQLite as
 * arrays and are made objects here: node:sqlite's own row objects are slow to read (a page of 50
 * products took 107 µs to read and map against 60 µs this way, in a micro-benchmark of this
 * session), and objects built by one loop in one column order share one shape. Its column names
 * are read once, and again after a schema change or when a row's width differs from them (a change
 * made by another process).
 */
class CachedStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  readonly #schema: SchemaChanges;
  #columns: readonly string[];
  /** SchemaChanges' count when #columns was read. */
  #columnsRead: number;

  constructor(statement: StatementSync, schema: SchemaChanges) {
    this.#statement = statement;
    this.#schema = schema;
    this.#columns = this.#columnNames();
    this.#columnsRead = schema.count;
    // Anything that yields columns (a select, or a write with `returning`) is read with all().
    this.reader = this.#columns.length > 0;
    if (this.reader) statement.setReturnArrays(true);
  }

  #columnNames(): string[] {
    return this.#statement.columns().map((column) => column.name);
  }

  /** The names of the columns of a row `width` values wide. */
  #namesFor(width: number): readonly string[] {
    if (this.#columnsRead !== this.#schema.count || width !== this.#columns.length) {
      this.#columns = this.#columnNames();
      this.#columnsRead = this.#schema.count;
    }
    return this.#columns;
  }

  all(parameters: QueryParameters): unknown[] {
    const rows = this.#statement.all(...values(parameters)) as unknown as SQLOutputValue[][];
    const names = this.#namesFor(rows[0]?.length ?? 0);
    return rows.map((row) => rowObject(names, row));
  }

  run(parameters: QueryParameters): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(...values(parameters));
  }

  *iterate(parameters: QueryParameters): IterableIterator<unknown> {
    for (const row of this.#statement.iterate(...values(parameters))) {
      const rowValues = row as unknown as SQLOutputValue[];
      yield rowObject(this.#namesFor(rowValues.length), rowValues);
    }
  }
}

/**
 * A `node:sqlite` database as Kysely's SQLite driver expects it, that prepares each query text once:
 * preparing (parsing and planning the SQL) is a real share of a short query's cost. Reuse is safe
 * because a statement runs to its end before another starts (node:sqlite is synchronous, and the
 * dialect reads a stream whole), and all(), run() and iterate(), read to the end or left early,
 * leave the statement reset for its next use. SQLite prepares a statement again by itself when the schema
 * changed. The least recently used statement makes room when the cache is full.
 */
export class StatementCachingDatabase {
  readonly #database: DatabaseSync;
  readonly #statements = new LRUCache<string, CachedStatement>({ max: STATEMENT_CACHE_SIZE });
  readonly #schema: SchemaChanges;

  /** `schema` is shared by the connections of one database file: a change made through one counts for all. */
  constructor(database: DatabaseSync, schema = new SchemaChanges()) {
    this.#database = database;
    this.#schema = schema;
  }

  prepare(sql: string): CachedStatement {
    this.#schema.note(sql);
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = new CachedStatement(this.#database.prepare(sql), this.#schema);
    this.#statements.set(sql, statement);
    return statement;
  }

  /** Runs SQL without parameters or results (transaction control). */
  exec(sql: string): void {
    this.#schema.note(sql);
    this.#database.exec(sql);
  }

  /** Whether a transaction is open on this connection. */
  get inTransaction(): boolean {
    return this.#database.isTransaction;
  }

  /** Closing the database finalizes every statement it prepared. */
  close(): void {
    this.#statements.clear();
    this.#database.close();
  }
}

/** A statement's text and its values: what a thread is sent of a compiled query. */
export interface Statement {
  readonly sql: string;
  readonly parameters: QueryParameters;
}

/** What a statement answered, in Kysely's terms. */
export function runStatement(database: StatementCachingDatabase, query: Statement): QueryResult<unknown> {
  const statement = database.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}
