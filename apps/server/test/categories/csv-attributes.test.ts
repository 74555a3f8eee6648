import type { Category, ImportRefusal, Product } from '@walton/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { airConditionerTemplate } from './air-conditioner-template.ts';

describe.each(TEST_ENGINES)('CSV export and import of categories and attributes on %s', (engine) => {
  let test: TestApp;
  let clerk: Clerk;
  let category: Category;
  let ac: Product;
  let plain: Product;

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    clerk = await newClerk(test.app);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: clerk.session,
      payload: airConditionerTemplate('CSV AC', 'সিএসভি এসি'),
    });
    expect(created.statusCode, created.body).toBe(201);
    category = created.json<Category>();
    ac = await addProduct(test.app, clerk, {
      name: 'CSV split AC',
      category: category.id,
      attributes: { capacity_ton: 1.5, inverter: true, type: 'split' },
    });
    plain = await addProduct(test.app, clerk, { name: 'CSV plain item' });
  });
  afterAll(() => test?.close());

  const exported = async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/export/products.csv',
      headers: clerk.session,
    });
    expect(response.statusCode).toBe(200);
    return parse(response.body, { bom: true }) as string[][];
  };
  const importCsv = (body: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/import/products',
      headers: { ...clerk.session, 'content-type': 'text/csv' },
      payload: body,
    });
  const read = async (id: string) =>
    (
      await test.app.inject({ method: 'GET', url: `/api/product/${id}`, headers: clerk.session })
    ).json<Product>();

  it('exports the category and one column per attribute key, empty for an item without them', async () => {
    const [header = [], ...rows] = await exported();
    const column = (name: string) => header.indexOf(name);
    expect(header.slice(-5)).toEqual([
      'category',
      'attr.capacity_ton',
      'attr.inverter',
      'attr.type',
      'attr.refrigerant',
    ]);
    const acRow = rows.find((row) => row[0] === ac._id) ?? [];
    expect([
      acRow[column('category')],
      acRow[column('attr.capacity_ton')],
      acRow[column('attr.inverter')],
      acRow[column('attr.type')],
      acRow[column('attr.refrigerant')],
    ]).toEqual([category.id, '1.5', 'true', 'split', '']);
    const plainRow = rows.find((row) => row[0] === plain._id) ?? [];
    expect(plainRow.slice(-5)).toEqual(['', '', '', '', '']);
  });

  it('imports an export back unchanged, and an edited attribute cell as an edit of the attributes', async () => {
    const [header = [], ...rows] = await exported();
    const toCsv = (table: string[][]) =>
      table.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\r\n');
    const again = await importCsv(toCsv([header, ...rows]));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ updated: 0, created: 0 });

    const at = header.indexOf('attr.capacity_ton');
    const edited = rows.map((row) =>
      row[0] === ac._id ? row.map((cell, index) => (index === at ? '2' : cell)) : row,
    );
    const answer = await importCsv(toCsv([header, ...edited]));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ updated: 1 });
    expect((await read(ac._id)).attributes).toEqual({ capacity_ton: 2, inverter: true, type: 'split' });
    expect(await read(plain._id)).not.toHaveProperty('category');
  });

  it('adds an item of a category named in English, and refuses bad attribute cells by row and column', async () => {
    const header = 'name,img,price,quentity,description,category,attr.capacity_ton,attr.type';
    const good = `${header}\r\nCSV window AC,/images/products/a.svg,100,1,d,csv ac,1,window`;
    const added = await importCsv(good);
    expect(added.statusCode, added.body).toBe(200);
    const found = await test.app.inject({
      method: 'GET',
      url: '/api/product?q=CSV%20window',
      headers: clerk.session,
    });
    const [listed] = found.json<Product[]>();
    expect(await read(listed?._id ?? '')).toMatchObject({
      category: category.id,
      attributes: { capacity_ton: 1, type: 'window' },
    });

    const bad = [
      header,
      'Bad 1,/images/products/a.svg,100,1,d,CSV AC,big,split',
      'Bad 2,/images/products/a.svg,100,1,d,CSV AC,1,tower',
      'Bad 3,/images/products/a.svg,100,1,d,CSV AC,,split',
      'Bad 4,/images/products/a.svg,100,1,d,Fridge,1,split',
    ].join('\r\n');
    const refused = await importCsv(bad);
    expect(refused.statusCode).toBe(422);
    expect(
      (refused.json() as ImportRefusal).errors.map(({ row, field, code }) => [row, field, code]),
    ).toEqual([
      [2, 'attr.capacity_ton', 'ATTRIBUTE_WRONG_TYPE'],
      [3, 'attr.type', 'ATTRIBUTE_NOT_AN_OPTION'],
      [4, 'attr.capacity_ton', 'ATTRIBUTE_REQUIRED'],
      [5, 'category', 'UNKNOWN_CATEGORY'],
    ]);
  });
});
