import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { IMPORT_DELIMITERS } from './csv.ts';
import { fieldIssue, requiredOr } from './field-issues.ts';
import { pageLimit, pageOffset } from './paging.ts';
import { locationIdSchema } from './product-input.ts';
import { serialSchema, UNITS_PER_REGISTRATION } from './serials.ts';

// Receipts (issue 37): a supplier's delivery to a location, checked in by scanning (docs/receipts.md).

/** The most lines one receipt may have. */
export const RECEIPT_LINES_MAX = 500;
/** The most units one line may expect, and one scan may count. */
export const RECEIPT_QUANTITY_MAX = 100_000;
/** The longest delivery-note reference and line note. */
export const RECEIPT_TEXT_MAX_LENGTH = 200;

/** `expected` → `receiving` (the first scan) → `received` (completed), or `cancelled`. */
export const RECEIPT_STATUSES = ['expected', 'receiving', 'received', 'cancelled'] as const;
export const receiptStatusSchema = z.enum(RECEIPT_STATUSES);
export type ReceiptStatus = z.infer<typeof receiptStatusSchema>;

/** How a scanned unit arrived: whole, or damaged (it goes to quarantine). */
export const SCAN_CONDITIONS = ['ok', 'damaged'] as const;
export const scanConditionSchema = z.enum(SCAN_CONDITIONS);
export type ScanCondition = z.infer<typeof scanConditionSchema>;

const quantity = (min: number) =>
  checked(
    z.number({ error: requiredOr('NOT_A_NUMBER') }),
    int(fieldIssue('NOT_WHOLE')),
    z.gte(min, fieldIssue('BELOW', { min })),
    z.lte(RECEIPT_QUANTITY_MAX, fieldIssue('TOO_LARGE', { max: RECEIPT_QUANTITY_MAX })),
  );

const receiptText = checked(
  z.string({ error: requiredOr('NOT_TEXT') }),
  z.trim(),
  z.maxLength(RECEIPT_TEXT_MAX_LENGTH, fieldIssue('TOO_LONG', { max: RECEIPT_TEXT_MAX_LENGTH })),
);

/** An item a receipt's line, scan or note names: its id. */
const itemIdSchema = checked(
  z.string({ error: requiredOr('NOT_TEXT') }),
  z.minLength(1, fieldIssue('REQUIRED')),
  z.maxLength(100, fieldIssue('TOO_LONG', { max: 100 })),
);

/** One line of a new receipt: an item and how many of it the delivery note says. */
export const newReceiptLineSchema = z.strictObject({
  productId: itemIdSchema,
  expected: quantity(0),
});

/**
 * POST /api/receipts body: who delivers (`supplier`: their email; a supplier declares their own), to
 * which location, the delivery note's reference, and its lines, one per item.
 */
export const createReceiptSchema = z.strictObject({
  supplier: checked(
    z.email({ error: requiredOr('NOT_EMAIL') }),
    z.maxLength(254, fieldIssue('TOO_LONG', { max: 254 })),
  ),
  locationId: locationIdSchema,
  reference: z._default(receiptText, ''),
  lines: checked(
    z.array(newReceiptLineSchema, { error: fieldIssue('NOT_LINE_COUNT', { max: RECEIPT_LINES_MAX }) }),
    z.minLength(1, fieldIssue('NOT_LINE_COUNT', { max: RECEIPT_LINES_MAX })),
    z.maxLength(RECEIPT_LINES_MAX, fieldIssue('NOT_LINE_COUNT', { max: RECEIPT_LINES_MAX })),
  ),
});
export type CreateReceipt = z.output<typeof createReceiptSchema>;

/**
 * POST /api/receipts/:id/scans body: units of one item that arrived. An item tracked by serial is
 * scanned by its serials (`quantity`, when sent, must be their number); another by `quantity` (1 when
 * left out). `condition`: `ok` unless `damaged`.
 */
export const receiptScanSchema = z.strictObject({
  productId: itemIdSchema,
  quantity: z.optional(quantity(1)),
  serials: z.optional(
    checked(
      z.array(serialSchema, { error: fieldIssue('NOT_UNIT_COUNT', { max: UNITS_PER_REGISTRATION }) }),
      z.minLength(1, fieldIssue('NOT_UNIT_COUNT', { max: UNITS_PER_REGISTRATION })),
      z.maxLength(UNITS_PER_REGISTRATION, fieldIssue('NOT_UNIT_COUNT', { max: UNITS_PER_REGISTRATION })),
    ),
  ),
  condition: z._default(scanConditionSchema, 'ok'),
});
export type ReceiptScanRequest = z.output<typeof receiptScanSchema>;

