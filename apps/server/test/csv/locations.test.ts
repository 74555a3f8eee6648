import {
  apiErrorText,
  type ImportRefusal,
  type LocationStock,
  type Product,
  STOCK_BY_LOCATION_CSV_COLUMNS,
} from '@walton/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import {
  ApiRecorder,
  addLocation,
  addProduct,
  type Clerk,
  newClerk,
  transferStock,
} from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const BOM = '\uFEFF';
const HEADER = 'name,img,price,quentity,description,model,location';
const IMG = 'https://example.com/item.png';

const csvRows = (text: string): string[][] => parse(text, { bom: true });

describe.each(TEST_ENGINES)('CSV and locations on %s', (engine) => {
  let test: TestApp;
  let api: ApiRecorder;
  let clerk: Clerk;
  let showroomId: string;
  let vanId: string;

  beforeAll(async () => {
    test = await createTestApp(engine, { WRITE_RATE_LIMIT_PER_MINUTE: '0' });
    api = new ApiRecorder(test.app);
    clerk = await newClerk(test.app, 'Location Clerk');
    const place = (name: string, kind: string) => addLocation(test.app, clerk, name, kind);
    showroomId = await place('Mirpur Showroom', 'showroom');
    vanId = await place('Van 7', 'vehicle');
    const deactivated = await test.app.inject({
      method: 'PATCH',
      url: `/api/locations/${vanId}`,
      headers: clerk.session,
      payload: { active: false },
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await api.expectDocumented();
    await test.close();
  });

  const importCsv = (body: string, query: Record<string, string> = {}) =>
    api.call('POST', '/api/import/products', {
      headers: { ...clerk.session, 'content-type': 'text/csv' },
      payload: body,
      query,
    });

  async function stockOf(id: string): Promise<LocationStock[]> {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/product/${id}/stock`,
      headers: clerk.session,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<LocationStock[]>();
  }

  async function liveItems(): Promise<Product[]> {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/product?limit=500',
      headers: clerk.session,
    });
    return response.json<Product[]>();
  }

  const itemNamed = async (name: string) => {
    const item = (await liveItems()).find((product) => product.name === name);
    if (!item) throw new Error(`no live item named ${name}`);
    return item;
  };

  const main = (quantity: number) => ({ locationId: 'main', locationName: 'Main warehouse', quantity });
  const showroom = (quantity: number) => ({
    locationId: showroomId,
    locationName: 'Mirpur Showroom',
    quantity,
  });

  it('exports each live item’s units at each location holding some, after a transfer, formula text escaped', async () => {
    const fridge = await addProduct(test.app, clerk, { name: '=Fridge', model: 'WFE-3', quentity: 10 });
    const fan = await addProduct(test.app, clerk, { name: 'Ceiling fan', model: 'WCF-1', quentity: 4 });
    await addProduct(test.app, clerk, { name: 'Sold out kettle', quentity: 0 });
    const trashed = await addProduct(test.app, clerk, { name: 'Trashed iron', quentity: 2 });
    const moved = await transferStock(test.app, clerk, fridge._id, {
      from: 'main',
      to: showroomId,
      quantity: 3,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/product/${trashed._id}`,
      headers: clerk.session,
    });
    expect(deleted.statusCode).toBe(200);

    const response = await api.call('GET', '/api/export/stock-by-location.csv', { headers: clerk.session });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="walton-stock-by-location-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith(BOM)).toBe(true);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([...STOCK_BY_LOCATION_CSV_COLUMNS]);
    const expected = [
      [fridge._id, "'=Fridge", 'WFE-3', 'main', 'Main warehouse', 'warehouse', '7'],
      [fridge._id, "'=Fridge", 'WFE-3', showroomId, 'Mirpur Showroom', 'showroom', '3'],
      [fan._id, 'Ceiling fan', 'WCF-1', 'main', 'Main warehouse', 'warehouse', '4'],
    ].sort((a, b) => `${a[0]} ${a[3]}`.localeCompare(`${b[0]} ${b[3]}`));
    expect(rows).toEqual(expected);
  });

  it('puts a new item’s opening stock at the location its row names (trimmed, case aside), the default without one', async () => {
    const file = [
      HEADER,
      `Showroom TV,${IMG},52000,5,A television,WTV-55, mirpur SHOWROOM `,
      `Warehouse TV,${IMG},52000,6,A television,WTV-56,`,
    ].join('\r\n');
    const response = await importCsv(file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 2, updated: 0 });
    expect(await stockOf((await itemNamed('Showroom TV'))._id)).toEqual([showroom(5)]);
    expect(await stockOf((await itemNamed('Warehouse TV'))._id)).toEqual([main(6)]);
  });

  it('puts a higher quantity’s difference at the row’s location and takes a lower one’s from it', async () => {
    const ac = await addProduct(test.app, clerk, { name: 'Split AC', model: 'WSI-12', quentity: 4 });
    const oven = await addProduct(test.app, clerk, { name: 'Microwave oven', model: 'WMO-20', quentity: 0 });
    const stocked = await importCsv(
      [HEADER, `Microwave oven,${IMG},9000,5,An oven,WMO-20,Mirpur Showroom`].join('\r\n'),
      { duplicates: 'update' },
    );
    expect(stocked.statusCode, stocked.body).toBe(200);
    expect(await stockOf(oven._id)).toEqual([showroom(5)]);

    const file = [
      HEADER,
      `Split AC,${IMG},45000,9,An air conditioner,WSI-12,Mirpur Showroom`,
      `Microwave oven,${IMG},9000,3,An oven,WMO-20,mirpur showroom`,
    ].join('\r\n');
    const response = await importCsv(file, { duplicates: 'update' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ created: 0, updated: 2 });
    expect(await stockOf(ac._id)).toEqual([main(4), showroom(5)]);
    expect(await stockOf(oven._id)).toEqual([showroom(3)]);
  });

  it('refuses the whole file for an unknown or inactive location, writing nothing', async () => {
    const before = await liveItems();
    const file = [
      HEADER,
      `Good row,${IMG},100,1,Fine,G-1,Mirpur Showroom`,
      `Lost row,${IMG},100,1,Nowhere to go,L-1,Dhaka Moon Base`,
      `Van row,${IMG},100,1,On a parked van,V-1,van 7`,
    ].join('\r\n');
    const response = await importCsv(file);
    expect(response.statusCode, response.body).toBe(422);
    const { code, errors } = response.json<ImportRefusal>();
    expect(code).toBe('IMPORT_PROBLEMS');
    expect(errors).toEqual([
      {
        row: 3,
        field: 'location',
        code: 'UNKNOWN_LOCATION',
        message: 'There is no location named "Dhaka Moon Base"',
        params: { location: 'Dhaka Moon Base' },
      },
      {
        row: 4,
        field: 'location',
        code: 'LOCATION_INACTIVE',
        message: 'Van 7 is inactive: a file may only name active locations',
        params: { location: 'Van 7' },
      },
    ]);
    expect(await liveItems()).toEqual(before);
  });

  it('refuses the whole file when a row’s location holds too few units to take its difference from', async () => {
    const blender = await addProduct(test.app, clerk, { name: 'Blender', model: 'WBL-2', quentity: 4 });
    const before = await liveItems();
    const file = [
      HEADER,
      `Another good row,${IMG},100,1,Fine,G-2,`,
      `Blender,${IMG},3000,2,A blender,WBL-2,Mirpur Showroom`,
    ].join('\r\n');
    const asked: Array<Record<string, string>> = [
      { duplicates: 'update' },
      { duplicates: 'update', dryRun: 'true' },
    ];
    for (const query of asked) {
      const response = await importCsv(file, query);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<ImportRefusal>().errors).toEqual([
        {
          row: 3,
          field: 'quentity',
          code: 'NOT_ENOUGH_AT_LOCATION',
          message: 'Only 0 of this item are at Mirpur Showroom: not enough to take 2',
          params: { available: 0, quantity: 2, location: 'Mirpur Showroom' },
        },
      ]);
    }
    expect(await liveItems()).toEqual(before);
    expect(await stockOf(blender._id)).toEqual([main(4)]);
  });

  it('refuses the whole file when a row sets the quantity of an item tracked by serial number', async () => {
    const tracked = await addProduct(test.app, clerk, {
      name: 'Tracked AC',
      model: 'WSN-9',
      quentity: 0,
      serialTracked: true,
    });
    const before = await liveItems();
    const file = [HEADER, `Tracked AC,${IMG},3000,2,A tracked AC,WSN-9,`].join('\r\n');
    const response = await importCsv(file, { duplicates: 'update' });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ImportRefusal>().errors).toEqual([
      {
        row: 2,
        field: 'quentity',
        code: 'SERIALS_REQUIRED',
        message: apiErrorText('SERIALS_REQUIRED'),
        params: {},
      },
    ]);
    expect(await liveItems()).toEqual(before);
    expect(await stockOf(tracked._id)).toEqual([]);
  });
});
