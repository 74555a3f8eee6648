import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { fieldIssue, requiredOr } from './field-issues.ts';
import { pageLimit, pageOffset } from './paging.ts';
import { locationIdSchema } from './product-input.ts';
import { serialSchema } from './serials.ts';

// Stock counts (issue 38): a location counted by scanning, its differences applied as one
// correction (docs/counts.md).

/** The most items a count of some items only may name. */
export const COUNT_ITEMS_MAX = 500;
/** The most units one scan may count (a carton's quantity typed on the keypad). */
export const COUNT_QUANTITY_MAX = 100_000;

/** `counting` → `applied` (its differences written), or `abandoned`. */
export const COUNT_STATUSES = ['counting', 'applied', 'abandoned'] as const;
export const countStatusSchema = z.enum(COUNT_STATUSES);
export type CountStatus = z.infer<typeof countStatusSchema>;

/** What applying does with the items nobody counted: counted as none there, or left as they are. */
export const UNCOUNTED_CHOICES = ['zero', 'keep'] as const;

const itemIdSchema = checked(
  z.string({ error: requiredOr('NOT_TEXT') }),
  z.minLength(1, fieldIssue('REQUIRED')),
  z.maxLength(100, fieldIssue('TOO_LONG', { max: 100 })),
);

/**
 * POST /api/counts body: the location counted; `productIds`: only these items (left out: every item
 * the location holds, a full count); `blind`: clerks who may not see them are shown no expected
 * numbers while it is open.
 */
export const createCountSchema = z.strictObject({
  locationId: locationIdSchema,
  productIds: z.optional(
    checked(
      z.array(itemIdSchema, { error: fieldIssue('NOT_LINE_COUNT', { max: COUNT_ITEMS_MAX }) }),
      z.minLength(1, fieldIssue('NOT_LINE_COUNT', { max: COUNT_ITEMS_MAX })),
      z.maxLength(COUNT_ITEMS_MAX, fieldIssue('NOT_LINE_COUNT', { max: COUNT_ITEMS_MAX })),
    ),
  ),
  blind: z._default(z.boolean({ error: fieldIssue('NOT_TRUE_OR_FALSE') }), false),
});
export type CreateCount = z.output<typeof createCountSchema>;

/**
 * POST /api/counts/:id/scans body: units of one item found there. An item not tracked by serial by
 * `productId` and `quantity` (1 when left out); a unit of a tracked item by its `serial` (one unit:
 * `quantity`, when sent, is 1).
 */
export const countScanSchema = checked(
  z.strictObject({
    productId: z.optional(itemIdSchema),
    serial: z.optional(serialSchema),
    quantity: z.optional(
      checked(
        z.number({ error: requiredOr('NOT_A_NUMBER') }),
        int(fieldIssue('NOT_WHOLE')),
        z.gte(1, fieldIssue('BELOW', { min: 1 })),
        z.lte(COUNT_QUANTITY_MAX, fieldIssue('TOO_LARGE', { max: COUNT_QUANTITY_MAX })),
      ),
    ),
  }),
  z.refine((scan) => (scan.productId === undefined) !== (scan.serial === undefined), {
    message: fieldIssue('PICK_ONE_OF'),
    path: ['productId'],
  }),
);
export type CountScanRequest = z.output<typeof countScanSchema>;

/**
 * POST /api/counts/:id/apply body: `uncounted` says what becomes of the items nobody counted (listed
 * by GET /api/counts/:id): `zero`, counted as none there; `keep`, left as they are. Required when
 * there are some.
 */
export const applyCountSchema = z.strictObject({
  uncounted: z.optional(z.enum(UNCOUNTED_CHOICES)),
});
export type ApplyCount = z.output<typeof applyCountSchema>;

/** A count as a list sends it. */
export const countSummarySchema = z.object({
  id: z.string(),
  locationId: z.string(),
  blind: z.boolean(),
  full: checked(z.boolean(), z.describe('Every item the location holds (no `productIds` given)')),
  status: countStatusSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  closedBy: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
});
export type CountSummary = z.infer<typeof countSummarySchema>;

