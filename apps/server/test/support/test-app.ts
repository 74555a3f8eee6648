import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { TestEngine } from './engines.ts';
import { createTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  /** The environment the app was built from (for building a second instance on the same database). */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/** The environment a test app is built from, on the database `databaseEnv` names (see createTestDatabase). */
export function testAppEnv(
  databaseEnv: Record<string, string>,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO_CATALOG: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...databaseEnv,
    ...overrides,
  };
}

/** The real application on a fresh database of the given engine, for `app.inject` tests. */
export async function createTestApp(
  engine: TestEngine,
  overrides: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const env = testAppEnv(database.env, overrides);
  let app: FastifyInstance;
  try {
    app = await buildApp(loadConfig(env), options);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    app,
    env,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
