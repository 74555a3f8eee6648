import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { createMigrator, migrateToLatest } from '../../src/db/migrator.ts';
import type { Database } from '../../src/db/schema.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

async function insertAudit(db: Kysely<Database>, id: string, change: string) {
  await sql`
    insert into user_audit (id, at, actor_id, actor_email, subject_id, subject_email, change, before, after)
    values (${id}, ${new Date().toISOString()}, 'a', 'admin@example.com', 's', 'clerk@example.com', ${change}, 'staff', 'viewer')
  `.execute(db);
}

/**
 * Migration 014 on a database that already has an audit of role changes: every row survives, the
 * audit then takes the token changes and still refuses any other, and its index is there again.
 */
describe.each(TEST_ENGINES)('migration 014-personal-access-tokens on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    db = handle.db;
    const { error } = await createMigrator(db, handle.engine).migrateTo('013-user-roles');
    if (error) throw error;
    await insertAudit(db, 'r1', 'role');
    await insertAudit(db, 'r2', 'disabled');
    await migrateToLatest(db, handle.engine);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('keeps the audit, takes token changes and refuses others', async () => {
    const rows = await sql<{
      id: string;
      change: string;
    }>`select id, change from user_audit order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'r1', change: 'role' },
      { id: 'r2', change: 'disabled' },
    ]);
    await insertAudit(db, 't1', 'token-created');
    await insertAudit(db, 't2', 'token-revoked');
    await expect(insertAudit(db, 'x1', 'invented')).rejects.toThrow();
  });

  it('creates the audit index again, and the tokens table keeps each hash once', async () => {
    const indexes =
      engine === 'sqlite'
        ? await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'user_audit'`.execute(db)
        : await sql<{
            name: string;
          }>`select indexname as name from pg_indexes where tablename = 'user_audit'`.execute(db);
    expect(indexes.rows.map((row) => row.name)).toContain('user_audit_by_at');
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        id: 'owner',
        name: 'Owner',
        email: 'owner@example.com',
        email_verified: engine === 'sqlite' ? 1 : true,
        image: null,
        created_at: now,
        updated_at: now,
        role: 'staff',
      })
      .execute();
    const token = (id: string, owner: string) =>
      db
        .insertInto('personal_access_tokens')
        .values({
          id,
          user_id: owner,
          name: 'n',
          secret_hash: 'same-hash',
          created_at: now,
          expires_at: now,
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
    await token('p1', 'owner');
    await expect(token('p2', 'owner')).rejects.toThrow();
  });
});
