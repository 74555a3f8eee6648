import pg from 'pg';
import { postgresAdminUrl, TEST_ENGINES } from './engines.ts';

/**
 * Says which engines the integration suite runs on. In CI a missing or unreachable PostgreSQL is
 * a failure, never a silent skip.
 */
export default async function setup(): Promise<void> {
  if (!postgresAdminUrl) {
    if (process.env.CI === 'true') {
      throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL integration run is required');
    }
    console.warn('[server tests] TEST_DATABASE_URL is not set: PostgreSQL server runs are skipped');
  } else {
    const client = new pg.Client({ connectionString: postgresAdminUrl });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is not reachable: ${String(error)}`);
    } finally {
      await client.end().catch(() => {});
    }
  }
  console.log(`[server tests] integration suite engines: ${TEST_ENGINES.join(', ')}`);
}
