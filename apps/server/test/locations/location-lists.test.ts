import type { Product } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk, transferStock } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Lists of one location: the items with stock there, each with its units there beside the total. */
describe.each(TEST_ENGINES)('lists of one location (%s)', (engine) => {
  let test: TestApp;
  let clerk: Clerk;
  let showroom: string;

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerk = await newClerk(test.app);
    showroom = await addLocation(test.app, clerk, 'Mirpur showroom', 'showroom');
  });
  afterAll(() => test?.close());

  const list = async (url: string) => {
    const answer = await test.app.inject({ method: 'GET', url, headers: clerk.session });
    expect(answer.statusCode, answer.body).toBe(200);
    return {
      total: answer.headers['x-total-count'],
      items: answer.json<Product[]>().map((item) => [item.name, item.quentity, item.locationQuentity]),
    };
  };

  it('lists only what a location holds, with its units there, and follows a Delivered from it', async () => {
    const moved = await addProduct(test.app, clerk, { name: 'Moved AC', quentity: 10 });
    await addProduct(test.app, clerk, { name: 'Stayed AC', quentity: 4 });
    const transfer = await transferStock(test.app, clerk, moved._id, {
      from: 'main',
      to: showroom,
      quantity: 3,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);

    const all = `/api/product?location=${showroom}`;
    const supplier = `/api/productOrder?email=${encodeURIComponent(clerk.email)}&location=${showroom}`;
    expect(await list(all)).toEqual({ total: '1', items: [['Moved AC', 10, 3]] });
    expect(await list(supplier)).toEqual({ total: '1', items: [['Moved AC', 10, 3]] });
    expect((await list('/api/product?location=main&sort=name')).items).toEqual([
      ['Moved AC', 10, 7],
      ['Stayed AC', 4, 4],
    ]);

    const delivered = await test.app.inject({
      method: 'PUT',
      url: `/api/product/${moved._id}`,
      headers: clerk.session,
      payload: { newQuentity: 9, locationId: showroom },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await list(all)).toEqual({ total: '1', items: [['Moved AC', 9, 2]] });
    expect((await list('/api/product?sort=name')).items).toEqual([
      ['Moved AC', 9, undefined],
      ['Stayed AC', 4, undefined],
    ]);
  });
});
