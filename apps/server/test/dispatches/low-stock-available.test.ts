import { isLowStock, type LowStockAlert, type Product } from '@walton/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_ID } from '../../src/locations/default-location.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk, transferStock } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The low-stock rule judges what is available (on hand for sale, less what open orders reserved),
 * on every engine: a confirmation that takes an item to its threshold lists and counts it low and
 * raises its alert as a Delivered does; a cancellation brings it back; units moved to quarantine
 * count as held too. An item holding nothing is judged on its quantity, as before.
 */
describe.each(TEST_ENGINES)('low stock judged on what is available (%s)', (engine) => {
  let test: TestApp;
  let admin: Clerk;
  let quarantine: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    test.app.inject({ method, url, headers: admin.session, ...(payload === undefined ? {} : { payload }) });
  const ok = (answer: LightMyRequestResponse) => {
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer;
  };
  const item = async (id: string) => ok(await call('GET', `/api/product/${id}`)).json<Product>();
  const lowIds = async () => {
    const answer = ok(await call('GET', '/api/product?lowStock=true&limit=100'));
    const ids = answer.json<Product[]>().map((product) => product._id);
    expect(Number(answer.headers['x-total-count'])).toBe(ids.length);
    return ids;
  };
  const lowCount = async () =>
    ok(await call('GET', '/api/stats/summary')).json<{ itemsAtOrBelowThreshold: number }>()
      .itemsAtOrBelowThreshold;
  const alertsOf = async (id: string) =>
    ok(await call('GET', '/api/alerts?limit=100'))
      .json<LowStockAlert[]>()
      .filter((alert) => alert.productId === id);
  const order = async (productId: string, quantity: number) => {
    const answer = ok(
      await call('POST', '/api/dispatches', {
        customer: { name: 'Rahman Electronics' },
        locationId: DEFAULT_LOCATION_ID,
        lines: [{ productId, quantity }],
      }),
    );
    const { id } = answer.json<{ id: string }>();
    ok(await call('POST', `/api/dispatches/${id}/confirm`));
    return id;
  };

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0', ALERT_COOLDOWN_MS: '0' });
    admin = await newClerk(test.app, 'Admin');
    quarantine = await addLocation(test.app, admin, 'Low-stock quarantine', 'quarantine');
  });
  afterAll(() => test?.close());

  it('lists, counts and alerts an item a confirmation takes to its threshold; a cancellation brings it back', async () => {
    const fans = await addProduct(test.app, admin, { quentity: 10, lowStockThreshold: 5 });
    const before = await lowCount();
    expect(await lowIds()).not.toContain(fans._id);

    await order(fans._id, 4); // 6 available: above its threshold
    expect(await lowIds()).not.toContain(fans._id);
    expect(await lowCount()).toBe(before);
    expect(await alertsOf(fans._id)).toEqual([]);

    const last = await order(fans._id, 1); // 5 available: at its threshold, 10 on hand
    const low = await item(fans._id);
    expect(low).toMatchObject({ quentity: 10, reserved: 5, available: 5 });
    expect(isLowStock(low)).toBe(true);
    expect(await lowIds()).toContain(fans._id);
    expect(await lowCount()).toBe(before + 1);
    expect(await alertsOf(fans._id)).toEqual([
      expect.objectContaining({ productId: fans._id, quantity: 5, threshold: 5 }),
    ]);

    ok(await call('POST', `/api/dispatches/${last}/cancel`));
    expect(isLowStock(await item(fans._id))).toBe(false);
    expect(await lowIds()).not.toContain(fans._id);
    expect(await lowCount()).toBe(before);
    expect(await alertsOf(fans._id)).toHaveLength(1);

    await order(fans._id, 2); // falls again: alerts again
    expect(await lowCount()).toBe(before + 1);
    expect(await alertsOf(fans._id)).toHaveLength(2);
  });

  it('holds units moved to quarantine; an item holding nothing is judged on its quantity', async () => {
    const kettles = await addProduct(test.app, admin, { quentity: 8, lowStockThreshold: 3 });
    const plain = await addProduct(test.app, admin, { quentity: 3, lowStockThreshold: 3 });
    const before = await lowCount();
    expect(await lowIds()).toContain(plain._id);

    const moved = await transferStock(test.app, admin, kettles._id, {
      from: DEFAULT_LOCATION_ID,
      to: quarantine,
      quantity: 5,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await item(kettles._id)).toMatchObject({ quentity: 8, available: 3 });
    expect(await lowIds()).toContain(kettles._id);
    expect(await lowCount()).toBe(before + 1);
    expect(await alertsOf(kettles._id)).toEqual([
      expect.objectContaining({ productId: kettles._id, quantity: 3, threshold: 3 }),
    ]);

    const back = await transferStock(test.app, admin, kettles._id, {
      from: quarantine,
      to: DEFAULT_LOCATION_ID,
      quantity: 1,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await lowIds()).not.toContain(kettles._id);
    expect(await lowCount()).toBe(before);
  });
});
