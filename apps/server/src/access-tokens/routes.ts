import {
  apiErrorSchema,
  createdPersonalTokenSchema,
  PERSONAL_TOKEN_MAX_DAYS,
  PERSONAL_TOKEN_PREFIX,
  PERSONAL_TOKENS_PER_ACCOUNT,
  personalTokenRequestSchema,
  personalTokenSchema,
  revokedPersonalTokenSchema,
} from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInActor } from '../http/signed-in.ts';
import type { PersonalAccessTokens } from './personal-access-tokens.ts';

export interface TokenRoutesOptions {
  tokens: PersonalAccessTokens;
  /** Ends every instance's trust in what it verified, so that event streams check their credential again. */
  sessionsChanged: () => Promise<void>;
}

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
};
const bodyErrors = { 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/** The signed-in user's personal access tokens: create (from a session only), list, revoke. */
export const tokenRoutes: FastifyPluginAsyncZod<TokenRoutesOptions> = async (
  app,
  { tokens, sessionsChanged },
) => {
  app.post(
    '/tokens',
    {
      config: { access: 'session', action: 'account.token', sessionOnly: true },
      schema: {
        operationId: 'createPersonalAccessToken',
        tags: ['accounts'],
        summary: 'Create a personal access token (its secret is answered this once)',
        description:
          `For scripts and integrations: send it as \`Authorization: Bearer ${PERSONAL_TOKEN_PREFIX}…\` on ` +
          "any /api route; it acts with its owner's role as it is at each request, never more. " +
          `\`expiresInDays\`: 1 to ${PERSONAL_TOKEN_MAX_DAYS}. Only its SHA-256 is stored: keep the secret, ` +
          'it cannot be shown again. Only a signed-in session may create one (a request authenticated by ' +
          `a token is refused with 403 \`SESSION_REQUIRED\`); an account holds at most ${PERSONAL_TOKENS_PER_ACCOUNT} ` +
          'live tokens (409 `PERSONAL_TOKEN_LIMIT`). Recorded in the audit of accounts.',
        body: personalTokenRequestSchema,
        response: { 201: createdPersonalTokenSchema, ...bodyErrors, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInActor(request);
      const created = await tokens.create(user, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/tokens',
    {
      config: { access: 'session', action: 'account.token' },
      schema: {
        operationId: 'listPersonalAccessTokens',
        tags: ['accounts'],
        summary: "The signed-in user's personal access tokens, newest first",
        description:
          'Those not revoked, expired ones included (`expiresAt` in the past). Never a secret or its hash; ' +
          '`lastUsedAt` is the last request a token authenticated, to the minute.',
        response: { 200: z.array(personalTokenSchema), ...errors },
      },
    },
    async (request) => tokens.list(signedInActor(request).id),
  );

  app.delete(
    '/tokens/:id',
    {
      config: { access: 'session', action: 'account.token' },
      schema: {
        operationId: 'revokePersonalAccessToken',
        tags: ['accounts'],
        summary: 'Revoke one of your personal access tokens',
        description:
          'At once on every instance: its next request is refused with 401 `PERSONAL_TOKEN_REVOKED`. ' +
          "404 for an id that is not one of the signed-in user's live tokens (another account's among " +
          'them). A token may revoke itself. Recorded in the audit of accounts.',
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: revokedPersonalTokenSchema, 400: apiErrorSchema, 404: apiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInActor(request);
      await tokens.revoke(user, request.params.id, user);
      // Event streams authenticated by the token end.
      await sessionsChanged();
      return { revoked: true as const };
    },
  );
};
