import type { CreateProduct, Product } from '@walton/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { DEMO_CATALOG } from '../../src/products/demo-catalog.ts';
import { HistoryRepository } from '../../src/products/history-repository.ts';
import { ProductSearch, type ProductSort } from '../../src/products/product-search.ts';
import { ProductRepository } from '../../src/products/repository.ts';
import { generatedProduct } from '../../src/products/seed.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const ACTOR = { email: 'test', name: 'Test' };

/** What a search means: every word typed is in the item's name or its model, in any order and case. */
const matchesWords = (q: string, item: { name: string; model?: string | null | undefined }) =>
  q
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every(
      (word) => item.name.toLowerCase().includes(word) || (item.model ?? '').toLowerCase().includes(word),
    );

describe.each(TEST_ENGINES)('search by words on %s', (engine) => {
  describe('GET /api/product', () => {
    let ctx: TestApp;

    beforeAll(async () => {
      ctx = await createTestApp(engine, { SEED_DEMO_CATALOG: 'true' });
    });
    afterAll(async () => {
      await ctx?.close();
    });

    const search = async (q: string, query = '') => {
      const response = await ctx.app.inject({
        url: `/api/product?q=${encodeURIComponent(q)}${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return {
        names: response.json<Product[]>().map((item) => item.name),
        total: response.headers['x-total-count'],
      };
    };
    const inverter = 'Walton WSI-INVERNA-18C 1.5 Ton Inverter AC';

    it('finds an item from its words typed in any order, counted in X-Total-Count', async () => {
      for (const q of ['18c', 'inverna 18', '18C INVERNA', 'ton 1.5 inverna', '  ac   18c  walton ']) {
        const expected = DEMO_CATALOG.filter((item) => matchesWords(q, item)).map((item) => item.name);
        const found = await search(q, '&sort=name');
        expect(found.names, q).toContain(inverter);
        expect(found.names.sort(), q).toEqual(expected.sort());
        expect(found.total, q).toBe(String(expected.length));
      }
      expect(await search('inverna 18 nosuchword')).toEqual({ names: [], total: '0' });
    });

    it('pages and sorts the matches of several words', async () => {
      const all = await search('ton walton', '&sort=price&order=desc&limit=100');
      const expected = DEMO_CATALOG.filter((item) => matchesWords('ton walton', item));
      expect(all.total).toBe(String(expected.length));
      expect(all.names.sort()).toEqual(expected.map((item) => item.name).sort());
      const page = await search('walton ton', '&sort=price&order=desc&limit=2&offset=1');
      const byPrice = [...expected].sort((a, b) => b.price - a.price).map((item) => item.name);
      expect(page.names).toEqual(byPrice.slice(1, 3));
      expect(page.total).toBe(String(expected.length));
    });
  });

  describe('ProductSearch', () => {
    let database: TestDatabase;
    let handle: DatabaseHandle;
    let products: ProductSearch;
    let repository: ProductRepository;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
      await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
      products = new ProductSearch(handle.db, handle.engine);
      repository = new ProductRepository(handle.db, {
        engine: handle.engine,
        history: new HistoryRepository(handle.db, handle.engine),
      });
    });
    afterAll(async () => {
      await handle?.close();
      await database?.drop();
    });

    /** Words made of a small alphabet (so that fragments of them recur), LIKE's wildcards and Bengali. */
    const word = fc
      .array(fc.constantFrom(...'abcdeiLMNOT0189-%_\\"অকখ'.split('')), { minLength: 1, maxLength: 7 })
      .map((chars) => chars.join(''));
    const item = fc.record({
      name: fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' ')),
      model: fc.option(word, { nil: undefined }),
    });
    /** A word of the query: a piece of one of the items' words, or any word. */
    const queryWord = (items: ReadonlyArray<{ name: string; model?: string | undefined }>) =>
      fc.oneof(
        word,
        fc
          .tuple(
            fc.constantFrom(
              ...items.flatMap((entry) => [...entry.name.split(' '), ...(entry.model ? [entry.model] : [])]),
            ),
            fc.nat(),
            fc.nat(),
            fc.boolean(),
          )
          .map(([whole, from, length, upper]) => {
            const start = from % whole.length;
            const piece = whole.slice(start, start + 1 + (length % (whole.length - start)));
            return upper ? piece.toUpperCase() : piece;
          }),
      );

    const add = (name: string, model?: string) =>
      repository.insertMany([
        { input: { ...generatedProduct(1), name, model }, createdBy: null, actor: ACTOR, at: new Date() },
      ]);

    it('matches a word in the model as well as in the name, and needs every word', async () => {
      await add('Walton Split Cooler', 'XK-9000');
      await add('Walton Split Cooler 2', undefined);
      const names = async (q: string) =>
        (await products.search({ ...page, q })).items.map((entry) => entry.name);
      const page = { sort: 'name', order: 'asc', deleted: false, offset: 0, limit: 10 } as const;
      expect(await names('9000 split')).toEqual(['Walton Split Cooler']);
      expect(await names('xk cooler')).toEqual(['Walton Split Cooler']);
      expect(await names('cooler split')).toEqual(['Walton Split Cooler', 'Walton Split Cooler 2']);
      // More words than get a condition of their own: the rest are tested together.
      expect(await names('w a l t o n s p xk-9000 cooler')).toEqual(['Walton Split Cooler']);
      expect(await names('w a l t o n s p x cooler nosuch')).toEqual([]);
    });

    let run = 0;

    it('answers random words in random order as filtering the whole sorted list would', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(item, { minLength: 1, maxLength: 8 }).chain((items) =>
            fc.record({
              items: fc.constant(items),
              words: fc.array(queryWord(items), { minLength: 0, maxLength: 9 }),
              tagAt: fc.nat(),
              sort: fc.constantFrom<ProductSort>('created', 'name', 'price', 'quantity'),
              order: fc.constantFrom<'asc' | 'desc'>('asc', 'desc'),
              offset: fc.nat({ max: 4 }),
              limit: fc.integer({ min: 1, max: 10 }),
            }),
          ),
          async ({ items, words, tagAt, sort, order, offset, limit }) => {
            // A word only this run's items have, put anywhere among the others, keeps runs apart.
            run += 1;
            const tag = `qyr${String(run).padStart(4, '0')}`;
            const start = Date.now();
            await repository.insertMany(
              items.map((entry, index) => {
                const input: CreateProduct = {
                  ...generatedProduct(index),
                  name: `${entry.name} ${tag}`,
                  model: entry.model,
                  price: ((index * 37) % 11) + 1,
                  quentity: (index * 7) % 5,
                };
                return { input, createdBy: null, actor: ACTOR, at: new Date(start + index) };
              }),
            );
            const typed = [...words];
            typed.splice(tagAt % (typed.length + 1), 0, tag.toUpperCase());
            const q = typed.join(' ');
            const filter = { q, sort, order, deleted: false, offset, limit };
            const whole = await products.list({ ...filter, q: undefined, offset: 0, limit: 10_000 });
            const expected = whole.filter((product) => matchesWords(q, product));
            const answer = await products.search(filter);
            expect({ q, names: answer.items.map((product) => product.name), total: answer.total }).toEqual({
              q,
              names: expected.slice(offset, offset + limit).map((product) => product.name),
              total: expected.length,
            });
          },
        ),
        { numRuns: engine === 'sqlite' ? 60 : 25 },
      );
    });
  });
});
