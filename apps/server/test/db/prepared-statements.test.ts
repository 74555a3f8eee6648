import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreparingPool } from '../../src/db/prepared-statements.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

interface Scratch {
  items: { id: number; name: string; extra?: string };
}

/**
 * Named prepared statements on the real PostgreSQL (ADR 27): one connection, so that what it
 * prepared shows in its own `pg_prepared_statements`.
 */
describe.each(TEST_ENGINES.filter((engine) => engine === 'postgres'))('prepared statements on %s', () => {
  let database: TestDatabase;
  let db: Kysely<Scratch>;
  let admin: pg.Client;

  /** The texts this connection prepared, and how often each ran under its name. */
  const prepared = async () =>
    (
      await sql<{ name: string; statement: string; runs: number }>`
        select name, statement, (generic_plans + custom_plans)::int as runs from pg_prepared_statements order by name`.execute(
        db,
      )
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const connectionString = database.env.DATABASE_URL;
    db = new Kysely<Scratch>({
      dialect: new PostgresDialect({
        pool: new PreparingPool(new pg.Pool({ connectionString, max: 1 })),
        controlClient: pg.Client,
      }),
    });
    admin = new pg.Client({ connectionString });
    await admin.connect();
    await admin.query(
      "create table items (id int primary key, name text not null); insert into items values (1, 'AC 1.5 ton'), (2, 'Fan')",
    );
  });
  afterAll(async () => {
    await admin?.end();
    await db?.destroy();
    await database?.drop();
  });

  const byId = (id: number) => db.selectFrom('items').selectAll().where('id', '=', id).execute();

  it('prepares a text with parameters once on a connection and runs it under its name after', async () => {
    expect(await byId(1)).toEqual([{ id: 1, name: 'AC 1.5 ton' }]);
    expect(await byId(2)).toEqual([{ id: 2, name: 'Fan' }]);
    expect(await byId(1)).toEqual([{ id: 1, name: 'AC 1.5 ton' }]);
    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0]?.name).toMatch(/^walton_\d+$/);
    expect(statements[0]?.statement).toContain('from "items" where "id" = $1');
    expect(statements[0]?.runs).toBe(3);
  });

  it('leaves a pattern match and a text without parameters unnamed', async () => {
    const before = await prepared();
    const matches = await db.selectFrom('items').select('id').where('name', 'like', '%ton%').execute();
    expect(matches).toEqual([{ id: 1 }]);
    await sql`select count(*) from items`.execute(db);
    expect(await prepared()).toEqual(before);
  });

  it('runs a prepared select * again after a column was added, outside a transaction', async () => {
    expect(await byId(2)).toEqual([{ id: 2, name: 'Fan' }]);
    await admin.query("alter table items add column extra text not null default 'x'");
    // PostgreSQL refuses the prepared text (0A000, its result changed): it runs again under a new name.
    expect(await byId(2)).toEqual([{ id: 2, name: 'Fan', extra: 'x' }]);
    expect(await byId(1)).toEqual([{ id: 1, name: 'AC 1.5 ton', extra: 'x' }]);
  });

  it('inside a transaction lets the refusal reach the caller, and the text works again after it', async () => {
    expect(await byId(1)).toHaveLength(1);
    await admin.query('alter table items drop column extra');
    await expect(
      db
        .transaction()
        .execute(async (trx) => trx.selectFrom('items').selectAll().where('id', '=', 1).execute()),
    ).rejects.toMatchObject({ code: '0A000' });
    expect(await byId(1)).toEqual([{ id: 1, name: 'AC 1.5 ton' }]);
  });
});
