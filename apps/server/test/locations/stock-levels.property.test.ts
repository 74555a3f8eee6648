import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk, transferStock } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Stock levels under random concurrent changes, on every engine: whatever interleaving of Delivered,
 * restock, transfer, edit, delete and restore across three locations, several at once, the total is
 * always the sum of the levels, no level is below 0, and replaying the history gives the levels.
 */

/** The refusals a change may meet when others change the item at the same moment. */
const EXPECTED_REFUSALS = new Set([
  'QUANTITY_CHANGED',
  'OUT_OF_STOCK',
  'QUANTITY_NOT_ABOVE',
  'VERSION_STALE',
  'EDITED_MEANWHILE',
  'NOT_ENOUGH_AT_LOCATION',
  'LOCATION_REQUIRED',
  'PRODUCT_NOT_FOUND',
  'NOT_IN_TRASH',
]);

type Operation =
  | { kind: 'deliver'; at: number | null }
  | { kind: 'restock'; at: number | null; units: number }
  | { kind: 'transfer'; from: number; to: number; units: number }
  | { kind: 'edit'; price: number }
  | { kind: 'delete' }
  | { kind: 'restore' };

const place = fc.integer({ min: 0, max: 2 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('deliver' as const), at: fc.option(place, { nil: null }) }),
  fc.record({
    kind: fc.constant('restock' as const),
    at: fc.option(place, { nil: null }),
    units: fc.integer({ min: 1, max: 4 }),
  }),
  fc
    .record({
      kind: fc.constant('transfer' as const),
      from: place,
      to: place,
      units: fc.integer({ min: 1, max: 4 }),
    })
    .filter((transfer) => transfer.from !== transfer.to),
  fc.record({ kind: fc.constant('edit' as const), price: fc.integer({ min: 1, max: 90_000 }) }),
  fc.constant({ kind: 'delete' as const }),
  fc.constant({ kind: 'restore' as const }),
);
/** Rounds of changes sent at once. */
const rounds = fc.array(fc.array(operation, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 });

interface Levels {
  quantity: number;
  levels: Map<string, number>;
}

