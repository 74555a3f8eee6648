import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

/** Reads the configuration, starts the server, and shuts it down gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config);
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    // Kept-alive connections (a load balancer's, say) fall idle one by one as their last answers go
    // out; closing them as they do lets the server exit as soon as the in-flight requests are done.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    closeIdle.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  if (config.isProduction && !config.publicUrl.startsWith('https://')) {
    app.log.warn(
      { publicUrl: config.publicUrl },
      'PUBLIC_URL is not https: browsers will not send the Secure session cookie back; serve the app over TLS',
    );
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Walton Warehouse is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error('Walton Warehouse failed to start:', error);
  process.exit(1);
});
