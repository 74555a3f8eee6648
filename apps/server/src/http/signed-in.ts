import type { SignedInAccount } from '@walton/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './http-error.ts';

/**
 * The user the guards resolved for a protected route (every module's actor is this account); a
 * protected route without one is a wiring mistake, answered 401.
 */
export function signedInActor(request: FastifyRequest): SignedInAccount {
  if (!request.user) throw unauthorized();
  return request.user;
}
