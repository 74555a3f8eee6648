import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import { createMigrator, migrateToLatest } from '../../src/db/migrator.ts';
import { HistoryRepository } from '../../src/products/history-repository.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Migration 004 moves an existing stock ledger into the one history: the movements route must
 * answer what it answered before, and the history shows the same changes with who made them.
 */
describe.each(TEST_ENGINES)('migration 004-product-history on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    const { error } = await createMigrator(handle.db, handle.engine, DEFAULT_TIME_ZONE).migrateTo(
      '003-inventory-scale',
    );
    if (error) throw error;
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('keeps every movement, with its id, order and figures', async () => {
    const at = (minute: number) => `2026-11-20T10:0${minute}:00.000Z`;
    const timestamp = (minute: number) =>
      engine === 'sqlite' ? sql`${at(minute)}` : sql`cast(${at(minute)} as timestamptz)`;
    await sql`
      insert into users (id, name, email, email_verified) values ('u1', 'Rahim', 'rahim@example.com', ${engine === 'sqlite' ? 1 : sql`true`})
    `.execute(handle.db);
    await sql`
      insert into products (id, name, image_url, price_paisa, quantity, description, supplier_name,
        supplier_email, created_at, updated_at, version, deleted_at)
      values ('p1', 'Walton AC', '/images/products/a.svg', 4500050, 6, 'Cool.', 'Rahim',
        'rahim@example.com', ${timestamp(0)}, ${timestamp(3)}, 3, null)
    `.execute(handle.db);
    const movements: Array<[string, number, number, string, number, string, number]> = [
      ['m1', 5, 5, 'created', 1, 'seed', 0],
      ['m2', -1, 4, 'delivered', 2, 'RAHIM@example.com', 1],
      ['m3', 2, 6, 'restocked', 3, 'karim@example.com', 3],
    ];
    for (const [id, delta, after, reason, version, actor, minute] of movements) {
      await sql`
        insert into stock_movements (id, product_id, delta, quantity_after, reason, version, actor, at)
        values (${id}, 'p1', ${delta}, ${after}, ${reason}, ${version}, ${actor}, ${timestamp(minute)})
      `.execute(handle.db);
    }

    await migrateToLatest(handle.db, handle.engine, DEFAULT_TIME_ZONE);

    const history = new HistoryRepository(handle.db, handle.engine);
    expect(await history.countMovements('p1')).toBe(3);
    // Migration 015 put the item's stock at the default location and wrote no history for it: the
    // rows from before locations name none, and count as the default location's.
    const levels = await sql<{ location_id: string; quantity: number }>`
      select location_id, quantity from stock_levels where product_id = 'p1'
    `.execute(handle.db);
    expect(levels.rows.map((row) => [row.location_id, Number(row.quantity)])).toEqual([['main', 6]]);
    expect(await history.listMovements('p1', { limit: 20, offset: 0 })).toEqual([
      {
        id: 'm3',
        productId: 'p1',
        delta: 2,
        quantityAfter: 6,
        moved: 0,
        fromLocation: null,
        toLocation: null,
        reason: 'restocked',
        version: 3,
        actor: 'karim@example.com',
        actorName: '',
        at: at(3),
      },
      {
        id: 'm2',
        productId: 'p1',
        delta: -1,
        quantityAfter: 4,
        moved: 0,
        fromLocation: null,
        toLocation: null,
        reason: 'delivered',
        version: 2,
        actor: 'RAHIM@example.com',
        actorName: 'Rahim',
        at: at(1),
      },
      {
        id: 'm1',
        productId: 'p1',
        delta: 5,
        quantityAfter: 5,
        moved: 0,
        fromLocation: null,
        toLocation: null,
        reason: 'created',
        version: 1,
        actor: 'seed',
        actorName: '',
        at: at(0),
      },
    ]);
    const entries = await history.list('p1', { limit: 20, beforeVersion: undefined });
    expect(
      entries.map(({ kind, actorName, changes, revertOf }) => ({ kind, actorName, changes, revertOf })),
    ).toEqual([
      { kind: 'restocked', actorName: '', changes: [], revertOf: null },
      { kind: 'delivered', actorName: 'Rahim', changes: [], revertOf: null },
      { kind: 'created', actorName: '', changes: [], revertOf: null },
    ]);
    const { rows } = await sql<{ present: number }>`
      select count(*) as present from ${sql.raw(engine === 'sqlite' ? "sqlite_master where type = 'table' and" : 'information_schema.tables where')} ${sql.raw(engine === 'sqlite' ? 'name' : 'table_name')} = 'stock_movements'
    `.execute(handle.db);
    expect(Number(rows[0]?.present)).toBe(0);
  });
});
