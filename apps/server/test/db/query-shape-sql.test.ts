import type { HistoryEntry, Product } from '@walton/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type BuiltShape, watchShapes } from '../../src/db/query-shapes.ts';
import { TEST_ENGINES, type TestEngine } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp } from '../support/test-app.ts';

/**
 * The SQL of every query shape (QueryShapes and StatementShapes, db/query-shapes.ts), per dialect,
 * kept in db/sql/ (see its README). The real app runs a workload that takes every kind of change and
 * every list, count and search path, with every value of each part of a shape's key; each run
 * builds its shape again while watched, so a key that misses something its text depends on shows
 * up as two texts under one key.
 */

/** The dialect whose compiler an engine uses: PGlite is PostgreSQL in-process. */
const DIALECT: Record<TestEngine, 'sqlite' | 'postgres'> = {
  sqlite: 'sqlite',
  pglite: 'postgres',
  postgres: 'postgres',
};

const SEARCHES = [
  // A word too short for SQLite's trigram index, a word it narrows by, five words (a word inside
  // another counts once), more words than get a condition of their own, and a word that matches nothing.
  'ac',
  'inverter',
  'walton wsi test 12c 1 ton inverter',
  'walton wsi test 12c inverter ac zz',
  'nothing-like-this',
];

async function workload(app: FastifyInstance): Promise<void> {
  const clerk: Clerk = await newClerk(app);
  const ok = async (
    method: 'GET' | 'PUT' | 'PATCH' | 'DELETE' | 'POST',
    url: string,
    payload?: object | string,
    headers: Record<string, string> = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...clerk.session, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response;
  };
  const ifMatch = async (product: Product) => ({
    'if-match': String((await ok('GET', `/api/product/${product._id}`)).headers.etag),
  });

  const a = await addProduct(app, clerk, {
    name: 'Walton A Inverter AC',
    quentity: 10,
    lowStockThreshold: 7,
  });
  const b = await addProduct(app, clerk, { name: 'Walton B AC', quentity: 5 });
  const c = await addProduct(app, clerk, { name: 'Walton C AC', quentity: 3 });

  // Every kind of change, a low-stock crossing (its alert and outbox job) among them.
  await ok('PUT', `/api/product/${a._id}`, { newQuentity: 9 });
  await ok('PUT', `/api/product/${a._id}`, { newQuentity: 8 });
  await ok('PUT', `/api/product/${a._id}`, { newQuentity: 7 });
  await ok('PUT', `/api/products/${b._id}`, { newQuentity: 12 });
  await ok('PATCH', `/api/product/${b._id}`, { price: 1999.99, lowStockThreshold: 12 }, await ifMatch(b));
  await ok('PATCH', `/api/product/${c._id}`, { name: 'Walton C Inverter AC' }, await ifMatch(c));
  const [edit] = (await ok('GET', `/api/product/${b._id}/history?limit=1`)).json<HistoryEntry[]>();
  await ok('POST', `/api/product/${b._id}/history/${edit?.id}/revert`, undefined, await ifMatch(b));
  await ok('DELETE', `/api/product/${c._id}`);
  await ok('POST', `/api/product/${c._id}/restore`);
  await ok('DELETE', `/api/product/${c._id}`);
  // An import: one item's quantity set, one item added, in one transaction.
  await ok(
    'POST',
    '/api/import/products',
    '_id,name,img,price,quentity,description\n' +
      `${a._id},${a.name},${a.img},150.25,20,${a.description}\n` +
      ',Walton D AC,/images/products/split-inverter-white.svg,0.99,4,Imported\n',
    { 'content-type': 'text/csv' },
  );

  // A supplier's items, and every list: each sort and order, the trash, the low-stock items, each
  // kind of search, and each of them after a cursor.
  // Units: registered, moved, dispatched by serial and by Delivered, read and listed.
  const tracked = await addProduct(app, clerk, { name: 'Walton E AC', quentity: 0, serialTracked: true });
  const showroom = (
    await app.inject({
      method: 'POST',
      url: '/api/locations',
      headers: clerk.session,
      payload: { name: 'Shape showroom', kind: 'showroom' },
    })
  ).json<{ id: string }>().id;
  await ok('POST', `/api/product/${tracked._id}/units`, {
    units: [{ serial: 'SHAPE-1', pairedSerial: 'SHAPE-1-OUT' }, { serial: 'SHAPE-2' }, { serial: 'SHAPE-3' }],
  });
  await ok('POST', `/api/product/${tracked._id}/transfers`, {
    from: 'main',
    to: showroom,
    quantity: 1,
    serials: ['SHAPE-2'],
  });
  await ok('POST', '/api/units/shape-2/dispatch', { customer: { name: 'A customer' } });
  await ok('PUT', `/api/product/${tracked._id}`, { newQuentity: 1, serial: 'SHAPE-1-OUT' });
  const switched = await addProduct(app, clerk, { name: 'Walton F AC', quentity: 2 });
  await ok('POST', `/api/product/${switched._id}/tracking`, {
    serialTracked: true,
    units: [
      { serial: 'SHAPE-4', locationId: 'main' },
      { serial: 'SHAPE-5', locationId: 'main' },
    ],
  });
  await ok('PATCH', `/api/product/${switched._id}`, { warrantyMonths: 24 }, await ifMatch(switched));
  // Claims: one resolved alone (repaired), one by a replacement (in the item's change).
  await addLocation(app, clerk, 'Shape service centre', 'service');
  const claimIds: string[] = [];
  for (const serial of ['SHAPE-1', 'SHAPE-2']) {
    const opened = await app.inject({
      method: 'POST',
      url: `/api/units/${serial}/claims`,
      headers: clerk.session,
      payload: { problem: 'Does not cool' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    claimIds.push(opened.json<{ id: string }>().id);
  }
  await ok('PATCH', `/api/claims/${claimIds[0]}`, { resolution: 'replaced', replacementSerial: 'SHAPE-3' });
  await ok('PATCH', `/api/claims/${claimIds[1]}`, { resolution: 'repaired' });
  // A receipt: scanned (an item by quantity, a tracked one by serial) and completed, every line a
  // change of its item in one transaction, each naming the receipt.
  const receipt = (
    await app.inject({
      method: 'POST',
      url: '/api/receipts',
      headers: clerk.session,
      payload: {
        supplier: clerk.email,
        locationId: 'main',
        lines: [
          { productId: b._id, expected: 2 },
          { productId: tracked._id, expected: 1 },
        ],
      },
    })
  ).json<{ id: string }>().id;
  for (const scan of [
    { productId: b._id, quantity: 2 },
    { productId: tracked._id, serials: ['SHAPE-6'] },
  ]) {
    const scanned = await app.inject({
      method: 'POST',
      url: `/api/receipts/${receipt}/scans`,
      headers: clerk.session,
      payload: scan,
    });
    expect(scanned.statusCode, scanned.body).toBe(201);
  }
  await ok('POST', `/api/receipts/${receipt}/complete`, {});
  // A dispatch order: confirmed (reserving), picked (an item by id, a tracked unit by serial) and
  // shipped, every line a change of its item releasing its reservation, each naming the order.
  const dispatch = (
    await app.inject({
      method: 'POST',
      url: '/api/dispatches',
      headers: clerk.session,
      payload: {
        customer: { name: 'Shape customer' },
        locationId: 'main',
        lines: [
          { productId: b._id, quantity: 1 },
          { productId: tracked._id, quantity: 1 },
        ],
      },
    })
  ).json<{ id: string }>().id;
  await ok('POST', `/api/dispatches/${dispatch}/confirm`);
  for (const pick of [{ productId: b._id }, { serial: 'SHAPE-6' }]) {
    const picked = await app.inject({
      method: 'POST',
      url: `/api/dispatches/${dispatch}/picks`,
      headers: clerk.session,
      payload: pick,
    });
    expect(picked.statusCode, picked.body).toBe(201);
  }
  await ok('POST', `/api/dispatches/${dispatch}/ship`);
  // A count of three items at the default location: one found over, one short, a tracked one missing
  // a unit, each difference a change of its item in one transaction, naming the count.
  const count = (
    await app.inject({
      method: 'POST',
      url: '/api/counts',
      headers: clerk.session,
      payload: { locationId: 'main', productIds: [a._id, b._id, switched._id] },
    })
  ).json<{ id: string; lines: Array<{ productId: string; expected: number }> }>();
  for (const line of count.lines) {
    if (line.productId === switched._id) continue;
    const counted = await app.inject({
      method: 'POST',
      url: `/api/counts/${count.id}/scans`,
      headers: clerk.session,
      payload: {
        productId: line.productId,
        quantity: line.productId === a._id ? line.expected + 1 : line.expected - 1,
      },
    });
    expect(counted.statusCode, counted.body).toBe(201);
  }
  // Of the tracked item, one unit of two is found: the other is written off.
  const found = await app.inject({
    method: 'POST',
    url: `/api/counts/${count.id}/scans`,
    headers: clerk.session,
    payload: { serial: 'SHAPE-4' },
  });
  expect(found.statusCode, found.body).toBe(201);
  await ok('POST', `/api/counts/${count.id}/apply`, {});
  await ok('GET', '/api/units/SHAPE-1');
  await ok('GET', `/api/product/${tracked._id}/units?status=in_stock&location=main`);

  await ok('GET', `/api/productOrder?email=${encodeURIComponent(clerk.email)}`);
  const lists: string[] = [];
  for (const sort of ['created', 'name', 'price', 'quantity']) {
    for (const order of ['asc', 'desc']) lists.push(`sort=${sort}&order=${order}`);
  }
  lists.push('deleted=true', 'lowStock=true', 'deleted=true&sort=name&order=desc');
  // Lists of a category, filtered by each kind of attribute condition (a range open at each end).
  const category = await app.inject({
    method: 'POST',
    url: '/api/categories',
    headers: clerk.session,
    payload: {
      nameEn: 'Shape AC',
      nameBn: 'শেপ এসি',
      attributes: [
        { key: 'ton', labelEn: 'Capacity', labelBn: 'ক্ষমতা', type: 'number', unit: 'ton', required: true },
        { key: 'inverter', labelEn: 'Inverter', labelBn: 'ইনভার্টার', type: 'boolean', required: false },
        { key: 'gas', labelEn: 'Refrigerant', labelBn: 'রেফ্রিজারেন্ট', type: 'text', required: false },
      ],
    },
  });
  expect(category.statusCode, category.body).toBe(201);
  const categoryId = category.json<{ id: string }>().id;
  await addProduct(app, clerk, {
    name: 'Walton D AC',
    category: categoryId,
    attributes: { ton: 1.5, gas: 'R32' },
  });
  for (const filter of [
    '',
    '&attr.gas=R32&attr.inverter=true',
    '&attr.ton=1..2',
    '&attr.ton=1..',
    '&attr.ton=..2',
  ]) {
    lists.push(`category=${categoryId}${filter}`);
  }
  for (const q of SEARCHES) {
    lists.push(`q=${encodeURIComponent(q)}`, `q=${encodeURIComponent(q)}&deleted=true`);
    lists.push(`q=${encodeURIComponent(q)}&lowStock=true&sort=price`);
  }
  for (const list of lists) {
    const first = await ok('GET', `/api/product?limit=1&${list}`);
    const cursor = first.headers['x-next-cursor'];
    if (typeof cursor === 'string') await ok('GET', `/api/product?limit=1&${list}&after=${cursor}`);
    // A page past the first, by offset.
    await ok('GET', `/api/product?limit=1&offset=1&${list}`);
  }
  await ok('GET', '/api/stats/summary');
}

/** One shape as kept in a snapshot: its owner and key, the text, then what fills each parameter. */
const render = (shape: BuiltShape) =>
  [
    `-- ${shape.owner}: ${shape.key.replaceAll('\u0000', ' + ')}`,
    shape.parameters.length > 0 ? `-- parameters: ${shape.parameters.join(', ')}` : '-- parameters: none',
    `${shape.sql.trim()};`,
  ].join('\n');

describe('query-shape SQL snapshots', () => {
  it('compiles every shape to the SQL committed in db/sql/, one text per key', {
    timeout: 240_000,
  }, async () => {
    const byDialect = new Map<string, Map<string, Set<string>>>();
    for (const engine of TEST_ENGINES) {
      const texts = new Map<string, Set<string>>();
      const stop = watchShapes((shape) => {
        const name = `${shape.owner}: ${shape.key}`;
        const seen = texts.get(name) ?? new Set<string>();
        seen.add(render(shape));
        texts.set(name, seen);
      });
      // No background work: only the workload's own statements are built.
      const { app, close } = await createTestApp(engine, { OUTBOX_WORKER: 'false' });
      try {
        await workload(app);
      } finally {
        stop();
        await close();
      }
      // A key that names less than its text depends on: two texts under one name.
      const ambiguous = [...texts]
        .filter(([, seen]) => seen.size > 1)
        .map(([name, seen]) => [name, [...seen]]);
      expect(ambiguous, `${engine}: keys with more than one text`).toEqual([]);
      const dialect = DIALECT[engine];
      const earlier = byDialect.get(dialect);
      if (earlier) {
        // PGlite and PostgreSQL share one compiler: the same shapes, the same texts.
        expect([...texts.keys()].sort(), `${engine} against the other engine of its dialect`).toEqual(
          [...earlier.keys()].sort(),
        );
      } else byDialect.set(dialect, texts);
    }
    for (const [dialect, texts] of byDialect) {
      const snapshot = [...texts]
        .sort(([left], [right]) => (left < right ? -1 : 1))
        .map(([, seen]) => [...seen].join('\n'))
        .join('\n\n');
      await expect(`${snapshot}\n`).toMatchFileSnapshot(`../../src/db/sql/${dialect}.sql`);
    }
  });
});
