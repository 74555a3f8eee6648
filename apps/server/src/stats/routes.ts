import {
  apiErrorSchema,
  productIdSchema,
  statsDailyQuerySchema,
  statsDailySchema,
  statsSummarySchema,
  stockSeriesQuerySchema,
  stockSeriesSchema,
} from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type StatsService, TOP_DELIVERED } from './service.ts';

export interface StatsRoutesOptions {
  service: StatsService;
}

const SESSION = [{ session: [] }];
const errors = { 401: apiErrorSchema, 500: apiErrorSchema };
const daysNote = 'Days are counted in the warehouse time zone (`TIME_ZONE`, `timeZone` in the answer).';

/** The dashboard's figures (signed in): HTTP only, the work is StatsService's. */
export const statsRoutes: FastifyPluginAsyncZod<StatsRoutesOptions> = async (app, { service }) => {
  app.get(
    '/stats/summary',
    {
      schema: {
        tags: ['stats'],
        summary: 'The warehouse at a glance',
        description:
          'Live items, units in stock and their value (Σ price × quantity over live items, exact, in BDT), ' +
          `units delivered today and in the last 7 days (today included), units restocked in the last 7 days. ${daysNote} ` +
          '`itemsAtOrBelowThreshold` is absent while items have no low-stock threshold.',
        security: SESSION,
        response: { 200: statsSummarySchema, ...errors },
      },
    },
    () => service.summary(),
  );

  app.get(
    '/stats/daily',
    {
      schema: {
        tags: ['stats'],
        summary: 'Units delivered and restocked, and stock at the end of each day',
        description:
          `The last \`days\` days (30 or 90) ending today, oldest first, and the ${TOP_DELIVERED} items with the most units ` +
          `delivered in them (deleted items included). ${daysNote}`,
        security: SESSION,
        querystring: statsDailyQuerySchema,
        response: { 200: statsDailySchema, 400: apiErrorSchema, ...errors },
      },
    },
    (request) => service.daily(request.query.days),
  );

  app.get(
    '/product/:id/stock-series',
    {
      schema: {
        tags: ['stats'],
        summary: "An item's quantity at the end of each day",
        description: `The last \`days\` days (30, 90 or 365) ending today, with each day's deliveries and restocks; deleted items too. ${daysNote}`,
        security: SESSION,
        params: z.object({ id: productIdSchema }),
        querystring: stockSeriesQuerySchema,
        response: { 200: stockSeriesSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    (request) => service.stockSeries(request.params.id, request.query.days),
  );
};
