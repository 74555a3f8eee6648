import { isLowStockLevel, type StockLevel } from '@walton/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { DEFAULT_LOCATION_ID } from '../../src/locations/default-location.ts';
import { ProductSearch } from '../../src/products/product-search.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Every kind of item the rule tells apart: no threshold, above, at and below it, live or in the trash,
 * holding nothing or some of its units (reserved at its level: `products.held`, kept by triggers).
 */
const CASES: Array<StockLevel & { id: string; held: number }> = [null, 0, 4, 5, 6].flatMap(
  (lowStockThreshold) =>
    [0, 5, 9].flatMap((quantity) =>
      [null, '2026-11-01T00:00:00.000Z'].flatMap((deletedAt) =>
        (quantity > 0 ? [0, 2] : [0]).map((held) => ({
          id: `q${quantity}-h${held}-t${lowStockThreshold ?? 'none'}-${deletedAt ? 'deleted' : 'live'}`,
          quantity,
          held,
          lowStockThreshold,
          deletedAt,
        })),
      ),
    ),
);

describe.each(TEST_ENGINES)(
  "the server's low-stock SQL says what the contract's rule says, on %s",
  (engine) => {
    let database: TestDatabase;
    let handle: DatabaseHandle;
    let search: ProductSearch;
    const low = CASES.filter(isLowStockLevel).map((item) => item.id);

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      handle = await openDatabase(loadConfig(database.env).database);
      await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
      const at = '2026-11-01T00:00:00.000Z';
      for (const item of CASES) {
        await sql`insert into products (id, name, image_url, price_paisa, quantity, description, supplier_name,
          supplier_email, created_at, updated_at, low_stock_threshold, deleted_at)
        values (${item.id}, ${item.id}, '/images/a.svg', 100, ${item.quantity}, 'x', 'Supplier',
          'supplier@example.com', ${at}, ${at}, ${item.lowStockThreshold}, ${item.deletedAt})`.execute(
          handle.db,
        );
        if (item.quantity > 0) {
          await sql`insert into stock_levels (product_id, location_id, quantity, reserved)
            values (${item.id}, ${DEFAULT_LOCATION_ID}, ${item.quantity}, ${item.held})`.execute(handle.db);
        }
      }
      search = new ProductSearch(handle.db, handle.engine);
    }, 120_000);
    afterAll(async () => {
      await handle?.close();
      await database?.drop();
    });

    it('lists exactly the items isLowStockLevel calls low (none of the trash), and counts them', async () => {
      expect(low.length).toBeGreaterThan(0);
      // Some are low only by what they hold, some are not low for all they hold.
      expect(
        CASES.some(
          (item) => item.held > 0 && isLowStockLevel(item) && !isLowStockLevel({ ...item, held: 0 }),
        ),
      ).toBe(true);
      expect(
        CASES.some(
          (item) =>
            item.held > 0 &&
            item.deletedAt === null &&
            item.lowStockThreshold !== null &&
            !isLowStockLevel(item),
        ),
      ).toBe(true);
      const filter = {
        limit: 500,
        offset: 0,
        sort: 'name',
        order: 'asc',
        deleted: false,
        lowStock: true,
      } as const;
      const listed = await search.list(filter);
      expect(listed.map((item) => item._id).sort()).toEqual([...low].sort());
      expect(await search.count(filter)).toEqual({ total: low.length, capped: false });
      // Migration 024's triggers keep the dashboard's count by their own (frozen) copy of the rule.
      expect(await search.countLowStock()).toBe(low.length);
    });
  },
);
