import type { PostgresCursor, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * A pooled connection as Kysely's PostgresDialect calls it, for pools of ours that run query texts
 * only (no dialect of ours configures a cursor, so nothing streams): PGlite's (pglite-pool.ts) and
 * the preparing pool around pg's (prepared-statements.ts). Each says how it runs a text.
 */
export abstract class TextQueryClient implements PostgresPoolClient {
  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('streaming queries are not supported by this pool');
    return this.runText<R>(sqlOrCursor, parameters);
  }

  /** Runs one query text with its parameters. */
  protected abstract runText<R>(
    sql: string,
    parameters: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>>;

  abstract release(destroy?: boolean): void;
}
