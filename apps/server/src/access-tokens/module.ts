import { type ServerModule, shared } from '../module.ts';
import { PersonalAccessTokens } from './personal-access-tokens.ts';
import { tokenRoutes } from './routes.ts';
import { TokenRepository } from './token-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Creates personal access tokens and checks the ones requests send (the guards ask it). */
    personalTokens: PersonalAccessTokens;
  }
}

/** Personal access tokens: `POST`/`GET /api/tokens`, `DELETE /api/tokens/:id`. */
export const accessTokensModule: ServerModule = {
  setup: shared(async (app, { clock }) => {
    const repository = new TokenRepository(app.database.db, app.database.engine);
    app.decorate('personalTokens', new PersonalAccessTokens(repository, clock));
  }),
  api: async (api) => {
    await api.register(tokenRoutes, {
      tokens: api.personalTokens,
      sessionsChanged: () => api.accounts.sessions.forgetAll(),
    });
  },
};
