import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { type ChangeKind, changeKindSchema } from './events.ts';
import { locationRefSchema } from './locations.ts';
import { pageLimit, pageOffset } from './paging.ts';

/** Changes of an item's details only (an edit and its revert): they move no stock. */
const DETAIL_CHANGE_KINDS = ['edited', 'reverted'] as const satisfies readonly ChangeKind[];
type DetailChangeKind = (typeof DETAIL_CHANGE_KINDS)[number];

/** The changes that move stock, in the order of changeKindSchema: each one is a movement's reason. */
export const MOVEMENT_REASONS = changeKindSchema.options.filter(
  (kind): kind is Exclude<ChangeKind, DetailChangeKind> =>
    !(DETAIL_CHANGE_KINDS as readonly ChangeKind[]).includes(kind),
);
export const movementReasonSchema = z.enum(MOVEMENT_REASONS);
export type MovementReason = z.infer<typeof movementReasonSchema>;

/** One row of a product's append-only stock ledger. */
export const movementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  delta: checked(z.number(), int()),
  quantityAfter: checked(z.number(), int()),
  moved: checked(z.number(), int(), z.describe('Units moved out of fromLocation and/or into toLocation')),
  fromLocation: z.nullable(locationRefSchema),
  toLocation: z.nullable(locationRefSchema),
  reason: movementReasonSchema,
  version: checked(z.number(), int(), z.describe('The product version this change produced')),
  actor: z.string(),
  actorName: checked(z.string(), z.describe('Their name when they made it; empty when unknown')),
  at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const movementListQuerySchema = z.strictObject({
  limit: z._default(pageLimit(200), 20),
  offset: pageOffset,
});
