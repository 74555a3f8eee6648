import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Bad requests to the unit routes, sent as raw HTTP: each is refused with 400 and a code (never a
 * 500), names the field and its issue, and changes nothing.
 */
describe.each(TEST_ENGINES)('bad unit requests (%s)', (engine) => {
  let test: TestApp;
  let port: number;
  let clerk: Clerk;
  let tracked: string;

  beforeAll(async () => {
    test = await createTestApp(engine);
    port = await listenOnLoopback(test.app);
    clerk = await newClerk(test.app);
    tracked = (await addProduct(test.app, clerk, { quentity: 0, serialTracked: true }))._id;
    const registered = await test.app.inject({
      method: 'POST',
      url: `/api/product/${tracked}/units`,
      headers: clerk.session,
      payload: { units: [{ serial: 'BAD-INPUT-1' }] },
    });
    expect(registered.statusCode, registered.body).toBe(200);
  });
  afterAll(() => test?.close());

  const send = (method: string, target: string, json: unknown) =>
    rawHttp(port, { method, target, headers: { cookie: clerk.cookie }, json });

  const cases: Array<[string, string, () => string, unknown, string, string]> = [
    [
      'no units',
      'POST',
      () => `/api/product/${tracked}/units`,
      { units: [] },
      'body.units',
      'NOT_UNIT_COUNT',
    ],
    [
      '501 units',
      'POST',
      () => `/api/product/${tracked}/units`,
      { units: Array.from({ length: 501 }, (_, index) => ({ serial: `MANY-${index}` })) },
      'body.units',
      'NOT_UNIT_COUNT',
    ],
    [
      'units not a list',
      'POST',
      () => `/api/product/${tracked}/units`,
      { units: 'A1' },
      'body.units',
      'NOT_UNIT_COUNT',
    ],
    [
      'no serial',
      'POST',
      () => `/api/product/${tracked}/units`,
      { units: [{}] },
      'body.units.0.serial',
      'REQUIRED',
    ],
    [
      'a blank serial',
      'POST',
      () => `/api/product/${tracked}/units`,
      { units: [{ serial: '   ' }] },
      'body.units.0.serial',
      'NOT_SERIAL',
    ],
    [
      'a serial of 65 characters',
      'POST',
      () => `/api/product/${tracked}/units`,
      { units: [{ serial: 'S'.repeat(65) }] },
      'body.units.0.serial',
      'NOT_SERIAL',
    ],
    [
      'a serial with a control character',
      'POST',
      () => `/api/product/${tracked}/units`,
      { units: [{ serial: 'AB\u0007C' }] },
      'body.units.0.serial',
      'NOT_SERIAL',
    ],
    [
      'a paired serial that is a number',
      'POST',
      () => `/api/product/${tracked}/units`,
      { units: [{ serial: 'OK-1', pairedSerial: 42 }] },
      'body.units.0.pairedSerial',
      'NOT_TEXT',
    ],
    [
      'an unknown field',
      'POST',
      () => `/api/product/${tracked}/units`,
      { units: [{ serial: 'OK-2', colour: 'white' }] },
      'body.units.0',
      'UNKNOWN_FIELD',
    ],
    [
      'a customer without a name',
      'POST',
      () => '/api/units/BAD-INPUT-1/dispatch',
      { customer: { phone: '0171' } },
      'body.customer.name',
      'REQUIRED',
    ],
    [
      'a serial too long in the address',
      'POST',
      () => `/api/units/${'X'.repeat(65)}/dispatch`,
      {},
      'params.serial',
      'NOT_SERIAL',
    ],
    [
      'Delivered with a serial that is not text',
      'PUT',
      () => `/api/product/${tracked}`,
      { newQuentity: 0, serial: ['BAD-INPUT-1'] },
      'body.serial',
      'NOT_TEXT',
    ],
    [
      'serials of a transfer not a list',
      'POST',
      () => `/api/product/${tracked}/transfers`,
      { from: 'main', to: 'elsewhere', quantity: 1, serials: 'BAD-INPUT-1' },
      'body.serials',
      'INVALID',
    ],
    [
      'an item created with a warranty of 121 months',
      'POST',
      () => '/api/productOrder',
      {
        name: 'Walton split AC',
        img: '/images/products/split-inverter-white.svg',
        price: 100,
        quentity: 0,
        description: 'A tracked one.',
        suplerName: 'Anyone',
        email: '(the clerk)',
        serialTracked: true,
        warrantyMonths: 121,
      },
      'body.warrantyMonths',
      'NOT_WARRANTY_MONTHS',
    ],
  ];

  it.each(cases)(
    'refuses %s with 400 and a code, changing nothing',
    async (_name, method, target, body, path, code) => {
      // The spec's access token too: adding an item needs it.
      const answer = await rawHttp(port, {
        method,
        target: target(),
        headers: { cookie: clerk.cookie, authorization: `Bearer ${clerk.token}` },
        json: body,
      });
      expect(answer.status, answer.body).toBe(400);
      const refusal = JSON.parse(answer.body) as {
        code: string;
        issues?: Array<{ path: string; code: string }>;
      };
      expect(refusal.code).toBe('VALIDATION_FAILED');
      expect(refusal.issues).toContainEqual(expect.objectContaining({ path, code }));
      const unit = await send('GET', '/api/units/BAD-INPUT-1', undefined);
      expect(JSON.parse(unit.body)).toMatchObject({ unit: { status: 'in_stock' } });
      const item = await send('GET', `/api/product/${tracked}`, undefined);
      expect(JSON.parse(item.body)).toMatchObject({ quentity: 1, version: 2 });
    },
  );
});
