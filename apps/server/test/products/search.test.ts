import { type Product, SEARCH_COUNT_LIMIT } from '@walton/contract';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { cursorAfter, positionOf } from '../../src/products/cursor.ts';
import { HistoryRepository } from '../../src/products/history-repository.ts';
import {
  type ProductListFilter,
  ProductSearch,
  type ProductSort,
  type SearchFilter,
} from '../../src/products/product-search.ts';
import { ProductRepository } from '../../src/products/repository.ts';
import { generatedProduct } from '../../src/products/seed.ts';
import { decideRemoval } from '../../src/products/service.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const COMMON = SEARCH_COUNT_LIMIT + 60;
const RARE = 7;
/** Names with LIKE's wildcards in them, and look-alikes that a wildcard would match. */
const WILD = ['Walton Wild_card 50% A', 'Walton Wild_card 50% B', 'Walton Wildxcard 50x C'];
/** Every fiftieth common item and two rare ones go to the trash. */
const trashed = (index: number) =>
  index < COMMON ? index % 50 === 3 : index === COMMON + 1 || index === COMMON + 4;

const SEARCH_ACTOR = { email: 'test', name: 'Test' };

/**
 * Search over more items than a count goes up to, straight on the repository (adding a thousand
 * items through HTTP would only slow the suite down). Few matches are collected in one statement
 * that gives the page and the count; on SQLite a rare word is narrowed through the FTS5 trigram
 * table first, and a common one walks the sort index. Every way must answer what filtering the whole
 * sorted list would.
 */
