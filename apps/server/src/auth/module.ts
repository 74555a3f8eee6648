import { type ServerModule, shared } from '../module.ts';
import { type Accounts, createAccounts, registerAccounts } from './accounts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Better Auth on our database, the mailer, the verified sessions, the attempt limits. */
    accounts: Accounts;
  }
}

/**
 * Accounts: created on the root; in `/api`, the guards (on the scope itself, through
 * `fastify-plugin`, so that they cover every module's routes registered after them) and the account
 * routes.
 */
export const authModule: ServerModule = {
  setup: shared(async (app, { config }) => {
    const accounts = createAccounts(config, app.database, app.log);
    app.addHook('onClose', () => accounts.close());
    // A sign-out or a changed user on any instance ends every instance's trust in the sessions it
    // verified a moment ago.
    accounts.sessions.listenTo(app.changeFeed);
    app.decorate('accounts', accounts);
  }),
  api: shared(async (api, { config }) => {
    await registerAccounts(api, api.accounts, config, (secret) => api.personalTokens.authenticate(secret));
  }),
};
