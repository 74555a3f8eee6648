import { z } from 'zod/mini';
import { checked, int } from './checked.ts';

/** `?limit=`: a page size from 1 to `max`. */
export const pageLimit = (max: number) =>
  checked(
    z.coerce.number({ error: `Must be a whole number from 1 to ${max}` }),
    int(`Must be a whole number from 1 to ${max}`),
    z.gte(1, `Must be a whole number from 1 to ${max}`),
    z.lte(max, `Must be a whole number from 1 to ${max}`),
  );

/** `?offset=`: how many items to skip. */
export const pageOffset = z._default(
  checked(
    z.coerce.number({ error: 'Must be a whole number, 0 or more' }),
    int('Must be a whole number, 0 or more'),
    z.gte(0, 'Must be a whole number, 0 or more'),
    z.lte(1_000_000_000, 'At most 1000000000'),
  ),
  0,
);

/** Room for the longest cursor the server hands out (one of a 200-character name, JSON-escaped, base64url). */
const PAGE_CURSOR_MAX_LENGTH = 2048;

/**
 * `?after=`: the opaque cursor of the last item seen, as an earlier answer's `X-Next-Cursor` gave
 * it. Only its alphabet and length are checked here; what it says is the server's business.
 */
export const pageCursor = checked(
  z.string(),
  z.minLength(1, 'Must be the X-Next-Cursor of an earlier answer'),
  z.maxLength(PAGE_CURSOR_MAX_LENGTH, 'Must be the X-Next-Cursor of an earlier answer'),
  z.regex(/^[A-Za-z0-9_-]*$/, 'Must be the X-Next-Cursor of an earlier answer'),
);
