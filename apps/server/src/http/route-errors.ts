import { apiErrorSchema } from '@walton/contract';

/** Error bodies every route may answer with. */
export const serverError = { 500: apiErrorSchema };
export const protectedErrors = { 401: apiErrorSchema, ...serverError };
/** Every change: cross-site or unverified (403), too many changes a minute (429). */
export const writeErrors = {
  ...protectedErrors,
  403: apiErrorSchema,
  429: apiErrorSchema,
};
/** Body-carrying changes also: invalid or malformed (400), too large (413), not JSON (415). */
export const changeErrors = {
  400: apiErrorSchema,
  ...writeErrors,
  413: apiErrorSchema,
  415: apiErrorSchema,
};
/** A protected read narrowed by a query: invalid (400), or not the reader's to see (403). */
export const listErrors = { 400: apiErrorSchema, ...protectedErrors, 403: apiErrorSchema };
/** A protected read of one thing by its id: also none such (404). */
export const readErrors = { ...listErrors, 404: apiErrorSchema };
/** A step of a document without a body (confirm, ship, cancel, abandon): also refused (409), too many (429). */
export const stepErrors = { ...readErrors, 409: apiErrorSchema, 429: apiErrorSchema };
/** A change of one thing by its id with a body: also none such (404), or refused as it is now (409). */
export const refusedChangeErrors = { ...changeErrors, 404: apiErrorSchema, 409: apiErrorSchema };
/** A scan or pick sent with an `Idempotency-Key`: also the key already used for another request (422). */
export const keyedScanErrors = { ...refusedChangeErrors, 422: apiErrorSchema };
