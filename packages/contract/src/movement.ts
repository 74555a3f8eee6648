import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { pageLimit, pageOffset } from './paging.ts';

export const movementReasonSchema = z.enum([
  'created',
  'delivered',
  'restocked',
  'deleted',
  'restored',
  'imported',
]);
export type MovementReason = z.infer<typeof movementReasonSchema>;

/** One row of a product's append-only stock ledger. */
export const movementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  delta: checked(z.number(), int()),
  quantityAfter: checked(z.number(), int()),
  reason: movementReasonSchema,
  version: checked(z.number(), int(), z.describe('The product version this change produced')),
  actor: z.string(),
  at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const movementListQuerySchema = z.strictObject({
  limit: z._default(pageLimit(200), 20),
  offset: pageOffset,
});
