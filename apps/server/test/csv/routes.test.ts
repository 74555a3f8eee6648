import {
  apiErrorText,
  HISTORY_CSV_COLUMNS,
  type HistoryEntry,
  IMPORT_LIMITS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportProgressLine,
  type ImportRefusal,
  PRODUCT_CSV_CATEGORY_COLUMN,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_CSV_EXPORT_ONLY_COLUMNS,
  type Product,
} from '@walton/contract';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROW_MESSAGES } from '../../src/csv/product-import.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const BOM = '\uFEFF';
/** Tests that build a second instance (PGlite takes long to create one) or send 20 MB files, on a busy machine. */
const FRESH_INSTANCE_TIMEOUT_MS = 120_000;
const HEADER = 'name,img,price,quentity,description';

/** Items whose text is hard for a CSV file: Bengali, commas, quotes, line breaks, formula starts. */
const TRICKY = [
  { name: 'ওয়ালটন ইনভার্টার এসি ১.৫ টন', description: 'বাংলা বিবরণ: ঠান্ডা, শান্ত।', price: 61_500.25, quentity: 7 },
  {
    name: 'Walton, "Crystal" 2 Ton',
    description: 'Line one\r\nLine two, with "quotes"\nand a comma,',
    price: 0,
    quentity: 0,
  },
  {
    name: '=HYPERLINK("http://evil.test","Click")',
    description: '+8801700000000',
    price: 99_999_999.99,
    quentity: 1_000_000,
  },
  {
    name: '-Inverter',
    description: '@SUM(1)',
    price: 1.5,
    quentity: 3,
    model: '=1+1',
    prosesor: "'=already",
  },
];

const csvRows = (text: string): string[][] => parse(text, { bom: true, relax_column_count: true });

async function exportCsv(app: FastifyInstance, clerk: Clerk, path: string) {
  const response = await app.inject({ method: 'GET', url: path, headers: clerk.session });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

async function importCsv(app: FastifyInstance, clerk: Clerk, body: string | Buffer, query = '') {
  return app.inject({
    method: 'POST',
    url: `/api/import/products${query}`,
    headers: { ...clerk.session, 'content-type': 'text/csv' },
    payload: body,
  });
}

/** The live items as a signed-in clerk reads them (anonymous reads leave out the supplier's email). */
async function liveItems(app: FastifyInstance, reader: Clerk): Promise<Product[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/product?limit=500',
    headers: reader.session,
  });
  return response.json<Product[]>();
}

const refusal = (body: string) => JSON.parse(body) as ImportRefusal;

/** A listed problem of an import (its code and values are checked in import-files.test.ts). */
const problem = (row: number, field: string, message: unknown) =>
  expect.objectContaining({ row, field, message });

