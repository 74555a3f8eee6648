import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { changeKindSchema } from './events.ts';
import { locationRefSchema } from './locations.ts';
import { pageCursor, pageLimit } from './paging.ts';
import { productConflictSchema } from './product.ts';
import { editableFieldSchema } from './product-input.ts';
import { UNIT_SETTING_FIELDS } from './serials.ts';

/**
 * A field a history entry names: an editable one, one of the item's settings of serial tracking, or
 * its category (its id) or attributes (JSON of its values by key).
 */
export const historyFieldSchema = z.union([
  editableFieldSchema,
  z.enum(UNIT_SETTING_FIELDS),
  z.enum(['category', 'attributes']),
]);
export type HistoryField = z.infer<typeof historyFieldSchema>;

/**
 * One field an edit (or a revert, or a switch of serial tracking) changed, old and new value as text:
 * prices as exact decimals with two places (`"45000.50"`), `true`/`false`, an optional field absent as
 * null.
 */
export const fieldChangeSchema = z.object({
  field: historyFieldSchema,
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One row of an item's append-only history: every change, of stock or of details. */
export const historyEntrySchema = z.object({
  id: z.string(),
  productId: z.string(),
  kind: changeKindSchema,
  version: checked(z.number(), int(), z.describe('The product version this change produced')),
  actor: checked(z.string(), z.describe('The email of who made the change (`seed` for the demo catalog)')),
  actorName: checked(z.string(), z.describe('Their name when they made it; empty when unknown')),
  at: z.string(),
  delta: checked(z.number(), int(), z.describe('Units the change added (negative: took out)')),
  quantityAfter: checked(z.number(), int()),
  moved: checked(
    z.number(),
    int(),
    z.describe('Units the change moved out of fromLocation and/or into toLocation'),
  ),
  fromLocation: checked(
    z.nullable(locationRefSchema),
    z.describe('Where the units left from (Delivered, transfer)'),
  ),
  toLocation: checked(
    z.nullable(locationRefSchema),
    z.describe('Where the units arrived (restock, transfer, opening stock)'),
  ),
  changes: checked(z.array(fieldChangeSchema), z.describe('For edits and reverts: each field, old and new')),
  revertOf: z.optional(checked(z.string(), z.describe('For a revert: the id of the edit it undid'))),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** GET /api/product/:id/history query string: newest first, a page at a time by cursor. */
export const historyListQuerySchema = z.strictObject({
  limit: z._default(pageLimit(200), 20),
  after: z.optional(pageCursor),
});

/** 409 to a revert: the fields that moved on since the edit, and the item as it is now. */
export const revertConflictSchema = z.extend(productConflictSchema, {
  fields: z.optional(z.array(historyFieldSchema)),
});
export type RevertConflict = z.infer<typeof revertConflictSchema>;
