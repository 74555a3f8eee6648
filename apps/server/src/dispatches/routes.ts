import {
  apiErrorSchema,
  createDispatchSchema,
  DISPATCH_CSV_COLUMNS,
  dispatchListQuerySchema,
  dispatchParamsSchema,
  dispatchPickSchema,
  dispatchPickSchemaOut,
  dispatchSchema,
  dispatchSummarySchema,
} from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dispatchCsv } from '../csv/exports.ts';
import { sendCsv } from '../csv/routes.ts';
import { changeErrors, keyedScanErrors, readErrors, stepErrors } from '../http/route-errors.ts';
import { signedInActor } from '../http/signed-in.ts';
import { idempotencyKeyHeaders, setTotal } from '../products/routes.ts';
import type { DispatchService } from './service.ts';

export interface DispatchRoutesOptions {
  service: DispatchService;
}

/** Dispatch orders (goods out): HTTP only (the rules are DispatchService's, the stock change path the repository's). */
export const dispatchRoutes: FastifyPluginAsyncZod<DispatchRoutesOptions> = async (app, { service }) => {
  app.post(
    '/dispatches',
    {
      config: { access: 'session', action: 'dispatch.create' },
      schema: {
        operationId: 'createDispatch',
        tags: ['dispatches'],
        summary: "Take a customer's order as a draft: the items and how many units of each",
        description:
          'A `draft` order out of `locationId`, an active location for sale (400 `UNKNOWN_LOCATION`, 409 ' +
          '`LOCATION_INACTIVE`, `LOCATION_NOT_SELLABLE`), one line per live item (400 ' +
          '`DISPATCH_ITEM_NOT_FOUND`, `DISPATCH_LINE_REPEATED`). Nothing is reserved until it is confirmed.',
        body: createDispatchSchema,
        response: { 201: dispatchSchema, ...changeErrors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const order = await service.create(request.body, signedInActor(request));
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/dispatches',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'listDispatches',
        tags: ['dispatches'],
        summary: "List dispatch orders, newest first, narrowed by status and the customer's name or phone",
        description:
          "`q`: text the customer's name or phone holds, case aside (`%` and `_` are plain text). The total " +
          'is in `X-Total-Count`.',
        querystring: dispatchListQuerySchema,
        response: { 200: z.array(dispatchSummarySchema), ...readErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(request.query);
      setTotal(reply, total);
      return items;
    },
  );

  app.get(
    '/dispatches/:id',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'getDispatch',
        tags: ['dispatches'],
        summary: 'A dispatch order with its lines (reserved, picked, serials) and its movements',
        description: '404 `DISPATCH_NOT_FOUND`.',
        params: dispatchParamsSchema,
        response: { 200: dispatchSchema, ...readErrors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.get(
    '/dispatches/:id/export.csv',
    {
      config: { access: 'session', action: 'export.run' },
      schema: {
        operationId: 'exportDispatch',
        tags: ['dispatches', 'csv'],
        summary: "Download an order's lines as CSV",
        description:
          `Columns: ${DISPATCH_CSV_COLUMNS.join(', ')} (the serials picked, separated by spaces), one row ` +
          'per line in the order given; the same escaping of formula-looking text as the other exports. ' +
          '404 `DISPATCH_NOT_FOUND`.',
        params: dispatchParamsSchema,
        response: {
          200: {
            description: 'RFC 4180 CSV (CRLF line ends), UTF-8 with a byte-order mark',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const order = await service.get(request.params.id);
      return sendCsv(reply, `dispatch-${order.id}`, dispatchCsv(order, request.log));
    },
  );

  app.post(
    '/dispatches/:id/confirm',
    {
      config: { access: 'session', action: 'dispatch.create' },
      schema: {
        operationId: 'confirmDispatch',
        tags: ['dispatches'],
        summary: "Confirm a draft: every line's units reserved at its location, all or none",
        description:
          "Each line reserves its units at the order's location while they are available there (on hand " +
          'minus what other orders reserved); `available` never goes below 0, also under confirmations at ' +
          'once. A line short of stock is refused, 409 `DISPATCH_SHORT` naming the item (`productId` in ' +
          'the answer), and nothing is reserved. Reserved units are not available to Delivered, transfers, ' +
          'imports or other orders. 409 `DISPATCH_WRONG_STATUS` (not a draft), `LOCATION_INACTIVE`, ' +
          '`LOCATION_NOT_SELLABLE`; 404 `DISPATCH_NOT_FOUND`.',
        params: dispatchParamsSchema,
        response: { 200: dispatchSchema, ...stepErrors },
      },
    },
    async (request) => service.confirm(request.params.id),
  );

  app.post(
    '/dispatches/:id/picks',
    {
      config: { access: 'session', action: 'dispatch.pick' },
      schema: {
        operationId: 'pickDispatch',
        tags: ['dispatches'],
        summary: 'Pick one unit of a confirmed order, by its item or its serial',
        description:
          "An item not tracked by serial is picked by `productId`, a tracked item's unit by `serial` (409 " +
          "`DISPATCH_PICK_BY_SERIAL`; a unit in stock at the order's location: 409 `UNIT_NOT_AVAILABLE`, 404 " +
          '`UNIT_NOT_FOUND`). A wrong item (409 `DISPATCH_WRONG_ITEM`), a unit picked for another order ' +
          '(409 `DISPATCH_UNIT_OF_ANOTHER_ORDER`) or a line picked whole (409 `DISPATCH_LINE_PICKED`) is ' +
          'refused with the words naming what the order still expects; 409 `DISPATCH_UNIT_PICKED`, ' +
          '`DISPATCH_WRONG_STATUS` (not confirmed). The last unit makes the order `picked`. With an ' +
          '`Idempotency-Key` (a new UUID per pick) a pick sent again is kept once and answered as the first ' +
          'time; with another request, 422 `IDEMPOTENCY_KEY_REUSED`.',
        params: dispatchParamsSchema,
        headers: idempotencyKeyHeaders,
        body: dispatchPickSchema,
        response: {
          201: dispatchPickSchemaOut,
          ...keyedScanErrors,
        },
      },
    },
    async (request, reply) => {
      const { headers, params, body } = request;
      const pick = await service.pick(params.id, body, signedInActor(request), headers['idempotency-key']);
      return reply.status(201).send(pick);
    },
  );

  app.post(
    '/dispatches/:id/ship',
    {
      config: { access: 'session', action: 'dispatch.ship' },
      schema: {
        operationId: 'shipDispatch',
        tags: ['dispatches'],
        summary: 'Ship a picked order: every line leaves in one transaction, or none',
        description:
          'The order becomes `shipped`; each line is one change of its item (a `delivered` history row the ' +
          "order names, listed in `movements`), its units leaving the order's location and its reservation " +
          "released; a tracked item's picked units are dispatched to the customer, their warranty starting " +
          'today. Any refusal writes nothing: 409 `DISPATCH_ITEM_GONE` (an item deleted meanwhile), ' +
          '`UNIT_NOT_AVAILABLE`, `DISPATCH_WRONG_STATUS` (not picked); 404 `DISPATCH_NOT_FOUND`.',
        params: dispatchParamsSchema,
        response: { 200: dispatchSchema, ...stepErrors },
      },
    },
    async (request) => service.ship(request.params.id, signedInActor(request)),
  );

  app.post(
    '/dispatches/:id/cancel',
    {
      config: { access: 'session', action: 'dispatch.create' },
      schema: {
        operationId: 'cancelDispatch',
        tags: ['dispatches'],
        summary: 'Cancel an open order: its reservations released, nothing leaves',
        description:
          'A `draft`, `confirmed` or `picked` order becomes `cancelled`; what it reserved is available ' +
          'again and its picked units may be picked for another order. 409 `DISPATCH_WRONG_STATUS` (shipped ' +
          'or cancelled); 404 `DISPATCH_NOT_FOUND`.',
        params: dispatchParamsSchema,
        response: { 200: dispatchSchema, ...stepErrors },
      },
    },
    async (request) => service.cancel(request.params.id, signedInActor(request)),
  );
};
