import { type ServerModule, shared } from '../module.ts';
import { LocationRepository } from './location-repository.ts';
import { locationRoutes } from './routes.ts';
import { LocationService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where stock is kept, and the stock read by location. */
    locations: LocationRepository;
  }
}

/** Locations: `GET`/`POST /api/locations`, `PATCH`/`DELETE /api/locations/:id`. */
export const locationsModule: ServerModule = {
  setup: shared(async (app) => {
    app.decorate('locations', new LocationRepository(app.database.db));
  }),
  api: async (api, { clock }) => {
    await api.register(locationRoutes, { locations: new LocationService(api.locations, clock) });
  },
};
