import multipart from '@fastify/multipart';
import {
  apiErrorSchema,
  apiErrorText,
  HISTORY_CSV_COLUMNS,
  historyExportQuerySchema,
  IMPORT_DELIMITERS,
  IMPORT_DUPLICATE_CHOICES,
  IMPORT_LIMITS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_PER_INSTANCE,
  IMPORT_MAX_PER_USER,
  IMPORT_MAX_ROWS,
  type ImportProgressLine,
  importQuerySchema,
  importRefusalSchema,
  importResultSchema,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_ONLY_COLUMNS,
  PRODUCT_CSV_IMPORT_ONLY_COLUMNS,
  PRODUCT_CSV_REQUIRED_COLUMNS,
  productExportQuerySchema,
  RECEIPT_LINES_CSV_COLUMNS,
  receiptLinesImportSchema,
  STOCK_BY_LOCATION_CSV_COLUMNS,
  UNIT_CSV_COLUMNS,
  UNIT_CSV_EXPORT_ONLY_COLUMNS,
  UNIT_CSV_IMPORT_COLUMNS,
  unitImportQuerySchema,
  unitImportResultSchema,
} from '@walton/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ChangeWeights, changeLimitKey } from '../http/change-limit.ts';
import { HttpError } from '../http/http-error.ts';
import { signedInActor } from '../http/signed-in.ts';
import type { Actor } from '../products/service.ts';
import type { CsvExports } from './exports.ts';
import { ImportSlots } from './import-slots.ts';
import type { ImportProgress, ProductImport } from './product-import.ts';
import type { ReceiptLinesImport } from './receipt-lines-import.ts';
import type { UnitImport } from './unit-import.ts';

export interface CsvRoutesOptions {
  exports: CsvExports;
  productImport: ProductImport;
  unitImport: UnitImport;
  receiptLinesImport: ReceiptLinesImport;
  /** The change limit's weights: an import counts as a change per IMPORT_ROWS_PER_CHANGE rows it read. */
  changeWeights: ChangeWeights;
}

/** Rows of an import (checked or written) that weigh as one change in the change limit. */
export const IMPORT_ROWS_PER_CHANGE = 100;

const NDJSON = 'application/x-ndjson';
const tooLarge = () => new HttpError(413, 'IMPORT_TOO_LARGE', { params: IMPORT_LIMITS });

const csvFile = {
  description: 'The file, streamed: RFC 4180 CSV (CRLF line ends), UTF-8 with a byte-order mark',
  content: { 'text/csv': { schema: z.string() } },
};
const exportErrors = { 400: apiErrorSchema, 401: apiErrorSchema, 500: apiErrorSchema };

/** `Content-Disposition` of a download named like `walton-products-2026-11-24.csv`. */
const attachment = (name: string) =>
  `attachment; filename="walton-${name}-${new Date().toISOString().slice(0, 10)}.csv"`;

const noFile = (statusCode: number) => new HttpError(statusCode, 'IMPORT_NO_FILE');

/**
 * The uploaded file: the `text/csv` body, or the file part of a multipart upload. A multipart body
 * that cannot be read (no boundary, cut short, more parts than one file) is the client's: 400.
 */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    try {
      const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!part) throw noFile(400);
      return await part.toBuffer();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw tooLarge();
      request.log.info({ err: error }, 'unreadable multipart upload');
      throw new HttpError(400, 'MALFORMED_UPLOAD');
    }
  }
  if (Buffer.isBuffer(request.body)) return request.body;
  throw noFile(415);
}

/** An error as the last line of a progress stream: what a plain answer's error body would say. */
function refusedLine(error: unknown, request: FastifyRequest): ImportProgressLine {
  if (error instanceof HttpError) {
    const parsed = importRefusalSchema.shape.errors.safeParse(error.extra?.errors);
    return {
      type: 'refused',
      statusCode: error.statusCode,
      message: error.message,
      code: error.code,
      errors: parsed.success ? parsed.data : [],
    };
  }
  request.log.error({ err: error }, 'import failed');
  return {
    type: 'refused',
    statusCode: 500,
    message: apiErrorText('INTERNAL'),
    code: 'INTERNAL',
    errors: [],
  };
}

const wantsProgress = (request: FastifyRequest) => (request.headers.accept ?? '').includes(NDJSON);

