import {
  apiErrorSchema,
  completeReceiptSchema,
  createReceiptSchema,
  RECEIPT_CSV_COLUMNS,
  receiptListQuerySchema,
  receiptParamsSchema,
  receiptScanSchema,
  receiptScanSchemaOut,
  receiptSchema,
  receiptSummarySchema,
} from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvStream } from '../csv/exports.ts';
import { sendCsv } from '../csv/routes.ts';
import {
  changeErrors,
  keyedScanErrors,
  listErrors,
  readErrors,
  refusedChangeErrors,
  stepErrors,
} from '../http/route-errors.ts';
import { signedInActor } from '../http/signed-in.ts';
import { idempotencyKeyHeaders, setTotal } from '../products/routes.ts';
import { receiptCsvRecords } from './receipt-csv.ts';
import type { ReceiptService } from './service.ts';

export interface ReceiptRoutesOptions {
  service: ReceiptService;
}

const seenBySupplier =
  "A supplier sees only their own receipts (their verified email is the receipt's `supplier`); another " +
  'receipt is 404 `RECEIPT_NOT_FOUND` to them.';

/** Receipts (goods in): HTTP only (the rules are ReceiptService's, the stock change path the repository's). */
export const receiptRoutes: FastifyPluginAsyncZod<ReceiptRoutesOptions> = async (app, { service }) => {
  app.post(
    '/receipts',
    {
      config: { access: 'session', action: 'receipt.create' },
      schema: {
        operationId: 'createReceipt',
        tags: ['receipts'],
        summary: "Declare a supplier's delivery: the items and how many of each are expected",
        description:
          'A receipt `expected` at `locationId` (400 `UNKNOWN_LOCATION`, 409 `LOCATION_INACTIVE`), one line ' +
          'per live item (400 `RECEIPT_ITEM_NOT_FOUND`, `RECEIPT_LINE_REPEATED`). A supplier declares their ' +
          'own deliveries (`supplier` is their email: 403 `RECEIPT_SUPPLIER_NOT_SELF`) of the items they ' +
          "supply (403 `FORBIDDEN` for another's item). Nothing arrives in stock until it is completed.",
        body: createReceiptSchema,
        response: { 201: receiptSchema, ...changeErrors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const receipt = await service.create(request.body, signedInActor(request));
      return reply.status(201).send(receipt);
    },
  );

  app.get(
    '/receipts',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'listReceipts',
        tags: ['receipts'],
        summary:
          "List receipts, newest first, narrowed by status and by text of the supplier's email or the reference",
        description: `The total is in \`X-Total-Count\`. ${seenBySupplier}`,
        querystring: receiptListQuerySchema,
        response: {
          200: z.array(receiptSummarySchema),
          ...listErrors,
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(request.query, signedInActor(request));
      setTotal(reply, total);
      return items;
    },
  );

  app.get(
    '/receipts/:id',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'getReceipt',
        tags: ['receipts'],
        summary: 'A receipt with its lines (expected, received, damaged) and its discrepancies',
        description: `404 \`RECEIPT_NOT_FOUND\`. ${seenBySupplier}`,
        params: receiptParamsSchema,
        response: {
          200: receiptSchema,
          ...readErrors,
        },
      },
    },
    async (request) => service.get(request.params.id, signedInActor(request)),
  );

  app.get(
    '/receipts/:id/export.csv',
    {
      config: { access: 'session', action: 'export.run' },
      schema: {
        operationId: 'exportReceipt',
        tags: ['receipts'],
        summary: "Download a receipt's lines as CSV",
        description:
          `Columns: ${RECEIPT_CSV_COLUMNS.join(', ')}. One row per line, in the receipt's order: what was ` +
          'expected, received whole and damaged, `difference` (arrived − expected, as its discrepancies ' +
          "say), the line's note and its scanned serials (one per line of the cell). UTF-8 with a " +
          'byte-order mark, CRLF, formula-looking text escaped, as the other exports. 404 `RECEIPT_NOT_FOUND`.',
        params: receiptParamsSchema,
        response: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const receipt = await service.get(request.params.id, signedInActor(request));
      return sendCsv(
        reply,
        'receipt',
        csvStream(RECEIPT_CSV_COLUMNS, receiptCsvRecords(receipt), request.log),
      );
    },
  );

  app.post(
    '/receipts/:id/scans',
    {
      config: { access: 'session', action: 'receipt.receive' },
      schema: {
        operationId: 'scanReceipt',
        tags: ['receipts'],
        summary: 'Count units of one line that arrived, whole or damaged',
        description:
          'The first scan makes the receipt `receiving`; several clerks may scan one receipt at once, each ' +
          'scan counting on its own. An item tracked by serial is scanned by its `serials` (409 ' +
          '`SERIALS_REQUIRED`; `quantity`, when sent, is their number: 409 `UNITS_COUNT_MISMATCH`; a serial ' +
          'registered already, scanned on this receipt already or given twice: 409 `SERIAL_TAKEN`); another ' +
          'item by `quantity` (1 when left out; 409 `ITEM_NOT_TRACKED` for serials). 409 `ITEM_NOT_ON_RECEIPT`, ' +
          '`RECEIPT_CLOSED`; 404 `RECEIPT_NOT_FOUND`. With an `Idempotency-Key` (a new UUID per scan) a scan ' +
          'sent again is counted once and answered as the first time; with another request, 422 ' +
          '`IDEMPOTENCY_KEY_REUSED`.',
        params: receiptParamsSchema,
        headers: idempotencyKeyHeaders,
        body: receiptScanSchema,
        response: {
          201: receiptScanSchemaOut,
          ...keyedScanErrors,
        },
      },
    },
    async (request, reply) => {
      const { headers, params, body } = request;
      const scan = await service.scan(params.id, body, signedInActor(request), headers['idempotency-key']);
      return reply.status(201).send(scan);
    },
  );

  app.post(
    '/receipts/:id/complete',
    {
      config: { access: 'session', action: 'receipt.receive' },
      schema: {
        operationId: 'completeReceipt',
        tags: ['receipts'],
        summary: 'Complete a receipt: every line arrives in stock in one transaction, or none',
        description:
          "The receipt becomes `received`; each line's whole units arrive at its location and its damaged " +
          'units at a quarantine location (`quarantineLocationId`, an active location of kind `quarantine`, ' +
          '409 `NOT_A_QUARANTINE_LOCATION`; left out, the only active one: 409 `QUARANTINE_LOCATION_REQUIRED` ' +
          'when there is none or several), not for sale. Each is one change of its item (a `received` ' +
          "history row the receipt names; a tracked item's scanned serials registered as units). Lines short " +
          'or over stay as discrepancies, with the `notes` given. Any refusal writes nothing: 409 ' +
          '`RECEIPT_ITEM_GONE` (an item deleted meanwhile), `SERIAL_TAKEN` (a serial registered meanwhile), ' +
          '`LOCATION_INACTIVE`, `RECEIPT_CLOSED`, `ITEM_NOT_ON_RECEIPT` (a note of another item); 404 ' +
          '`RECEIPT_NOT_FOUND`.',
        params: receiptParamsSchema,
        body: completeReceiptSchema,
        response: { 200: receiptSchema, ...refusedChangeErrors },
      },
    },
    async (request) => service.complete(request.params.id, request.body, signedInActor(request)),
  );

  app.post(
    '/receipts/:id/cancel',
    {
      config: { access: 'session', action: 'receipt.create' },
      schema: {
        operationId: 'cancelReceipt',
        tags: ['receipts'],
        summary: 'Cancel an open receipt: nothing of it arrives',
        description:
          'Staff cancel an `expected` or `receiving` receipt; a supplier only their own (403 `FORBIDDEN` for ' +
          "another supplier's), while it is `expected`. 409 `RECEIPT_CLOSED`; 404 `RECEIPT_NOT_FOUND`.",
        params: receiptParamsSchema,
        response: {
          200: receiptSchema,
          ...stepErrors,
        },
      },
    },
    async (request) => service.cancel(request.params.id, signedInActor(request)),
  );
};
