import {
  type ImportProgressLine,
  type ImportRefusal,
  type ImportResult,
  PRODUCT_CSV_COLUMNS,
  type Product,
} from '@walton/contract';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Tests that build a second instance (PGlite takes long to create one), on a busy machine. */
const FRESH_INSTANCE_TIMEOUT_MS = 120_000;
const IMG = '/images/products/window-unit.svg';

/**
 * A strict RFC 4180 reading, as Excel and LibreOffice read a file: outside quotes each of CRLF, CR and
 * LF ends a record; a cell is quoted whole, its quotes doubled.
 */
const rfc4180 = (text: string): string[][] =>
  parse(text, { bom: true, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true });

async function importCsv(app: FastifyInstance, clerk: Clerk, body: string | Buffer, query = '') {
  return app.inject({
    method: 'POST',
    url: `/api/import/products${query}`,
    headers: { ...clerk.session, 'content-type': 'text/csv' },
    payload: body,
  });
}

async function importLines(app: FastifyInstance, clerk: Clerk, body: string, query = '') {
  const response = await app.inject({
    method: 'POST',
    url: `/api/import/products${query}`,
    headers: { ...clerk.session, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.body
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportProgressLine);
}

async function liveItems(app: FastifyInstance, reader: Clerk): Promise<Product[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/product?limit=500',
    headers: reader.session,
  });
  return response.json<Product[]>();
}

