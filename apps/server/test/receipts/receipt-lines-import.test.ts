import type { ImportRefusal, Receipt, ReceiptLinesImport } from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A new receipt's lines read from a supplier's delivery note (POST /api/import/receipt-lines), on
 * every engine: items by id or model, all or nothing, each row problem with its code; a receipt's
 * export reads back as its lines.
 */
describe.each(TEST_ENGINES)("a receipt's lines from a delivery note's CSV (%s)", (engine) => {
  let test: TestApp;
  let api: ApiRecorder;
  let clerk: Clerk;
  let modelCounter = 0;
  const model = () => {
    modelCounter += 1;
    return `WDN-${engine}-${modelCounter}`;
  };

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    api = new ApiRecorder(test.app);
    clerk = await newClerk(test.app, 'Receiving Clerk');
  }, 60_000);

  afterAll(async () => {
    await api.expectDocumented();
    await test.close();
  });

  const importCsv = (body: string, as: Clerk = clerk) =>
    api.call('POST', '/api/import/receipt-lines', {
      headers: { ...as.session, 'content-type': 'text/csv' },
      payload: body,
    });
  const refusedWith = (answer: { statusCode: number; json: <T>() => T; body: string }) => {
    expect(answer.statusCode, answer.body).toBe(422);
    const refusal = answer.json<ImportRefusal>();
    expect(refusal.code).toBe('IMPORT_PROBLEMS');
    return refusal.errors.map(({ row, field, code }) => [row, field, code]);
  };

  it('reads the lines by productId or model, in order, and they declare a receipt', async () => {
    const fan = await addProduct(test.app, clerk, { quentity: 0, model: model() });
    const fridge = await addProduct(test.app, clerk, { quentity: 0, model: model() });
    // A spreadsheet's semicolons and byte-order mark; the model's case and spaces aside.
    const answer = await importCsv(
      `\uFEFFproductId;model;expected\r\n${fan._id.toUpperCase()};;12\r\n;  ${fridge.model?.toLowerCase()} ;3\r\n`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const read = answer.json<ReceiptLinesImport>();
    expect(read).toEqual({
      delimiter: ';',
      lines: [
        { productId: fan._id, expected: 12 },
        { productId: fridge._id, expected: 3 },
      ],
    });
    const declared = await api.call('POST', '/api/receipts', {
      headers: clerk.session,
      payload: { supplier: clerk.email, locationId: 'main', reference: 'DN-CSV', lines: read.lines },
    });
    expect(declared.statusCode, declared.body).toBe(201);
    expect(declared.json<Receipt>().lines.map(({ productId, expected }) => [productId, expected])).toEqual([
      [fan._id, 12],
      [fridge._id, 3],
    ]);
  });

  it('refuses the whole file, naming each row problem by its code', async () => {
    const fan = await addProduct(test.app, clerk, { quentity: 0, model: model() });
    const shared = model();
    await addProduct(test.app, clerk, { quentity: 0, model: shared });
    await addProduct(test.app, clerk, { quentity: 0, model: shared });
    const rows = [
      'productId,model,expected',
      `${fan._id},,2`,
      'no-such-item,,1',
      `,${shared},1`,
      `,${fan.model},4`,
      ',,1',
      `${fan._id},,-1`,
      'x,,1.5,extra',
    ];
    expect(refusedWith(await importCsv(rows.join('\r\n')))).toEqual([
      [3, 'productId', 'UNKNOWN_ITEM'],
      [4, 'model', 'MODEL_AMBIGUOUS'],
      [5, 'model', 'REPEATED_ITEM'],
      [6, 'model', 'ITEM_REQUIRED'],
      [7, 'expected', 'INVALID_VALUE'],
      [7, 'productId', 'REPEATED_ITEM'],
      [8, '', 'CELL_COUNT'],
    ]);
    const invalid = await importCsv(`productId,expected\r\n${fan._id},1.5\r\n`);
    expect(invalid.json<ImportRefusal>().errors).toEqual([
      expect.objectContaining({ row: 2, field: 'expected', code: 'INVALID_VALUE', issue: 'NOT_WHOLE' }),
    ]);
    const notNumber = await importCsv(`productId,expected\r\n${fan._id},many\r\n`);
    expect(notNumber.json<ImportRefusal>().errors).toEqual([
      expect.objectContaining({ row: 2, code: 'INVALID_VALUE', issue: 'NOT_A_NUMBER' }),
    ]);
  });

  it('checks the header: the item and expected named, each once, no unknown column', async () => {
    expect(refusedWith(await importCsv('productId,quantity\r\nx,1\r\n'))).toEqual([
      [1, 'quantity', 'UNKNOWN_COLUMN'],
      [1, 'expected', 'MISSING_COLUMN'],
    ]);
    expect(refusedWith(await importCsv('expected,expected\r\n1,1\r\n'))).toEqual([
      [1, 'expected', 'REPEATED_COLUMN'],
      [1, 'productId', 'MISSING_COLUMN'],
    ]);
    expect(refusedWith(await importCsv('\r\n'))).toEqual([[1, '', 'EMPTY']]);
  });

  // Who may read a delivery note (receipt.create) is the authorization matrix's.
  it("reads a receipt's export back as its lines", async () => {
    const fan = await addProduct(test.app, clerk, { quentity: 0 });
    const kettle = await addProduct(test.app, clerk, { quentity: 0 });
    const declared = await api.call('POST', '/api/receipts', {
      headers: clerk.session,
      payload: {
        supplier: clerk.email,
        locationId: 'main',
        lines: [
          { productId: kettle._id, expected: 7 },
          { productId: fan._id, expected: 0 },
        ],
      },
    });
    expect(declared.statusCode, declared.body).toBe(201);
    const exported = await test.app.inject({
      method: 'GET',
      url: `/api/receipts/${declared.json<Receipt>().id}/export.csv`,
      headers: clerk.session,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const answer = await importCsv(exported.body);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<ReceiptLinesImport>().lines).toEqual([
      { productId: kettle._id, expected: 7 },
      { productId: fan._id, expected: 0 },
    ]);
  });
});
