import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

describe.each(TEST_ENGINES.filter((engine) => engine === 'postgres'))('statement timeout on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_STATEMENT_TIMEOUT_MS: '200', ...database.env });
    handle = await openDatabase(config.database);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS and keeps the connection usable', async () => {
    await expect(sql`select pg_sleep(5)`.execute(handle.db)).rejects.toMatchObject({ code: '57014' });
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
    const { rows: setting } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(
      handle.db,
    );
    expect(setting[0]?.statement_timeout).toBe('200ms');
  });
});
