import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './http-error.ts';
import { SAFE_METHODS } from './request-methods.ts';

/** Changes under /api, except Better Auth's endpoints, which have limits of their own (auth/attempt-limits.ts). */
export function isLimitedWrite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const route = request.routeOptions.url ?? '';
  return route.startsWith('/api/') && !route.startsWith('/api/auth/');
}

export function tooManyChanges(max: number, retryAfterSeconds: number): HttpError {
  return new HttpError(
    429,
    `Too many changes: at most ${max} a minute. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
    { extra: { code: 'TOO_MANY_REQUESTS' }, headers: { 'retry-after': String(retryAfterSeconds) } },
  );
}

/**
 * A ceiling on changes per signed-in user (per address for the rare change without a session), so
 * one runaway script or stolen session cannot monopolise the database. Counted per instance, in
 * memory: with N instances behind a load balancer a user may make up to N times `perMinute`. The
 * limits that stop password guessing are kept in the database instead (auth/attempt-limits.ts).
 *
 * Register it before the /api routes: it hooks each route's onRequest, which runs after the /api
 * scope's guards, so the signed-in user is known; refused requests cost no body parsing.
 */
export async function registerChangeLimit(app: FastifyInstance, perMinute: number): Promise<void> {
  if (perMinute <= 0) return;
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: perMinute,
    timeWindow: 60_000,
    allowList: (request) => !isLimitedWrite(request),
    keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      tooManyChanges(context.max, Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
