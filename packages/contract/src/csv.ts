import { z } from 'zod/mini';
import { checked, int } from './checked.ts';

// CSV export and import (GET /api/export/*.csv, POST /api/import/products). Columns are named like
// the wire fields, so a file reads like the API's JSON.

/** The columns an import reads, in the order an export writes them. */
export const PRODUCT_CSV_COLUMNS = [
  '_id',
  'name',
  'img',
  'price',
  'quentity',
  'description',
  'suplerName',
  'email',
  'model',
  'ram',
  'hdd',
  'display',
  'prosesor',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Columns an export adds after PRODUCT_CSV_COLUMNS; an import accepts them and ignores their values. */
export const PRODUCT_CSV_EXPORT_ONLY_COLUMNS = ['version', 'createdAt', 'updatedAt', 'deletedAt'] as const;

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

/** The largest import: rows after the header, and bytes of the file. */
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const IMPORT_MESSAGES = {
  tooLarge: `The file is too large: an import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows and ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  tooManyRows: `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows: an import takes at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')}. Split it into smaller files.`,
  noFile: 'Send the CSV file as the body (Content-Type: text/csv) or as the file field of a multipart upload',
  empty: 'The file is empty: it needs a header row naming the columns, then one row per item',
  notUtf8: 'The file is not UTF-8 text: in your spreadsheet, save it as "CSV UTF-8"',
} as const;

const booleanFlag = z.pipe(
  z._default(z.enum(['true', 'false']), 'false'),
  z.transform((value) => value === 'true'),
);

/** GET /api/export/products.csv: live items, or the trash with `deleted=true`. */
export const productExportQuerySchema = z.strictObject({ deleted: booleanFlag });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isInstant = (value: string) =>
  (DAY.test(value) || value.includes('T')) && !Number.isNaN(Date.parse(value));
const instant = checked(
  z.string(),
  z.refine(isInstant, 'Must be a date (2026-11-30) or an ISO date and time (2026-11-30T18:00:00Z)'),
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
    { message: 'from must not be after to', path: ['to'] },
  ),
);
export type HistoryExportQuery = z.output<typeof historyExportQuerySchema>;

/** POST /api/import/products query string. */
export const importQuerySchema = z.strictObject({ dryRun: booleanFlag });

const count = () => checked(z.number(), int());

/** One problem of an import: the spreadsheet row (the header is row 1), the column, and what is wrong. */
export const importRowErrorSchema = z.object({
  row: count(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** What an import did (or, with `dryRun`, would do). */
export const importResultSchema = z.object({
  created: count(),
  updated: count(),
  unchanged: count(),
  dryRun: z.boolean(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** 422: nothing was written; every problem found is listed. */
export const importRefusalSchema = z.object({
  statusCode: count(),
  error: z.string(),
  message: z.string(),
  errors: z.array(importRowErrorSchema),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

export const IMPORT_PHASES = ['checking', 'writing'] as const;

/**
 * One line of the NDJSON answer (`Accept: application/x-ndjson`): progress while the server works,
 * then exactly one `result` or `refused` line (`refused` carries what a plain answer's error body would).
 */
export const importProgressLineSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    phase: z.enum(IMPORT_PHASES),
    rows: count(),
    fraction: z.number(),
  }),
  z.extend(importResultSchema, { type: z.literal('result') }),
  z.object({
    type: z.literal('refused'),
    statusCode: count(),
    message: z.string(),
    errors: z.array(importRowErrorSchema),
  }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;
