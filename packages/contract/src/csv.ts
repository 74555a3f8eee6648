import { z } from 'zod/mini';
import { checked, int } from './checked.ts';
import { apiErrorCodeSchema, errorParamsSchema } from './errors.ts';
import { FIELD_ISSUE_CODES, fieldIssue } from './field-issues.ts';
import { PRODUCT_FIELDS, type ProductWireField } from './product-fields.ts';

// CSV export and import (GET /api/export/*.csv, POST /api/import/products). Columns are named like
// the wire fields, so a file reads like the API's JSON.

export type ProductCsvColumn = '_id' | ProductWireField;

/** The columns an import reads, in the order an export writes them: the item's id, then its fields. */
export const PRODUCT_CSV_COLUMNS: readonly ProductCsvColumn[] = [
  '_id',
  ...PRODUCT_FIELDS.map((field) => field.wire),
];

/** Columns an export adds after PRODUCT_CSV_COLUMNS; an import accepts them and ignores their values. */
export const PRODUCT_CSV_EXPORT_ONLY_COLUMNS = ['version', 'createdAt', 'updatedAt', 'deletedAt'] as const;

/**
 * Columns an import reads that no export writes: `location`, the name of the location (trimmed, case
 * aside) where a new item's opening stock goes and where a changed quantity's difference arrives or
 * leaves (the default location when the column is absent).
 */
export const PRODUCT_CSV_IMPORT_ONLY_COLUMNS = ['location'] as const;

/**
 * The item's category (its id; an import also takes the English name) and one column per attribute
 * key (`attr.<key>`, as the list's filters name them), written by an export after its other columns
 * (the keys of every category, in the categories' order) and read by an import. An item of no
 * category leaves them empty.
 */
export const PRODUCT_CSV_CATEGORY_COLUMN = 'category';
export const PRODUCT_CSV_ATTRIBUTE_PREFIX = 'attr.';

/** Other spellings an import accepts in the header, and the column each one names. */
export const PRODUCT_CSV_HEADER_ALIASES: Readonly<Record<string, ProductCsvColumn>> = {
  quantity: 'quentity',
};

/**
 * The cell delimiters an import reads: the one a file uses is the one its header row has most of
 * outside quotes (a comma when there is none), so Excel's semicolon CSV and tab-separated text read too.
 */
export const IMPORT_DELIMITERS = [',', ';', '\t'] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

/** Columns an import cannot do without. The others may be left out (supplier ones come from the account). */
export const PRODUCT_CSV_REQUIRED_COLUMNS = ['name', 'img', 'price', 'quentity', 'description'] as const;

/** Columns of the history export: one row per change. */
export const HISTORY_CSV_COLUMNS = [
  'at',
  'productId',
  'name',
  'kind',
  'delta',
  'quantityAfter',
  'version',
  'actor',
  'actorName',
  'changes',
] as const;

/** Columns of the stock-by-location export: one row per live item and location that holds some. */
export const STOCK_BY_LOCATION_CSV_COLUMNS = [
  'productId',
  'name',
  'model',
  'locationId',
  'locationName',
  'locationKind',
  'quantity',
] as const;

/**
 * Columns of the units export: one row per unit, in the order registered. `productId` and `model` name
 * its item, `location` the name of where it is (empty once dispatched).
 */
export const UNIT_CSV_COLUMNS = [
  'serial',
  'pairedSerial',
  'productId',
  'model',
  'location',
  'status',
  'receivedAt',
  'dispatchedAt',
  'warrantyUntil',
] as const;

/**
 * Columns a units import reads: `serial` (required), `pairedSerial`, the item by `productId` or
 * `model` (one of the two required), `location` (a location's name; the default location when
 * empty) and `status` (empty or `in_stock`: an import registers units received).
 */
export const UNIT_CSV_IMPORT_COLUMNS = [
  'serial',
  'pairedSerial',
  'productId',
  'model',
  'location',
  'status',
] as const;

/** Columns of a units export that an import accepts and ignores. */
export const UNIT_CSV_EXPORT_ONLY_COLUMNS = ['receivedAt', 'dispatchedAt', 'warrantyUntil'] as const;

/** The largest import: rows after the header, and bytes of the file. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The params of IMPORT_TOO_LARGE and IMPORT_TOO_MANY_ROWS: the limits, as English writes them. */
export const IMPORT_LIMITS = {
  rows: IMPORT_MAX_ROWS.toLocaleString('en-US'),
  megabytes: IMPORT_MAX_BYTES / 1024 / 1024,
} as const;

