import { isLowStockLevel, type StockLevel } from '@walton/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { ProductSearch } from '../../src/products/product-search.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** Every kind of item the rule tells apart: no threshold, above, at and below it, live or in the trash. */
const CASES: Array<StockLevel & { id: string }> = [null, 0, 4, 5, 6].flatMap((lowStockThreshold) =>
  [0, 5, 9].flatMap((quantity) =>
    [null, '2026-11-01T00:00:00.000Z'].map((deletedAt) => ({
      id: `q${quantity}-t${lowStockThreshold ?? 'none'}-${deletedAt ? 'deleted' : 'live'}`,
      quantity,
      lowStockThreshold,
      deletedAt,
    })),
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
      }
      search = new ProductSearch(handle.db, handle.engine);
    }, 120_000);
    afterAll(async () => {
      await handle?.close();
      await database?.drop();
    });

    it('lists exactly the items isLowStockLevel calls low (none of the trash), and counts them', async () => {
      expect(low.length).toBeGreaterThan(0);
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
      // Migration 010's triggers keep the dashboard's count by their own (frozen) copy of the rule.
      expect(await search.countLowStock()).toBe(low.length);
    });
  },
);
