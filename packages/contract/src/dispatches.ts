import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { fieldIssue, requiredOr } from './field-issues.ts';
import { pageLimit, pageOffset } from './paging.ts';
import { locationIdSchema } from './product-input.ts';
import { serialSchema } from './serials.ts';

// Dispatch orders (issue 37): a customer's order reserved, picked and shipped out of one location
// (docs/dispatches.md).

/** The most lines one order may have. */
export const DISPATCH_LINES_MAX = 500;
/** The most units one line may take. */
export const DISPATCH_QUANTITY_MAX = 100_000;

/** `draft` → `confirmed` (reserved) → `picked` (every unit picked) → `shipped`, or `cancelled`. */
export const DISPATCH_STATUSES = ['draft', 'confirmed', 'picked', 'shipped', 'cancelled'] as const;
export const dispatchStatusSchema = z.enum(DISPATCH_STATUSES);
export type DispatchStatus = z.infer<typeof dispatchStatusSchema>;

const itemIdSchema = checked(
  z.string({ error: requiredOr('NOT_TEXT') }),
  z.minLength(1, fieldIssue('REQUIRED')),
  z.maxLength(100, fieldIssue('TOO_LONG', { max: 100 })),
);

const optionalText = (max: number) =>
  z.optional(
    checked(
      z.string({ error: fieldIssue('NOT_TEXT') }),
      z.trim(),
      z.maxLength(max, fieldIssue('TOO_LONG', { max })),
    ),
  );

/** Who the order goes to: a name, and a phone number and an address when given. */
export const dispatchCustomerSchema = z.strictObject(
  {
    name: checked(
      z.string({ error: requiredOr('NOT_TEXT') }),
      z.trim(),
      z.minLength(1, fieldIssue('REQUIRED')),
      z.maxLength(200, fieldIssue('TOO_LONG', { max: 200 })),
    ),
    phone: optionalText(40),
    address: optionalText(500),
  },
  // Missing: REQUIRED; not an object: INVALID (an unknown key keeps its own UNKNOWN_FIELD).
  { error: (issue) => (issue.code === 'invalid_type' ? requiredOr('INVALID')(issue) : undefined) },
);
export type DispatchCustomer = z.output<typeof dispatchCustomerSchema>;

/** One line of a new order: an item and how many units of it. */
export const newDispatchLineSchema = z.strictObject({
  productId: itemIdSchema,
  quantity: checked(
    z.number({ error: requiredOr('NOT_A_NUMBER') }),
    int(fieldIssue('NOT_WHOLE')),
    z.gte(1, fieldIssue('BELOW', { min: 1 })),
    z.lte(DISPATCH_QUANTITY_MAX, fieldIssue('TOO_LARGE', { max: DISPATCH_QUANTITY_MAX })),
  ),
});

/** POST /api/dispatches body: the customer, the location the units leave from, one line per item. */
export const createDispatchSchema = z.strictObject({
  customer: dispatchCustomerSchema,
  locationId: locationIdSchema,
  lines: checked(
    z.array(newDispatchLineSchema, { error: fieldIssue('NOT_LINE_COUNT', { max: DISPATCH_LINES_MAX }) }),
    z.minLength(1, fieldIssue('NOT_LINE_COUNT', { max: DISPATCH_LINES_MAX })),
    z.maxLength(DISPATCH_LINES_MAX, fieldIssue('NOT_LINE_COUNT', { max: DISPATCH_LINES_MAX })),
  ),
});
export type CreateDispatch = z.output<typeof createDispatchSchema>;

/**
 * POST /api/dispatches/:id/picks body: one unit picked, by its item (`productId`, an item not tracked
 * by serial) or by its `serial` (a tracked item's unit): exactly one of them.
 */
export const dispatchPickSchema = checked(
  z.strictObject({ productId: z.optional(itemIdSchema), serial: z.optional(serialSchema) }),
  z.refine((pick) => (pick.productId === undefined) !== (pick.serial === undefined), {
    message: fieldIssue('PICK_ONE_OF'),
    path: ['productId'],
  }),
);
export type DispatchPickRequest = z.output<typeof dispatchPickSchema>;

/** A line as the API sends it: how many units, how many reserved and picked, the serials picked. */
export const dispatchLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  serialTracked: z.boolean(),
  quantity: checked(z.number(), int()),
  reserved: checked(z.number(), int(), z.describe('Units reserved for the line (while confirmed or picked)')),
  picked: checked(z.number(), int(), z.describe('Units picked so far')),
  serials: checked(z.array(z.string()), z.describe('The serials picked (a tracked item)')),
});
export type DispatchLine = z.infer<typeof dispatchLineSchema>;

const customerOutSchema = z.object({
  name: z.string(),
  phone: z.nullable(z.string()),
  address: z.nullable(z.string()),
});

/** An order as the API sends it (a list leaves out lines and movements). */
export const dispatchSummarySchema = z.object({
  id: z.string(),
  customer: customerOutSchema,
  locationId: z.string(),
  status: dispatchStatusSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  closedBy: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
});
export type DispatchSummary = z.infer<typeof dispatchSummarySchema>;

/** A movement an order's shipping wrote: its history row, its item, how many, and where they left. */
export const dispatchMovementSchema = z.object({
  historyId: z.string(),
  productId: z.string(),
  quantity: checked(z.number(), int()),
  locationId: z.nullable(z.string()),
});

export const dispatchSchema = z.extend(dispatchSummarySchema, {
  lines: z.array(dispatchLineSchema),
  movements: checked(
    z.array(dispatchMovementSchema),
    z.describe(
      'The history rows its shipping wrote (kind `delivered`), one per line; none until it is shipped',
    ),
  ),
});
export type Dispatch = z.infer<typeof dispatchSchema>;

/** One pick as kept: answered again to the same Idempotency-Key. */
export const dispatchPickSchemaOut = z.object({
  id: z.string(),
  dispatchId: z.string(),
  productId: z.string(),
  serial: z.nullable(z.string()),
  pickedBy: z.string(),
  pickedAt: z.string(),
});
export type DispatchPick = z.infer<typeof dispatchPickSchemaOut>;

/** GET /api/dispatches query: by status, and `q`, text of the customer's name or phone. */
export const dispatchListQuerySchema = z.strictObject({
  status: z.optional(dispatchStatusSchema),
  q: z.optional(checked(z.string(), z.trim(), z.maxLength(200, fieldIssue('TOO_LONG', { max: 200 })))),
  limit: z._default(pageLimit(200), 50),
  offset: pageOffset,
});
export type DispatchListQuery = z.output<typeof dispatchListQuerySchema>;

/**
 * Columns of an order's CSV export (GET /api/dispatches/:id/export.csv): one row per line, its item,
 * how many units, how many picked, and the serials picked separated by spaces.
 */
export const DISPATCH_CSV_COLUMNS = ['productId', 'name', 'quantity', 'picked', 'serials'] as const;

/** `:id` of an order. */
export const dispatchParamsSchema = z.object({
  id: checked(z.string(), z.minLength(1, fieldIssue('REQUIRED')), z.maxLength(100)),
});
