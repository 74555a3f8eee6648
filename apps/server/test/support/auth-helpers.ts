import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface SignedUpUser {
  /** The `cookie` request header that carries the new session. */
  cookie: string;
  user: { id: string; email: string; name: string; emailVerified: boolean };
  email: string;
  password: string;
}

let counter = 0;

/**
 * A client address of its own for each test user, so the per-IP limits of sign-up and sign-in
 * (which count by X-Forwarded-For behind a proxy) never couple unrelated tests.
 */
export function testClientIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/** The `cookie` request header made of the cookies a response sets. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Registers a fresh account through Better Auth's email sign-up and returns its signed-in session. */
export async function signUp(
  app: FastifyInstance,
  options: { name?: string; email?: string; password?: string; ip?: string } = {},
): Promise<SignedUpUser> {
  const email = options.email ?? `user-${randomBytes(6).toString('hex')}@example.com`;
  const password = options.password ?? `pw-${randomBytes(9).toString('base64url')}`;
  const name = options.name ?? 'Test User';
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { 'x-forwarded-for': options.ip ?? testClientIp() },
    payload: { name, email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  const cookie = cookieHeader(response);
  if (!cookie) throw new Error(`sign-up of ${email} set no session cookie`);
  const { user } = response.json<{ user: SignedUpUser['user'] }>();
  return {
    cookie,
    user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
    email,
    password,
  };
}

/** POST /api/login for the signed-in session: the spec's access token. */
export async function accessTokenFor(app: FastifyInstance, cookie: string, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { cookie },
    payload: { email },
  });
  if (response.statusCode !== 200) {
    throw new Error(`POST /api/login for ${email} failed: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ accessToken: string }>().accessToken;
}

/**
 * Asks for a password-reset mail as the SPA does: from our own page (`origin`), with a relative
 * redirect, from a client address of its own.
 */
export function requestPasswordReset(app: FastifyInstance, email: string, origin: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { 'x-forwarded-for': testClientIp(), origin },
    payload: { email, redirectTo: '/reset-password' },
  });
}

/** The path and query of a link in a mail (which must point at `origin`), to request from the app under test. */
export function mailLinkPath(link: string, origin: string): string {
  const url = new URL(link);
  expect(url.origin).toBe(origin);
  return `${url.pathname}${url.search}`;
}

/** The user `cookie` is signed in as, read through `GET /api/auth/get-session`; null when nobody. */
export async function sessionUserOf(app: FastifyInstance, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<{ user: { id: string; emailVerified: boolean } } | null>()?.user ?? null;
}
