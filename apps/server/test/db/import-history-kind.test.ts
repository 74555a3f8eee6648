import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.ts';
import * as products from '../../src/db/migrations/001-products.ts';
import * as auth from '../../src/db/migrations/002-auth.ts';
import * as inventoryScale from '../../src/db/migrations/003-inventory-scale.ts';
import * as productHistory from '../../src/db/migrations/004-product-history.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import type { Database } from '../../src/db/schema.ts';
import { DEFAULT_TIME_ZONE } from '../../src/stats/days.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

const PRODUCT = '00000000-0000-4000-8000-000000000001';

interface HistoryRow {
  id: string;
  kind: string;
  version: number;
  revert_of: string | null;
}

async function insertHistory(
  db: Kysely<Database>,
  id: string,
  kind: string,
  version: number,
  revertOf: string | null,
) {
  await sql`
    insert into product_history
      (id, product_id, version, kind, actor, actor_name, at, delta, quantity_after, changes, revert_of)
    values (${id}, ${PRODUCT}, ${version}, ${kind}, 'a@example.com', 'A', ${new Date().toISOString()}, 0, 5, '[]', ${revertOf})
  `.execute(db);
}

/**
 * Migration 008 on a database that already has a history (edits and a revert pointing at one): every
 * row survives with its link, `imported` is then a kind the history takes, and the old rules (other
 * kinds refused, one row per product version) still hold.
 */
describe.each(TEST_ENGINES)('migration 008-import-history-kind on %s', (engine) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = await openDatabase(loadConfig({ NODE_ENV: 'test', ...database.env }).database);
    db = handle.db;
    const context = { engine: handle.engine, timeZone: 'Asia/Dhaka' };
    const upTo004: Record<string, Migration> = Object.fromEntries(
      Object.entries({
        '001-products': products,
        '002-auth': auth,
        '003-inventory-scale': inventoryScale,
        '004-product-history': productHistory,
      }).map(([name, module]) => [name, { up: (on: Kysely<unknown>) => module.up(on, context) }]),
    );
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => upTo004 },
    }).migrateToLatest();
    if (error) throw error;
    await sql`
      insert into products (id, name, image_url, price_paisa, quantity, description, supplier_name,
        supplier_email, created_at, updated_at, version)
      values (${PRODUCT}, 'Walton AC', '/images/a.svg', 100, 5, 'd', 'S', 's@example.com',
        ${new Date().toISOString()}, ${new Date().toISOString()}, 3)
    `.execute(db);
    await insertHistory(db, 'h1', 'created', 1, null);
    await insertHistory(db, 'h2', 'edited', 2, null);
    await insertHistory(db, 'h3', 'reverted', 3, 'h2');
    await migrateToLatest(db, handle.engine, DEFAULT_TIME_ZONE);
  });

  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  it('keeps every history row with its revert link, and takes imported', async () => {
    const rows =
      await sql<HistoryRow>`select id, kind, version, revert_of from product_history order by version`.execute(
        db,
      );
    expect(rows.rows).toEqual([
      { id: 'h1', kind: 'created', version: 1, revert_of: null },
      { id: 'h2', kind: 'edited', version: 2, revert_of: null },
      { id: 'h3', kind: 'reverted', version: 3, revert_of: 'h2' },
    ]);
    await insertHistory(db, 'h4', 'imported', 4, null);
    await expect(insertHistory(db, 'h5', 'invented', 5, null)).rejects.toThrow();
    await expect(insertHistory(db, 'h6', 'imported', 4, null)).rejects.toThrow();
    await expect(insertHistory(db, 'h7', 'reverted', 6, 'no-such-entry')).rejects.toThrow();
  });
});
