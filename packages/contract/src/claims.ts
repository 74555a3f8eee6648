import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { HISTORY_EXPORT_FIRST_YEAR, HISTORY_EXPORT_LAST_YEAR, isExportInstant } from './csv.ts';
import { fieldIssue, requiredOr } from './field-issues.ts';
import { pageLimit, pageOffset } from './paging.ts';
import { locationIdSchema } from './product-input.ts';
import { serialSchema } from './serials.ts';

// Warranty claims (issue 36): a customer's dispatched unit comes back with a problem.

/** The longest problem or note a claim keeps. */
export const CLAIM_TEXT_MAX_LENGTH = 1000;

export const CLAIM_STATUSES = ['open', 'resolved'] as const;
export const claimStatusSchema = z.enum(CLAIM_STATUSES);
export type ClaimStatus = z.infer<typeof claimStatusSchema>;

/** How a claim ended: the unit repaired, replaced by another unit of the item, or the claim rejected. */
export const CLAIM_RESOLUTIONS = ['repaired', 'replaced', 'rejected'] as const;
export const claimResolutionSchema = z.enum(CLAIM_RESOLUTIONS);
export type ClaimResolution = z.infer<typeof claimResolutionSchema>;

/** A claim as the API sends it. */
export const claimSchema = z.object({
  id: z.string(),
  serial: checked(z.string(), z.describe("The claimed unit's serial")),
  productId: z.string(),
  problem: z.string(),
  status: claimStatusSchema,
  resolution: z.nullable(claimResolutionSchema),
  replacementSerial: checked(
    z.nullable(z.string()),
    z.describe('The unit sent to the customer instead (resolution `replaced`)'),
  ),
  note: z.nullable(z.string()),
  openedBy: z.string(),
  openedAt: z.string(),
  resolvedBy: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
});
export type Claim = z.infer<typeof claimSchema>;

const claimText = (required: boolean) =>
  checked(
    z.string({ error: required ? requiredOr('NOT_TEXT') : fieldIssue('NOT_TEXT') }),
    z.trim(),
    z.minLength(required ? 1 : 0, fieldIssue('REQUIRED')),
    z.maxLength(CLAIM_TEXT_MAX_LENGTH, fieldIssue('TOO_LONG', { max: CLAIM_TEXT_MAX_LENGTH })),
  );

/** POST /api/units/:serial/claims body: what is wrong with the unit. */
export const openClaimSchema = z.strictObject({ problem: claimText(true) });
export type OpenClaim = z.output<typeof openClaimSchema>;

/**
 * PATCH /api/claims/:id body: how it ended. `replaced` names the unit sent instead
 * (`replacementSerial`) and where the returned unit goes (`serviceLocationId`: the only active service
 * location when left out).
 */
export const resolveClaimSchema = z.strictObject({
  resolution: claimResolutionSchema,
  replacementSerial: z.optional(serialSchema),
  serviceLocationId: z.optional(locationIdSchema),
  note: z._default(claimText(false), ''),
});
export type ResolveClaim = z.output<typeof resolveClaimSchema>;

/** `:id` of a claim. */
export const claimParamsSchema = z.object({
  id: checked(z.string(), z.minLength(1, fieldIssue('REQUIRED'))),
});

const instant = checked(
  z.string(),
  z.refine(
    isExportInstant,
    fieldIssue('NOT_INSTANT', { first: HISTORY_EXPORT_FIRST_YEAR, last: HISTORY_EXPORT_LAST_YEAR }),
  ),
);

/**
 * GET /api/claims query string: by status and the claimed unit's serial, opened from `from`
 * (inclusive) to `to` (a date-only `to` includes that whole day, UTC), newest first, a page at a time.
 */
export const claimListQuerySchema = checked(
  z.strictObject({
    status: z.optional(claimStatusSchema),
    serial: z.optional(serialSchema),
    from: z.optional(instant),
    to: z.optional(instant),
    limit: z._default(pageLimit(200), 50),
    offset: pageOffset,
  }),
  z.refine(
    (query) =>
      query.from === undefined || query.to === undefined || Date.parse(query.from) <= Date.parse(query.to),
    { message: fieldIssue('FROM_AFTER_TO'), path: ['to'] },
  ),
);
export type ClaimListQuery = z.output<typeof claimListQuerySchema>;

/** The answer to a resolution: the claim, and the item's new total when a unit was replaced. */
export const claimResolvedSchema = z.object({
  claim: claimSchema,
  quentity: z.nullable(checked(z.number(), int(), z.describe("The item's quantity after a replacement"))),
});
export type ClaimResolved = z.infer<typeof claimResolvedSchema>;
