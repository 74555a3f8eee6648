import { z } from 'zod/mini';
import { checked } from './checked.ts';

// The public warranty check (issue 36): what anyone may learn of a unit from its serial number.

/**
 * What the check says of a unit: `in_warranty` (sold, its warranty's last day is today or later in
 * the warehouse's time zone), `expired` (sold, that day has passed), `not_sold` (still in stock or
 * reserved, or never sold).
 */
export const WARRANTY_STATUSES = ['in_warranty', 'expired', 'not_sold'] as const;
export const warrantyStatusSchema = z.enum(WARRANTY_STATUSES);
export type WarrantyStatus = z.infer<typeof warrantyStatusSchema>;

/** GET /api/warranty/:serial answer: the unit's item and warranty, nothing personal. */
export const warrantyAnswerSchema = z.strictObject({
  model: checked(z.nullable(z.string()), z.describe("The item's model, when it has one")),
  name: checked(z.string(), z.describe("The item's name")),
  status: warrantyStatusSchema,
  warrantyUntil: checked(
    z.nullable(z.string()),
    z.describe("The warranty's last day (YYYY-MM-DD); null for a unit not sold"),
  ),
});
export type WarrantyAnswer = z.infer<typeof warrantyAnswerSchema>;

/** `:serial` of the warranty check: any text; one the check cannot find answers 404 like an unknown one. */
export const warrantyParamsSchema = z.object({
  serial: checked(z.string(), z.describe('The serial number as typed (either serial of a split pair)')),
});
