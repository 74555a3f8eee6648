import type { PGlite } from '@electric-sql/pglite';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

class PgliteClient implements PostgresPoolClient {
  readonly #db: PGlite;
  readonly release: () => void;

  constructor(db: PGlite, release: () => void) {
    this.#db = db;
    this.release = release;
  }

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('Streaming queries are not supported on PGlite');
    return this.#run<R>(sqlOrCursor, parameters);
  }

  async #run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const result = await this.#db.query<R>(sql, [...parameters]);
    const command = (sql.trimStart().split(/\s/, 1)[0] ?? '').toUpperCase();
    return {
      command: command as PostgresQueryResult<R>['command'],
      rowCount: result.affectedRows ?? result.rows.length,
      rows: result.rows,
    };
  }
}

/**
 * Lets Kysely's PostgresDialect drive an in-process PGlite database: one client, handed out to
 * one caller at a time so that a transaction's statements never interleave with another's.
 */
export class PgliteLikePool implements PostgresPool {
  readonly options = {};
  readonly #db: PGlite;
  #queue: Promise<void> = Promise.resolve();

  constructor(db: PGlite) {
    this.#db = db;
  }

  async connect(): Promise<PostgresPoolClient> {
    let release = () => {};
    const turn = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#queue;
    this.#queue = previous.then(() => turn);
    await previous;
    return new PgliteClient(this.#db, release);
  }

  async end(): Promise<void> {
    await this.#db.close();
  }
}