async function exportText(app: FastifyInstance, clerk: Clerk, path: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: path, headers: clerk.session });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe.each(TEST_ENGINES)('CSV files as clerks have them, on %s', (engine) => {
  let test: TestApp;
  let clerk: Clerk;

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    clerk = await newClerk(test.app, 'File Clerk');
  });

  afterAll(async () => {
    await test.close();
  });

  it('names rows that repeat another row or a live item, skips them by default, adds or updates them on request', async () => {
    const file =
      'name,img,price,quentity,description,model\r\n' +
      `Dup Fridge 250L,${IMG},30000,4,A fridge,WFC-250\r\n` +
      `Dup Freezer,${IMG},20000,2,A freezer,\r\n`;
    const first = await importCsv(test.app, clerk, file);
    expect(first.json<ImportResult>()).toMatchObject({ created: 2, skipped: 0, duplicateCount: 0 });
    const fridge = (await liveItems(test.app, clerk)).find((item) => item.name === 'Dup Fridge 250L');

    // The same file again: both rows are named, and skipping them adds nothing.
    const dry = await importCsv(test.app, clerk, file, '?dryRun=true');
    const checked = dry.json<ImportResult>();
    expect(checked).toMatchObject({ created: 0, updated: 0, skipped: 2, duplicateCount: 2, dryRun: true });
    expect(checked.duplicates).toEqual([
      { row: 2, name: 'Dup Fridge 250L', model: 'WFC-250', earlierRow: null, itemId: fridge?._id },
      { row: 3, name: 'Dup Freezer', model: '', earlierRow: null, itemId: expect.any(String) },
    ]);
    const before = (await liveItems(test.app, clerk)).length;
    const again = await importCsv(test.app, clerk, file, '?duplicates=skip');
    expect(again.json<ImportResult>()).toMatchObject({ created: 0, skipped: 2, dryRun: false });
    expect(await liveItems(test.app, clerk)).toHaveLength(before);

    // A row repeated in one file (spaces and case aside) is named with the row it repeats.
    const repeated =
      'name,img,price,quentity,description,model\r\n' +
      `Twin AC,${IMG},1000,1,First,T-1\r\n` +
      `  twin   ac ,${IMG},1000,1,Second, t-1 \r\n` +
      `Twin AC,${IMG},1000,1,Another model,T-2\r\n`;
    const twice = await importCsv(test.app, clerk, repeated, '?dryRun=true');
    expect(twice.json<ImportResult>()).toMatchObject({
      created: 2,
      skipped: 1,
      duplicateCount: 1,
      duplicates: [{ row: 3, name: 'twin   ac', model: 't-1', earlierRow: 2, itemId: null }],
    });
    const added = await importCsv(test.app, clerk, repeated, '?duplicates=add');
    expect(added.json<ImportResult>()).toMatchObject({ created: 3, skipped: 0, duplicateCount: 1 });

    // update: the live item a row matches takes the row's details and quantity.
    const changed = file.replace('30000,4', '31000,6');
    const updated = await importCsv(test.app, clerk, changed, '?duplicates=update');
    expect(updated.json<ImportResult>()).toMatchObject({ created: 0, updated: 1, unchanged: 1, skipped: 0 });
    const after = (await liveItems(test.app, clerk)).filter((item) => item.name === 'Dup Fridge 250L');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ _id: fridge?._id, price: 31000, quentity: 6 });
    expect(await liveItems(test.app, clerk)).toHaveLength(before + 3);
  });

  it("reads Excel's semicolon CSV and tab-separated text the same in the preview and the import, quantity as quentity", async () => {
    const semicolon =
      '\uFEFFname;img;price;quantity;description;lowStockThreshold\r\n' +
      `Semi AC;${IMG};45000.5;3;"One; two, three";2\r\n`;
    const lines = await importLines(test.app, clerk, semicolon, '?dryRun=true');
    expect(lines.find((line) => line.type === 'preview')).toEqual({
      type: 'preview',
      delimiter: ';',
      rows: [
        ['name', 'img', 'price', 'quantity', 'description', 'lowStockThreshold'],
        ['Semi AC', IMG, '45000.5', '3', 'One; two, three', '2'],
      ],
    });
    expect(lines.at(-1)).toMatchObject({ type: 'result', created: 1, delimiter: ';' });
    const done = await importCsv(test.app, clerk, semicolon);
    expect(done.json<ImportResult>()).toMatchObject({ created: 1, delimiter: ';' });
    expect((await liveItems(test.app, clerk)).find((item) => item.name === 'Semi AC')).toMatchObject({
      price: 45000.5,
      quentity: 3,
      description: 'One; two, three',
      lowStockThreshold: 2,
    });
    const tabs = `name\timg\tprice\tquentity\tdescription\r\nTab AC\t${IMG}\t1\t1\tComma, inside\r\n`;
    expect((await importCsv(test.app, clerk, tabs, '?dryRun=true')).json<ImportResult>()).toMatchObject({
      created: 1,
      delimiter: '\t',
    });
  });

  it('says every refusal with a code, its values and words of its own, never the parser’s', async () => {
    const unclosed = await importCsv(
      test.app,
      clerk,
      `name,img,price,quentity,description\n"A,${IMG},1,1,d\n`,
      '?dryRun=true',
    );
    const body = unclosed.json<ImportRefusal>();
    expect(body.code).toBe('IMPORT_PROBLEMS');
    expect(body.errors).toEqual([
      {
        row: 2,
        field: '',
        code: 'UNCLOSED_QUOTE',
        params: {},
        message: expect.stringContaining('never closed'),
      },
    ]);
    expect(body.errors[0]?.message).not.toMatch(/Quote Not Closed|CSV_/i);
    const header = await importCsv(test.app, clerk, 'name,img,price,quentity,colour\nA,b,1,1,red\n');
    expect(header.json<ImportRefusal>().errors).toEqual([
      expect.objectContaining({ row: 1, code: 'UNKNOWN_COLUMN', params: { column: 'colour' } }),
      expect.objectContaining({ row: 1, code: 'MISSING_COLUMN', params: { column: 'description' } }),
    ]);
    const values = await importCsv(
      test.app,
      clerk,
      `name,img,price,quentity,description\nA,${IMG},x,1,d\nB\n`,
    );
    expect(values.json<ImportRefusal>().errors).toEqual([
      {
        row: 2,
        field: 'price',
        code: 'INVALID_VALUE',
        issue: 'NOT_A_NUMBER',
        params: {},
        message: 'Must be a number',
      },
      {
        row: 3,
        field: '',
        code: 'CELL_COUNT',
        params: { cells: 1, columns: 5 },
        message: expect.any(String),
      },
    ]);
  });

  it('names what is wrong with each refused value by its field issue code and values, as the add form says it', async () => {
    const refused = await importCsv(
      test.app,
      clerk,
      [
        'name,img,price,quentity,description,lowStockThreshold',
        `${'N'.repeat(201)},${IMG},1.005,1,d,`,
        `B,ftp://example.com/b.png,1,-3,d,-2`,
        `C,${IMG},100000000,1000001,,x`,
      ].join('\n'),
      '?dryRun=true',
    );
    expect(refused.statusCode).toBe(422);
    const body = refused.json<ImportRefusal>();
    expect(body.code).toBe('IMPORT_PROBLEMS');
    expect(
      body.errors.map(({ row, field, code, issue, params, message }) => ({
        row,
        field,
        code,
        issue,
        params,
        message,
      })),
    ).toEqual([
      {
        row: 2,
        field: 'name',
        code: 'INVALID_VALUE',
        issue: 'TOO_LONG',
        params: { max: 200 },
        message: 'At most 200 characters',
      },
      {
        row: 2,
        field: 'price',
        code: 'INVALID_VALUE',
        issue: 'TOO_MANY_DECIMALS',
        params: {},
        message: 'At most 2 decimals',
      },
      {
        row: 3,
        field: 'img',
        code: 'INVALID_VALUE',
        issue: 'NOT_IMAGE_URL',
        params: { prefix: '/images/' },
        message: 'Must be an http(s) URL or a path under /images/',
      },
      {
        row: 3,
        field: 'quentity',
        code: 'INVALID_VALUE',
        issue: 'NEGATIVE',
        params: {},
        message: 'Must not be negative',
      },
      {
        row: 3,
        field: 'lowStockThreshold',
        code: 'INVALID_VALUE',
        issue: 'NEGATIVE',
        params: {},
        message: 'Must not be negative',
      },
      {
        row: 4,
        field: 'price',
        code: 'INVALID_VALUE',
        issue: 'TOO_LARGE',
        params: { max: 99_999_999.99 },
        message: 'At most 99999999.99',
      },
      {
        row: 4,
        field: 'quentity',
        code: 'INVALID_VALUE',
        issue: 'TOO_LARGE',
        params: { max: 1_000_000 },
        message: 'At most 1000000',
      },
      {
        row: 4,
        field: 'description',
        code: 'INVALID_VALUE',
        issue: 'REQUIRED',
        params: {},
        message: 'Required',
      },
      {
        row: 4,
        field: 'lowStockThreshold',
        code: 'INVALID_VALUE',
        issue: 'NOT_THRESHOLD',
        params: {},
        message: 'Must be a whole number, or empty for none',
      },
    ]);
  });

  it(
    'exports every cell with CR or LF quoted, and a round trip gives back the same names and thresholds',
    async () => {
      const names = [
        'Line\nbreak AC',
        'Windows\r\nbreak AC',
        'Old Mac\rbreak AC',
        'Walton "Crystal", 2 Ton',
        'Break\n   then leading spaces',
        'ওয়ালটন\nফ্রিজ, "২৫০ লিটার"',
      ];
      const made: Product[] = [];
      for (const [index, name] of names.entries()) {
        made.push(
          await addProduct(test.app, clerk, {
            name,
            model: `RT-${index}`,
            lowStockThreshold: index === 0 ? null : index,
          }),
        );
      }
      const text = await exportText(test.app, clerk, '/api/export/products.csv');
      const [header = [], ...rows] = rfc4180(text);
      expect(header).toEqual(expect.arrayContaining([...PRODUCT_CSV_COLUMNS]));
      expect(rows.every((row) => row.length === header.length)).toBe(true);
      const byId = new Map(rows.map((row) => [row[header.indexOf('_id')], row]));
      for (const item of made) {
        const row = byId.get(item._id) ?? [];
        expect(row[header.indexOf('name')]).toBe(item.name);
        expect(row[header.indexOf('lowStockThreshold')]).toBe(String(item.lowStockThreshold ?? ''));
      }
      const history = rfc4180(await exportText(test.app, clerk, '/api/export/history.csv'));
      expect(history.every((row) => row.length === history[0]?.length)).toBe(true);
      expect(history.map((row) => row[2])).toEqual(expect.arrayContaining(names));

      const fresh = await createTestApp(engine);
      try {
        const importer = await newClerk(fresh.app);
        const response = await importCsv(fresh.app, importer, text);
        expect(response.statusCode, response.body).toBe(200);
        const after = new Map((await liveItems(fresh.app, importer)).map((item) => [item._id, item]));
        for (const item of made) {
          expect(after.get(item._id)).toMatchObject({
            name: item.name,
            lowStockThreshold: item.lowStockThreshold,
          });
        }
      } finally {
        await fresh.close();
      }
    },
    FRESH_INSTANCE_TIMEOUT_MS,
  );
});
