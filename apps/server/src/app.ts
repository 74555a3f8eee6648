import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accessTokensModule } from './access-tokens/module.ts';
import { alertsModule } from './alerts/module.ts';
import { authModule } from './auth/module.ts';
import { categoriesModule } from './categories/module.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { csvModule } from './csv/module.ts';
import { storageModule } from './db/module.ts';
import { changeFeedModule, eventsModule } from './events/module.ts';
import { healthModule } from './health/module.ts';
import { sendFrameworkError } from './http/error-handler.ts';
import { httpModule, webModule } from './http/module.ts';
import { locationsModule } from './locations/module.ts';
import { loggerOptions } from './logger.ts';
import type { ModuleOptions, ServerModule } from './module.ts';
import { openApiModule } from './openapi/module.ts';
import { outboxModule } from './outbox/module.ts';
import { photosModule } from './photos/module.ts';
import { productsModule } from './products/module.ts';
import { settingsModule } from './settings/module.ts';
import { statsModule } from './stats/module.ts';
import { usersModule } from './users/module.ts';
import { warrantyModule } from './warranty/module.ts';

/**
 * The server's modules, in order (see ServerModule): a module's setup may use what the modules
 * before it decorated the app with, and its `/api` routes come after theirs. A new feature is a
 * folder with its `module.ts`, and one line here.
 */
const MODULES: readonly ServerModule[] = [
  storageModule,
  changeFeedModule,
  httpModule,
  authModule,
  healthModule,
  settingsModule,
  outboxModule,
  alertsModule,
  statsModule,
  locationsModule,
  categoriesModule,
  productsModule,
  warrantyModule,
  csvModule,
  photosModule,
  eventsModule,
  usersModule,
  accessTokensModule,
  openApiModule,
  webModule,
];

export interface BuildOptions {
  /** Where the time comes from: the system clock, or a test's. */
  clock?: Clock;
}

/** Builds the whole application without listening: `main.ts` listens, tests use `inject`. */
export async function buildApp(
  config: Config,
  { clock = systemClock }: BuildOptions = {},
): Promise<FastifyInstance> {
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
      sendFrameworkError(error, request, reply.headers(reply.server.securityHeaders)),
  }).withTypeProvider<ZodTypeProvider>();
  const options: ModuleOptions = { config, clock };
  try {
    for (const { setup } of MODULES) if (setup) await app.register(setup, options);
    await app.register(
      async (api) => {
        for (const module of MODULES) if (module.api) await api.register(module.api, options);
      },
      { prefix: '/api' },
    );
    for (const { site } of MODULES) if (site) await app.register(site, options);
    await app.ready();
  } catch (error) {
    // What the modules opened is closed again, in reverse order (their onClose hooks).
    await app.close();
    throw error;
  }
  return app;
}
