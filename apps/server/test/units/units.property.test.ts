import type { Unit } from '@walton/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk, transferStock } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Units under random concurrent changes, on every engine: whatever interleaving of registrations,
 * transfers and dispatches of a tracked item (with Delivered and restock of an untracked one beside
 * it), several at once, each location's level of the tracked item is the number of its units in stock
 * or reserved there, its quantity is the sum of its levels, and every unit's history rows replay to
 * where it is.
 */

/** The refusals a change may meet when others change the item at the same moment. */
const EXPECTED_REFUSALS = new Set([
  'QUANTITY_CHANGED',
  'OUT_OF_STOCK',
  'QUANTITY_NOT_ABOVE',
  'NOT_ENOUGH_AT_LOCATION',
  'UNIT_NOT_AVAILABLE',
  'LOCATION_REQUIRED',
]);

type Operation =
  | { kind: 'register'; at: number; units: number; paired: boolean }
  | { kind: 'transfer'; from: number; to: number; units: number }
  | { kind: 'dispatch'; pick: number }
  | { kind: 'deliver untracked' }
  | { kind: 'restock untracked'; units: number };

const place = fc.integer({ min: 0, max: 2 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('register' as const),
    at: place,
    units: fc.integer({ min: 1, max: 4 }),
    paired: fc.boolean(),
  }),
  fc
    .record({
      kind: fc.constant('transfer' as const),
      from: place,
      to: place,
      units: fc.integer({ min: 1, max: 3 }),
    })
    .filter((transfer) => transfer.from !== transfer.to),
  fc.record({ kind: fc.constant('dispatch' as const), pick: fc.nat({ max: 20 }) }),
  fc.constant({ kind: 'deliver untracked' as const }),
  fc.record({ kind: fc.constant('restock untracked' as const), units: fc.integer({ min: 1, max: 3 }) }),
);
/** Rounds of changes sent at once. */
const rounds = fc.array(fc.array(operation, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 });

