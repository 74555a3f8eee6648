import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { createMigrator, migrateToLatest } from '../../src/db/migrator.ts';
import { ProductSearch } from '../../src/products/product-search.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Migration 010 counts the live items at or below their threshold that exist already, and its
 * triggers keep the count with every write to products, whoever makes it: each step below is
 * compared with a count by hand over the table.
 */
describe.each(TEST_ENGINES)('migration 010-low-stock-count on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let search: ProductSearch;

  const insert = async (id: string, quantity: number, threshold: number | null, deleted = false) => {
    const now = new Date().toISOString();
    const timestamp = engine === 'sqlite' ? sql`${now}` : sql`cast(${now} as timestamptz)`;
    await sql`
      insert into products (id, name, image_url, price_paisa, quantity, description, supplier_name,
        supplier_email, low_stock_threshold, created_at, updated_at, deleted_at)
      values (${id}, ${`Item ${id}`}, '/images/products/a.svg', 100, ${quantity}, 'Cool.', 'Rahim',
        'rahim@example.com', ${threshold}, ${timestamp}, ${timestamp}, ${deleted ? timestamp : null})
    `.execute(handle.db);
  };
  const update = (id: string, set: ReturnType<typeof sql>) =>
    sql`update products set ${set} where id = ${id}`.execute(handle.db);
  const byHand = async () => {
    const { rows } = await sql<{ total: number | string }>`
      select count(*) as total from products where deleted_at is null and quantity <= low_stock_threshold
    `.execute(handle.db);
    return Number(rows[0]?.total);
  };
  const expectCount = async (expected: number) => {
    expect(await byHand()).toBe(expected);
    expect(await search.countLowStock()).toBe(expected);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    search = new ProductSearch(handle.db, handle.engine);
    const { error } = await createMigrator(handle.db, handle.engine, DEFAULT_TIME_ZONE).migrateTo(
      '009-user-language',
    );
    if (error) throw error;
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('counts the items already there, then follows every insert, change and delete', async () => {
    await insert('low', 2, 5);
    await insert('at-threshold', 5, 5);
    await insert('above', 6, 5);
    await insert('no-threshold', 0, null);
    await insert('trashed-low', 1, 5, true);
    await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
    await expectCount(2);

    await insert('new-low', 0, 0);
    await insert('new-trashed-low', 0, 3, true);
    await insert('new-above', 9, 3);
    await expectCount(3);

    await update('above', sql`quantity = 5`); // falls to its threshold
    await expectCount(4);
    await update('above', sql`quantity = 4`); // stays low: no change
    await expectCount(4);
    await update('low', sql`quantity = 20`); // restocked above
    await expectCount(3);
    await update('no-threshold', sql`low_stock_threshold = 0`); // a threshold at its quantity
    await expectCount(4);
    await update('at-threshold', sql`low_stock_threshold = null`);
    await expectCount(3);
    await update('new-above', sql`low_stock_threshold = 10`); // raised above its quantity
    await expectCount(4);
    await update('trashed-low', sql`deleted_at = null`); // restored while low
    await expectCount(5);
    const now = new Date().toISOString();
    await update(
      'new-low',
      engine === 'sqlite' ? sql`deleted_at = ${now}` : sql`deleted_at = cast(${now} as timestamptz)`,
    );
    await expectCount(4);
    await update('above', sql`quantity = 9, low_stock_threshold = 9, name = 'Renamed'`); // low before and after
    await expectCount(4);
    await sql`delete from products where id in ('above', 'new-trashed-low')`.execute(handle.db);
    await expectCount(3);
  });
});
