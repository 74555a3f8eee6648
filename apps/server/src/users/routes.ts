import {
  apiErrorSchema,
  meSchema,
  userAccountSchema,
  userAuditEntrySchema,
  userUpdateSchema,
} from '@walton/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actionsOf } from '../auth/policy.ts';
import { HttpError, notFound, unauthorized } from '../http/http-error.ts';
import type { UserRepository } from './user-repository.ts';

export interface UserRoutesOptions {
  users: UserRepository;
  /** Ends the trust every instance has in the sessions it verified (the sign-out signal). */
  sessionsChanged: () => Promise<void>;
  /** Where the time comes from. */
  now: () => Date;
}

const AUDIT_LIMIT = 500;
const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 500: apiErrorSchema };

/** Who the signed-in user is; accounts, their roles and their audit (admin). */
export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (
  app,
  { users, sessionsChanged, now },
) => {
  app.get(
    '/me',
    {
      config: { access: 'session', allowUnverified: true, action: 'account.read' },
      schema: {
        operationId: 'getMe',
        tags: ['accounts'],
        summary: 'The signed-in user, their role and the actions they may perform',
        description:
          'Actions a role may perform only on the items it supplies (a supplier: edit, restock, delete, ' +
          "restore, threshold, history) are listed too; the server refuses them on other suppliers' items.",
        response: { 200: meSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user;
      if (!user) throw unauthorized();
      return { email: user.email, name: user.name, role: user.role, actions: actionsOf(user.role) };
    },
  );

  app.get(
    '/users',
    {
      config: { access: 'session', action: 'users.manage' },
      schema: {
        operationId: 'listUsers',
        tags: ['accounts'],
        summary: 'Every account with its role (admin)',
        description: '`lastActiveAt`: the last time one of its sessions was used (null when it has none).',
        response: { 200: z.array(userAccountSchema), ...errors },
      },
    },
    async () => users.list(),
  );

  app.patch(
    '/users/:id',
    {
      config: { access: 'session', action: 'users.manage' },
      schema: {
        operationId: 'updateUser',
        tags: ['accounts'],
        summary: "Change an account's role, disable or enable it (admin)",
        description:
          'Disabling ends the account’s sessions (and so its access tokens) at once on every instance; a ' +
          'disabled account cannot sign in. The last enabled admin can be neither demoted nor disabled ' +
          '(409 `LAST_ADMIN`). Each change is recorded in the audit (GET /api/users/audit).',
        params: z.object({ id: z.string().min(1).max(200) }),
        body: userUpdateSchema,
        response: {
          200: userAccountSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          429: apiErrorSchema,
          ...errors,
        },
      },
    },
    async (request) => {
      const by = request.user;
      if (!by) throw unauthorized();
      const changed = await users.change(request.params.id, request.body, by, now());
      if (changed === 'not-found') throw notFound('NO_SUCH_ACCOUNT');
      if (changed === 'last-admin') throw new HttpError(409, 'LAST_ADMIN');
      // A new role or a disable: no instance may keep taking the account's sessions on trust.
      await sessionsChanged();
      const account = (await users.list()).find((user) => user.id === changed.account.id);
      if (!account) throw notFound('NO_SUCH_ACCOUNT');
      return account;
    },
  );

  app.get(
    '/users/audit',
    {
      config: { access: 'session', action: 'users.manage' },
      schema: {
        operationId: 'listUserAudit',
        tags: ['accounts'],
        summary: 'Role changes, disables and enables, newest first (admin)',
        description: `Who changed whom, what, and when; the last ${AUDIT_LIMIT}.`,
        response: { 200: z.array(userAuditEntrySchema), ...errors },
      },
    },
    async () => users.audit(AUDIT_LIMIT),
  );
};
