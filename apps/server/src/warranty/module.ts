import type { ServerModule } from '../module.ts';
import { warrantyRoutes } from './routes.ts';
import { WarrantyCheck } from './warranty-check.ts';
import { WarrantyRepository } from './warranty-repository.ts';

/** The public warranty check of serial-tracked units: `GET /api/warranty/:serial`. */
export const warrantyModule: ServerModule = {
  api: async (api, { config, clock }) => {
    const check = new WarrantyCheck(new WarrantyRepository(api.database.db), {
      now: clock,
      timeZone: config.timeZone,
    });
    await api.register(warrantyRoutes, { check, limiter: api.accounts.limiter });
  },
};
