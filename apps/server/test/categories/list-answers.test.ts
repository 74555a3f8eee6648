import type { Category, Product } from '@walton/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { airConditionerTemplate } from './air-conditioner-template.ts';

/** The values of the category's item: one of each type. */
const VALUES = { capacity_ton: 1.5, inverter: true, type: 'split', refrigerant: 'R32' };

/**
 * A list answers an item's `category` and `attributes` only when it is one category's: the home list
 * and every other page of items leave them out, the item's own answer keeps them.
 */
describe.each(TEST_ENGINES)("list answers and an item's category on %s", (engine) => {
  let test: TestApp;
  let api: ApiRecorder;
  let clerk: Clerk;
  let category: Category;
  let inCategory: Product;
  let plain: Product;
  /** The ids of the items of the category, the one in the trash too: a list that shows none tells nothing. */
  const ofCategory: string[] = [];

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    api = new ApiRecorder(test.app);
    clerk = await newClerk(test.app);
    const created = await api.call('POST', '/api/categories', {
      headers: clerk.session,
      payload: airConditionerTemplate('Listed AC', 'তালিকার এসি'),
    });
    expect(created.statusCode, created.body).toBe(201);
    category = created.json<Category>();
    inCategory = await addProduct(test.app, clerk, {
      name: 'Listed AC one',
      price: 50_000,
      lowStockThreshold: 20,
      category: category.id,
      attributes: VALUES,
    });
    const two = await addProduct(test.app, clerk, {
      name: 'Listed AC two',
      price: 60_000,
      category: category.id,
      attributes: VALUES,
    });
    plain = await addProduct(test.app, clerk, { name: 'Listed AC plain', price: 55_000 });
    // A deleted item of the category: the trash is a list like the others.
    const trashed = await addProduct(test.app, clerk, {
      name: 'Listed AC trashed',
      category: category.id,
      attributes: VALUES,
    });
    const deleted = await api.call('DELETE', '/api/product/:id', {
      params: { id: trashed._id },
      headers: clerk.withToken,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    ofCategory.push(inCategory._id, two._id, trashed._id);
  });
  afterAll(async () => {
    await api?.expectDocumented();
    await test?.close();
  });

  const items = (answer: LightMyRequestResponse) => {
    expect(answer.statusCode, answer.body).toBe(200);
    const listed = answer.json<Product[]>();
    expect(listed.length).toBeGreaterThan(0);
    return listed;
  };
  const list = async (query: Record<string, string>, signedIn = true) =>
    items(await api.call('GET', '/api/product', { query, ...(signedIn ? { headers: clerk.session } : {}) }));

  /** The keys of the catalogue that a list's items carry. */
  const catalogueKeys = (listed: Product[]) =>
    listed.flatMap((item) => ['category', 'attributes'].filter((key) => Object.hasOwn(item, key)));

  it('the item itself answers its category and attributes', async () => {
    const read = await api.call('GET', '/api/product/:id', { params: { id: inCategory._id } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Product>()).toMatchObject({ category: category.id, attributes: VALUES });
  });

  it.each([
    ['the home list, signed out', {}, false],
    ['the home list, signed in', {}, true],
    ['a search', { q: 'listed' }, true],
    ['a page by offset', { q: 'listed', sort: 'price', limit: '1', offset: '2' }, true],
    ['the low-stock items', { lowStock: 'true' }, true],
    ["one location's items", { location: 'main' }, true],
    ['the trash', { deleted: 'true' }, true],
  ] as const)('leaves them out of %s', async (_, query, signedIn) => {
    const listed = await list(query, signedIn);
    expect(listed.some((item) => ofCategory.includes(item._id))).toBe(true);
    expect(catalogueKeys(listed)).toEqual([]);
  });

  it('leaves them out of the page a cursor names', async () => {
    const first = await api.call('GET', '/api/product', {
      query: { sort: 'name', order: 'asc', q: 'listed', limit: '1' },
      headers: clerk.session,
    });
    const after = first.headers['x-next-cursor'];
    expect(typeof after).toBe('string');
    const next = await list({ sort: 'name', order: 'asc', q: 'listed', limit: '5', after: String(after) });
    expect(next.map((item) => item.name)).toEqual(['Listed AC plain', 'Listed AC two']);
    expect(catalogueKeys([...items(first), ...next])).toEqual([]);
  });

  it("leaves them out of a supplier's items", async () => {
    const listed = items(
      await api.call('GET', '/api/productOrder', { query: { email: clerk.email }, headers: clerk.withToken }),
    );
    expect(listed.map((item) => item._id)).toContain(inCategory._id);
    expect(catalogueKeys(listed)).toEqual([]);
  });

  it.each([
    ['signed out', {}, false],
    ['signed in', {}, true],
    ['with a filter by attribute and a search', { 'attr.type': 'split', q: 'listed' }, true],
  ] as const)('answers them in a list of one category, %s', async (_, query, signedIn) => {
    const listed = await list({ category: category.id, sort: 'price', ...query }, signedIn);
    expect(
      listed.map((item) => ({ name: item.name, category: item.category, attributes: item.attributes })),
    ).toEqual([
      { name: 'Listed AC one', category: category.id, attributes: VALUES },
      { name: 'Listed AC two', category: category.id, attributes: VALUES },
    ]);
  });

  it('answers them on the page of one category a cursor names', async () => {
    const query = { category: category.id, sort: 'price', limit: '1' };
    const first = await api.call('GET', '/api/product', { query, headers: clerk.session });
    const after = first.headers['x-next-cursor'];
    expect(typeof after).toBe('string');
    const [second] = await list({ ...query, after: String(after) });
    expect(second).toMatchObject({ name: 'Listed AC two', category: category.id, attributes: VALUES });
  });

  it('lists an item of no category without them, in any list', async () => {
    const [read] = await list({ q: 'plain' });
    expect(read?._id).toBe(plain._id);
    expect(read).not.toHaveProperty('category');
    expect(read).not.toHaveProperty('attributes');
  });
});
