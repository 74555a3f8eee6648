import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import type { AttemptLimiter, LimitRule } from './rate-limit.ts';

interface EndpointLimits {
  perIp: LimitRule;
  /** Counted per email address in the body, whether or not an account has it (no enumeration). */
  perAccount?: LimitRule;
}

const minutes = (count: number) => count * 60;

/** Limits of the Better Auth endpoints that guess passwords, create accounts or send mail. */
export const AUTH_LIMITS: Record<string, EndpointLimits> = {
  '/api/auth/sign-in/email': {
    perIp: { max: 30, windowSeconds: minutes(10) },
    perAccount: { max: 10, windowSeconds: minutes(15) },
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

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const wait =
    retryAfterSeconds < 60
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : `${Math.ceil(retryAfterSeconds / 60)} minute${Math.ceil(retryAfterSeconds / 60) === 1 ? '' : 's'}`;
  return new HttpError(429, `Too many attempts. Please wait ${wait} and try again.`, {
    extra: { code: 'TOO_MANY_REQUESTS' },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

function emailOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return body.email.trim().toLowerCase();
  }
  return undefined;
}

/** Counts the attempt per IP and per account; throws 429 (with Retry-After) once a limit is reached. */
export async function enforceAuthLimits(
  limiter: AttemptLimiter,
  request: FastifyRequest,
  path: string,
): Promise<void> {
  const limits = AUTH_LIMITS[path];
  if (!limits || request.method !== 'POST') return;
  const byIp = await limiter.consume(`ip:${path}:${request.ip}`, limits.perIp);
  if (!byIp.allowed) throw tooManyAttempts(byIp.retryAfterSeconds);
  const email = emailOf(request.body);
  if (!limits.perAccount || !email) return;
  const byAccount = await limiter.consume(`account:${path}:${email}`, limits.perAccount);
  if (!byAccount.allowed) throw tooManyAttempts(byAccount.retryAfterSeconds);
}
