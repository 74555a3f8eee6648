import { credentialUser } from '../auth/guards.ts';
import { type ServerModule, shared } from '../module.ts';
import { type ChangeFeed, openChangeFeed } from './change-feed.ts';
import { eventRoutes } from './routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What changed, told to every instance (and, through `GET /api/events`, every open page). */
    changeFeed: ChangeFeed;
  }
}

/** The change feed, which other modules publish to and listen on; closed before the database. */
export const changeFeedModule: ServerModule = {
  setup: shared(async (app) => {
    const feed = await openChangeFeed(app.database.db, app.database.connectListener, app.log);
    app.addHook('onClose', async () => feed.close());
    app.decorate('changeFeed', feed);
  }),
};

/** `GET /api/events`: the change feed as server-sent events. */
export const eventsModule: ServerModule = {
  api: async (api, { config }) => {
    const { accounts, changeFeed, personalTokens } = api;
    await api.register(eventRoutes, {
      feed: changeFeed,
      maxStreams: config.maxEventStreams,
      // A stream ends with its session or token: every sign-out, revocation or reset on any
      // instance (or a feed that was interrupted, so one may have been missed) has each stream
      // check its own, and a changed role is told to its browser.
      sessions: {
        signedInUser: (request) =>
          credentialUser(accounts, (secret) => personalTokens.authenticate(secret), request),
        onSessionsChanged: (listener) => {
          const stopChanged = changeFeed.onSessionsChanged(listener);
          const stopInterrupted = changeFeed.onInterruption(listener);
          return () => {
            stopChanged();
            stopInterrupted();
          };
        },
      },
    });
  },
};