describe.each(TEST_ENGINES)('stock levels under concurrent changes (%s)', (engine) => {
  let test: TestApp;
  let clerk: Clerk;
  let places: string[];

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '1000000' });
    clerk = await newClerk(test.app);
    places = ['main'];
    places.push(await addLocation(test.app, clerk, 'Mirpur showroom', 'showroom'));
    places.push(await addLocation(test.app, clerk, 'Van 1', 'vehicle'));
  }, 60_000);
  afterAll(() => test?.close());

  /** The item as stored: its quantity and its levels, read straight from the database. */
  async function stored(id: string): Promise<Levels> {
    const { db } = test.app.database;
    const product = await db
      .selectFrom('products')
      .select('quantity')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('stock_levels')
      .select(['location_id', 'quantity'])
      .where('product_id', '=', id)
      .execute();
    return {
      quantity: Number(product.quantity),
      levels: new Map(
        rows
          .filter((row) => Number(row.quantity) !== 0)
          .map((row) => [row.location_id, Number(row.quantity)]),
      ),
    };
  }

  /** The levels the item's history adds up to, oldest change first. */
  async function replayed(id: string): Promise<Map<string, number>> {
    const { rows } = await sql<{
      moved: number;
      from_location_id: string | null;
      to_location_id: string | null;
    }>`
      select moved, from_location_id, to_location_id from product_history where product_id = ${id} order by version
    `.execute(test.app.database.db);
    const levels = new Map<string, number>();
    for (const row of rows) {
      const moved = Number(row.moved);
      if (row.from_location_id)
        levels.set(row.from_location_id, (levels.get(row.from_location_id) ?? 0) - moved);
      if (row.to_location_id) levels.set(row.to_location_id, (levels.get(row.to_location_id) ?? 0) + moved);
    }
    for (const [location, units] of levels) if (units === 0) levels.delete(location);
    return levels;
  }

  function expectConsistent({ quantity, levels }: Levels): void {
    const units = [...levels.values()];
    expect(units.every((each) => each > 0)).toBe(true);
    expect(units.reduce((sum, each) => sum + each, 0)).toBe(quantity);
  }

  /** Sends one change as a clerk would: reading the item first where the request needs its numbers. */
  async function send(id: string, change: Operation): Promise<LightMyRequestResponse> {
    const { app } = test;
    const current = async () => {
      const read = await app.inject({ method: 'GET', url: `/api/product/${id}`, headers: clerk.session });
      return read.statusCode === 200
        ? read.json<{ quentity: number; version: number }>()
        : { quentity: 0, version: 0 };
    };
    const locationId = (at: number | null) => (at === null ? {} : { locationId: places[at] });
    switch (change.kind) {
      case 'deliver': {
        const { quentity } = await current();
        return app.inject({
          method: 'PUT',
          url: `/api/product/${id}`,
          headers: clerk.session,
          payload: { newQuentity: quentity - 1, ...locationId(change.at) },
        });
      }
      case 'restock': {
        const { quentity } = await current();
        return app.inject({
          method: 'PUT',
          url: `/api/products/${id}`,
          headers: clerk.session,
          payload: { newQuentity: quentity + change.units, ...locationId(change.at) },
        });
      }
      case 'transfer':
        return transferStock(app, clerk, id, {
          from: places[change.from] ?? '',
          to: places[change.to] ?? '',
          quantity: change.units,
        });
      case 'edit': {
        const { version } = await current();
        return app.inject({
          method: 'PATCH',
          url: `/api/product/${id}`,
          headers: { ...clerk.session, 'if-match': `"${version}"` },
          payload: { price: change.price },
        });
      }
      case 'delete':
        return app.inject({ method: 'DELETE', url: `/api/product/${id}`, headers: clerk.session });
      case 'restore':
        return app.inject({ method: 'POST', url: `/api/product/${id}/restore`, headers: clerk.session });
    }
  }

  it('keeps the total the sum of the levels, none below 0, and the history replaying to them', async () => {
    await fc.assert(
      fc.asyncProperty(rounds, fc.integer({ min: 0, max: 6 }), async (plan, opening) => {
        const product = await addProduct(test.app, clerk, { quentity: opening });
        for (const round of plan) {
          const answers = await Promise.all(round.map((change) => send(product._id, change)));
          for (const answer of answers) {
            if (answer.statusCode < 300) continue;
            const code = answer.json<{ code?: string }>().code ?? '';
            expect(EXPECTED_REFUSALS.has(code), `${answer.statusCode} ${answer.body}`).toBe(true);
          }
          expectConsistent(await stored(product._id));
        }
        const final = await stored(product._id);
        expect(await replayed(product._id)).toEqual(final.levels);
      }),
      { numRuns: engine === 'sqlite' ? 25 : 15 },
    );
  }, 240_000);

  it('100 transfers each way between two locations with 50 Delivered mixed in: no unit made or lost', async () => {
    const [main = '', showroom = ''] = places;
    const product = await addProduct(test.app, clerk, { quentity: 40 });
    const move = (from: string, to: string) =>
      transferStock(test.app, clerk, product._id, { from, to, quantity: 3 });
    /** Delivered from the main warehouse, sent again on the quantity a refusal names, as a clerk would. */
    const deliver = async (): Promise<boolean> => {
      let quantity = 40;
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const answer = await test.app.inject({
          method: 'PUT',
          url: `/api/product/${product._id}`,
          headers: clerk.session,
          payload: { newQuentity: quantity - 1, locationId: main },
        });
        if (answer.statusCode === 200) return true;
        const refusal = answer.json<{ code: string; product?: { quentity: number } }>();
        if (refusal.code === 'NOT_ENOUGH_AT_LOCATION' || refusal.code === 'OUT_OF_STOCK') return false;
        expect(refusal.code, answer.body).toBe('QUANTITY_CHANGED');
        quantity = refusal.product?.quentity ?? quantity;
      }
      return false;
    };
    const transfers = Array.from({ length: 200 }, (_, index) =>
      index % 2 === 0 ? move(main, showroom) : move(showroom, main),
    );
    const deliveries = Array.from({ length: 50 }, () => deliver());
    const [moved, delivered] = await Promise.all([Promise.all(transfers), Promise.all(deliveries)]);
    for (const answer of moved) {
      if (answer.statusCode === 200) continue;
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({
        code: 'NOT_ENOUGH_AT_LOCATION',
        message: expect.stringMatching(/^Only \d+ of this item are at /),
      });
    }
    const sold = delivered.filter(Boolean).length;
    const final = await stored(product._id);
    expect(final.quantity).toBe(40 - sold);
    expectConsistent(final);
    expect(await replayed(product._id)).toEqual(final.levels);
    const kinds = await sql<{ kind: string; total: number | string }>`
      select kind, count(*) as total from product_history where product_id = ${product._id} group by kind
    `.execute(test.app.database.db);
    const count = (kind: string) => Number(kinds.rows.find((row) => row.kind === kind)?.total ?? 0);
    expect(count('delivered')).toBe(sold);
    expect(count('transferred')).toBe(moved.filter((answer) => answer.statusCode === 200).length);
  }, 240_000);
});
