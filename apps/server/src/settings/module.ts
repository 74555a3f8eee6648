import { type ServerModule, shared } from '../module.ts';
import { settingsRoutes } from './routes.ts';
import { SettingsRepository } from './settings-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users' preferences (the alerts read who wants low-stock mail). */
    settings: SettingsRepository;
  }
}

/** A signed-in user's preferences: `GET`/`PUT /api/settings`. */
export const settingsModule: ServerModule = {
  setup: shared(async (app) => {
    app.decorate('settings', new SettingsRepository(app.database.db));
  }),
  api: async (api) => {
    await api.register(settingsRoutes, { settings: api.settings });
  },
};
