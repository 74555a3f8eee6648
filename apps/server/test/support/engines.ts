/** The database engines an integration test runs on: SQLite and PGlite always, PostgreSQL when configured. */
export type TestEngine = 'sqlite' | 'pglite' | 'postgres';

export const postgresAdminUrl = process.env.TEST_DATABASE_URL;

export const TEST_ENGINES: TestEngine[] = postgresAdminUrl
  ? ['sqlite', 'pglite', 'postgres']
  : ['sqlite', 'pglite'];
