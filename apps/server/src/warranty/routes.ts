import { apiErrorSchema, warrantyAnswerSchema, warrantyParamsSchema } from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AttemptLimiter, type LimitRule, tooManyAttempts } from '../auth/attempt-limits.ts';
import { isCheckableSerial, type WarrantyCheck, warrantyNotFound } from './warranty-check.ts';

/**
 * How many warranty checks one client address may make: enough for a shop counter, too few to walk
 * through serial numbers looking for the ones that exist.
 */
export const WARRANTY_CHECKS_PER_IP: LimitRule = { max: 30, windowSeconds: 10 * 60 };

export interface WarrantyRoutesOptions {
  check: WarrantyCheck;
  limiter: AttemptLimiter;
}

/** GET /api/warranty/:serial: public, counted per client address (the attempt limiter's counters). */
export const warrantyRoutes: FastifyPluginAsyncZod<WarrantyRoutesOptions> = async (
  app,
  { check, limiter },
) => {
  app.get(
    '/warranty/:serial',
    {
      config: { access: 'public', action: 'site.public' },
      onRequest: async (request) => {
        const decision = await limiter.consume(`ip:warranty:${request.ip}`, WARRANTY_CHECKS_PER_IP);
        if (!decision.allowed) throw tooManyAttempts(decision.retryAfterSeconds);
        // Before the input guard (whose 400 would tell a serial with NUL from an unknown one).
        if (!isCheckableSerial(request.params.serial)) throw warrantyNotFound();
      },
      schema: {
        operationId: 'checkWarranty',
        tags: ['units'],
        summary: "A unit's warranty, by either of its serials (no sign-in)",
        description:
          "For a customer holding a unit: its item's `name` and `model`, and `status` `in_warranty` (sold, " +
          "`warrantyUntil`, the warranty's last day, is today or later in the warehouse's time zone), " +
          '`expired` (that day has passed) or `not_sold` (in stock or reserved; `warrantyUntil` null). ' +
          'Nothing personal: no customer, supplier, price, location or id. Serials are compared trimmed and ' +
          'without letter case; either serial of a split pair finds the unit. Any serial it does not find, ' +
          'malformed ones included (empty, longer than 64 characters, control characters), gets the same ' +
          '404 `WARRANTY_SERIAL_NOT_FOUND` (a path segment longer than any route parameter, 100 characters, ' +
          `is refused with 414 before any route, as everywhere in the API). Each client address may check ${WARRANTY_CHECKS_PER_IP.max} ` +
          `serials in ${WARRANTY_CHECKS_PER_IP.windowSeconds / 60} minutes; beyond, 429 \`TOO_MANY_REQUESTS\` ` +
          'with Retry-After.',
        params: warrantyParamsSchema,
        response: {
          200: warrantyAnswerSchema,
          404: {
            description: 'No unit has this serial, or no unit could (the same answer for both)',
            content: { 'application/json': { schema: apiErrorSchema } },
          },
          429: apiErrorSchema,
        },
      },
    },
    (request) => check.check(request.params.serial),
  );
};
