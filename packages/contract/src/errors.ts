import { z } from 'zod/mini';
import { checked, int } from './checked.ts';

/**
 * The stable names of the API's failures, sent as `code` beside the English `message`: a client
 * that speaks another language says each in its own words (the SPA's catalogues have `error.<CODE>`).
 */
export const API_ERROR_CODES = [
  'BAD_REQUEST',
  'INVALID_INPUT',
  'VALIDATION_FAILED',
  // Better Auth's name for a refused form field, kept for the sign-in and sign-up checks in front of it.
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VERSION_STALE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'TOO_MANY_REQUESTS',
  'NON_CANONICAL_PATH',
  // An address to return to (callbackURL, redirectTo, ...) that is not a page of this site.
  'INVALID_CALLBACK_URL',
  // A password on the list of common ones, or only spaces.
  'PASSWORD_TOO_COMMON',
  // A verification link of another account opened where someone else is signed in.
  'INVALID_USER',
  'INTERNAL',
  'UNAVAILABLE',
  'PRODUCT_NOT_FOUND',
  'OUT_OF_STOCK',
  'QUANTITY_CHANGED',
  'ONE_AT_A_TIME',
  'QUANTITY_NOT_ABOVE',
  'SUPPLIER_NOT_SELF',
  'NOT_IN_TRASH',
  'ITEM_BUSY',
  'HISTORY_ENTRY_NOT_FOUND',
  'NOT_AN_EDIT',
  'EDIT_MOVED_ON',
  'PRECONDITION_REQUIRED',
  'IMPORT_PROBLEMS',
  'IMPORT_CHANGED_MEANWHILE',
  'IMPORT_NOT_UTF8',
  'IMPORT_TOO_MANY_ROWS',
  'IMPORT_NO_FILE',
  'IMPORT_BUSY',
  'MALFORMED_UPLOAD',
  // The last admin account cannot be demoted or disabled.
  'LAST_ADMIN',
  // A disabled account cannot sign in.
  'ACCOUNT_DISABLED',
  // Personal access tokens (Authorization: Bearer ww_pat_…): not one of ours, past its expiry, revoked.
  'PERSONAL_TOKEN_INVALID',
  'PERSONAL_TOKEN_EXPIRED',
  'PERSONAL_TOKEN_REVOKED',
  // An account already holds PERSONAL_TOKENS_PER_ACCOUNT live tokens.
  'PERSONAL_TOKEN_LIMIT',
  // Only a signed-in session may do this (create a token, get the spec's access token), not a token.
  'SESSION_REQUIRED',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** The code of a failure that has no more specific one: its HTTP status, named. */
export function apiErrorCodeForStatus(statusCode: number): ApiErrorCode {
  switch (statusCode) {
    case 400:
      return 'BAD_REQUEST';
    case 401:
      return 'UNAUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 412:
      return 'VERSION_STALE';
    case 428:
      return 'PRECONDITION_REQUIRED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return 'UNAVAILABLE';
    default:
      return statusCode >= 500 ? 'INTERNAL' : 'BAD_REQUEST';
  }
}

/**
 * Body of every error the API answers with. `message` is written to be shown to the user as it is (in
 * English); `code` names the failure for clients that say it in another language.
 */
export const apiErrorSchema = z.object({
  statusCode: checked(z.number(), int()),
  error: z.string(),
  message: z.string(),
  code: checked(
    z.optional(z.string()),
    z.describe(
      "Stable name of the failure (API_ERROR_CODES: OUT_OF_STOCK, NOT_FOUND, …), sent with every error by this server; the SPA says it in the user's language. Optional for clients of older servers.",
    ),
  ),
  action: checked(
    z.optional(z.string()),
    z.describe(
      'On a 403 FORBIDDEN of the access policy: the action the account may not perform (`item.deliver`, …)',
    ),
  ),
  issues: checked(
    z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    z.describe('Present on 400: one entry per invalid field'),
  ),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
