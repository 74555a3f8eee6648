import { apiErrorSchema, userSettingsSchema, userSettingsUpdateSchema } from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../http/http-error.ts';
import type { SettingsRepository } from './settings-repository.ts';

export interface SettingsRoutesOptions {
  settings: SettingsRepository;
}

const errors = { 401: apiErrorSchema, 500: apiErrorSchema };

/** The signed-in user's preferences (the /settings page). */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsRoutesOptions> = async (app, { settings }) => {
  app.get(
    '/settings',
    {
      config: { access: 'session', action: 'settings.own' },
      schema: {
        operationId: 'getSettings',
        tags: ['settings'],
        summary: "The signed-in user's preferences",
        response: { 200: userSettingsSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return settings.find(request.user.id);
    },
  );

  app.put(
    '/settings',
    {
      config: { access: 'session', action: 'settings.own' },
      schema: {
        operationId: 'updateSettings',
        tags: ['settings'],
        summary: "Sets the signed-in user's preferences",
        description:
          '`lowStockEmail`: "Low-stock alerts by email", a mail to this account for every item that falls to ' +
          'its low-stock threshold. `language`: the app language the user chose (`en`, `bn`), which mails ' +
          'to them are written in. Each field is optional: the ones sent change, the others stay.',
        body: userSettingsUpdateSchema,
        response: {
          200: userSettingsSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      return settings.save(request.user.id, request.body, new Date());
    },
  );
};
