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
