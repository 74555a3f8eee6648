import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { TextQueryClient } from './text-query-client.ts';

/** Texts given a name in one process at most; a text beyond them runs unnamed, as before. */
export const MAX_NAMED_TEXTS = 500;

/**
 * A pattern match (`like $1`, `ilike`, `similar to`) stays unnamed: its best plan depends on the
 * pattern, which the generic plan PostgreSQL settles on after five runs does not know (under mixed
 * traffic the search's generic plan took 19 ms against 4.5 ms planned per run, ADR 24).
 */
const MATCHES_A_PATTERN = /\b(?:i?like|similar\s+to)\s+\$\d/i;

/** PostgreSQL refused a prepared statement whose result columns a schema change altered. */
const isResultTypeChanged = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === '0A000';

/** pg's answer as Kysely reads it: the rows are whatever the statement answered. */
const inKyselyTerms = <R>({ command, rowCount, rows }: pg.QueryResult): PostgresQueryResult<R> => ({
  command: command as PostgresQueryResult<R>['command'],
  rowCount: rowCount ?? 0,
  rows: rows as unknown as R[],
});

/** Opens and ends a transaction (not a savepoint's `rollback to`). */
const BEGINS = /^\s*(?:begin|start\s+transaction)\b/i;
const ENDS = /^\s*(?:commit|end|rollback(?!\s+to\b))\b/i;

/**
 * The name each statement text runs under, the same for every connection of the process, so that
 * each connection parses and plans a text once. Texts are the app's closed sets of query shapes (a
 * few dozen); `undefined` for a text that stays unnamed.
 */
class StatementNames {
  readonly #names = new Map<string, string | undefined>();
  #next = 0;

  nameOf(text: string): string | undefined {
    if (this.#names.has(text)) return this.#names.get(text);
    if (this.#names.size >= MAX_NAMED_TEXTS) return undefined;
    const name = MATCHES_A_PATTERN.test(text) ? undefined : `walton_${this.#next++}`;
    this.#names.set(text, name);
    return name;
  }

  /** Gives the text a new name: every connection prepares it again, with the columns of today. */
  rename(text: string): void {
    this.#names.delete(text);
  }
}

/** A pooled connection that runs each statement with parameters under its text's name. */
class PreparingClient extends TextQueryClient {
  readonly #client: pg.PoolClient;
  readonly #names: StatementNames;
  #inTransaction = false;

  constructor(client: pg.PoolClient, names: StatementNames) {
    super();
    this.#client = client;
    this.#names = names;
  }

  /** The backend's process id, which Kysely uses to cancel a query (pg's undocumented member). */
  get processID(): number | undefined {
    const { processID } = this.#client as { processID?: unknown };
    return typeof processID === 'number' ? processID : undefined;
  }

  protected runText<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (BEGINS.test(text)) this.#inTransaction = true;
    else if (ENDS.test(text)) this.#inTransaction = false;
    return this.#run<R>(text, parameters);
  }

  async #run<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const name = parameters.length > 0 ? this.#names.nameOf(text) : undefined;
    const values = [...parameters];
    if (!name) return inKyselyTerms(await this.#client.query(text, values));
    try {
      return inKyselyTerms(await this.#client.query({ name, text, values }));
    } catch (error) {
      if (!isResultTypeChanged(error)) throw error;
      this.#names.rename(text);
      // Inside a transaction PostgreSQL has already aborted it: the caller hears of it and may
      // try the whole transaction again. Outside one, the statement runs again under its new name.
      if (this.#inTransaction) throw error;
      return this.#run(text, parameters);
    }
  }

  release(destroy?: boolean): void {
    this.#inTransaction = false;
    this.#client.release(destroy);
  }
}

/**
 * A `pg.Pool` as Kysely's PostgresDialect takes it, whose connections run every statement with
 * parameters as a named prepared statement (ADR 27): PostgreSQL parses, analyses and rewrites a text
 * once per connection instead of on every run, and may keep a generic plan. Statements without
 * parameters (transaction control, migrations) and pattern matches run unnamed.
 */
export class PreparingPool implements PostgresPool {
  readonly #pool: pg.Pool;
  readonly #names = new StatementNames();
  /** One wrapper per pooled connection: Kysely keeps its connection objects per client. */
  readonly #clients = new WeakMap<pg.PoolClient, PreparingClient>();

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  get options(): object {
    return this.#pool.options;
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.#pool.connect();
    let preparing = this.#clients.get(client);
    if (!preparing) {
      // The pool listens for a connection's errors only while it is idle. One that drops while it is
      // lent out, between two statements of a transaction, fails its next statement and is thrown
      // away on release (it is no longer queryable); its `error` event adds nothing, but with nobody
      // listening Node would end the whole process on it.
      client.on('error', () => {});
      preparing = new PreparingClient(client, this.#names);
      this.#clients.set(client, preparing);
    }
    return preparing;
  }

  async end(): Promise<void> {
    await this.#pool.end();
  }
}