/** HTTP only: CSV downloads and the product import. */
export const csvRoutes: FastifyPluginAsyncZod<CsvRoutesOptions> = async (
  app,
  { exports, productImport, unitImport, receiptLinesImport, changeWeights },
) => {
  const slots = new ImportSlots(IMPORT_MAX_PER_USER, IMPORT_MAX_PER_INSTANCE);
  await app.register(multipart);
  // A CSV body, read up to IMPORT_MAX_BYTES (refused with a 413 that says so beyond).
  app.addContentTypeParser('text/csv', (request, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > IMPORT_MAX_BYTES) {
      done(tooLarge(), undefined);
      payload.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) {
        payload.removeAllListeners('data');
        payload.resume();
        done(tooLarge(), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (size <= IMPORT_MAX_BYTES) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error) => done(error, undefined));
  });

  app.get(
    '/export/products.csv',
    {
      config: { access: 'session', action: 'export.run' },
      schema: {
        operationId: 'exportProducts',
        tags: ['csv'],
        summary: 'Download the live items (or the trash) as CSV',
        description:
          `Columns: ${[...PRODUCT_CSV_COLUMNS, ...PRODUCT_CSV_EXPORT_ONLY_COLUMNS, 'category'].join(', ')}, then ` +
          "`attr.<key>` for each attribute key of every category (the item's value; empty when it has none). Items in the " +
          'order they were added (`deleted=true`: the trash, in the order they were deleted). Streamed: any ' +
          'number of items at constant memory. Text cells starting with =, +, -, @, tab or carriage return ' +
          'get a leading apostrophe (formula injection); numbers are written as numbers.',
        querystring: productExportQuerySchema,
        response: { 200: csvFile, ...exportErrors },
      },
    },
    async (request, reply) => {
      const { deleted } = request.query;
      return sendCsv(reply, deleted ? 'trash' : 'products', await exports.products(deleted));
    },
  );

  app.get(
    '/export/history.csv',
    {
      config: { access: 'session', action: 'export.run' },
      schema: {
        operationId: 'exportHistory',
        tags: ['csv'],
        summary: 'Download every change of a period as CSV, one row each',
        description:
          `Columns: ${HISTORY_CSV_COLUMNS.join(', ')}; oldest first. \`from\` is inclusive; \`to\` is ` +
          'exclusive when it has a time, and includes the whole day (UTC) when it is a date. Both optional.',
        querystring: historyExportQuerySchema,
        response: { 200: csvFile, ...exportErrors },
      },
    },
    async (request, reply) => sendCsv(reply, 'history', exports.history(request.query)),
  );

  app.get(
    '/export/stock-by-location.csv',
    {
      config: { access: 'session', action: 'export.run' },
      schema: {
        operationId: 'exportStockByLocation',
        tags: ['csv'],
        summary: 'Download the stock of every live item at each location as CSV',
        description:
          `Columns: ${STOCK_BY_LOCATION_CSV_COLUMNS.join(', ')}. One row per live item and location that ` +
          "holds some of it (an item's rows add up to its `quentity`), by item id, then location id. " +
          'Streamed, with the same escaping of formula-looking text as the other exports.',
        response: { 200: csvFile, ...exportErrors },
      },
    },
    async (_request, reply) => sendCsv(reply, 'stock-by-location', exports.stockByLocation()),
  );

  app.get(
    '/export/units.csv',
    {
      config: { access: 'session', action: 'export.run' },
      schema: {
        operationId: 'exportUnits',
        tags: ['csv'],
        summary: 'Download every serial-tracked unit as CSV',
        description:
          `Columns: ${UNIT_CSV_COLUMNS.join(', ')}. One row per unit, whatever its status, in the order ` +
          'registered: its item by id and model, its location by name (empty once dispatched), its times ' +
          'as ISO 8601 and its warranty’s last day as YYYY-MM-DD (empty until dispatched). No customer. ' +
          'Streamed, with the same escaping of formula-looking text as the other exports.',
        response: { 200: csvFile, ...exportErrors },
      },
    },
    async (_request, reply) => sendCsv(reply, 'units', exports.units()),
  );

  app.post(
    '/import/units',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      config: { access: 'session', action: 'import.run' },
      schema: {
        operationId: 'importUnits',
        tags: ['csv'],
        summary: 'Register serial-tracked units from CSV, all or nothing',
        description:
          'The file as a `text/csv` body or the file of a `multipart/form-data` upload, with the limits of ' +
          `the product import. Header: ${UNIT_CSV_IMPORT_COLUMNS.join(', ')} (\`serial\` required, and the ` +
          'item by `productId` or `model`; an export’s ' +
          `${UNIT_CSV_EXPORT_ONLY_COLUMNS.join(', ')} are accepted and ignored, so an export of units in ` +
          'stock imports as it is). A row is one unit received: its serial and a split AC’s `pairedSerial` ' +
          '(as POST /api/product/:id/units reads them), its item (the live item `productId` names, else ' +
          'the one live item of `model`, trimmed, case aside), `location` (a location’s name; empty: the ' +
          'default location) and `status` (empty or `in_stock`: other statuses are not imported, ' +
          '`STATUS_NOT_IN_STOCK`). Row problems: `SERIAL_TAKEN` (already registered), `REPEATED_SERIAL` ' +
          '(on an earlier row), `ITEM_REQUIRED`, `UNKNOWN_ITEM`, `MODEL_AMBIGUOUS`, `ITEM_NOT_TRACKED`, ' +
          '`UNKNOWN_LOCATION`, `LOCATION_INACTIVE`, `INVALID_VALUE`; any problem: 422 listing each, and ' +
          'nothing is written. Otherwise the units of each item at each location are registered as one ' +
          'change of the item (a `restocked` history row naming them, its quantity rising by their ' +
          'number), all in one transaction; units registered meanwhile: 409 `IMPORT_CHANGED_MEANWHILE`, ' +
          'nothing written. `dryRun=true` checks without writing. The import slots and the change limit ' +
          'are those of the product import.',
        querystring: unitImportQuerySchema,
        consumes: ['text/csv', 'multipart/form-data'],
        response: {
          200: unitImportResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: importRefusalSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          422: importRefusalSchema,
          429: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const actor = signedInActor(request);
      return counted(request, actor, async (progress) =>
        unitImport.run({ file: await uploadedFile(request), dryRun: request.query.dryRun, actor, progress }),
      );
    },
  );

  app.post(
    '/import/receipt-lines',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      config: { access: 'session', action: 'receipt.create' },
      schema: {
        operationId: 'importReceiptLines',
        tags: ['csv', 'receipts'],
        summary: "Read a new receipt's lines from a supplier's delivery note (CSV), all or nothing",
        description:
          'The file as a `text/csv` body or the file of a `multipart/form-data` upload. Header: ' +
          `${RECEIPT_LINES_CSV_COLUMNS.join(', ')} (\`expected\` required, and the item by \`productId\` or ` +
          '`model`, as the units import reads them; a receipt’s export imports as it is, its other columns ' +
          'ignored). Row problems: `ITEM_REQUIRED`, `UNKNOWN_ITEM`, `MODEL_AMBIGUOUS`, `REPEATED_ITEM` (on an ' +
          'earlier row), `INVALID_VALUE` (`expected` as a line of POST /api/receipts takes it), `CELL_COUNT`; ' +
          'any problem: 422 listing each. Nothing is written: the lines answered go into a new receipt, ' +
          'declared with POST /api/receipts (whose own checks still apply).',
        consumes: ['text/csv', 'multipart/form-data'],
        response: {
          200: receiptLinesImportSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          422: importRefusalSchema,
          429: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => receiptLinesImport.run(await uploadedFile(request)),
  );

  /**
   * An import in one of the slots, weighing in the change limit one change per
   * IMPORT_ROWS_PER_CHANGE rows it read (checked or written), however it ends.
   */
  async function counted<T>(
    request: FastifyRequest,
    actor: Actor,
    work: (progress: (progress: ImportProgress) => void) => Promise<T>,
  ): Promise<T> {
    const release = slots.take(actor.id);
    const read = { checking: 0, writing: 0 };
    try {
      return await work((progress) => {
        read[progress.phase] = progress.rows;
      });
    } finally {
      release();
      const weight = Math.floor((read.checking + read.writing) / IMPORT_ROWS_PER_CHANGE);
      changeWeights.add(changeLimitKey(request), weight);
    }
  }

  app.post(
    '/import/products',
    {
      bodyLimit: IMPORT_MAX_BYTES,
      config: { access: 'session', action: 'import.run' },
      schema: {
        operationId: 'importProducts',
        tags: ['csv'],
        summary: 'Import products from CSV, all or nothing',
        description:
          'The file as a `text/csv` body or the file of a `multipart/form-data` upload, at most ' +
          `${IMPORT_MAX_ROWS} rows and ${IMPORT_MAX_BYTES / 1024 / 1024} MB (413 beyond). Header: ` +
          `${PRODUCT_CSV_COLUMNS.join(', ')} (${PRODUCT_CSV_REQUIRED_COLUMNS.join(', ')} required; an ` +
          `export's ${PRODUCT_CSV_EXPORT_ONLY_COLUMNS.join(', ')} are accepted and ignored). Each row is ` +
          'checked with the add form’s rules; the supplier is the signed-in user. A row without `_id` (or ' +
          'with one no item has) adds an item; a row whose `_id` is a live item edits its details (as ' +
          'PATCH /api/product/:id would) and records a different quantity as an `imported` history entry; a ' +
          'row that changes nothing is `unchanged`. Any problem: 422 listing each as `{row, field, message}` (row 1 is the header), ' +
          'and nothing is written. `dryRun=true` checks without writing. With `Accept: application/x-ndjson` ' +
          'the answer is a stream of progress lines ending with a `result` or `refused` line. ' +
          `Cells are delimited by ${IMPORT_DELIMITERS.map((d) => JSON.stringify(d)).join(', ')}: the one the ` +
          'header row has most of. `quantity` is read as `quentity`; `lowStockThreshold` (empty: none) is ' +
          'optional, and left as it is when the column is absent. ' +
          `\`${PRODUCT_CSV_IMPORT_ONLY_COLUMNS.join(', ')}\` (optional) names a location (trimmed, case aside): a new ` +
          'item’s opening stock goes there, and a changed quantity’s difference arrives there or leaves it ' +
          '(the default location without the column or with an empty cell); an unknown or inactive location ' +
          '(`UNKNOWN_LOCATION`, `LOCATION_INACTIVE`) or one holding too few units to give the difference ' +
          '(`NOT_ENOUGH_AT_LOCATION`) is a row problem. A row without a live `_id` that repeats an ' +
          'earlier row or a live item (same name and model, trimmed, case aside) is named in `duplicates`, ' +
          `and \`duplicates=${IMPORT_DUPLICATE_CHOICES.join('|')}\` says what to do with it (default skip). ` +
          `At most ${IMPORT_MAX_PER_USER} import per user and ${IMPORT_MAX_PER_INSTANCE} per instance at once ` +
          `(429 \`IMPORT_BUSY\` beyond); in the change limit an import counts one change per ${IMPORT_ROWS_PER_CHANGE} ` +
          'rows it read, for a minute after it ended.',
        querystring: importQuerySchema,
        consumes: ['text/csv', 'multipart/form-data'],
        response: {
          200: {
            description: 'What was (with dryRun: would be) created, updated and left unchanged',
            content: {
              'application/json': { schema: importResultSchema },
              [NDJSON]: {
                schema: z
                  .string()
                  .describe(
                    'One JSON object a line: {"type":"progress","phase":"checking","rows":2000,"fraction":0.4} …, ' +
                      'then {"type":"result",…} or {"type":"refused","statusCode":422,"message":…,"errors":[…]}',
                  ),
              },
            },
          },
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: importRefusalSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          422: importRefusalSchema,
          429: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = signedInActor(request);
      return counted(request, actor, (progress) =>
        importFile(request, reply, actor, request.query, progress),
      );
    },
  );

  async function importFile(
    request: FastifyRequest,
    reply: FastifyReply,
    actor: Actor,
    { dryRun, duplicates }: z.output<typeof importQuerySchema>,
    counted: (progress: ImportProgress) => void,
  ) {
    const file = await uploadedFile(request);
    const job = { file, dryRun, duplicates, actor };
    if (!wantsProgress(request)) return productImport.run({ ...job, progress: counted });
    // Written directly, line by line as the work goes (no onSend hook may buffer it).
    const stream = reply.raw;
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) stream.setHeader(name, value);
    }
    stream.writeHead(200, { 'content-type': `${NDJSON}; charset=utf-8`, 'cache-control': 'no-store' });
    const write = (line: ImportProgressLine) => stream.write(`${JSON.stringify(line)}\n`);
    try {
      write({
        type: 'result',
        ...(await productImport.run({
          ...job,
          progress: (p) => {
            counted(p);
            write({ type: 'progress', ...p });
          },
          preview: (p) => write({ type: 'preview', ...p }),
        })),
      });
    } catch (error) {
      write(refusedLine(error, request));
    }
    stream.end();
    return reply;
  }
};

/** A CSV download named `walton-{name}-{today}.csv`, not kept by any cache. */
export function sendCsv(reply: FastifyReply, name: string, csv: NodeJS.ReadableStream) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', attachment(name))
    .header('cache-control', 'no-store')
    .send(csv);
}
