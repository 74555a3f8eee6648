import { type ServerModule, shared } from '../module.ts';
import { StatsRepository } from './repository.ts';
import { statsRoutes } from './routes.ts';
import { StatsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard's roll-ups (a product change adds its share through `rollupParticipant`). */
    stats: StatsRepository;
  }
}

/** The dashboard: its roll-ups, and `GET /api/stats…`. */
export const statsModule: ServerModule = {
  setup: shared(async (app) => {
    app.decorate('stats', new StatsRepository(app.database.db));
  }),
  api: async (api, { config, clock }) => {
    const { stats, products, productSearch: search, locations, answers } = api;
    await api.register(statsRoutes, {
      service: new StatsService({ stats, products, search, locations }, config.timeZone, clock),
      answers,
    });
  },
};
