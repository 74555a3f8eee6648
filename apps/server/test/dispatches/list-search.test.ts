import type { Dispatch, DispatchSummary } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_ID } from '../../src/locations/default-location.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** The order list narrowed by text of the customer's name or phone, on every engine. */
describe.each(TEST_ENGINES)('dispatch order search (%s)', (engine) => {
  let test: TestApp;
  let staff: Clerk;
  let productId: string;

  const draft = async (customer: { name: string; phone?: string }) => {
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/dispatches',
      headers: staff.session,
      payload: { customer, locationId: DEFAULT_LOCATION_ID, lines: [{ productId, quantity: 1 }] },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Dispatch>();
  };
  const search = async (query: Record<string, string>) => {
    const answer = await test.app.inject({
      method: 'GET',
      url: `/api/dispatches?${new URLSearchParams(query)}`,
      headers: staff.session,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return {
      names: answer.json<DispatchSummary[]>().map((order) => order.customer.name),
      total: Number(answer.headers['x-total-count']),
    };
  };

  beforeAll(async () => {
    test = await createTestApp(engine);
    await newClerk(test.app, 'Admin');
    staff = await newClerk(test.app, 'staff');
    productId = (await addProduct(test.app, staff, { quentity: 5 }))._id;
    await draft({ name: 'Rahman Electronics', phone: '+8801711000001' });
    await draft({ name: 'Karim Traders', phone: '+8801811000002' });
    await draft({ name: 'Rahmania 100% Store' });
  });
  afterAll(() => test?.close());

  it("finds orders by text of the customer's name, case aside, newest first, with the total", async () => {
    expect(await search({ q: 'RAHMAN' })).toEqual({
      names: ['Rahmania 100% Store', 'Rahman Electronics'],
      total: 2,
    });
    expect(await search({ q: '  karim ' })).toEqual({ names: ['Karim Traders'], total: 1 });
  });

  it('finds orders by text of the phone, and takes % and _ as plain text', async () => {
    expect(await search({ q: '1811' })).toEqual({ names: ['Karim Traders'], total: 1 });
    expect(await search({ q: '100%' })).toEqual({ names: ['Rahmania 100% Store'], total: 1 });
    expect(await search({ q: '%' })).toEqual({ names: ['Rahmania 100% Store'], total: 1 });
    expect(await search({ q: '_' })).toEqual({ names: [], total: 0 });
  });

  it('narrows by status and text together; an empty text narrows nothing', async () => {
    expect(await search({ q: 'rahman', status: 'confirmed' })).toEqual({ names: [], total: 0 });
    expect((await search({ q: 'rahman', status: 'draft' })).total).toBe(2);
    expect((await search({ q: '' })).total).toBe(3);
  });
});
