import { getMigrations } from 'better-auth/db/migration';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts } from '../../src/auth/accounts.ts';
import { AttemptLimiter } from '../../src/auth/attempt-limits.ts';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

describe.each(TEST_ENGINES)('auth tables on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let config: ReturnType<typeof loadConfig>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env });
    handle = await openDatabase(config.database);
    await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it("migration 002-auth creates everything Better Auth's own migration planner expects", async () => {
    const app = Fastify({ logger: false });
    const accounts = createAccounts(config, handle, app.log);
    try {
      const plan = await getMigrations(accounts.auth.options);
      expect(plan.toBeCreated.map((table) => table.table)).toEqual([]);
      expect(plan.toBeAdded.map((table) => [table.table, Object.keys(table.fields)])).toEqual([]);
      expect(plan.toBeAddedIndexes.map((index) => index.name)).toEqual([]);
      expect(plan.schemaProblems).toEqual([]);
    } finally {
      accounts.close();
      await app.close();
    }
  });

  it('counts attempts in fixed windows and prunes old counters', async () => {
    const limiter = new AttemptLimiter(handle.db);
    const rule = { max: 2, windowSeconds: 60 };
    const start = Date.now();
    expect(await limiter.consume('test:key', rule, start)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect((await limiter.consume('test:key', rule, start + 1000)).allowed).toBe(true);
    expect(await limiter.consume('test:key', rule, start + 20_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 40,
    });
    expect((await limiter.consume('test:key', rule, start + 61_000)).allowed).toBe(true);

    await limiter.consume('test:old', rule, start - 2 * 24 * 60 * 60 * 1000);
    await limiter.prune(24 * 60 * 60 * 1000, start);
    const keys = await handle.db.selectFrom('auth_attempts').select('key').orderBy('key').execute();
    expect(keys.map((row) => row.key)).toEqual(['test:key']);
  });
});
