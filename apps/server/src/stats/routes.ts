import {
  apiErrorSchema,
  productIdSchema,
  statsDailyQuerySchema,
  statsDailySchema,
  statsLocationsSchema,
  statsMovementsQuerySchema,
  statsMovementsSchema,
  statsSummarySchema,
  stockSeriesQuerySchema,
  stockSeriesSchema,
} from '@walton/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnswerCache } from '../http/answer-cache.ts';
import { type StatsService, TOP_DELIVERED } from './service.ts';

export interface StatsRoutesOptions {
  service: StatsService;
  /**
   * Where answers are kept until the next change (ADR 7's store): the figures are the same for every
   * signed-in user, and every change empties it. The key holds today, so a new day is a new answer.
   */
  answers: AnswerCache;
}

const errors = { 401: apiErrorSchema, 500: apiErrorSchema };
const daysNote = 'Days are counted in the warehouse time zone (`TIME_ZONE`, `timeZone` in the answer).';

/** The dashboard's figures (signed in): HTTP only, the work is StatsService's. */
export const statsRoutes: FastifyPluginAsyncZod<StatsRoutesOptions> = async (app, { service, answers }) => {
  const kept = (request: FastifyRequest, reply: FastifyReply, key: string, read: () => Promise<object>) =>
    answers.reply(request, reply, async () => ({ headers: {}, payload: await read() }), {
      key: `stats ${key} ${service.today()}`,
    });

  app.get(
    '/stats/summary',
    {
      config: { access: 'session', action: 'dashboard.read' },
      schema: {
        operationId: 'getStatsSummary',
        tags: ['stats'],
        summary: 'The warehouse at a glance',
        description:
          'Live items, units in stock and their value (Σ price × quantity over live items, exact, in BDT), ' +
          'live items low on stock (their available units at or below their threshold), units delivered today and in the last 7 days (today ' +
          `included), units restocked in the last 7 days (restocks and receipts' units). ${daysNote}`,
        response: { 200: statsSummarySchema, ...errors },
      },
    },
    (request, reply) => kept(request, reply, 'summary', () => service.summary()),
  );

  app.get(
    '/stats/daily',
    {
      config: { access: 'session', action: 'dashboard.read' },
      schema: {
        operationId: 'getStatsDaily',
        tags: ['stats'],
        summary: 'Units delivered and restocked, and stock at the end of each day',
        description:
          `The last \`days\` days (30 or 90) ending today, oldest first, and the ${TOP_DELIVERED} items with the most units ` +
          `delivered in them (deleted items included). Restocked counts restocks and receipts' units. ${daysNote}`,
        querystring: statsDailyQuerySchema,
        response: { 200: statsDailySchema, 400: apiErrorSchema, ...errors },
      },
    },
    (request, reply) =>
      kept(request, reply, `daily ${request.query.days}`, () => service.daily(request.query.days)),
  );

  app.get(
    '/stats/locations',
    {
      config: { access: 'session', action: 'dashboard.read' },
      schema: {
        operationId: 'getStatsLocations',
        tags: ['stats'],
        summary: 'Units in stock and their value at each location',
        description:
          'For every active location (and an inactive one while it still holds units), the default first, then by ' +
          'name: the units of live items there and their value (Σ price × units, exact, in BDT).',
        response: { 200: statsLocationsSchema, ...errors },
      },
    },
    () => service.byLocation(),
  );

  app.get(
    '/stats/movements',
    {
      config: { access: 'session', action: 'dashboard.read' },
      schema: {
        operationId: 'getStatsMovements',
        tags: ['stats'],
        summary: "One location's units moved per day",
        description:
          'The last `days` days (30 or 90) ending today, oldest first: units delivered from `location`, restocked into ' +
          "it (restocks and receipts' units), and transferred out of it and into it. History rows from before " +
          'locations count as the default ' +
          `location's. 404 \`NO_SUCH_LOCATION\` for an unknown location. ${daysNote}`,
        querystring: statsMovementsQuerySchema,
        response: { 200: statsMovementsSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    (request, reply) =>
      kept(request, reply, `movements ${request.query.days} ${request.query.location}`, () =>
        service.movements(request.query.location, request.query.days),
      ),
  );

  app.get(
    '/product/:id/stock-series',
    {
      config: { access: 'session', action: 'dashboard.read' },
      schema: {
        operationId: 'getStockSeries',
        tags: ['stats'],
        summary: "An item's quantity at the end of each day",
        description: `The last \`days\` days (30, 90 or 365) ending today, with each day's deliveries and restocks; deleted items too. ${daysNote}`,
        params: z.object({ id: productIdSchema }),
        querystring: stockSeriesQuerySchema,
        response: { 200: stockSeriesSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    (request) => service.stockSeries(request.params.id, request.query.days),
  );
};
