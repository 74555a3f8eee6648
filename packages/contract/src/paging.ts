import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { fieldIssue } from './field-issues.ts';

/** `?limit=`: a page size from 1 to `max`. */
export const pageLimit = (max: number) => {
  const notPageSize = fieldIssue('NOT_PAGE_SIZE', { max });
  return checked(
    z.coerce.number({ error: notPageSize }),
    int(notPageSize),
    z.gte(1, notPageSize),
    z.lte(max, notPageSize),
  );
};

/** `?offset=`: how many items to skip. */
export const pageOffset = z._default(
  checked(
    z.coerce.number({ error: fieldIssue('NOT_OFFSET') }),
    int(fieldIssue('NOT_OFFSET')),
    z.gte(0, fieldIssue('NOT_OFFSET')),
    z.lte(1_000_000_000, fieldIssue('TOO_LARGE', { max: 1_000_000_000 })),
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
  z.minLength(1, fieldIssue('NOT_CURSOR')),
  z.maxLength(PAGE_CURSOR_MAX_LENGTH, fieldIssue('NOT_CURSOR')),
  z.regex(/^[A-Za-z0-9_-]*$/, fieldIssue('NOT_CURSOR')),
);
