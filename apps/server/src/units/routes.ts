import {
  apiErrorSchema,
  dispatchUnitSchema,
  productSchema,
  registerUnitsSchema,
  serialParamsSchema,
  trackingSwitchSchema,
  unitListQuerySchema,
  unitSchema,
  unitsChangedSchema,
  unitWithHistorySchema,
} from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { protectedErrors } from '../http/route-errors.ts';
import { signedInActor } from '../http/signed-in.ts';
import {
  IDEMPOTENCY_TEXT,
  idempotencyKeyHeaders,
  idParams,
  keyedChangeErrors,
  setTotal,
} from '../products/routes.ts';
import type { ProductService } from '../products/service.ts';

export interface UnitRoutesOptions {
  service: ProductService;
}

/** Serial-tracked units: HTTP only (the rules are the product service's, the change path the repository's). */
export const unitRoutes: FastifyPluginAsyncZod<UnitRoutesOptions> = async (app, { service }) => {
  app.post(
    '/product/:id/units',
    {
      config: { access: 'session', action: 'item.restock', subject: 'product' },
      schema: {
        operationId: 'registerUnits',
        tags: ['units'],
        summary: 'Receive units of an item tracked by serial number',
        description:
          'One change: the units arrive in stock at `locationId` (the default location when left out; 409 ' +
          '`LOCATION_INACTIVE` for an inactive one), the quantity rises by their number, and one history row ' +
          'of kind `restocked` names them. A serial or paired serial already registered, or given twice ' +
          '(letter case and surrounding spaces aside), is refused with 409 `SERIAL_TAKEN` naming them, and ' +
          'nothing is added. 409 `ITEM_NOT_TRACKED` for an item not tracked by serial. ' +
          IDEMPOTENCY_TEXT,
        params: idParams,
        headers: idempotencyKeyHeaders,
        body: registerUnitsSchema,
        response: { 200: unitsChangedSchema, ...keyedChangeErrors },
      },
    },
    async (request, reply) => {
      const { headers, params, body } = request;
      const answer = await service.registerUnits(
        params.id,
        body,
        signedInActor(request),
        headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.post(
    '/product/:id/tracking',
    {
      config: { access: 'session', action: 'item.edit', subject: 'product' },
      schema: {
        operationId: 'switchTracking',
        tags: ['units'],
        summary: "Switch an item's tracking by serial number on or off",
        description:
          'One change, in the history as an edit of `serialTracked`. On (`serialTracked: true`): `units` ' +
          'are exactly the units the item holds, each with the location that holds it, as many per location ' +
          'as its level (409 `UNITS_REQUIRED_TO_TRACK` naming the levels otherwise; `SERIAL_TAKEN`); they are ' +
          'registered in stock there, the quantity unchanged; 409 `ALREADY_TRACKED` for a tracked item. Off: ' +
          'only without stock (409 `TRACKED_UNITS_IN_STOCK`); an item not tracked is answered as it is. The ' +
          'change is not reverted (409 `TRACKING_NOT_REVERTED`). ' +
          IDEMPOTENCY_TEXT,
        params: idParams,
        headers: idempotencyKeyHeaders,
        body: trackingSwitchSchema,
        response: { 200: productSchema, ...keyedChangeErrors },
      },
    },
    async (request, reply) => {
      const { headers, params, body } = request;
      const answer = await service.switchTracking(
        params.id,
        body,
        signedInActor(request),
        headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/product/:id/units',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'listUnits',
        tags: ['units'],
        summary: "An item's units, in the order they were received",
        description:
          'Narrowed by `status` and `location` (a location id); the total number of matches is in the ' +
          '`X-Total-Count` header. 404 `NO_SUCH_PRODUCT` for an unknown item (one in the trash lists its units). ' +
          'A supplier reads each `customer` as null (personal data).',
        params: idParams,
        querystring: unitListQuerySchema,
        response: { 200: z.array(unitSchema), 400: apiErrorSchema, 404: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.units(request.params.id, request.query, request.user);
      setTotal(reply, total);
      return items;
    },
  );

  app.get(
    '/units/:serial',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'getUnit',
        tags: ['units'],
        summary: 'A unit by either of its serials, and its history',
        description:
          'The unit (with its customer once dispatched; `customer` is null for a supplier: personal data), ' +
          'every history row that moved it and its warranty claims, newest first. ' +
          'Serials are compared trimmed and without letter case. 404 `UNIT_NOT_FOUND` when no unit has it.',
        params: serialParamsSchema,
        response: {
          200: unitWithHistorySchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          ...protectedErrors,
        },
      },
    },
    (request) => service.unit(request.params.serial, request.user),
  );

  app.post(
    '/units/:serial/dispatch',
    {
      config: { access: 'session', action: 'item.deliver' },
      schema: {
        operationId: 'dispatchUnit',
        tags: ['units'],
        summary: 'Deliver one unit, named by either of its serials',
        description:
          "Delivered for a unit: one change, the item's quantity falls by one, the unit becomes `dispatched` " +
          "with `customer`, and its warranty runs the item's `warrantyMonths` from today. It leaves where it " +
          'is (`locationId`, when sent, must be that place). 404 `UNIT_NOT_FOUND`; 409 `UNIT_NOT_AVAILABLE` ' +
          'when it is not in stock (there), `LOCATION_NOT_SELLABLE` from quarantine. Of two dispatches of one ' +
          'unit at once, one succeeds and the other gets 409 `UNIT_NOT_AVAILABLE`. ' +
          IDEMPOTENCY_TEXT,
        params: serialParamsSchema,
        headers: idempotencyKeyHeaders,
        body: dispatchUnitSchema,
        response: { 200: unitsChangedSchema, ...keyedChangeErrors },
      },
    },
    async (request, reply) => {
      const { headers, params, body } = request;
      const answer = await service.dispatchUnit(
        params.serial,
        body,
        signedInActor(request),
        headers['idempotency-key'],
      );
      return reply.status(answer.statusCode).send(answer.body);
    },
  );
};
