import { randomBytes, randomUUID } from 'node:crypto';
import { type Movement, type Product, SPEC_TEXT, SUCCESS_TEXT } from '@walton/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { issue } from '../support/field-issues.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk, validProduct } from '../support/inventory.ts';
import { registeredRoutes } from '../support/route-log.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Every route the app registers is collected into registeredRoutes (for the authorisation matrix). */
vi.mock('fastify', async (importOriginal) => {
  const { withRouteLog } = await import('../support/route-log.ts');
  return withRouteLog(await importOriginal<typeof import('fastify')>());
});

/** Routes anyone may call. Anything else under /api must answer 401 without a session. */
const PUBLIC_API_ROUTES = [
  /^(GET|HEAD) \/api\/(health|ready|product|product\/:id|openapi\.json|auth-methods|warranty\/:serial|photos\/:id|photos\/:id\/thumbnail)$/,
  /^(GET|HEAD) \/api\/docs(\/.*)?$/,
  /^(GET|HEAD) \/api\/dev\/outbox$/,
  /^[A-Z]+ \/api\/auth\/\*$/,
];

const SIGN_IN_FIRST = 'Please sign in first';
const NOT_FOUND = 'This product does not exist or was deleted';

interface ErrorBody {
  statusCode: number;
  message: string;
  issues?: Array<{ path: string; message: string; code: string; params: Record<string, unknown> }>;
  product?: Product;
}

const errorOf = (response: LightMyRequestResponse) => response.json<ErrorBody>();

/** A word no other test's product names contain, to scope list and search assertions. */
const uniqueWord = () => `zq${randomBytes(4).toString('hex')}`;

