import { apiErrorSchema } from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/http-error.ts';

const healthSchema = z.object({ status: z.literal('ok') });

export interface HealthRoutesOptions {
  checkDatabase: () => Promise<void>;
}

/** Liveness (the process answers) and readiness (the database answers too). */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, { checkDatabase }) => {
  app.get(
    '/health',
    {
      config: { access: 'public', action: 'site.public' },
      schema: {
        operationId: 'checkHealth',
        tags: ['health'],
        summary: 'Liveness',
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public', action: 'site.public' },
      schema: {
        operationId: 'checkReadiness',
        tags: ['health'],
        summary: 'Readiness: the database is reachable',
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      try {
        await checkDatabase();
      } catch (error) {
        request.log.error({ err: error }, 'database is not reachable');
        throw new HttpError(503, 'DATABASE_UNREACHABLE');
      }
      return { status: 'ok' as const };
    },
  );
};
