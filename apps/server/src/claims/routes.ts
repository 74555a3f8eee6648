import {
  apiErrorSchema,
  claimListQuerySchema,
  claimParamsSchema,
  claimResolvedSchema,
  claimSchema,
  openClaimSchema,
  resolveClaimSchema,
  serialParamsSchema,
} from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { protectedErrors, refusedChangeErrors } from '../http/route-errors.ts';
import { signedInActor } from '../http/signed-in.ts';
import { setTotal } from '../products/routes.ts';
import type { ClaimService } from './service.ts';

export interface ClaimRoutesOptions {
  service: ClaimService;
}

/** Warranty claims: HTTP only (the rules are ClaimService's). */
export const claimRoutes: FastifyPluginAsyncZod<ClaimRoutesOptions> = async (app, { service }) => {
  app.post(
    '/units/:serial/claims',
    {
      config: { access: 'session', action: 'claim.manage' },
      schema: {
        operationId: 'openClaim',
        tags: ['claims'],
        summary: 'Open a warranty claim on a sold unit, named by either of its serials',
        description:
          'The unit must be `dispatched` (409 `UNIT_NOT_DISPATCHED`) and in warranty today in the ' +
          "warehouse's time zone (409 `WARRANTY_EXPIRED`: a claim on an expired unit is refused, not " +
          'recorded); a unit has one open claim at a time (409 `CLAIM_ALREADY_OPEN`). 404 `UNIT_NOT_FOUND`.',
        params: serialParamsSchema,
        body: openClaimSchema,
        response: { 201: claimSchema, ...refusedChangeErrors },
      },
    },
    async (request, reply) => {
      const claim = await service.open(request.params.serial, request.body, signedInActor(request));
      return reply.status(201).send(claim);
    },
  );

  app.patch(
    '/claims/:id',
    {
      config: { access: 'session', action: 'claim.manage' },
      schema: {
        operationId: 'resolveClaim',
        tags: ['claims'],
        summary: 'Resolve a warranty claim: repaired, replaced or rejected',
        description:
          '`repaired` and `rejected` resolve it. `replaced` names the unit sent instead ' +
          '(`replacementSerial`, 400 `REPLACEMENT_SERIAL_REQUIRED` without it): a unit of the same item ' +
          '(409 `UNIT_OF_ANOTHER_ITEM`) in stock at a location for sale (409 `UNIT_NOT_AVAILABLE`, ' +
          '`LOCATION_NOT_SELLABLE`). In one change of the item (a `delivered` history row naming the ' +
          "replacement) the replacement is dispatched to the claimed unit's customer with its warranty " +
          'end, the claimed unit becomes `returned` at the service location `serviceLocationId` (an active ' +
          'location of kind `service`, 409 `NOT_A_SERVICE_LOCATION`; left out: the only active one, 409 ' +
          '`SERVICE_LOCATION_REQUIRED` when there is none or several), out of stock, and the claim is ' +
          'resolved: all or nothing. `replacementSerial` and `serviceLocationId` are read only for ' +
          '`replaced`. A claim is resolved once: 409 `CLAIM_NOT_OPEN` (also to the second of two ' +
          'resolutions at once). 404 `CLAIM_NOT_FOUND`.',
        params: claimParamsSchema,
        body: resolveClaimSchema,
        response: { 200: claimResolvedSchema, ...refusedChangeErrors },
      },
    },
    (request) => service.resolve(request.params.id, request.body, signedInActor(request)),
  );

  app.get(
    '/claims',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'listClaims',
        tags: ['claims'],
        summary: 'Warranty claims, newest first',
        description:
          "Narrowed by `status`, the claimed unit's `serial` (either of its serials) and when they were " +
          'opened (`from` inclusive, `to` exclusive; a date-only `to` includes that day, UTC); the total ' +
          'number of matches is in the `X-Total-Count` header.',
        querystring: claimListQuerySchema,
        response: { 200: z.array(claimSchema), 400: apiErrorSchema, ...protectedErrors },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.list(request.query);
      setTotal(reply, total);
      return items;
    },
  );
};
