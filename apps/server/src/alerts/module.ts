import { type ServerModule, shared } from '../module.ts';
import { AlertRepository } from './alert-repository.ts';
import { LowStockAlerts } from './low-stock-alerts.ts';
import { alertRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Low-stock alerts: a change's crossing recorded with it, then fanned out to mail and webhook jobs. */
    lowStockAlerts: LowStockAlerts;
  }
}

/** Low-stock alerts: their outbox jobs' handlers, and `GET /api/alerts`. */
export const alertsModule: ServerModule = {
  setup: shared(async (app, { config }) => {
    const lowStockAlerts = new LowStockAlerts({
      alerts: new AlertRepository(app.database.db),
      outbox: app.outbox,
      settings: app.settings,
      mailer: app.accounts.mailer,
      publicUrl: config.publicUrl,
      webhook: config.alertWebhook,
      cooldownMs: config.alertCooldownMs,
    });
    Object.assign(app.outboxHandlers, lowStockAlerts.handlers());
    app.decorate('lowStockAlerts', lowStockAlerts);
  }),
  api: async (api) => {
    await api.register(alertRoutes, { alerts: api.lowStockAlerts });
  },
};
