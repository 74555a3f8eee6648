import type { Dispatch, Product, Unit } from '@walton/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_ID } from '../../src/locations/default-location.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Reservations under concurrency, on every engine: 100 orders confirmed at once on two items with
 * limited stock, while clerks press Delivered on the same items, never reserve more than is on hand
 * (each order all its lines or none), and Delivered never takes a reserved unit; cancelling gives
 * back exactly what was reserved. A third item is tracked by serial: the confirmed orders pick its
 * units at once, racing for the same serials; each unit is picked for one order and becomes
 * `reserved`, its units in stock and reserved are its level, and a cancel puts them back in stock.
 */

const ORDERS = 100;
/** Each order's quantities of the two items (0: no line of it; never both 0). */
const orderArbitrary = fc
  .record({
    a: fc.integer({ min: 0, max: 3 }),
    b: fc.integer({ min: 0, max: 3 }),
    c: fc.integer({ min: 0, max: 1 }),
  })
  .filter(({ a, b, c }) => a + b + c > 0);
const plans = fc.record({
  stock: fc.record({
    a: fc.integer({ min: 5, max: 40 }),
    b: fc.integer({ min: 5, max: 40 }),
    c: fc.integer({ min: 3, max: 12 }),
  }),
  orders: fc.array(orderArbitrary, { minLength: ORDERS, maxLength: ORDERS }),
  deliverers: fc.integer({ min: 1, max: 4 }),
});

