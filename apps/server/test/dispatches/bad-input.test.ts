import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Bad requests to the dispatch routes, sent as raw HTTP: each is refused with 400 and a code (never a
 * 500), names the field and its issue, and changes nothing.
 */
describe.each(TEST_ENGINES)('bad dispatch requests (%s)', (engine) => {
  let test: TestApp;
  let port: number;
  let clerk: Clerk;
  let item: string;
  let order: string;

  beforeAll(async () => {
    test = await createTestApp(engine);
    port = await listenOnLoopback(test.app);
    clerk = await newClerk(test.app);
    item = (await addProduct(test.app, clerk, { quentity: 5 }))._id;
    const taken = await test.app.inject({
      method: 'POST',
      url: '/api/dispatches',
      headers: clerk.session,
      payload: {
        customer: { name: 'Dealer' },
        locationId: 'main',
        lines: [{ productId: item, quantity: 3 }],
      },
    });
    expect(taken.statusCode, taken.body).toBe(201);
    order = taken.json<{ id: string }>().id;
    const confirmed = await test.app.inject({
      method: 'POST',
      url: `/api/dispatches/${order}/confirm`,
      headers: clerk.session,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
  afterAll(() => test?.close());

  const create = (body: Record<string, unknown>) => ({
    customer: { name: 'Dealer' },
    locationId: 'main',
    lines: [{ productId: item, quantity: 1 }],
    ...body,
  });
  const cases: Array<[string, string, () => string, () => unknown, string, string]> = [
    [
      'no lines',
      'POST',
      () => '/api/dispatches',
      () => create({ lines: [] }),
      'body.lines',
      'NOT_LINE_COUNT',
    ],
    [
      '501 lines',
      'POST',
      () => '/api/dispatches',
      () =>
        create({
          lines: Array.from({ length: 501 }, (_, index) => ({ productId: `p${index}`, quantity: 1 })),
        }),
      'body.lines',
      'NOT_LINE_COUNT',
    ],
    [
      'a line of 0 units',
      'POST',
      () => '/api/dispatches',
      () => create({ lines: [{ productId: item, quantity: 0 }] }),
      'body.lines.0.quantity',
      'BELOW',
    ],
    [
      'a fractional quantity',
      'POST',
      () => '/api/dispatches',
      () => create({ lines: [{ productId: item, quantity: 1.5 }] }),
      'body.lines.0.quantity',
      'NOT_WHOLE',
    ],
    [
      'a quantity as text',
      'POST',
      () => '/api/dispatches',
      () => create({ lines: [{ productId: item, quantity: '2' }] }),
      'body.lines.0.quantity',
      'NOT_A_NUMBER',
    ],
    [
      'no customer',
      'POST',
      () => '/api/dispatches',
      () => create({ customer: undefined }),
      'body.customer',
      'REQUIRED',
    ],
    [
      'a customer of another field',
      'POST',
      () => '/api/dispatches',
      () => create({ customer: { name: 'Dealer', email: 'dealer@example.com' } }),
      'body.customer',
      'UNKNOWN_FIELD',
    ],
    [
      'a customer that is text',
      'POST',
      () => '/api/dispatches',
      () => create({ customer: 'Dealer' }),
      'body.customer',
      'INVALID',
    ],
    [
      'a customer without a name',
      'POST',
      () => '/api/dispatches',
      () => create({ customer: { name: '  ' } }),
      'body.customer.name',
      'REQUIRED',
    ],
    [
      'a long address',
      'POST',
      () => '/api/dispatches',
      () => create({ customer: { name: 'Dealer', address: 'x'.repeat(501) } }),
      'body.customer.address',
      'TOO_LONG',
    ],
    [
      'no location',
      'POST',
      () => '/api/dispatches',
      () => create({ locationId: '' }),
      'body.locationId',
      'REQUIRED',
    ],
    [
      'an unknown field',
      'POST',
      () => '/api/dispatches',
      () => create({ status: 'shipped' }),
      'body',
      'UNKNOWN_FIELD',
    ],
    [
      'a pick of both an item and a serial',
      'POST',
      () => `/api/dispatches/${order}/picks`,
      () => ({ productId: item, serial: 'SN-1' }),
      'body.productId',
      'PICK_ONE_OF',
    ],
    [
      'a pick of nothing',
      'POST',
      () => `/api/dispatches/${order}/picks`,
      () => ({}),
      'body.productId',
      'PICK_ONE_OF',
    ],
    [
      'a pick of a serial of control characters',
      'POST',
      () => `/api/dispatches/${order}/picks`,
      () => ({ serial: '\u0007' }),
      'body.serial',
      'NOT_SERIAL',
    ],
    [
      'a list of another status',
      'GET',
      () => '/api/dispatches?status=lost',
      () => undefined,
      'querystring.status',
      'NOT_ONE_OF',
    ],
    [
      'a list page of 0',
      'GET',
      () => '/api/dispatches?limit=0',
      () => undefined,
      'querystring.limit',
      'NOT_PAGE_SIZE',
    ],
  ];

  it.each(cases)(
    'refuses %s with 400 and a code, changing nothing',
    async (_name, method, target, body, path, code) => {
      const json = body();
      const answer = await rawHttp(port, {
        method,
        target: target(),
        headers: { cookie: clerk.cookie },
        ...(json === undefined ? {} : { json }),
      });
      expect(answer.status, answer.body).toBe(400);
      const refusal = JSON.parse(answer.body) as {
        code: string;
        issues?: Array<{ path: string; code: string }>;
      };
      expect(refusal.code).toBe('VALIDATION_FAILED');
      expect(refusal.issues).toContainEqual(expect.objectContaining({ path, code }));
      const read = await rawHttp(port, {
        method: 'GET',
        target: `/api/dispatches/${order}`,
        headers: { cookie: clerk.cookie },
      });
      expect(JSON.parse(read.body)).toMatchObject({
        status: 'confirmed',
        lines: [{ quantity: 3, reserved: 3, picked: 0 }],
      });
      const orders = await rawHttp(port, {
        method: 'GET',
        target: '/api/dispatches',
        headers: { cookie: clerk.cookie },
      });
      expect(orders.headers['x-total-count']).toBe('1');
    },
  );

  it('refuses a body that is not JSON with 400 and a code', async () => {
    const answer = await rawHttp(port, {
      method: 'POST',
      target: `/api/dispatches/${order}/picks`,
      headers: { cookie: clerk.cookie, 'content-type': 'application/json' },
      body: '{"productId":',
    });
    expect(answer.status, answer.body).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'INVALID_JSON_BODY' });
  });
});
