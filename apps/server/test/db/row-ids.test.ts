import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { newRowId } from '../../src/db/row-ids.ts';
import { HistoryRepository } from '../../src/products/history-repository.ts';
import { ProductRepository } from '../../src/products/repository.ts';
import { generatedProduct } from '../../src/products/seed.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/** RFC 9562: version 7 in the third group's first digit, the variant (10xx) in the fourth's. */
const VERSION_7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const ACTOR = { email: 'test@example.com', name: 'Test' };
const CHANGES = 20;

const ascending = (ids: readonly string[]) =>
  ids.every((id, index) => index === 0 || (ids[index - 1] ?? '') < id);

describe('new row ids', () => {
  it('are version 7 UUIDs, each sorting after the one made before it, within a millisecond too', () => {
    const ids = Array.from({ length: 1_000 }, () => newRowId());
    for (const id of ids) expect(id).toMatch(VERSION_7);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ascending(ids)).toBe(true);
  });

  it('begin with the time they were made', () => {
    const before = Date.now();
    const id = newRowId();
    const after = Date.now();
    const made = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    expect(made).toBeGreaterThanOrEqual(before);
    expect(made).toBeLessThanOrEqual(after);
  });
});

/**
 * ADR 31: a table keyed by these ids grows at the end of its primary key. The history of one item's
 * changes, in the order they were made, is in the order of its ids, and so are items added one after
 * another. Random ids would be in order by a chance of one in 21! (the item's 21 history rows) and
 * one in 5! (the five items).
 */
describe.each(TEST_ENGINES)('rows keyed by new row ids on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let products: ProductRepository;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    await migrateToLatest(handle.db, handle.engine, 'Asia/Dhaka');
    products = new ProductRepository(handle.db, {
      engine: handle.engine,
      history: new HistoryRepository(handle.db, handle.engine),
    });
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('writes history rows whose ids follow the order of the changes', async () => {
    const [id = ''] = await products.insertMany([
      { input: { ...generatedProduct(1), quentity: 10 }, createdBy: null, actor: ACTOR, at: new Date() },
    ]);
    for (let change = 0; change < CHANGES; change += 1) {
      await products.change(
        id,
        (current) => {
          if (!current) throw new Error('the item is gone');
          return {
            kind: 'restocked',
            set: { quantity: current.quantity + 1 },
            movement: { from: null, to: 'main', quantity: 1 },
          };
        },
        ACTOR,
        new Date(),
      );
    }
    const rows = await handle.db
      .selectFrom('product_history')
      .select(['id', 'version'])
      .where('product_id', '=', id)
      .orderBy('version')
      .execute();
    expect(rows.map((row) => row.version)).toEqual(
      Array.from({ length: CHANGES + 1 }, (_, index) => index + 1),
    );
    for (const row of rows) expect(row.id).toMatch(VERSION_7);
    expect(ascending(rows.map((row) => row.id))).toBe(true);
  });

  it('gives items added one after another ids in the order they were added', async () => {
    const ids: string[] = [];
    for (let item = 2; item <= 6; item += 1) {
      const [id = ''] = await products.insertMany([
        { input: generatedProduct(item), createdBy: null, actor: ACTOR, at: new Date() },
      ]);
      ids.push(id);
    }
    for (const id of ids) expect(id).toMatch(VERSION_7);
    expect(ascending(ids)).toBe(true);
  });
});
