import { z } from 'zod/mini';

// The contract uses zod's functional "mini" API: the same parser core as the classic API (the
// server's Fastify compilers and OpenAPI generator take either), but a bundle carries only the
// checks its schemas use, which keeps the web app's landing page small.

/**
 * `schema.check(...checks)` that bundlers may drop when its result is unused. A method call could
 * have side effects, so without this every schema with a check would stay in every bundle that
 * imports the module, wanted or not; the annotation lets a page carry only the schemas it uses.
 */
/* @__NO_SIDE_EFFECTS__ */
export function checked<T extends z.ZodMiniType>(schema: T, ...checks: z.core.$ZodCheck<z.output<T>>[]): T {
  return schema.check(...checks);
}

/** `z.int()`, marked like zod's other check builders (it is the one zod leaves unmarked). */
/* @__NO_SIDE_EFFECTS__ */
export function int(params?: string): z.ZodMiniInt {
  return z.int(params);
}
