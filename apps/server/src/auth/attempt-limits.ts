import { accountEmailSchema } from '@walton/contract';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/http-error.ts';

// Limits on the Better Auth endpoints that guess passwords, create accounts or send mail: the rules,
// and the counters that enforce them. (Changes under /api have a ceiling of their own, per user and
// in memory: http/change-limit.ts.)

export interface LimitRule {
  max: number;
  windowSeconds: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** Seconds until the window that refused the attempt ends (0 when allowed). */
  retryAfterSeconds: number;
}

interface EndpointLimits {
  perIp: LimitRule;
  /**
   * Counted per account: the email address in the body, whether or not an account has it (no
   * enumeration), or, where `account` is `'session'`, the signed-in user the call is made for.
   */
  perAccount?: LimitRule;
  account?: 'body' | 'session';
}

const minutes = (count: number) => count * 60;

/** Password guesses one account takes, however they come: signing in or changing the password. */
const PASSWORD_GUESSES_PER_IP: LimitRule = { max: 30, windowSeconds: minutes(10) };
const PASSWORD_GUESSES_PER_ACCOUNT: LimitRule = { max: 10, windowSeconds: minutes(15) };

/**
 * Limits per canonical path under /api/auth (http/canonical-path.ts refuses every other spelling
 * before the limits are looked up).
 */
export const AUTH_LIMITS: Record<string, EndpointLimits> = {
  '/api/auth/sign-in/email': {
    perIp: PASSWORD_GUESSES_PER_IP,
    perAccount: PASSWORD_GUESSES_PER_ACCOUNT,
  },
  // Checks the current password: a guess like a sign-in's, made from a session (the account's own).
  '/api/auth/change-password': {
    perIp: PASSWORD_GUESSES_PER_IP,
    perAccount: PASSWORD_GUESSES_PER_ACCOUNT,
    account: 'session',
  },
  '/api/auth/sign-up/email': {
    perIp: { max: 20, windowSeconds: minutes(60) },
    perAccount: { max: 5, windowSeconds: minutes(60) },
  },
  '/api/auth/request-password-reset': {
    perIp: { max: 10, windowSeconds: minutes(15) },
    perAccount: { max: 3, windowSeconds: minutes(15) },
  },
  '/api/auth/reset-password': {
    perIp: { max: 10, windowSeconds: minutes(15) },
  },
  '/api/auth/send-verification-email': {
    perIp: { max: 10, windowSeconds: minutes(15) },
    perAccount: { max: 3, windowSeconds: minutes(15) },
  },
};

/** The paths, relative to Better Auth's base path, that AUTH_LIMITS covers. */
export const LIMITED_AUTH_PATHS = Object.keys(AUTH_LIMITS);

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return new HttpError(429, 'TOO_MANY_REQUESTS', {
    params: { what: 'attempts', wait, retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * The account an attempt is for: the body's email, validated like sign-up validates it, so that no
 * text longer or stranger than an address becomes a counter key or a row; 400 when it is not one.
 */
function accountOf(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('email' in body) || body.email === undefined) return undefined;
  const parsed = accountEmailSchema.safeParse(
    typeof body.email === 'string' ? body.email.trim() : body.email,
  );
  if (!parsed.success) {
    throw new HttpError(400, 'INVALID_EMAIL');
  }
  return parsed.data.toLowerCase();
}

/**
 * Counts the attempt per IP and per account; throws 429 (with Retry-After) once a limit is reached.
 * `path` must be canonical (the limits are looked up by it). `signedInUserId` finds the user of the
 * request's session, for the limits counted per signed-in account.
 */
export async function enforceAuthLimits(
  limiter: AttemptLimiter,
  request: FastifyRequest,
  path: string,
  signedInUserId: () => Promise<string | undefined>,
): Promise<void> {
  const limits = AUTH_LIMITS[path];
  if (!limits || request.method !== 'POST') return;
  const byIp = await limiter.consume(`ip:${path}:${request.ip}`, limits.perIp);
  if (!byIp.allowed) throw tooManyAttempts(byIp.retryAfterSeconds);
  if (!limits.perAccount) return;
  const account =
    limits.account === 'session'
      ? await signedInUserId().then((id) => id && `user:${id}`)
      : accountOf(request.body);
  if (!account) return;
  const byAccount = await limiter.consume(`account:${path}:${account}`, limits.perAccount);
  if (!byAccount.allowed) throw tooManyAttempts(byAccount.retryAfterSeconds);
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