/** A multipart/form-data body with one file part. */
function multipart(file: string | Buffer, name = 'catalogue.csv') {
  const boundary = '----walton-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(TEST_ENGINES)('CSV export and import on %s', (engine) => {
  let source: TestApp;
  let api: ApiRecorder;
  let clerk: Clerk;
  const added: Product[] = [];

  beforeAll(async () => {
    source = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    api = new ApiRecorder(source.app);
    clerk = await newClerk(source.app, 'Export Clerk');
    for (const item of TRICKY) added.push(await addProduct(source.app, clerk, item));
    const gone = await addProduct(source.app, clerk, { name: 'In the trash' });
    const deleted = await source.app.inject({
      method: 'DELETE',
      url: `/api/product/${gone._id}`,
      headers: clerk.session,
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    const delivered = await source.app.inject({
      method: 'PUT',
      url: `/api/product/${added[0]?._id}`,
      headers: clerk.session,
      payload: { newQuentity: 6 },
    });
    expect(delivered.statusCode).toBe(200);
  });

  afterAll(async () => {
    await api.expectDocumented();
    await source.close();
  });

  it('exports live items as RFC 4180 UTF-8 with a BOM, formula-looking text escaped, numbers as numbers', async () => {
    const response = await exportCsv(source.app, clerk, '/api/export/products.csv');
    await api.call('GET', '/api/export/products.csv', { headers: clerk.session });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="walton-products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = response.body;
    expect(text.startsWith(BOM)).toBe(true);
    // No category exists here: the category column, and no attribute column.
    expect(text.slice(1).split('\r\n')[0]).toBe(
      [...PRODUCT_CSV_COLUMNS, ...PRODUCT_CSV_EXPORT_ONLY_COLUMNS, PRODUCT_CSV_CATEGORY_COLUMN].join(','),
    );
    expect(text.endsWith('\r\n')).toBe(true);
    const [header = [], ...rows] = csvRows(text);
    const cell = (row: string[], column: string) => row[header.indexOf(column)];
    expect(rows.map((row) => cell(row, '_id'))).toEqual(added.map((item) => item._id));
    const [bengali, quoted, formula, minus] = rows as [string[], string[], string[], string[]];
    expect(cell(bengali, 'name')).toBe(TRICKY[0]?.name);
    expect(cell(bengali, 'quentity')).toBe('6');
    expect(cell(quoted, 'name')).toBe('Walton, "Crystal" 2 Ton');
    expect(cell(quoted, 'description')).toBe('Line one\r\nLine two, with "quotes"\nand a comma,');
    expect(text).toContain('"Walton, ""Crystal"" 2 Ton"');
    expect(cell(formula, 'name')).toBe('\'=HYPERLINK("http://evil.test","Click")');
    expect(cell(formula, 'description')).toBe("'+8801700000000");
    expect(cell(formula, 'price')).toBe('99999999.99');
    expect(cell(minus, 'name')).toBe("'-Inverter");
    expect(cell(minus, 'description')).toBe("'@SUM(1)");
    expect(cell(minus, 'model')).toBe("'=1+1");
    expect(cell(minus, 'prosesor')).toBe("''=already");
    expect(cell(minus, 'price')).toBe('1.5');
    expect(rows.some((row) => cell(row, 'name') === 'In the trash')).toBe(false);
  });

  it('exports the trash with deleted=true', async () => {
    const response = await exportCsv(source.app, clerk, '/api/export/products.csv?deleted=true');
    const [header = [], ...rows] = csvRows(response.body);
    expect(rows.map((row) => row[header.indexOf('name')])).toEqual(['In the trash']);
    expect(rows[0]?.[header.indexOf('deletedAt')]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('exports every change of a period, one row each, a negative delta as a number', async () => {
    const response = await exportCsv(source.app, clerk, '/api/export/history.csv');
    await api.call('GET', '/api/export/history.csv', { headers: clerk.session });
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([...HISTORY_CSV_COLUMNS]);
    // The items and the trashed one created, its deletion, then one delivery.
    expect(rows.map((row) => row[3])).toEqual([
      ...TRICKY.map(() => 'created'),
      'created',
      'deleted',
      'delivered',
    ]);
    expect(rows.find((row) => row[3] === 'delivered')?.slice(4, 7)).toEqual(['-1', '6', '2']);
    const future = await exportCsv(source.app, clerk, '/api/export/history.csv?from=2999-01-01');
    expect(csvRows(future.body)).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    const todayOnly = await exportCsv(source.app, clerk, `/api/export/history.csv?from=${today}&to=${today}`);
    expect(csvRows(todayOnly.body)).toHaveLength(rows.length + 1);
    const backwards = await api.call('GET', '/api/export/history.csv', {
      headers: clerk.session,
      query: { from: '2026-02-01', to: '2026-01-01' },
    });
    expect(backwards.statusCode).toBe(400);
  });

  it(
    'round trip: an export imported into a fresh instance gives the same items, prices and quantities',
    async () => {
      const file = (await exportCsv(source.app, clerk, '/api/export/products.csv')).rawPayload;
      const fresh = await createTestApp(engine);
      try {
        const importer = await newClerk(fresh.app, 'Import Clerk');
        const response = await importCsv(fresh.app, importer, file);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({
          created: TRICKY.length,
          updated: 0,
          unchanged: 0,
          dryRun: false,
        });
        const before = await liveItems(source.app, clerk);
        const after = await liveItems(fresh.app, importer);
        const details = (product: Product) => ({
          _id: product._id,
          name: product.name,
          img: product.img,
          price: product.price,
          quentity: product.quentity,
          description: product.description,
          model: product.model,
          prosesor: product.prosesor,
        });
        expect(after.map(details).sort((a, b) => a._id.localeCompare(b._id))).toEqual(
          before.map(details).sort((a, b) => a._id.localeCompare(b._id)),
        );
        // The supplier is whoever imports, as when adding by hand.
        expect(new Set(after.map((product) => product.email))).toEqual(
          new Set([importer.email.toLowerCase()]),
        );
        // The import is in the history as the items' creation.
        const history = csvRows((await exportCsv(fresh.app, importer, '/api/export/history.csv')).body);
        expect(history.slice(1).map((row) => [row[3], row[4], row[7]])).toEqual(
          expect.arrayContaining([['created', '6', importer.email]]),
        );
        // Imported again: every row matches its item, nothing changes.
        const again = await importCsv(fresh.app, importer, file);
        expect(again.json()).toMatchObject({
          created: 0,
          updated: 0,
          unchanged: TRICKY.length,
          dryRun: false,
        });
      } finally {
        await fresh.close();
      }
    },
    FRESH_INSTANCE_TIMEOUT_MS,
  );

  it('reads quoted commas, quotes, line breaks and Bengali from a hand-written file, with or without a BOM', async () => {
    const file =
      `${HEADER},model\r\n` +
      '"Walton, ""Frost"" 1 Ton",/images/products/window-unit.svg,45000.5,3,"two\nlines, one ""quote""",\r\n' +
      'ওয়ালটন ফ্রিজ,/images/products/window-unit.svg,"12,000",1,বাংলা,WFC-3\r\n';
    const wrong = await importCsv(source.app, clerk, file, '?dryRun=true');
    expect(wrong.statusCode).toBe(422);
    expect(refusal(wrong.body).errors).toEqual([problem(3, 'price', 'Must be a number')]);
    const fixed = `${BOM}${file.replace('"12,000"', '12000')}`;
    const dry = await importCsv(source.app, clerk, fixed, '?dryRun=true');
    expect(dry.json()).toMatchObject({ created: 2, updated: 0, unchanged: 0, dryRun: true });
    const names = (await liveItems(source.app, clerk)).map((product) => product.name);
    expect(names).not.toContain('ওয়ালটন ফ্রিজ');
    const done = await importCsv(source.app, clerk, fixed);
    expect(done.json()).toMatchObject({ created: 2, updated: 0, unchanged: 0, dryRun: false });
    const items = await liveItems(source.app, clerk);
    const frost = items.find((product) => product.name === 'Walton, "Frost" 1 Ton');
    expect(frost).toMatchObject({ price: 45000.5, quentity: 3, description: 'two\nlines, one "quote"' });
    expect(frost?.model).toBeUndefined();
    expect(items.find((product) => product.name === 'ওয়ালটন ফ্রিজ')).toMatchObject({
      price: 12000,
      description: 'বাংলা',
      model: 'WFC-3',
      suplerName: 'Export Clerk',
    });
  });

  it(
    'imports nothing when one row in the middle is bad, and names that row',
    async () => {
      const fresh = await createTestApp(engine);
      try {
        const importer = await newClerk(fresh.app);
        const rows = Array.from({ length: 1200 }, (_, i) =>
          i === 700
            ? `Bad ${i},javascript:alert(1),-3,1.5,ok`
            : `Item ${i},/images/products/window-unit.svg,${i}.25,${i},Item number ${i}`,
        );
        const response = await importCsv(fresh.app, importer, [HEADER, ...rows].join('\n'));
        expect(response.statusCode).toBe(422);
        const body = refusal(response.body);
        expect(body.message).toBe(apiErrorText('IMPORT_PROBLEMS', { problems: '3 problems found' }));
        expect(body.errors).toEqual([
          problem(702, 'img', 'Must be an http(s) URL or a path under /images/'),
          problem(702, 'price', 'Must not be negative'),
          problem(702, 'quentity', 'Must be a whole number'),
        ]);
        expect(await liveItems(fresh.app, importer)).toEqual([]);

        // Fixed, it imports; its export spans pages of the keyset walk, each item once, in file order.
        rows[700] = 'Item 700,/images/products/window-unit.svg,700.25,700,Item number 700';
        const fixed = await importCsv(fresh.app, importer, [HEADER, ...rows].join('\n'));
        expect(fixed.json()).toMatchObject({ created: rows.length, updated: 0, unchanged: 0, dryRun: false });
        const exported = csvRows((await exportCsv(fresh.app, importer, '/api/export/products.csv')).body);
        const names = exported.slice(1).map((row) => row[1]);
        expect(names.toSorted()).toEqual(rows.map((_, i) => `Item ${i}`).toSorted());
        const history = csvRows((await exportCsv(fresh.app, importer, '/api/export/history.csv')).body);
        expect(new Set(history.slice(1).map((row) => row[1])).size).toBe(rows.length);
        expect(history).toHaveLength(rows.length + 1);
      } finally {
        await fresh.close();
      }
    },
    FRESH_INSTANCE_TIMEOUT_MS,
  );

  it('names missing, unknown and repeated columns, and rows of the wrong width', async () => {
    const headers = await api.call('POST', '/api/import/products', {
      headers: { ...clerk.session, 'content-type': 'text/csv' },
      payload: 'name,img,quentity,colour,name\nA,/images/a.svg,1,red,A\n',
    });
    expect(headers.statusCode).toBe(422);
    expect(refusal(headers.body).errors).toEqual([
      problem(1, 'colour', ROW_MESSAGES.unknownColumn('colour')),
      problem(1, 'name', ROW_MESSAGES.repeatedColumn('name')),
      problem(1, 'price', ROW_MESSAGES.missingColumn('price')),
      problem(1, 'description', ROW_MESSAGES.missingColumn('description')),
    ]);
    const width = await importCsv(source.app, clerk, `${HEADER}\nA,/images/a.svg,1,1\n`);
    expect(refusal(width.body).errors).toEqual([problem(2, '', ROW_MESSAGES.cellCount(4, 5))]);
    const empty = await importCsv(source.app, clerk, '');
    expect(refusal(empty.body).errors).toEqual([problem(1, '', ROW_MESSAGES.empty)]);
    const blank = await importCsv(source.app, clerk, '\n');
    expect(refusal(blank.body).errors).toEqual([problem(1, '', ROW_MESSAGES.empty)]);
    const unclosed = await importCsv(source.app, clerk, `${HEADER}\n"A,/images/a.svg,1,1,d\n`);
    expect(refusal(unclosed.body).errors).toEqual([problem(2, '', ROW_MESSAGES.unclosedQuote)]);
  });

  it('refuses the _id of an item in the trash, an _id that is not one, and the same _id twice', async () => {
    const second = added[1] as Product;
    const trash = csvRows(
      (await exportCsv(source.app, clerk, '/api/export/products.csv?deleted=true')).body,
    )[1]?.[0];
    const row = (id: string, name: string) => `${id},${name},/images/products/window-unit.svg,1,1,d`;
    const response = await importCsv(
      source.app,
      clerk,
      [
        `_id,${HEADER}`,
        row(trash ?? '', 'Back'),
        row('not-an-id', 'X'),
        row(second._id, 'Once'),
        row(second._id, 'Twice'),
      ].join('\n'),
    );
    expect(response.statusCode).toBe(422);
    expect(refusal(response.body).errors).toEqual([
      problem(3, '_id', ROW_MESSAGES.badId),
      problem(5, '_id', ROW_MESSAGES.repeatedId),
      problem(2, '_id', ROW_MESSAGES.inTrash),
    ]);
    expect((await liveItems(source.app, clerk)).find((product) => product._id === second._id)).toEqual(
      second,
    );
  });

  it('updates a live item by _id as an edit, and its new quantity as an import adjustment, in its history', async () => {
    const before = await addProduct(source.app, clerk, {
      name: 'Before import',
      quentity: 10,
      model: 'OLD-1',
    });
    const file =
      `_id,${HEADER},model\n` +
      `${before._id},After import,/images/products/split-inverter-white.svg,123.45,14,Described anew,\n`;
    const dry = await importCsv(source.app, clerk, file, '?dryRun=true');
    expect(dry.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0, dryRun: true });
    const read = async () =>
      (
        await source.app.inject({ method: 'GET', url: `/api/product/${before._id}`, headers: clerk.session })
      ).json<Product>();
    expect(await read()).toEqual(before);

    const done = await importCsv(source.app, clerk, file);
    expect(done.json()).toMatchObject({ created: 0, updated: 1, unchanged: 0, dryRun: false });
    const after = await read();
    expect(after).toMatchObject({
      name: 'After import',
      price: 123.45,
      quentity: 14,
      description: 'Described anew',
      version: before.version + 2,
    });
    expect(after.model).toBeUndefined();

    const history = await source.app.inject({
      method: 'GET',
      url: `/api/product/${before._id}/history`,
      headers: clerk.session,
    });
    const [adjustment, edit, created] = history.json<HistoryEntry[]>();
    expect(adjustment).toMatchObject({ kind: 'imported', delta: 4, quantityAfter: 14, actor: clerk.email });
    expect(edit?.kind).toBe('edited');
    expect(edit?.changes.map((change) => change.field)).toEqual(['name', 'price', 'description', 'model']);
    expect(edit?.changes.find((change) => change.field === 'model')).toEqual({
      field: 'model',
      from: 'OLD-1',
      to: null,
    });
    expect(created?.kind).toBe('created');
    const movements = await source.app.inject({
      method: 'GET',
      url: `/api/product/${before._id}/movements`,
      headers: clerk.session,
    });
    const deltas = movements.json<Array<{ delta: number }>>().map((movement) => movement.delta);
    expect(deltas.reduce((sum, delta) => sum + delta, 0)).toBe(14);

    const exported = csvRows((await exportCsv(source.app, clerk, '/api/export/history.csv')).body);
    const mine = exported.filter((row) => row[1] === before._id).map((row) => [row[3], row[4], row[9]]);
    expect(mine).toEqual([
      ['created', '10', ''],
      [
        'edited',
        '0',
        'name: Before import → After import; price: 58900.50 → 123.45; description: A test air conditioner. → Described anew; model: OLD-1 → ',
      ],
      ['imported', '4', ''],
    ]);

    const again = await importCsv(source.app, clerk, file);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1, dryRun: false });
    expect((await read()).version).toBe(after.version);
  });

  it(
    'refuses files over 20 MB or 100,000 rows with a clear 413, body or upload',
    async () => {
      const big = Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a');
      const body = await api.call('POST', '/api/import/products', {
        headers: { ...clerk.session, 'content-type': 'text/csv' },
        payload: big,
      });
      expect(body.statusCode).toBe(413);
      expect(body.json().message).toBe(apiErrorText('IMPORT_TOO_LARGE', IMPORT_LIMITS));
      const upload = multipart(big);
      const uploaded = await source.app.inject({
        method: 'POST',
        url: '/api/import/products',
        headers: { ...clerk.session, 'content-type': upload.contentType },
        payload: upload.payload,
      });
      expect(uploaded.statusCode).toBe(413);
      expect(uploaded.json().message).toBe(apiErrorText('IMPORT_TOO_LARGE', IMPORT_LIMITS));
      const rows = `${HEADER}\n${'A,/images/a.svg,1,1,d\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
      const tooMany = await importCsv(source.app, clerk, rows, '?dryRun=true');
      expect(tooMany.statusCode).toBe(413);
      expect(tooMany.json().message).toBe(apiErrorText('IMPORT_TOO_MANY_ROWS', IMPORT_LIMITS));
    },
    FRESH_INSTANCE_TIMEOUT_MS,
  );

  it('takes a multipart upload, refuses other bodies and files that are not UTF-8', async () => {
    const upload = multipart(`${HEADER}\nUploaded,/images/a.svg,10,2,From a form\n`);
    const response = await source.app.inject({
      method: 'POST',
      url: '/api/import/products?dryRun=true',
      headers: { ...clerk.session, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(response.json()).toMatchObject({ created: 1, updated: 0, unchanged: 0, dryRun: true });
    const json = await api.call('POST', '/api/import/products', {
      headers: clerk.session,
      payload: { name: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(apiErrorText('IMPORT_NO_FILE'));
    const latin1 = await importCsv(
      source.app,
      clerk,
      Buffer.from(`${HEADER}\nCaf\xe9,/images/a.svg,1,1,d\n`, 'latin1'),
    );
    expect(latin1.json()).toMatchObject({ statusCode: 422, message: apiErrorText('IMPORT_NOT_UTF8') });
    const nobody = await source.app.inject({ method: 'POST', url: '/api/import/products', payload: 'x' });
    expect(nobody.statusCode).toBe(401);
  });

  it('reports progress as NDJSON lines, then the result', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `Streamed ${i},/images/a.svg,1,1,d`);
    const response = await source.app.inject({
      method: 'POST',
      url: '/api/import/products?dryRun=true',
      headers: { ...clerk.session, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
      payload: [HEADER, ...rows].join('\n'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const lines = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as ImportProgressLine);
    const progress = lines.filter((line) => line.type === 'progress');
    expect(progress.map((line) => line.rows)).toEqual([0, 2000, 4000, 5000]);
    expect(progress.at(-1)).toMatchObject({ phase: 'checking', fraction: 1 });
    expect(lines.at(-1)).toMatchObject({
      type: 'result',
      created: 5000,
      updated: 0,
      unchanged: 0,
      dryRun: true,
    });
    const refused = await source.app.inject({
      method: 'POST',
      url: '/api/import/products',
      headers: { ...clerk.session, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
      payload: `${HEADER}\nA,/images/a.svg,x,1,d\n`,
    });
    expect(JSON.parse(refused.body.trimEnd().split('\n').at(-1) ?? '')).toEqual({
      type: 'refused',
      statusCode: 422,
      message: apiErrorText('IMPORT_PROBLEMS', { problems: '1 problem found' }),
      code: 'IMPORT_PROBLEMS',
      errors: [problem(2, 'price', 'Must be a number')],
    });
  });
});