describe.each(TEST_ENGINES)('units under concurrent changes (%s)', (engine) => {
  let test: TestApp;
  let clerk: Clerk;
  let places: string[];
  let serials = 0;

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '1000000' });
    clerk = await newClerk(test.app);
    places = ['main'];
    places.push(await addLocation(test.app, clerk, 'Mirpur showroom', 'showroom'));
    places.push(await addLocation(test.app, clerk, 'Van 1', 'vehicle'));
  }, 60_000);
  afterAll(() => test?.close());

  const fresh = () => {
    serials += 1;
    return `P-${engine}-${serials}`;
  };

  /** The tracked item as stored: its quantity, its levels, and its units in stock or reserved per location. */
  async function stored(id: string) {
    const { db } = test.app.database;
    const product = await db
      .selectFrom('products')
      .select('quantity')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const levels = await db
      .selectFrom('stock_levels')
      .select(['location_id', 'quantity'])
      .where('product_id', '=', id)
      .where('quantity', '>', 0)
      .execute();
    const units = await db
      .selectFrom('units')
      .select(['id', 'location_id', 'status'])
      .where('product_id', '=', id)
      .execute();
    const held = new Map<string, number>();
    for (const unit of units) {
      if (unit.status !== 'in_stock' && unit.status !== 'reserved') continue;
      held.set(unit.location_id ?? '(none)', (held.get(unit.location_id ?? '(none)') ?? 0) + 1);
    }
    return {
      quantity: Number(product.quantity),
      levels: new Map(levels.map((row) => [row.location_id, Number(row.quantity)])),
      held,
      units,
    };
  }

  /** Where each unit's history rows say it is: the last row's destination (null: it left). */
  async function replayedUnits(id: string): Promise<Map<string, string | null>> {
    const rows = await test.app.database.db
      .selectFrom('movement_units as mu')
      .innerJoin('product_history as h', 'h.id', 'mu.history_id')
      .select(['mu.unit_id', 'h.to_location_id'])
      .where('h.product_id', '=', id)
      .orderBy('h.version', 'asc')
      .execute();
    return new Map(rows.map((row) => [row.unit_id, row.to_location_id]));
  }

  async function inStock(id: string, location?: string): Promise<Unit[]> {
    const filter = location === undefined ? '' : `&location=${location}`;
    const answer = await test.app.inject({
      method: 'GET',
      url: `/api/product/${id}/units?status=in_stock&limit=500${filter}`,
      headers: clerk.session,
    });
    return answer.json<Unit[]>();
  }

  /** Sends one change as a clerk would: looking at the units first where the request names some. */
  async function send(
    tracked: string,
    untracked: string,
    change: Operation,
  ): Promise<LightMyRequestResponse> {
    const { app } = test;
    const as = { headers: clerk.session };
    switch (change.kind) {
      case 'register':
        return app.inject({
          method: 'POST',
          url: `/api/product/${tracked}/units`,
          ...as,
          payload: {
            locationId: places[change.at],
            units: Array.from({ length: change.units }, () => ({
              serial: fresh(),
              ...(change.paired ? { pairedSerial: fresh() } : {}),
            })),
          },
        });
      case 'transfer': {
        const from = places[change.from] ?? '';
        const there = (await inStock(tracked, from)).slice(0, change.units);
        if (there.length === 0) return app.inject({ method: 'GET', url: `/api/product/${tracked}`, ...as });
        return transferStock(app, clerk, tracked, {
          from,
          to: places[change.to] ?? '',
          quantity: there.length,
          serials: there.map((unit) => unit.pairedSerial ?? unit.serial),
        });
      }
      case 'dispatch': {
        const units = await inStock(tracked);
        const unit = units[change.pick % Math.max(units.length, 1)];
        if (!unit) return app.inject({ method: 'GET', url: `/api/product/${tracked}`, ...as });
        return app.inject({
          method: 'POST',
          url: `/api/units/${encodeURIComponent(unit.serial)}/dispatch`,
          ...as,
          payload: { customer: { name: 'A customer' } },
        });
      }
      case 'deliver untracked':
      case 'restock untracked': {
        const read = await app.inject({ method: 'GET', url: `/api/product/${untracked}`, ...as });
        const { quentity } = read.json<{ quentity: number }>();
        const deliver = change.kind === 'deliver untracked';
        return app.inject({
          method: 'PUT',
          url: deliver ? `/api/product/${untracked}` : `/api/products/${untracked}`,
          ...as,
          payload: { newQuentity: deliver ? quentity - 1 : quentity + change.units },
        });
      }
    }
  }

  it("keeps each location's level equal to its units in stock or reserved, and the total their sum", async () => {
    await fc.assert(
      fc.asyncProperty(rounds, async (plan) => {
        const tracked = await addProduct(test.app, clerk, { quentity: 0, serialTracked: true });
        const untracked = await addProduct(test.app, clerk, { quentity: 3 });
        for (const round of plan) {
          const answers = await Promise.all(round.map((change) => send(tracked._id, untracked._id, change)));
          for (const answer of answers) {
            if (answer.statusCode < 300) continue;
            const code = answer.json<{ code?: string }>().code ?? '';
            expect(EXPECTED_REFUSALS.has(code), `${answer.statusCode} ${answer.body}`).toBe(true);
          }
          const now = await stored(tracked._id);
          expect(now.held).toEqual(now.levels);
          expect([...now.levels.values()].reduce((sum, units) => sum + units, 0)).toBe(now.quantity);
          const plain = await stored(untracked._id);
          expect([...plain.levels.values()].reduce((sum, units) => sum + units, 0)).toBe(plain.quantity);
          expect(plain.units).toEqual([]);
        }
        const final = await stored(tracked._id);
        const replayed = await replayedUnits(tracked._id);
        expect(replayed.size).toBe(final.units.length);
        for (const unit of final.units) {
          expect(replayed.get(unit.id), unit.id).toBe(unit.status === 'dispatched' ? null : unit.location_id);
        }
      }),
      { numRuns: engine === 'sqlite' ? 20 : 12 },
    );
  }, 240_000);
});
