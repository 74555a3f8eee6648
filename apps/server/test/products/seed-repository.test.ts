import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { LocationRepository } from '../../src/locations/location-repository.ts';
import { HistoryRepository } from '../../src/products/history-repository.ts';
import { ProductRepository } from '../../src/products/repository.ts';
import {
  generatedHistory,
  generatedProduct,
  generatedTrackedProduct,
  generatedUnit,
  SEED_ACTOR,
} from '../../src/products/seed.ts';
import { SeedRepository } from '../../src/products/seed-repository.ts';
import { decideDelivery, decideRegistration, decideRestock } from '../../src/products/service.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { LOCATIONS } from '../support/locations.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const ACTOR = { email: 'test@example.com', name: 'Test' };

/** Items loaded in bulk (`npm run seed -- --movements`) are changed like any other afterwards. */
describe.each(TEST_ENGINES)('bulk-seeded items on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let products: ProductRepository;
  let seeds: SeedRepository;
  let locations: LocationRepository;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    await migrateToLatest(handle.db, handle.engine, 'Asia/Dhaka');
    products = new ProductRepository(handle.db, {
      engine: handle.engine,
      history: new HistoryRepository(handle.db, handle.engine),
    });
    seeds = new SeedRepository(handle.db);
    locations = new LocationRepository(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('holds its stock at the default location, so restocks and deliveries apply', async () => {
    await seeds.insertWithHistory(
      [{ input: generatedProduct(7), history: generatedHistory(7, 20, new Date()) }],
      SEED_ACTOR,
    );
    const [seeded] = await handle.db.selectFrom('products').select(['id', 'quantity']).execute();
    if (!seeded) throw new Error('nothing was seeded');
    const { id, quantity } = seeded;
    expect(quantity).toBeGreaterThan(0);
    expect(await locations.stockOf(id)).toEqual([
      { locationId: 'main', locationName: 'Main warehouse', quantity },
    ]);

    const restocked = await products.change(
      id,
      (current) => decideRestock(current, { newQuantity: quantity + 5, ifVersion: undefined }, LOCATIONS),
      ACTOR,
      new Date(),
    );
    expect(restocked.levels).toEqual({ main: quantity + 5 });
    const delivered = await products.change(
      id,
      (current, levels, units) =>
        decideDelivery(
          current,
          levels,
          { newQuantity: quantity + 4, ifVersion: undefined },
          LOCATIONS,
          units,
          '2026-01-01',
        ),
      ACTOR,
      new Date(),
    );
    expect(delivered.levels).toEqual({ main: quantity + 4 });
  });

  it('seeds tracked items as a registration leaves them: their units known by either serial, more registered after', async () => {
    const units = [0, 1, 2].map(generatedUnit);
    await seeds.insertTrackedWithUnits(
      [{ input: generatedTrackedProduct(9), units }],
      SEED_ACTOR,
      new Date(),
    );
    const seeded = await handle.db
      .selectFrom('products')
      .select(['id', 'quantity', 'version'])
      .where('serial_tracked', '=', 1)
      .executeTakeFirstOrThrow();
    expect(seeded).toMatchObject({ quantity: 3, version: 2 });
    expect(await seeds.countUnits()).toBe(3);
    expect(await locations.stockOf(seeded.id)).toEqual([
      { locationId: 'main', locationName: 'Main warehouse', quantity: 3 },
    ]);
    const [paired] = units;
    const register = (serial: string) =>
      products.change(
        seeded.id,
        (current, _levels, known) => decideRegistration(current, known, { units: [{ serial }] }, LOCATIONS),
        ACTOR,
        new Date(),
        undefined,
        [serial],
      );
    // Its outdoor box's serial, in another case, is as taken as its own.
    await expect(register(paired?.pairedSerial?.toLowerCase() ?? '')).rejects.toMatchObject({
      code: 'SERIAL_TAKEN',
    });
    const registered = await register('SEEDED-NEXT-1');
    expect(registered.after).toMatchObject({ quantity: 4, version: 3 });
    expect(registered.levels).toEqual({ main: 4 });
  });
});
