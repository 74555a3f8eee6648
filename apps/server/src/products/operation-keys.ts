import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { slot } from '../db/query-shapes.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';
import type { ChangeParticipant, ChangeStatement, ProductChange } from './product-change.ts';

/** What a change answered: kept with its key, answered again to the same key. */
export interface KeptAnswer<Body> {
  statusCode: number;
  body: Body;
}

/**
 * What a send answered without changing anything (an item already in the trash, an edit that sets
 * what is there): no key is kept with it, and when another send of its key just made that state, that
 * send's answer is this one's (see OperationKeys.once).
 */
export interface Unchanged<Body> {
  unchanged: KeptAnswer<Body>;
}

/** How long a kept key answers its resends: at least a day (docs/api.md), then prune() drops it. */
export const OPERATION_KEY_RETENTION_MS = 24 * 60 * 60 * 1000;

/** A change sent with an `Idempotency-Key`: who sent it, the key, and what the request was. */
export interface Operation {
  accountId: string;
  key: string;
  /** The request as it decides the change (route, item, body): the same key must come with the same. */
  request: unknown;
}

/** The operation of a change `accountId` sent with `key` for `request`; none when it came without a key. */
export const operationOf = (
  accountId: string,
  key: string | undefined,
  request: unknown,
): Operation | undefined => (key === undefined ? undefined : { accountId, key, request });

const answerOf = <Body>(applied: KeptAnswer<Body> | Unchanged<Body>): KeptAnswer<Body> =>
  'unchanged' in applied ? applied.unchanged : applied;

/** How often a send whose key another send took looks for that one's answer before failing. */
const KEY_TAKEN_ATTEMPTS = 40;
/** How often a document's send whose key another send took looks for that one's row (see keptSend). */
const DOCUMENT_KEY_TAKEN_ATTEMPTS = 20;

/** The digest a kept send's request is compared by: the same key must come with the same request. */
export const digestOf = (request: unknown) =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** A row a send with an `Idempotency-Key` kept (a document's scan or pick): the digest of its request. */
export interface KeptRequest {
  request_digest: string;
}

/**
 * What an account's earlier send of a key kept (`read`), when it was the same request (422
 * IDEMPOTENCY_KEY_REUSED otherwise); undefined with no key or nothing kept. `meanwhile`: a send of
 * the key just took it, so its row is read on the writer, a few times, while its transaction is on
 * its way.
 */
export async function keptSend<Row extends KeptRequest>(
  key: string | undefined,
  digest: string,
  read: (key: string, options: { onWriter: boolean }) => Promise<Row | undefined>,
  options: { meanwhile: boolean } = { meanwhile: false },
): Promise<Row | undefined> {
  if (key === undefined) return undefined;
  const attempts = options.meanwhile ? DOCUMENT_KEY_TAKEN_ATTEMPTS : 1;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const row = await read(key, { onWriter: options.meanwhile });
    if (row) {
      if (row.request_digest !== digest) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED');
      return row;
    }
    if (attempt < attempts) await setTimeout(attempt * 5);
  }
  return undefined;
}

/** PostgreSQL's unique_violation; SQLite's extended codes of a PRIMARY KEY and a UNIQUE constraint. */
const isKeyTaken = (error: unknown) =>
  error instanceof Error &&
  (('code' in error && error.code === '23505') ||
    ('errcode' in error && (error.errcode === 1555 || error.errcode === 2067)));

/**
 * Operation ids: a change sent with an `Idempotency-Key` is applied once. Its key, a digest of its
 * request and its answer are written in the change's own transaction (`statement`); the same key
 * again answers what the first got and changes nothing (`once`), and with another request is
 * refused (422 IDEMPOTENCY_KEY_REUSED). Keys are kept per account; a refusal keeps no key, so the
 * same key may be sent again once the refusal's cause is gone.
 */
