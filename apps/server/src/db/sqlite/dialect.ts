import { DatabaseSync } from 'node:sqlite';
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
} from 'kysely';
import type { StatementSequence } from '../statement-sequence.ts';
import { runStatement, SchemaChanges, type Statement, StatementCachingDatabase } from './statements.ts';
import { SqliteWriter, type WriterReply } from './writer.ts';

/**
 * Whether a query only reads, so that a connection of its own may answer it from the last commit: a
 * select built with Kysely, or raw SQL that starts with `select`. Anything else counts as a write.
 */
const readsOnly = (query: CompiledQuery) =>
  SelectQueryNode.is(query.query) || (RawNode.is(query.query) && /^\s*select\b/i.test(query.sql));

const statementsOf = (query: CompiledQuery): Statement[] =>
  ('sequence' in query ? (query as StatementSequence).sequence : [query]).map(({ sql, parameters }) => ({
    sql,
    parameters,
  }));

/**
 * The order in which requests reach the writer's thread. A transaction of the app's holds it from
 * begin to end, so that no other change lands inside it; a change of its own holds it only while
 * it posts its one message (the thread handles messages in order), never while the thread works.
 */
class PostingOrder {
  readonly #waiting: Array<() => void> = [];
  #held = false;
  #closing = false;

  async take(): Promise<void> {
    if (this.#closing) throw new Error('the database is closed');
    if (!this.#held) {
      this.#held = true;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  /** Whether someone waits for their turn (and will post as soon as they have it). */
  get awaited(): boolean {
    return this.#waiting.length > 0;
  }

  /**
   * Posts a request in its turn; resolves with the reply once the thread has answered. `post` is
   * told whether someone waits for their turn behind it (and will post at once): the thread then
   * keeps the batch open for them.
   */
  async post(post: (more: boolean) => Promise<WriterReply>): Promise<WriterReply> {
    await this.take();
    let reply: Promise<WriterReply>;
    try {
      reply = post(this.awaited);
    } finally {
      this.release();
    }
    return reply;
  }

  /** Takes it for good: whoever is under way ends first, nothing is posted after. */
  async close(): Promise<void> {
    const turn = this.take();
    this.#closing = true;
    await turn;
  }
}

const resultOf = (reply: WriterReply): QueryResult<unknown> => reply.result ?? { rows: [] };

/**
 * One use of the database as Kysely sees a connection. Within a transaction, every statement goes
 * to the writer's thread, the posting order held from begin to end. Outside one, a read goes to the
 * reader connection (which sees the last commit, never a batch in progress), and a write is a
 * change of its own, resolved once its batch has committed. Without a reader connection (a database
 * in memory), the writer's thread answers a read after committing the open batch, so that it too
 * sees only what is durable.
 */
class Lease implements DatabaseConnection {
  readonly #writer: SqliteWriter;
  readonly #order: PostingOrder;
  readonly #reader: StatementCachingDatabase | undefined;
  readonly #schema: SchemaChanges;
  #inTransaction = false;

  constructor(
    writer: SqliteWriter,
    order: PostingOrder,
    reader: StatementCachingDatabase | undefined,
    schema: SchemaChanges,
  ) {
    this.#writer = writer;
    this.#order = order;
    this.#reader = reader;
    this.#schema = schema;
  }

  async begin(): Promise<void> {
    await this.#order.take();
    try {
      await this.#writer.request({ op: 'begin' });
    } catch (error) {
      this.#order.release();
      throw error;
    }
    this.#inTransaction = true;
  }

  /**
   * Ends the transaction; a kept one resolves once its batch has committed. Kysely rolls back after
   * a failed commit, and the thread has already undone it then: a second end does nothing.
   */
  async end(keep: boolean): Promise<void> {
    if (!this.#inTransaction) return;
    this.#inTransaction = false;
    let reply: Promise<WriterReply>;
    try {
      // Whoever waits for the order posts next: the thread does not commit before it has.
      reply = this.#writer.request({ op: 'end', keep, more: this.#order.awaited });
    } finally {
      this.#order.release();
    }
    await (await reply).durable;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (await this.#execute(query)) as QueryResult<R>;
  }

  async #execute(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const statements = statementsOf(query);
    for (const { sql } of statements) this.#schema.note(sql);
    if (this.#inTransaction) return resultOf(await this.#writer.request({ op: 'run', statements }));
    if (statements.length === 1 && readsOnly(query)) {
      if (this.#reader) return runStatement(this.#reader, query);
      const [statement] = statements as [Statement];
      return resultOf(await this.#order.post(() => this.#writer.request({ op: 'read', statement })));
    }
    const reply = await this.#order.post((more) => this.#writer.request({ op: 'change', statements, more }));
    await reply.durable;
    return resultOf(reply);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('only a select can be streamed from SQLite');
    const { rows } = await this.#execute(query);
    for (const row of rows) yield { rows: [row as R] };
  }
}

/** Where the database is: a file (with a reader connection beside the writer) or `:memory:`. */
export interface SqliteFile {
  file: string;
  /** Pragmas the writer's connection runs when it opens. */
  writerSetup: readonly string[];
  /** Pragmas the reader's connection runs when it opens (a file only). */
  readerSetup: readonly string[];
}

/**
 * Kysely's driver for the writer's thread and, for a file, the reader connection, both opened when
 * the database is first used.
 */
class ThreadedWriterDriver implements Driver {
  readonly #database: SqliteFile;
  readonly #order = new PostingOrder();
  readonly #schema = new SchemaChanges();
  #writer: SqliteWriter | undefined;
  #reader: StatementCachingDatabase | undefined;

  constructor(database: SqliteFile) {
    this.#database = database;
  }

  async init(): Promise<void> {
    const { file, writerSetup, readerSetup } = this.#database;
    if (file !== ':memory:') {
      // The file exists, in its journal mode, before the reader opens it and the writer's thread starts.
      const creator = new DatabaseSync(file);
      for (const pragma of writerSetup) creator.exec(pragma);
      creator.close();
      const reader = new DatabaseSync(file, { readOnly: true });
      for (const pragma of readerSetup) reader.exec(pragma);
      this.#reader = new StatementCachingDatabase(reader, this.#schema);
    }
    this.#writer = new SqliteWriter({ file, setup: writerSetup });
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#writer) throw new Error('the SQLite driver was not initialised');
    return new Lease(this.#writer, this.#order, this.#reader, this.#schema);
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
    // A transaction under way ends first, so no half-made change is ever committed; whatever is
    // still waiting for its batch commits as the writer closes. The writer closes last: as the
    // file's last connection, it checkpoints the WAL whole and removes it.
    await this.#order.close();
    this.#reader?.close();
    await this.#writer?.close();
  }
}

const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

function leaseOf(connection: DatabaseConnection): Lease {
  if (!(connection instanceof Lease)) throw new Error('not a connection of the SQLite driver');
  return connection;
}

/** SQLite's adapter, telling Kysely that our driver does its own ordering (see PostingOrder). */
class ThreadedWriterAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/**
 * Kysely's SQLite compiler, adapter and introspector over `node:sqlite`: a writer connection on a
 * thread of its own that group-commits (writer-thread.ts), and, for a database in a file, a
 * read-only reader connection on the same WAL database that answers reads from the last commit
 * without waiting for writes. Each connection prepares each query text once.
 */
export function nodeSqliteDialect(database: SqliteFile): Dialect {
  return {
    createAdapter: () => new ThreadedWriterAdapter(),
    createDriver: () => new ThreadedWriterDriver(database),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