/** POST /api/receipts/:id/complete body: a note per line (why it is short or over), all optional. */
export const completeReceiptSchema = z.strictObject({
  notes: z._default(
    checked(
      z.array(z.strictObject({ productId: itemIdSchema, note: receiptText })),
      z.maxLength(RECEIPT_LINES_MAX, fieldIssue('NOT_LINE_COUNT', { max: RECEIPT_LINES_MAX })),
    ),
    [],
  ),
  quarantineLocationId: z.optional(locationIdSchema),
});
export type CompleteReceipt = z.output<typeof completeReceiptSchema>;

/** A line as the API sends it: expected, and what arrived so far (whole and damaged). */
export const receiptLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  serialTracked: z.boolean(),
  expected: checked(z.number(), int()),
  received: checked(z.number(), int(), z.describe('Units scanned whole (`ok`)')),
  damaged: checked(z.number(), int(), z.describe('Units scanned damaged: they go to quarantine')),
  serials: checked(z.array(z.string()), z.describe('The serials scanned (a tracked item)')),
  note: z.string(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/** A line that did not arrive as expected: `difference` = arrived (whole and damaged) − expected. */
export const discrepancySchema = z.object({
  productId: z.string(),
  kind: z.enum(['short', 'over']),
  expected: checked(z.number(), int()),
  arrived: checked(z.number(), int()),
  difference: checked(z.number(), int()),
  note: z.string(),
});
export type Discrepancy = z.infer<typeof discrepancySchema>;

/** A receipt as the API sends it (a list leaves out lines and discrepancies). */
export const receiptSummarySchema = z.object({
  id: z.string(),
  supplier: z.string(),
  locationId: z.string(),
  reference: z.string(),
  status: receiptStatusSchema,
  createdBy: z.string(),
  createdAt: z.string(),
  closedBy: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

/** A movement a receipt's completion wrote: its history row, its item, how many, and where they went. */
export const receiptMovementSchema = z.object({
  historyId: z.string(),
  productId: z.string(),
  quantity: checked(z.number(), int()),
  locationId: z.nullable(z.string()),
});

export const receiptSchema = z.extend(receiptSummarySchema, {
  lines: z.array(receiptLineSchema),
  movements: checked(
    z.array(receiptMovementSchema),
    z.describe(
      'The history rows its completion wrote (kind `received`), one per line and destination; none until it is received',
    ),
  ),
  discrepancies: checked(
    z.array(discrepancySchema),
    z.describe('Lines short or over so far (final once received), damaged units counted as arrived'),
  ),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** One scan as kept: answered again to the same Idempotency-Key. */
export const receiptScanSchemaOut = z.object({
  id: z.string(),
  receiptId: z.string(),
  productId: z.string(),
  quantity: checked(z.number(), int()),
  condition: scanConditionSchema,
  serials: z.array(z.string()),
  scannedBy: z.string(),
  scannedAt: z.string(),
});
export type ReceiptScan = z.infer<typeof receiptScanSchemaOut>;

/**
 * Columns of a receipt's CSV export (GET /api/receipts/:id/export.csv): one row per line, in the
 * receipt's order. `difference` is arrived (received and damaged) − expected, as its discrepancies
 * say; `serials` holds the scanned serials, one per line of the cell.
 */
export const RECEIPT_CSV_COLUMNS = [
  'productId',
  'name',
  'expected',
  'received',
  'damaged',
  'difference',
  'note',
  'serials',
] as const;

/**
 * Columns a delivery note's CSV may have (POST /api/import/receipt-lines): the item by `productId`
 * (else by `model`) and how many are `expected`. A receipt's export imports as it is: its other
 * columns are read and ignored.
 */
export const RECEIPT_LINES_CSV_COLUMNS = ['productId', 'model', 'expected'] as const;

/** POST /api/import/receipt-lines answer: the file's lines, ready for a new receipt, and its delimiter. */
export const receiptLinesImportSchema = z.object({
  lines: z.array(z.object({ productId: z.string(), expected: checked(z.number(), int()) })),
  delimiter: z.enum(IMPORT_DELIMITERS),
});
export type ReceiptLinesImport = z.infer<typeof receiptLinesImportSchema>;

/** GET /api/receipts query: by status, and `q`, text the supplier's email or the reference contains. */
export const receiptListQuerySchema = z.strictObject({
  status: z.optional(receiptStatusSchema),
  q: z.optional(
    checked(
      z.string({ error: requiredOr('NOT_TEXT') }),
      z.trim(),
      z.maxLength(RECEIPT_TEXT_MAX_LENGTH, fieldIssue('TOO_LONG', { max: RECEIPT_TEXT_MAX_LENGTH })),
      z.describe("Text the supplier's email or the delivery note's reference contains (letter case aside)"),
    ),
  ),
  limit: z._default(pageLimit(200), 50),
  offset: pageOffset,
});
export type ReceiptListQuery = z.output<typeof receiptListQuerySchema>;

/** `:id` of a receipt. */
export const receiptParamsSchema = z.object({
  id: checked(z.string(), z.minLength(1, fieldIssue('REQUIRED')), z.maxLength(100)),
});
