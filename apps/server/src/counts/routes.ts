import {
  apiErrorSchema,
  applyCountSchema,
  COUNT_CSV_COLUMNS,
  countListQuerySchema,
  countParamsSchema,
  countScanSchema,
  countScanSchemaOut,
  countSchema,
  countSummarySchema,
  createCountSchema,
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
import { countCsvRecords } from './count-csv.ts';
import type { CountService } from './service.ts';

export interface CountRoutesOptions {
  service: CountService;
}

const blindRule =
  'While a blind count is open, only an admin and the one who started it see what the system expected ' +
  '(`expectedShown`); to anyone else `snapshot`, `expected`, `difference`, `value` and the serials ' +
  'missing or unexpected are null.';

/** Stock counts: HTTP only (the rules are CountService's, the stock change path the repository's). */
export const countRoutes: FastifyPluginAsyncZod<CountRoutesOptions> = async (app, { service }) => {
  app.post(
    '/counts',
    {
      config: { access: 'session', action: 'count.create' },
      schema: {
        operationId: 'createCount',
        tags: ['counts'],
        summary: 'Start a stock count of a location: every item there, or the items named',
        description:
          'A count `counting` at `locationId` (400 `UNKNOWN_LOCATION`, 409 `LOCATION_INACTIVE`) of the items ' +
          '`productIds` names, each a live item once (400 `COUNT_ITEM_NOT_FOUND`, `COUNT_ITEM_REPEATED`), or ' +
          'left out, of every item the location holds (a full count). What each holds there now is kept as ' +
          `its snapshot. \`blind\`: ${blindRule}`,
        body: createCountSchema,
        response: { 201: countSchema, ...changeErrors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const count = await service.create(request.body, signedInActor(request));
      return reply.status(201).send(count);
    },
  );

  app.get(
    '/counts',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'listCounts',
        tags: ['counts'],
        summary: 'List stock counts, newest first, narrowed by status',
        description: 'The total is in `X-Total-Count`.',
        querystring: countListQuerySchema,
        response: {
          200: z.array(countSummarySchema),
          ...listErrors,
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(request.query);
      setTotal(reply, total);
      return items;
    },
  );

  app.get(
    '/counts/:id',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'getCount',
        tags: ['counts'],
        summary: 'A count: per item what was expected, what was counted, the difference and its value',
        description:
          "An item's `expected` is its snapshot plus the movements at the location until its first scan " +
          '(until now while nobody scanned it), so that a Delivered, a transfer or a receipt during the ' +
          'count is no difference. `uncounted` lists the items nobody scanned: applying asks what becomes ' +
          `of them. ${blindRule} 404 \`COUNT_NOT_FOUND\`.`,
        params: countParamsSchema,
        response: {
          200: countSchema,
          ...readErrors,
        },
      },
    },
    async (request) => service.get(request.params.id, signedInActor(request)),
  );

  app.get(
    '/counts/:id/export.csv',
    {
      config: { access: 'session', action: 'export.run' },
      schema: {
        operationId: 'exportCount',
        tags: ['counts'],
        summary: "Download a count's differences as CSV",
        description:
          `Columns: ${COUNT_CSV_COLUMNS.join(', ')}. One row per item, the largest value of the difference ` +
          'first (either sign): whether anyone scanned it (`yes`/`no`), what was expected and counted, the ' +
          "difference and its value in BDT, a tracked item's missing and unexpected serials (one per line of " +
          'the cell). The numbers the reader may not see (an open blind count) are empty. UTF-8 with a ' +
          'byte-order mark, CRLF, formula-looking text escaped, as the other exports. 404 `COUNT_NOT_FOUND`.',
        params: countParamsSchema,
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
      const count = await service.get(request.params.id, signedInActor(request));
      return sendCsv(reply, 'count', csvStream(COUNT_CSV_COLUMNS, countCsvRecords(count), request.log));
    },
  );

  app.post(
    '/counts/:id/scans',
    {
      config: { access: 'session', action: 'count.scan' },
      schema: {
        operationId: 'scanCount',
        tags: ['counts'],
        summary: 'Count units found at the location: an item and how many, or a unit by its serial',
        description:
          'Several clerks may count one location at once, each scan counting on its own. An item not tracked ' +
          'by serial by `productId` and `quantity` (1 when left out; a tracked item so: 409 ' +
          '`COUNT_BY_SERIAL`); a unit by its `serial` (404 `UNIT_NOT_FOUND`; once per count: 409 ' +
          '`COUNT_SERIAL_COUNTED`; `quantity`, when sent, 1: 409 `UNITS_COUNT_MISMATCH`). A count of some ' +
          'items takes only those (409 `ITEM_NOT_ON_COUNT`); a full count takes any live item (400 ' +
          '`COUNT_ITEM_NOT_FOUND`). 409 `COUNT_CLOSED`; 404 `COUNT_NOT_FOUND`. With an `Idempotency-Key` (a ' +
          'new UUID per scan) a scan sent again is counted once and answered as the first time; with ' +
          'another request, 422 `IDEMPOTENCY_KEY_REUSED`.',
        params: countParamsSchema,
        headers: idempotencyKeyHeaders,
        body: countScanSchema,
        response: {
          201: countScanSchemaOut,
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
    '/counts/:id/apply',
    {
      config: { access: 'session', action: 'count.apply' },
      schema: {
        operationId: 'applyCount',
        tags: ['counts'],
        summary: 'Apply a count: every difference written as one correction, in one transaction, or none',
        description:
          'The count becomes `applied`; each item whose count differs from what was expected gets one change ' +
          '(a history row of kind `adjusted` that the count names) adding or taking the difference at the ' +
          "location; a tracked item's missing units are written off (`scrapped`) and its units found there " +
          'from another location brought in, one change per location. Items nobody counted count as none ' +
          '(`uncounted: zero`) or stay as they are (`keep`): with some and no choice, 409 ' +
          '`COUNT_UNCOUNTED_ITEMS`. Any refusal writes nothing: 409 `COUNT_TAKES_TOO_MANY` (more to take than ' +
          'is available now), `COUNT_ITEM_GONE` (an item deleted meanwhile), `LOCATION_INACTIVE`, ' +
          '`COUNT_CLOSED`; 404 `COUNT_NOT_FOUND`.',
        params: countParamsSchema,
        body: applyCountSchema,
        response: { 200: countSchema, ...refusedChangeErrors },
      },
    },
    async (request) => service.apply(request.params.id, request.body, signedInActor(request)),
  );

  app.post(
    '/counts/:id/abandon',
    {
      config: { access: 'session', action: 'count.create' },
      schema: {
        operationId: 'abandonCount',
        tags: ['counts'],
        summary: 'Abandon a count: nothing of it is written',
        description: '409 `COUNT_CLOSED`; 404 `COUNT_NOT_FOUND`.',
        params: countParamsSchema,
        response: {
          200: countSchema,
          ...stepErrors,
        },
      },
    },
    async (request) => service.abandon(request.params.id, signedInActor(request)),
  );
};
