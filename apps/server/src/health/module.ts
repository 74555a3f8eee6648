import { pingDatabase } from '../db/database.ts';
import type { ServerModule } from '../module.ts';
import { healthRoutes } from './routes.ts';

/** `GET /api/health` (liveness) and `GET /api/ready` (the database answers). */
export const healthModule: ServerModule = {
  api: async (api) => {
    const { db } = api.database;
    await api.register(healthRoutes, { checkDatabase: () => pingDatabase(db) });
  },
};
