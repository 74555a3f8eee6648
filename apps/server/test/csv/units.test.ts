import {
  type ImportRefusal,
  type Product,
  UNIT_CSV_COLUMNS,
  type Unit,
  type UnitImportResult,
} from '@walton/contract';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { ApiRecorder, addLocation, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const csvRows = (text: string): string[][] => parse(text, { bom: true });

/** The units CSV on every engine: exported as they are, imported through the one change path, all or nothing. */
describe.each(TEST_ENGINES)('units CSV on %s', (engine) => {
  let test: TestApp;
  let api: ApiRecorder;
  let port: number;
  let clerk: Clerk;
  let showroom: string;
  let serialCounter = 0;
  /** A serial no other test of this run uses. */
  const serial = (prefix = 'CSV') => {
    serialCounter += 1;
    return `${prefix}-${engine}-${serialCounter}`;
  };
  let modelCounter = 0;
  const model = () => {
    modelCounter += 1;
    return `WSU-${engine}-${modelCounter}`;
  };

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    api = new ApiRecorder(test.app);
    port = await listenOnLoopback(test.app);
    clerk = await newClerk(test.app, 'Unit Clerk');
    showroom = await addLocation(test.app, clerk, 'Banani Showroom', 'showroom');
    const van = await addLocation(test.app, clerk, 'Van 9', 'vehicle');
    const off = await test.app.inject({
      method: 'PATCH',
      url: `/api/locations/${van}`,
      headers: clerk.session,
      payload: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await api.expectDocumented();
    await test.close();
  });

  const tracked = (overrides: Partial<Parameters<typeof addProduct>[2]> = {}) =>
    addProduct(test.app, clerk, { quentity: 0, serialTracked: true, model: model(), ...overrides });
  const importCsv = (body: string, dryRun = false) =>
    api.call('POST', '/api/import/units', {
      headers: { ...clerk.session, 'content-type': 'text/csv' },
      payload: body,
      query: dryRun ? { dryRun: 'true' } : {},
    });
  const get = async <T>(url: string): Promise<T> => {
    const answer = await test.app.inject({ method: 'GET', url, headers: clerk.session });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<T>();
  };
  const item = (id: string) => get<Product>(`/api/product/${id}`);
  const levels = async (id: string) =>
    (await get<Array<{ locationId: string; quantity: number }>>(`/api/product/${id}/stock`)).map(
      ({ locationId, quantity }) => ({ locationId, quantity }),
    );
  const unitsOf = (id: string) => get<Unit[]>(`/api/product/${id}/units?limit=500`);
  const unitNamed = (serialNumber: string) =>
    test.app.inject({
      method: 'GET',
      url: `/api/units/${encodeURIComponent(serialNumber)}`,
      headers: clerk.session,
    });
  const problemsOf = (answer: LightMyRequestResponse) => {
    expect(answer.statusCode, answer.body).toBe(422);
    const refusal = answer.json<ImportRefusal>();
    expect(refusal.code).toBe('IMPORT_PROBLEMS');
    // By row: the checks of the cells come first, those against the stored units a batch later.
    return refusal.errors
      .map(({ row, field, code }) => [row, field, code])
      .sort(([a], [b]) => Number(a) - Number(b));
  };

  it('exports every unit with its item, location, status and warranty, streamed as CSV', async () => {
    const product = await tracked({ warrantyMonths: 6 });
    const [indoor, outdoor, other] = [serial('IN'), serial('OUT'), serial()];
    const registered = await test.app.inject({
      method: 'POST',
      url: `/api/product/${product._id}/units`,
      headers: clerk.session,
      payload: { units: [{ serial: indoor, pairedSerial: outdoor }, { serial: `=${other}` }] },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const dispatched = await test.app.inject({
      method: 'POST',
      url: `/api/units/${encodeURIComponent(indoor)}/dispatch`,
      headers: clerk.session,
      payload: { customer: { name: 'Rahim Mia' } },
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const [sold] = dispatched.json<{ units: Unit[] }>().units;

    const answer = await api.call('GET', '/api/export/units.csv', { headers: clerk.session });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/walton-units-\d{4}-\d{2}-\d{2}\.csv/);
    expect(answer.body).not.toContain('Rahim');
    const [header, ...rows] = csvRows(answer.body);
    expect(header).toEqual([...UNIT_CSV_COLUMNS]);
    const mine = rows.filter((row) => row[2] === product._id);
    expect(mine).toEqual([
      [
        indoor,
        outdoor,
        product._id,
        product.model,
        '',
        'dispatched',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        sold?.dispatchedAt,
        sold?.warrantyUntil,
      ],
      // A serial that looks like a formula is escaped, as in every export.
      [
        `'=${other}`,
        '',
        product._id,
        product.model,
        'Main warehouse',
        'in_stock',
        expect.any(String),
        '',
        '',
      ],
    ]);
    const unauthenticated = await api.call('GET', '/api/export/units.csv');
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('exports more units than one page of the database holds, each once', async () => {
    const product = await tracked();
    const prefix = serial('PAGE');
    for (let batch = 0; batch < 3; batch += 1) {
      const registered = await test.app.inject({
        method: 'POST',
        url: `/api/product/${product._id}/units`,
        headers: clerk.session,
        payload: {
          units: Array.from({ length: 500 }, (_, index) => ({ serial: `${prefix}-${batch}-${index}` })),
        },
      });
      expect(registered.statusCode, registered.body).toBe(200);
    }
    const answer = await api.call('GET', '/api/export/units.csv', { headers: clerk.session });
    const serials = csvRows(answer.body)
      .slice(1)
      .filter((row) => row[2] === product._id)
      .map((row) => row[0]);
    expect(serials).toHaveLength(1500);
    expect(new Set(serials).size).toBe(1500);
    expect((await item(product._id)).quentity).toBe(1500);
  });

  it('registers the units of a file, one change per item and location, after a dry run that writes nothing', async () => {
    const first = await tracked();
    const second = await tracked();
    const [a, b, c, d, dOut] = [serial(), serial(), serial(), serial(), serial('OUT')];
    const file = [
      'serial,pairedSerial,productId,model,location,status',
      `${a},,,${first.model?.toLowerCase()},,in_stock`,
      `${b},,,${first.model},  banani showroom ,`,
      `${c},,,${first.model},,`,
      `${d},${dOut},${second._id},,Banani Showroom,in_stock`,
    ].join('\r\n');

    const dry = await importCsv(file, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<UnitImportResult>()).toEqual({ registered: 4, changes: 3, dryRun: true, delimiter: ',' });
    expect((await item(first._id)).quentity).toBe(0);
    expect((await unitNamed(a)).statusCode).toBe(404);

    const done = await importCsv(file);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<UnitImportResult>()).toEqual({
      registered: 4,
      changes: 3,
      dryRun: false,
      delimiter: ',',
    });
    expect(await item(first._id)).toMatchObject({ quentity: 3, version: 3 });
    expect(await item(second._id)).toMatchObject({ quentity: 1, version: 2 });
    expect(await levels(first._id)).toEqual(
      expect.arrayContaining([
        { locationId: 'main', quantity: 2 },
        { locationId: showroom, quantity: 1 },
      ]),
    );
    expect(await levels(second._id)).toEqual([{ locationId: showroom, quantity: 1 }]);
    expect((await unitsOf(second._id)).map((unit) => [unit.serial, unit.pairedSerial, unit.status])).toEqual([
      [d, dOut, 'in_stock'],
    ]);
    const history = await get<Array<{ kind: string; delta: number }>>(`/api/product/${first._id}/history`);
    expect(history.map((entry) => [entry.kind, entry.delta]).sort()).toEqual(
      [
        ['created', 0],
        ['restocked', 1],
        ['restocked', 2],
      ].sort(),
    );
    const life = (await unitNamed(dOut.toLowerCase())).json<{
      unit: Unit;
      history: Array<{ kind: string }>;
    }>();
    expect(life.unit.serial).toBe(d);
    expect(life.history.map((entry) => entry.kind)).toEqual(['restocked']);

    // The same file again: every serial is taken now, and nothing more is added.
    expect(problemsOf(await importCsv(file))).toEqual([
      [2, 'serial', 'SERIAL_TAKEN'],
      [3, 'serial', 'SERIAL_TAKEN'],
      [4, 'serial', 'SERIAL_TAKEN'],
      [5, 'serial', 'SERIAL_TAKEN'],
      [5, 'pairedSerial', 'SERIAL_TAKEN'],
    ]);
    expect((await item(first._id)).quentity).toBe(3);
  });

  it('reads its own export back: its columns are accepted, units already known refused', async () => {
    const product = await tracked();
    const known = serial();
    const registered = await test.app.inject({
      method: 'POST',
      url: `/api/product/${product._id}/units`,
      headers: clerk.session,
      payload: { units: [{ serial: known }] },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const exported = (await api.call('GET', '/api/export/units.csv', { headers: clerk.session })).body;
    const [header = [], ...rows] = csvRows(exported);
    expect(header).toEqual([...UNIT_CSV_COLUMNS]);
    // The export's header and this item's row, as the export wrote them.
    const lines = exported.split('\r\n');
    const row = rows.findIndex((cells) => cells[0] === known);
    expect(row).toBeGreaterThanOrEqual(0);
    const answer = await importCsv(`${lines[0]}\r\n${lines[row + 1]}\r\n`);
    expect(answer.statusCode, answer.body).toBe(422);
    expect(answer.json<ImportRefusal>().errors).toEqual([
      expect.objectContaining({ row: 2, field: 'serial', code: 'SERIAL_TAKEN', params: { serial: known } }),
    ]);
  });

  it('refuses a file with any bad row whole, naming each row, its column and its code', async () => {
    const good = await tracked();
    const plain = await addProduct(test.app, clerk, { quentity: 0, model: model() });
    const twin = model();
    await tracked({ model: twin, name: 'Twin one' });
    await tracked({ model: twin, name: 'Twin two' });
    const taken = serial();
    const registered = await test.app.inject({
      method: 'POST',
      url: `/api/product/${good._id}/units`,
      headers: clerk.session,
      payload: { units: [{ serial: taken }] },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const [fine, repeated, paired] = [serial(), serial(), serial()];
    const file = [
      'serial;pairedSerial;model;location;status',
      `${fine};;${good.model};;`,
      `${taken.toLowerCase()};;${good.model};;`,
      `${serial()};;NO-SUCH-MODEL;;`,
      `${serial()};;${good.model};Nowhere;`,
      `${serial()};;${good.model};van 9;`,
      `${serial()};;${plain.model};;`,
      `${repeated};${paired};${good.model};;`,
      ` ${repeated.toUpperCase()} ;;${good.model};;`,
      `${serial()};${paired};${good.model};;`,
      `${serial()};;${good.model};;dispatched`,
      `${serial()};;${twin};;`,
      `${'S'.repeat(65)};;${good.model};;`,
      `${serial()};;;;`,
      `${serial()};;${good.model}`,
    ].join('\n');
    expect(problemsOf(await importCsv(file))).toEqual([
      [3, 'serial', 'SERIAL_TAKEN'],
      [4, 'model', 'UNKNOWN_ITEM'],
      [5, 'location', 'UNKNOWN_LOCATION'],
      [6, 'location', 'LOCATION_INACTIVE'],
      [7, 'model', 'ITEM_NOT_TRACKED'],
      [9, 'serial', 'REPEATED_SERIAL'],
      [10, 'pairedSerial', 'REPEATED_SERIAL'],
      [11, 'status', 'STATUS_NOT_IN_STOCK'],
      [12, 'model', 'MODEL_AMBIGUOUS'],
      [13, 'serial', 'INVALID_VALUE'],
      [14, 'model', 'ITEM_REQUIRED'],
      [15, '', 'CELL_COUNT'],
    ]);
    const refusal = (await importCsv(file)).json<ImportRefusal>();
    expect(refusal.errors.find((problem) => problem.row === 9)).toMatchObject({
      params: { serial: repeated.toUpperCase(), row: 8 },
      message: `The serial ${repeated.toUpperCase()} is on row 8 too`,
    });
    expect(refusal.errors.find((problem) => problem.row === 13)).toMatchObject({ issue: 'NOT_SERIAL' });
    // Nothing written: not even the rows without a problem.
    expect((await item(good._id)).quentity).toBe(1);
    expect((await unitNamed(fine)).statusCode).toBe(404);
    expect((await unitNamed(repeated)).statusCode).toBe(404);
  });

  it('refuses bad files sent as raw HTTP with a code, never a 500', async () => {
    const send = (body: string, contentType = 'text/csv', cookie = clerk.cookie) =>
      rawHttp(port, {
        method: 'POST',
        target: '/api/import/units',
        headers: { cookie, 'content-type': contentType },
        body,
      });
    const codes = async (body: string) => {
      const answer = await send(body);
      expect(answer.status, answer.body).toBe(422);
      return JSON.parse(answer.body).errors.map((problem: { code: string; field: string }) => [
        problem.field,
        problem.code,
      ]);
    };
    expect(await codes('')).toEqual([['', 'EMPTY']]);
    expect(await codes('pairedSerial,location\r\nA,B\r\n')).toEqual([
      ['serial', 'MISSING_COLUMN'],
      ['model', 'MISSING_COLUMN'],
    ]);
    expect(await codes('serial,model,colour\r\nA,B,red\r\n')).toEqual([['colour', 'UNKNOWN_COLUMN']]);
    expect(await codes('serial,model,serial\r\nA,B,C\r\n')).toEqual([['serial', 'REPEATED_COLUMN']]);
    expect(await codes('serial,model\r\n"A,B\r\n')).toEqual([['', 'UNCLOSED_QUOTE']]);
    expect(await codes('serial,model\r\nA\u0000,B\r\n')).toEqual([['', 'NUL']]);
    const json = await send('{"serial":"A"}', 'application/json');
    expect(json.status, json.body).toBe(415);
    expect(JSON.parse(json.body).code).toBe('IMPORT_NO_FILE');
    const query = await rawHttp(port, {
      method: 'POST',
      target: '/api/import/units?dryRun=maybe',
      headers: { cookie: clerk.cookie, 'content-type': 'text/csv' },
      body: 'serial,model\r\n',
    });
    expect(query.status, query.body).toBe(400);
    expect(JSON.parse(query.body).code).toBe('VALIDATION_FAILED');
    const signedOut = await send('serial,model\r\nA,B\r\n', 'text/csv', '');
    expect(signedOut.status).toBe(401);
    const latin1 = await api.call('POST', '/api/import/units', {
      headers: { ...clerk.session, 'content-type': 'text/csv' },
      payload: Buffer.from('serial,model\r\nCaf\u00e9,B\r\n', 'latin1'),
    });
    expect(latin1.statusCode, latin1.body).toBe(422);
    expect(latin1.json<ImportRefusal>().code).toBe('IMPORT_NOT_UTF8');
  });
});
