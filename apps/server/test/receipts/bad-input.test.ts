import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Bad requests to the receipt routes, sent as raw HTTP: each is refused with 400 and a code (never a
 * 500), names the field and its issue, and changes nothing.
 */
describe.each(TEST_ENGINES)('bad receipt requests (%s)', (engine) => {
  let test: TestApp;
  let port: number;
  let clerk: Clerk;
  let item: string;
  let receipt: string;

  beforeAll(async () => {
    test = await createTestApp(engine);
    port = await listenOnLoopback(test.app);
    clerk = await newClerk(test.app);
    item = (await addProduct(test.app, clerk, { quentity: 0 }))._id;
    const declared = await test.app.inject({
      method: 'POST',
      url: '/api/receipts',
      headers: clerk.session,
      payload: { supplier: clerk.email, locationId: 'main', lines: [{ productId: item, expected: 3 }] },
    });
    expect(declared.statusCode, declared.body).toBe(201);
    receipt = declared.json<{ id: string }>().id;
  });
  afterAll(() => test?.close());

  const create = (body: Record<string, unknown>) => ({
    supplier: clerk.email,
    locationId: 'main',
    lines: [{ productId: item, expected: 1 }],
    ...body,
  });
  const cases: Array<[string, string, () => string, () => unknown, string, string]> = [
    ['no lines', 'POST', () => '/api/receipts', () => create({ lines: [] }), 'body.lines', 'NOT_LINE_COUNT'],
    [
      'lines not a list',
      'POST',
      () => '/api/receipts',
      () => create({ lines: 'x' }),
      'body.lines',
      'NOT_LINE_COUNT',
    ],
    [
      '501 lines',
      'POST',
      () => '/api/receipts',
      () =>
        create({
          lines: Array.from({ length: 501 }, (_, index) => ({ productId: `p${index}`, expected: 1 })),
        }),
      'body.lines',
      'NOT_LINE_COUNT',
    ],
    [
      'a negative expectation',
      'POST',
      () => '/api/receipts',
      () => create({ lines: [{ productId: item, expected: -1 }] }),
      'body.lines.0.expected',
      'BELOW',
    ],
    [
      'a fractional expectation',
      'POST',
      () => '/api/receipts',
      () => create({ lines: [{ productId: item, expected: 1.5 }] }),
      'body.lines.0.expected',
      'NOT_WHOLE',
    ],
    [
      'an expectation as text',
      'POST',
      () => '/api/receipts',
      () => create({ lines: [{ productId: item, expected: '3' }] }),
      'body.lines.0.expected',
      'NOT_A_NUMBER',
    ],
    [
      'a supplier that is no email',
      'POST',
      () => '/api/receipts',
      () => create({ supplier: 'acme' }),
      'body.supplier',
      'NOT_EMAIL',
    ],
    [
      'no location',
      'POST',
      () => '/api/receipts',
      () => create({ locationId: '' }),
      'body.locationId',
      'REQUIRED',
    ],
    [
      'an unknown field',
      'POST',
      () => '/api/receipts',
      () => create({ status: 'received' }),
      'body',
      'UNKNOWN_FIELD',
    ],
    [
      'a long reference',
      'POST',
      () => '/api/receipts',
      () => create({ reference: 'x'.repeat(201) }),
      'body.reference',
      'TOO_LONG',
    ],
    [
      'a scan of 0 units',
      'POST',
      () => `/api/receipts/${receipt}/scans`,
      () => ({ productId: item, quantity: 0 }),
      'body.quantity',
      'BELOW',
    ],
    [
      'a scan in another condition',
      'POST',
      () => `/api/receipts/${receipt}/scans`,
      () => ({ productId: item, condition: 'wet' }),
      'body.condition',
      'NOT_ONE_OF',
    ],
    [
      'a scan with no serial in its list',
      'POST',
      () => `/api/receipts/${receipt}/scans`,
      () => ({ productId: item, serials: [] }),
      'body.serials',
      'NOT_UNIT_COUNT',
    ],
    [
      'a scan with a serial of control characters',
      'POST',
      () => `/api/receipts/${receipt}/scans`,
      () => ({ productId: item, serials: ['\u0007'] }),
      'body.serials.0',
      'NOT_SERIAL',
    ],
    [
      'a scan without an item',
      'POST',
      () => `/api/receipts/${receipt}/scans`,
      () => ({ quantity: 1 }),
      'body.productId',
      'REQUIRED',
    ],
    [
      'a completion note too long',
      'POST',
      () => `/api/receipts/${receipt}/complete`,
      () => ({ notes: [{ productId: item, note: 'x'.repeat(201) }] }),
      'body.notes.0.note',
      'TOO_LONG',
    ],
    [
      'a list of another status',
      'GET',
      () => '/api/receipts?status=lost',
      () => undefined,
      'querystring.status',
      'NOT_ONE_OF',
    ],
    [
      'a list page of 0',
      'GET',
      () => '/api/receipts?limit=0',
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
        target: `/api/receipts/${receipt}`,
        headers: { cookie: clerk.cookie },
      });
      expect(JSON.parse(read.body)).toMatchObject({
        status: 'expected',
        lines: [{ expected: 3, received: 0 }],
      });
      const receipts = await rawHttp(port, {
        method: 'GET',
        target: '/api/receipts',
        headers: { cookie: clerk.cookie },
      });
      expect(receipts.headers['x-total-count']).toBe('1');
    },
  );

  it('refuses a body that is not JSON with 400 and a code', async () => {
    const answer = await rawHttp(port, {
      method: 'POST',
      target: `/api/receipts/${receipt}/scans`,
      headers: { cookie: clerk.cookie, 'content-type': 'application/json' },
      body: '{"productId":',
    });
    expect(answer.status, answer.body).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'INVALID_JSON_BODY' });
  });
});
