import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { claimSchema } from './claims.ts';
import { fieldIssue } from './field-issues.ts';
import { historyEntrySchema } from './history.ts';
import { locationRefSchema } from './locations.ts';
import { pageLimit, pageOffset } from './paging.ts';
import { locationIdSchema } from './product-input.ts';
import { customerSchema, serialSchema, UNITS_PER_REGISTRATION } from './serials.ts';

// Serial-tracked units (issue 36): one physical unit of an item, known by its serial number.

/** Where a unit is in its life (docs/units.md has the diagram). */
export const UNIT_STATUSES = ['in_stock', 'reserved', 'dispatched', 'returned', 'scrapped'] as const;
export const unitStatusSchema = z.enum(UNIT_STATUSES);
export type UnitStatus = z.infer<typeof unitStatusSchema>;

/** A status in the English words of a refusal (UNIT_NOT_AVAILABLE's `status`). */
const UNIT_STATUS_WORDS: Record<UnitStatus, string> = {
  in_stock: 'in stock',
  reserved: 'reserved',
  dispatched: 'dispatched',
  returned: 'returned',
  scrapped: 'scrapped',
};

/**
 * A unit's status in a refusal's params: `status` in the API's English words, `state` the status
 * itself, by which another language picks its own words (`-` for both when no unit is known).
 */
export function unitStatusParams(status: UnitStatus | undefined): { status: string; state: string } {
  return status === undefined
    ? { status: '-', state: '-' }
    : { status: UNIT_STATUS_WORDS[status], state: status };
}

/** A unit as the API sends it; `customer` only to staff, admins and viewers (null to a supplier). */
export const unitSchema = z.object({
  serial: z.string(),
  pairedSerial: z.nullable(z.string()),
  productId: z.string(),
  location: checked(z.nullable(locationRefSchema), z.describe('Where it is; null once it has left')),
  status: unitStatusSchema,
  receivedAt: z.string(),
  dispatchedAt: z.nullable(z.string()),
  warrantyUntil: checked(
    z.nullable(z.string()),
    z.describe("The warranty's last day (YYYY-MM-DD): the dispatch day plus the item's warrantyMonths"),
  ),
  customer: z.optional(z.nullable(z.object({ name: z.string(), phone: z.optional(z.string()) }))),
});
export type Unit = z.infer<typeof unitSchema>;

/** One unit to register: its serial, and a split AC's second serial. */
export const newUnitSchema = z.strictObject({
  serial: serialSchema,
  pairedSerial: z.optional(serialSchema),
});
export type NewUnit = z.output<typeof newUnitSchema>;

/** POST /api/product/:id/units body: units received at `locationId` (the default location when left out). */
export const registerUnitsSchema = z.strictObject({
  locationId: z.optional(locationIdSchema),
  units: checked(
    z.array(newUnitSchema, { error: fieldIssue('NOT_UNIT_COUNT', { max: UNITS_PER_REGISTRATION }) }),
    z.minLength(1, fieldIssue('NOT_UNIT_COUNT', { max: UNITS_PER_REGISTRATION })),
    z.maxLength(UNITS_PER_REGISTRATION, fieldIssue('NOT_UNIT_COUNT', { max: UNITS_PER_REGISTRATION })),
  ),
});
export type RegisterUnits = z.output<typeof registerUnitsSchema>;

/** The most units one switch of tracking may register: the stock of the item. */
export const UNITS_PER_TRACKING_SWITCH = 5000;

/**
 * POST /api/product/:id/tracking body: `serialTracked: true` with the units of every unit the item
 * holds, each at the location that holds it; `serialTracked: false` without units.
 */
export const trackingSwitchSchema = checked(
  z.strictObject({
    serialTracked: z.boolean({ error: fieldIssue('NOT_TRUE_OR_FALSE') }),
    units: z.optional(
      checked(
        z.array(z.extend(newUnitSchema, { locationId: locationIdSchema }), {
          error: fieldIssue('NOT_UNIT_COUNT', { max: UNITS_PER_TRACKING_SWITCH }),
        }),
        z.maxLength(
          UNITS_PER_TRACKING_SWITCH,
          fieldIssue('NOT_UNIT_COUNT', { max: UNITS_PER_TRACKING_SWITCH }),
        ),
      ),
    ),
  }),
  z.refine((change) => change.serialTracked || change.units === undefined, {
    message: fieldIssue('UNITS_ONLY_TO_TRACK'),
    path: ['units'],
  }),
);
export type TrackingSwitch = z.output<typeof trackingSwitchSchema>;

/** POST /api/units/:serial/dispatch body: where it leaves from (where it is when left out), and to whom. */
export const dispatchUnitSchema = z.strictObject({
  locationId: z.optional(locationIdSchema),
  customer: z.optional(customerSchema),
});
export type DispatchUnit = z.output<typeof dispatchUnitSchema>;

/** The answer to a registration or a dispatch: the item's new total and version, and the units. */
export const unitsChangedSchema = z.object({
  success: z.string(),
  quentity: checked(z.number(), int()),
  version: checked(z.number(), int()),
  units: z.array(unitSchema),
});
export type UnitsChanged = z.infer<typeof unitsChangedSchema>;

/** `:serial` of the unit routes: either serial of a unit. */
export const serialParamsSchema = z.object({ serial: serialSchema });

/** GET /api/product/:id/units query string: by status and location, a page at a time. */
export const unitListQuerySchema = z.strictObject({
  status: z.optional(unitStatusSchema),
  location: z.optional(locationIdSchema),
  limit: z._default(pageLimit(500), 50),
  offset: pageOffset,
});
export type UnitListQuery = z.output<typeof unitListQuerySchema>;

/**
 * GET /api/units/:serial answer: the unit, the history rows that moved it, and its warranty claims,
 * each newest first.
 */
export const unitWithHistorySchema = z.object({
  unit: unitSchema,
  history: z.array(historyEntrySchema),
  claims: z.array(claimSchema),
});
export type UnitWithHistory = z.infer<typeof unitWithHistorySchema>;
