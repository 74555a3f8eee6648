import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './http-error.ts';
import { SAFE_METHODS } from './request-methods.ts';

/** Routes under /api, except Better Auth's endpoints, which have limits of their own (auth/attempt-limits.ts). */
const isLimitedRoute = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/auth/');

/** A change (a method that is not safe) to a limited route. */
export function isLimitedWrite(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) && isLimitedRoute(request.routeOptions.url ?? '');
}

/** Whether any request a route answers can be a limited write; the others need no limiter at all. */
function takesLimitedWrites(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return isLimitedRoute(route.url) && methods.some((method) => !SAFE_METHODS.has(method));
}

/** The key a request's changes are counted under: its user, or its address without a session. */
export const changeLimitKey = (request: FastifyRequest): string =>
  request.user ? `user:${request.user.id}` : `ip:${request.ip}`;

/** How long extra weight counts against a key, as the limiter's own window. */
const WINDOW_MS = 60_000;

/**
 * Work beyond one change that a request did (a CSV import: its rows, see IMPORT_ROWS_PER_CHANGE),
 * counted against its key for a minute after it ended: the limiter allows that many fewer changes.
 */
export class ChangeWeights {
  readonly #weights = new Map<string, Array<{ weight: number; until: number }>>();

  add(key: string, weight: number, now = Date.now()): void {
    if (weight <= 0) return;
    const entries = this.#live(key, now);
    entries.push({ weight, until: now + WINDOW_MS });
    this.#weights.set(key, entries);
  }

  /** The weight still counting against `key`. */
  of(key: string, now = Date.now()): number {
    return this.#live(key, now).reduce((sum, entry) => sum + entry.weight, 0);
  }

  #live(key: string, now: number): Array<{ weight: number; until: number }> {
    const entries = (this.#weights.get(key) ?? []).filter((entry) => entry.until > now);
    if (entries.length === 0) this.#weights.delete(key);
    else this.#weights.set(key, entries);
    return entries;
  }
}

export function tooManyChanges(max: number, retryAfterSeconds: number): HttpError {
  return new HttpError(429, 'TOO_MANY_REQUESTS', {
    params: {
      what: `changes (at most ${max} a minute)`,
      wait: `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
      retryAfterSeconds,
      max,
    },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * A ceiling on changes per signed-in user (per address for the rare change without a session), so
 * one runaway script or stolen session cannot monopolise the database. A request that does the work
 * of many changes (a CSV import) is weighed by it through `weights`. Counted per instance, in
 * memory: with N instances behind a load balancer a user may make up to N times `perMinute`. The
 * limits that stop password guessing are kept in the database instead (auth/attempt-limits.ts).
 *
 * Register it before the /api routes: it hooks each route's onRequest, which runs after the /api
 * scope's guards, so the signed-in user is known; refused requests cost no body parsing.
 */
export async function registerChangeLimit(
  app: FastifyInstance,
  perMinute: number,
  weights: ChangeWeights = new ChangeWeights(),
): Promise<void> {
  if (perMinute <= 0) return;
  // Before the limiter's own onRoute hook: a route that only reads runs no limiter hook at all (a
  // key, an allow-list check and their promises on every read), instead of being let through by it.
  app.addHook('onRoute', (route) => {
    if (!takesLimitedWrites(route)) route.config = { ...route.config, rateLimit: false };
  });
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    // Each change counts one; work weighed beyond it (an import's rows) leaves fewer for the minute.
    max: (_request, key) => Math.max(0, perMinute - weights.of(key)),
    timeWindow: WINDOW_MS,
    allowList: (request) => !isLimitedWrite(request),
    keyGenerator: changeLimitKey,
    errorResponseBuilder: (_request, context) =>
      tooManyChanges(perMinute, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