describe.each(TEST_ENGINES)('product search on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let products: ProductSearch;
  const names: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
    products = new ProductSearch(handle.db, handle.engine);
    const repository = new ProductRepository(handle.db, {
      engine: handle.engine,
      history: new HistoryRepository(handle.db, handle.engine),
    });
    const start = Date.now();
    const items = Array.from({ length: COMMON + RARE + WILD.length }, (_, i) => {
      const name =
        i < COMMON
          ? `Walton Everyday ${String(i).padStart(5, '0')}`
          : i < COMMON + RARE
            ? `Walton Rarebird ${i}`
            : (WILD[i - COMMON - RARE] ?? '');
      names.push(name);
      return {
        input: { ...generatedProduct(i), name, price: (i % 97) + 0.5 },
        createdBy: null,
        actor: SEARCH_ACTOR,
        at: new Date(start + i),
      };
    });
    const ids = await repository.insertMany(items);
    const deletedAt = new Date(start + items.length);
    for (const [index, id] of ids.entries()) {
      if (trashed(index)) await repository.change(id, decideRemoval, SEARCH_ACTOR, deletedAt);
    }
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  const filter = (q: string, overrides: Partial<ProductListFilter> = {}): SearchFilter => ({
    limit: 50,
    offset: 0,
    q,
    sort: 'created',
    order: 'asc',
    deleted: false,
    ...overrides,
  });
  /** A search's reference: the name has every word of it, in any order and case. */
  const hasWords = (name: string, q: string) =>
    q
      .toLowerCase()
      .split(/\s+/)
      .every((word) => name.toLowerCase().includes(word));
  const live = (q: string) => names.filter((name, index) => !trashed(index) && hasWords(name, q));
  const namesOf = (items: ReadonlyArray<{ name: string }>) => items.map((item) => item.name);

  /** The answer to a search from the whole list sorted without a search (fetched once per order). */
  const sortedLists = new Map<string, Promise<string[]>>();
  async function expectedSearch(search: SearchFilter) {
    const key = `${search.sort} ${search.order} ${search.deleted}`;
    let sorted = sortedLists.get(key);
    if (!sorted) {
      sorted = products.list({ ...search, q: undefined, limit: names.length, offset: 0 }).then(namesOf);
      sortedLists.set(key, sorted);
    }
    const matches = (await sorted).filter((name) => hasWords(name, search.q));
    return {
      items: matches.slice(search.offset, search.offset + search.limit),
      total: Math.min(matches.length, SEARCH_COUNT_LIMIT),
      capped: matches.length > SEARCH_COUNT_LIMIT,
    };
  }

  it('sorts the reference list as the items were added (newest last)', async () => {
    const all = await products.list({ ...filter(''), limit: names.length });
    expect(namesOf(all)).toEqual(live(''));
  });

  it('answers every search as filtering the whole sorted list would, at any page', async () => {
    const queries = ['everyday', 'EVERYDAY 0004', 'rarebird', 'RareBird 1063', '09', '9', 'no such thing'];
    const wildcards = ['_card', '50%', 'wild', 'd_c', '%'];
    const orders: Array<[ProductSort, 'asc' | 'desc']> = [
      ['created', 'asc'],
      ['created', 'desc'],
      ['name', 'desc'],
      ['price', 'asc'],
      ['quantity', 'desc'],
    ];
    const pages = [
      { offset: 0, limit: 50 },
      { offset: 5, limit: 3 },
      { offset: 951, limit: 50 },
      { offset: 990, limit: 50 },
      { offset: 1001, limit: 20 },
      { offset: COMMON, limit: 50 },
    ];
    let compared = 0;
    for (const deleted of [false, true]) {
      for (const q of [...queries, ...wildcards]) {
        for (const [sort, order] of orders) {
          for (const page of pages) {
            const search = filter(q, { sort, order, deleted, ...page });
            const answer = await products.search(search);
            expect({ search, ...answer, items: namesOf(answer.items) }).toEqual({
              search,
              ...(await expectedSearch(search)),
            });
            compared += 1;
          }
        }
      }
    }
    expect(compared).toBe(2 * 12 * 5 * 6);
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
        const found: string[] = [];
        for (let page = 0, last: Product | undefined; page === 0 || last; page += 1) {
          const { items } = await products.search(filter(q, { ...list, ...next(page, last) }));
          found.push(...namesOf(items));
          last = items.length === limit ? items.at(-1) : undefined;
        }
        return found;
      };
      const byOffset = await walk((page) => ({ offset: page * limit }));
      const byCursor = await walk((_, last) => ({
        after: last && positionOf(cursorAfter(last, list), list),
      }));
      expect(byOffset).toHaveLength(live(q).length);
      expect(byCursor, `${q} by ${sort} ${order}`).toEqual(byOffset);
    }
  });

  it('counts a common word up to the limit and says the count is capped', async () => {
    expect(await products.search(filter('everyday'))).toMatchObject({
      total: SEARCH_COUNT_LIMIT,
      capped: true,
    });
    expect(await products.count(filter('everyday'))).toEqual({ total: SEARCH_COUNT_LIMIT, capped: true });
    // 00004, and 00040 to 00049.
    expect(await products.search(filter('EVERYDAY 0004'))).toMatchObject({ total: 11, capped: false });
    expect(await products.count(filter('0004 EVERYDAY'))).toEqual({ total: 11, capped: false });
    expect(await products.count(filter(''))).toEqual({ total: live('').length, capped: false });
  });

  it('finds a rare word exactly, counted exactly, in the order asked for', async () => {
    const found = await products.search(filter('RareBird', { sort: 'price', order: 'desc' }));
    expect(found.total).toBe(RARE - 2);
    expect(namesOf(found.items).sort()).toEqual(live('rarebird').sort());
    const prices = found.items.map((product) => product.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const inTrash = await products.search(filter('rarebird', { deleted: true }));
    expect(inTrash).toMatchObject({ total: 2, capped: false });
  });

  it('takes LIKE wildcards in a search literally', async () => {
    expect(namesOf((await products.search(filter('d_c'))).items)).toEqual([
      'Walton Wild_card 50% A',
      'Walton Wild_card 50% B',
    ]);
    expect(namesOf((await products.search(filter('50%'))).items)).toEqual([
      'Walton Wild_card 50% A',
      'Walton Wild_card 50% B',
    ]);
    expect(await products.search(filter('%'))).toMatchObject({ total: 2, capped: false });
  });

  it('answers a search with few matches in one statement (SQLite first asks its trigram table)', async () => {
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        statements += 1;
        return result;
      },
    };
    const counted = new ProductSearch(handle.db.withPlugin(counting), handle.engine);
    const statementsFor = async (search: SearchFilter) => {
      statements = 0;
      await counted.search(search);
      return statements;
    };
    const sqlite = handle.engine === 'sqlite';
    expect(await statementsFor(filter('rarebird'))).toBe(sqlite ? 2 : 1);
    expect(await statementsFor(filter('rarebird', { offset: 40 }))).toBe(sqlite ? 3 : 2);
    // A common word: SQLite walks the sort index for the page and counts apart.
    expect(await statementsFor(filter('everyday'))).toBe(sqlite ? 3 : 1);
    // A page past the first SEARCH_COUNT_LIMIT + 1 matches needs its own statement.
    expect(await statementsFor(filter('everyday', { offset: 990 }))).toBe(sqlite ? 3 : 2);
    // Too short for trigrams.
    expect(await statementsFor(filter('09'))).toBe(sqlite ? 2 : 1);
  });
});
