import type { Category, HistoryEntry, Product } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk, validProduct } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { airConditionerTemplate } from './air-conditioner-template.ts';

/** The air conditioner's template: one attribute of each type, two of them required. */
const AIR_CONDITIONER = airConditionerTemplate('Test air conditioner', 'পরীক্ষার এয়ার কন্ডিশনার');

describe.each(TEST_ENGINES)('categories and the attributes of items on %s', (engine) => {
  let test: TestApp;
  let api: ApiRecorder;
  let clerk: Clerk;
  let category: Category;

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    api = new ApiRecorder(test.app);
    clerk = await newClerk(test.app, 'Rahim');
    const created = await api.call('POST', '/api/categories', {
      headers: clerk.session,
      payload: AIR_CONDITIONER,
    });
    expect(created.statusCode, created.body).toBe(201);
    category = created.json<Category>();
  });
  afterAll(async () => {
    await api?.expectDocumented();
    await test?.close();
  });

  const create = (payload: Record<string, unknown>) =>
    api.call('POST', '/api/productOrder', {
      headers: clerk.withToken,
      payload: { ...validProduct(clerk.email), ...payload },
    });
  const refusal = (answer: { statusCode: number; json: () => unknown }) => ({
    status: answer.statusCode,
    ...(answer.json() as { code: string; params?: Record<string, unknown> }),
  });

  it('keeps the names in both languages and the template, and refuses a second category of the same name', async () => {
    const read = await api.call('GET', '/api/categories/:id', {
      params: { id: category.id },
      headers: clerk.session,
    });
    expect(read.json<Category>()).toEqual({ ...AIR_CONDITIONER, id: category.id, version: 1 });
    const again = await api.call('POST', '/api/categories', {
      headers: clerk.session,
      payload: { ...AIR_CONDITIONER, nameEn: ' test AIR conditioner ' },
    });
    expect(refusal(again)).toMatchObject({ status: 409, code: 'CATEGORY_NAME_TAKEN' });
    const listed = await api.call('GET', '/api/categories', { headers: clerk.session });
    expect(listed.json<Category[]>().map((each) => each.id)).toContain(category.id);
    const missing = await api.call('GET', '/api/categories/:id', {
      params: { id: 'nope' },
      headers: clerk.session,
    });
    expect(refusal(missing)).toMatchObject({ status: 404, code: 'NO_SUCH_CATEGORY' });
  });

  it('refuses a choice without options and a key used twice', async () => {
    const noOptions = await api.call('POST', '/api/categories', {
      headers: clerk.session,
      payload: {
        nameEn: 'Fan',
        nameBn: 'ফ্যান',
        attributes: [{ key: 'size', labelEn: 'Size', labelBn: 'আকার', type: 'choice', required: false }],
      },
    });
    expect(noOptions.statusCode).toBe(400);
    expect(noOptions.body).toContain('CHOICE_NEEDS_OPTIONS');
    const twice = await api.call('POST', '/api/categories', {
      headers: clerk.session,
      payload: {
        nameEn: 'Fan',
        nameBn: 'ফ্যান',
        attributes: [AIR_CONDITIONER.attributes[1], AIR_CONDITIONER.attributes[1]],
      },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('ATTRIBUTE_KEY_REPEATED');
  });

  it('adds an item with values of each type, and answers them as sent', async () => {
    const product = await addProduct(test.app, clerk, {
      category: category.id,
      attributes: { type: 'split', capacity_ton: 1.5, inverter: true, refrigerant: 'R32' },
    });
    expect(product).toMatchObject({
      category: category.id,
      attributes: { capacity_ton: 1.5, inverter: true, refrigerant: 'R32', type: 'split' },
    });
    const plain = await addProduct(test.app, clerk, {});
    expect(plain).not.toHaveProperty('category');
    expect(plain).not.toHaveProperty('attributes');
  });

  it.each([
    [
      'a number as text',
      { capacity_ton: '1.5', type: 'split' },
      'ATTRIBUTE_WRONG_TYPE',
      { key: 'capacity_ton', type: 'number' },
    ],
    [
      'a boolean as text',
      { capacity_ton: 1, type: 'split', inverter: 'yes' },
      'ATTRIBUTE_WRONG_TYPE',
      { key: 'inverter', type: 'boolean' },
    ],
    [
      'text as a number',
      { capacity_ton: 1, type: 'split', refrigerant: 32 },
      'ATTRIBUTE_WRONG_TYPE',
      { key: 'refrigerant', type: 'text' },
    ],
    [
      'a choice not an option',
      { capacity_ton: 1, type: 'tower' },
      'ATTRIBUTE_NOT_AN_OPTION',
      { key: 'type' },
    ],
    ['a required value missing', { type: 'split' }, 'ATTRIBUTE_REQUIRED', { key: 'capacity_ton' }],
    [
      'an unknown key',
      { capacity_ton: 1, type: 'split', colour: 'white' },
      'ATTRIBUTE_UNKNOWN',
      { key: 'colour' },
    ],
  ])(
    'refuses %s with a 400 naming the attribute, and stores nothing',
    async (_, attributes, code, params) => {
      const name = `Refused ${code} ${Object.keys(attributes).join(' ')}`;
      const answer = await create({ name, category: category.id, attributes });
      expect(refusal(answer)).toMatchObject({ status: 400, code, params });
      const found = await api.call('GET', '/api/product', { query: { q: name }, headers: clerk.session });
      expect(found.json<Product[]>()).toEqual([]);
    },
  );

  it('refuses attributes without a category, and an unknown category', async () => {
    expect(refusal(await create({ attributes: { capacity_ton: 1 } }))).toMatchObject({
      status: 400,
      code: 'ATTRIBUTES_WITHOUT_CATEGORY',
    });
    expect(refusal(await create({ category: 'nope' }))).toMatchObject({
      status: 400,
      code: 'UNKNOWN_CATEGORY',
      params: { id: 'nope' },
    });
  });

  it('edits attributes through the change path: judged, in the history, and reverted', async () => {
    const product = await addProduct(test.app, clerk, {
      category: category.id,
      attributes: { capacity_ton: 1, type: 'window' },
    });
    const edit = (payload: Record<string, unknown>, version: number) =>
      api.call('PATCH', '/api/product/:id', {
        params: { id: product._id },
        headers: { ...clerk.session, 'if-match': `"${version}"` },
        payload,
      });
    const wrong = await edit({ attributes: { capacity_ton: 'big', type: 'window' } }, product.version);
    expect(refusal(wrong)).toMatchObject({
      status: 400,
      code: 'ATTRIBUTE_WRONG_TYPE',
      params: { key: 'capacity_ton' },
    });

    const edited = await edit(
      { attributes: { capacity_ton: 2, type: 'split', inverter: true } },
      product.version,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Product>().attributes).toEqual({ capacity_ton: 2, inverter: true, type: 'split' });

    const history = await api.call('GET', '/api/product/:id/history', {
      params: { id: product._id },
      headers: clerk.session,
    });
    const [entry] = history.json<HistoryEntry[]>();
    expect(entry?.kind).toBe('edited');
    expect(entry?.changes).toEqual([
      {
        field: 'attributes',
        from: '{"capacity_ton":1,"type":"window"}',
        to: '{"capacity_ton":2,"inverter":true,"type":"split"}',
      },
    ]);

    const reverted = await api.call('POST', '/api/product/:id/history/:entryId/revert', {
      params: { id: product._id, entryId: entry?.id ?? '' },
      headers: { ...clerk.session, 'if-match': `"${product.version + 1}"` },
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json<Product>().attributes).toEqual({ capacity_ton: 1, type: 'window' });

    // Clearing the category takes its values with it; the history names both.
    const cleared = await edit({ category: null }, product.version + 2);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Product>()).not.toHaveProperty('attributes');
    const after = await api.call('GET', '/api/product/:id/history', {
      params: { id: product._id },
      headers: clerk.session,
    });
    expect(after.json<HistoryEntry[]>()[0]?.changes.map((change) => change.field)).toEqual([
      'category',
      'attributes',
    ]);
  });

  it('deletes a category no item has, and refuses one that items have', async () => {
    const inUse = await api.call('DELETE', '/api/categories/:id', {
      params: { id: category.id },
      headers: clerk.session,
    });
    expect(refusal(inUse)).toMatchObject({ status: 409, code: 'CATEGORY_IN_USE' });
    const spare = await api.call('POST', '/api/categories', {
      headers: clerk.session,
      payload: { nameEn: 'Spare', nameBn: 'অতিরিক্ত', attributes: [] },
    });
    const renamed = await api.call('PATCH', '/api/categories/:id', {
      params: { id: spare.json<Category>().id },
      headers: clerk.session,
      payload: { nameBn: 'খালি' },
    });
    expect(renamed.json<Category>()).toMatchObject({ nameBn: 'খালি', version: 2 });
    const deleted = await api.call('DELETE', '/api/categories/:id', {
      params: { id: spare.json<Category>().id },
      headers: clerk.session,
    });
    expect(deleted.json()).toEqual({ deleted: true });
  });
});
