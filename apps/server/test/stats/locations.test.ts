import type {
  Location,
  LocationDayMoves,
  Product,
  StatsDaily,
  StatsLocations,
  StatsMovements,
} from '@walton/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Stock moved between the Main warehouse and a showroom through the API at chosen moments (the
 * app's clock is the test's), and the dashboard's figures per location compared with a count by
 * hand. Dhaka is UTC+6: 17:30 and 18:30 UTC on 9 March fall on 9 and 10 March there.
 */
describe.each(TEST_ENGINES)('stats by location on %s', (engine) => {
  let now = new Date('2026-02-08T10:00:00Z');
  let ctx: TestApp;
  let api: ApiRecorder;
  let clerk: Clerk;
  let x: Product;
  let showroom: Location;

  const at = (iso: string) => {
    now = new Date(iso);
  };
  const send = async (method: 'PUT' | 'DELETE' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: clerk.session,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response;
  };
  const newLocation = async (name: string, kind: Location['kind']) =>
    (await send('POST', '/api/locations', { name, kind })).json<Location>();
  const deliver = (product: Product, newQuentity: number, locationId?: string) =>
    send('PUT', `/api/product/${product._id}`, { newQuentity, ...(locationId ? { locationId } : {}) });
  const restock = (product: Product, newQuentity: number, locationId: string) =>
    send('PUT', `/api/products/${product._id}`, { newQuentity, locationId });
  const transfer = (product: Product, from: string, to: string, quantity: number) =>
    send('POST', `/api/product/${product._id}/transfers`, { from, to, quantity });
  const get = (route: string, query: Record<string, string> = {}) =>
    api.call('GET', route, { headers: clerk.session, query });
  const movements = async (location: string, days = '30') => {
    const response = await get('/api/stats/movements', { days, location });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StatsMovements>();
  };
  const quiet = (day: string): LocationDayMoves => ({
    day,
    delivered: 0,
    restocked: 0,
    transferredOut: 0,
    transferredIn: 0,
  });

  beforeAll(async () => {
    ctx = await createTestApp(engine, { TIME_ZONE: 'Asia/Dhaka' }, { clock: () => now });
    api = new ApiRecorder(ctx.app);
    clerk = await newClerk(ctx.app);
    // Dhaka 8 February 16:00: X and Y open with stock at the Main warehouse.
    x = await addProduct(ctx.app, clerk, { name: 'Item X', price: 100.5, quentity: 10 });
    const y = await addProduct(ctx.app, clerk, { name: 'Item Y', price: 2000, quentity: 4 });
    showroom = await newLocation('Mirpur Showroom', 'showroom');
    await newLocation('Dhaka Van', 'vehicle');
    const depot = await newLocation('Old Depot', 'warehouse');
    await send('PATCH', `/api/locations/${depot.id}`, { active: false });
    at('2026-02-08T17:00:00Z'); // Dhaka 8 February 23:00: before the 30 days ending 10 March
    await restock(x, 11, showroom.id);
    at('2026-02-08T20:00:00Z'); // Dhaka 9 February 02:00: the first of those days
    await restock(x, 12, showroom.id);
    at('2026-03-09T17:30:00Z'); // Dhaka 9 March 23:30
    await restock(x, 15, showroom.id); // showroom 5
    await transfer(x, 'main', showroom.id, 5); // main 5, showroom 10
    at('2026-03-09T18:30:00Z'); // Dhaka 10 March 00:30
    await deliver(x, 14, showroom.id); // showroom 9
    await deliver(x, 13); // main 4
    await transfer(x, showroom.id, 'main', 2); // showroom 7, main 6
    await deliver(y, 3); // main: Y 3
    at('2026-03-10T05:00:00Z'); // Dhaka 10 March 11:00
    // Z's units at the showroom, and Y's at the main warehouse, leave the figures with them.
    const z = await addProduct(ctx.app, clerk, { name: 'Item Z', price: 1.25, quentity: 2 });
    await transfer(z, 'main', showroom.id, 2);
    await send('DELETE', `/api/product/${z._id}`);
    await send('DELETE', `/api/product/${y._id}`);
    at('2026-03-10T12:00:00Z'); // Dhaka 10 March 18:00: "today" is 10 March
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('gives the units of live items and their value at each location', async () => {
    const response = await get('/api/stats/locations');
    expect(response.statusCode, response.body).toBe(200);
    // The default first, then by name; the inactive depot holds nothing and is left out.
    expect(response.json<StatsLocations>().locations).toEqual([
      { id: 'main', name: 'Main warehouse', kind: 'warehouse', units: 6, stockValue: '603.00' },
      { id: expect.any(String), name: 'Dhaka Van', kind: 'vehicle', units: 0, stockValue: '0.00' },
      { id: showroom.id, name: 'Mirpur Showroom', kind: 'showroom', units: 7, stockValue: '703.50' },
    ]);
  });

  it("counts a location's Delivered, restocks and transfers on its days", async () => {
    const atShowroom = await movements(showroom.id);
    expect(atShowroom.timeZone).toBe('Asia/Dhaka');
    expect(atShowroom.location).toBe(showroom.id);
    expect(atShowroom.days).toHaveLength(30);
    expect(atShowroom.days[0]).toEqual({ ...quiet('2026-02-09'), restocked: 1 });
    expect(atShowroom.days.slice(-2)).toEqual([
      { ...quiet('2026-03-09'), restocked: 3, transferredIn: 5 },
      { ...quiet('2026-03-10'), delivered: 1, transferredOut: 2, transferredIn: 2 },
    ]);
    expect(atShowroom.days.slice(1, -2)).toEqual(atShowroom.days.slice(1, -2).map((day) => quiet(day.day)));

    const atMain = await movements('main');
    expect(atMain.days.slice(-2)).toEqual([
      { ...quiet('2026-03-09'), transferredOut: 5 },
      { ...quiet('2026-03-10'), delivered: 2, transferredOut: 2, transferredIn: 2 },
    ]);
    expect(atMain.days.slice(0, -2)).toEqual(atMain.days.slice(0, -2).map((day) => quiet(day.day)));
    expect((await movements(showroom.id, '90')).days).toHaveLength(90);
  });

  it('leaves transfers out of the warehouse-wide days', async () => {
    const response = await get('/api/stats/daily', { days: '30' });
    expect(response.statusCode, response.body).toBe(200);
    const daily = response.json<StatsDaily>();
    expect(daily.days[0]).toMatchObject({ day: '2026-02-09', delivered: 0, restocked: 1 });
    expect(daily.days.slice(-2)).toMatchObject([
      { day: '2026-03-09', delivered: 0, restocked: 3 },
      { day: '2026-03-10', delivered: 3, restocked: 0 },
    ]);
  });

  it("counts history rows that name no location as the default location's", async () => {
    const before = await movements('main');
    await sql`update product_history set from_location_id = null where from_location_id = 'main' and kind = 'delivered'`.execute(
      ctx.app.database.db,
    );
    // A change empties the kept answers: one more Delivered from the default location today (main 5).
    await deliver(x, 12);
    const fresh = await movements('main');
    expect(fresh.days.slice(-1)).toEqual([{ ...before.days.at(-1), delivered: 3 }]);
  });

  it('refuses an unknown location and a missing one', async () => {
    const unknown = await get('/api/stats/movements', { days: '30', location: 'nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NO_SUCH_LOCATION' });
    expect((await get('/api/stats/movements', { days: '30' })).statusCode).toBe(400);
    expect((await get('/api/stats/movements', { days: '7', location: 'main' })).statusCode).toBe(400);
    await api.expectDocumented();
  });
});
