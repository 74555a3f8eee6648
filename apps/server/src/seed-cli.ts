import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from './config.ts';
import { openDatabase, refreshPlannerStatistics } from './db/database.ts';
import { migrateToLatest } from './db/migrator.ts';
import { HistoryRepository } from './products/history-repository.ts';
import { ProductRepository } from './products/repository.ts';
import {
  generatedHistory,
  generatedProduct,
  generatedTrackedProduct,
  generatedUnit,
  SEED_ACTOR,
  UNITS_PER_SEEDED_ITEM,
} from './products/seed.ts';
import { SeedRepository } from './products/seed-repository.ts';
import { StatsRepository } from './stats/repository.ts';
import { rollupParticipant } from './stats/service.ts';

const BATCH = 500;
const MAX_COUNT = 10_000_000;
const MAX_MOVEMENTS = 100_000_000;
const MAX_UNITS = 10_000_000;
/** Tracked items written in one transaction (with their units). */
const TRACKED_BATCH = 50;

function wholeNumber(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}`);
    process.exit(2);
  }
  return value;
}

/**
 * `npm run seed -- --count N [--movements M] [--units U]`: adds N generated products to the
 * configured database. With --movements, the new items also get M deliveries and restocks between
 * them, spread over the past year, loaded in bulk; the dashboard's roll-ups are then rebuilt from the
 * ledger (run it while the server is stopped). With --units, U units in stock are added too, on
 * items of their own tracked by serial (UNITS_PER_SEEDED_ITEM each), every other one with a paired
 * serial, each item as one registration of its units would leave it.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000' },
      movements: { type: 'string', default: '0' },
      units: { type: 'string', default: '0' },
    },
  });
  const count = wholeNumber('count', values.count, 1, MAX_COUNT);
  const movements = wholeNumber('movements', values.movements, 0, MAX_MOVEMENTS);
  const units = wholeNumber('units', values.units, 0, MAX_UNITS);
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db, database.engine, config.timeZone);
    const stats = new StatsRepository(database.db);
    const products = new ProductRepository(database.db, {
      engine: database.engine,
      history: new HistoryRepository(database.db, database.engine),
      participants: [rollupParticipant(stats, config.timeZone)],
    });
    const seeds = new SeedRepository(database.db);
    const offset = await products.countAll();
    const bar = new cliProgress.SingleBar({ format: 'seeding [{bar}] {value}/{total} items' });
    bar.start(count, 0);
    const start = Date.now();
    const movesOf = (index: number) => Math.floor(movements / count) + (index < movements % count ? 1 : 0);
    for (let done = 0; done < count; done += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - done) }, (_, i) => done + i);
      if (movements > 0) {
        await seeds.insertWithHistory(
          batch.map((index) => ({
            input: generatedProduct(offset + index),
            history: generatedHistory(offset + index, movesOf(index), new Date(start)),
          })),
          SEED_ACTOR,
        );
      } else {
        await products.insertMany(
          batch.map((index) => ({
            input: generatedProduct(offset + index),
            createdBy: null,
            actor: SEED_ACTOR,
            at: new Date(start + index),
          })),
        );
      }
      bar.update(done + batch.length);
    }
    bar.stop();
    // The tracked items are the newest: after the last plain item's time (start + its index).
    if (units > 0)
      await seedUnits(seeds, units, offset + count, new Date(Math.max(Date.now(), start + count)));
    if (movements > 0) {
      console.log('Rebuilding the daily roll-ups from the ledger…');
      await stats.rebuild(config.timeZone, new Date());
    }
    await refreshPlannerStatistics(database.db);
    console.log(
      `Added ${count} products${movements > 0 ? ` and ${movements} movements` : ''}` +
        `${units > 0 ? ` and ${units} units` : ''}.`,
    );
  } finally {
    await database.close();
  }
}

/** `units` units in stock on new tracked items, numbered after the units already there. */
async function seedUnits(seeds: SeedRepository, units: number, firstItem: number, at: Date): Promise<void> {
  const firstUnit = await seeds.countUnits();
  const items = Math.ceil(units / UNITS_PER_SEEDED_ITEM);
  const bar = new cliProgress.SingleBar({ format: 'seeding units [{bar}] {value}/{total} units' });
  bar.start(units, 0);
  for (let item = 0; item < items; item += TRACKED_BATCH) {
    const batch = Array.from({ length: Math.min(TRACKED_BATCH, items - item) }, (_, i) => item + i);
    await seeds.insertTrackedWithUnits(
      batch.map((index) => {
        const first = index * UNITS_PER_SEEDED_ITEM;
        const held = Math.min(UNITS_PER_SEEDED_ITEM, units - first);
        return {
          input: generatedTrackedProduct(firstItem + index),
          units: Array.from({ length: held }, (_, unit) => generatedUnit(firstUnit + first + unit)),
        };
      }),
      SEED_ACTOR,
      at,
    );
    bar.update(Math.min(units, (item + batch.length) * UNITS_PER_SEEDED_ITEM));
  }
  bar.stop();
}

await main();