describe.each(TEST_ENGINES)('dispatch reservations under concurrency (%s)', (engine) => {
  let test: TestApp;
  let clerk: Clerk;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> =>
    test.app.inject({ method, url, headers: clerk.session, ...(payload === undefined ? {} : { payload }) });
  const item = async (id: string) => (await call('GET', `/api/product/${id}`)).json<Product>();
  let runs = 0;
  /** A tracked item with `count` units at the default location; answers it and their serials. */
  const trackedWith = async (count: number) => {
    runs += 1;
    const added = await addProduct(test.app, clerk, { quentity: 0, serialTracked: true });
    const serials = Array.from({ length: count }, (_, index) => `PROP-${engine}-${runs}-${index}`);
    const registered = await call('POST', `/api/product/${added._id}/units`, {
      locationId: DEFAULT_LOCATION_ID,
      units: serials.map((serial) => ({ serial })),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    return { id: added._id, serials };
  };
  /** The statuses of an item's units, by serial. */
  const unitStatuses = async (id: string) =>
    new Map(
      (await call('GET', `/api/product/${id}/units?limit=500`))
        .json<Unit[]>()
        .map((unit) => [unit.serial, unit.status]),
    );
  /** Picks `wanted` units of `serials` for an order, from `start` on, past units of other orders. */
  const pickUnits = async (orderId: string, wanted: number, serials: string[], start: number) => {
    const mine: string[] = [];
    for (let step = 0; step < serials.length && mine.length < wanted; step += 1) {
      const serial = serials[(start + step) % serials.length] ?? '';
      const answer = await call('POST', `/api/dispatches/${orderId}/picks`, { serial });
      if (answer.statusCode === 201) {
        mine.push(serial);
        continue;
      }
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'DISPATCH_UNIT_OF_ANOTHER_ORDER' });
    }
    return mine;
  };

  /** Presses Delivered on `id` until it is refused for want of available units; answers how many it delivered. */
  const deliverUntilRefused = async (id: string): Promise<number> => {
    let delivered = 0;
    for (let tries = 0; tries < 200; tries += 1) {
      const now = await item(id);
      const answer = await call('PUT', `/api/product/${id}`, { newQuentity: now.quentity - 1 });
      if (answer.statusCode === 200) {
        delivered += 1;
        continue;
      }
      expect(answer.statusCode, answer.body).toBe(409);
      const { code } = answer.json<{ code: string }>();
      // Another Delivered came first: press again on the new quantity.
      if (code === 'QUANTITY_CHANGED' || code === 'ONE_AT_A_TIME') continue;
      expect(['NOT_ENOUGH_AT_LOCATION', 'OUT_OF_STOCK']).toContain(code);
      return delivered;
    }
    throw new Error('Delivered was never refused');
  };

  beforeAll(async () => {
    // Hundreds of changes a run by one clerk: above the write rate limit of a real account.
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '1000000' });
    clerk = await newClerk(test.app, 'Staff');
  });
  afterAll(() => test?.close());

  it('never reserves more than is on hand, and Delivered never takes reserved units', {
    timeout: 600_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(plans, async ({ stock, orders, deliverers }) => {
        const a = await addProduct(test.app, clerk, { quentity: stock.a });
        const b = await addProduct(test.app, clerk, { quentity: stock.b });
        const c = await trackedWith(stock.c);
        const drafts: Array<{ id: string; a: number; b: number; c: number }> = [];
        for (const order of orders) {
          const lines = [
            ...(order.a > 0 ? [{ productId: a._id, quantity: order.a }] : []),
            ...(order.b > 0 ? [{ productId: b._id, quantity: order.b }] : []),
            ...(order.c > 0 ? [{ productId: c.id, quantity: order.c }] : []),
          ];
          const answer = await call('POST', '/api/dispatches', {
            customer: { name: 'Dealer' },
            locationId: DEFAULT_LOCATION_ID,
            lines,
          });
          expect(answer.statusCode, answer.body).toBe(201);
          drafts.push({ id: answer.json<Dispatch>().id, ...order });
        }

        const [confirmations, ...delivered] = await Promise.all([
          Promise.all(drafts.map(({ id }) => call('POST', `/api/dispatches/${id}/confirm`))),
          ...Array.from({ length: deliverers }, (_, index) =>
            deliverUntilRefused(index % 2 === 0 ? a._id : b._id),
          ),
        ]);
        const reserved = { a: 0, b: 0, c: 0 };
        for (const [index, answer] of confirmations.entries()) {
          const order = drafts[index];
          if (!order) throw new Error('an answer without its order');
          if (answer.statusCode === 200) {
            reserved.a += order.a;
            reserved.b += order.b;
            reserved.c += order.c;
            continue;
          }
          expect(answer.statusCode, answer.body).toBe(409);
          expect(answer.json()).toMatchObject({ code: 'DISPATCH_SHORT' });
          // All or nothing: a refused order reserved none of its lines.
          const refused = (await call('GET', `/api/dispatches/${order.id}`)).json<Dispatch>();
          expect(refused.status).toBe('draft');
          expect(refused.lines.every((line) => line.reserved === 0)).toBe(true);
        }
        const deliveredOf = (item: 'a' | 'b') =>
          delivered
            .filter((_, index) => (index % 2 === 0 ? 'a' : 'b') === item)
            .reduce((sum, n) => sum + n, 0);

        // On hand is what Delivered left; the reservations fit in it, and the deliverers stopped only
        // once nothing was available (every unit on hand reserved) or the confirmations had taken it.
        const [afterA, afterB] = [await item(a._id), await item(b._id)];
        expect(afterA.quentity).toBe(stock.a - deliveredOf('a'));
        expect(afterB.quentity).toBe(stock.b - deliveredOf('b'));
        expect(reserved.a).toBeLessThanOrEqual(afterA.quentity);
        expect(reserved.b).toBeLessThanOrEqual(afterB.quentity);
        // A deliverer of `a` always pressed (and of `b` with two or more): it stopped at 0 available.
        expect(reserved.a).toBe(afterA.quentity);
        if (deliverers > 1) expect(reserved.b).toBe(afterB.quentity);

        // The item's reserved and available are the orders' (nothing is in quarantine).
        expect(afterA).toMatchObject({ reserved: reserved.a, available: afterA.quentity - reserved.a });
        expect(afterB).toMatchObject({ reserved: reserved.b, available: afterB.quentity - reserved.b });

        // The confirmed orders pick the tracked item's units at once, racing for the same serials.
        const confirmed = drafts.filter((_, index) => confirmations[index]?.statusCode === 200);
        const picking = confirmed.filter((order) => order.c > 0);
        const picks = await Promise.all(
          picking.map((order, index) => pickUnits(order.id, order.c, c.serials, index * 3)),
        );
        // Each order got its units (there are enough: the reservations fit in the level), each unit
        // went to one order only, and exactly the picked units are reserved.
        for (const [index, order] of picking.entries()) expect(picks[index]).toHaveLength(order.c);
        const picked = picks.flat();
        expect(new Set(picked).size).toBe(picked.length);
        const statuses = await unitStatuses(c.id);
        const reservedUnits = [...statuses]
          .filter(([, status]) => status === 'reserved')
          .map(([serial]) => serial);
        expect(reservedUnits.sort()).toEqual([...picked].sort());
        // Units match the level: in stock and reserved are what is on hand, the reserved within its reservation.
        const afterC = await item(c.id);
        expect(
          [...statuses.values()].filter((status) => status === 'in_stock' || status === 'reserved'),
        ).toHaveLength(afterC.quentity);
        expect(afterC).toMatchObject({ quentity: stock.c, reserved: reserved.c });
        expect(reservedUnits.length).toBeLessThanOrEqual(reserved.c);

        // Cancelling every confirmed order gives back exactly what was reserved: all is available again.
        await Promise.all(
          confirmed.map(async ({ id }) => {
            const answer = await call('POST', `/api/dispatches/${id}/cancel`);
            expect(answer.statusCode, answer.body).toBe(200);
          }),
        );
        expect([...(await unitStatuses(c.id)).values()].every((status) => status === 'in_stock')).toBe(true);
        expect(await item(c.id)).toMatchObject({ reserved: 0, available: stock.c });
        const everything = [
          ...(afterA.quentity > 0 ? [{ productId: a._id, quantity: afterA.quentity }] : []),
          ...(afterB.quentity > 0 ? [{ productId: b._id, quantity: afterB.quentity }] : []),
          { productId: c.id, quantity: stock.c },
        ];
        const whole = await call('POST', '/api/dispatches', {
          customer: { name: 'Dealer' },
          locationId: DEFAULT_LOCATION_ID,
          lines: everything,
        });
        const answer = await call('POST', `/api/dispatches/${whole.json<Dispatch>().id}/confirm`);
        expect(answer.statusCode, answer.body).toBe(200);
      }),
      { numRuns: 3 },
    );
  });
});
