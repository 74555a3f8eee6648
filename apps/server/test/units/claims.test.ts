import type { Claim, ClaimResolved, HistoryEntry, Product, Unit, UnitWithHistory } from '@walton/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { listenOnLoopback, rawHttp } from '../support/raw-http.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Warranty claims on every engine: opened on a sold unit, resolved once; a replacement is one change
 * of the item (the replacement dispatched, the claimed unit returned to service, the claim resolved).
 */
describe.each(TEST_ENGINES)('warranty claims (%s)', (engine) => {
  let test: TestApp;
  let port: number;
  /** The app's clock: moved forward to let a warranty run out. */
  let now = Date.now();
  const clerks = {} as Record<'admin' | 'staff' | 'viewer' | 'supplier', Clerk>;
  let showroom: string;
  let service: string;
  let serialCounter = 0;
  const serial = (prefix = 'CLM') => {
    serialCounter += 1;
    return `${prefix}-${engine}-${serialCounter}`;
  };

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
    as: Clerk = clerks.admin,
  ): Promise<LightMyRequestResponse> =>
    test.app.inject({ method, url, headers: as.session, ...(payload === undefined ? {} : { payload }) });
  const expectRefused = (answer: LightMyRequestResponse, status: number, code: string) => {
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json()).toMatchObject({ code });
  };
  const tracked = () =>
    addProduct(test.app, clerks.admin, { quentity: 0, serialTracked: true, warrantyMonths: 12 });
  const register = async (id: string, units: Array<{ serial: string; pairedSerial?: string }>) => {
    const answer = await call('POST', `/api/product/${id}/units`, { units });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const dispatch = async (serialNumber: string, customer = { name: 'Rahim Uddin', phone: '01711000000' }) => {
    const answer = await call('POST', `/api/units/${serialNumber}/dispatch`, { customer });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const openClaim = (serialNumber: string, problem = 'Does not cool', as?: Clerk) =>
    call('POST', `/api/units/${encodeURIComponent(serialNumber)}/claims`, { problem }, as);
  const opened = async (serialNumber: string) => {
    const answer = await openClaim(serialNumber);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Claim>();
  };
  const resolve = (id: string, body: Record<string, unknown>, as?: Clerk) =>
    call('PATCH', `/api/claims/${id}`, body, as);
  const item = async (id: string) => (await call('GET', `/api/product/${id}`)).json<Product>();
  const levels = async (id: string) =>
    (await call('GET', `/api/product/${id}/stock`))
      .json<Array<{ locationId: string; quantity: number }>>()
      .map(({ locationId, quantity }) => ({ locationId, quantity }));
  const lifeOf = async (serialNumber: string, as?: Clerk) =>
    (
      await call('GET', `/api/units/${encodeURIComponent(serialNumber)}`, undefined, as)
    ).json<UnitWithHistory>();
  const history = async (id: string) =>
    (await call('GET', `/api/product/${id}/history?limit=200`)).json<HistoryEntry[]>();
  /** A sold unit of a new tracked item, and `spares` more units of it in stock at the main location. */
  const soldWithSpares = async (spares: number) => {
    const product = await tracked();
    const sold = serial('SOLD');
    const spare = Array.from({ length: spares }, () => serial('SPARE'));
    await register(product._id, [{ serial: sold }, ...spare.map((s) => ({ serial: s }))]);
    await dispatch(sold);
    return { product, sold, spare };
  };

  beforeAll(async () => {
    test = await createTestApp(engine, {}, { clock: () => new Date(now) });
    port = await listenOnLoopback(test.app);
    // The first account is admin; the others start as staff.
    clerks.admin = await newClerk(test.app, 'Admin');
    for (const role of ['staff', 'viewer', 'supplier'] as const)
      clerks[role] = await newClerk(test.app, role);
    for (const role of ['viewer', 'supplier'] as const) {
      const changed = await call('PATCH', `/api/users/${clerks[role].user.id}`, { role });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    showroom = await addLocation(test.app, clerks.admin, 'Claims showroom', 'showroom');
  });
  afterAll(() => test?.close());

  it('asks for a service location while there is none', async () => {
    const { sold, spare } = await soldWithSpares(1);
    const claim = await opened(sold);
    expectRefused(
      await resolve(claim.id, { resolution: 'replaced', replacementSerial: spare[0] }),
      409,
      'SERVICE_LOCATION_REQUIRED',
    );
    expect((await lifeOf(sold)).claims).toMatchObject([{ id: claim.id, status: 'open' }]);
    service = await addLocation(test.app, clerks.admin, 'Claims service centre', 'service');
  });

  it('follows register → transfer → dispatch → claim → replace, each in the history', async () => {
    const product = await tracked();
    const [indoor, outdoor, spare] = [serial('IN'), serial('OUT'), serial('SPARE')];
    await register(product._id, [{ serial: indoor, pairedSerial: outdoor }, { serial: spare }]);
    const moved = await call('POST', `/api/product/${product._id}/transfers`, {
      from: 'main',
      to: showroom,
      quantity: 2,
      serials: [indoor, spare],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await dispatch(outdoor, { name: 'Karim Ahmed', phone: '01811000000' });
    const sold = (await lifeOf(indoor)).unit;
    expect(sold).toMatchObject({ status: 'dispatched', location: null });

    // Claimed by the outdoor unit's serial: the unit is one.
    const claim = await opened(outdoor.toLowerCase());
    expect(claim).toMatchObject({
      serial: indoor,
      productId: product._id,
      problem: 'Does not cool',
      status: 'open',
      resolution: null,
      replacementSerial: null,
      openedBy: clerks.admin.email,
      resolvedAt: null,
    });

    const replaced = await resolve(claim.id, {
      resolution: 'replaced',
      replacementSerial: spare,
      note: 'Compressor failed',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<ClaimResolved>()).toMatchObject({
      quentity: 0,
      claim: {
        id: claim.id,
        status: 'resolved',
        resolution: 'replaced',
        replacementSerial: spare,
        note: 'Compressor failed',
        resolvedBy: clerks.admin.email,
      },
    });

    // The item: one more delivered, no stock left, no level (a returned unit is not in stock).
    expect(await item(product._id)).toMatchObject({ quentity: 0, version: 5 });
    expect(await levels(product._id)).toEqual([]);
    const rows = await history(product._id);
    expect(rows.map((row) => [row.kind, row.delta, row.quantityAfter, row.version])).toEqual([
      ['delivered', -1, 0, 5],
      ['delivered', -1, 1, 4],
      ['transferred', 0, 2, 3],
      ['restocked', 2, 2, 2],
      ['created', 0, 0, 1],
    ]);
    expect(rows[0]).toMatchObject({ moved: 1, fromLocation: { id: showroom }, toLocation: null });

    // The claimed unit: returned at the service centre, its way there in its claims.
    const returned = await lifeOf(indoor);
    expect(returned.unit).toMatchObject({
      status: 'returned',
      location: { id: service, name: 'Claims service centre' },
      warrantyUntil: sold.warrantyUntil,
      customer: { name: 'Karim Ahmed', phone: '01811000000' },
    });
    expect(returned.history.map((row) => [row.kind, row.version])).toEqual([
      ['delivered', 4],
      ['transferred', 3],
      ['restocked', 2],
    ]);
    expect(returned.claims).toMatchObject([
      { id: claim.id, resolution: 'replaced', replacementSerial: spare },
    ]);

    // The replacement: dispatched to the same customer with the remaining warranty.
    const replacement = await lifeOf(spare);
    expect(replacement.unit).toMatchObject({
      status: 'dispatched',
      location: null,
      warrantyUntil: sold.warrantyUntil,
      customer: { name: 'Karim Ahmed', phone: '01811000000' },
    });
    expect(replacement.history.map((row) => [row.kind, row.version])).toEqual([
      ['delivered', 5],
      ['transferred', 3],
      ['restocked', 2],
    ]);
    expect(replacement.claims).toEqual([]);

    // The list: by status and by either serial.
    const listed = await call('GET', `/api/claims?status=resolved&serial=${encodeURIComponent(outdoor)}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json<Claim[]>()).toMatchObject([{ id: claim.id }]);
    const open = await call('GET', `/api/claims?status=open&serial=${encodeURIComponent(indoor)}`);
    expect(open.json<Claim[]>()).toEqual([]);
  });

  it('refuses what a claim may not do, and changes nothing', async () => {
    const { product, sold, spare } = await soldWithSpares(2);
    const other = await soldWithSpares(1);
    const inStock = spare[0] ?? '';

    expectRefused(await openClaim(inStock), 409, 'UNIT_NOT_DISPATCHED');
    expectRefused(await openClaim('NO-SUCH-SERIAL'), 404, 'UNIT_NOT_FOUND');
    expectRefused(await openClaim(sold, '   '), 400, 'VALIDATION_FAILED');
    expectRefused(await openClaim(sold, 'x'.repeat(1001)), 400, 'VALIDATION_FAILED');
    const claim = await opened(sold);
    expectRefused(await openClaim(sold), 409, 'CLAIM_ALREADY_OPEN');

    const before = await item(product._id);
    for (const [body, status, code] of [
      [{ resolution: 'replaced' }, 400, 'REPLACEMENT_SERIAL_REQUIRED'],
      [{ resolution: 'replaced', replacementSerial: other.spare[0] }, 409, 'UNIT_OF_ANOTHER_ITEM'],
      [{ resolution: 'replaced', replacementSerial: other.sold }, 409, 'UNIT_OF_ANOTHER_ITEM'],
      [{ resolution: 'replaced', replacementSerial: sold }, 409, 'UNIT_NOT_AVAILABLE'],
      [{ resolution: 'replaced', replacementSerial: 'NO-SUCH-SERIAL' }, 404, 'UNIT_NOT_FOUND'],
      [
        { resolution: 'replaced', replacementSerial: inStock, serviceLocationId: showroom },
        409,
        'NOT_A_SERVICE_LOCATION',
      ],
      [
        { resolution: 'replaced', replacementSerial: inStock, serviceLocationId: 'nowhere' },
        400,
        'UNKNOWN_LOCATION',
      ],
      [{ resolution: 'mended' }, 400, 'VALIDATION_FAILED'],
    ] as const) {
      expectRefused(await resolve(claim.id, body), status, code);
    }
    expectRefused(await resolve('no-such-claim', { resolution: 'repaired' }), 404, 'CLAIM_NOT_FOUND');
    expect(await item(product._id)).toMatchObject({ quentity: before.quentity, version: before.version });
    expect((await lifeOf(sold)).claims).toMatchObject([{ id: claim.id, status: 'open' }]);

    // A unit not in stock: the other item's sold unit is the wrong item; this item's dispatched one is unavailable.
    const repaired = await resolve(claim.id, { resolution: 'repaired', note: 'New capacitor' });
    expect(repaired.statusCode, repaired.body).toBe(200);
    expect(repaired.json<ClaimResolved>()).toMatchObject({
      quentity: null,
      claim: { status: 'resolved', resolution: 'repaired', note: 'New capacitor', replacementSerial: null },
    });
    expectRefused(await resolve(claim.id, { resolution: 'rejected' }), 409, 'CLAIM_NOT_OPEN');
    expect((await lifeOf(sold)).unit).toMatchObject({ status: 'dispatched' });
    // Repaired, the unit may be claimed again.
    const again = await opened(sold);
    const rejected = await resolve(again.id, { resolution: 'rejected', note: 'Physical damage' });
    expect(rejected.json<ClaimResolved>()).toMatchObject({ claim: { resolution: 'rejected' } });
    expect(await item(product._id)).toMatchObject({ quentity: before.quentity, version: before.version });
  });

  it('refuses a claim once the warranty has run out', async () => {
    const { sold } = await soldWithSpares(0);
    const warrantyUntil = (await lifeOf(sold)).unit.warrantyUntil;
    now += 400 * DAY_MS;
    try {
      const answer = await openClaim(sold);
      expectRefused(answer, 409, 'WARRANTY_EXPIRED');
      expect(answer.json()).toMatchObject({ params: { warrantyUntil } });
    } finally {
      now -= 400 * DAY_MS;
    }
    expect((await lifeOf(sold)).claims).toEqual([]);
  });

  it('lets one of two resolutions of a claim at once win, and keeps stock and units whole', async () => {
    for (const other of ['replaced', 'repaired'] as const) {
      const { product, sold, spare } = await soldWithSpares(2);
      const claim = await opened(sold);
      const answers = await Promise.all([
        resolve(claim.id, { resolution: 'replaced', replacementSerial: spare[0] }),
        resolve(
          claim.id,
          other === 'replaced'
            ? { resolution: 'replaced', replacementSerial: spare[1] }
            : { resolution: 'repaired' },
        ),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json()).toMatchObject({ code: 'CLAIM_NOT_OPEN' });
      const won = answers.find((answer) => answer.statusCode === 200)?.json<ClaimResolved>();
      const replacedWith = won?.claim.replacementSerial ?? null;
      const life = await lifeOf(sold);
      expect(life.claims).toMatchObject([
        { id: claim.id, status: 'resolved', resolution: won?.claim.resolution },
      ]);
      expect(life.unit.status).toBe(replacedWith === null ? 'dispatched' : 'returned');
      const units = (await call('GET', `/api/product/${product._id}/units?limit=500`)).json<Unit[]>();
      const inStock = units.filter((unit) => unit.status === 'in_stock').length;
      expect(inStock).toBe(replacedWith === null ? 2 : 1);
      expect(await item(product._id)).toMatchObject({ quentity: inStock });
      expect(await levels(product._id)).toEqual([{ locationId: 'main', quantity: inStock }]);
    }
  });

  it('lets staff and admins manage claims, and shows customers to all but suppliers (raw HTTP)', async () => {
    const { product, sold, spare } = await soldWithSpares(1);
    const raw = (as: Clerk, method: string, target: string, json?: unknown) =>
      rawHttp(port, {
        method,
        target,
        headers: { cookie: as.cookie },
        ...(json === undefined ? {} : { json }),
      });
    for (const role of ['viewer', 'supplier'] as const) {
      const refused = await raw(clerks[role], 'POST', `/api/units/${sold}/claims`, { problem: 'Noisy' });
      expect(refused.status, refused.body).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'FORBIDDEN', action: 'claim.manage' });
    }
    const byStaff = await raw(clerks.staff, 'POST', `/api/units/${sold}/claims`, { problem: 'Noisy' });
    expect(byStaff.status, byStaff.body).toBe(201);
    const claim = JSON.parse(byStaff.body) as Claim;
    for (const role of ['viewer', 'supplier'] as const) {
      const refused = await raw(clerks[role], 'PATCH', `/api/claims/${claim.id}`, { resolution: 'rejected' });
      expect(refused.status, refused.body).toBe(403);
    }
    const listed = await raw(clerks.viewer, 'GET', `/api/claims?serial=${sold}`);
    expect(listed.status, listed.body).toBe(200);
    expect(JSON.parse(listed.body)).toMatchObject([{ id: claim.id, status: 'open' }]);

    const customer = { name: 'Rahim Uddin', phone: '01711000000' };
    for (const role of ['admin', 'staff', 'viewer', 'supplier'] as const) {
      const expected = role === 'supplier' ? null : customer;
      const unit = await raw(clerks[role], 'GET', `/api/units/${sold}`);
      expect(unit.status, unit.body).toBe(200);
      expect((JSON.parse(unit.body) as UnitWithHistory).unit.customer, role).toEqual(expected);
      const list = await raw(clerks[role], 'GET', `/api/product/${product._id}/units?status=dispatched`);
      expect(list.status, list.body).toBe(200);
      expect(
        (JSON.parse(list.body) as Unit[]).map((unit) => unit.customer),
        role,
      ).toEqual([expected]);
    }
    const byAdmin = await raw(clerks.admin, 'PATCH', `/api/claims/${claim.id}`, {
      resolution: 'replaced',
      replacementSerial: spare[0],
    });
    expect(byAdmin.status, byAdmin.body).toBe(200);
  });
});
