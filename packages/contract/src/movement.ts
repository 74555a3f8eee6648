import { z } from 'zod';
import { pageLimit, pageOffset } from './paging.ts';

export const movementReasonSchema = z.enum(['created', 'delivered', 'restocked', 'deleted', 'restored']);
export type MovementReason = z.infer<typeof movementReasonSchema>;

/** One row of a product's append-only stock ledger. */
export const movementSchema = z.object({
  id: z.string(),
  productId: z.string(),
  delta: z.number().int(),
  quantityAfter: z.number().int(),
  reason: movementReasonSchema,
  version: z.number().int().describe('The product version this change produced'),
  actor: z.string(),
  at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const movementListQuerySchema = z
  .object({
    limit: pageLimit(200).default(20),
    offset: pageOffset,
  })
  .strict();
