import type { Dispatch, DispatchSummary } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_ID } from '../../src/locations/default-location.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Reads of dispatch orders on every engine: the list narrowed by text of the customer's name or phone,
 * a shipped order's lines with what shipped, and an order's lines as CSV.
 */
describe.each(TEST_ENGINES)('dispatch order reads (%s)', (engine) => {
  let test: TestApp;
  let staff: Clerk;
  let viewer: Clerk;
  let productId: string;

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
    as = staff,
  ) => test.app.inject({ method, url, headers: as.session, ...(payload === undefined ? {} : { payload }) });
  const draft = async (
    customer: { name: string; phone?: string },
    lines: Array<{ productId: string; quantity: number }> = [{ productId, quantity: 1 }],
  ) => {
    const answer = await call('POST', '/api/dispatches', {
      customer,
      locationId: DEFAULT_LOCATION_ID,
      lines,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Dispatch>();
  };
  const step = async (id: string, name: string, payload?: Record<string, unknown>) => {
    const answer = await call('POST', `/api/dispatches/${id}/${name}`, payload);
    expect(answer.statusCode, answer.body).toBeLessThan(300);
  };
  /** A shipped order: two units of an untracked item and the unit `serial` of a tracked one. */
  const shippedOrder = async (customerName: string, serial: string) => {
    const fans = await addProduct(test.app, staff, { name: '=Ceiling fan, 56"', quentity: 3 });
    const acs = await addProduct(test.app, staff, { quentity: 0, serialTracked: true });
    const registered = await call('POST', `/api/product/${acs._id}/units`, { units: [{ serial }] });
    expect(registered.statusCode, registered.body).toBe(200);
    const order = await draft({ name: customerName }, [
      { productId: fans._id, quantity: 2 },
      { productId: acs._id, quantity: 1 },
    ]);
    await step(order.id, 'confirm');
    await step(order.id, 'picks', { productId: fans._id });
    await step(order.id, 'picks', { productId: fans._id });
    await step(order.id, 'picks', { serial });
    await step(order.id, 'ship');
    return { order, fans, acs };
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
    const admin = await newClerk(test.app, 'Admin');
    staff = await newClerk(test.app, 'staff');
    viewer = await newClerk(test.app, 'viewer');
    const changed = await call('PATCH', `/api/users/${viewer.user.id}`, { role: 'viewer' }, admin);
    expect(changed.statusCode, changed.body).toBe(200);
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

  it('lists what shipped on a shipped order: every line picked whole, with its serials', async () => {
    const serial = `RD-${engine}-1`;
    const { order, acs } = await shippedOrder('Shipped Reads Ltd', serial);
    const shipped = (await call('GET', `/api/dispatches/${order.id}`)).json<Dispatch>();
    expect(shipped.status).toBe('shipped');
    expect(shipped.lines.map(({ productId: id, picked, serials }) => ({ id, picked, serials }))).toEqual([
      { id: expect.any(String), picked: 2, serials: [] },
      { id: acs._id, picked: 1, serials: [serial] },
    ]);
  });

  it("exports an order's lines as CSV: item, quantity, picked and serials, text escaped, for a viewer too", async () => {
    const serial = `RD-${engine}-2`;
    const { order, fans, acs } = await shippedOrder('Export Reads Ltd', serial);
    const answer = await call('GET', `/api/dispatches/${order.id}/export.csv`, undefined, viewer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="walton-dispatch-${order.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    expect(answer.body).toBe(
      '\uFEFFproductId,name,quantity,picked,serials\r\n' +
        `${fans._id},"'=Ceiling fan, 56""",2,2,\r\n` +
        `${acs._id},${acs.name},1,1,${serial}\r\n`,
    );
    const missing = await call('GET', '/api/dispatches/no-such-order/export.csv');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'DISPATCH_NOT_FOUND' });
  });
});