describe.each(TEST_ENGINES)('inventory API on %s', (engine) => {
  let ctx: TestApp;
  let api: ApiRecorder;
  let alice: Clerk;
  let bob: Clerk;

  beforeAll(async () => {
    registeredRoutes.clear();
    ctx = await createTestApp(engine);
    api = new ApiRecorder(ctx.app);
    alice = await newClerk(ctx.app, 'Alice Supplier');
    bob = await newClerk(ctx.app, 'Bob Clerk');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const movementsOf = async (id: string, query = '') => {
    const response = await api.call('GET', '/api/product/:id/movements', {
      params: { id },
      query,
      headers: bob.session,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Movement[]>();
  };
  /** A signed-in read (anonymous ones leave out the supplier's email). */
  const read = async (id: string) =>
    (await ctx.app.inject({ url: `/api/product/${id}`, headers: alice.session })).json<Product>();

  describe('POST /api/productOrder', () => {
    it('adds the item as the signed-in supplier and records a created movement', async () => {
      const response = await api.call('POST', '/api/productOrder', {
        headers: alice.withToken,
        payload: validProduct(alice.email.toUpperCase(), { suplerName: 'Somebody Else', model: 'WSI-TEST' }),
      });
      expect(response.statusCode).toBe(201);
      const body = response.json<{ success: string; _id: string }>();
      expect(body).toEqual({ success: SUCCESS_TEXT.productAdded, _id: expect.any(String) });
      expect(response.headers.location).toBe(`/api/product/${body._id}`);

      const product = await read(body._id);
      expect(product).toMatchObject({
        _id: body._id,
        name: 'Walton WSI-TEST-12C 1 Ton Inverter AC',
        price: 58_900.5,
        quentity: 10,
        suplerName: 'Alice Supplier',
        email: alice.email.toLowerCase(),
        model: 'WSI-TEST',
        version: 1,
        deletedAt: null,
      });
      expect(await movementsOf(body._id)).toEqual([
        expect.objectContaining({
          reason: 'created',
          delta: 10,
          quantityAfter: 10,
          version: 1,
          actor: alice.email,
        }),
      ]);
    });

    it('accepts numeric strings from form inputs and keeps prices exact to the paisa', async () => {
      for (const [price, expected] of [
        ['19.99', 19.99],
        ['0.1', 0.1],
        [1_234_567.89, 1_234_567.89],
        ['99999999.99', 99_999_999.99],
        [0, 0],
      ] as const) {
        const product = await addProduct(ctx.app, alice, { price, quentity: '7' });
        expect(product.price).toBe(expected);
        expect(product.quentity).toBe(7);
      }
    });

    it('accepts the access token as a Bearer token too', async () => {
      const response = await api.call('POST', '/api/productOrder', {
        headers: { cookie: alice.cookie, authorization: `Bearer ${alice.token}` },
        payload: validProduct(alice.email),
      });
      expect(response.statusCode).toBe(201);
    });

    it('refuses a body that claims another supplier email', async () => {
      const response = await api.call('POST', '/api/productOrder', {
        headers: alice.withToken,
        payload: validProduct(bob.email),
      });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(
        `You can only add items as yourself: the supplier email must be ${alice.email}, the account you are signed in with.`,
      );
    });

    it('needs the access token of the signed-in user', async () => {
      const payload = validProduct(alice.email);
      const missing = await api.call('POST', '/api/productOrder', { headers: alice.session, payload });
      expect(missing.statusCode).toBe(401);
      expect(errorOf(missing).message).toBe(
        'Access token missing: send "authorization: {email} {accessToken}" from POST /api/login',
      );
      const forged = await api.call('POST', '/api/productOrder', {
        headers: { cookie: alice.cookie, authorization: `${alice.email} not-a-token` },
        payload,
      });
      expect(forged.statusCode).toBe(401);
      expect(errorOf(forged).message).toBe('Access token is invalid. Please sign in again.');
      const someoneElses = await api.call('POST', '/api/productOrder', {
        headers: { cookie: alice.cookie, authorization: `${alice.email} ${bob.token}` },
        payload,
      });
      expect(someoneElses.statusCode).toBe(403);
      expect(errorOf(someoneElses).message).toBe('This access token belongs to another account');
    });

    it.each([
      ['name', 'blank', { name: '   ' }, 'Required'],
      ['name', '201 characters', { name: 'x'.repeat(201) }, 'At most 200 characters'],
      [
        'img',
        'javascript:',
        { img: 'javascript:alert(1)' },
        'Must be an http(s) URL or a path under /images/',
      ],
      [
        'img',
        'data:',
        { img: 'data:image/png;base64,iVBORw0KGgo=' },
        'Must be an http(s) URL or a path under /images/',
      ],
      [
        'img',
        'escaping /images/',
        { img: '/images/../server/secrets' },
        'Must be an http(s) URL or a path under /images/',
      ],
      ['img', 'ftp:', { img: 'ftp://example.com/ac.png' }, 'Must be an http(s) URL or a path under /images/'],
      [
        'img',
        '2049 characters',
        { img: `https://example.com/${'a'.repeat(2030)}` },
        'At most 2048 characters',
      ],
      ['price', 'negative', { price: -1 }, 'Must not be negative'],
      ['price', '3 decimals', { price: 10.005 }, 'At most 2 decimals'],
      ['price', 'a decimal comma', { price: '12,50' }, 'Must be a number'],
      ['price', 'too high', { price: 100_000_000 }, 'At most 99999999.99'],
      ['quentity', 'a fraction', { quentity: 1.5 }, 'Must be a whole number'],
      ['quentity', 'a fraction as text', { quentity: '2.5' }, 'Must be a whole number'],
      ['quentity', 'negative', { quentity: -1 }, 'Must not be negative'],
      ['quentity', 'above a million', { quentity: 1_000_001 }, 'At most 1000000'],
      ['description', '5001 characters', { description: 'x'.repeat(5001) }, 'At most 5000 characters'],
      ['description', 'empty', { description: '' }, 'Required'],
      ['suplerName', 'missing', { suplerName: undefined }, 'Required'],
      ['email', 'not an address', { email: 'not-an-email' }, 'Must be an email address'],
      ['model', '201 characters', { model: 'x'.repeat(201) }, 'At most 200 characters'],
    ])('refuses %s: %s', async (field, _case, overrides, message) => {
      const response = await api.call('POST', '/api/productOrder', {
        headers: alice.withToken,
        payload: { ...validProduct(alice.email), ...overrides },
      });
      expect(response.statusCode).toBe(400);
      const body = errorOf(response);
      expect(body.issues).toEqual([issue(`body.${field}`, message)]);
      expect(body.message).toBe(`Invalid request: body.${field}: ${message}`);
    });

    it('refuses unknown fields', async () => {
      const response = await api.call('POST', '/api/productOrder', {
        headers: alice.withToken,
        payload: { ...validProduct(alice.email), _id: 'chosen-by-client' },
      });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe('Invalid request: body: Unrecognized key: "_id"');
    });

    it('refuses malformed JSON, other content types and oversized bodies with a clear 4xx', async () => {
      const malformed = await api.call('POST', '/api/productOrder', {
        headers: { ...alice.withToken, 'content-type': 'application/json' },
        payload: '{"name": "Walton',
      });
      expect(malformed.statusCode).toBe(400);
      expect(errorOf(malformed).message).toBe('The request body is not valid JSON');

      const form = await api.call('POST', '/api/productOrder', {
        headers: { ...alice.withToken, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'name=Walton',
      });
      expect(form.statusCode).toBe(415);
      expect(errorOf(form).message).toBe('Unsupported content type: send application/json');

      const huge = await api.call('POST', '/api/productOrder', {
        headers: { ...alice.withToken, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...validProduct(alice.email), description: 'x'.repeat(70_000) }),
      });
      expect(huge.statusCode).toBe(413);
      expect(errorOf(huge).message).toBe('The request body is too large');
    });
  });

  describe('GET /api/product', () => {
    it('pages through the live items with the total in X-Total-Count, sorted as asked', async () => {
      const word = uniqueWord();
      const added = [
        await addProduct(ctx.app, alice, { name: `${word} beta`, price: 300, quentity: 5 }),
        await addProduct(ctx.app, alice, { name: `${word.toUpperCase()} ALPHA`, price: 100, quentity: 9 }),
        await addProduct(ctx.app, alice, { name: `${word} gamma`, price: 200, quentity: 1 }),
      ];
      const names = async (query: string) => {
        const response = await api.call('GET', '/api/product', { query: `q=${word}&${query}` });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-total-count']).toBe('3');
        return response.json<Product[]>().map((product) => product.name.split(' ')[1]);
      };
      expect(await names('')).toEqual(['beta', 'ALPHA', 'gamma']);
      expect(await names('sort=created&order=desc')).toEqual(['gamma', 'ALPHA', 'beta']);
      expect(await names('sort=name')).toEqual(['ALPHA', 'beta', 'gamma']);
      expect(await names('sort=name&order=desc')).toEqual(['gamma', 'beta', 'ALPHA']);
      expect(await names('sort=price')).toEqual(['ALPHA', 'gamma', 'beta']);
      expect(await names('sort=quantity&order=desc')).toEqual(['ALPHA', 'beta', 'gamma']);
      expect(await names('limit=2&offset=1')).toEqual(['ALPHA', 'gamma']);
      expect(await names('limit=2&offset=3')).toEqual([]);

      const page = await api.call('GET', '/api/product', { query: 'limit=1' });
      const total = Number(page.headers['x-total-count']);
      expect(total).toBeGreaterThanOrEqual(added.length);
      expect(page.json()).toHaveLength(1);
      const everything = await api.call('GET', '/api/product', { query: 'limit=500' });
      expect(everything.json()).toHaveLength(total);
    });

    it('searches names case-insensitively, as substrings, with wildcards taken literally', async () => {
      const word = uniqueWord();
      const sale = await addProduct(ctx.app, alice, { name: `${word} 50% off_sale` });
      await addProduct(ctx.app, alice, { name: `${word} 500 offXsale` });
      const search = async (q: string) => {
        const response = await api.call('GET', '/api/product', { query: { q } });
        expect(response.statusCode).toBe(200);
        const items = response.json<Product[]>();
        expect(response.headers['x-total-count']).toBe(String(items.length));
        return items.map((item) => item._id);
      };
      expect(await search(`${word} 50%`)).toEqual([sale._id]);
      expect(await search(`${word.toUpperCase()} 50% OFF_`)).toEqual([sale._id]);
      expect(await search('f_s')).toEqual([sale._id]);
      expect(await search('%')).toEqual([sale._id]);
      expect(await search(word.slice(2, 8))).toHaveLength(2);
      expect(await search(`${word}-nothing`)).toEqual([]);
    });

    it('answers invalid query strings with 400 naming each field', async () => {
      for (const [query, path, message] of [
        ['limit=0', 'querystring.limit', 'Must be a whole number from 1 to 500'],
        ['limit=501', 'querystring.limit', 'Must be a whole number from 1 to 500'],
        ['limit=ten', 'querystring.limit', 'Must be a whole number from 1 to 500'],
        ['offset=-1', 'querystring.offset', 'Must be a whole number, 0 or more'],
        [
          'sort=popularity',
          'querystring.sort',
          'Invalid option: expected one of "created"|"name"|"price"|"quantity"',
        ],
        ['order=up', 'querystring.order', 'Invalid option: expected one of "asc"|"desc"'],
        ['deleted=yes', 'querystring.deleted', 'Invalid option: expected one of "true"|"false"'],
        [`q=${'x'.repeat(201)}`, 'querystring.q', 'At most 200 characters'],
        ['page=2', 'querystring', 'Unrecognized key: "page"'],
      ]) {
        const response = await api.call('GET', '/api/product', { query: query ?? '' });
        expect(response.statusCode, query).toBe(400);
        expect(errorOf(response).issues, query).toEqual([issue(path, message)]);
      }
    });
  });

  describe('GET /api/product/:id', () => {
    it('answers the item with its version as ETag', async () => {
      const product = await addProduct(ctx.app, alice);
      const response = await api.call('GET', '/api/product/:id', { params: { id: product._id } });
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toBe('"1"');
      // Read anonymously: everything but the supplier's email, which is for signed-in readers.
      const { email: _supplierEmail, ...anonymousView } = product;
      expect(response.json()).toEqual(anonymousView);
    });

    it('answers unknown and malformed ids with a JSON 404', async () => {
      for (const id of [randomUUID(), 'not-an-id', "1' or '1'='1"]) {
        const response = await api.call('GET', '/api/product/:id', { params: { id } });
        expect(response.statusCode).toBe(404);
        expect(errorOf(response)).toMatchObject({ statusCode: 404, message: NOT_FOUND });
      }
    });
  });

  describe('GET /api/productOrder', () => {
    it("lists one supplier's live items in the order they were added", async () => {
      const carol = await newClerk(ctx.app, 'Carol Supplier');
      const first = await addProduct(ctx.app, carol, { name: 'Carol first' });
      const second = await addProduct(ctx.app, carol, { name: 'Carol second' });
      await addProduct(ctx.app, alice, { name: 'Not Carol' });
      const response = await api.call('GET', '/api/productOrder', {
        query: { email: carol.email.toUpperCase() },
        headers: bob.session,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe('2');
      expect(response.json<Product[]>().map((product) => product._id)).toEqual([first._id, second._id]);
      const none = await api.call('GET', '/api/productOrder', {
        query: { email: 'nobody@example.com' },
        headers: bob.session,
      });
      expect(none.json()).toEqual([]);
    });

    it('needs a valid email', async () => {
      for (const [query, message] of [
        ['', 'Required'],
        ['email=carol', 'Must be an email address'],
      ]) {
        const response = await api.call('GET', '/api/productOrder', {
          query: query ?? '',
          headers: bob.session,
        });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).issues).toEqual([issue('querystring.email', message)]);
      }
    });
  });

  describe('PUT /api/product/:id (Delivered)', () => {
    const deliver = (id: string, newQuentity: unknown, headers: Record<string, string> = {}) =>
      api.call('PUT', '/api/product/:id', {
        params: { id },
        headers: { ...bob.session, ...headers },
        payload: { newQuentity },
      });

    it('takes one unit out, bumps the version and records the movement', async () => {
      const product = await addProduct(ctx.app, alice, { quentity: 3 });
      const first = await deliver(product._id, 2, { 'if-match': '"1"' });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ success: SUCCESS_TEXT.productDelivered, quentity: 2, version: 2 });
      const second = await deliver(product._id, '1');
      expect(second.json()).toEqual({ success: SUCCESS_TEXT.productDelivered, quentity: 1, version: 3 });

      const now = await ctx.app.inject({ url: `/api/product/${product._id}` });
      expect(now.headers.etag).toBe('"3"');
      expect(now.json()).toMatchObject({ quentity: 1, version: 3 });
      expect(await movementsOf(product._id)).toEqual([
        expect.objectContaining({
          reason: 'delivered',
          delta: -1,
          quantityAfter: 1,
          version: 3,
          actor: bob.email,
        }),
        expect.objectContaining({
          reason: 'delivered',
          delta: -1,
          quantityAfter: 2,
          version: 2,
          actor: bob.email,
        }),
        expect.objectContaining({ reason: 'created', delta: 3, quantityAfter: 3, version: 1 }),
      ]);
    });

    it('answers 409 with the current item when the number is not the current quantity minus one', async () => {
      const product = await addProduct(ctx.app, alice, { quentity: 8 });
      const stale = await deliver(product._id, 5);
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale)).toMatchObject({
        message: 'Someone changed this item a moment ago: it now has 8 in stock. Please check and try again.',
        product: { _id: product._id, quentity: 8, version: 1 },
      });
      const wrong = await deliver(product._id, 8, { 'if-match': '"1"' });
      expect(wrong.statusCode).toBe(409);
      expect(errorOf(wrong).message).toBe(
        'Delivered takes one unit at a time: with 8 in stock, the new quantity is 7.',
      );
      expect(await read(product._id)).toMatchObject({ quentity: 8, version: 1 });
    });

    it(`answers 409 "${SPEC_TEXT.noQuantity}" at zero and changes nothing`, async () => {
      const product = await addProduct(ctx.app, alice, { quentity: 1 });
      expect((await deliver(product._id, 0)).statusCode).toBe(200);
      for (const newQuentity of [-1, 0]) {
        const response = await deliver(product._id, newQuentity);
        expect(response.statusCode).toBe(409);
        expect(errorOf(response)).toMatchObject({
          message: 'Sorry No Quentity. Please Add quentity',
          product: { quentity: 0, version: 2 },
        });
      }
      expect(await read(product._id)).toMatchObject({ quentity: 0, version: 2 });
      expect(await movementsOf(product._id)).toHaveLength(2);
    });

    it('answers 412 with the current item when If-Match is stale, and changes nothing', async () => {
      const product = await addProduct(ctx.app, alice, { quentity: 5 });
      await deliver(product._id, 4);
      const response = await deliver(product._id, 3, { 'if-match': '"1"' });
      expect(response.statusCode).toBe(412);
      expect(errorOf(response)).toMatchObject({
        message: 'This item changed since you loaded it: it now has 4 in stock. Please check and try again.',
        product: { _id: product._id, quentity: 4, version: 2 },
      });
      expect(await read(product._id)).toMatchObject({ quentity: 4, version: 2 });
      expect((await deliver(product._id, 3, { 'if-match': '*' })).statusCode).toBe(200);
    });

    it('answers 404 for unknown and deleted items', async () => {
      const product = await addProduct(ctx.app, alice);
      await api.call('DELETE', '/api/product/:id', { params: { id: product._id }, headers: bob.session });
      for (const id of [randomUUID(), product._id]) {
        const response = await deliver(id, 9);
        expect(response.statusCode).toBe(404);
        expect(errorOf(response).message).toBe(NOT_FOUND);
      }
    });

    it('validates the body and If-Match', async () => {
      const product = await addProduct(ctx.app, alice);
      for (const [payload, path, message] of [
        [{ newQuentity: 'nine' }, 'body.newQuentity', 'Must be a whole number'],
        [{ newQuentity: 8.5 }, 'body.newQuentity', 'Must be a whole number'],
        [{ newQuentity: -2 }, 'body.newQuentity', 'Must not be below -1'],
        [{}, 'body.newQuentity', 'Required'],
        [{ newQuentity: 9, quentity: 9 }, 'body', 'Unrecognized key: "quentity"'],
      ] as const) {
        const response = await api.call('PUT', '/api/product/:id', {
          params: { id: product._id },
          headers: bob.session,
          payload,
        });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(errorOf(response).issues).toEqual([issue(path, message)]);
      }
      for (const ifMatch of ['1', 'W/"1"', '"one"']) {
        const response = await deliver(product._id, 9, { 'if-match': ifMatch });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).issues).toEqual([
          issue('headers.if-match', 'If-Match must be the ETag from GET /api/product/:id, like "3"'),
        ]);
      }
      expect(await read(product._id)).toMatchObject({ quentity: 10, version: 1 });
    });
  });

  describe('PUT /api/products/:id (restock)', () => {
    const restock = (id: string, newQuentity: unknown, headers: Record<string, string> = {}) =>
      api.call('PUT', '/api/products/:id', {
        params: { id },
        headers: { ...bob.session, ...headers },
        payload: { newQuentity },
      });

    it('sets a higher quantity and records the difference', async () => {
      const product = await addProduct(ctx.app, alice, { quentity: 4 });
      const response = await restock(product._id, '15', { 'if-match': '"1"' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: SUCCESS_TEXT.stockUpdated, quentity: 15, version: 2 });
      expect((await movementsOf(product._id))[0]).toMatchObject({
        reason: 'restocked',
        delta: 11,
        quantityAfter: 15,
        version: 2,
        actor: bob.email,
      });
    });

    it('answers 409 with the current item unless the new quantity is above the current one', async () => {
      const product = await addProduct(ctx.app, alice, { quentity: 6 });
      for (const newQuentity of [6, 2, 0]) {
        const response = await restock(product._id, newQuentity);
        expect(response.statusCode).toBe(409);
        expect(errorOf(response)).toMatchObject({
          message: 'The new quantity must be more than the 6 in stock. Please Add quentity again.',
          product: { quentity: 6, version: 1 },
        });
      }
      expect(await read(product._id)).toMatchObject({ quentity: 6, version: 1 });
    });

    it('answers 412 with the current item for a stale If-Match, and changes nothing', async () => {
      const product = await addProduct(ctx.app, alice, { quentity: 6 });
      expect((await restock(product._id, 10, { 'if-match': '"1"' })).statusCode).toBe(200);
      const stale = await restock(product._id, 11, { 'if-match': '"1"' });
      expect(stale.statusCode).toBe(412);
      expect(errorOf(stale)).toMatchObject({
        message: 'This item changed since you loaded it: it now has 10 in stock. Please check and try again.',
        product: { quentity: 10, version: 2 },
      });
      expect(await read(product._id)).toMatchObject({ quentity: 10, version: 2 });
      expect(await movementsOf(product._id)).toHaveLength(2);
    });

    it('answers 404 for unknown items and validates the body', async () => {
      const missing = await restock(randomUUID(), 5);
      expect(missing.statusCode).toBe(404);
      expect(errorOf(missing).message).toBe(NOT_FOUND);
      const product = await addProduct(ctx.app, alice);
      for (const [newQuentity, message] of [
        [-1, 'Must not be negative'],
        [1_000_001, 'At most 1000000'],
        ['lots', 'Must be a whole number'],
      ] as const) {
        const response = await restock(product._id, newQuentity);
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).issues).toEqual([issue('body.newQuentity', message)]);
      }
    });
  });

  describe('DELETE /api/product/:id, the trash and restore', () => {
    it('soft-deletes, lists the trash, restores, and records both in the ledger', async () => {
      const word = uniqueWord();
      const product = await addProduct(ctx.app, alice, { name: `${word} to trash`, quentity: 4 });
      const liveTotal = async () =>
        Number((await api.call('GET', '/api/product', { query: 'limit=1' })).headers['x-total-count']);
      const trash = async () => {
        const response = await api.call('GET', '/api/product', {
          query: `deleted=true&q=${word}`,
          headers: bob.session,
        });
        expect(response.statusCode).toBe(200);
        return response.json<Product[]>();
      };
      const liveBefore = await liveTotal();

      const removed = await api.call('DELETE', '/api/product/:id', {
        params: { id: product._id },
        headers: bob.session,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ deletedCount: 1 });
      const again = await api.call('DELETE', '/api/product/:id', {
        params: { id: product._id },
        headers: bob.session,
      });
      expect(again.json()).toEqual({ deletedCount: 0 });

      expect((await ctx.app.inject({ url: `/api/product/${product._id}` })).statusCode).toBe(404);
      expect(await liveTotal()).toBe(liveBefore - 1);
      expect((await api.call('GET', '/api/product', { query: { q: word } })).json()).toEqual([]);
      const trashed = await trash();
      expect(trashed).toEqual([
        expect.objectContaining({ _id: product._id, version: 2, deletedAt: expect.any(String) }),
      ]);
      const trashTotal = await api.call('GET', '/api/product', {
        query: 'deleted=true&limit=1',
        headers: bob.session,
      });
      expect(Number(trashTotal.headers['x-total-count'])).toBeGreaterThanOrEqual(1);

      const restored = await api.call('POST', '/api/product/:id/restore', {
        params: { id: product._id },
        headers: bob.session,
      });
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toEqual({ success: SUCCESS_TEXT.productRestored });
      expect(await read(product._id)).toMatchObject({ quentity: 4, version: 3, deletedAt: null });
      expect(await trash()).toEqual([]);
      expect(await liveTotal()).toBe(liveBefore);

      const ledger = await movementsOf(product._id);
      expect(ledger.map((movement) => [movement.reason, movement.delta, movement.quantityAfter])).toEqual([
        ['restored', 0, 4],
        ['deleted', 0, 4],
        ['created', 4, 4],
      ]);
    });

    it('answers 409 when restoring a live item and 404 for an unknown one', async () => {
      const product = await addProduct(ctx.app, alice);
      const live = await api.call('POST', '/api/product/:id/restore', {
        params: { id: product._id },
        headers: bob.session,
      });
      expect(live.statusCode).toBe(409);
      expect(errorOf(live)).toMatchObject({
        message: 'This product is not in the trash',
        product: { _id: product._id },
      });
      const unknown = await api.call('POST', '/api/product/:id/restore', {
        params: { id: randomUUID() },
        headers: bob.session,
      });
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown).message).toBe('No product has this id');
      const deleteUnknown = await api.call('DELETE', '/api/product/:id', {
        params: { id: randomUUID() },
        headers: bob.session,
      });
      expect(deleteUnknown.json()).toEqual({ deletedCount: 0 });
    });

    it('shows the trash to signed-in users only', async () => {
      const response = await api.call('GET', '/api/product', { query: 'deleted=true' });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(SIGN_IN_FIRST);
    });
  });

  describe('GET /api/product/:id/movements', () => {
    it('pages through the ledger newest first; the deltas always add up to the quantity', async () => {
      const product = await addProduct(ctx.app, alice, { quentity: 2 });
      const id = product._id;
      const change = (route: string, newQuentity: number) =>
        api.call('PUT', route, { params: { id }, headers: bob.session, payload: { newQuentity } });
      await change('/api/product/:id', 1);
      await change('/api/products/:id', 30);
      await change('/api/product/:id', 29);
      const page = await api.call('GET', '/api/product/:id/movements', {
        params: { id },
        query: 'limit=2&offset=1',
        headers: bob.session,
      });
      expect(page.headers['x-total-count']).toBe('4');
      expect(page.json<Movement[]>().map((movement) => movement.version)).toEqual([3, 2]);
      const all = await movementsOf(id);
      expect(all.map((movement) => movement.version)).toEqual([4, 3, 2, 1]);
      expect(all.reduce((sum, movement) => sum + movement.delta, 0)).toBe((await read(id)).quentity);
    });

    it('answers 404 for unknown items and 400 for a bad page', async () => {
      const unknown = await api.call('GET', '/api/product/:id/movements', {
        params: { id: randomUUID() },
        headers: bob.session,
      });
      expect(unknown.statusCode).toBe(404);
      const product = await addProduct(ctx.app, alice);
      const bad = await api.call('GET', '/api/product/:id/movements', {
        params: { id: product._id },
        query: 'limit=201',
        headers: bob.session,
      });
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad).issues).toEqual([
        issue('querystring.limit', 'Must be a whole number from 1 to 200'),
      ]);
    });
  });

  it('answers 401 without a session on every registered /api route that is not public', async () => {
    const routes = [...registeredRoutes].filter((route) => route.split(' ')[1]?.startsWith('/api'));
    expect(routes).toEqual(
      expect.arrayContaining(['PUT /api/product/:id', 'PUT /api/products/:id', 'GET /api/events']),
    );
    const answers: string[] = [];
    for (const route of routes) {
      const [method = 'GET', pattern = ''] = route.split(' ');
      const url = pattern.replace(/:\w+/g, randomUUID()).replace('*', 'get-session');
      const response = await ctx.app.inject({
        method: method as InjectOptions['method'],
        url,
        ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
      });
      const isPublic = PUBLIC_API_ROUTES.some((pattern) => pattern.test(route));
      const refused =
        response.statusCode === 401 && (method === 'HEAD' || errorOf(response).message === SIGN_IN_FIRST);
      if (refused === isPublic)
        answers.push(`${route} (${isPublic ? 'public' : 'protected'}): ${response.statusCode}`);
    }
    expect(answers).toEqual([]);
  });

  it('documents in OpenAPI every status these tests saw', async () => {
    await api.expectDocumented();
  });
});