export class OperationKeys {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /**
   * Runs `apply` once per key: the answer kept for the operation's key when there is one (a resend,
   * its body read back by `bodyOf`), otherwise `apply`'s, whose change must write
   * `statement(operation, answer)` with it. Two sends of one key at once: the change of one
   * commits, the other's is undone whole by the key's uniqueness, or refused by its rule on the state
   * the first made, and answers the kept answer.
   */
  async once<Body>(
    operation: Operation | undefined,
    bodyOf: (kept: unknown) => Body,
    apply: () => Promise<KeptAnswer<Body> | Unchanged<Body>>,
  ): Promise<KeptAnswer<Body>> {
    if (!operation) return answerOf(await apply());
    for (let attempt = 1; ; attempt += 1) {
      const kept = await this.#kept(operation, bodyOf);
      if (kept) return kept;
      try {
        const applied = await apply();
        if (!('unchanged' in applied)) return applied;
        // Nothing to change, perhaps because another send of this key just changed it: its answer.
        return (await this.#keptAfterRefusal(operation, bodyOf)) ?? applied.unchanged;
      } catch (error) {
        // Refused on a state that another send of this key made meanwhile (the units it registered or
        // dispatched, the stock it moved): that send's answer is this one's.
        if (error instanceof HttpError) {
          const meanwhile = await this.#keptAfterRefusal(operation, bodyOf);
          if (meanwhile) return meanwhile;
          throw error;
        }
        // The key was taken by a change not yet visible here (SQLite answers a change of a group
        // commit that failed before the group has committed): look again in a moment; if that change
        // was undone after all, this one is applied instead.
        if (!isKeyTaken(error) || attempt === KEY_TAKEN_ATTEMPTS) throw error;
        await setTimeout(attempt * 5);
      }
    }
  }

  /**
   * The change participant that keeps the operation's key with `answerOf` the change, in the
   * change's transaction (nothing without an operation).
   */
  keeping(
    operation: Operation | undefined,
    answerOf: (change: ProductChange) => KeptAnswer<unknown>,
    at: Date,
  ): ChangeParticipant {
    return (change) => (operation ? [this.statement(operation, answerOf(change), at)] : []);
  }

  /**
   * Drops the keys kept longer than OPERATION_KEY_RETENTION_MS before `now`: their resends are then
   * new operations. Answers how many it dropped.
   */
  async prune(now: Date): Promise<number> {
    const before = new Date(now.getTime() - OPERATION_KEY_RETENTION_MS).toISOString();
    const result = await this.#db
      .deleteFrom('operation_keys')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The statement that keeps the key and the answer, in the change's transaction. */
  statement(operation: Operation, answer: KeptAnswer<unknown>, at: Date): ChangeStatement {
    return {
      shape: 'operation key',
      build: () =>
        sql`insert into operation_keys (account_id, key, request_digest, status_code, answer, created_at)
          values (${slot('accountId')}, ${slot('key')}, ${slot('digest')}, ${slot('statusCode')},
            ${slot('answer')}, ${slot('at')})`,
      values: {
        accountId: operation.accountId,
        key: operation.key,
        digest: digestOf(operation.request),
        statusCode: answer.statusCode,
        answer: JSON.stringify(answer.body),
        at: at.toISOString(),
      },
    };
  }

  /**
   * The answer kept for the key by another send whose change this one's refusal was judged on. Read
   * in a transaction: on SQLite that is read on the writer, which sees the other send's change even
   * before its group has committed (as the refusal did), and resolves only once that group has
   * committed; a group that failed after all rejects, and this send's refusal stands. On PostgreSQL
   * the refusal was judged on committed state, which holds the key with the change.
   */
  async #keptAfterRefusal<Body>(
    operation: Operation,
    bodyOf: (kept: unknown) => Body,
  ): Promise<KeptAnswer<Body> | undefined> {
    try {
      return await this.#db.transaction().execute((trx) => this.#kept(operation, bodyOf, trx));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      return undefined;
    }
  }

  async #kept<Body>(
    operation: Operation,
    bodyOf: (kept: unknown) => Body,
    db: Kysely<Database> = this.#db,
  ): Promise<KeptAnswer<Body> | undefined> {
    const row = await db
      .selectFrom('operation_keys')
      .select(['request_digest', 'status_code', 'answer'])
      .where('account_id', '=', operation.accountId)
      .where('key', '=', operation.key)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.request_digest !== digestOf(operation.request)) {
      throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED');
    }
    return { statusCode: Number(row.status_code), body: bodyOf(JSON.parse(row.answer)) };
  }
}
