import {
  apiErrorText,
  EDIT_MESSAGES,
  type EditProductInput,
  fieldIssueText,
  type HistoryEntry,
  type Movement,
  type Product,
} from '@walton/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURSOR_ISSUES } from '../../src/products/cursor.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { issue } from '../support/field-issues.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const CLIENTS = 100;

describe.each(TEST_ENGINES)('editing an item, its history and revert on %s', (engine) => {
  let ctx: TestApp;
  let api: ApiRecorder;
  let rahim: Clerk;
  let karim: Clerk;

  beforeAll(async () => {
    ctx = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    api = new ApiRecorder(ctx.app);
    rahim = await newClerk(ctx.app, 'Rahim');
    karim = await newClerk(ctx.app, 'Karim');
  });
  afterAll(async () => {
    await api?.expectDocumented();
    await ctx?.close();
  });

  const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });
  const edit = (
    id: string,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
    clerk = rahim,
  ) =>
    api.call('PATCH', '/api/product/:id', {
      params: { id },
      headers: { ...clerk.session, ...headers },
      payload,
    });
  // Signed in, as the clerks who edit: anonymous reads leave out the supplier's email.
  const read = async (id: string) =>
    (await api.call('GET', '/api/product/:id', { params: { id }, headers: rahim.session })).json<Product>();
  const historyPage = (id: string, query: Record<string, string> = {}) =>
    api.call('GET', '/api/product/:id/history', { params: { id }, query, headers: rahim.session });
  const history = async (id: string) => {
    const response = await historyPage(id, { limit: '200' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HistoryEntry[]>();
  };
  const revert = (id: string, entryId: string, headers: Record<string, string> = {}) =>
    api.call('POST', '/api/product/:id/history/:entryId/revert', {
      params: { id, entryId },
      headers: { ...rahim.session, ...headers },
    });
  const stock = (method: 'PUT' | 'DELETE' | 'POST', route: string, id: string, payload?: unknown) =>
    api.call(method, route, { params: { id }, headers: rahim.session, ...(payload ? { payload } : {}) });

  const edits: Array<
    [string, EditProductInput, Partial<Product>, { from: string | null; to: string | null }]
  > = [
    [
      'name',
      { name: '  Walton WSI-EDITED 2 Ton AC ' },
      { name: 'Walton WSI-EDITED 2 Ton AC' },
      {
        from: 'Walton WSI-TEST-12C 1 Ton Inverter AC',
        to: 'Walton WSI-EDITED 2 Ton AC',
      },
    ],
    [
      'img',
      { img: 'https://cdn.example.com/ac.png' },
      { img: 'https://cdn.example.com/ac.png' },
      {
        from: '/images/products/split-inverter-white.svg',
        to: 'https://cdn.example.com/ac.png',
      },
    ],
    ['price', { price: '47500.1' }, { price: 47_500.1 }, { from: '58900.50', to: '47500.10' }],
    [
      'description',
      { description: 'Quieter.' },
      { description: 'Quieter.' },
      {
        from: 'A test air conditioner.',
        to: 'Quieter.',
      },
    ],
    ['model', { model: 'WSI-2024' }, { model: 'WSI-2024' }, { from: null, to: 'WSI-2024' }],
    ['ram', { ram: '1.5 Ton' }, { ram: '1.5 Ton' }, { from: null, to: '1.5 Ton' }],
    ['hdd', { hdd: 'Copper' }, { hdd: 'Copper' }, { from: null, to: 'Copper' }],
    ['display', { display: 'LED' }, { display: 'LED' }, { from: null, to: 'LED' }],
    [
      'prosesor',
      { prosesor: 'Wi-Fi controller' },
      { prosesor: 'Wi-Fi controller' },
      {
        from: null,
        to: 'Wi-Fi controller',
      },
    ],
  ];

  it.each(edits)(
    'edits %s alone, answers the new ETag and records old and new value',
    async (field, payload, expected, values) => {
      const product = await addProduct(ctx.app, rahim);
      const response = await edit(product._id, payload, ifMatch(product.version));
      expect(response.statusCode, response.body).toBe(200);
      const updated = response.json<Product>();
      expect(updated).toMatchObject({
        ...expected,
        version: product.version + 1,
        quentity: product.quentity,
      });
      expect(response.headers.etag).toBe(`"${product.version + 1}"`);
      expect(await read(product._id)).toEqual(updated);
      const [latest] = await history(product._id);
      expect(latest).toMatchObject({
        kind: 'edited',
        version: product.version + 1,
        actor: rahim.email,
        actorName: 'Rahim',
        delta: 0,
        quantityAfter: product.quentity,
        changes: [{ field, ...values }],
      });
    },
  );

  it('edits several fields at once, lists them in one entry, and clears an optional field with ""', async () => {
    const product = await addProduct(ctx.app, rahim, { model: 'OLD-1' });
    const response = await edit(
      product._id,
      { model: '', price: 0.3, name: 'Renamed' },
      ifMatch(product.version),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Product>().model).toBeUndefined();
    const [latest] = await history(product._id);
    expect(latest?.changes).toEqual([
      { field: 'name', from: product.name, to: 'Renamed' },
      { field: 'price', from: '58900.50', to: '0.30' },
      { field: 'model', from: 'OLD-1', to: null },
    ]);
  });

  it('validates an edit with the same rules and messages as adding', async () => {
    const product = await addProduct(ctx.app, rahim);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ price: 'abc' }, 'price', 'Must be a number'],
      [{ price: 1.234 }, 'price', 'At most 2 decimals'],
      [{ price: -1 }, 'price', 'Must not be negative'],
      [{ name: '   ' }, 'name', 'Required'],
      [{ name: 'x'.repeat(201) }, 'name', 'At most 200 characters'],
      [{ img: 'javascript:alert(1)' }, 'img', 'Must be an http(s) URL or a path under /images/'],
      [{ model: 7 }, 'model', 'Must be text'],
    ];
    for (const [payload, path, message] of cases) {
      const response = await edit(product._id, payload, ifMatch(product.version));
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().issues).toContainEqual(issue(`body.${path}`, message));
    }
    const empty = await edit(product._id, {}, ifMatch(product.version));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(EDIT_MESSAGES.empty);
    const unknown = await edit(product._id, { colour: 'red' }, ifMatch(product.version));
    expect(unknown.statusCode).toBe(400);
    expect((await read(product._id)).version).toBe(product.version);
  });

  it('refuses quantity and supplier fields with a message saying why', async () => {
    const product = await addProduct(ctx.app, rahim);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ quentity: 99 }, 'quentity', EDIT_MESSAGES.quantity],
      [{ suplerName: 'Someone', name: 'X' }, 'suplerName', EDIT_MESSAGES.supplier],
      [{ email: karim.email }, 'email', EDIT_MESSAGES.supplier],
    ];
    for (const [payload, path, message] of cases) {
      const response = await edit(product._id, payload, ifMatch(product.version));
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
      expect(response.json().issues).toContainEqual(issue(`body.${path}`, message));
    }
    const after = await read(product._id);
    expect(after).toEqual(product);
  });

  it('needs If-Match (428), refuses a stale one with 412 and the item as it is now', async () => {
    const product = await addProduct(ctx.app, rahim);
    for (const headers of [{}, { 'if-match': '*' }] as Array<Record<string, string>>) {
      const response = await edit(product._id, { name: 'No version' }, headers);
      expect(response.statusCode).toBe(428);
      expect(response.json().message).toBe(apiErrorText('PRECONDITION_REQUIRED'));
    }
    const first = await edit(product._id, { name: 'First' }, ifMatch(product.version), karim);
    expect(first.statusCode).toBe(200);
    const stale = await edit(product._id, { description: 'Second' }, ifMatch(product.version));
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toMatchObject({
      statusCode: 412,
      message: apiErrorText('EDITED_MEANWHILE'),
      product: { _id: product._id, name: 'First', version: product.version + 1 },
    });
    expect((await read(product._id)).description).toBe(product.description);
    const missing = await edit('no-such-item', { name: 'X' }, ifMatch(1));
    expect(missing.statusCode).toBe(404);
  });

  it('changes no version and writes no history for an edit that changes nothing', async () => {
    const product = await addProduct(ctx.app, rahim, { model: 'M1' });
    const before = await history(product._id);
    const response = await edit(
      product._id,
      { name: product.name, price: product.price, model: 'M1', ram: '' },
      ifMatch(product.version),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers.etag).toBe(`"${product.version}"`);
    expect(response.json()).toEqual(product);
    expect(await read(product._id)).toEqual(product);
    expect(await history(product._id)).toEqual(before);
  });

  it('keeps one history of all seven kinds, newest first, with exact amounts', async () => {
    const product = await addProduct(ctx.app, rahim, { price: 45_000, quentity: 3 });
    const edited = await edit(product._id, { price: 47_500.5 }, ifMatch(product.version), karim);
    expect(edited.statusCode).toBe(200);
    expect((await stock('PUT', '/api/product/:id', product._id, { newQuentity: 2 })).statusCode).toBe(200);
    expect((await stock('PUT', '/api/products/:id', product._id, { newQuentity: 7 })).statusCode).toBe(200);
    expect((await stock('DELETE', '/api/product/:id', product._id)).statusCode).toBe(200);
    expect((await stock('POST', '/api/product/:id/restore', product._id)).statusCode).toBe(200);
    const entries = await history(product._id);
    const editEntry = entries.find((entry) => entry.kind === 'edited');
    if (!editEntry) throw new Error('no edit entry');
    const reverted = await revert(product._id, editEntry.id, ifMatch(6));
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json<Product>()).toMatchObject({ price: 45_000, version: 7, quentity: 7 });
    expect(reverted.headers.etag).toBe('"7"');

    const all = await history(product._id);
    expect(
      all.map(({ kind, version, delta, quantityAfter, actorName }) => ({
        kind,
        version,
        delta,
        quantityAfter,
        actorName,
      })),
    ).toEqual([
      { kind: 'reverted', version: 7, delta: 0, quantityAfter: 7, actorName: 'Rahim' },
      { kind: 'restored', version: 6, delta: 0, quantityAfter: 7, actorName: 'Rahim' },
      { kind: 'deleted', version: 5, delta: 0, quantityAfter: 7, actorName: 'Rahim' },
      { kind: 'restocked', version: 4, delta: 5, quantityAfter: 7, actorName: 'Rahim' },
      { kind: 'delivered', version: 3, delta: -1, quantityAfter: 2, actorName: 'Rahim' },
      { kind: 'edited', version: 2, delta: 0, quantityAfter: 3, actorName: 'Karim' },
      { kind: 'created', version: 1, delta: 3, quantityAfter: 3, actorName: 'Rahim' },
    ]);
    expect(all[0]).toMatchObject({
      revertOf: editEntry.id,
      changes: [{ field: 'price', from: '47500.50', to: '45000.00' }],
    });
    expect(all[5]?.changes).toEqual([{ field: 'price', from: '45000.00', to: '47500.50' }]);
    expect(
      all
        .filter((entry) => entry.kind !== 'edited' && entry.kind !== 'reverted')
        .every((entry) => entry.changes.length === 0),
    ).toBe(true);

    // The stock ledger answers as before: its own kinds only.
    const movements = await api.call('GET', '/api/product/:id/movements', {
      params: { id: product._id },
      headers: rahim.session,
    });
    expect(movements.headers['x-total-count']).toBe('5');
    expect(movements.json<Movement[]>().map((movement) => [movement.reason, movement.version])).toEqual([
      ['restored', 6],
      ['deleted', 5],
      ['restocked', 4],
      ['delivered', 3],
      ['created', 1],
    ]);
    // Named as the history names them: by name, the email beside it.
    expect(movements.json<Movement[]>().map(({ actor, actorName }) => [actor, actorName])).toEqual(
      Array.from({ length: 5 }, () => [rahim.email, 'Rahim']),
    );
  });

  it('reverts only an edit whose fields still hold what it set, and says which moved on', async () => {
    const product = await addProduct(ctx.app, rahim);
    await edit(product._id, { price: 100, name: 'Second name', ram: '2 Ton' }, ifMatch(1));
    await edit(product._id, { price: 200 }, ifMatch(2));
    const [priceAgain, first, created] = await history(product._id);
    if (!first || !priceAgain || !created) throw new Error('missing entries');

    const refused = await revert(product._id, first.id, ifMatch(3));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: apiErrorText('EDIT_MOVED_ON', { fields: 'price' }),
      fields: ['price'],
      product: { price: 200, version: 3 },
    });
    expect((await revert(product._id, created.id, ifMatch(3))).json()).toMatchObject({
      statusCode: 409,
      message: apiErrorText('NOT_AN_EDIT'),
    });
    const unknown = await revert(product._id, 'no-such-entry', ifMatch(3));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(apiErrorText('HISTORY_ENTRY_NOT_FOUND'));
    expect((await revert(product._id, first.id)).statusCode).toBe(428);
    expect((await revert(product._id, priceAgain.id, ifMatch(2))).statusCode).toBe(412);

    const undone = await revert(product._id, priceAgain.id, ifMatch(3));
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<Product>()).toMatchObject({ price: 100, version: 4 });
    // Now every field of the first edit holds what it set again: it can be reverted too.
    const both = await revert(product._id, first.id, ifMatch(4));
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json<Product>()).toMatchObject({ price: product.price, name: product.name, version: 5 });
    expect(both.json<Product>().ram).toBeUndefined();
    expect((await history(product._id)).map((entry) => entry.kind)).toEqual([
      'reverted',
      'reverted',
      'edited',
      'edited',
      'created',
    ]);
  });

  it('pages the history by cursor, newest first, as X-Next-Cursor and Link say', async () => {
    const product = await addProduct(ctx.app, rahim, { quentity: 0 });
    for (let n = 1; n <= 24; n += 1) {
      const response =
        n % 2
          ? await stock('PUT', '/api/products/:id', product._id, { newQuentity: n })
          : await edit(product._id, { description: `Edit ${n}` }, ifMatch(n));
      expect(response.statusCode, response.body).toBe(200);
    }
    const all = await history(product._id);
    expect(all.map((entry) => entry.version)).toEqual(Array.from({ length: 25 }, (_, i) => 25 - i));

    const seen: HistoryEntry[] = [];
    let response: LightMyRequestResponse = await historyPage(product._id, { limit: '10' });
    for (;;) {
      expect(response.statusCode, response.body).toBe(200);
      seen.push(...response.json<HistoryEntry[]>());
      const next = response.headers['x-next-cursor'];
      if (typeof next !== 'string') {
        expect(response.headers.link).toBeUndefined();
        break;
      }
      expect(response.headers.link).toBe(
        `</api/product/${product._id}/history?limit=10&after=${next}>; rel="next"`,
      );
      response = await historyPage(product._id, { limit: '10', after: next });
    }
    expect(seen).toEqual(all);

    for (const after of ['not-a-cursor', Buffer.from('{"before":"x"}').toString('base64url')]) {
      const bad = await historyPage(product._id, { after });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(fieldIssueText(CURSOR_ISSUES.malformed));
    }
    expect((await historyPage('no-such-item')).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ url: `/api/product/${product._id}/history` });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`lets exactly one of ${CLIENTS} edits from the same stale version through`, async () => {
    const product = await addProduct(ctx.app, rahim);
    const clerks = [rahim, karim];
    const responses = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        edit(product._id, { name: `Racer ${i}` }, ifMatch(product.version), clerks[i % 2]),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 412)).toHaveLength(CLIENTS - 1);
    const winner = responses.find((response) => response.statusCode === 200)?.json<Product>();
    const after = await read(product._id);
    expect(after).toEqual(winner);
    expect(after.version).toBe(product.version + 1);
    const edits = (await history(product._id)).filter((entry) => entry.kind === 'edited');
    expect(edits).toHaveLength(1);
    expect(edits[0]?.changes).toEqual([{ field: 'name', from: product.name, to: after.name }]);
  });
});
