import { type ServerModule, shared } from '../module.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { migrateToLatest } from './migrator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, migrated to the latest schema; closed after every module that uses it. */
    database: DatabaseHandle;
  }
}

/** Storage: opens the database and migrates it, first of all, and closes it last. */
export const storageModule: ServerModule = {
  setup: shared(async (app, { config }) => {
    const database = await openDatabase(config.database, (error) =>
      app.log.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
    );
    app.addHook('onClose', () => database.close());
    await migrateToLatest(database.db, database.engine, config.timeZone);
    app.decorate('database', database);
  }),
};
