import { randomUUID } from 'node:crypto';
import type {
  HistoryEntry,
  Product,
  Receipt,
  ReceiptScan,
  ReceiptSummary,
  StatsMovements,
  StatsSummary,
  StockSeries,
} from '@walton/contract';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_ENGINES } from '../support/engines.ts';
import { addLocation, addProduct, type Clerk, newClerk } from '../support/inventory.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Receipts on every engine: declared, scanned by clerks (each scan once per Idempotency-Key, several
 * at once), completed in one transaction through the one change path, or refused with nothing written.
 */
describe.each(TEST_ENGINES)('receipts (%s)', (engine) => {
  let test: TestApp;
  const clerks = {} as Record<'admin' | 'staff' | 'viewer' | 'supplier' | 'otherSupplier', Clerk>;
  let showroom: string;
  let quarantine: string;
  let serialCounter = 0;
  const serial = (prefix = 'RCV') => {
    serialCounter += 1;
    return `${prefix}-${engine}-${serialCounter}`;
  };

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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
  const declare = async (
    lines: Array<{ productId: string; expected: number }>,
    options: { locationId?: string; as?: Clerk; supplier?: string } = {},
  ) => {
    const as = options.as ?? clerks.staff;
    const answer = await call(
      'POST',
      '/api/receipts',
      {
        supplier: options.supplier ?? as.email,
        locationId: options.locationId ?? showroom,
        reference: 'DN-1',
        lines,
      },
      as,
    );
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Receipt>();
  };
  const scan = (id: string, body: Record<string, unknown>, options: { as?: Clerk; key?: string } = {}) =>
    call(
      'POST',
      `/api/receipts/${id}/scans`,
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
    return answer.json<ReceiptScan>();
  };
  const receipt = async (id: string, as?: Clerk) => {
    const answer = await call('GET', `/api/receipts/${id}`, undefined, as);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Receipt>();
  };
  const complete = (id: string, body: Record<string, unknown> = {}) =>
    call('POST', `/api/receipts/${id}/complete`, body);
  const item = async (id: string) => (await call('GET', `/api/product/${id}`)).json<Product>();
  const levels = async (id: string) =>
    Object.fromEntries(
      (await call('GET', `/api/product/${id}/stock`))
        .json<Array<{ locationId: string; quantity: number }>>()
        .map(({ locationId, quantity }) => [locationId, quantity]),
    );
  const history = async (id: string) =>
    (await call('GET', `/api/product/${id}/history?limit=200`)).json<HistoryEntry[]>();
  /** Units restocked in the last 7 days (the dashboard), and into the showroom today (its moves). */
  const restockedLately = async () => {
    const summary = (await call('GET', '/api/stats/summary')).json<StatsSummary>();
    const moves = (
      await call('GET', `/api/stats/movements?days=30&location=${showroom}`)
    ).json<StatsMovements>();
    return {
      lastSevenDays: summary.restockedLast7Days,
      atShowroomToday: moves.days.at(-1)?.restocked ?? Number.NaN,
    };
  };
  const untracked = (quentity = 5, as: Clerk = clerks.staff) => addProduct(test.app, as, { quentity });
  const tracked = () => addProduct(test.app, clerks.staff, { quentity: 0, serialTracked: true });

  /** The verification link mailed to `email`, from the dev outbox. */
  async function verify(email: string): Promise<void> {
    const link = await vi.waitFor(async () => {
      const found = (await test.app.inject({ url: '/api/dev/outbox' }))
        .json<Array<{ to: string; links: string[] }>>()
        .find((mail) => mail.to === email)?.links[0];
      if (!found) throw new Error(`no mail to ${email} yet`);
      return new URL(found);
    });
    const answer = await test.app.inject({ url: `${link.pathname}${link.search}` });
    expect(answer.statusCode).toBe(302);
  }

  beforeAll(async () => {
    test = await createTestApp(engine);
    clerks.admin = await newClerk(test.app, 'Admin');
    for (const role of ['staff', 'viewer', 'supplier', 'otherSupplier'] as const) {
      clerks[role] = await newClerk(test.app, role);
    }
    for (const [clerk, role] of [
      [clerks.viewer, 'viewer'],
      [clerks.supplier, 'supplier'],
      [clerks.otherSupplier, 'supplier'],
    ] as const) {
      const changed = await call('PATCH', `/api/users/${clerk.user.id}`, { role }, clerks.admin);
      expect(changed.statusCode, changed.body).toBe(200);
    }
    await verify(clerks.supplier.email);
    await verify(clerks.otherSupplier.email);
    showroom = await addLocation(test.app, clerks.admin, 'Receiving showroom', 'showroom');
  });
  afterAll(() => test?.close());

  it('keeps a partial receipt open, then completes it: each line one movement naming the receipt', async () => {
    const fans = await untracked(5);
    const acs = await tracked();
    const declared = await declare([
      { productId: fans._id, expected: 10 },
      { productId: acs._id, expected: 2 },
    ]);
    expect(declared).toMatchObject({
      status: 'expected',
      locationId: showroom,
      supplier: clerks.staff.email,
    });

    const first = await scanned(declared.id, { productId: fans._id, quantity: 4 });
    expect(first).toMatchObject({ productId: fans._id, quantity: 4, condition: 'ok', serials: [] });
    const [indoor, other] = [serial('AC'), serial('AC')];
    await scanned(declared.id, { productId: acs._id, serials: [indoor] });

    const partial = await receipt(declared.id);
    expect(partial.status).toBe('receiving');
    expect(partial.lines).toEqual([
      expect.objectContaining({ productId: fans._id, expected: 10, received: 4, damaged: 0 }),
      expect.objectContaining({ productId: acs._id, expected: 2, received: 1, serials: [indoor] }),
    ]);
    expect(partial.movements).toEqual([]);
    expect(partial.discrepancies).toEqual([
      expect.objectContaining({ productId: fans._id, kind: 'short', arrived: 4, difference: -6 }),
      expect.objectContaining({ productId: acs._id, kind: 'short', arrived: 1, difference: -1 }),
    ]);
    // Nothing is in stock before completion.
    expect((await item(fans._id)).quentity).toBe(5);
    expect((await item(acs._id)).quentity).toBe(0);

    await scanned(declared.id, { productId: fans._id, quantity: 6 });
    await scanned(declared.id, { productId: acs._id, quantity: 1, serials: [other] });
    const restockedBefore = await restockedLately();
    const done = await complete(declared.id);
    expect(done.statusCode, done.body).toBe(200);
    const received = done.json<Receipt>();
    expect(received).toMatchObject({ status: 'received', closedBy: clerks.staff.email, discrepancies: [] });

    expect((await item(fans._id)).quentity).toBe(15);
    expect(await levels(fans._id)).toEqual({ main: 5, [showroom]: 10 });
    expect((await item(acs._id)).quentity).toBe(2);
    expect(await levels(acs._id)).toEqual({ [showroom]: 2 });
    const unit = (await call('GET', `/api/units/${other}`)).json<{
      unit: { status: string; location: { id: string } };
    }>();
    expect(unit.unit).toMatchObject({ status: 'in_stock', location: { id: showroom } });

    const [fansMoved] = await history(fans._id);
    expect(fansMoved).toMatchObject({ kind: 'received', delta: 10 });
    const [acsMoved] = await history(acs._id);
    expect(acsMoved).toMatchObject({ kind: 'received', delta: 2 });
    // The receipt names the history rows it wrote, one per line.
    expect((await receipt(declared.id)).movements).toEqual(
      expect.arrayContaining([
        { historyId: fansMoved?.id, productId: fans._id, quantity: 10, locationId: showroom },
        { historyId: acsMoved?.id, productId: acs._id, quantity: 2, locationId: showroom },
      ]),
    );
    expect(received.movements).toHaveLength(2);
    // A receipt's units count as restocked on the dashboard, the item's chart and the location's moves.
    expect(await restockedLately()).toEqual({
      lastSevenDays: restockedBefore.lastSevenDays + 12,
      atShowroomToday: restockedBefore.atShowroomToday + 12,
    });
    const series = (await call('GET', `/api/product/${fans._id}/stock-series?days=30`)).json<StockSeries>();
    expect(series.points.at(-1)).toMatchObject({ quantity: 15, restocked: 10 });
    // The history export names their kind.
    const exported = await call('GET', '/api/export/history.csv');
    expect(exported.statusCode, exported.body).toBe(200);
    const [header = [], ...rows]: string[][] = parse(exported.body, { bom: true });
    const cell = (row: string[], column: string) => row[header.indexOf(column)];
    expect(
      rows
        .filter((row) => [fans._id, acs._id].includes(cell(row, 'productId') ?? ''))
        .map((row) => [cell(row, 'kind'), cell(row, 'delta')]),
    ).toEqual(
      expect.arrayContaining([
        ['received', '10'],
        ['received', '2'],
      ]),
    );
    expect(rows.filter((row) => cell(row, 'kind') === 'received')).toHaveLength(2);

    expectRefused(await scan(declared.id, { productId: fans._id }), 409, 'RECEIPT_CLOSED');
    expectRefused(await complete(declared.id), 409, 'RECEIPT_CLOSED');
  });

  it('records short and over lines, damaged units counted as arrived and sent to quarantine', async () => {
    const over = await untracked(0);
    const short = await untracked(1);
    const declared = await declare([
      { productId: over._id, expected: 3 },
      { productId: short._id, expected: 4 },
    ]);
    await scanned(declared.id, { productId: over._id, quantity: 5 });
    await scanned(declared.id, { productId: short._id });
    await scanned(declared.id, { productId: short._id, condition: 'damaged' });
    // Damaged units need a quarantine location: there is none yet.
    expectRefused(await complete(declared.id), 409, 'QUARANTINE_LOCATION_REQUIRED');
    expectRefused(
      await complete(declared.id, { quarantineLocationId: showroom }),
      409,
      'NOT_A_QUARANTINE_LOCATION',
    );
    quarantine = await addLocation(test.app, clerks.admin, 'Damaged goods', 'quarantine');
    expectRefused(
      await complete(declared.id, { notes: [{ productId: clerks.staff.user.id, note: 'x' }] }),
      409,
      'ITEM_NOT_ON_RECEIPT',
    );
    expect((await receipt(declared.id)).status).toBe('receiving');

    const done = await complete(declared.id, {
      notes: [{ productId: short._id, note: 'Two boxes missing from the truck' }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Receipt>().discrepancies).toEqual([
      { productId: over._id, kind: 'over', expected: 3, arrived: 5, difference: 2, note: '' },
      {
        productId: short._id,
        kind: 'short',
        expected: 4,
        arrived: 2,
        difference: -2,
        note: 'Two boxes missing from the truck',
      },
    ]);
    expect(await levels(over._id)).toEqual({ [showroom]: 5 });
    expect(await levels(short._id)).toEqual({ main: 1, [showroom]: 1, [quarantine]: 1 });
    expect((await item(short._id)).quentity).toBe(3);
  });

  it("exports a receipt's lines as CSV: counts, difference, note and serials, formula text escaped", async () => {
    const fans = await untracked(0);
    const acs = await tracked();
    const declared = await declare([
      { productId: fans._id, expected: 4 },
      { productId: acs._id, expected: 1 },
    ]);
    const [indoor, outdoor] = [serial('CSV'), serial('CSV')];
    await scanned(declared.id, { productId: fans._id, quantity: 2 });
    await scanned(declared.id, { productId: fans._id, condition: 'damaged' });
    await scanned(declared.id, { productId: acs._id, serials: [indoor, outdoor] });
    const exportOf = async (as: Clerk = clerks.staff) => {
      const answer = await call('GET', `/api/receipts/${declared.id}/export.csv`, undefined, as);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toMatch(/^text\/csv/);
      expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="walton-receipt-/);
      return parse(answer.body, { bom: true }) as string[][];
    };
    const header = ['productId', 'name', 'expected', 'received', 'damaged', 'difference', 'note', 'serials'];
    expect(await exportOf()).toEqual([
      header,
      [fans._id, fans.name, '4', '2', '1', '-1', '', ''],
      [acs._id, acs.name, '1', '2', '0', '1', '', `${indoor}\n${outdoor}`],
    ]);

    quarantine ??= await addLocation(test.app, clerks.admin, 'Damaged goods', 'quarantine');
    const done = await complete(declared.id, {
      quarantineLocationId: quarantine,
      notes: [{ productId: fans._id, note: '=One box short' }],
    });
    expect(done.statusCode, done.body).toBe(200);
    // A viewer exports too; the note that looks like a formula is written as text.
    expect((await exportOf(clerks.viewer))[1]).toEqual([
      fans._id,
      fans.name,
      '4',
      '2',
      '1',
      '-1',
      "'=One box short",
      '',
    ]);
    expectRefused(
      await call('GET', `/api/receipts/${declared.id}/export.csv`, undefined, clerks.supplier),
      403,
      'FORBIDDEN',
    );
    expectRefused(await call('GET', '/api/receipts/nope/export.csv'), 404, 'RECEIPT_NOT_FOUND');
  });

  it('counts a scan sent again with its Idempotency-Key once, and refuses the key with another scan', async () => {
    const fans = await untracked(0);
    const declared = await declare([{ productId: fans._id, expected: 5 }]);
    const key = randomUUID();
    const first = await scanned(declared.id, { productId: fans._id, quantity: 2 }, { key });
    const again = await scanned(declared.id, { productId: fans._id, quantity: 2 }, { key });
    expect(again).toEqual(first);
    // Sent again at once, many times: still once.
    const resent = await Promise.all(
      Array.from({ length: 10 }, () => scan(declared.id, { productId: fans._id, quantity: 2 }, { key })),
    );
    for (const answer of resent) expect(answer.json()).toEqual(first);
    expectRefused(
      await scan(declared.id, { productId: fans._id, quantity: 3 }, { key }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect((await receipt(declared.id)).lines[0]).toMatchObject({ received: 2 });
  });

  it('counts every scan of two clerks scanning one receipt at once', async () => {
    const fans = await untracked(0);
    const acs = await tracked();
    const declared = await declare([
      { productId: fans._id, expected: 40 },
      { productId: acs._id, expected: 20 },
    ]);
    const serials = Array.from({ length: 20 }, () => serial('BOTH'));
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) =>
        scan(
          declared.id,
          { productId: fans._id, quantity: 2 },
          {
            as: index % 2 === 0 ? clerks.staff : clerks.admin,
            key: randomUUID(),
          },
        ),
      ),
      ...serials.map((unitSerial, index) =>
        scan(
          declared.id,
          { productId: acs._id, serials: [unitSerial] },
          {
            as: index % 2 === 0 ? clerks.staff : clerks.admin,
            key: randomUUID(),
          },
        ),
      ),
      // The same box scanned by both clerks at once counts once.
      scan(declared.id, { productId: acs._id, serials: [serials[0]] }, { as: clerks.admin }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    // Of the two scans of the first box, whichever came second is refused.
    expect(statuses.filter((status) => status === 201)).toHaveLength(40);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => [answer.statusCode, answer.json().code])).toEqual([[409, 'SERIAL_TAKEN']]);
    const counted = await receipt(declared.id);
    expect(counted.lines).toEqual([
      expect.objectContaining({ received: 40 }),
      expect.objectContaining({ received: 20 }),
    ]);
    const done = await complete(declared.id);
    expect(done.statusCode, done.body).toBe(200);
    expect((await item(acs._id)).quentity).toBe(20);
    expect((await item(fans._id)).quentity).toBe(40);
  });

  it('counts in a completion exactly the scans that were kept, when scans race it', async () => {
    const fans = await untracked(0);
    const declared = await declare([{ productId: fans._id, expected: 30 }]);
    await scanned(declared.id, { productId: fans._id, quantity: 1 });
    const scans = Array.from({ length: 30 }, (_, index) =>
      scan(
        declared.id,
        { productId: fans._id, quantity: 1 + (index % 3) },
        { as: index % 2 === 0 ? clerks.staff : clerks.admin, key: randomUUID() },
      ),
    );
    const [done, ...answers] = await Promise.all([complete(declared.id), ...scans]);
    expect(done?.statusCode, done?.body).toBe(200);
    let kept = 1;
    for (const [index, answer] of answers.entries()) {
      if (answer.statusCode === 201) kept += 1 + (index % 3);
      else expectRefused(answer, 409, 'RECEIPT_CLOSED');
    }
    // Each scan either made it into the completion or was refused: none is counted and left out.
    expect((await item(fans._id)).quentity).toBe(kept);
    expect((await receipt(declared.id)).lines[0]).toMatchObject({ received: kept });
  });

  it('completes receipts that share items at once, each whole', async () => {
    const shared = [await untracked(0), await untracked(0), await untracked(0), await untracked(0)];
    const receipts: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const declared = await declare(shared.map((one) => ({ productId: one._id, expected: 1 })));
      for (const one of shared) await scanned(declared.id, { productId: one._id, quantity: index + 1 });
      receipts.push(declared.id);
    }
    const answers = await Promise.all(receipts.map((id) => complete(id)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    for (const one of shared) expect((await item(one._id)).quentity).toBe(1 + 2 + 3 + 4 + 5 + 6);
  });

  it('writes nothing when the last line fails: an item deleted, or a serial registered meanwhile', async () => {
    const items = [await untracked(2), await untracked(3), await untracked(4)];
    const last = [...items].sort((a, b) => (a._id < b._id ? -1 : 1)).at(-1);
    if (!last) throw new Error('no items');
    const declared = await declare(items.map((one) => ({ productId: one._id, expected: 2 })));
    for (const one of items) await scanned(declared.id, { productId: one._id, quantity: 2 });
    const before = await Promise.all(
      items.map(async (one) => ({ item: await item(one._id), history: await history(one._id) })),
    );

    const removed = await test.app.inject({
      method: 'DELETE',
      url: `/api/product/${last._id}`,
      headers: clerks.staff.withToken,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expectRefused(await complete(declared.id), 409, 'RECEIPT_ITEM_GONE');
    for (const [index, one] of items.entries()) {
      if (one._id === last._id) continue;
      expect(await item(one._id)).toEqual(before[index]?.item);
      expect(await history(one._id)).toEqual(before[index]?.history);
    }
    expect((await receipt(declared.id)).status).toBe('receiving');
    const restored = await test.app.inject({
      method: 'POST',
      url: `/api/product/${last._id}/restore`,
      headers: clerks.staff.withToken,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const done = await complete(declared.id);
    expect(done.statusCode, done.body).toBe(200);
    for (const [index, one] of items.entries()) {
      expect((await item(one._id)).quentity).toBe((before[index]?.item.quentity ?? 0) + 2);
    }

    // A tracked item's serial registered on the item itself between the scan and the completion.
    const fans = await untracked(1);
    const acs = await tracked();
    const taken = serial('TAKEN');
    const second = await declare([
      { productId: fans._id, expected: 1 },
      { productId: acs._id, expected: 1 },
    ]);
    await scanned(second.id, { productId: fans._id });
    await scanned(second.id, { productId: acs._id, serials: [taken] });
    const registered = await call('POST', `/api/product/${acs._id}/units`, { units: [{ serial: taken }] });
    expect(registered.statusCode, registered.body).toBe(200);
    const fansBefore = await item(fans._id);
    expectRefused(await complete(second.id), 409, 'SERIAL_TAKEN');
    expect(await item(fans._id)).toEqual(fansBefore);
    expect((await item(acs._id)).quentity).toBe(1);
    expect((await receipt(second.id)).status).toBe('receiving');
  });

  it('refuses scans that do not fit the line, naming why', async () => {
    const fans = await untracked(0);
    const acs = await tracked();
    const stranger = await untracked(0);
    const declared = await declare([
      { productId: fans._id, expected: 1 },
      { productId: acs._id, expected: 2 },
    ]);
    const known = serial('KNOWN');
    expect(
      (await call('POST', `/api/product/${acs._id}/units`, { units: [{ serial: known }] })).statusCode,
    ).toBe(200);
    expectRefused(await scan(declared.id, { productId: stranger._id }), 409, 'ITEM_NOT_ON_RECEIPT');
    expectRefused(await scan(declared.id, { productId: acs._id, quantity: 1 }), 409, 'SERIALS_REQUIRED');
    expectRefused(
      await scan(declared.id, { productId: fans._id, serials: ['X-1'] }),
      409,
      'ITEM_NOT_TRACKED',
    );
    const fresh = serial('NEW');
    expectRefused(
      await scan(declared.id, { productId: acs._id, quantity: 2, serials: [fresh] }),
      409,
      'UNITS_COUNT_MISMATCH',
    );
    const takenAnswer = await scan(declared.id, {
      productId: acs._id,
      serials: [fresh, ` ${known.toLowerCase()} `],
    });
    expectRefused(takenAnswer, 409, 'SERIAL_TAKEN');
    expect(takenAnswer.json()).toMatchObject({ params: { serials: ` ${known.toLowerCase()} `.trim() } });
    expectRefused(
      await scan(declared.id, { productId: acs._id, serials: [fresh, fresh.toLowerCase()] }),
      409,
      'SERIAL_TAKEN',
    );
    await scanned(declared.id, { productId: acs._id, serials: [fresh] });
    expectRefused(await scan(declared.id, { productId: acs._id, serials: [fresh] }), 409, 'SERIAL_TAKEN');
    expectRefused(await scan('no-such-receipt', { productId: fans._id }), 404, 'RECEIPT_NOT_FOUND');
    expect((await receipt(declared.id)).lines.map((line) => line.received)).toEqual([0, 1]);
  });

  it('cancels an open receipt: nothing arrives and it takes no more scans', async () => {
    const fans = await untracked(0);
    const declared = await declare([{ productId: fans._id, expected: 3 }]);
    await scanned(declared.id, { productId: fans._id, quantity: 3 });
    const cancelled = await call('POST', `/api/receipts/${declared.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Receipt>()).toMatchObject({ status: 'cancelled', closedBy: clerks.staff.email });
    expectRefused(await scan(declared.id, { productId: fans._id }), 409, 'RECEIPT_CLOSED');
    expectRefused(await complete(declared.id), 409, 'RECEIPT_CLOSED');
    expectRefused(await call('POST', `/api/receipts/${declared.id}/cancel`), 409, 'RECEIPT_CLOSED');
    expect((await item(fans._id)).quentity).toBe(0);
    const listed = (await call('GET', '/api/receipts?status=cancelled')).json<ReceiptSummary[]>();
    expect(listed.map((one) => one.id)).toContain(declared.id);
    expect(listed.every((one) => one.status === 'cancelled')).toBe(true);
  });

  it("finds receipts by text of the supplier's email or the reference, letter case and wildcards aside", async () => {
    const fans = await untracked(0);
    const post = async (supplier: string, reference: string) => {
      const answer = await call('POST', '/api/receipts', {
        supplier,
        locationId: showroom,
        reference,
        lines: [{ productId: fans._id, expected: 1 }],
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<Receipt>().id;
    };
    const tag = randomUUID().slice(0, 8);
    const byReference = await post(clerks.staff.email, `DN-${tag}-Eid`);
    const bySupplier = await post(`truck-${tag}@example.com`, 'DN-9');
    const percent = await post(clerks.staff.email, `50%-${tag}`);
    const found = async (q: string, query = '') => {
      const answer = await call('GET', `/api/receipts?${new URLSearchParams({ q, limit: '200' })}${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<ReceiptSummary[]>().map((one) => one.id);
    };
    expect((await found(`${tag}-EID`)).sort()).toEqual([byReference]);
    expect(await found(`TRUCK-${tag}`)).toEqual([bySupplier]);
    expect((await found(tag)).sort()).toEqual([byReference, bySupplier, percent].sort());
    expect(await found(`0%-${tag}`)).toEqual([percent]);
    expect(await found(`5_%-${tag}`)).toEqual([]);
    expect(await found(tag, '&status=cancelled')).toEqual([]);
    const total = await call('GET', `/api/receipts?q=${tag}&limit=1`);
    expect(total.headers['x-total-count']).toBe('3');
  });

  it('refuses a declaration of unknown items, repeated lines and unknown or inactive locations', async () => {
    const fans = await untracked(0);
    const post = (body: Record<string, unknown>) =>
      call('POST', '/api/receipts', { supplier: clerks.staff.email, locationId: showroom, ...body });
    expectRefused(await post({ lines: [{ productId: 'nope', expected: 1 }] }), 400, 'RECEIPT_ITEM_NOT_FOUND');
    expectRefused(
      await post({
        lines: [
          { productId: fans._id, expected: 1 },
          { productId: fans._id, expected: 2 },
        ],
      }),
      400,
      'RECEIPT_LINE_REPEATED',
    );
    expectRefused(
      await post({ locationId: 'nowhere', lines: [{ productId: fans._id, expected: 1 }] }),
      400,
      'UNKNOWN_LOCATION',
    );
    const closedShop = await addLocation(test.app, clerks.admin, 'Closed showroom', 'showroom');
    const deactivated = await call('PATCH', `/api/locations/${closedShop}`, { active: false }, clerks.admin);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expectRefused(
      await post({ locationId: closedShop, lines: [{ productId: fans._id, expected: 1 }] }),
      409,
      'LOCATION_INACTIVE',
    );
  });

  it('lets a supplier declare and see only their own deliveries of their own items; a viewer changes nothing', async () => {
    const theirs = await untracked(0, clerks.supplier);
    const others = await untracked(0, clerks.otherSupplier);
    const own = await declare([{ productId: theirs._id, expected: 2 }], { as: clerks.supplier });
    const another = await declare([{ productId: others._id, expected: 2 }], { as: clerks.otherSupplier });
    const staffs = await declare([{ productId: theirs._id, expected: 1 }], {
      supplier: clerks.supplier.email,
    });

    const refused = await call(
      'POST',
      '/api/receipts',
      {
        supplier: clerks.supplier.email,
        locationId: showroom,
        lines: [{ productId: others._id, expected: 1 }],
      },
      clerks.supplier,
    );
    expectRefused(refused, 403, 'FORBIDDEN');
    expect(refused.json()).toMatchObject({ action: 'receipt.create' });
    expectRefused(
      await call(
        'POST',
        '/api/receipts',
        {
          supplier: clerks.otherSupplier.email,
          locationId: showroom,
          lines: [{ productId: theirs._id, expected: 1 }],
        },
        clerks.supplier,
      ),
      403,
      'RECEIPT_SUPPLIER_NOT_SELF',
    );

    const listed = await call('GET', '/api/receipts?limit=200', undefined, clerks.supplier);
    expect(
      listed
        .json<ReceiptSummary[]>()
        .map((one) => one.id)
        .sort(),
    ).toEqual([own.id, staffs.id].sort());
    expect(listed.headers['x-total-count']).toBe('2');
    expect((await receipt(own.id, clerks.supplier)).id).toBe(own.id);
    expectRefused(
      await call('GET', `/api/receipts/${another.id}`, undefined, clerks.supplier),
      404,
      'RECEIPT_NOT_FOUND',
    );
    expect(
      (await call('GET', '/api/receipts?limit=200')).json<ReceiptSummary[]>().map((one) => one.id),
    ).toEqual(expect.arrayContaining([own.id, another.id, staffs.id]));

    // A supplier does not check deliveries in, nor cancels another's.
    expectRefused(await scan(own.id, { productId: theirs._id }, { as: clerks.supplier }), 403, 'FORBIDDEN');
    expectRefused(
      await call('POST', `/api/receipts/${own.id}/complete`, {}, clerks.supplier),
      403,
      'FORBIDDEN',
    );
    expectRefused(
      await call('POST', `/api/receipts/${another.id}/cancel`, undefined, clerks.supplier),
      403,
      'FORBIDDEN',
    );

    // A viewer reads but changes nothing.
    expect((await receipt(own.id, clerks.viewer)).status).toBe('expected');
    expectRefused(
      await call(
        'POST',
        '/api/receipts',
        {
          supplier: clerks.viewer.email,
          locationId: showroom,
          lines: [{ productId: theirs._id, expected: 1 }],
        },
        clerks.viewer,
      ),
      403,
      'FORBIDDEN',
    );
    expectRefused(await scan(own.id, { productId: theirs._id }, { as: clerks.viewer }), 403, 'FORBIDDEN');
    expectRefused(
      await call('POST', `/api/receipts/${own.id}/complete`, {}, clerks.viewer),
      403,
      'FORBIDDEN',
    );
    expectRefused(
      await call('POST', `/api/receipts/${own.id}/cancel`, undefined, clerks.viewer),
      403,
      'FORBIDDEN',
    );
    expect((await receipt(own.id)).status).toBe('expected');

    // Their own, while expected, a supplier may cancel; once scanning started, not any more.
    await scanned(staffs.id, { productId: theirs._id });
    expectRefused(
      await call('POST', `/api/receipts/${staffs.id}/cancel`, undefined, clerks.supplier),
      409,
      'RECEIPT_CLOSED',
    );
    const cancelled = await call('POST', `/api/receipts/${own.id}/cancel`, undefined, clerks.supplier);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
  });
});
