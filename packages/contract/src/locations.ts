import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { fieldIssue } from './field-issues.ts';
import { requiredText } from './product-input.ts';

/**
 * Where stock is kept: a warehouse, a showroom, a service centre, a vehicle, or quarantine (damaged
 * goods, not available for sale).
 */
export const LOCATION_KINDS = ['warehouse', 'showroom', 'service', 'vehicle', 'quarantine'] as const;
export const locationKindSchema = z.enum(LOCATION_KINDS);
export type LocationKind = z.infer<typeof locationKindSchema>;

/** A location as GET /api/locations lists it. Exactly one is the default ("Main warehouse"). */
export const locationSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: locationKindSchema,
  address: z.string(),
  active: z.boolean(),
  isDefault: checked(
    z.boolean(),
    z.describe('The location a Delivered or restock without a locationId uses; it stays active'),
  ),
});
export type Location = z.infer<typeof locationSchema>;

const address = z.optional(
  checked(
    z.string({ error: fieldIssue('NOT_TEXT') }),
    z.trim(),
    z.maxLength(300, fieldIssue('TOO_LONG', { max: 300 })),
  ),
);

/** POST /api/locations body. */
export const createLocationSchema = z.strictObject({
  name: requiredText(80),
  kind: locationKindSchema,
  address,
});
export type CreateLocation = z.output<typeof createLocationSchema>;

/** PATCH /api/locations/:id body: what changes (a location with stock can be deactivated). */
export const updateLocationSchema = checked(
  z.strictObject({
    name: z.optional(requiredText(80)),
    kind: z.optional(locationKindSchema),
    address,
    active: z.optional(z.boolean({ error: fieldIssue('NOT_TRUE_OR_FALSE') })),
  }),
  z.refine(
    (update) => Object.values(update).some((value) => value !== undefined),
    fieldIssue('NOTHING_TO_CHANGE_LOCATION'),
  ),
);
export type UpdateLocation = z.output<typeof updateLocationSchema>;

/** A location named in a history row or a movement. */
export const locationRefSchema = z.object({ id: z.string(), name: z.string() });
export type LocationRef = z.infer<typeof locationRefSchema>;

/** GET /api/product/:id/stock: one row per location that holds some of the item. */
export const locationStockSchema = z.object({
  locationId: z.string(),
  locationName: z.string(),
  quantity: checked(z.number(), int()),
});
export type LocationStock = z.infer<typeof locationStockSchema>;

/** POST /api/product/:id/transfers answer: the item's levels after the move, and its new version. */
export const transferredSchema = z.object({
  success: z.string(),
  quentity: checked(z.number(), int(), z.describe('The total: a transfer leaves it as it was')),
  version: checked(z.number(), int()),
  levels: z.array(locationStockSchema),
});
export type Transferred = z.infer<typeof transferredSchema>;
