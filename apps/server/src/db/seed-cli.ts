import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config.ts';
import { HistoryRepository } from '../products/history-repository.ts';
import { ProductRepository } from '../products/repository.ts';
import { openDatabase, refreshPlannerStatistics } from './database.ts';
import { migrateToLatest } from './migrator.ts';
import { generatedProduct, SEED_ACTOR } from './seed.ts';

const BATCH = 500;

/** `npm run seed -- --count N`: adds N generated products to the configured database. */
async function main() {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '1000' } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000) {
    console.error('--count must be a whole number from 1 to 10000000');
    process.exit(2);
  }
  const database = await openDatabase(loadConfig().database);
  try {
    await migrateToLatest(database.db, database.engine);
    const products = new ProductRepository(database.db, {
      engine: database.engine,
      history: new HistoryRepository(database.db),
    });
    const offset = await products.countAll();
    const bar = new cliProgress.SingleBar({ format: 'seeding [{bar}] {value}/{total} items' });
    bar.start(count, 0);
    const start = Date.now();
    for (let done = 0; done < count; done += BATCH) {
      const size = Math.min(BATCH, count - done);
      await products.insertMany(
        Array.from({ length: size }, (_, i) => ({
          input: generatedProduct(offset + done + i),
          createdBy: null,
          actor: SEED_ACTOR,
          at: new Date(start + done + i),
        })),
      );
      bar.update(done + size);
    }
    bar.stop();
    await refreshPlannerStatistics(database.db);
    console.log(`Added ${count} products.`);
  } finally {
    await database.close();
  }
}

await main();
