import { HttpError } from '../http/http-error.ts';

/** The fields in which Better Auth takes an address to send the browser to afterwards. */
export const CALLBACK_FIELDS = [
  'callbackURL',
  'redirectTo',
  'errorCallbackURL',
  'newUserCallbackURL',
] as const;

const MAX_LENGTH = 2048;
/** Printable ASCII without the space and the backslash: anything else is read differently by someone. */
const PLAIN = /^[\x21-\x5b\x5d-\x7e]*$/;
/** A path segment of ours: no percent-escapes (an encoded slash, backslash or dot), no dot segment. */
const SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]*$/;

/** Whether `path` (a path with an optional query and fragment) is a plain path of ours. */
function isOwnPath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  const end = path.search(/[?#]/);
  const segments = (end < 0 ? path : path.slice(0, end)).slice(1).split('/');
  return segments.every(
    (segment, index) =>
      SEGMENT.test(segment) &&
      segment !== '.' &&
      segment !== '..' &&
      // An empty segment is a doubled slash, except for a trailing one (`/bn/`).
      (segment !== '' || index === segments.length - 1),
  );
}

/**
 * Whether `value` is an address of ours: a path of this site (`/verify-email`, `/login?from=...`),
 * or an absolute URL at one of `origins` written plainly (`http://host/path`). Everything a browser
 * could read as another site is refused: `//host`, `/\host`, `/.//host`, encoded slashes and
 * backslashes, whitespace and control characters anywhere, other schemes.
 */
export function isOwnAddress(value: string, origins: readonly string[]): boolean {
  if (value.length > MAX_LENGTH || !PLAIN.test(value)) return false;
  if (value.startsWith('/')) return isOwnPath(value);
  const origin = origins.find((candidate) => value === candidate || value.startsWith(`${candidate}/`));
  return origin !== undefined && (value === origin || isOwnPath(value.slice(origin.length)));
}

const refuse = (): HttpError => new HttpError(400, 'INVALID_CALLBACK_URL');

/**
 * Refuses a request to Better Auth whose query or JSON body names an address to return to that is
 * not ours (every copy of a repeated query field; a body field that is not a string). An empty value
 * means none, as Better Auth reads it.
 */
export function checkCallbackAddresses(
  query: URLSearchParams,
  body: unknown,
  origins: readonly string[],
): void {
  for (const field of CALLBACK_FIELDS) {
    for (const value of query.getAll(field)) {
      if (value !== '' && !isOwnAddress(value, origins)) throw refuse();
    }
  }
  if (!body || typeof body !== 'object') return;
  const fields = body as Record<string, unknown>;
  for (const field of CALLBACK_FIELDS) {
    if (!Object.hasOwn(fields, field)) continue;
    const value = fields[field];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || !isOwnAddress(value, origins)) throw refuse();
  }
}
