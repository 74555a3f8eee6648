import { z } from 'zod/mini';
import { checked, int } from './checked.ts';

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
      "Stable name of the failure (OUT_OF_STOCK, NOT_FOUND, …): the SPA shows its own text for it in the user's language",
    ),
  ),
  issues: checked(
    z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    z.describe('Present on 400: one entry per invalid field'),
  ),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
