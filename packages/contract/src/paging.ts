import { z } from 'zod';

/** `?limit=`: a page size from 1 to `max`. */
export const pageLimit = (max: number) =>
  z.coerce
    .number({ error: `Must be a whole number from 1 to ${max}` })
    .int(`Must be a whole number from 1 to ${max}`)
    .min(1, `Must be a whole number from 1 to ${max}`)
    .max(max, `Must be a whole number from 1 to ${max}`);

/** `?offset=`: how many items to skip. */
export const pageOffset = z.coerce
  .number({ error: 'Must be a whole number, 0 or more' })
  .int('Must be a whole number, 0 or more')
  .min(0, 'Must be a whole number, 0 or more')
  .max(1_000_000_000, 'At most 1000000000')
  .default(0);
