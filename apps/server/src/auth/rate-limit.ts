import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface LimitRule {
  max: number;
  windowSeconds: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the window that refused the attempt ends (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window attempt counters kept in the database (table auth_attempts), so every server
 * instance behind a load balancer counts against the same limits. One upsert per attempt.
 */
export class AttemptLimiter {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async consume(key: string, rule: LimitRule, nowMs: number = Date.now()): Promise<LimitDecision> {
    const windowMs = rule.windowSeconds * 1000;
    const expired = sql<boolean>`auth_attempts.window_started_ms <= ${nowMs - windowMs}`;
    const row = await this.#db
      .insertInto('auth_attempts')
      .values({ key, count: 1, window_started_ms: nowMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else auth_attempts.count + 1 end`,
          window_started_ms: sql<number>`case when ${expired} then ${nowMs} else auth_attempts.window_started_ms end`,
        }),
      )
      .returning(['count', 'window_started_ms'])
      .executeTakeFirstOrThrow();
    if (Number(row.count) <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
    const endsMs = Number(row.window_started_ms) + windowMs;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsMs - nowMs) / 1000)) };
  }

  /**
   * Drops counters older than `olderThanMs`, ours and those of Better Auth's own limiter, so
   * neither table grows without end. Every limit window is far shorter than that age.
   */
  async prune(olderThanMs: number, nowMs: number = Date.now()): Promise<void> {
    const cutoff = nowMs - olderThanMs;
    await this.#db.deleteFrom('auth_attempts').where('window_started_ms', '<', cutoff).execute();
    await this.#db.deleteFrom('rate_limits').where('last_request', '<', cutoff).execute();
  }
}
