import { Writable } from 'node:stream';
import { SEARCH_COUNT_LIMIT } from '@walton/contract';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { HistoryRepository } from '../../src/products/history-repository.ts';
import { ProductSearch } from '../../src/products/product-search.ts';
import { ProductRepository } from '../../src/products/repository.ts';
import { SearchIndexRepository } from '../../src/products/search-index-repository.ts';
import { SEARCH_INDEX_UPKEEP, SearchIndexUpkeep } from '../../src/products/search-index-upkeep.ts';
import { generatedProduct } from '../../src/products/seed.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { testAppEnv } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const ACTOR = { email: 'test', name: 'Test' };
const quiet = Fastify({ logger: false }).log;

/**
 * Adds generated items through `products`, numbered on from 1: `add(batches, size)` writes `batches`
 * transactions of `size` items each, and each transaction writes a segment of its own.
 */
function itemAdder(products: ProductRepository) {
  let added = 0;
  return {
    get added() {
      return added;
    },
    async add(batches: number, size: number): Promise<void> {
      for (let batch = 0; batch < batches; batch += 1) {
        const items = Array.from({ length: size }, () => {
          added += 1;
          return {
            input: generatedProduct(added),
            createdBy: null,
            actor: ACTOR,
            at: new Date(1_700_000_000_000 + added),
          };
        });
        await products.insertMany(items);
      }
    },
  };
}

/**
 * SQLite's name index (ADR 30), on a real file: items added in transactions of their own leave it in
 * several segments, as a live warehouse's additions do; the upkeep joins them into one.
 */
describe('search index upkeep on sqlite', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let index: SearchIndexRepository;
  let items: ReturnType<typeof itemAdder>;

  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
    index = new SearchIndexRepository(handle.db);
    items = itemAdder(
      new ProductRepository(handle.db, {
        engine: handle.engine,
        history: new HistoryRepository(handle.db, handle.engine),
      }),
    );
  });
  afterEach(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('joins a fragmented index into one segment, and every search answers as before', async () => {
    await items.add(24, 60);
    expect((await index.segmentPages()).length).toBeGreaterThanOrEqual(3);
    const search = new ProductSearch(handle.db, handle.engine);
    const queries = ['LOAD-0004', 'load-0012', '1.5 ton', 'inverter', 'Non-Inverter', 'no such thing'];
    const searchAll = () =>
      Promise.all(
        queries.map((q) =>
          search.search({ q, limit: 50, offset: 0, sort: 'created', order: 'desc', deleted: false }),
        ),
      );
    const before = await searchAll();
    // What filtering every added name gives: model numbers, common words past the count's cap, none.
    const names = Array.from({ length: items.added }, (_, i) => generatedProduct(i + 1).name.toLowerCase());
    const matching = queries.map((q) => names.filter((name) => name.includes(q.toLowerCase())).length);
    expect(matching[0]).toBe(100);
    expect(matching[3]).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    expect(before.map((answer) => answer.total)).toEqual(
      matching.map((n) => Math.min(n, SEARCH_COUNT_LIMIT)),
    );

    const steps = await new SearchIndexUpkeep(index, quiet).tidy();

    expect(steps).toBeGreaterThan(0);
    expect(await index.segmentPages()).toHaveLength(1);
    expect(await searchAll()).toEqual(before);
    // FTS5's own check of the index against the table's contents: it throws on any difference.
    await sql`insert into products_name_search (products_name_search) values ('integrity-check')`.execute(
      handle.db,
    );
  });

  it('leaves the index alone while little of it lies outside its largest segment', async () => {
    await items.add(2, 500);
    const upkeep = new SearchIndexUpkeep(index, quiet);
    await upkeep.tidy();
    const [largest = 0, ...none] = await index.segmentPages();
    expect(none).toEqual([]);
    await items.add(1, 1);
    expect((await index.segmentPages()).length).toBe(2);
    expect(await upkeep.tidy()).toBe(0);
    expect((await index.segmentPages()).length).toBe(2);

    // Items added a few at a time until more than a tenth of the index lies outside its largest segment.
    while (true) {
      const pages = await index.segmentPages();
      const total = pages.reduce((sum, count) => sum + count, 0);
      if (total - (pages[0] ?? 0) > total * SEARCH_INDEX_UPKEEP.looseShare) break;
      await items.add(1, 20);
    }
    expect(await upkeep.tidy()).toBeGreaterThan(0);
    const [joined = 0, ...others] = await index.segmentPages();
    expect(others).toEqual([]);
    expect(joined).toBeGreaterThan(largest);
  });

  it('looks at the index as soon as it starts, and stop() waits for the look under way', async () => {
    await items.add(12, 50);
    expect((await index.segmentPages()).length).toBeGreaterThan(1);
    const upkeep = new SearchIndexUpkeep(index, quiet);
    upkeep.start();
    await upkeep.stop();
    expect(await index.segmentPages()).toHaveLength(1);
  });

  it('logs a look that fails, and goes on looking', async () => {
    const lines: string[] = [];
    const log = Fastify({
      logger: {
        level: 'warn',
        stream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    }).log;
    // A database closed after its first use: every later statement fails.
    const closed = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    await new SearchIndexRepository(closed.db).segmentPages();
    await closed.close();
    const upkeep = new SearchIndexUpkeep(new SearchIndexRepository(closed.db), log, {
      ...SEARCH_INDEX_UPKEEP,
      everyMs: 20,
    });
    upkeep.start();
    await expect.poll(() => lines.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await upkeep.stop();
    const [first] = lines.map((line) => JSON.parse(line) as { msg: string; level: number });
    expect(first).toMatchObject({ msg: 'search index upkeep failed', level: 40 });
  });
});

describe('the app on sqlite', () => {
  it('joins the name index of the database it opens', async () => {
    const database = await createTestDatabase('sqlite');
    const env = testAppEnv(database.env);
    const handle = await openDatabase(loadConfig(env).database);
    try {
      // Filled in many transactions before the app starts, as an import or the seeder may leave it.
      await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);
      const index = new SearchIndexRepository(handle.db);
      await itemAdder(
        new ProductRepository(handle.db, {
          engine: handle.engine,
          history: new HistoryRepository(handle.db, handle.engine),
        }),
      ).add(12, 30);
      expect((await index.segmentPages()).length).toBeGreaterThan(1);
      const app = await buildApp(loadConfig(env));
      try {
        await expect.poll(async () => (await index.segmentPages()).length, { timeout: 10_000 }).toBe(1);
      } finally {
        await app.close();
      }
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
