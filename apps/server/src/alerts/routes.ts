import { alertListQuerySchema, apiErrorSchema, lowStockAlertSchema } from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../http/http-error.ts';
import type { LowStockAlerts } from './low-stock-alerts.ts';

export interface AlertRoutesOptions {
  alerts: LowStockAlerts;
}

/** The audit of low-stock alerts: what fell, and how each mail and webhook call went. */
export const alertRoutes: FastifyPluginAsyncZod<AlertRoutesOptions> = async (app, { alerts }) => {
  app.get(
    '/alerts',
    {
      config: { access: 'session', action: 'alerts.read' },
      schema: {
        operationId: 'listAlerts',
        tags: ['alerts'],
        summary: 'Low-stock alerts, newest first, with every delivery and try',
        description:
          '`status=pending` lists alerts still waiting for a delivery (stuck ones show their tries and last ' +
          'error); `status=failed` those given up after the retry window (OUTBOX_GIVE_UP_AFTER_MS, 24 h). ' +
          'Each alert shows the webhook call and the mail to the signed-in user; mail to other users is ' +
          'only counted (`otherEmails`), so no one reads who else gets alerts.',
        querystring: alertListQuerySchema,
        response: {
          200: z.array(lowStockAlertSchema),
          400: apiErrorSchema,
          401: apiErrorSchema,
          500: apiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return alerts.list({ ...request.query, viewer: request.user.email });
    },
  );
};
