import { type Product, SEARCH_COUNT_LIMIT } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrator.ts';
import { generatedProduct } from '../src/db/seed.ts';
import { cursorAfter, positionOf } from '../src/products/cursor.ts';
import { type ProductListFilter, ProductRepository } from '../src/products/repository.ts';
import { TEST_ENGINES } from './support/engines.ts';
import { createTestDatabase, type TestDatabase } from './support/test-database.ts';

const COMMON = SEARCH_COUNT_LIMIT + 30;
const RARE = 7;

/**
 * Search over more items than a count goes up to, straight on the repository (adding a thousand
 * items through HTTP would only slow the suite down). On SQLite a rare word goes through the FTS5
 * trigram table and a common one walks the sort index: both must answer the same as a plain scan.
 */
describe.each(TEST_ENGINES)('product search on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let products: ProductRepository;
  const names: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    await migrateToLatest(handle.db, handle.engine);
    products = new ProductRepository(handle.db);
    const start = Date.now();
    const items = Array.from({ length: COMMON + RARE }, (_, i) => {
      const name = i < COMMON ? `Walton Everyday ${String(i).padStart(5, '0')}` : `Walton Rarebird ${i}`;
      names.push(name);
      return {
        input: { ...generatedProduct(i), name, price: (i % 97) + 0.5 },
        createdBy: null,
        actor: 'test',
        at: new Date(start + i),
      };
    });
    await products.insertMany(items);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const filter = (q: string, overrides: Partial<ProductListFilter> = {}): ProductListFilter => ({
    limit: 50,
    offset: 0,
    q,
    sort: 'created',
    order: 'asc',
    deleted: false,
    ...overrides,
  });
  const expected = (q: string) => names.filter((name) => name.toLowerCase().includes(q.toLowerCase()));

  it('counts a common word up to the limit and says the count is capped', async () => {
    expect(await products.count(filter('everyday'))).toEqual({ total: SEARCH_COUNT_LIMIT, capped: true });
    expect(await products.count(filter('EVERYDAY 0004'))).toEqual({ total: 10, capped: false });
    expect(await products.count(filter(''))).toEqual({ total: COMMON + RARE, capped: false });
  });

  it('pages through a common word in the order asked for', async () => {
    const page = await products.list(filter('everyday', { offset: 1000, limit: 50 }));
    expect(page.map((product) => product.name)).toEqual(expected('everyday').slice(1000, 1050));
    const byName = await products.list(filter('EVERYDAY', { sort: 'name', order: 'desc', limit: 3 }));
    expect(byName.map((product) => product.name)).toEqual(expected('everyday').sort().reverse().slice(0, 3));
  });

  it('pages through a common and a rare word by cursor position exactly as by offset', async () => {
    for (const [q, sort, order, limit] of [
      ['everyday', 'created', 'asc', 97],
      ['EVERYDAY', 'name', 'desc', 97],
      ['rarebird', 'price', 'desc', 2],
      ['rarebird', 'name', 'asc', 3],
    ] as const) {
      const list = { q, sort, order, deleted: false, limit };
      const walk = async (next: (page: number, last: Product | undefined) => Partial<ProductListFilter>) => {
        const names: string[] = [];
        for (let page = 0, last: Product | undefined; page === 0 || last; page += 1) {
          const items = await products.list(filter(q, { ...list, ...next(page, last) }));
          names.push(...items.map((product) => product.name));
          last = items.length === limit ? items.at(-1) : undefined;
        }
        return names;
      };
      const byOffset = await walk((page) => ({ offset: page * limit }));
      const byCursor = await walk((_, last) => ({
        after: last && positionOf(cursorAfter(last, list), list),
      }));
      expect(byOffset).toHaveLength(expected(q).length);
      expect(byCursor, `${q} by ${sort} ${order}`).toEqual(byOffset);
    }
  });

  it('finds a rare word exactly, counted exactly', async () => {
    expect(await products.count(filter('rarebird'))).toEqual({ total: RARE, capped: false });
    const found = await products.list(filter('RareBird', { sort: 'price', order: 'desc' }));
    expect(found.map((product) => product.name).sort()).toEqual(expected('rarebird').sort());
    const prices = found.map((product) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('searches one or two characters, which no trigram can narrow, by scanning', async () => {
    expect(await products.count(filter('9'))).toEqual({
      total: Math.min(expected('9').length, SEARCH_COUNT_LIMIT),
      capped: expected('9').length > SEARCH_COUNT_LIMIT,
    });
    expect((await products.list(filter('09', { limit: 500 }))).map((product) => product.name)).toEqual(
      expected('09').slice(0, 500),
    );
  });
});
