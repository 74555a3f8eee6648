import {
  apiErrorSchema,
  createLocationSchema,
  deletedRecordSchema,
  locationIdSchema,
  locationSchema,
  updateLocationSchema,
} from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LocationService } from './service.ts';

export interface LocationRoutesOptions {
  locations: LocationService;
}

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema, 500: apiErrorSchema };
const bodyErrors = { 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };
const idParams = z.object({ id: locationIdSchema });

/** Locations: everyone signed in reads them; admin and staff manage them (`locations.manage`). */
export const locationRoutes: FastifyPluginAsyncZod<LocationRoutesOptions> = async (app, { locations }) => {
  app.get(
    '/locations',
    {
      config: { access: 'session', action: 'inventory.read' },
      schema: {
        operationId: 'listLocations',
        tags: ['locations'],
        summary: 'Every location, the default first, then by name',
        description: 'Inactive ones included (`active: false`): they keep their stock until it is moved out.',
        response: { 200: z.array(locationSchema), ...errors },
      },
    },
    () => locations.list(),
  );

  app.post(
    '/locations',
    {
      config: { access: 'session', action: 'locations.manage' },
      schema: {
        operationId: 'createLocation',
        tags: ['locations'],
        summary: 'Add a location',
        description:
          'Names are unique, letter case and surrounding spaces aside (409 `LOCATION_NAME_TAKEN`).',
        body: createLocationSchema,
        response: { 201: locationSchema, ...bodyErrors, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await locations.create(request.body)),
  );

  app.patch(
    '/locations/:id',
    {
      config: { access: 'session', action: 'locations.manage' },
      schema: {
        operationId: 'updateLocation',
        tags: ['locations'],
        summary: 'Rename, re-kind, re-address, deactivate or activate a location',
        description:
          'A location with stock can be deactivated (`active: false`): nothing new arrives there, and ' +
          'its stock can still be moved out or delivered. The default location stays active (409 ' +
          '`LOCATION_IS_DEFAULT`).',
        params: idParams,
        body: updateLocationSchema,
        response: { 200: locationSchema, ...bodyErrors, 404: apiErrorSchema, 409: apiErrorSchema, ...errors },
      },
    },
    (request) => locations.update(request.params.id, request.body),
  );

  app.delete(
    '/locations/:id',
    {
      config: { access: 'session', action: 'locations.manage' },
      schema: {
        operationId: 'deleteLocation',
        tags: ['locations'],
        summary: 'Delete a location that never held stock',
        description:
          'Refused with 409 when it holds stock (`LOCATION_HAS_STOCK`), appears in the history of stock ' +
          '(`LOCATION_IN_HISTORY`: deactivate it instead) or is the default (`LOCATION_IS_DEFAULT`).',
        params: idParams,
        response: {
          200: deletedRecordSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      await locations.delete(request.params.id);
      return { deleted: true as const };
    },
  );
};
