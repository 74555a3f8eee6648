import { WEB_PATHS } from '@walton/contract';
import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import { forbidden } from '../http/http-error.ts';
import { type SessionCheck, sessionUser } from './guards.ts';

export const VERIFY_EMAIL_PATH = '/api/auth/verify-email';

/**
 * The address a verification link is for, read from its token without checking it (Better Auth checks
 * it when the link is followed). None for a change-of-address token: Better Auth binds those to the
 * signed-in user itself.
 */
function addressOfLink(target: URL): string | undefined {
  const token = target.searchParams.get('token');
  if (!token) return undefined;
  try {
    const claims = decodeJwt(token);
    if (claims.updateTo !== undefined) return undefined;
    return typeof claims.email === 'string' ? claims.email : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What to answer instead of following a verification link opened by a browser signed in to another
 * account (Better Auth's auto sign-in would switch that browser to the link's account: someone who
 * sends their own unused link would sign the victim in as themselves). Refused: the SPA's page says so
 * (a navigation with `callbackURL`), or 403 `INVALID_USER` (the SPA's own call). Nothing changes, and
 * the link still works once that browser is signed out, or for its owner. `undefined`: follow it.
 */
export async function linkOfAnotherAccount(
  accounts: SessionCheck,
  request: FastifyRequest,
  target: URL,
  publicUrl: string,
): Promise<{ redirect: string } | undefined> {
  if (request.method !== 'GET' || target.pathname !== VERIFY_EMAIL_PATH) return undefined;
  const address = addressOfLink(target);
  if (address === undefined) return undefined;
  const user = await sessionUser(accounts, request);
  if (!user || user.email.toLowerCase() === address.toLowerCase()) return undefined;
  if (!target.searchParams.get('callbackURL')) throw forbidden('INVALID_USER');
  return { redirect: `${publicUrl}${WEB_PATHS.verifyEmail}?error=INVALID_USER` };
}
