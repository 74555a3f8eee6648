import type { Category, Product } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { airConditionerTemplate } from './air-conditioner-template.ts';

/** Items of one category, each with a price that orders them, and the values the filters pick from. */
const ITEMS = [
  {
    name: 'Filter AC A',
    price: 50_000,
    attributes: { capacity_ton: 1, inverter: true, type: 'split', refrigerant: 'R32' },
  },
  {
    name: 'Filter AC B',
    price: 60_000,
    attributes: { capacity_ton: 1.5, inverter: true, type: 'split', refrigerant: 'R32' },
  },
  {
    name: 'Filter AC C',
    price: 70_000,
    attributes: { capacity_ton: 1.5, inverter: false, type: 'window', refrigerant: 'R22' },
  },
  { name: 'Filter AC D', price: 80_000, attributes: { capacity_ton: 2, inverter: true, type: 'split' } },
  {
    name: 'Filter AC E',
    price: 90_000,
    attributes: { capacity_ton: 2.5, inverter: false, type: 'cassette' },
  },
] as const;

describe.each(TEST_ENGINES)('lists filtered by category and attributes on %s', (engine) => {
  let test: TestApp;
  let api: ApiRecorder;
  let clerk: Clerk;
  let category: Category;

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    api = new ApiRecorder(test.app);
    clerk = await newClerk(test.app);
    const created = await api.call('POST', '/api/categories', {
      headers: clerk.session,
      payload: airConditionerTemplate('Filtered AC', 'ফিল্টার এসি'),
    });
    expect(created.statusCode, created.body).toBe(201);
    category = created.json<Category>();
    for (const item of ITEMS) await addProduct(test.app, clerk, { ...item, category: category.id });
    // An item of no category with the same name words: a filter by category leaves it out.
    await addProduct(test.app, clerk, { name: 'Filter AC without category', price: 55_000 });
  });
  afterAll(async () => {
    await api?.expectDocumented();
    await test?.close();
  });

  const list = async (query: Record<string, string>) => {
    const answer = await api.call('GET', '/api/product', {
      query: { sort: 'price', ...query },
      headers: clerk.session,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return {
      names: answer.json<Product[]>().map((item) => item.name.replace('Filter AC ', '')),
      total: answer.headers['x-total-count'],
      next: answer.headers['x-next-cursor'] as string | undefined,
      link: answer.headers.link as string | undefined,
    };
  };
  const names = async (query: Record<string, string>) => (await list(query)).names;

  it('lists one category, with its total', async () => {
    expect(await list({ category: category.id })).toMatchObject({
      names: ['A', 'B', 'C', 'D', 'E'],
      total: '5',
    });
  });

  it('filters by a choice, a boolean and a text', async () => {
    expect(await names({ category: category.id, 'attr.type': 'split' })).toEqual(['A', 'B', 'D']);
    expect(await names({ category: category.id, 'attr.inverter': 'false' })).toEqual(['C', 'E']);
    expect(await names({ category: category.id, 'attr.refrigerant': 'R32' })).toEqual(['A', 'B']);
    expect(
      await names({
        category: category.id,
        'attr.type': 'split',
        'attr.inverter': 'true',
        'attr.refrigerant': 'R32',
      }),
    ).toEqual(['A', 'B']);
  });

  it('filters numbers by a value and by ranges, open at either end', async () => {
    expect(await names({ category: category.id, 'attr.capacity_ton': '1.5' })).toEqual(['B', 'C']);
    expect(await names({ category: category.id, 'attr.capacity_ton': '1..1.5' })).toEqual(['A', 'B', 'C']);
    expect(await names({ category: category.id, 'attr.capacity_ton': '2..' })).toEqual(['D', 'E']);
    expect(await names({ category: category.id, 'attr.capacity_ton': '..1' })).toEqual(['A']);
    expect(await names({ category: category.id, 'attr.capacity_ton': '1.2..1.4' })).toEqual([]);
  });

  it('pages a filtered list by cursor and by offset, in the order asked for, with the filter in the next link', async () => {
    const query = { category: category.id, 'attr.capacity_ton': '1..2', limit: '2', order: 'desc' };
    const first = await list(query);
    expect(first).toMatchObject({ names: ['D', 'C'], total: '4' });
    expect(first.link).toContain('attr.capacity_ton=1..2');
    const second = await list({ ...query, after: first.next ?? '' });
    expect(second.names).toEqual(['B', 'A']);
    expect(second.next).toBeUndefined();
    expect(await names({ ...query, offset: '2' })).toEqual(['B', 'A']);
    expect(await names({ ...query, q: 'filter', offset: '1' })).toEqual(['C', 'B']);
  });

  it.each([
    ['a filter without the category', false, { 'attr.type': 'split' }, 'ATTRIBUTE_FILTER_NEEDS_CATEGORY'],
    ['a key the category does not have', true, { 'attr.colour': 'white' }, 'ATTRIBUTE_FILTER_UNKNOWN'],
    ['a number that is not one', true, { 'attr.capacity_ton': 'big' }, 'ATTRIBUTE_FILTER_BAD_VALUE'],
    ['a range upside down', true, { 'attr.capacity_ton': '2..1' }, 'ATTRIBUTE_FILTER_BAD_VALUE'],
    ['a boolean that is not one', true, { 'attr.inverter': 'yes' }, 'ATTRIBUTE_FILTER_BAD_VALUE'],
    ['a choice not an option', true, { 'attr.type': 'tower' }, 'ATTRIBUTE_FILTER_BAD_VALUE'],
    ['an unknown category', false, { category: 'nope' }, 'UNKNOWN_CATEGORY'],
  ])('refuses %s with a 400 and its code', async (_, ofTheCategory, filters, code) => {
    const query = { ...(ofTheCategory ? { category: category.id } : {}), ...filters };
    const answer = await api.call('GET', '/api/product', { query, headers: clerk.session });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code });
  });

  it('still refuses a query field it does not know, naming it', async () => {
    const answer = await api.call('GET', '/api/product', {
      query: { sortt: 'name' },
      headers: clerk.session,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('sortt');
  });
});
