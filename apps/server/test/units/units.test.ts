import { randomUUID } from 'node:crypto';
import type { HistoryEntry, Product, Unit, UnitWithHistory } from '@walton/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Serial-tracked units on every engine: registered, moved and dispatched in their item's one change path. */
describe.each(TEST_ENGINES)('serial-tracked units (%s)', (engine) => {
  let test: TestApp;
  let clerk: Clerk;
  let showroom: string;
  let serialCounter = 0;
  /** A serial no other test of this run uses. */
  const serial = (prefix = 'WSN') => {
    serialCounter += 1;
    return `${prefix}-${engine}-${serialCounter}`;
  };

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerk = await newClerk(test.app);
    showroom = await addLocation(test.app, clerk, 'Mirpur showroom', 'showroom');
  });
  afterAll(() => test?.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
    as: Clerk = clerk,
  ): Promise<LightMyRequestResponse> =>
    test.app.inject({ method, url, headers: as.session, ...(payload === undefined ? {} : { payload }) });
  const tracked = () => addProduct(test.app, clerk, { quentity: 0, serialTracked: true, warrantyMonths: 24 });
  const register = (
    id: string,
    units: Array<{ serial: string; pairedSerial?: string }>,
    locationId?: string,
  ) =>
    call('POST', `/api/product/${id}/units`, { units, ...(locationId === undefined ? {} : { locationId }) });
  const item = async (id: string) => (await call('GET', `/api/product/${id}`)).json<Product>();
  const levels = async (id: string) =>
    (await call('GET', `/api/product/${id}/stock`))
      .json<Array<{ locationId: string; quantity: number }>>()
      .map(({ locationId, quantity }) => ({ locationId, quantity }));
  const unitsOf = async (id: string) =>
    (await call('GET', `/api/product/${id}/units?limit=500`)).json<Unit[]>();
  const history = async (id: string) =>
    (await call('GET', `/api/product/${id}/history?limit=200`)).json<HistoryEntry[]>();
  const lifeOf = async (serialNumber: string) =>
    (await call('GET', `/api/units/${encodeURIComponent(serialNumber)}`)).json<UnitWithHistory>();
  const expectRefused = (answer: LightMyRequestResponse, status: number, code: string) => {
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toMatchObject({ code });
  };

  it('follows a unit from registration through a transfer to its dispatch, each in the history', async () => {
    const product = await tracked();
    expect(product).toMatchObject({ quentity: 0, serialTracked: true, warrantyMonths: 24 });
    const [indoor, outdoor, other] = [serial('IN'), serial('OUT'), serial()];

    const registered = await register(product._id, [
      { serial: ` ${indoor} `, pairedSerial: outdoor },
      { serial: other },
    ]);
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json()).toMatchObject({
      success: 'Units registered',
      quentity: 2,
      version: 2,
      units: [
        { serial: indoor, pairedSerial: outdoor, status: 'in_stock', location: { id: 'main' } },
        { serial: other, pairedSerial: null, status: 'in_stock', location: { id: 'main' } },
      ],
    });
    expect(await levels(product._id)).toEqual([{ locationId: 'main', quantity: 2 }]);

    const moved = await call('POST', `/api/product/${product._id}/transfers`, {
      from: 'main',
      to: showroom,
      quantity: 1,
      serials: [outdoor.toLowerCase()],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await levels(product._id)).toEqual([
      { locationId: 'main', quantity: 1 },
      { locationId: showroom, quantity: 1 },
    ]);

    const dispatched = await call('POST', `/api/units/${encodeURIComponent(indoor.toUpperCase())}/dispatch`, {
      customer: { name: 'Karim Uddin', phone: '01711000000' },
    });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    const [unit] = dispatched.json<{ units: Unit[] }>().units;
    expect(dispatched.json()).toMatchObject({ success: 'Unit dispatched', quentity: 1, version: 4 });
    expect(unit).toMatchObject({
      serial: indoor,
      status: 'dispatched',
      location: null,
      customer: { name: 'Karim Uddin', phone: '01711000000' },
    });
    // 24 months from the dispatch day.
    const day = unit?.dispatchedAt?.slice(0, 10) ?? '';
    expect(unit?.warrantyUntil?.slice(0, 4)).toBe(String(Number(day.slice(0, 4)) + 2));
    expect(await levels(product._id)).toEqual([{ locationId: 'main', quantity: 1 }]);
    expect((await item(product._id)).quentity).toBe(1);

    const life = await lifeOf(outdoor);
    expect(life.unit).toEqual(unit);
    expect(life.history.map((entry) => [entry.kind, entry.fromLocation?.id, entry.toLocation?.id])).toEqual([
      ['delivered', showroom, undefined],
      ['transferred', 'main', showroom],
      ['restocked', undefined, 'main'],
    ]);
    const rows = await history(product._id);
    expect(life.history.map((entry) => entry.id)).toEqual(rows.slice(0, 3).map((entry) => entry.id));
    expect((await lifeOf(other)).history.map((entry) => entry.kind)).toEqual(['restocked']);

    expect((await unitsOf(product._id)).map((listed) => [listed.serial, listed.status])).toEqual([
      [indoor, 'dispatched'],
      [other, 'in_stock'],
    ]);
    const inStock = await call('GET', `/api/product/${product._id}/units?status=in_stock&location=main`);
    expect(inStock.headers['x-total-count']).toBe('1');
    expect(inStock.json<Unit[]>().map((listed) => listed.serial)).toEqual([other]);

    // A dispatched unit cannot leave again, nor move.
    const again = await call('POST', `/api/units/${indoor}/dispatch`, {});
    expectRefused(again, 409, 'UNIT_NOT_AVAILABLE');
    expect(again.json()).toMatchObject({ params: { status: 'dispatched', state: 'dispatched' } });
    expectRefused(
      await call('POST', `/api/product/${product._id}/transfers`, {
        from: 'main',
        to: showroom,
        quantity: 1,
        serials: [indoor],
      }),
      409,
      'UNIT_NOT_AVAILABLE',
    );
  });

  it('refuses a serial already known, in any letter case, spacing or pairing, naming it, and adds nothing', async () => {
    const product = await tracked();
    const [first, paired] = [serial('DUP'), serial('PAIR')];
    expect((await register(product._id, [{ serial: first, pairedSerial: paired }])).statusCode).toBe(200);
    const before = {
      item: await item(product._id),
      levels: await levels(product._id),
      units: await unitsOf(product._id),
      history: await history(product._id),
    };
    const fresh = serial('NEW');
    const attempts: Array<[Array<{ serial: string; pairedSerial?: string }>, string]> = [
      [[{ serial: fresh }, { serial: first }], first],
      [[{ serial: `  ${first.toLowerCase()} ` }], first.toLowerCase()],
      [[{ serial: paired.toUpperCase() }], paired.toUpperCase()],
      [[{ serial: fresh, pairedSerial: first }], first],
      [[{ serial: fresh }, { serial: fresh.toLowerCase() }], fresh.toLowerCase()],
      [[{ serial: fresh, pairedSerial: fresh }], fresh],
    ];
    for (const [units, named] of attempts) {
      const answer = await register(product._id, units);
      expectRefused(answer, 409, 'SERIAL_TAKEN');
      expect(answer.json()).toMatchObject({ params: { serials: named } });
      expect(answer.json<{ message: string }>().message).toContain(named);
    }
    // Another item's unit is taken too.
    const other = await tracked();
    expectRefused(await register(other._id, [{ serial: paired }]), 409, 'SERIAL_TAKEN');
    expect({
      item: await item(product._id),
      levels: await levels(product._id),
      units: await unitsOf(product._id),
      history: await history(product._id),
    }).toEqual(before);
    expect((await item(other._id)).quentity).toBe(0);
    expect(await unitsOf(other._id)).toEqual([]);
  });

  it('lets exactly one of 50 concurrent dispatches of one unit through', async () => {
    const product = await tracked();
    const only = serial('RACE');
    expect((await register(product._id, [{ serial: only }, { serial: serial('SPARE') }])).statusCode).toBe(
      200,
    );
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/api/units/${only}/dispatch`, {})),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.statusCode !== 200)) {
      expectRefused(answer, 409, 'UNIT_NOT_AVAILABLE');
    }
    expect((await item(product._id)).quentity).toBe(1);
    expect((await lifeOf(only)).history.map((entry) => entry.kind)).toEqual(['delivered', 'restocked']);
  });

  it("keeps the spec's restock and Delivered for untracked items and refuses them on tracked ones", async () => {
    const product = await tracked();
    const unit = serial('SPEC');
    expect((await register(product._id, [{ serial: unit }])).statusCode).toBe(200);
    expectRefused(
      await call('PUT', `/api/products/${product._id}`, { newQuentity: 5 }),
      409,
      'SERIALS_REQUIRED',
    );
    expectRefused(
      await call('PUT', `/api/product/${product._id}`, { newQuentity: 0 }),
      409,
      'SERIAL_REQUIRED',
    );
    expectRefused(
      await call('POST', `/api/product/${product._id}/transfers`, {
        from: 'main',
        to: showroom,
        quantity: 1,
      }),
      409,
      'SERIALS_REQUIRED',
    );
    expectRefused(
      await call('PUT', `/api/product/${product._id}`, { newQuentity: 0, serial: 'NO-SUCH-UNIT' }),
      404,
      'UNIT_NOT_FOUND',
    );
    const delivered = await call('PUT', `/api/product/${product._id}`, {
      newQuentity: 0,
      serial: unit,
      customer: { name: 'Rahima Begum' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ success: 'Product delivered', quentity: 0, version: 3 });
    expect((await lifeOf(unit)).unit).toMatchObject({
      status: 'dispatched',
      customer: { name: 'Rahima Begum' },
    });

    const plain = await addProduct(test.app, clerk, { quentity: 3 });
    expect(plain).toMatchObject({ serialTracked: false, warrantyMonths: 12 });
    expectRefused(await register(plain._id, [{ serial: serial() }]), 409, 'ITEM_NOT_TRACKED');
    expectRefused(
      await call('PUT', `/api/product/${plain._id}`, { newQuentity: 2, serial: unit }),
      409,
      'ITEM_NOT_TRACKED',
    );
    const restocked = await call('PUT', `/api/products/${plain._id}`, { newQuentity: 5 });
    expect(restocked.json()).toEqual({ success: 'Stock updated', quentity: 5, version: 2 });
    const deliveredPlain = await call('PUT', `/api/product/${plain._id}`, { newQuentity: 4 });
    expect(deliveredPlain.json()).toEqual({ success: 'Product delivered', quentity: 4, version: 3 });
    expect(await unitsOf(plain._id)).toEqual([]);
  });

  it('refuses a tracked item created with stock, and a unit of another item', async () => {
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/productOrder',
      headers: clerk.withToken,
      payload: {
        name: 'Walton split AC',
        img: '/images/products/split-inverter-white.svg',
        price: 100,
        quentity: 4,
        description: 'Tracked from the start.',
        suplerName: 'Anyone',
        email: clerk.email,
        serialTracked: true,
      },
    });
    expectRefused(created, 400, 'UNITS_REQUIRED_TO_TRACK');

    const [one, two] = [await tracked(), await tracked()];
    const unit = serial('MINE');
    expect((await register(one._id, [{ serial: unit }])).statusCode).toBe(200);
    expect((await register(two._id, [{ serial: serial() }])).statusCode).toBe(200);
    expectRefused(
      await call('PUT', `/api/product/${two._id}`, { newQuentity: 0, serial: unit }),
      409,
      'UNIT_OF_ANOTHER_ITEM',
    );
    expectRefused(
      await call('POST', `/api/product/${two._id}/transfers`, {
        from: 'main',
        to: showroom,
        quantity: 1,
        serials: [unit],
      }),
      409,
      'UNIT_OF_ANOTHER_ITEM',
    );
    expectRefused(
      await call('POST', `/api/product/${one._id}/transfers`, {
        from: 'main',
        to: showroom,
        quantity: 2,
        serials: [unit, unit.toLowerCase()],
      }),
      409,
      'NOT_ENOUGH_AT_LOCATION',
    );
    expectRefused(await call('GET', '/api/units/NOBODY-HAS-THIS'), 404, 'UNIT_NOT_FOUND');
  });

  it('switches an item with stock to tracking by registering exactly its units, in one change of the history', async () => {
    const product = await addProduct(test.app, clerk, { quentity: 3 });
    expect(
      (
        await call('POST', `/api/product/${product._id}/transfers`, {
          from: 'main',
          to: showroom,
          quantity: 1,
        })
      ).statusCode,
    ).toBe(200);
    const switchOn = (units: Array<{ serial: string; pairedSerial?: string; locationId: string }>) =>
      call('POST', `/api/product/${product._id}/tracking`, { serialTracked: true, units });
    const [a, b, c] = [serial('SW'), serial('SW'), serial('SW')];

    const wrongPlaces = await switchOn([
      { serial: a, locationId: 'main' },
      { serial: b, locationId: 'main' },
      { serial: c, locationId: 'main' },
    ]);
    expectRefused(wrongPlaces, 409, 'UNITS_REQUIRED_TO_TRACK');
    expect(wrongPlaces.json()).toMatchObject({
      params: { quantity: 3, levels: 'Main warehouse: 2, Mirpur showroom: 1' },
    });
    expectRefused(
      await switchOn([
        { serial: a, locationId: 'main' },
        { serial: b, locationId: showroom },
      ]),
      409,
      'UNITS_REQUIRED_TO_TRACK',
    );
    const before = await item(product._id);
    // Off for an item not tracked: nothing to change.
    const alreadyOff = await call('POST', `/api/product/${product._id}/tracking`, { serialTracked: false });
    expect(alreadyOff.json()).toMatchObject({ serialTracked: false, version: before.version });

    const switched = await switchOn([
      { serial: a, pairedSerial: `${a}-OUT`, locationId: 'main' },
      { serial: b, locationId: 'main' },
      { serial: c, locationId: showroom },
    ]);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({ serialTracked: true, quentity: 3, version: before.version + 1 });
    expect(await levels(product._id)).toEqual([
      { locationId: 'main', quantity: 2 },
      { locationId: showroom, quantity: 1 },
    ]);
    const [edit] = await history(product._id);
    expect(edit).toMatchObject({
      kind: 'edited',
      changes: [{ field: 'serialTracked', from: 'false', to: 'true' }],
    });
    expect((await lifeOf(`${a}-out`)).history.map((entry) => entry.id)).toEqual([edit?.id]);
    expect((await lifeOf(c)).unit).toMatchObject({ status: 'in_stock', location: { id: showroom } });
    expectRefused(await switchOn([]), 409, 'ALREADY_TRACKED');

    // The switch is not reverted; tracking goes off only without stock.
    const revert = await test.app.inject({
      method: 'POST',
      url: `/api/product/${product._id}/history/${edit?.id}/revert`,
      headers: { ...clerk.session, 'if-match': `"${before.version + 1}"` },
    });
    expectRefused(revert, 409, 'TRACKING_NOT_REVERTED');
    const off = () => call('POST', `/api/product/${product._id}/tracking`, { serialTracked: false });
    expectRefused(await off(), 409, 'TRACKED_UNITS_IN_STOCK');
    for (const unit of [a, b, c]) {
      expect((await call('POST', `/api/units/${unit}/dispatch`, {})).statusCode).toBe(200);
    }
    const switchedOff = await off();
    expect(switchedOff.statusCode, switchedOff.body).toBe(200);
    expect(switchedOff.json()).toMatchObject({ serialTracked: false, quentity: 0 });
    const restocked = await call('PUT', `/api/products/${product._id}`, { newQuentity: 2 });
    expect(restocked.statusCode, restocked.body).toBe(200);
  });

  it("edits an item's warranty, in the history, for the units dispatched after", async () => {
    const product = await tracked();
    const edited = await test.app.inject({
      method: 'PATCH',
      url: `/api/product/${product._id}`,
      headers: { ...clerk.session, 'if-match': `"${product.version}"` },
      payload: { warrantyMonths: 6 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ warrantyMonths: 6 });
    const [edit] = await history(product._id);
    expect(edit).toMatchObject({
      kind: 'edited',
      changes: [{ field: 'warrantyMonths', from: '24', to: '6' }],
    });
    const unit = serial('WTY');
    expect((await register(product._id, [{ serial: unit }])).statusCode).toBe(200);
    const dispatched = await call('POST', `/api/units/${unit}/dispatch`, {});
    const [sent] = dispatched.json<{ units: Unit[] }>().units;
    const day = sent?.dispatchedAt?.slice(0, 10) ?? '';
    const month = Number(day.slice(5, 7)) + 6;
    expect(Number(sent?.warrantyUntil?.slice(5, 7))).toBe(month > 12 ? month - 12 : month);
  });

  it('applies a registration and a dispatch sent with an Idempotency-Key once, however often and however fast', async () => {
    const product = await tracked();
    const key = randomUUID();
    const units = [{ serial: serial('KEY') }, { serial: serial('KEY') }];
    const send = () =>
      test.app.inject({
        method: 'POST',
        url: `/api/product/${product._id}/units`,
        headers: { ...clerk.session, 'idempotency-key': key },
        payload: { units },
      });
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect((await item(product._id)).quentity).toBe(2);
    expect((await history(product._id)).filter((entry) => entry.kind === 'restocked')).toHaveLength(1);
    const reused = await test.app.inject({
      method: 'POST',
      url: `/api/product/${product._id}/units`,
      headers: { ...clerk.session, 'idempotency-key': key },
      payload: { units: [{ serial: serial('KEY') }] },
    });
    expectRefused(reused, 422, 'IDEMPOTENCY_KEY_REUSED');

    const dispatchKey = randomUUID();
    const dispatch = () =>
      test.app.inject({
        method: 'POST',
        url: `/api/units/${units[0]?.serial}/dispatch`,
        headers: { ...clerk.session, 'idempotency-key': dispatchKey },
        payload: {},
      });
    const first = await dispatch();
    expect(first.statusCode, first.body).toBe(200);
    const again = await dispatch();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await item(product._id)).quentity).toBe(1);
  });

  it('registers a serial once when ten items receive it at the same moment: the others are told it is taken', async () => {
    const items = await Promise.all(Array.from({ length: 10 }, () => tracked()));
    const contested = serial('RACE-REG');
    const answers = await Promise.all(
      items.map((each, index) =>
        register(each._id, [
          { serial: `${contested}-${index}` },
          { serial: index % 2 === 0 ? contested : contested.toLowerCase() },
        ]),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expectRefused(answer, 409, 'SERIAL_TAKEN');
    }
    const quantities = await Promise.all(items.map(async (each) => (await item(each._id)).quentity));
    expect(quantities.sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect((await lifeOf(contested)).history).toHaveLength(1);
  });
});
