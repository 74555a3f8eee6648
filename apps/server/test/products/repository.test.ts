import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { HistoryRepository } from '../../src/products/history-repository.ts';
import { ProductRepository } from '../../src/products/repository.ts';
import { generatedProduct } from '../../src/products/seed.ts';
import { decideDelivery, decideRestock } from '../../src/products/service.ts';
import { StatsRepository } from '../../src/stats/repository.ts';
import { rollupParticipant } from '../../src/stats/service.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { LOCATIONS } from '../support/locations.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const TIME_ZONE = 'Asia/Dhaka';
const ACTOR = { email: 'test@example.com', name: 'Test' };
const RACERS = 10;

/**
 * The change operation under a race on one item: on PostgreSQL the read and the write are two
 * statements, so changes that read the same version meet in the write, and all but one are undone
 * and judged again on the newer version; nothing may be lost, doubled or written from a stale state.
 */
describe.each(TEST_ENGINES)('racing changes of one item on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let products: ProductRepository;
  let history: HistoryRepository;
  let stats: StatsRepository;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    await migrateToLatest(handle.db, handle.engine, TIME_ZONE);
    history = new HistoryRepository(handle.db, handle.engine);
    stats = new StatsRepository(handle.db);
    products = new ProductRepository(handle.db, {
      engine: handle.engine,
      history,
      participants: [rollupParticipant(stats, TIME_ZONE)],
    });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it(`applies each of ${RACERS} concurrent restocks by one to the state it replaced, one version each`, async () => {
    const [id = ''] = await products.insertMany([
      { input: { ...generatedProduct(1), quentity: 10 }, createdBy: null, actor: ACTOR, at: new Date() },
    ]);
    const judged: Array<{ version: number; quantity: number }> = [];
    const changes = await Promise.all(
      Array.from({ length: RACERS }, () =>
        products.change(
          id,
          (current) => {
            if (!current) throw new Error('the item is gone');
            judged.push({ version: current.version, quantity: current.quantity });
            return {
              kind: 'restocked',
              set: { quantity: current.quantity + 1 },
              movement: { from: null, to: 'main', quantity: 1 },
            };
          },
          ACTOR,
          new Date(),
        ),
      ),
    );
    // Every change wrote the version after the one it judged, and no two wrote the same one.
    for (const change of changes) {
      expect(change.after.version).toBe((change.before?.version ?? 0) + 1);
      expect(change.after.quantity).toBe((change.before?.quantity ?? 0) + 1);
    }
    expect(new Set(changes.map((change) => change.after.version)).size).toBe(RACERS);
    expect(judged.length).toBeGreaterThanOrEqual(RACERS);
    const product = await products.findById(id);
    expect(product).toMatchObject({ quentity: 10 + RACERS, version: 1 + RACERS });
    const rows = await history.list(id, { limit: 100, beforeVersion: undefined });
    expect(rows.map((row) => row.version)).toEqual(
      Array.from({ length: RACERS + 1 }, (_, i) => RACERS + 1 - i),
    );
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(10 + RACERS);
    const [series] = (await stats.productDays(id, '2000-01-01')).days;
    expect(series?.restocked).toBe(RACERS);
  });

  it('judges again on a fresh read an item another instance changed since this one last saw it', async () => {
    // A second repository on the same database stands for another instance.
    const other = new ProductRepository(handle.db, {
      engine: handle.engine,
      history,
      participants: [rollupParticipant(stats, TIME_ZONE)],
    });
    const [id = ''] = await products.insertMany([
      { input: { ...generatedProduct(2), quentity: 1 }, createdBy: null, actor: ACTOR, at: new Date() },
    ]);
    const deliver = (repository: ProductRepository, to: number) =>
      repository.change(
        id,
        (current, levels, units) =>
          decideDelivery(
            current,
            levels,
            { newQuantity: to, ifVersion: undefined },
            LOCATIONS,
            units,
            '2026-01-01',
          ),
        ACTOR,
        new Date(),
      );
    const restock = (repository: ProductRepository, to: number) =>
      repository.change(
        id,
        (current) => decideRestock(current, { newQuantity: to, ifVersion: undefined }, LOCATIONS),
        ACTOR,
        new Date(),
      );
    // This instance last saw the item empty; the other restocked it: no refusal from the old state.
    await deliver(products, 0);
    await restock(other, 5);
    expect((await deliver(products, 4)).before).toMatchObject({ quantity: 5, version: 3 });
    // This instance last saw 4; the other delivered one more: the write over version 4 is undone,
    // and the same request is refused on what the item holds now.
    await deliver(other, 3);
    await expect(deliver(products, 3)).rejects.toMatchObject({ statusCode: 409 });
    expect(await products.findById(id)).toMatchObject({ quentity: 3, version: 5 });
    const rows = await history.list(id, { limit: 10, beforeVersion: undefined });
    expect(rows.map((row) => [row.version, row.quantityAfter])).toEqual([
      [5, 3],
      [4, 4],
      [3, 5],
      [2, 0],
      [1, 1],
    ]);
  });
});