/** Imports one user may run at once, and the whole instance. */
export const IMPORT_MAX_PER_USER = 1;
export const IMPORT_MAX_PER_INSTANCE = 3;

const booleanFlag = z.pipe(
  z._default(z.enum(['true', 'false']), 'false'),
  z.transform((value) => value === 'true'),
);

/** GET /api/export/products.csv: live items, or the trash with `deleted=true`. */
export const productExportQuerySchema = z.strictObject({ deleted: booleanFlag });

/** The first and last years a history export's period may name. */
export const HISTORY_EXPORT_FIRST_YEAR = 2000;
export const HISTORY_EXPORT_LAST_YEAR = 2999;
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * Whether a value is a real calendar date (2026-11-30), or one with a time and a zone
 * (2026-11-30T18:00:00Z), in the years HISTORY_EXPORT_FIRST_YEAR to HISTORY_EXPORT_LAST_YEAR: no
 * 30 February (which Date.parse rolls over to March), no year 0 or 9999, no expanded years.
 */
export function isExportInstant(value: string): boolean {
  const match = INSTANT.exec(value);
  if (!match) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  if (year === undefined || month === undefined || day === undefined) return false;
  if (year < HISTORY_EXPORT_FIRST_YEAR || year > HISTORY_EXPORT_LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay = date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDay && hour < 24 && minute < 60 && second < 60 && !Number.isNaN(Date.parse(value));
}

const instant = checked(
  z.string(),
  z.refine(
    isExportInstant,
    fieldIssue('NOT_INSTANT', { first: HISTORY_EXPORT_FIRST_YEAR, last: HISTORY_EXPORT_LAST_YEAR }),
  ),
);

/**
 * GET /api/export/history.csv: changes from `from` (inclusive) to `to`. A date-only `to` includes
 * that whole day (UTC); a date and time is exclusive.
 */
export const historyExportQuerySchema = checked(
  z.strictObject({ from: z.optional(instant), to: z.optional(instant) }),
  z.refine(
    (query) =>
      query.from === undefined || query.to === undefined || Date.parse(query.from) <= Date.parse(query.to),
    { message: fieldIssue('FROM_AFTER_TO'), path: ['to'] },
  ),
);
export type HistoryExportQuery = z.output<typeof historyExportQuerySchema>;

/**
 * What an import does with a row that repeats an earlier row of the file or matches a live item
 * (same name and model: trimmed, case and spacing aside): `skip` it, `update` the live item it
 * matches (a repeat of an earlier row is skipped: that row's item does not exist yet), or `add` it
 * as a new item anyway.
 */
export const IMPORT_DUPLICATE_CHOICES = ['skip', 'update', 'add'] as const;
export type ImportDuplicateChoice = (typeof IMPORT_DUPLICATE_CHOICES)[number];

/** POST /api/import/products query string. */
export const importQuerySchema = z.strictObject({
  dryRun: booleanFlag,
  duplicates: z._default(z.enum(IMPORT_DUPLICATE_CHOICES), 'skip'),
});

const count = () => checked(z.number(), int());

/** The stable name of an import problem; the web says each in the user's language. */
export const IMPORT_PROBLEM_CODES = [
  'UNKNOWN_COLUMN',
  'MISSING_COLUMN',
  'REPEATED_COLUMN',
  'CELL_COUNT',
  'BAD_ID',
  'REPEATED_ID',
  'IN_TRASH',
  'UNCLOSED_QUOTE',
  'STRAY_QUOTE',
  'NOT_CSV',
  'NUL',
  'EMPTY',
  'INVALID_VALUE',
  'UNKNOWN_LOCATION',
  'LOCATION_INACTIVE',
  'NOT_ENOUGH_AT_LOCATION',
  // A quantity of an item tracked by serial number: its units are registered by serial instead.
  'SERIALS_REQUIRED',
  // The units import's own (POST /api/import/units).
  'ITEM_REQUIRED',
  'UNKNOWN_ITEM',
  'MODEL_AMBIGUOUS',
  'ITEM_NOT_TRACKED',
  'SERIAL_TAKEN',
  'REPEATED_SERIAL',
  'STATUS_NOT_IN_STOCK',
  // A receipt's lines import's own (POST /api/import/receipt-lines): an item on an earlier row too.
  'REPEATED_ITEM',
  // A row's category and attributes (the `category` and `attr.<key>` columns), as the API says them.
  'UNKNOWN_CATEGORY',
  'ATTRIBUTES_WITHOUT_CATEGORY',
  'ATTRIBUTE_UNKNOWN',
  'ATTRIBUTE_REQUIRED',
  'ATTRIBUTE_WRONG_TYPE',
  'ATTRIBUTE_NOT_AN_OPTION',
] as const;
export type ImportProblemCode = (typeof IMPORT_PROBLEM_CODES)[number];

/**
 * One problem of an import: the spreadsheet row (the header is row 1), the column, what is wrong (in
 * English), its `code` and the values its words need (`params`). For INVALID_VALUE, `issue` says what
 * is wrong with the value as the add form's check does (a field issue, its values in `params`), and
 * the message is that issue's text.
 */
export const importRowErrorSchema = z.object({
  row: count(),
  field: z.string(),
  message: z.string(),
  code: z.enum(IMPORT_PROBLEM_CODES),
  issue: z.optional(
    checked(z.enum(FIELD_ISSUE_CODES), z.describe('For INVALID_VALUE: what is wrong with the value')),
  ),
  params: errorParamsSchema,
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/**
 * A row that repeats another: of an earlier row of the file (`earlierRow`), or of a live item
 * (`itemId`, `itemName`). `name` and `model` are the row's own.
 */
export const importDuplicateSchema = z.object({
  row: count(),
  name: z.string(),
  model: z.string(),
  earlierRow: z.nullable(count()),
  itemId: z.nullable(z.string()),
});
export type ImportDuplicate = z.infer<typeof importDuplicateSchema>;

/** What an import did (or, with `dryRun`, would do). */
export const importResultSchema = z.object({
  created: count(),
  updated: count(),
  unchanged: count(),
  /** Duplicate rows left out (with `duplicates=skip`, or repeats of an earlier row with `update`). */
  skipped: count(),
  dryRun: z.boolean(),
  /** The cell delimiter the file was read with. */
  delimiter: z.enum(IMPORT_DELIMITERS),
  /** How many rows repeat another row or a live item, whatever was done with them. */
  duplicateCount: count(),
  /** The first of them (at most 1000). */
  duplicates: z.array(importDuplicateSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** 422: nothing was written; every problem found is listed. */
export const importRefusalSchema = z.object({
  statusCode: count(),
  error: z.string(),
  message: z.string(),
  code: apiErrorCodeSchema,
  params: z.optional(errorParamsSchema),
  errors: z.array(importRowErrorSchema),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/** POST /api/import/units query string. */
export const unitImportQuerySchema = z.strictObject({ dryRun: booleanFlag });

/** What a units import did (or, with `dryRun`, would do). */
export const unitImportResultSchema = z.object({
  /** Units registered. */
  registered: count(),
  /** Changes written: one per item and location the file's units arrive at. */
  changes: count(),
  dryRun: z.boolean(),
  /** The cell delimiter the file was read with. */
  delimiter: z.enum(IMPORT_DELIMITERS),
});
export type UnitImportResult = z.infer<typeof unitImportResultSchema>;

export const IMPORT_PHASES = ['checking', 'writing'] as const;

/** Rows of a file the `preview` line shows: the header and the first items, as the import reads them. */
export const IMPORT_PREVIEW_ROWS = 6;

/**
 * One line of the NDJSON answer (`Accept: application/x-ndjson`): the file's first rows as read
 * (`preview`, once the header and a few rows are read), progress while the server works,
 * then exactly one `result` or `refused` line (`refused` carries what a plain answer's error body would).
 */
export const importProgressLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    phase: z.enum(IMPORT_PHASES),
    rows: count(),
    fraction: z.number(),
  }),
  z.object({
    type: z.literal('preview'),
    delimiter: z.enum(IMPORT_DELIMITERS),
    rows: z.array(z.array(z.string())),
  }),
  z.extend(importResultSchema, { type: z.literal('result') }),
  z.object({
    type: z.literal('refused'),
    statusCode: count(),
    message: z.string(),
    code: apiErrorCodeSchema,
    params: z.optional(errorParamsSchema),
    errors: z.array(importRowErrorSchema),
  }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;
