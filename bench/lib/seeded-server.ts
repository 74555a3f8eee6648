/** The frame of a benchmark that needs plain items: a fresh database, seeded, and our server on it. */
import { type FreshDatabase, freshDatabase } from './database.ts';
import { freePort, productionEnv, type RunningServer, seed, startInstances } from './processes.ts';

/**
 * A fresh database (on the PostgreSQL server at `postgresUrl`, SQLite without one) seeded with `items`
 * plain items and no movements, and our server on it in production mode: `run` with them, then the
 * server stopped and the database dropped. `heading` says what runs, given where.
 */
export async function onSeededServer<Result>(
  postgresUrl: string | undefined,
  items: number,
  heading: (where: string) => string,
  run: (server: RunningServer, database: FreshDatabase) => Promise<Result>,
): Promise<Result> {
  const database = await freshDatabase(postgresUrl);
  console.log(`\n▶ ${heading(database.description)}`);
  try {
    const env = productionEnv(await freePort(), database.env);
    await seed(items, 0, env);
    await database.analyze();
    const server = await startInstances(env, 1);
    try {
      return await run(server, database);
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
