import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { createMigrator, migrateToLatest } from '../../src/db/migrator.ts';
import type { Database } from '../../src/db/schema.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const AT = '2026-11-01T10:00:00.000Z';

async function insertHistory(
  db: Kysely<Database>,
  row: { id: string; kind: string; version: number; revertOf?: string; to?: string },
) {
  await sql`
    insert into product_history
      (id, product_id, version, kind, actor, actor_name, at, delta, quantity_after, changes, revert_of,
       moved, from_location_id, to_location_id)
    values (${row.id}, ${PRODUCT}, ${row.version}, ${row.kind}, 'a@example.com', 'A', ${AT}, 0, 5, '[]',
      ${row.revertOf ?? null}, 0, null, ${row.to ?? null})
  `.execute(db);
}

const rowsOf = async <R>(db: Kysely<Database>, query: ReturnType<typeof sql<R>>) =>
  (await query.execute(db)).rows;

/**
 * Migration 021 on a database at 019 whose history is named by other tables (a unit's movements, a
 * receipt's movements) and by itself (a revert): every row and every link survives, the foreign keys
 * still hold (SQLite's foreign_key_check is clean, and a link to no row is still refused), and the
 * history then takes `received` and `adjusted`, and still refuses other kinds.
 */
describe.each(TEST_ENGINES)('migration 021-received-and-adjusted-kinds on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    db = handle.db;
    const { error } = await createMigrator(db, handle.engine, DEFAULT_TIME_ZONE).migrateTo('019-receipts');
    if (error) throw error;
    await sql`
      insert into products (id, name, image_url, price_paisa, quantity, description, supplier_name,
        supplier_email, created_at, updated_at, version, serial_tracked)
      values (${PRODUCT}, 'Walton AC', '/images/a.svg', 100, 5, 'd', 'S', 's@example.com', ${AT}, ${AT}, 4, 1)
    `.execute(db);
    await insertHistory(db, { id: 'h1', kind: 'created', version: 1 });
    await insertHistory(db, { id: 'h2', kind: 'edited', version: 2 });
    await insertHistory(db, { id: 'h3', kind: 'reverted', version: 3, revertOf: 'h2' });
    await insertHistory(db, { id: 'h4', kind: 'restocked', version: 4, to: 'main' });
    await sql`
      insert into units (id, product_id, serial, location_id, status, received_at)
      values ('u1', ${PRODUCT}, 'SN-1', 'main', 'in_stock', ${AT})
    `.execute(db);
    await sql`insert into movement_units (history_id, unit_id) values ('h4', 'u1')`.execute(db);
    await sql`
      insert into receipts (id, supplier_email, location_id, status, created_by, created_at, closed_by, closed_at)
      values ('r1', 's@example.com', 'main', 'received', 'a@example.com', ${AT}, 'a@example.com', ${AT})
    `.execute(db);
    await sql`
      insert into receipt_lines (receipt_id, product_id, position, expected)
      values ('r1', ${PRODUCT}, 0, 1)
    `.execute(db);
    await sql`insert into receipt_movements (receipt_id, history_id) values ('r1', 'h4')`.execute(db);
    await migrateToLatest(db, handle.engine, DEFAULT_TIME_ZONE);
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('keeps every history row, its revert link, and the rows that name it', async () => {
    expect(
      await rowsOf(
        db,
        sql<{
          id: string;
          kind: string;
          version: number;
          revert_of: string | null;
          to_location_id: string | null;
        }>`select id, kind, version, revert_of, to_location_id from product_history order by version`,
      ),
    ).toEqual([
      { id: 'h1', kind: 'created', version: 1, revert_of: null, to_location_id: null },
      { id: 'h2', kind: 'edited', version: 2, revert_of: null, to_location_id: null },
      { id: 'h3', kind: 'reverted', version: 3, revert_of: 'h2', to_location_id: null },
      { id: 'h4', kind: 'restocked', version: 4, revert_of: null, to_location_id: 'main' },
    ]);
    expect(await rowsOf(db, sql`select history_id, unit_id from movement_units`)).toEqual([
      { history_id: 'h4', unit_id: 'u1' },
    ]);
    expect(await rowsOf(db, sql`select receipt_id, history_id from receipt_movements`)).toEqual([
      { receipt_id: 'r1', history_id: 'h4' },
    ]);
  });

  it('leaves the foreign keys that name history rows whole, and the history its index', async () => {
    if (engine === 'sqlite') {
      // The rebuild's own checks: no link to a missing row, the file whole, no table left aside.
      expect(await rowsOf(db, sql`pragma foreign_key_check`)).toEqual([]);
      expect(await rowsOf(db, sql`pragma integrity_check`)).toEqual([{ integrity_check: 'ok' }]);
      const leftovers = await rowsOf(db, sql`select name from sqlite_master where name like '%before_021%'`);
      expect(leftovers).toEqual([]);
    }
    const references =
      engine === 'sqlite'
        ? sql<{ name: string }>`
            select m.name from sqlite_master m, pragma_foreign_key_list(m.name) f
            where m.type = 'table' and f."table" = 'product_history' order by m.name`
        : sql<{ name: string }>`
            select conrelid::regclass::text as name from pg_constraint
            where contype = 'f' and confrelid = 'product_history'::regclass order by name`;
    expect((await rowsOf(db, references)).map((row) => row.name)).toEqual([
      'count_movements',
      'dispatch_movements',
      'movement_units',
      'product_history',
      'receipt_movements',
    ]);
    const indexes =
      engine === 'sqlite'
        ? sql<{
            name: string;
          }>`select name from sqlite_master where type = 'index' and tbl_name = 'product_history'`
        : sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'product_history'`;
    expect((await rowsOf(db, indexes)).map((row) => row.name)).toContain(
      'product_history_by_product_version',
    );
  });

  it('takes received and adjusted, refuses other kinds, and still holds every link', async () => {
    await insertHistory(db, { id: 'h5', kind: 'received', version: 5, to: 'main' });
    await insertHistory(db, { id: 'h6', kind: 'adjusted', version: 6 });
    await sql`insert into receipt_movements (receipt_id, history_id) values ('r1', 'h5')`.execute(db);
    await expect(insertHistory(db, { id: 'h7', kind: 'counted', version: 7 })).rejects.toThrow();
    await expect(insertHistory(db, { id: 'h8', kind: 'received', version: 6 })).rejects.toThrow();
    await expect(
      insertHistory(db, { id: 'h9', kind: 'reverted', version: 9, revertOf: 'none' }),
    ).rejects.toThrow();
    await expect(
      sql`insert into movement_units (history_id, unit_id) values ('none', 'u1')`.execute(db),
    ).rejects.toThrow();
    await expect(
      sql`insert into receipt_movements (receipt_id, history_id) values ('r1', 'none')`.execute(db),
    ).rejects.toThrow();
    await expect(sql`delete from product_history where id = 'h4'`.execute(db)).rejects.toThrow();
    expect(
      (await rowsOf(db, sql<{ kind: string }>`select kind from product_history order by version`)).map(
        (row) => row.kind,
      ),
    ).toEqual(['created', 'edited', 'reverted', 'restocked', 'received', 'adjusted']);
  });
});
