import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import * as dailyRollups from '../../src/db/migrations/007-daily-rollups.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { LocationRepository } from '../../src/locations/location-repository.ts';
import { HistoryRepository } from '../../src/products/history-repository.ts';
import { ProductSearch } from '../../src/products/product-search.ts';
import { ProductRepository } from '../../src/products/repository.ts';
import { generatedProduct } from '../../src/products/seed.ts';
import {
  decideDelivery,
  decideEdit,
  decideRemoval,
  decideRestock,
  decideRestore,
} from '../../src/products/service.ts';
import { StatsRepository } from '../../src/stats/repository.ts';
import { rollupParticipant, StatsService } from '../../src/stats/service.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { LOCATIONS } from '../support/locations.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const TIME_ZONE = 'Asia/Dhaka';
const HOUR = 3_600_000;
const ACTOR = { email: 'test@example.com', name: 'Test' };

/**
 * The roll-ups the participant keeps change by change are the ones a rebuild from the ledger gives
 * (what migration 007 and the seeder do), over a history of several items across many Dhaka days.
 */
describe.each(TEST_ENGINES)('roll-up rebuild on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let stats: StatsRepository;
  let service: StatsService;
  let products: ProductRepository;
  const ids: string[] = [];
  const now = new Date('2026-05-20T12:00:00Z');

  const answers = async () => ({
    summary: await service.summary(),
    month: await service.daily(30),
    quarter: await service.daily(90),
    series: await Promise.all(ids.map((id) => service.stockSeries(id, 365))),
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    await migrateToLatest(handle.db, handle.engine, TIME_ZONE);
    stats = new StatsRepository(handle.db);
    products = new ProductRepository(handle.db, {
      engine: handle.engine,
      history: new HistoryRepository(handle.db, handle.engine),
      participants: [rollupParticipant(stats, TIME_ZONE)],
    });
    const search = new ProductSearch(handle.db, handle.engine);
    service = new StatsService(
      { stats, products, search, locations: new LocationRepository(handle.db) },
      TIME_ZONE,
      () => now,
    );
    // Every 37 hours from 100 days ago: changes fall at every hour of the Dhaka day, up to yesterday.
    let at = now.getTime() - 100 * 24 * HOUR;
    const tick = () => {
      at += 37 * HOUR;
      return new Date(at);
    };
    for (let n = 0; n < 4; n += 1) {
      const [id] = await products.insertMany([
        { input: { ...generatedProduct(n), quentity: 20 + n }, createdBy: null, actor: ACTOR, at: tick() },
      ]);
      if (id) ids.push(id);
    }
    for (let round = 0; round < 60; round += 1) {
      const id = ids[round % ids.length] ?? '';
      const current = await products.findById(id, { includeDeleted: true });
      if (!current) continue;
      if (current.deletedAt) await products.change(id, decideRestore, ACTOR, tick());
      else if (round % 11 === 5) await products.change(id, decideRemoval, ACTOR, tick());
      else if (round % 7 === 3) {
        // A new price (whole paisa) revalues the stock from that day on.
        const pricePaisa = Math.round(current.price * 100) + 12_345;
        await products.change(
          id,
          (state) => decideEdit(state, { pricePaisa }, current.version),
          ACTOR,
          tick(),
        );
      } else if (round % 5 === 0 || current.quentity === 0)
        await products.change(
          id,
          (state) =>
            decideRestock(state, { newQuantity: current.quentity + 7, ifVersion: undefined }, LOCATIONS),
          ACTOR,
          tick(),
        );
      else
        await products.change(
          id,
          (state, levels, units) =>
            decideDelivery(
              state,
              levels,
              { newQuantity: current.quentity - 1, ifVersion: undefined },
              LOCATIONS,
              units,
              '2026-01-01',
            ),
          ACTOR,
          tick(),
        );
    }
  });

  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('gives the same figures when rebuilt from the ledger', async () => {
    const kept = await answers();
    expect(kept.quarter.days.filter((day) => day.delivered > 0).length).toBeGreaterThan(20);
    expect(kept.month.topDelivered.length).toBeGreaterThan(0);
    await stats.rebuild(TIME_ZONE, now);
    expect(await answers()).toEqual(kept);
    // The value follows the prices: today's is Σ current price × quantity of the live items.
    let value = 0;
    for (const id of ids) {
      const item = await products.findById(id);
      if (item) value += Math.round(item.price * 100) * item.quentity;
    }
    expect(kept.summary.stockValue).toBe((value / 100).toFixed(2));
  });

  it('gives the same figures when migration 007, frozen with its own copy of the rules, fills them', async () => {
    const kept = await answers();
    for (const table of [
      'stock_totals',
      'stock_daily',
      'product_daily',
      'product_delivery_windows',
      'delivery_window_state',
    ]) {
      await sql`drop table ${sql.table(table)}`.execute(handle.db);
    }
    await dailyRollups.up(handle.db as Kysely<unknown>, { engine: handle.engine, timeZone: TIME_ZONE });
    expect(await answers()).toEqual(kept);
  });
});
