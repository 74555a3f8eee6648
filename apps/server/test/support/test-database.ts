import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { postgresAdminUrl, type TestEngine } from './engines.ts';

export interface TestDatabase {
  /** Environment for loadConfig: DATA_DIR and, except on SQLite, DATABASE_URL. */
  env: Record<string, string>;
  drop: () => Promise<void>;
}

async function withAdmin(run: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the given engine (and a fresh data folder), dropped afterwards. */
export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'walton-test-'));
  const removeDataDir = async () => rmSync(dataDir, { recursive: true, force: true });
  switch (engine) {
    case 'sqlite':
      return { env: { DATA_DIR: dataDir }, drop: removeDataDir };
    case 'pglite':
      return { env: { DATA_DIR: dataDir, DATABASE_URL: 'pglite:memory' }, drop: removeDataDir };
    case 'postgres': {
      if (!postgresAdminUrl) throw new Error('TEST_DATABASE_URL is not set');
      const name = `walton_test_${randomBytes(6).toString('hex')}`;
      await withAdmin((client) => client.query(`create database ${name}`).then(() => undefined));
      const url = new URL(postgresAdminUrl);
      url.pathname = `/${name}`;
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
        drop: async () => {
          await withAdmin((client) =>
            client.query(`drop database if exists ${name} with (force)`).then(() => undefined),
          );
          await removeDataDir();
        },
      };
    }
  }
}
