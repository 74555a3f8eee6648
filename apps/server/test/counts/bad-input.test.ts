import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Bad requests to the count routes, sent as raw HTTP: each is refused with 400 and a code (never a
 * 500), names the field and its issue, and changes nothing.
 */
describe.each(TEST_ENGINES)('bad count requests (%s)', (engine) => {
  let test: TestApp;
  let port: number;
  let clerk: Clerk;
  let item: string;
  let count: string;

  beforeAll(async () => {
    test = await createTestApp(engine);
    port = await listenOnLoopback(test.app);
    clerk = await newClerk(test.app);
    item = (await addProduct(test.app, clerk, { quentity: 3 }))._id;
    const started = await test.app.inject({
      method: 'POST',
      url: '/api/counts',
      headers: clerk.session,
      payload: { locationId: 'main', productIds: [item] },
    });
    expect(started.statusCode, started.body).toBe(201);
    count = started.json<{ id: string }>().id;
  });
  afterAll(() => test?.close());

  const scans = () => `/api/counts/${count}/scans`;
  const cases: Array<[string, string, () => string, () => unknown, string, string]> = [
    ['no location', 'POST', () => '/api/counts', () => ({}), 'body.locationId', 'REQUIRED'],
    [
      'a location not text',
      'POST',
      () => '/api/counts',
      () => ({ locationId: 7 }),
      'body.locationId',
      'NOT_TEXT',
    ],
    [
      'an empty list of items',
      'POST',
      () => '/api/counts',
      () => ({ locationId: 'main', productIds: [] }),
      'body.productIds',
      'NOT_LINE_COUNT',
    ],
    [
      '501 items',
      'POST',
      () => '/api/counts',
      () => ({ locationId: 'main', productIds: Array.from({ length: 501 }, (_, index) => `p${index}`) }),
      'body.productIds',
      'NOT_LINE_COUNT',
    ],
    [
      'blind as text',
      'POST',
      () => '/api/counts',
      () => ({ locationId: 'main', blind: 'yes' }),
      'body.blind',
      'NOT_TRUE_OR_FALSE',
    ],
    [
      'an unknown field',
      'POST',
      () => '/api/counts',
      () => ({ locationId: 'main', status: 'applied' }),
      'body',
      'UNKNOWN_FIELD',
    ],
    ['a scan of 0 units', 'POST', scans, () => ({ productId: item, quantity: 0 }), 'body.quantity', 'BELOW'],
    [
      'a scan of half a unit',
      'POST',
      scans,
      () => ({ productId: item, quantity: 0.5 }),
      'body.quantity',
      'NOT_WHOLE',
    ],
    [
      'a scan of too many units',
      'POST',
      scans,
      () => ({ productId: item, quantity: 100_001 }),
      'body.quantity',
      'TOO_LARGE',
    ],
    [
      'a scan of a quantity as text',
      'POST',
      scans,
      () => ({ productId: item, quantity: '2' }),
      'body.quantity',
      'NOT_A_NUMBER',
    ],
    [
      'a scan of neither item nor serial',
      'POST',
      scans,
      () => ({ quantity: 1 }),
      'body.productId',
      'PICK_ONE_OF',
    ],
    [
      'a scan of both an item and a serial',
      'POST',
      scans,
      () => ({ productId: item, serial: 'SN-1' }),
      'body.productId',
      'PICK_ONE_OF',
    ],
    [
      'a scan of a control character',
      'POST',
      scans,
      () => ({ serial: '\u0007' }),
      'body.serial',
      'NOT_SERIAL',
    ],
    [
      'an apply of another choice',
      'POST',
      () => `/api/counts/${count}/apply`,
      () => ({ uncounted: 'guess' }),
      'body.uncounted',
      'NOT_ONE_OF',
    ],
    [
      'a list of another status',
      'GET',
      () => '/api/counts?status=lost',
      () => undefined,
      'querystring.status',
      'NOT_ONE_OF',
    ],
    [
      'a list page of 0',
      'GET',
      () => '/api/counts?limit=0',
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
        target: `/api/counts/${count}`,
        headers: { cookie: clerk.cookie },
      });
      expect(JSON.parse(read.body)).toMatchObject({
        status: 'counting',
        lines: [{ productId: item, expected: 3, counted: 0 }],
      });
      const counts = await rawHttp(port, {
        method: 'GET',
        target: '/api/counts',
        headers: { cookie: clerk.cookie },
      });
      expect(counts.headers['x-total-count']).toBe('1');
    },
  );

  it('refuses a body that is not JSON with 400 and a code', async () => {
    const answer = await rawHttp(port, {
      method: 'POST',
      target: scans(),
      headers: { cookie: clerk.cookie, 'content-type': 'application/json' },
      body: '{"productId":',
    });
    expect(answer.status, answer.body).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'INVALID_JSON_BODY' });
  });
});
