import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase, refreshPlannerStatistics } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { type ProductListFilter, ProductSearch } from '../../src/products/product-search.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { recordingQueries } from '../support/recorded-queries.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const ITEMS = 3000;

/**
 * Where SQLite reads a name search's count from: the name index, whose key is the lower(name) the
 * LIKE tests, for live items; never the table's rows. The counts themselves are checked against
 * filtering the whole list in search.test.ts.
 */
describe('the count of a name search on sqlite', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let search: ProductSearch;
  let ran: CompiledQuery[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    handle = await openDatabase(loadConfig(database.env).database);
    await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
    await sql`
      with recursive n(n) as (select 1 union all select n + 1 from n where n < ${ITEMS})
      insert into products (id, name, image_url, price_paisa, quantity, description, supplier_name,
        supplier_email, created_at, updated_at, low_stock_threshold, deleted_at)
      select 'item-' || n, 'Walton AC ' || n, '/images/a.svg', n * 100, n % 7, 'x', 'Supplier',
        'supplier@example.com', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || n || ' seconds'),
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 3,
        case when n % 10 = 0 then strftime('%Y-%m-%dT%H:%M:%fZ', 'now') end
      from n
    `.execute(handle.db);
    await refreshPlannerStatistics(handle.db);
    const recording = recordingQueries(handle.db);
    ran = recording.ran;
    search = new ProductSearch(recording.db, 'sqlite');
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  async function countPlan(filter: Pick<ProductListFilter, 'q' | 'deleted' | 'lowStock'>): Promise<string> {
    ran.length = 0;
    await search.count(filter);
    const [query] = ran;
    if (!query) throw new Error('no statement ran');
    const { rows } = await handle.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row.detail).join(' | ');
  }

  it('counts live matches from the name index, not the table', async () => {
    expect(await countPlan({ q: 'ac 12', deleted: false })).toMatch(
      /SCAN products USING (COVERING )?INDEX products_live_by_name/,
    );
    expect(await countPlan({ q: 'ac 12', deleted: false, lowStock: true })).toMatch(
      /SCAN products USING (COVERING )?INDEX products_low_by_name/,
    );
  });

  it('counts the trash from its own index, without sorting it', async () => {
    const plan = await countPlan({ q: 'ac 12', deleted: true });
    expect(plan).toMatch(/products_trash_by_deletion/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it('counts what filtering every item gives', async () => {
    const { rows } = await sql<{ name: string; deleted_at: string | null; quantity: number }>`
      select name, deleted_at, quantity from products
    `.execute(handle.db);
    for (const q of ['ac 12', 'AC 29', '7', 'no such']) {
      const words = q.toLowerCase().split(' ');
      const live = rows.filter(
        (row) => row.deleted_at === null && words.every((word) => row.name.toLowerCase().includes(word)),
      );
      expect(await search.count({ q, deleted: false })).toEqual({
        total: Math.min(live.length, 1000),
        capped: live.length > 1000,
      });
    }
  });
});
