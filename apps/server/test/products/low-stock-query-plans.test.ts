import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase, refreshPlannerStatistics } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import {
  type ProductListFilter,
  ProductSearch,
  type ProductSort,
} from '../../src/products/product-search.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { recordingQueries } from '../support/recorded-queries.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** Items in the table, and how many of them are at or below their threshold. */
const ITEMS = 5000;
const LOW_EVERY = 100;

const SORTS: ProductSort[] = ['created', 'name', 'price', 'quantity'];

/** Inserts ITEMS products in one statement: every one has a threshold, one in LOW_EVERY is below it. */
async function fill(handle: DatabaseHandle): Promise<void> {
  const columns = sql`id, name, image_url, price_paisa, quantity, description, supplier_name, supplier_email,
    created_at, updated_at, low_stock_threshold`;
  if (handle.engine === 'postgres') {
    await sql`
      insert into products (${columns})
      select 'item-' || n, 'Walton AC ' || n, '/images/a.svg', n * 100, case when n % ${LOW_EVERY} = 0 then 1 else 50 end,
        'x', 'Supplier', 'supplier@example.com', now() - n * interval '1 second', now(), 5
      from generate_series(1, ${ITEMS}) as n
    `.execute(handle.db);
  } else {
    await sql`
      with recursive n(n) as (select 1 union all select n + 1 from n where n < ${ITEMS})
      insert into products (${columns})
      select 'item-' || n, 'Walton AC ' || n, '/images/a.svg', n * 100, case when n % ${LOW_EVERY} = 0 then 1 else 50 end,
        'x', 'Supplier', 'supplier@example.com', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || n || ' seconds'),
        strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 5
      from n
    `.execute(handle.db);
  }
  await refreshPlannerStatistics(handle.db);
}

/** The plan of a query ProductSearch ran, as the engine prints it, one line per step. */
async function planOf(handle: DatabaseHandle, query: CompiledQuery): Promise<string[]> {
  const explain = handle.engine === 'sqlite' ? 'explain query plan' : 'explain';
  const result = await handle.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(`${explain} ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => String(row.detail ?? row['QUERY PLAN']));
}

/**
 * The steps of a plan that read products: SQLite's SCAN and SEARCH lines, PostgreSQL's index scans
 * (a Bitmap Heap Scan only fetches the rows its index scan found). Each must name a low-stock index.
 */
const readSteps = (plan: string[]) =>
  plan.filter((line) =>
    /^(SCAN|SEARCH) products|Index Scan|Index Only Scan/.test(line.trim().replace(/^->\s*/, '')),
  );

describe.each(TEST_ENGINES)('the low-stock list on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let search: ProductSearch;
  let ran: CompiledQuery[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig(database.env).database);
    await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
    await fill(handle);
    // Every statement ProductSearch runs goes through executeQuery (QueryShapes): recorded as it runs.
    const recording = recordingQueries(handle.db);
    ran = recording.ran;
    search = new ProductSearch(recording.db, handle.engine);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  /** The plans of every statement `run` sent. */
  async function plansOf(run: () => Promise<unknown>): Promise<string[][]> {
    ran.length = 0;
    await run();
    const statements = [...ran];
    expect(statements.length).toBeGreaterThan(0);
    return Promise.all(statements.map((statement) => planOf(handle, statement)));
  }

  const page = (sort: ProductSort, order: 'asc' | 'desc'): ProductListFilter => ({
    limit: 51,
    offset: 0,
    sort,
    order,
    deleted: false,
    lowStock: true,
  });

  it.each(SORTS.flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
    'reads a page sorted by %s (%s) and its count from a low-stock index, never the table',
    async (sort, order) => {
      const items = await search.list(page(sort, order));
      expect(items).toHaveLength(ITEMS / LOW_EVERY > 51 ? 51 : ITEMS / LOW_EVERY);
      expect(items.every((item) => item.quentity === 1)).toBe(true);
      expect((await search.count(page(sort, order))).total).toBe(ITEMS / LOW_EVERY);

      const plans = [
        ...(await plansOf(() => search.list(page(sort, order)))),
        ...(await plansOf(() => search.count(page(sort, order)))),
      ];
      for (const plan of plans) {
        const steps = readSteps(plan);
        expect(steps.length, plan.join('\n')).toBeGreaterThan(0);
        for (const step of steps) expect(step, plan.join('\n')).toMatch(/products_low_by_/);
        expect(plan.join('\n')).not.toMatch(/Seq Scan/);
      }
    },
  );

  it('seeks to a cursor in the low-stock index', async () => {
    const first = await search.list({ ...page('name', 'asc'), limit: 10 });
    const last = first.at(-1);
    expect(last).toBeDefined();
    const after = { key: last?.name ?? '', id: last?._id ?? '' };
    const next = await search.list({ ...page('name', 'asc'), limit: 10, after });
    expect(next.map((item) => item._id)).not.toContain(last?._id);
    expect((next[0]?.name.toLowerCase() ?? '') >= (last?.name.toLowerCase() ?? '')).toBe(true);
    const plans = await plansOf(() => search.list({ ...page('name', 'asc'), limit: 10, after }));
    for (const plan of plans) {
      const steps = readSteps(plan);
      expect(steps.length, plan.join('\n')).toBeGreaterThan(0);
      for (const step of steps) expect(step, plan.join('\n')).toMatch(/products_low_by_name/);
    }
  });
});