const hidden = (what: string) => `${what}; null while a blind count is open to a clerk who may not see it`;

/** One item of a count: what the system expected there, what was counted, and the difference. */
export const countLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  serialTracked: z.boolean(),
  snapshot: checked(
    z.nullable(checked(z.number(), int())),
    z.describe(hidden('Units there when the count started')),
  ),
  expected: checked(
    z.nullable(checked(z.number(), int())),
    z.describe(
      hidden(
        'Units the system expects were counted: the snapshot plus the movements there until the item was first scanned (until now while it is not)',
      ),
    ),
  ),
  counted: checked(z.number(), int(), z.describe('Units scanned, every scan once')),
  scanned: checked(z.boolean(), z.describe('Whether anyone scanned it')),
  difference: checked(z.nullable(checked(z.number(), int())), z.describe(hidden('counted − expected'))),
  value: checked(z.nullable(z.string()), z.describe(hidden('price × difference, in BDT, two decimals'))),
  missingSerials: checked(
    z.nullable(z.array(z.string())),
    z.describe(
      hidden(
        'A tracked item: its units expected there (at its first scan) and in stock there now that nobody scanned: applying writes them off',
      ),
    ),
  ),
  unexpectedSerials: checked(
    z.nullable(z.array(z.string())),
    z.describe(
      hidden(
        'A tracked item: the units scanned that were not expected there: applying brings those in stock elsewhere here',
      ),
    ),
  ),
});
export type CountLine = z.infer<typeof countLineSchema>;

/**
 * A movement an applied count wrote: its history row, its item, and the units it added at the count's
 * location (negative: took from it).
 */
export const countMovementSchema = z.object({
  historyId: z.string(),
  productId: z.string(),
  difference: checked(z.number(), int()),
});

export const countSchema = z.extend(countSummarySchema, {
  expectedShown: checked(
    z.boolean(),
    z.describe('Whether the expected numbers are shown (false: a blind count open to this clerk)'),
  ),
  lines: z.array(countLineSchema),
  uncounted: checked(
    z.array(z.string()),
    z.describe('The items nobody scanned (their ids): applying asks what becomes of them (`uncounted`)'),
  ),
  movements: checked(
    z.array(countMovementSchema),
    z.describe(
      'The history rows (kind `adjusted`) applying wrote: one per item with a difference; a tracked item one for its units written off and one per location its units found here came from',
    ),
  ),
});
export type Count = z.infer<typeof countSchema>;

/**
 * The order a count's differences are reviewed in: the largest value of the difference first (either
 * sign), a hidden or zero value last; the review page and the CSV export both.
 */
export const byDifferenceValue = (a: CountLine, b: CountLine): number =>
  Math.abs(Number(b.value ?? 0)) - Math.abs(Number(a.value ?? 0));

/** Columns of a count's CSV export (GET /api/counts/:id/export.csv). */
export const COUNT_CSV_COLUMNS = [
  'productId',
  'name',
  'scanned',
  'expected',
  'counted',
  'difference',
  'value',
  'missingSerials',
  'unexpectedSerials',
] as const;

/** One scan as kept: answered again to the same Idempotency-Key. */
export const countScanSchemaOut = z.object({
  id: z.string(),
  countId: z.string(),
  productId: z.string(),
  quantity: checked(z.number(), int()),
  serial: z.nullable(z.string()),
  scannedBy: z.string(),
  scannedAt: z.string(),
});
export type CountScan = z.infer<typeof countScanSchemaOut>;

/** GET /api/counts query. */
export const countListQuerySchema = z.strictObject({
  status: z.optional(countStatusSchema),
  limit: z._default(pageLimit(200), 50),
  offset: pageOffset,
});
export type CountListQuery = z.output<typeof countListQuerySchema>;

/** `:id` of a count. */
export const countParamsSchema = z.object({
  id: checked(z.string(), z.minLength(1, fieldIssue('REQUIRED')), z.maxLength(100)),
});
