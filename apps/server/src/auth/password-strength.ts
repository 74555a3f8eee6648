import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@walton/contract';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../http/http-error.ts';

/**
 * zxcvbn's lowest score: fewer than about a thousand guesses (a password on the common lists, a
 * keyboard row, a repeat or a sequence, and small variations of them). Our sign-in limits make the
 * guesses beyond that slow, so it is the line; longer rules would only push people to write it down.
 */
const LOWEST_SCORE = 0;

let estimator: ZxcvbnFactory | undefined;
/** Built on first use (the dictionary takes a few tens of milliseconds), kept after. */
const zxcvbn = (): ZxcvbnFactory => {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
};

/**
 * Whether a password of an allowed length is only white space or among the first guesses of a
 * guesser. Lengths outside the rule are left to it (their "too short" / "too long" is the better
 * message).
 */
export function isTooCommon(password: string): boolean {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  if (password.trim() === '') return true;
  return zxcvbn().check(password).score <= LOWEST_SCORE;
}

/** The field that carries a new password, per auth path. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/api/auth/sign-up/email': 'password',
  '/api/auth/reset-password': 'newPassword',
  '/api/auth/change-password': 'newPassword',
};

/** Refuses a new password (sign-up, reset, change) that is too common: 400 `PASSWORD_TOO_COMMON`. */
export function checkNewPassword(path: string, body: unknown): void {
  const field = NEW_PASSWORD_FIELDS[path];
  if (!field || !body || typeof body !== 'object') return;
  const password = (body as Record<string, unknown>)[field];
  if (typeof password === 'string' && isTooCommon(password)) {
    throw new HttpError(400, 'PASSWORD_TOO_COMMON');
  }
}
