import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { slot } from '../db/query-shapes.ts';
import { newRowId } from '../db/row-ids.ts';
import type { Database, OutboxRow } from '../db/schema.ts';
import type { ChangeStatement } from '../products/product-change.ts';

/** A job to write into the outbox, in the transaction of whatever made it due. */
export interface NewJob {
  kind: string;
  /** Stored as JSON; the job's handler reads it back. */
  payload: unknown;
  /** The low-stock alert it delivers, if any (for the audit listing). */
  alertId?: string | null;
  /** Who it goes to (a mail's address), for the audit listing. */
  recipient?: string | null;
}

/** A job a worker holds the lease of. */
export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  /** Tries so far, this one included. */
  attempt: number;
  giveUpAt: Date;
}

/** What a try came to: done (with follow-up jobs), or failed (tried again at `retryAt`, or given up). */
export type Outcome =
  | { ok: true; followUps: NewJob[] }
  | { ok: false; error: string; retryAt: Date | undefined };

const MAX_ERROR_LENGTH = 1000;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * All SQL of the transactional outbox. Jobs are written with the change that made them due, so a
 * crash can lose neither; a worker claims due jobs by taking a lease on them in one statement
 * (`FOR UPDATE SKIP LOCKED` on PostgreSQL, so instances never claim the same job; SQLite runs one
 * writer at a time), and settles each under that lease.
 */
export class OutboxRepository {
  readonly #db: Kysely<Database>;
  readonly #postgres: boolean;
  readonly #giveUpAfterMs: number;

  constructor(db: Kysely<Database>, options: { giveUpAfterMs: number }) {
    this.#db = db;
    this.#postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    this.#giveUpAfterMs = options.giveUpAfterMs;
  }

  /** Writes jobs due now, through `db` (a transaction's, so they commit or roll back with it). */
  async enqueue(db: Kysely<Database>, jobs: readonly NewJob[], at: Date): Promise<void> {
    if (jobs.length === 0) return;
    await db
      .insertInto('outbox')
      .values(jobs.map((job) => this.#jobRow(job, at)))
      .execute();
  }

  /** The statement that writes one job due at `at`, for a change's transaction (see ChangeStatement). */
  enqueueStatement(job: NewJob, at: Date): ChangeStatement {
    const row = this.#jobRow(job, at);
    return {
      shape: 'outbox job',
      build: () =>
        sql`${this.#db.insertInto('outbox').values({
          id: slot('id'),
          kind: slot('kind'),
          payload: slot('payload'),
          alert_id: slot('alert_id'),
          recipient: slot('recipient'),
          status: slot('status'),
          run_at: slot('run_at'),
          give_up_at: slot('give_up_at'),
          created_at: slot('created_at'),
        })}`,
      values: row,
    };
  }

  /** A job's row, due at `at`. */
  #jobRow(job: NewJob, at: Date) {
    const now = at.toISOString();
    return {
      id: newRowId(),
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      alert_id: job.alertId ?? null,
      recipient: job.recipient ?? null,
      status: 'pending' as const,
      run_at: now,
      give_up_at: new Date(at.getTime() + this.#giveUpAfterMs).toISOString(),
      created_at: now,
    };
  }

  /** Leases up to `limit` due jobs to `worker` until `leaseUntil`; a job whose lease ran out is due again. */
  async claim(worker: string, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedJob[]> {
    const at = now.toISOString();
    const due = this.#db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('run_at', '<=', at)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      .$if(this.#postgres, (query) => query.forUpdate().skipLocked());
    const rows = await this.#db
      .updateTable('outbox')
      .set((eb) => ({
        lease_until: leaseUntil.toISOString(),
        leased_by: worker,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
    return rows.map((row: OutboxRow) => ({
      id: row.id,
      kind: row.kind,
      payload: JSON.parse(row.payload) as unknown,
      attempt: row.attempts,
      giveUpAt: toDate(row.give_up_at),
    }));
  }

  /**
   * Records a try and settles the job, while `worker` still holds its lease: delivered with its
   * follow-up jobs, pending again until `retryAt`, or failed. All in one transaction; false (and
   * nothing written) when the lease was lost to another worker.
   */
  async settle(job: ClaimedJob, worker: string, at: Date, outcome: Outcome): Promise<boolean> {
    const now = at.toISOString();
    return this.#db.transaction().execute(async (trx) => {
      const error = outcome.ok ? null : outcome.error.slice(0, MAX_ERROR_LENGTH);
      const settled = await trx
        .updateTable('outbox')
        .set({
          status: outcome.ok ? 'delivered' : outcome.retryAt ? 'pending' : 'failed',
          run_at: !outcome.ok && outcome.retryAt ? outcome.retryAt.toISOString() : now,
          lease_until: null,
          leased_by: null,
          finished_at: outcome.ok || !outcome.retryAt ? now : null,
          last_error: error,
        })
        .where('id', '=', job.id)
        .where('leased_by', '=', worker)
        .where('status', '=', 'pending')
        .where('attempts', '=', job.attempt)
        .executeTakeFirst();
      if (Number(settled.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto('outbox_attempts')
        .values({ job_id: job.id, attempt: job.attempt, at: now, error })
        .execute();
      if (outcome.ok) await this.enqueue(trx, outcome.followUps, at);
      return true;
    });
  }

  /**
   * When a pending job next falls due: its time to run, or for a leased one the end of its lease
   * (should its worker have died). Undefined when nothing is pending.
   */
  async nextDue(): Promise<Date | undefined> {
    const row = await this.#db
      .selectFrom('outbox')
      .select(sql<Date | string | null>`min(coalesce(lease_until, run_at))`.as('due'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return row?.due ? toDate(row.due) : undefined;
  }
}
