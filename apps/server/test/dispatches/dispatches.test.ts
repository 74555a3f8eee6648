import { randomUUID } from 'node:crypto';
import type {
  Dispatch,
  DispatchPick,
  DispatchSummary,
  HistoryEntry,
  Product,
  UnitWithHistory,
} from '@walton/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_ID } from '../../src/locations/default-location.ts';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk, transferStock } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Dispatch orders on every engine: a draft confirmed (its units reserved, never more than available),
 * picked by scanning (each pick once per Idempotency-Key, a wrong one refused naming what is
 * expected), shipped in one transaction through the one change path, or cancelled.
 */
describe.each(TEST_ENGINES)('dispatch orders (%s)', (engine) => {
  let test: TestApp;
  const clerks = {} as Record<'admin' | 'staff' | 'viewer', Clerk>;
  let showroom: string;
  let quarantine: string;
  let serialCounter = 0;
  const serial = (prefix = 'DSP') => {
    serialCounter += 1;
    return `${prefix}-${engine}-${serialCounter}`;
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
    return answer.json<{ code: string; message: string; params?: Record<string, string | number> }>();
  };
  const draft = async (lines: Array<{ productId: string; quantity: number }>, locationId = showroom) => {
    const answer = await call('POST', '/api/dispatches', {
      customer: { name: 'Rahman Electronics', phone: '+8801711000000', address: 'Mirpur 10, Dhaka' },
      locationId,
      lines,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Dispatch>();
  };
  const confirm = (id: string) => call('POST', `/api/dispatches/${id}/confirm`);
  const confirmed = async (lines: Array<{ productId: string; quantity: number }>, locationId = showroom) => {
    const order = await draft(lines, locationId);
    const answer = await confirm(order.id);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Dispatch>();
  };
  const pick = (id: string, body: Record<string, unknown>, key?: string) =>
    call(
      'POST',
      `/api/dispatches/${id}/picks`,
      body,
      clerks.staff,
      key === undefined ? {} : { 'idempotency-key': key },
    );
  const picked = async (id: string, body: Record<string, unknown>, key?: string) => {
    const answer = await pick(id, body, key);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<DispatchPick>();
  };
  const order = async (id: string) => {
    const answer = await call('GET', `/api/dispatches/${id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Dispatch>();
  };
  const item = async (id: string) => (await call('GET', `/api/product/${id}`)).json<Product>();
  const levels = async (id: string) =>
    Object.fromEntries(
      (await call('GET', `/api/product/${id}/stock`))
        .json<Array<{ locationId: string; quantity: number }>>()
        .map(({ locationId, quantity }) => [locationId, quantity]),
    );
  const history = async (id: string) =>
    (await call('GET', `/api/product/${id}/history?limit=200`)).json<HistoryEntry[]>();
  /** An item not tracked by serial with `quantity` units at the showroom (and none at Main warehouse). */
  const stocked = async (quantity: number) => {
    const added = await addProduct(test.app, clerks.staff, { quentity: quantity });
    if (quantity > 0) {
      const moved = await transferStock(test.app, clerks.staff, added._id, {
        from: DEFAULT_LOCATION_ID,
        to: showroom,
        quantity,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return added;
  };
  /** A tracked item with units of these serials at the showroom. */
  const trackedWith = async (serials: string[]) => {
    const added = await addProduct(test.app, clerks.staff, { quentity: 0, serialTracked: true });
    const registered = await call('POST', `/api/product/${added._id}/units`, {
      locationId: showroom,
      units: serials.map((unitSerial) => ({ serial: unitSerial })),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    return added;
  };
  const deliver = async (id: string, locationId?: string) => {
    const now = await item(id);
    return call('PUT', `/api/product/${id}`, {
      newQuentity: now.quentity - 1,
      ...(locationId === undefined ? {} : { locationId }),
    });
  };

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerks.admin = await newClerk(test.app, 'Admin');
    clerks.staff = await newClerk(test.app, 'staff');
    clerks.viewer = await newClerk(test.app, 'viewer');
    const changed = await call(
      'PATCH',
      `/api/users/${clerks.viewer.user.id}`,
      { role: 'viewer' },
      clerks.admin,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    showroom = await addLocation(test.app, clerks.admin, 'Dispatch showroom', 'showroom');
    quarantine = await addLocation(test.app, clerks.admin, 'Dispatch quarantine', 'quarantine');
  });
  afterAll(() => test?.close());

  it('takes a draft, confirms, picks and ships it: one delivered movement per line naming the order', async () => {
    const fans = await stocked(5);
    const [first, second, spare] = [serial('AC'), serial('AC'), serial('AC')];
    const acs = await trackedWith([first, second, spare]);

    const taken = await draft([
      { productId: fans._id, quantity: 3 },
      { productId: acs._id, quantity: 2 },
    ]);
    expect(taken).toMatchObject({
      status: 'draft',
      locationId: showroom,
      customer: { name: 'Rahman Electronics', phone: '+8801711000000', address: 'Mirpur 10, Dhaka' },
      movements: [],
    });
    expect(taken.lines).toEqual([
      expect.objectContaining({ productId: fans._id, quantity: 3, reserved: 0, picked: 0 }),
      expect.objectContaining({
        productId: acs._id,
        quantity: 2,
        reserved: 0,
        picked: 0,
        serialTracked: true,
      }),
    ]);
    // A draft reserves nothing: Delivered may still take a fan.
    expect((await call('GET', `/api/dispatches?status=draft&limit=200`)).json<DispatchSummary[]>()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: taken.id, status: 'draft' })]),
    );
    expectRefused(await pick(taken.id, { productId: fans._id }), 409, 'DISPATCH_WRONG_STATUS');

    const answer = await confirm(taken.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const reserved = answer.json<Dispatch>();
    expect(reserved.status).toBe('confirmed');
    expect(reserved.confirmedAt).not.toBeNull();
    expect(reserved.lines.map((line) => line.reserved)).toEqual([3, 2]);
    // Nothing has left yet.
    expect(await levels(fans._id)).toEqual({ [showroom]: 5 });
    expectRefused(await confirm(taken.id), 409, 'DISPATCH_WRONG_STATUS');

    await picked(taken.id, { productId: fans._id });
    await picked(taken.id, { productId: fans._id });
    await picked(taken.id, { productId: fans._id });
    await picked(taken.id, { serial: first.toLowerCase() });
    expect((await order(taken.id)).status).toBe('confirmed');
    await picked(taken.id, { serial: second });
    const whole = await order(taken.id);
    expect(whole.status).toBe('picked');
    expect(whole.lines).toEqual([
      expect.objectContaining({ productId: fans._id, picked: 3 }),
      expect.objectContaining({ productId: acs._id, picked: 2, serials: [first.toLowerCase(), second] }),
    ]);

    const shipping = await call('POST', `/api/dispatches/${taken.id}/ship`);
    expect(shipping.statusCode, shipping.body).toBe(200);
    const shipped = shipping.json<Dispatch>();
    expect(shipped).toMatchObject({ status: 'shipped', closedBy: clerks.staff.email });
    expect(shipped.lines.map((line) => line.reserved)).toEqual([3, 2]);

    expect((await item(fans._id)).quentity).toBe(2);
    expect(await levels(fans._id)).toEqual({ [showroom]: 2 });
    expect((await item(acs._id)).quentity).toBe(1);
    expect(await levels(acs._id)).toEqual({ [showroom]: 1 });
    // The shipped units left with the order's customer, their warranty running; the spare stays.
    for (const unitSerial of [first, second]) {
      const { unit } = (await call('GET', `/api/units/${unitSerial}`)).json<UnitWithHistory>();
      expect(unit).toMatchObject({ status: 'dispatched', location: null });
      expect(unit.warrantyUntil).not.toBeNull();
      expect(unit.customer).toMatchObject({ name: 'Rahman Electronics', phone: '+8801711000000' });
    }
    const { unit: kept } = (await call('GET', `/api/units/${spare}`)).json<UnitWithHistory>();
    expect(kept.status).toBe('in_stock');

    // One delivered history row per line, named by the order.
    const [fansMoved] = await history(fans._id);
    expect(fansMoved).toMatchObject({ kind: 'delivered', delta: -3 });
    const [acsMoved] = await history(acs._id);
    expect(acsMoved).toMatchObject({ kind: 'delivered', delta: -2 });
    expect(shipped.movements).toHaveLength(2);
    expect(shipped.movements).toEqual(
      expect.arrayContaining([
        { historyId: fansMoved?.id, productId: fans._id, quantity: 3, locationId: showroom },
        { historyId: acsMoved?.id, productId: acs._id, quantity: 2, locationId: showroom },
      ]),
    );

    // The reservation went with the units: the two left fans are available to Delivered.
    expect((await deliver(fans._id, showroom)).statusCode).toBe(200);
    expectRefused(await call('POST', `/api/dispatches/${taken.id}/ship`), 409, 'DISPATCH_WRONG_STATUS');
    expectRefused(await call('POST', `/api/dispatches/${taken.id}/cancel`), 409, 'DISPATCH_WRONG_STATUS');
  });

  it('reserves all lines or none, naming the short item; reserved units are not available to anyone else', async () => {
    const plenty = await stocked(10);
    const few = await stocked(2);
    const refused = await confirm(
      (
        await draft([
          { productId: plenty._id, quantity: 4 },
          { productId: few._id, quantity: 3 },
        ])
      ).id,
    );
    const body = expectRefused(refused, 409, 'DISPATCH_SHORT');
    expect(body.message).toContain(few.name);
    expect(body.message).toContain('only 2 available');
    expect(refused.json()).toMatchObject({ params: { productId: few._id } });

    // Nothing was reserved: another order may take all ten.
    const all = await confirmed([{ productId: plenty._id, quantity: 10 }]);
    expect(all.lines[0]?.reserved).toBe(10);
    // Delivered, a transfer and another order see only what is available (0 of ten at the showroom).
    expectRefused(await deliver(plenty._id, showroom), 409, 'NOT_ENOUGH_AT_LOCATION');
    expectRefused(
      await transferStock(test.app, clerks.staff, plenty._id, {
        from: showroom,
        to: DEFAULT_LOCATION_ID,
        quantity: 1,
      }),
      409,
      'NOT_ENOUGH_AT_LOCATION',
    );
    expectRefused(
      await confirm((await draft([{ productId: plenty._id, quantity: 1 }])).id),
      409,
      'DISPATCH_SHORT',
    );
    expect(await levels(plenty._id)).toEqual({ [showroom]: 10 });
    expect((await item(plenty._id)).quentity).toBe(10);

    // Cancelling releases the reservation.
    const cancelled = await call('POST', `/api/dispatches/${all.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Dispatch>().status).toBe('cancelled');
    expect((await deliver(plenty._id, showroom)).statusCode).toBe(200);
    expect((await confirmed([{ productId: plenty._id, quantity: 9 }])).status).toBe('confirmed');
    expectRefused(await call('POST', `/api/dispatches/${all.id}/confirm`), 409, 'DISPATCH_WRONG_STATUS');
  });

  it('shows on the item and in lists what is reserved and available, its ETag changing with them', async () => {
    const fans = await stocked(10);
    /** The item as staff and as an anonymous reader get it (both answers are stored), and its list row. */
    const seen = async () => {
      const staff = await call('GET', `/api/product/${fans._id}`);
      const anonymous = await test.app.inject({ method: 'GET', url: `/api/product/${fans._id}` });
      const listed = (await call('GET', `/api/product?q=${encodeURIComponent(fans.name)}`)).json<
        { items?: Product[] } | Product[]
      >();
      const rows = Array.isArray(listed) ? listed : (listed.items ?? []);
      expect(anonymous.json()).toMatchObject({ reserved: staff.json<Product>().reserved });
      expect(anonymous.headers.etag).toBe(staff.headers.etag);
      return {
        product: staff.json<Product>(),
        etag: staff.headers.etag,
        row: rows.find((row) => row._id === fans._id),
      };
    };
    const fresh = await seen();
    expect(fresh.product).toMatchObject({ quentity: 10, reserved: 0, available: 10 });
    expect(fresh.etag).toBe(`"${fresh.product.version}"`);
    expect(fresh.row).toMatchObject({ reserved: 0, available: 10 });

    const taken = await confirmed([{ productId: fans._id, quantity: 4 }]);
    const reserved = await seen();
    // A reservation is not a change of the item: its version stays, its numbers and ETag change.
    expect(reserved.product).toMatchObject({
      quentity: 10,
      reserved: 4,
      available: 6,
      version: fresh.product.version,
    });
    expect(reserved.etag).toBe(`"${fresh.product.version}.4.6"`);
    expect(reserved.row).toMatchObject({ quentity: 10, reserved: 4, available: 6 });

    // A Delivered takes an available unit (the stored answers follow it); units in quarantine are not available.
    expect((await deliver(fans._id, showroom)).statusCode).toBe(200);
    expect((await seen()).product).toMatchObject({ quentity: 9, reserved: 4, available: 5 });
    const moved = await transferStock(test.app, clerks.staff, fans._id, {
      from: showroom,
      to: quarantine,
      quantity: 2,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const quarantined = await seen();
    expect(quarantined.product).toMatchObject({ quentity: 9, reserved: 4, available: 3 });
    expect(quarantined.row).toMatchObject({ reserved: 4, available: 3 });
    // A restock into quarantine adds units on hand, none available.
    const restocked = await call('PUT', `/api/products/${fans._id}`, {
      newQuentity: 10,
      locationId: quarantine,
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    const restockedSeen = await seen();
    expect(restockedSeen.product).toMatchObject({ quentity: 10, reserved: 4, available: 3 });

    // The ETag of an item with units held is taken back as If-Match.
    const edited = await call(
      'PATCH',
      `/api/product/${fans._id}`,
      { description: 'Ceiling fan' },
      clerks.staff,
      {
        'if-match': restockedSeen.etag ?? '',
      },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    // Half a held tag is no ETag.
    expectRefused(
      await call('PATCH', `/api/product/${fans._id}`, { description: 'Fan' }, clerks.staff, {
        'if-match': '"3.4"',
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(edited.json()).toMatchObject({ reserved: 4, available: 3 });
    expect(edited.headers.etag).toBe(`"${restockedSeen.product.version + 1}.4.3"`);

    expect((await call('POST', `/api/dispatches/${taken.id}/cancel`)).statusCode).toBe(200);
    const released = await seen();
    expect(released.product).toMatchObject({ quentity: 10, reserved: 0, available: 7 });
    expect(released.etag).toBe(`"${released.product.version}.0.7"`);
    expect(released.row).toMatchObject({ reserved: 0, available: 7 });
  });

  it('a shipment leaves reserved and available as the order left them on the item', async () => {
    const fans = await stocked(5);
    const taken = await confirmed([{ productId: fans._id, quantity: 2 }]);
    expect(await item(fans._id)).toMatchObject({ quentity: 5, reserved: 2, available: 3 });
    await picked(taken.id, { productId: fans._id });
    await picked(taken.id, { productId: fans._id });
    expect((await call('POST', `/api/dispatches/${taken.id}/ship`)).statusCode).toBe(200);
    expect(await item(fans._id)).toMatchObject({ quentity: 3, reserved: 0, available: 3 });
  });

  it('refuses a wrong pick naming what the order expects, and a unit of another order', async () => {
    const fans = await stocked(3);
    const other = await stocked(3);
    const [mine, theirs] = [serial('AC'), serial('AC')];
    const acs = await trackedWith([mine, theirs]);
    const ours = await confirmed([
      { productId: fans._id, quantity: 1 },
      { productId: acs._id, quantity: 1 },
    ]);
    const another = await confirmed([{ productId: acs._id, quantity: 1 }]);

    const wrong = expectRefused(await pick(ours.id, { productId: other._id }), 409, 'DISPATCH_WRONG_ITEM');
    expect(wrong.message).toContain(other.name);
    expect(wrong.message).toContain(`${fans.name} × 1`);
    expect(wrong.message).toContain(`${acs.name} × 1`);
    const bySerial = expectRefused(
      await pick(ours.id, { productId: acs._id }),
      409,
      'DISPATCH_PICK_BY_SERIAL',
    );
    expect(bySerial.message).toContain(acs.name);

    await picked(another.id, { serial: theirs });
    const taken = expectRefused(
      await pick(ours.id, { serial: theirs }),
      409,
      'DISPATCH_UNIT_OF_ANOTHER_ORDER',
    );
    expect(taken.message).toContain(theirs);
    expect(taken.message).toContain(`${acs.name} × 1`);
    expectRefused(await pick(another.id, { serial: theirs.toLowerCase() }), 409, 'DISPATCH_WRONG_STATUS');

    await picked(ours.id, { productId: fans._id });
    const full = expectRefused(await pick(ours.id, { productId: fans._id }), 409, 'DISPATCH_LINE_PICKED');
    expect(full.message).toContain(`${acs.name} × 1`);
    expectRefused(await pick(ours.id, { serial: 'NOBODY-HAS-THIS' }), 404, 'UNIT_NOT_FOUND');
    await picked(ours.id, { serial: mine });
    expect((await order(ours.id)).status).toBe('picked');

    // The other order cancelled lets its unit go.
    expect((await call('POST', `/api/dispatches/${another.id}/cancel`)).statusCode).toBe(200);
    const third = await confirmed([{ productId: acs._id, quantity: 1 }]);
    expect((await picked(third.id, { serial: theirs })).serial).toBe(theirs);
  });

  it('reserves a picked unit: no Delivered, unit dispatch or transfer takes it, a cancel puts it back in stock', async () => {
    const [pickedSerial, spare] = [serial('AC'), serial('AC')];
    const acs = await trackedWith([pickedSerial, spare]);
    const status = async (unitSerial: string) =>
      (await call('GET', `/api/units/${unitSerial}`)).json<UnitWithHistory>().unit.status;
    const taken = await confirmed([{ productId: acs._id, quantity: 1 }]);
    expect(await status(pickedSerial)).toBe('in_stock');
    await picked(taken.id, { serial: pickedSerial });
    expect(await status(pickedSerial)).toBe('reserved');
    expect(await status(spare)).toBe('in_stock');

    // Delivered naming the picked unit, its dispatch, a transfer of it: all refused, nothing changes.
    const before = await item(acs._id);
    const named = expectRefused(
      await call('PUT', `/api/product/${acs._id}`, {
        newQuentity: 1,
        serial: pickedSerial,
        locationId: showroom,
      }),
      409,
      'UNIT_NOT_AVAILABLE',
    );
    expect(named.message).toContain('reserved');
    // The status in words for the English text, and itself for another language to choose its own.
    expect(named.params).toMatchObject({ serial: pickedSerial, status: 'reserved', state: 'reserved' });
    expectRefused(
      await call('POST', `/api/units/${pickedSerial}/dispatch`, { customer: { name: 'Walk-in' } }),
      409,
      'UNIT_NOT_AVAILABLE',
    );
    expectRefused(
      await call('POST', `/api/product/${acs._id}/transfers`, {
        from: showroom,
        to: DEFAULT_LOCATION_ID,
        quantity: 1,
        serials: [pickedSerial],
      }),
      409,
      'UNIT_NOT_AVAILABLE',
    );
    // Another order cannot pick it either.
    const another = await draft([{ productId: acs._id, quantity: 1 }]);
    expect((await confirm(another.id)).statusCode).toBe(200);
    expectRefused(await pick(another.id, { serial: pickedSerial }), 409, 'DISPATCH_UNIT_OF_ANOTHER_ORDER');
    expectRefused(await pick(taken.id, { serial: pickedSerial }), 409, 'DISPATCH_WRONG_STATUS');
    expect(await item(acs._id)).toMatchObject({ quentity: before.quentity, version: before.version });

    // Cancelled, the order lets its unit go back in stock: the other order picks and ships it.
    expect((await call('POST', `/api/dispatches/${taken.id}/cancel`)).statusCode).toBe(200);
    expect(await status(pickedSerial)).toBe('in_stock');
    await picked(another.id, { serial: pickedSerial });
    expect(await status(pickedSerial)).toBe('reserved');
    const shipping = await call('POST', `/api/dispatches/${another.id}/ship`);
    expect(shipping.statusCode, shipping.body).toBe(200);
    expect(await status(pickedSerial)).toBe('dispatched');
    expect(await status(spare)).toBe('in_stock');
  });

  it('counts a resent pick once, and refuses its key with another request', async () => {
    const fans = await stocked(3);
    const taken = await confirmed([{ productId: fans._id, quantity: 2 }]);
    const key = randomUUID();
    const first = await picked(taken.id, { productId: fans._id }, key);
    const again = await Promise.all(
      Array.from({ length: 5 }, () => pick(taken.id, { productId: fans._id }, key)),
    );
    for (const answer of again) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json<DispatchPick>().id).toBe(first.id);
    }
    expect((await order(taken.id)).lines[0]?.picked).toBe(1);
    expect((await order(taken.id)).status).toBe('confirmed');
    const other = await stocked(1);
    expectRefused(await pick(taken.id, { productId: other._id }, key), 422, 'IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses an order out of a quarantine or unknown location, an item twice or gone, and unknown orders', async () => {
    const fans = await stocked(1);
    const line = [{ productId: fans._id, quantity: 1 }];
    const body = (locationId: string, lines: unknown = line) => ({
      customer: { name: 'A' },
      locationId,
      lines,
    });
    expectRefused(await call('POST', '/api/dispatches', body(quarantine)), 409, 'LOCATION_NOT_SELLABLE');
    expectRefused(await call('POST', '/api/dispatches', body('no-such-place')), 400, 'UNKNOWN_LOCATION');
    expectRefused(
      await call('POST', '/api/dispatches', body(showroom, [...line, ...line])),
      400,
      'DISPATCH_LINE_REPEATED',
    );
    expectRefused(
      await call('POST', '/api/dispatches', body(showroom, [{ productId: 'nope', quantity: 1 }])),
      400,
      'DISPATCH_ITEM_NOT_FOUND',
    );
    expectRefused(await call('GET', '/api/dispatches/nope'), 404, 'DISPATCH_NOT_FOUND');
    expectRefused(await call('POST', '/api/dispatches/nope/confirm'), 404, 'DISPATCH_NOT_FOUND');
    // A viewer reads orders and changes none.
    const taken = await draft(line);
    expect((await call('GET', `/api/dispatches/${taken.id}`, undefined, clerks.viewer)).statusCode).toBe(200);
    expectRefused(
      await call('POST', `/api/dispatches/${taken.id}/confirm`, undefined, clerks.viewer),
      403,
      'FORBIDDEN',
    );
  });

  it('ships nothing when a line fails: an item deleted after picking leaves every line as it was', async () => {
    const kept = await stocked(2);
    const gone = await stocked(2);
    const taken = await confirmed([
      { productId: kept._id, quantity: 2 },
      { productId: gone._id, quantity: 1 },
    ]);
    await picked(taken.id, { productId: kept._id });
    await picked(taken.id, { productId: kept._id });
    await picked(taken.id, { productId: gone._id });
    expect((await call('DELETE', `/api/product/${gone._id}`)).statusCode).toBe(200);
    const refused = expectRefused(
      await call('POST', `/api/dispatches/${taken.id}/ship`),
      409,
      'DISPATCH_ITEM_GONE',
    );
    expect(refused.message).toContain(gone.name);
    expect((await order(taken.id)).status).toBe('picked');
    expect(await levels(kept._id)).toEqual({ [showroom]: 2 });
    expect((await history(kept._id))[0]?.kind).not.toBe('delivered');
    // Still reserved: Delivered cannot take the kept item's units.
    expectRefused(await deliver(kept._id, showroom), 409, 'NOT_ENOUGH_AT_LOCATION');
  });
});
