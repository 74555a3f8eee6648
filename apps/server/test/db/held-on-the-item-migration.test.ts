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
 * Migration 024 sums what each item holds (reserved, or at quarantine) onto its row, and its triggers
 * keep it with every write of a level or of a location's kind; the low-stock count judges
 * `quantity - held`. Each step is compared with a sum and a count by hand.
 */
describe.each(TEST_ENGINES)('migration 024-held-on-the-item on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let search: ProductSearch;
  const now = new Date().toISOString();
  const timestamp = () => (engine === 'sqlite' ? sql`${now}` : sql`cast(${now} as timestamptz)`);

  const location = (id: string, kind: string) =>
    sql`insert into locations (id, name, name_key, kind, created_at)
      values (${id}, ${id}, ${id}, ${kind}, ${timestamp()})`.execute(handle.db);
  const product = (id: string, quantity: number, threshold: number | null) =>
    sql`insert into products (id, name, image_url, price_paisa, quantity, description, supplier_name,
        supplier_email, low_stock_threshold, created_at, updated_at)
      values (${id}, ${`Item ${id}`}, '/images/products/a.svg', 100, ${quantity}, 'Cool.', 'Rahim',
        'rahim@example.com', ${threshold}, ${timestamp()}, ${timestamp()})`.execute(handle.db);
  const level = (productId: string, locationId: string, quantity: number, reserved = 0) =>
    sql`insert into stock_levels (product_id, location_id, quantity, reserved)
      values (${productId}, ${locationId}, ${quantity}, ${reserved})`.execute(handle.db);
  const run = (statement: ReturnType<typeof sql>) => statement.execute(handle.db);

  const expectKept = async () => {
    const { rows } = await sql<{ id: string; held: number | string; by_hand: number | string }>`
      select p.id, p.held, (select coalesce(sum(s.reserved + case when l.kind = 'quarantine'
        then s.quantity else 0 end), 0) from stock_levels s join locations l on l.id = s.location_id
        where s.product_id = p.id) as by_hand
      from products p order by p.id
    `.execute(handle.db);
    for (const row of rows)
      expect({ id: row.id, held: Number(row.held) }).toEqual({ id: row.id, held: Number(row.by_hand) });
    const { rows: counted } = await sql<{ total: number | string }>`
      select count(*) as total from products
      where deleted_at is null and quantity - held <= low_stock_threshold
    `.execute(handle.db);
    expect(await search.countLowStock()).toBe(Number(counted[0]?.total));
    return Number(counted[0]?.total);
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    search = new ProductSearch(handle.db, handle.engine);
    const { error } = await createMigrator(handle.db, handle.engine, DEFAULT_TIME_ZONE).migrateTo(
      '023-counts',
    );
    if (error) throw error;
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('sums what is held already, then follows every write of a level and of a kind', async () => {
    await location('store', 'warehouse');
    await location('damaged', 'quarantine');
    await location('van', 'vehicle');
    await product('held', 10, 5);
    await level('held', 'store', 8, 3);
    await level('held', 'damaged', 2);
    await product('free', 6, 5);
    await level('free', 'store', 6);
    await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
    expect(await expectKept()).toBe(1); // held: 10 - 5 available, at its threshold

    await run(sql`update stock_levels set reserved = reserved + 1 where product_id = 'free'`);
    expect(await expectKept()).toBe(2); // a confirmation takes it to its threshold
    await run(sql`update stock_levels set reserved = reserved - 1 where product_id = 'free'`);
    expect(await expectKept()).toBe(1); // a cancellation brings it back
    await run(sql`update stock_levels set reserved = 0 where product_id = 'held' and location_id = 'store'`);
    expect(await expectKept()).toBe(0);
    await level('free', 'damaged', 3); // damaged units received, while some left the store
    await run(sql`update stock_levels set quantity = 5 where product_id = 'free' and location_id = 'store'`);
    await run(sql`update products set quantity = 8 where id = 'free'`);
    expect(await expectKept()).toBe(1);
    await run(sql`update stock_levels set quantity = 9 where product_id = 'free' and location_id = 'store'`);
    await run(sql`update products set quantity = 12 where id = 'free'`);
    expect(await expectKept()).toBe(0);
    await run(
      sql`update stock_levels set quantity = 0 where product_id = 'free' and location_id = 'damaged'`,
    );
    await level('free', 'van', 4);
    await run(sql`update stock_levels set quantity = 1 where product_id = 'free' and location_id = 'store'`);
    await run(sql`update products set quantity = 5 where id = 'free'`);
    expect(await expectKept()).toBe(1);
    await run(sql`update stock_levels set quantity = 5 where product_id = 'free' and location_id = 'store'`);
    await run(sql`update products set quantity = 9 where id = 'free'`);
    expect(await expectKept()).toBe(0);
    await run(sql`update locations set kind = 'quarantine' where id = 'van'`);
    expect(await expectKept()).toBe(1);
    await run(sql`update locations set name = 'Van' where id = 'van'`);
    await run(sql`update locations set kind = 'vehicle' where id = 'van'`);
    expect(await expectKept()).toBe(0);
    await run(sql`delete from stock_levels where product_id = 'held' and location_id = 'damaged'`);
    await run(sql`update products set quantity = 8 where id = 'held'`);
    expect(await expectKept()).toBe(0);
    await run(sql`delete from products where id = 'held'`);
    expect(await expectKept()).toBe(0);
  });
});
