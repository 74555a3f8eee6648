import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { TextQueryClient } from './text-query-client.ts';

class PgliteClient extends TextQueryClient {
  readonly #db: PGlite;
  readonly #release: () => void;

  constructor(db: PGlite, release: () => void) {
    super();
    this.#db = db;
    this.#release = release;
  }

  release(): void {
    this.#release();
  }

  protected async runText<R>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> {
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
