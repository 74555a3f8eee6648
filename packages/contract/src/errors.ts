import { z } from 'zod/mini';
import { API_ERROR_CODES } from './api-error-text.ts';
import { checked, int } from './checked.ts';
import { FIELD_ISSUE_CODES } from './field-issues.ts';

/** The values a refusal's words need (`{quantity}` in QUANTITY_NOT_ABOVE's, …), by name. */
export const errorParamsSchema = checked(
  z.record(z.string(), z.union([z.string(), z.number()])),
  z.describe(
    "The values the code's words need, by name (a client saying the code in its language fills them in)",
  ),
);
export type ErrorParams = z.infer<typeof errorParamsSchema>;

/**
 * One invalid field of a refused request: where (`body.price`), its English text, and its code
 * (FIELD_ISSUE_TEXT) with the values its words need, for clients that say it in another language.
 */
export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: checked(z.enum(FIELD_ISSUE_CODES), z.describe('What is wrong with the field (FIELD_ISSUE_TEXT)')),
  params: errorParamsSchema,
});

/** A refusal's `code`: one of API_ERROR_CODES, sent with every refusal. */
export const apiErrorCodeSchema = checked(
  z.enum(API_ERROR_CODES),
  z.describe(
    "Stable name of the failure (API_ERROR_CODES: OUT_OF_STOCK, NOT_FOUND, …), sent with every refusal; the SPA says it in the user's language",
  ),
);

/**
 * Body of every error the API answers with. `message` is written to be shown to the user as it is (in
 * English); `code` names the failure, and `params` the values its words need, for clients that say
 * it in another language.
 */
export const apiErrorSchema = z.object({
  statusCode: checked(z.number(), int()),
  error: z.string(),
  message: z.string(),
  code: apiErrorCodeSchema,
  params: z.optional(errorParamsSchema),
  action: checked(
    z.optional(z.string()),
    z.describe(
      'On a 403 FORBIDDEN of the access policy: the action the account may not perform (`item.deliver`, …)',
    ),
  ),
  issues: checked(
    z.optional(z.array(fieldIssueSchema)),
    z.describe('Present on 400: one entry per invalid field'),
  ),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
