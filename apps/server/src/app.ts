import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { ChangeEvent } from '@walton/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { PersonalAccessTokens } from './access-tokens/personal-access-tokens.ts';
import { tokenRoutes } from './access-tokens/routes.ts';
import { TokenRepository } from './access-tokens/token-repository.ts';
import { AlertRepository } from './alerts/alert-repository.ts';
import { LowStockAlerts } from './alerts/low-stock-alerts.ts';
import { alertRoutes } from './alerts/routes.ts';
import { createAccounts, registerAccounts } from './auth/accounts.ts';
import { credentialUser, sessionUser } from './auth/guards.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { CsvExports } from './csv/exports.ts';
import { ProductImport } from './csv/product-import.ts';
import { csvRoutes } from './csv/routes.ts';
import { openDatabase, pingDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { openChangeFeed } from './events/change-feed.ts';
import { eventRoutes } from './events/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { AnswerCache, COMPRESSION_THRESHOLD, ON_THE_FLY } from './http/answer-cache.ts';
import { registerCanonicalPath } from './http/canonical-path.ts';
import { ChangeWeights, registerChangeLimit } from './http/change-limit.ts';
import { registerErrorHandler, sendFrameworkError } from './http/error-handler.ts';
import { registerInputGuard } from './http/input-guard.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticSpa } from './http/static-spa.ts';
import { loggerOptions } from './logger.ts';
import { openApiRoutes, registerOpenApi } from './openapi/openapi.ts';
import { OutboxRepository } from './outbox/outbox-repository.ts';
import { OutboxWorker } from './outbox/outbox-worker.ts';
import { HistoryRepository } from './products/history-repository.ts';
import { ProductAnswers } from './products/product-answers.ts';
import { ProductSearch } from './products/product-search.ts';
import { ProductRepository } from './products/repository.ts';
import { productRoutes } from './products/routes.ts';
import { SearchIndexRepository } from './products/search-index-repository.ts';
import { SearchIndexUpkeep } from './products/search-index-upkeep.ts';
import { seedDemoCatalogIfEmpty } from './products/seed.ts';
import { ProductService } from './products/service.ts';
import { settingsRoutes } from './settings/routes.ts';
import { SettingsRepository } from './settings/settings-repository.ts';
import { StatsRepository } from './stats/repository.ts';
import { statsRoutes } from './stats/routes.ts';
import { rollupParticipant, StatsService } from './stats/service.ts';
import { userRoutes } from './users/routes.ts';
import { UserRepository } from './users/user-repository.ts';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildOptions {
  /** Where the time comes from: the system clock, or a test's. */
  clock?: Clock;
}

/** Builds the whole application without listening: `main.ts` listens, tests use `inject`. */
export async function buildApp(
  config: Config,
  { clock = systemClock }: BuildOptions = {},
): Promise<FastifyInstance> {
  let securityHeaders: Record<string, string> = {};
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: 64 * 1024,
    // Slow clients: headers must arrive within headersTimeoutMs and the whole request within
    // requestTimeoutMs (checked every connectionsCheckingInterval); a socket idle for 30 s during a
    // request is closed (the change feed's heartbeat keeps its streams busier than that).
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(
        250,
        Math.min(5000, Math.floor(config.http.headersTimeoutMs / 4)),
      ),
    },
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    connectionTimeout: 30_000,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    frameworkErrors: (error, request, reply) =>
      sendFrameworkError(error, request, reply.headers(securityHeaders)),
  }).withTypeProvider<ZodTypeProvider>();
  // What was opened, closed in reverse order once requests are done: the change feed and accounts
  // before the database they use.
  const closers: Array<() => Promise<void>> = [];
  app.addHook('onClose', async () => {
    for (const close of closers.reverse()) await close();
  });

  try {
    const database = await openDatabase(config.database, (error) =>
      app.log.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
    );
    closers.push(() => database.close());
    await migrateToLatest(database.db, database.engine, config.timeZone);
    const accounts = createAccounts(config, database, app.log);
    const users = new UserRepository(database.db, database.engine);
    // ADMIN_EMAILS also holds for accounts created before the address was listed.
    await users.promoteAdmins(config.adminEmails);
    const personalTokens = new PersonalAccessTokens(new TokenRepository(database.db, database.engine), clock);
    const authenticateToken = (secret: string) => personalTokens.authenticate(secret);
    closers.push(() => accounts.close());
    const settings = new SettingsRepository(database.db);
    const outbox = new OutboxRepository(database.db, { giveUpAfterMs: config.outbox.giveUpAfterMs });
    const lowStockAlerts = new LowStockAlerts({
      alerts: new AlertRepository(database.db),
      outbox,
      settings,
      mailer: accounts.mailer,
      publicUrl: config.publicUrl,
      webhook: config.alertWebhook,
      cooldownMs: config.alertCooldownMs,
    });
    const history = new HistoryRepository(database.db, database.engine);
    const stats = new StatsRepository(database.db);
    const products = new ProductRepository(database.db, {
      engine: database.engine,
      history,
      // In the transaction of every change: a fall to the low-stock threshold queues its alert, and
      // the dashboard's daily roll-ups take their share.
      participants: [
        (change) => lowStockAlerts.recordCrossing(change),
        rollupParticipant(stats, config.timeZone),
      ],
    });
    if (config.seedDemoCatalog) await seedDemoCatalogIfEmpty(products);
    const changeFeed = await openChangeFeed(database.db, database.connectListener, app.log);
    closers.push(async () => changeFeed.close());
    const answers = new AnswerCache({ ...config.readCache, isComplete: () => changeFeed.live });
    closers.push(async () => answers.close());
    // What a change does to the stored answers is the products module's to say.
    const productAnswers = new ProductAnswers(answers);
    // Another instance's change reaches the stored answers through the feed.
    changeFeed.subscribe((event) => productAnswers.afterChange(event));
    changeFeed.onInterruption(() => answers.invalidate());
    // A sign-out or a changed user on any instance ends every instance's trust in the sessions it
    // verified a moment ago.
    accounts.sessions.listenTo(changeFeed);
    if (config.outbox.worker) {
      const worker = new OutboxWorker({
        outbox,
        handlers: lowStockAlerts.handlers(),
        settings: config.outbox,
        log: app.log.child({ module: 'outbox' }),
      });
      // A committed change may have queued jobs: this instance's through the in-process feed, every
      // other instance's through LISTEN/NOTIFY. Polling covers what a wake-up missed.
      changeFeed.subscribe(() => worker.wake());
      worker.start();
      // Stopped first (closers run in reverse): the tries under way settle while the database is open.
      closers.push(() => worker.stop());
    }
    if (database.engine === 'sqlite') {
      // SQLite's name index joined into one segment now and then (ADR 30), stopped before the database closes.
      const upkeep = new SearchIndexUpkeep(new SearchIndexRepository(database.db), app.log);
      upkeep.start();
      closers.push(() => upkeep.stop());
    }

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ checkEachResponse: !config.isProduction }));
    registerErrorHandler(app);
    registerInputGuard(app);
    securityHeaders = await registerSecurityHeaders(app, config.isProduction);
    // First of the hooks that look at the request: nothing below sees a non-canonical path.
    registerCanonicalPath(app);
    const changeWeights = new ChangeWeights();
    await registerChangeLimit(app, config.writeRateLimitPerMinute, changeWeights);
    await app.register(compress, {
      threshold: COMPRESSION_THRESHOLD,
      brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: ON_THE_FLY.brotliQuality } },
      zlibOptions: { level: ON_THE_FLY.gzipLevel },
    });
    await registerOpenApi(app);

    await app.register(
      async (api) => {
        await registerAccounts(api, accounts, config, authenticateToken);
        await api.register(healthRoutes, { checkDatabase: () => pingDatabase(database.db) });
        // This instance forgets the answers a change makes wrong before the writer hears of
        // success; the others when the feed brings them the change.
        const publish = (event: ChangeEvent) => {
          productAnswers.afterChange(event);
          return changeFeed.publish(event);
        };
        const search = new ProductSearch(database.db, database.engine);
        const service = new ProductService({ products, search, history }, publish, clock);
        await api.register(productRoutes, {
          service,
          answers,
          // A personal access token sent to a public read made its owner the request's user.
          sessionUser: async (request) => request.user ?? sessionUser(accounts, request),
          publicUrl: config.publicUrl,
        });
        await api.register(statsRoutes, {
          service: new StatsService({ stats, products, search }, config.timeZone, clock),
          answers,
        });
        await api.register(csvRoutes, {
          exports: new CsvExports({ search, history }, app.log),
          productImport: new ProductImport(products, publish),
          changeWeights,
        });
        await api.register(eventRoutes, {
          feed: changeFeed,
          maxStreams: config.maxEventStreams,
          // A stream ends with its session or token: every sign-out, revocation or reset on any
          // instance (or a feed that was interrupted, so one may have been missed) has each stream
          // check its own, and a changed role is told to its browser.
          sessions: {
            signedInUser: (request) => credentialUser(accounts, authenticateToken, request),
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
        await api.register(settingsRoutes, { settings });
        await api.register(alertRoutes, { alerts: lowStockAlerts });
        await api.register(userRoutes, {
          users,
          sessionsChanged: () => accounts.sessions.forgetAll(),
          now: clock,
        });
        await api.register(tokenRoutes, {
          tokens: personalTokens,
          sessionsChanged: () => accounts.sessions.forgetAll(),
        });
        await api.register(openApiRoutes);
      },
      { prefix: '/api' },
    );
    await registerStaticSpa(app, config.webDistDir ?? DEFAULT_WEB_DIST);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
