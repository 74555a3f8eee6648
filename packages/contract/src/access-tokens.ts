import { z } from 'zod/mini';
import { checked, int } from './checked.ts';

// Personal access tokens (`/api/tokens`): long-lived credentials for scripts and integrations, sent
// as `Authorization: Bearer <token>`, acting with their owner's current role.

/** Every personal access token starts with this, which tells it from the short-lived JWT of POST /api/login. */
export const PERSONAL_TOKEN_PREFIX = 'ww_pat_';
/** A token's name: what it is for ("Nightly stock export"). */
export const PERSONAL_TOKEN_NAME_MAX_LENGTH = 100;
/** The longest a token may live; none lives for ever. */
export const PERSONAL_TOKEN_MAX_DAYS = 365;
/** Live (neither revoked nor expired) tokens one account may hold at once. */
export const PERSONAL_TOKENS_PER_ACCOUNT = 50;

/** `POST /api/tokens`: a name and a lifetime in whole days. */
export const personalTokenRequestSchema = z.strictObject({
  name: checked(
    z.string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be text') }),
    z.trim(),
    z.minLength(1, 'Required'),
    z.maxLength(PERSONAL_TOKEN_NAME_MAX_LENGTH, `At most ${PERSONAL_TOKEN_NAME_MAX_LENGTH} characters`),
  ),
  expiresInDays: checked(
    z.number({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number') }),
    int('Must be a whole number'),
    z.gte(1, 'At least 1'),
    z.lte(PERSONAL_TOKEN_MAX_DAYS, `At most ${PERSONAL_TOKEN_MAX_DAYS}`),
  ),
});
export type PersonalTokenRequest = z.infer<typeof personalTokenRequestSchema>;

/** A token as `GET /api/tokens` lists it: never its secret nor its hash. */
export const personalTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The last time it authenticated a request, to the minute; null when never. */
  lastUsedAt: z.nullable(z.string()),
});
export type PersonalToken = z.infer<typeof personalTokenSchema>;

/** `POST /api/tokens`' answer: the only time the secret is ever shown. */
export const createdPersonalTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  token: z.string(),
});
export type CreatedPersonalToken = z.infer<typeof createdPersonalTokenSchema>;

/** `DELETE /api/tokens/:id`'s answer. */
export const revokedPersonalTokenSchema = z.object({ revoked: z.literal(true) });
