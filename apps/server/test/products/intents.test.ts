import type { Product } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk, transferStock } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** POST /api/product/:id/intents: deliver or restock N units, judged on the item as it is (ADR 64). */
describe.each(TEST_ENGINES)('stock intents (%s)', (engine) => {
  let test: TestApp;
  let clerk: Clerk;
  let showroom: string;

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerk = await newClerk(test.app);
    showroom = await addLocation(test.app, clerk, 'Gulshan showroom', 'showroom');
  });
  afterAll(() => test?.close());

  const intend = (as: Clerk, productId: string, payload: object) =>
    test.app.inject({
      method: 'POST',
      url: `/api/product/${productId}/intents`,
      headers: as.session,
      payload,
    });
  const itemOf = async (productId: string) =>
    (await test.app.inject({ method: 'GET', url: `/api/product/${productId}` })).json<Product>();
  const levelsOf = async (productId: string) =>
    Object.fromEntries(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/product/${productId}/stock`,
          headers: clerk.session,
        })
      )
        .json<Array<{ locationId: string; quantity: number }>>()
        .map((level) => [level.locationId, level.quantity]),
    );

  it('lets two clerks who saw the same quantity both deliver while there is stock for both', async () => {
    const product = await addProduct(test.app, clerk, { quentity: 2 });
    const other = await newClerk(test.app);
    const first = await intend(clerk, product._id, { deliver: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: 'Product delivered', quentity: 1, version: 2 });
    const second = await intend(other, product._id, { deliver: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ quentity: 0, version: 3 });
    const third = await intend(other, product._id, { deliver: 1 });
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: 'NOT_ENOUGH_AT_LOCATION', params: { available: 0 } });
    expect((await itemOf(product._id)).quentity).toBe(0);
  });

  it('applies as many deliveries sent at once as the stock holds, and refuses the rest', async () => {
    const product = await addProduct(test.app, clerk, { quentity: 3 });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => intend(clerk, product._id, { deliver: 1, locationId: 'main' })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409]);
    expect((await itemOf(product._id)).quentity).toBe(0);
  });

  it('delivers from and restocks at the location it names', async () => {
    const product = await addProduct(test.app, clerk, { quentity: 6 });
    expect(
      (await transferStock(test.app, clerk, product._id, { from: 'main', to: showroom, quantity: 4 }))
        .statusCode,
    ).toBe(200);
    const delivered = await intend(clerk, product._id, { deliver: 3, locationId: showroom });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const restocked = await intend(clerk, product._id, { restock: 5, locationId: showroom });
    expect(restocked.statusCode, restocked.body).toBe(200);
    expect(restocked.json()).toEqual({ success: 'Stock updated', quentity: 8, version: 4 });
    expect(await levelsOf(product._id)).toEqual({ main: 2, [showroom]: 6 });
    const tooMany = await intend(clerk, product._id, { deliver: 3, locationId: 'main' });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({
      code: 'NOT_ENOUGH_AT_LOCATION',
      params: { available: 2, quantity: 3 },
    });
    const history = (
      await test.app.inject({
        method: 'GET',
        url: `/api/product/${product._id}/history`,
        headers: clerk.session,
      })
    ).json<Array<{ kind: string; moved: number }>>();
    expect(history.slice(0, 2).map((entry) => [entry.kind, entry.moved])).toEqual([
      ['restocked', 5],
      ['delivered', 3],
    ]);
  });

  it('refuses an item tracked by serial number, a deleted one, and a body with both or neither', async () => {
    const tracked = await addProduct(test.app, clerk, { quentity: 0, serialTracked: true });
    const refused = await intend(clerk, tracked._id, { restock: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SERIALS_REQUIRED' });

    const gone = await addProduct(test.app, clerk, { quentity: 4 });
    await test.app.inject({ method: 'DELETE', url: `/api/product/${gone._id}`, headers: clerk.session });
    expect((await intend(clerk, gone._id, { deliver: 1 })).statusCode).toBe(404);

    for (const payload of [{ deliver: 1, restock: 1 }, { locationId: 'main' }]) {
      const invalid = await intend(clerk, tracked._id, payload);
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().issues).toContainEqual(expect.objectContaining({ code: 'DELIVER_OR_RESTOCK' }));
    }
    expect((await intend(clerk, tracked._id, { deliver: 0 })).statusCode).toBe(400);
  });
});
