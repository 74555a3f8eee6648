import { type ServerModule, shared } from '../module.ts';
import { userRoutes } from './routes.ts';
import { UserRepository } from './user-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
  }
}

/** Roles and accounts: ADMIN_EMAILS applied at start; `GET /api/me`, `/api/users` and the audit. */
export const usersModule: ServerModule = {
  setup: shared(async (app, { config }) => {
    const users = new UserRepository(app.database.db, app.database.engine);
    // ADMIN_EMAILS also holds for accounts created before the address was listed.
    await users.promoteAdmins(config.adminEmails);
    app.decorate('users', users);
  }),
  api: async (api, { clock }) => {
    await api.register(userRoutes, {
      users: api.users,
      sessionsChanged: () => api.accounts.sessions.forgetAll(),
      now: clock,
    });
  },
};
