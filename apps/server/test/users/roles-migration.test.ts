import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import * as products from '../../src/db/migrations/001-products.ts';
import * as auth from '../../src/db/migrations/002-auth.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { runUserCommand, SHELL_ACTOR } from '../../src/users/user-cli.ts';
import { UserRepository } from '../../src/users/user-repository.ts';
import { TEST_ENGINES, type TestEngine } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

async function insertUser(handle: DatabaseHandle, id: string, email: string, createdAt: string) {
  const db = handle.db;
  const no = sql.raw(handle.engine === 'postgres' ? 'false' : '0');
  await sql`insert into users (id, name, email, email_verified, created_at, updated_at)
    values (${id}, ${id}, ${email}, ${no}, ${createdAt}, ${createdAt})`.execute(db);
}

/** A database migrated to 002 with three accounts made before roles, then migrated to the latest. */
async function databaseWithOldAccounts(
  engine: TestEngine,
): Promise<{ database: TestDatabase; handle: DatabaseHandle }> {
  const database = await createTestDatabase(engine);
  const handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
  const context = { engine: handle.engine, timeZone: 'Asia/Dhaka' };
  const upTo002: Record<string, Migration> = Object.fromEntries(
    Object.entries({ '001-products': products, '002-auth': auth }).map(([name, module]) => [
      name,
      { up: (on: Kysely<unknown>) => module.up(on, context) },
    ]),
  );
  const { error } = await new Migrator({
    db: handle.db,
    provider: { getMigrations: async () => upTo002 },
  }).migrateToLatest();
  if (error) throw error;
  await insertUser(handle, 'second', 'second@example.com', '2026-02-01T00:00:00.000Z');
  await insertUser(handle, 'first', 'first@example.com', '2026-01-01T00:00:00.000Z');
  await insertUser(handle, 'third', 'third@example.com', '2026-03-01T00:00:00.000Z');
  await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
  return { database, handle };
}

/** For a describe block: a database with accounts made before roles, dropped after the block. */
function withOldAccounts(engine: TestEngine): { database: TestDatabase; handle: DatabaseHandle } {
  const old = {} as { database: TestDatabase; handle: DatabaseHandle };
  beforeAll(async () => {
    Object.assign(old, await databaseWithOldAccounts(engine));
  });
  afterAll(async () => {
    await old.handle.close();
    await old.database.drop();
  });
  return old;
}

/**
 * Migration 013 on a database with accounts made before roles: every one becomes staff except the
 * first ever created, admin; `npm run user` then sets a role on the configured database.
 */
describe.each(TEST_ENGINES)('migration 013-user-roles on %s', (engine) => {
  const old = withOldAccounts(engine);

  it('makes the first account ever created admin and every other existing account staff', async () => {
    const rows = await old.handle.db
      .selectFrom('users')
      .select(['id', 'role'])
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      { id: 'first', role: 'admin' },
      { id: 'second', role: 'staff' },
      { id: 'third', role: 'staff' },
    ]);
    // The first account is taken: a later sign-up cannot claim it.
    expect(await new UserRepository(old.handle.db, old.handle.engine).claimFirstAccount('third')).toBe(false);
  });
});

/** `npm run user` is a process of its own: it reaches the engines a second process can open (not PGlite in memory). */
describe.each(TEST_ENGINES.filter((engine) => engine !== 'pglite'))('npm run user on %s', (engine) => {
  const old = withOldAccounts(engine);

  it('sets a role from the shell, records it, and refuses what it must', async () => {
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...old.database.env };
    expect(await runUserCommand(['--email', 'THIRD@example.com', '--role', 'admin'], env)).toEqual({
      code: 0,
      message: 'THIRD@example.com is now admin',
    });
    const third = await old.handle.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', 'third')
      .executeTakeFirstOrThrow();
    expect(third.role).toBe('admin');
    const audit = await new UserRepository(old.handle.db, old.handle.engine).audit(1);
    expect(audit[0]).toMatchObject({
      actorEmail: SHELL_ACTOR,
      subjectId: 'third',
      before: 'staff',
      after: 'admin',
    });
    expect((await runUserCommand(['--email', 'nobody@example.com', '--role', 'admin'], env)).code).toBe(1);
    expect((await runUserCommand(['--email', 'third@example.com', '--role', 'owner'], env)).code).toBe(2);
    expect((await runUserCommand(['--email', 'third@example.com'], env)).code).toBe(2);
    // Two admins: one may go; the last may not.
    expect((await runUserCommand(['--email', 'first@example.com', '--role', 'staff'], env)).code).toBe(0);
    expect((await runUserCommand(['--email', 'third@example.com', '--role', 'viewer'], env)).code).toBe(1);
  });
});
