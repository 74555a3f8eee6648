import { randomUUID } from 'node:crypto';
import type { Count, CountLine, CountScan, CountSummary, HistoryEntry, Product } from '@walton/contract';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_ID } from '../../src/locations/default-location.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk, transferStock } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Stock counts on every engine: started with a snapshot, counted by clerks at once (each scan once
 * per Idempotency-Key), reviewed without false differences from moves during the count, and applied
 * in one transaction of `adjusted` changes through the one change path, or refused with nothing
 * written.
 */
describe.each(TEST_ENGINES)('stock counts (%s)', (engine) => {
  let test: TestApp;
  const clerks = {} as Record<'admin' | 'staff' | 'otherStaff' | 'viewer' | 'supplier', Clerk>;
  let places = 0;
  let serials = 0;
  const serial = () => {
    serials += 1;
    return `CNT-${engine}-${serials}`;
  };

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
    as: Clerk = clerks.staff,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> =>
    test.app.inject({
      method,
      url,
      headers: { ...as.session, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
  const expectRefused = (answer: LightMyRequestResponse, status: number, code: string) => {
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toMatchObject({ code });
  };
  /** A new location of its own for each test, so that a full count sees only that test's items. */
  const newPlace = () => {
    places += 1;
    return addLocation(test.app, clerks.admin, `Count shelf ${engine} ${places}`, 'warehouse');
  };
  /** An item with `units` of it at `place` (moved there from the default location). */
  const stocked = async (place: string, units: number, price = 1000) => {
    const product = await addProduct(test.app, clerks.staff, { quentity: units, price });
    if (units > 0) {
      const moved = await transferStock(test.app, clerks.staff, product._id, {
        from: DEFAULT_LOCATION_ID,
        to: place,
        quantity: units,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return product;
  };
  const start = async (body: Record<string, unknown>, as: Clerk = clerks.staff) => {
    const answer = await call('POST', '/api/counts', body, as);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Count>();
  };
  const scan = (id: string, body: Record<string, unknown>, options: { as?: Clerk; key?: string } = {}) =>
    call(
      'POST',
      `/api/counts/${id}/scans`,
      body,
      options.as,
      options.key === undefined ? {} : { 'idempotency-key': options.key },
    );
  const scanned = async (
    id: string,
    body: Record<string, unknown>,
    options: { as?: Clerk; key?: string } = {},
  ) => {
    const answer = await scan(id, body, options);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<CountScan>();
  };
  const count = async (id: string, as?: Clerk) => {
    const answer = await call('GET', `/api/counts/${id}`, undefined, as);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Count>();
  };
  const lineOf = (read: Count, productId: string): CountLine => {
    const line = read.lines.find((candidate) => candidate.productId === productId);
    if (!line) throw new Error(`no line of ${productId}`);
    return line;
  };
  const apply = (id: string, body: Record<string, unknown> = {}, as?: Clerk) =>
    call('POST', `/api/counts/${id}/apply`, body, as);
  const levelAt = async (productId: string, place: string) =>
    (await call('GET', `/api/product/${productId}/stock`))
      .json<Array<{ locationId: string; quantity: number }>>()
      .find((level) => level.locationId === place)?.quantity ?? 0;
  const item = async (id: string) => (await call('GET', `/api/product/${id}`)).json<Product>();
  const adjustedRows = async (id: string) =>
    (await call('GET', `/api/product/${id}/history?limit=200`))
      .json<HistoryEntry[]>()
      .filter((entry) => entry.kind === 'adjusted');
  const deliverFrom = async (product: Product, place: string) => {
    const current = await item(product._id);
    const answer = await call('PUT', `/api/product/${product._id}`, {
      newQuentity: current.quentity - 1,
      locationId: place,
    });
    expect(answer.statusCode, answer.body).toBe(200);
  };

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerks.admin = await newClerk(test.app, 'Admin');
    for (const role of ['staff', 'otherStaff', 'viewer', 'supplier'] as const) {
      clerks[role] = await newClerk(test.app, role);
    }
    for (const [clerk, role] of [
      [clerks.viewer, 'viewer'],
      [clerks.supplier, 'supplier'],
    ] as const) {
      const changed = await call('PATCH', `/api/users/${clerk.user.id}`, { role }, clerks.admin);
      expect(changed.statusCode, changed.body).toBe(200);
    }
  });
  afterAll(() => test?.close());

  it('counts one location with two clerks, a resend once, moves during it no difference, then applies each difference once', async () => {
    const place = await newPlace();
    const shelf = await newPlace();
    const fans = await stocked(place, 10, 250);
    const coolers = await stocked(place, 6, 1500.5);
    const filters = await stocked(place, 4, 80);
    const started = await start({ locationId: place });
    expect(started).toMatchObject({ status: 'counting', full: true, blind: false, expectedShown: true });
    expect(lineOf(started, fans._id)).toMatchObject({
      snapshot: 10,
      expected: 10,
      counted: 0,
      scanned: false,
    });
    expect([...started.uncounted].sort()).toEqual([fans._id, coolers._id, filters._id].sort());

    // Two clerks count the fans at once; one of them resends a scan (its key again).
    const key = randomUUID();
    const [first, second] = await Promise.all([
      scanned(started.id, { productId: fans._id, quantity: 4 }, { key }),
      scanned(started.id, { productId: fans._id, quantity: 5 }, { as: clerks.otherStaff, key: randomUUID() }),
    ]);
    const again = await scanned(started.id, { productId: fans._id, quantity: 4 }, { key });
    expect(again.id).toBe(first.id);
    expect(second.scannedBy).toBe(clerks.otherStaff.email);
    // The same key with another request is refused.
    expectRefused(
      await scan(started.id, { productId: fans._id, quantity: 3 }, { key }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );

    // A Delivered after the fans were counted, and a transfer of coolers before they were: neither is a difference.
    await deliverFrom(fans, place);
    const moved = await transferStock(test.app, clerks.staff, coolers._id, {
      from: place,
      to: shelf,
      quantity: 2,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await scanned(started.id, { productId: coolers._id, quantity: 4 });
    // Filters: 3 found where 4 were expected.
    await scanned(started.id, { productId: filters._id, quantity: 3 });

    const review = await count(started.id);
    expect(lineOf(review, fans._id)).toMatchObject({
      expected: 10,
      counted: 9,
      difference: -1,
      value: '-250.00',
    });
    expect(lineOf(review, coolers._id)).toMatchObject({
      snapshot: 6,
      expected: 4,
      counted: 4,
      difference: 0,
    });
    expect(lineOf(review, filters._id)).toMatchObject({
      expected: 4,
      counted: 3,
      difference: -1,
      value: '-80.00',
    });
    expect(review.uncounted).toEqual([]);

    const applied = await apply(started.id);
    expect(applied.statusCode, applied.body).toBe(200);
    const done = applied.json<Count>();
    expect(done.status).toBe('applied');
    expect(done.closedBy).toBe(clerks.staff.email);
    // One `adjusted` row per item with a difference, each named by the count.
    expect(
      done.movements
        .map(({ productId, difference }) => ({ productId, difference }))
        .sort((a, b) => (a.productId < b.productId ? -1 : 1)),
    ).toEqual(
      [
        { productId: fans._id, difference: -1 },
        { productId: filters._id, difference: -1 },
      ].sort((a, b) => (a.productId < b.productId ? -1 : 1)),
    );
    // Fans: 9 counted, one delivered since: 8 there now.
    expect(await levelAt(fans._id, place)).toBe(8);
    expect(await levelAt(coolers._id, place)).toBe(4);
    expect(await levelAt(filters._id, place)).toBe(3);
    expect((await item(fans._id)).quentity).toBe(8);
    expect((await item(coolers._id)).quentity).toBe(6);
    const [fansAdjusted, ...more] = await adjustedRows(fans._id);
    expect(more).toEqual([]);
    expect(fansAdjusted).toMatchObject({ kind: 'adjusted', delta: -1, quantityAfter: 8 });
    expect(done.movements.map((movement) => movement.historyId)).toContain(fansAdjusted?.id);
    expect(await adjustedRows(coolers._id)).toEqual([]);

    // Closed: no more scans, no second apply.
    expectRefused(await scan(started.id, { productId: fans._id }), 409, 'COUNT_CLOSED');
    expectRefused(await apply(started.id), 409, 'COUNT_CLOSED');
    const listed = (await call('GET', '/api/counts?status=applied')).json<CountSummary[]>();
    expect(listed.map((summary) => summary.id)).toContain(started.id);
  });

  it('asks what becomes of the items nobody counted: kept as they are, or counted as none', async () => {
    const place = await newPlace();
    const counted = await stocked(place, 3);
    const forgotten = await stocked(place, 5);
    const first = await start({ locationId: place });
    await scanned(first.id, { productId: counted._id, quantity: 3 });
    // An item that arrives during the count and nobody counts is listed too.
    const arrived = await stocked(place, 2);
    expect([...(await count(first.id)).uncounted].sort()).toEqual([forgotten._id, arrived._id].sort());
    expectRefused(await apply(first.id), 409, 'COUNT_UNCOUNTED_ITEMS');
    expect((await count(first.id)).status).toBe('counting');
    const kept = await apply(first.id, { uncounted: 'keep' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Count>().movements).toEqual([]);
    expect(await levelAt(forgotten._id, place)).toBe(5);

    const second = await start({ locationId: place });
    await scanned(second.id, { productId: counted._id, quantity: 3 });
    const zero = await apply(second.id, { uncounted: 'zero' });
    expect(zero.statusCode, zero.body).toBe(200);
    expect(await levelAt(forgotten._id, place)).toBe(0);
    expect(await levelAt(arrived._id, place)).toBe(0);
    expect(await levelAt(counted._id, place)).toBe(3);
    expect((await item(forgotten._id)).quentity).toBe(0);
  });

  it('applies all or nothing: a refusal on the last item leaves every item as it was and the count open', async () => {
    const place = await newPlace();
    const items = await Promise.all([stocked(place, 4), stocked(place, 4), stocked(place, 4)]);
    items.sort((a, b) => (a._id < b._id ? -1 : 1));
    const started = await start({ locationId: place });
    for (const each of items) await scanned(started.id, { productId: each._id, quantity: 6 });
    const last = items.at(-1);
    if (!last) throw new Error('no items');
    // The last item in item order is deleted before applying.
    const deleted = await call('DELETE', `/api/product/${last._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expectRefused(await apply(started.id), 409, 'COUNT_ITEM_GONE');
    for (const each of items.slice(0, -1)) {
      expect(await levelAt(each._id, place)).toBe(4);
      expect(await adjustedRows(each._id)).toEqual([]);
    }
    expect((await count(started.id)).status).toBe('counting');

    // A correction taking more than is there now is refused whole too.
    const restored = await call('POST', `/api/product/${last._id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const other = await newPlace();
    const away = await transferStock(test.app, clerks.staff, last._id, {
      from: place,
      to: other,
      quantity: 4,
    });
    expect(away.statusCode, away.body).toBe(200);
    const low = await stocked(place, 5);
    const again = await start({ locationId: place });
    await scanned(again.id, { productId: low._id, quantity: 1 });
    const gone = await transferStock(test.app, clerks.staff, low._id, {
      from: place,
      to: other,
      quantity: 3,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    for (const each of items.slice(0, -1)) await scanned(again.id, { productId: each._id, quantity: 1 });
    expectRefused(await apply(again.id, { uncounted: 'keep' }), 409, 'COUNT_TAKES_TOO_MANY');
    expect(await levelAt(low._id, place)).toBe(2);
    for (const each of items.slice(0, -1)) expect(await levelAt(each._id, place)).toBe(4);
  });

  it('takes only the items a count of some items names, and an abandoned count takes nothing more', async () => {
    const place = await newPlace();
    const named = await stocked(place, 2);
    const other = await stocked(place, 2);
    const started = await start({ locationId: place, productIds: [named._id] });
    expect(started.full).toBe(false);
    expect(started.lines.map((line) => line.productId)).toEqual([named._id]);
    expectRefused(await scan(started.id, { productId: other._id }), 409, 'ITEM_NOT_ON_COUNT');
    expectRefused(await scan(started.id, { productId: 'no-such-item' }), 400, 'COUNT_ITEM_NOT_FOUND');
    await scanned(started.id, { productId: named._id });
    const abandoned = await call('POST', `/api/counts/${started.id}/abandon`);
    expect(abandoned.statusCode, abandoned.body).toBe(200);
    expect(abandoned.json<Count>().status).toBe('abandoned');
    expectRefused(await scan(started.id, { productId: named._id }), 409, 'COUNT_CLOSED');
    expectRefused(await apply(started.id), 409, 'COUNT_CLOSED');
    expect(await levelAt(named._id, place)).toBe(2);

    expectRefused(await call('POST', '/api/counts', { locationId: 'nowhere' }), 400, 'UNKNOWN_LOCATION');
    expectRefused(
      await call('POST', '/api/counts', { locationId: place, productIds: [named._id, named._id] }),
      400,
      'COUNT_ITEM_REPEATED',
    );
    expectRefused(await call('GET', '/api/counts/no-such-count'), 404, 'COUNT_NOT_FOUND');
  });

  it('hides the expected numbers of an open blind count from clerks other than its starter and admins', async () => {
    const place = await newPlace();
    const fans = await stocked(place, 7);
    const started = await start({ locationId: place, blind: true });
    await scanned(started.id, { productId: fans._id, quantity: 6 }, { as: clerks.otherStaff });
    const toClerk = await count(started.id, clerks.otherStaff);
    expect(toClerk.expectedShown).toBe(false);
    expect(lineOf(toClerk, fans._id)).toMatchObject({
      counted: 6,
      snapshot: null,
      expected: null,
      difference: null,
      value: null,
    });
    expect(lineOf(await count(started.id, clerks.viewer), fans._id).expected).toBeNull();
    expect(lineOf(await count(started.id), fans._id)).toMatchObject({ expected: 7, difference: -1 });
    expect(lineOf(await count(started.id, clerks.admin), fans._id).expected).toBe(7);
    const applied = await apply(started.id, {}, clerks.otherStaff);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(lineOf(await count(started.id, clerks.otherStaff), fans._id)).toMatchObject({
      expected: 7,
      difference: -1,
    });
    expect(await levelAt(fans._id, place)).toBe(6);
  });

  it('counts a tracked item by serial: writes its missing units off and brings the ones found from elsewhere', async () => {
    const place = await newPlace();
    const elsewhere = await newPlace();
    const product = await addProduct(test.app, clerks.staff, { quentity: 0, serialTracked: true });
    const register = async (locationId: string, serials: string[]) => {
      const registered = await call('POST', `/api/product/${product._id}/units`, {
        locationId,
        units: serials.map((each) => ({ serial: each })),
      });
      expect(registered.statusCode, registered.body).toBe(200);
    };
    const here = [serial(), serial(), serial()];
    const away = serial();
    const late = serial();
    await register(place, here);
    await register(elsewhere, [away]);
    const started = await start({ locationId: place });
    expectRefused(await scan(started.id, { productId: product._id }), 409, 'COUNT_BY_SERIAL');
    expectRefused(await scan(started.id, { serial: 'NO-SUCH-UNIT' }), 404, 'UNIT_NOT_FOUND');
    expectRefused(await scan(started.id, { serial: here[0], quantity: 2 }), 409, 'UNITS_COUNT_MISMATCH');
    await scanned(started.id, { serial: here[0] });
    // A unit that arrives after the item's first scan is not expected of the count, nor missing.
    await register(place, [late]);
    await scanned(started.id, { serial: here[1] });
    expectRefused(
      await scan(started.id, { serial: here[1] }, { as: clerks.otherStaff }),
      409,
      'COUNT_SERIAL_COUNTED',
    );
    await scanned(started.id, { serial: away });
    const line = lineOf(await count(started.id), product._id);
    expect(line).toMatchObject({ serialTracked: true, expected: 3, counted: 3, difference: 0 });
    expect(line.missingSerials).toEqual([here[2]]);
    expect(line.unexpectedSerials).toEqual([away]);

    const applied = await apply(started.id);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<Count>().movements.map((movement) => movement.difference)).toEqual(
      expect.arrayContaining([-1, 1]),
    );
    expect(applied.json<Count>().movements).toHaveLength(2);
    expect(await levelAt(product._id, place)).toBe(4);
    expect(await levelAt(product._id, elsewhere)).toBe(0);
    expect((await item(product._id)).quentity).toBe(4);
    const unit = async (serialNumber: string | undefined) =>
      (await call('GET', `/api/units/${encodeURIComponent(serialNumber ?? '')}`)).json<{
        unit: { status: string; location: { id: string } | null };
      }>().unit;
    expect(await unit(here[2])).toMatchObject({ status: 'scrapped', location: null });
    expect(await unit(away)).toMatchObject({ status: 'in_stock', location: { id: place } });
    expect(await unit(late)).toMatchObject({ status: 'in_stock', location: { id: place } });
    expect(await adjustedRows(product._id)).toHaveLength(2);
  });

  it("exports a count's differences as CSV, the largest value first, the hidden numbers empty to a clerk of an open blind count", async () => {
    const place = await newPlace();
    const fans = await stocked(place, 5, 1000);
    const kettles = await stocked(place, 3, 200);
    const ovens = await stocked(place, 2, 50);
    const started = await start({ locationId: place, blind: true });
    await scanned(started.id, { productId: fans._id, quantity: 3 }, { as: clerks.otherStaff });
    await scanned(started.id, { productId: kettles._id, quantity: 4 }, { as: clerks.otherStaff });
    const exportOf = async (as: Clerk) => {
      const answer = await call('GET', `/api/counts/${started.id}/export.csv`, undefined, as);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/csv/);
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="walton-count-/);
      return parse(answer.body, { bom: true }) as string[][];
    };
    const header = [
      'productId',
      'name',
      'scanned',
      'expected',
      'counted',
      'difference',
      'value',
      'missingSerials',
      'unexpectedSerials',
    ];
    // To its starter: fans −2 × 1000, kettles +1 × 200, the ovens nobody counted −2 × 50.
    expect(await exportOf(clerks.staff)).toEqual([
      header,
      [fans._id, fans.name, 'yes', '5', '3', '-2', '-2000.00', '', ''],
      [kettles._id, kettles.name, 'yes', '3', '4', '1', '200.00', '', ''],
      [ovens._id, ovens.name, 'no', '2', '0', '-2', '-100.00', '', ''],
    ]);
    const toClerk = await exportOf(clerks.otherStaff);
    expect(toClerk.slice(1).map((row) => row.slice(3, 7))).toEqual([
      ['', '3', '', ''],
      ['', '4', '', ''],
      ['', '0', '', ''],
    ]);
    expect((await exportOf(clerks.viewer)).length).toBe(4);
    expectRefused(
      await call('GET', `/api/counts/${started.id}/export.csv`, undefined, clerks.supplier),
      403,
      'FORBIDDEN',
    );
    expectRefused(await call('GET', '/api/counts/nope/export.csv'), 404, 'COUNT_NOT_FOUND');
  });

  it('lets staff and admins count and apply; a viewer and a supplier change nothing', async () => {
    const place = await newPlace();
    const fans = await stocked(place, 2);
    expectRefused(await call('POST', '/api/counts', { locationId: place }, clerks.viewer), 403, 'FORBIDDEN');
    expectRefused(
      await call('POST', '/api/counts', { locationId: place }, clerks.supplier),
      403,
      'FORBIDDEN',
    );
    const started = await start({ locationId: place }, clerks.admin);
    expectRefused(await scan(started.id, { productId: fans._id }, { as: clerks.viewer }), 403, 'FORBIDDEN');
    expectRefused(await scan(started.id, { productId: fans._id }, { as: clerks.supplier }), 403, 'FORBIDDEN');
    expectRefused(await apply(started.id, { uncounted: 'zero' }, clerks.viewer), 403, 'FORBIDDEN');
    expectRefused(await apply(started.id, { uncounted: 'zero' }, clerks.supplier), 403, 'FORBIDDEN');
    expectRefused(
      await call('POST', `/api/counts/${started.id}/abandon`, undefined, clerks.viewer),
      403,
      'FORBIDDEN',
    );
    expect((await count(started.id, clerks.viewer)).status).toBe('counting');
    expect(await levelAt(fans._id, place)).toBe(2);
  });
});
