import {
  type HistoryEntry,
  isLowStock,
  type Product,
  type StatsDaily,
  type StatsSummary,
  type StockSeries,
} from '@walton/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { ApiRecorder, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A history written through the API at chosen moments (the app's clock is the test's), and the
 * dashboard's figures compared with a count by hand. Dhaka is UTC+6: 17:30 and 18:30 UTC on
 * 9 March fall on 9 and 10 March there.
 */
describe.each(TEST_ENGINES)('stats API on %s', (engine) => {
  let now = new Date('2026-03-08T10:00:00Z');
  let ctx: TestApp;
  let api: ApiRecorder;
  let clerk: Clerk;
  let x: Product;
  let y: Product;
  let z: Product;

  const at = (iso: string) => {
    now = new Date(iso);
  };
  const call = async (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: clerk.session,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const deliver = (product: Product, newQuentity: number) =>
    call('PUT', `/api/product/${product._id}`, { newQuentity });
  const restock = (product: Product, newQuentity: number) =>
    call('PUT', `/api/products/${product._id}`, { newQuentity });
  const remove = (product: Product) => call('DELETE', `/api/product/${product._id}`);
  const restore = (product: Product) => call('POST', `/api/product/${product._id}/restore`);
  const get = async <T>(route: string, params: Record<string, string> = {}, query = '') => {
    const response = await api.call('GET', route, {
      params,
      headers: clerk.session,
      ...(query ? { query: { days: query } } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine, { TIME_ZONE: 'Asia/Dhaka' }, { clock: () => now });
    api = new ApiRecorder(ctx.app);
    clerk = await newClerk(ctx.app);
    at('2026-03-08T10:00:00Z'); // Dhaka 8 March 16:00
    x = await addProduct(ctx.app, clerk, {
      name: 'Item X',
      price: 100.5,
      quentity: 10,
      lowStockThreshold: 7,
    });
    y = await addProduct(ctx.app, clerk, { name: 'Item Y', price: 2000, quentity: 5, lowStockThreshold: 4 });
    at('2026-03-09T17:30:00Z'); // Dhaka 9 March 23:30
    await deliver(x, 9);
    await deliver(x, 8);
    at('2026-03-09T18:30:00Z'); // Dhaka 10 March 00:30
    await deliver(x, 7);
    await restock(y, 12);
    at('2026-03-10T05:00:00Z'); // Dhaka 10 March 11:00
    await remove(y);
    z = await addProduct(ctx.app, clerk, { name: 'Item Z', price: 1.25, quentity: 3, lowStockThreshold: 5 });
    await deliver(z, 2);
    at('2026-03-10T06:00:00Z');
    await restore(y);
    await remove(z);
    at('2026-03-10T12:00:00Z'); // Dhaka 10 March 18:00: "today" is 10 March
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('sums the warehouse now and the last days, in Dhaka days', async () => {
    expect(await get<StatsSummary>('/api/stats/summary')).toEqual({
      timeZone: 'Asia/Dhaka',
      today: '2026-03-10',
      liveItems: 2, // X and Y (restored); Z is in the trash
      unitsInStock: 7 + 12,
      stockValue: '24703.50', // 7 × 100.50 + 12 × 2000
      itemsAtOrBelowThreshold: 1, // X (7, alert at 7); Y has 12 (alert at 4); Z is low but in the trash
      deliveredToday: 2, // X at 00:30 and Z at 11:00 Dhaka
      deliveredLast7Days: 4,
      restockedLast7Days: 7,
    });
  });

  it('gives each day its moves and its closing stock', async () => {
    const daily = await get<StatsDaily>('/api/stats/daily', {}, '30');
    expect(daily.days).toHaveLength(30);
    expect(daily.days[0]?.day).toBe('2026-02-09');
    expect(daily.days.slice(-4)).toEqual([
      { day: '2026-03-07', delivered: 0, restocked: 0, unitsInStock: 0, stockValue: '0.00' },
      { day: '2026-03-08', delivered: 0, restocked: 0, unitsInStock: 15, stockValue: '11005.00' },
      // 23:30 Dhaka: two deliveries of X; X 8 × 100.50 + Y 5 × 2000
      { day: '2026-03-09', delivered: 2, restocked: 0, unitsInStock: 13, stockValue: '10804.00' },
      { day: '2026-03-10', delivered: 2, restocked: 7, unitsInStock: 19, stockValue: '24703.50' },
    ]);
    expect(daily.days.slice(0, -3).every((day) => day.unitsInStock === 0 && day.delivered === 0)).toBe(true);
    // Z was delivered before it went to the trash: its delivery still counts.
    expect(daily.topDelivered).toEqual([
      { id: x._id, name: 'Item X', delivered: 3 },
      { id: z._id, name: 'Item Z', delivered: 1 },
    ]);
    expect((await get<StatsDaily>('/api/stats/daily', {}, '90')).days).toHaveLength(90);
  });

  it("draws an item's quantity day by day, restocks marked", async () => {
    const series = await get<StockSeries>('/api/product/:id/stock-series', { id: x._id }, '30');
    expect(series.points).toHaveLength(30);
    expect(series.points.slice(-4)).toEqual([
      { day: '2026-03-07', quantity: 0, delivered: 0, restocked: 0 },
      { day: '2026-03-08', quantity: 10, delivered: 0, restocked: 0 },
      { day: '2026-03-09', quantity: 8, delivered: 2, restocked: 0 },
      { day: '2026-03-10', quantity: 7, delivered: 1, restocked: 0 },
    ]);
    const restocked = await get<StockSeries>('/api/product/:id/stock-series', { id: y._id }, '365');
    expect(restocked.points).toHaveLength(365);
    expect(restocked.points.at(-1)).toEqual({ day: '2026-03-10', quantity: 12, delivered: 0, restocked: 7 });
    // A deleted item keeps its series.
    const trashed = await get<StockSeries>('/api/product/:id/stock-series', { id: z._id }, '90');
    expect(trashed.points.at(-1)).toEqual({ day: '2026-03-10', quantity: 2, delivered: 1, restocked: 0 });
  });

  it('moves the delivery windows as days pass', async () => {
    at('2026-04-08T12:00:00Z'); // the 30 days ending 8 April start on 10 March
    const later = await get<StatsDaily>('/api/stats/daily', {}, '30');
    expect(later.topDelivered.toSorted((a, b) => a.name.localeCompare(b.name))).toEqual([
      { id: x._id, name: 'Item X', delivered: 1 },
      { id: z._id, name: 'Item Z', delivered: 1 },
    ]);
    expect(later.days.at(-1)).toEqual({
      day: '2026-04-08',
      delivered: 0,
      restocked: 0,
      unitsInStock: 19,
      stockValue: '24703.50',
    });
    at('2026-04-09T12:00:00Z');
    expect((await get<StatsDaily>('/api/stats/daily', {}, '30')).topDelivered).toEqual([]);
    expect((await get<StatsDaily>('/api/stats/daily', {}, '90')).topDelivered).toEqual([
      { id: x._id, name: 'Item X', delivered: 3 },
      { id: z._id, name: 'Item Z', delivered: 1 },
    ]);
    const summary = await get<StatsSummary>('/api/stats/summary');
    expect([summary.today, summary.deliveredToday, summary.deliveredLast7Days]).toEqual(['2026-04-09', 0, 0]);
    at('2026-03-10T12:00:00Z');
  });

  it('revalues the stock when a price is edited', async () => {
    const current = await ctx.app.inject({ method: 'GET', url: `/api/product/${x._id}` });
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/product/${x._id}`,
      headers: { ...clerk.session, 'if-match': String(current.headers.etag) },
      payload: { price: 200 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const summary = await get<StatsSummary>('/api/stats/summary');
    expect(summary.stockValue).toBe('25400.00'); // 7 × 200 + 12 × 2000
    expect(summary.unitsInStock).toBe(19);
    const daily = await get<StatsDaily>('/api/stats/daily', {}, '30');
    expect(daily.days.slice(-2).map((day) => day.stockValue)).toEqual(['10804.00', '25400.00']);
  });

  it('refuses other periods, unknown items and anonymous callers', async () => {
    const badDays = await api.call('GET', '/api/stats/daily', {
      headers: clerk.session,
      query: { days: '7' },
    });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.body).toContain('Must be one of 30, 90');
    const badSeries = await api.call('GET', '/api/product/:id/stock-series', {
      params: { id: x._id },
      headers: clerk.session,
      query: { days: '31' },
    });
    expect(badSeries.statusCode).toBe(400);
    const unknown = await api.call('GET', '/api/product/:id/stock-series', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      headers: clerk.session,
    });
    expect(unknown.statusCode).toBe(404);
    for (const url of ['/api/stats/summary', '/api/stats/daily', `/api/product/${x._id}/stock-series`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    await api.expectDocumented();
  });
});

/**
 * The summary's stock figures against a count by hand over the live items (GET /api/product), after
 * every kind of change that can move them: adds, deliveries and restocks across thresholds, price and
 * threshold edits, a revert, deletes and restores, and a CSV import that adds and updates items.
 */
describe.each(TEST_ENGINES)('stats summary against a hand count on %s', (engine) => {
  let ctx: TestApp;
  let clerk: Clerk;

  /** A change through the API; an edit or a revert names the version it read (If-Match). */
  const send = async (
    method: 'PUT' | 'PATCH' | 'DELETE' | 'POST',
    url: string,
    payload?: object,
    of?: Product,
  ) => {
    const current = of && (await ctx.app.inject({ method: 'GET', url: `/api/product/${of._id}` }));
    const response = await ctx.app.inject({
      method,
      url,
      headers: { ...clerk.session, ...(current ? { 'if-match': String(current.headers.etag) } : {}) },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const withSession = async <T>(url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: clerk.session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const paisa = (price: number) => BigInt(Math.round(price * 100));
  const byHand = async () => {
    const live = await withSession<Product[]>('/api/product?limit=500');
    const value = live.reduce((sum, item) => sum + paisa(item.price) * BigInt(item.quentity), 0n);
    return {
      liveItems: live.length,
      unitsInStock: live.reduce((sum, item) => sum + item.quentity, 0),
      stockValue: `${value / 100n}.${String(value % 100n).padStart(2, '0')}`,
      itemsAtOrBelowThreshold: live.filter(isLowStock).length,
    };
  };
  const expectHandCount = async (step: string, expected: { low: number; live: number }) => {
    const counted = await byHand();
    expect([counted.itemsAtOrBelowThreshold, counted.liveItems], step).toEqual([expected.low, expected.live]);
    expect(await withSession<StatsSummary>('/api/stats/summary'), step).toMatchObject(counted);
  };

  beforeAll(async () => {
    ctx = await createTestApp(engine);
    clerk = await newClerk(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  // Some thirty changes and as many reads: long on PGlite on a busy machine.
  it('stays exact through every kind of change', { timeout: 120_000 }, async () => {
    const a = await addProduct(ctx.app, clerk, {
      name: 'A',
      price: 100.5,
      quentity: 10,
      lowStockThreshold: 7,
    });
    const b = await addProduct(ctx.app, clerk, { name: 'B', price: 2000, quentity: 5, lowStockThreshold: 5 });
    const c = await addProduct(ctx.app, clerk, { name: 'C', price: 1.25, quentity: 3 });
    await expectHandCount('added', { low: 1, live: 3 });
    await send('PUT', `/api/product/${a._id}`, { newQuentity: 9 });
    await send('PUT', `/api/product/${a._id}`, { newQuentity: 8 });
    await send('PUT', `/api/product/${a._id}`, { newQuentity: 7 });
    await expectHandCount('delivered down to the threshold', { low: 2, live: 3 });
    await send('PUT', `/api/products/${b._id}`, { newQuentity: 12 });
    await expectHandCount('restocked above it', { low: 1, live: 3 });
    await send('PATCH', `/api/product/${a._id}`, { price: 200 }, a);
    await expectHandCount('price edited', { low: 1, live: 3 });
    await send('PATCH', `/api/product/${c._id}`, { lowStockThreshold: 3 }, c);
    await expectHandCount('a threshold set at the quantity', { low: 2, live: 3 });
    await send('PATCH', `/api/product/${b._id}`, { lowStockThreshold: 12, price: 1999.99 }, b);
    await expectHandCount('a threshold raised to the quantity, with the price', { low: 3, live: 3 });
    const [edit] = await withSession<HistoryEntry[]>(`/api/product/${b._id}/history?limit=1`);
    await send('POST', `/api/product/${b._id}/history/${edit?.id}/revert`, undefined, b);
    await expectHandCount('that edit reverted', { low: 2, live: 3 });
    await send('DELETE', `/api/product/${a._id}`);
    await expectHandCount('a low item deleted', { low: 1, live: 2 });
    await send('POST', `/api/product/${a._id}/restore`);
    await expectHandCount('and restored', { low: 2, live: 3 });
    await send('DELETE', `/api/product/${c._id}`);
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/import/products',
      headers: { ...clerk.session, 'content-type': 'text/csv' },
      payload:
        '_id,name,img,price,quentity,description\n' +
        `${a._id},A,${a.img},150.25,20,${a.description}\n` +
        ',D,/images/products/split-inverter-white.svg,0.99,4,Imported\n',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await expectHandCount('imported: A restocked and repriced, D added', { low: 0, live: 3 });
    await send('PATCH', `/api/product/${a._id}`, { lowStockThreshold: 25 }, a);
    await send('PATCH', `/api/product/${b._id}`, { lowStockThreshold: null }, b);
    await expectHandCount('thresholds raised and cleared', { low: 1, live: 3 });
  });
});
