import type { DatabaseSync, SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type SqliteStatement,
} from 'kysely';
import { LeastRecentlyUsed } from '../least-recently-used.ts';
import type { WalCheckpoints } from './wal-checkpoints.ts';

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
class SchemaChanges {
  count = 0;
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
  readonly #statements = new LeastRecentlyUsed<string, CachedStatement>(STATEMENT_CACHE_SIZE);
  readonly #schema: SchemaChanges;

  /** `schema` is shared by the connections of one database file: a change made through one counts for all. */
  constructor(database: DatabaseSync, schema = new SchemaChanges()) {
    this.#database = database;
    this.#schema = schema;
  }

  prepare(sql: string): CachedStatement {
    if (MAY_CHANGE_SCHEMA.test(sql)) this.#schema.count += 1;
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = new CachedStatement(this.#database.prepare(sql), this.#schema);
    this.#statements.set(sql, statement);
    return statement;
  }

  /** Runs SQL without parameters or results (transaction control). */
  exec(sql: string): void {
    if (MAY_CHANGE_SCHEMA.test(sql)) this.#schema.count += 1;
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

/** What a statement answered, in Kysely's terms. */
function run(database: StatementCachingDatabase, query: CompiledQuery): QueryResult<unknown> {
  const statement = database.prepare(query.sql);
  if (statement.reader) return { rows: statement.all(query.parameters) };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
}

/**
 * Whether a query only reads, so that a connection of its own may answer it from the last commit: a
 * select built with Kysely, or raw SQL that starts with `select`. Anything else counts as a write.
 */
const readsOnly = (query: CompiledQuery) =>
  SelectQueryNode.is(query.query) || (RawNode.is(query.query) && /^\s*select\b/i.test(query.sql));

/** The savepoint each change of a shared transaction runs in. */
const CHANGE = 'group_commit_change';

/** A shared transaction: the changes that joined it learn together whether it committed. */
class Batch {
  readonly done: Promise<void>;
  #settle: (error: unknown) => void = () => {};

  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.#settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A batch whose every change was undone has nobody waiting for it.
    this.done.catch(() => {});
  }

  settle(error?: unknown): void {
    this.#settle(error);
  }
}

/**
 * Group commit on SQLite's one writer connection. Every write runs as a savepoint inside a shared
 * transaction, one at a time under a lock; when the lock is free at the end of an event-loop turn
 * the shared transaction commits (one fsync for all of them, `synchronous=FULL` kept), and only then
 * does each change hear that it is done: nothing is acknowledged before it is durable. A change that
 * fails rolls back to its own savepoint, leaving the others of its batch as they were; if SQLite
 * itself had to roll the whole transaction back, or the commit fails, every change of the batch
 * fails with it, none acknowledged. The commit waits in the lock's queue like a change, so a steady
 * stream of writes cannot postpone it. After a commit, still holding the lock, the WAL's checkpoints
 * take their turn (WalCheckpoints.afterCommit), for a database in a file.
 */
class GroupCommit {
  readonly #writer: StatementCachingDatabase;
  readonly #checkpoints: WalCheckpoints | undefined;
  readonly #waiting: Array<() => void> = [];
  #held = false;
  #closing = false;
  #batch: Batch | undefined;
  #commitQueued = false;

  constructor(writer: StatementCachingDatabase, checkpoints: WalCheckpoints | undefined) {
    this.#writer = writer;
    this.#checkpoints = checkpoints;
  }

  async lock(): Promise<void> {
    if (this.#closing) throw new Error('the database is closed');
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (next) {
      next();
      return;
    }
    this.#held = false;
    if (this.#batch && !this.#commitQueued) {
      this.#commitQueued = true;
      setImmediate(() => void this.#commitInTurn());
    }
  }

  async #commitInTurn(): Promise<void> {
    // Closing commits the batch itself.
    if (this.#closing) return;
    await this.lock();
    this.#commitQueued = false;
    try {
      const committing = this.#batch !== undefined;
      this.commit();
      // The WAL's checkpoints (WalCheckpoints) take their turn here, with the lock held.
      if (committing) await this.#checkpoints?.afterCommit();
    } finally {
      this.unlock();
    }
  }

  /**
   * Waits for the change under way to end, commits what the batch holds, and keeps the lock, so
   * that nothing writes after it (closing the database).
   */
  async close(): Promise<void> {
    const turn = this.lock();
    this.#closing = true;
    await turn;
    this.commit();
  }

  /** Commits the shared transaction, if one is open (lock held). */
  commit(): void {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = undefined;
    try {
      this.#writer.exec('commit');
      batch.settle();
    } catch (error) {
      if (this.#writer.inTransaction) this.#writer.exec('rollback');
      batch.settle(error);
    }
  }

  /** Starts a change (lock held): opens the shared transaction if needed, and the change's savepoint. */
  begin(): Batch {
    if (!this.#batch) {
      this.#writer.exec('begin immediate');
      this.#batch = new Batch();
    }
    this.#writer.exec(`savepoint ${CHANGE}`);
    return this.#batch;
  }

  /** Keeps the change (lock held); it is durable once its batch is done. */
  keep(): void {
    this.#checkBatchAlive();
    this.#writer.exec(`release ${CHANGE}`);
  }

  /** Undoes the change (lock held), and only it. */
  undo(): void {
    if (!this.#checkBatchAlive()) return;
    this.#writer.exec(`rollback to ${CHANGE}`);
    this.#writer.exec(`release ${CHANGE}`);
  }

  /** Whether the shared transaction is still open; when SQLite rolled it back, its batch fails. */
  #checkBatchAlive(): boolean {
    if (this.#writer.inTransaction) return true;
    const batch = this.#batch;
    this.#batch = undefined;
    const error = new Error('SQLite rolled back the shared transaction: none of its changes was kept');
    batch?.settle(error);
    throw error;
  }
}

/**
 * One use of the database as Kysely sees a connection. Within a transaction it is the writer's, the
 * lock held from begin to commit or rollback. Outside one, a read goes to the reader connection
 * (which sees the last commit, never a batch in progress) and a write is a change of its own in the
 * shared transaction. Without a reader connection (an in-memory database), a read takes the lock and
 * commits the open batch first, so it too sees only what is durable.
 */
class Lease implements DatabaseConnection {
  readonly #group: GroupCommit;
  readonly #writer: StatementCachingDatabase;
  readonly #reader: StatementCachingDatabase | undefined;
  #batch: Batch | undefined;

  constructor(
    group: GroupCommit,
    writer: StatementCachingDatabase,
    reader: StatementCachingDatabase | undefined,
  ) {
    this.#group = group;
    this.#writer = writer;
    this.#reader = reader;
  }

  async begin(): Promise<void> {
    await this.#group.lock();
    try {
      this.#batch = this.#group.begin();
    } catch (error) {
      this.#group.unlock();
      throw error;
    }
  }

  /** Ends the transaction; a kept one resolves once its batch has committed. */
  async end(keep: boolean): Promise<void> {
    const batch = this.#batch;
    this.#batch = undefined;
    try {
      if (keep) this.#group.keep();
      else this.#group.undo();
    } catch (error) {
      if (keep) this.#group.undo();
      throw error;
    } finally {
      this.#group.unlock();
    }
    if (keep) await batch?.done;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (await this.#execute(query)) as QueryResult<R>;
  }

  async #execute(query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (this.#batch) return run(this.#writer, query);
    if (readsOnly(query)) {
      if (this.#reader) return run(this.#reader, query);
      await this.#group.lock();
      try {
        this.#group.commit();
        return run(this.#writer, query);
      } finally {
        this.#group.unlock();
      }
    }
    await this.begin();
    let result: QueryResult<unknown>;
    try {
      result = run(this.#writer, query);
    } catch (error) {
      await this.end(false);
      throw error;
    }
    await this.end(true);
    return result;
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('only a select can be streamed from SQLite');
    const { rows } = await this.#execute(query);
    for (const row of rows) yield { rows: [row as R] };
  }
}

/** Kysely's driver for the group-committing writer and the optional reader connection. */
class GroupCommitDriver implements Driver {
  readonly #writer: StatementCachingDatabase;
  readonly #reader: StatementCachingDatabase | undefined;
  readonly #group: GroupCommit;
  readonly #checkpoints: WalCheckpoints | undefined;

  constructor(
    writer: DatabaseSync,
    reader: DatabaseSync | undefined,
    checkpoints: WalCheckpoints | undefined,
  ) {
    const schema = new SchemaChanges();
    this.#writer = new StatementCachingDatabase(writer, schema);
    this.#reader = reader && new StatementCachingDatabase(reader, schema);
    this.#checkpoints = checkpoints;
    this.#group = new GroupCommit(this.#writer, checkpoints);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this.#group, this.#writer, this.#reader);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await leaseOf(connection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await leaseOf(connection).end(true);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await leaseOf(connection).end(false);
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${identifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${identifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${identifier(name)}`));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    // Whatever is still waiting for its batch commits now, before the connections close; a change
    // under way ends first, so no half-made change is ever committed.
    await this.#group.close();
    // The writer closes last: as the file's last connection, it checkpoints the WAL whole and removes it.
    await this.#checkpoints?.close();
    this.#reader?.close();
    this.#writer.close();
  }
}

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

function leaseOf(connection: DatabaseConnection): Lease {
  if (!(connection instanceof Lease)) throw new Error('not a connection of the group-commit driver');
  return connection;
}

/** SQLite's adapter, telling Kysely that our driver does its own locking (see GroupCommit). */
class GroupCommitAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/**
 * Kysely's SQLite compiler, adapter and introspector over `node:sqlite`: a writer connection that
 * group-commits (GroupCommit), and, for a database in a file, a read-only `reader` connection on
 * the same WAL database that answers reads from the last commit without waiting for writes, and
 * the WAL's `checkpoints` on a thread of their own. Each connection prepares each query text once.
 */
export function nodeSqliteDialect(
  writer: DatabaseSync,
  file?: { reader: DatabaseSync; checkpoints?: WalCheckpoints | undefined },
): Dialect {
  return {
    createAdapter: () => new GroupCommitAdapter(),
    createDriver: () => new GroupCommitDriver(writer, file?.reader, file?.checkpoints),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
