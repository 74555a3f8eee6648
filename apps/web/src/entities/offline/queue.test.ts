import { onlineManager, QueryClient } from '@tanstack/react-query';
import { errorBody } from '@test/features/product-fixtures.ts';
import { server } from '@test/msw-server.ts';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { type QueuedChange, readQueue } from '@/lib/device-store.ts';
import { pendingLevels } from './pending-levels.ts';
import {
  changeAmount,
  dropChange,
  editable,
  loadQueue,
  pendingCounted,
  pendingDelta,
  queueChange,
  retryChange,
  sendQueue,
} from './queue.ts';

const CLERK = 'clerk-1';

afterEach(async () => {
  onlineManager.setOnline(true);
  for (const change of await readQueue()) await dropChange(change.id);
});

interface Received {
  key: string | null;
  id: string;
  body: Record<string, unknown>;
}

/** What the intent route received: each request's key, item and body, in order (into `received`). */
function intentRoute(answer: (body: Record<string, unknown>) => Response, received: Received[] = []) {
  server.use(
    http.post('/api/product/:id/intents', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      received.push({ key: request.headers.get('idempotency-key'), id: String(params.id), body });
      return answer(body);
    }),
  );
  return received;
}

/** What a count's scans route received: each request's key, count and body, in order (into `received`). */
function countScanRoute(answer: (body: Record<string, unknown>) => Response, received: Received[] = []) {
  server.use(
    http.post('/api/counts/:id/scans', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      received.push({ key: request.headers.get('idempotency-key'), id: `count ${String(params.id)}`, body });
      return answer(body);
    }),
  );
  return received;
}

/** What an item's transfers route received: each request's key, item and body, in order (into `received`). */
function transferRoute(answer: (body: Record<string, unknown>) => Response, received: Received[] = []) {
  server.use(
    http.post('/api/product/:id/transfers', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      received.push({
        key: request.headers.get('idempotency-key'),
        id: `transfer ${String(params.id)}`,
        body,
      });
      return answer(body);
    }),
  );
  return received;
}

/** What the units' dispatch route received: each request's key, unit and body, in order (into `received`). */
function unitDispatchRoute(answer: (serial: string) => Response, received: Received[] = []) {
  server.use(
    http.post('/api/units/:serial/dispatch', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const serial = String(params.serial);
      received.push({ key: request.headers.get('idempotency-key'), id: `unit ${serial}`, body });
      return answer(serial);
    }),
  );
  return received;
}

/** The scan the server keeps, as the count's scans route answers it. */
const keptScan = (body: Record<string, unknown>) =>
  HttpResponse.json({
    id: 'scan-1',
    countId: 'k1',
    productId: String(body.productId ?? 'a'),
    quantity: Number(body.quantity ?? 1),
    serial: typeof body.serial === 'string' ? body.serial : null,
    scannedBy: CLERK,
    scannedAt: new Date().toISOString(),
  });

/** What a queued change is about: its item, or its count. */
const subject = (entry: QueuedChange) =>
  entry.kind === 'countScan'
    ? `count ${entry.countId}`
    : entry.kind === 'transfer'
      ? `transfer ${entry.productId}`
      : entry.productId;

const transfer = (productId: string, quantity: number) => ({
  userId: CLERK,
  kind: 'transfer' as const,
  productId,
  productName: `Item ${productId}`,
  from: { id: 'l-a', name: 'A' },
  to: { id: 'l-b', name: 'B' },
  quantity,
});

const unitDispatch = (productId: string, serial: string, customer?: { name: string; phone?: string }) => ({
  userId: CLERK,
  kind: 'unitDispatch' as const,
  productId,
  productName: `Item ${productId}`,
  serial,
  customer,
});

const countScan = (countId: string, scan: { productId: string; quantity: number } | { serial: string }) => ({
  userId: CLERK,
  kind: 'countScan' as const,
  countId,
  scan,
  label: 'productId' in scan ? `Item ${scan.productId}` : scan.serial,
});

const change = (productId: string, kind: 'deliver' | 'restock', amount: number, userId = CLERK) => ({
  userId,
  productId,
  productName: `Item ${productId}`,
  kind,
  amount,
  locationId: undefined,
});

describe('the offline queue', () => {
  it('sends the user’s changes in order, each under its operation id, and settles each: applied ones leave, a refusal needs attention', async () => {
    await queueChange(new QueryClient(), change('a', 'deliver', 1));
    await queueChange(new QueryClient(), change('b', 'restock', 2));
    await queueChange(new QueryClient(), change('a', 'deliver', 1, 'someone-else'));
    await queueChange(new QueryClient(), change('c', 'deliver', 1));
    const queued = await readQueue();
    expect(queued.map(subject)).toEqual(['a', 'b', 'a', 'c']);
    expect(
      pendingDelta(
        queued.filter((entry) => entry.userId === CLERK),
        'a',
      ),
    ).toBe(-1);

    const received = intentRoute((body) =>
      body.deliver !== undefined && received.length === 3
        ? HttpResponse.json(
            errorBody(409, 'Conflict', 'Only 0 units of this item are at Main warehouse.', {
              code: 'NOT_ENOUGH_AT_LOCATION',
            }),
            { status: 409 },
          )
        : HttpResponse.json({ success: 'done', quentity: 4, version: 2 }),
    );
    await sendQueue(new QueryClient(), CLERK);

    expect(received.map(({ id, body }) => [id, body])).toEqual([
      ['a', { deliver: 1 }],
      ['b', { restock: 2 }],
      ['c', { deliver: 1 }],
    ]);
    const mine = queued.filter((entry) => entry.userId === CLERK);
    expect(received.map(({ key }) => key)).toEqual(mine.map((entry) => entry.id));
    const left = await readQueue();
    expect(left.map((entry) => [subject(entry), entry.userId, entry.refusal?.code])).toEqual([
      ['a', 'someone-else', undefined],
      ['c', CLERK, 'NOT_ENOUGH_AT_LOCATION'],
    ]);
  });

  it('keeps every change when the connection drops, and sends a refused one again on Retry, or another quantity under a new id on Edit', async () => {
    await queueChange(new QueryClient(), change('a', 'deliver', 1));
    server.use(http.post('/api/product/:id/intents', () => HttpResponse.error()));
    await sendQueue(new QueryClient(), CLERK);
    const [waiting] = await readQueue();
    expect(waiting?.refusal).toBeUndefined();

    const received = intentRoute(() =>
      HttpResponse.json(errorBody(409, 'Conflict', 'Not enough.', { code: 'NOT_ENOUGH_AT_LOCATION' }), {
        status: 409,
      }),
    );
    await sendQueue(new QueryClient(), CLERK);
    const [refused] = await readQueue();
    expect(refused?.refusal?.status).toBe(409);
    if (!refused) throw new Error('the refused change is kept');

    await loadQueue();
    await retryChange(new QueryClient(), refused);
    expect(received.map(({ key }) => key)).toEqual([refused.id, refused.id]);

    const [again] = await readQueue();
    if (!again) throw new Error('refused again, still kept');
    await retryChange(new QueryClient(), again, 3);
    const [edited] = await readQueue();
    expect(received.at(-1)?.body).toEqual({ deliver: 3 });
    expect(received.at(-1)?.key).not.toBe(refused.id);
    expect(edited?.kind === 'deliver' && edited.amount).toBe(3);
  });

  it('sends a count scan made offline to its count’s scans route under its operation id, in order with the other changes; a refusal needs attention, and Edit sends another quantity under a new id', async () => {
    await queueChange(new QueryClient(), change('a', 'deliver', 1));
    await queueChange(new QueryClient(), countScan('k1', { productId: 'a', quantity: 2 }));
    await queueChange(new QueryClient(), change('b', 'restock', 2));
    await queueChange(new QueryClient(), countScan('k1', { serial: 'SN-1' }));
    await queueChange(new QueryClient(), countScan('k1', { productId: 'a', quantity: 3 }));
    const queued = await readQueue();
    // The item's stock moves by the delivery only; its line in the count by the scans of it.
    expect(pendingDelta(queued, 'a')).toBe(-1);
    expect(pendingCounted(queued, 'k1', 'a')).toBe(5);
    expect(pendingCounted(queued, 'k2', 'a')).toBe(0);

    const received: Received[] = [];
    intentRoute(() => HttpResponse.json({ success: 'done', quentity: 4, version: 2 }), received);
    countScanRoute(
      (body) =>
        body.quantity === 3
          ? HttpResponse.json(
              errorBody(409, 'Conflict', 'This count is applied: it takes no more changes.', {
                code: 'COUNT_CLOSED',
                params: { status: 'applied' },
              }),
              { status: 409 },
            )
          : keptScan(body),
      received,
    );
    await sendQueue(new QueryClient(), CLERK);

    expect(received.map(({ id, body }) => [id, body])).toEqual([
      ['a', { deliver: 1 }],
      ['count k1', { productId: 'a', quantity: 2 }],
      ['b', { restock: 2 }],
      ['count k1', { serial: 'SN-1' }],
      ['count k1', { productId: 'a', quantity: 3 }],
    ]);
    expect(received.map(({ key }) => key)).toEqual(queued.map((entry) => entry.id));
    const [refused, ...rest] = await readQueue();
    expect(rest).toEqual([]);
    if (refused?.kind !== 'countScan') throw new Error('the refused scan is kept');
    expect([refused.id, refused.refusal?.code, refused.refusal?.params]).toEqual([
      queued.at(-1)?.id,
      'COUNT_CLOSED',
      { status: 'applied' },
    ]);
    // Refused: it no longer moves the line.
    expect(pendingCounted([refused], 'k1', 'a')).toBe(0);

    await loadQueue();
    await retryChange(new QueryClient(), refused, 1);
    expect(received.at(-1)?.body).toEqual({ productId: 'a', quantity: 1 });
    expect(received.at(-1)?.key).not.toBe(refused.id);
    expect(await readQueue()).toEqual([]);
  });

  it('sends a transfer made offline to its item’s transfers route under its operation id, in order with the other changes; a refusal needs attention, and Edit sends another quantity under a new id', async () => {
    await queueChange(new QueryClient(), change('a', 'restock', 1));
    await queueChange(new QueryClient(), transfer('a', 2));
    await queueChange(new QueryClient(), countScan('k1', { productId: 'a', quantity: 2 }));
    await queueChange(new QueryClient(), transfer('a', 5));
    const queued = await readQueue();
    // Transfers move the levels by location, not the total; the restock moves both (at the item's one
    // location), so the levels shown add up to the total shown. Each moved level is marked pending.
    expect(pendingDelta(queued, 'a')).toBe(1);
    const levels = [{ locationId: 'l-a', locationName: 'A', quantity: 6 }];
    expect(pendingLevels(queued, 'a', levels)).toEqual([
      { locationId: 'l-a', locationName: 'A', quantity: 0, pending: true },
      { locationId: 'l-b', locationName: 'B', quantity: 7, pending: true },
    ]);
    // A Delivered from a chosen location moves that level; without one, at an item of two locations, none.
    const twoLevels = [...levels, { locationId: 'l-b', locationName: 'B', quantity: 3 }];
    const delivered = (locationId: string | undefined) => [
      { ...change('a', 'deliver', 1), id: 'd', createdAt: 0, locationId },
    ];
    expect(pendingLevels(delivered('l-b'), 'a', twoLevels)).toEqual([
      { ...levels[0], pending: false },
      { locationId: 'l-b', locationName: 'B', quantity: 2, pending: true },
    ]);
    expect(pendingLevels(delivered(undefined), 'a', twoLevels)).toEqual(
      twoLevels.map((level) => ({ ...level, pending: false })),
    );
    expect(pendingLevels(queued, 'b', levels)).toEqual([{ ...levels[0], pending: false }]);

    const received: Received[] = [];
    intentRoute(() => HttpResponse.json({ success: 'done', quentity: 7, version: 2 }), received);
    countScanRoute(keptScan, received);
    transferRoute(
      (body) =>
        body.quantity === 5
          ? HttpResponse.json(
              errorBody(409, 'Conflict', 'Only 4 units of this item are at A.', {
                code: 'NOT_ENOUGH_AT_LOCATION',
                params: { location: 'A', count: 4 },
              }),
              { status: 409 },
            )
          : HttpResponse.json({
              success: 'Stock moved',
              quentity: 7,
              version: 3,
              levels: [
                { locationId: 'l-a', locationName: 'A', quantity: 5 },
                { locationId: 'l-b', locationName: 'B', quantity: 2 },
              ],
            }),
      received,
    );
    await sendQueue(new QueryClient(), CLERK);

    expect(received.map(({ id, body }) => [id, body])).toEqual([
      ['a', { restock: 1 }],
      ['transfer a', { from: 'l-a', to: 'l-b', quantity: 2 }],
      ['count k1', { productId: 'a', quantity: 2 }],
      ['transfer a', { from: 'l-a', to: 'l-b', quantity: 5 }],
    ]);
    expect(received.map(({ key }) => key)).toEqual(queued.map((entry) => entry.id));
    const [refused, ...rest] = await readQueue();
    expect(rest).toEqual([]);
    if (refused?.kind !== 'transfer') throw new Error('the refused transfer is kept');
    expect([refused.id, refused.refusal?.code, refused.refusal?.params]).toEqual([
      queued.at(-1)?.id,
      'NOT_ENOUGH_AT_LOCATION',
      { location: 'A', count: 4 },
    ]);
    // Refused: it no longer moves the levels.
    expect(pendingLevels([refused], 'a', levels)).toEqual([{ ...levels[0], pending: false }]);

    await loadQueue();
    await retryChange(new QueryClient(), refused, 4);
    expect(received.at(-1)?.body).toEqual({ from: 'l-a', to: 'l-b', quantity: 4 });
    expect(received.at(-1)?.key).not.toBe(refused.id);
    expect(await readQueue()).toEqual([]);
  });

  it('offline, sends a change once as it is queued (for the service worker to keep), and keeps it when the send fails; queued online, sends nothing by itself', async () => {
    const received: Received[] = [];
    server.use(
      http.post('/api/product/:id/intents', ({ request, params }) => {
        received.push({ key: request.headers.get('idempotency-key'), id: String(params.id), body: {} });
        return HttpResponse.error();
      }),
    );
    await queueChange(new QueryClient(), change('a', 'deliver', 1));
    expect(received).toEqual([]);

    onlineManager.setOnline(false);
    await queueChange(new QueryClient(), change('b', 'restock', 2));
    await expect.poll(() => received.length).toBe(1);
    const queued = await readQueue();
    expect(received.map(({ id, key }) => [id, key])).toEqual([['b', queued.at(-1)?.id]]);
    // The send failed at the network: both changes wait, neither needs attention.
    expect(queued.map((entry) => [subject(entry), entry.refusal])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
  });

  it('sends a unit’s Delivered made offline to the unit’s dispatch route under its operation id, in order with the other changes; each moves the item by one, and a refusal needs attention with Retry only', async () => {
    await queueChange(new QueryClient(), unitDispatch('t', 'SN-1', { name: 'Rahim', phone: '01711000000' }));
    await queueChange(new QueryClient(), change('a', 'deliver', 1));
    await queueChange(new QueryClient(), unitDispatch('t', 'SN 2'));
    const queued = await readQueue();
    expect(pendingDelta(queued, 't')).toBe(-2);
    expect(pendingDelta(queued, 'a')).toBe(-1);
    expect(queued.map((entry) => [editable(entry), changeAmount(entry)])).toEqual([
      [false, 1],
      [true, 1],
      [false, 1],
    ]);

    const received: Received[] = [];
    intentRoute(() => HttpResponse.json({ success: 'done', quentity: 4, version: 2 }), received);
    unitDispatchRoute(
      (serial) =>
        serial === 'SN 2'
          ? HttpResponse.json(
              errorBody(409, 'Conflict', 'Unit SN 2 is not available: it is dispatched.', {
                code: 'UNIT_NOT_AVAILABLE',
                params: { serial: 'SN 2', state: 'dispatched' },
              }),
              { status: 409 },
            )
          : HttpResponse.json({ success: 'Delivered', quentity: 1, version: 3, units: [] }),
      received,
    );
    await sendQueue(new QueryClient(), CLERK);

    expect(received.map(({ id, body }) => [id, body])).toEqual([
      ['unit SN-1', { customer: { name: 'Rahim', phone: '01711000000' } }],
      ['a', { deliver: 1 }],
      ['unit SN 2', {}],
    ]);
    expect(received.map(({ key }) => key)).toEqual(queued.map((entry) => entry.id));
    const [refused, ...rest] = await readQueue();
    expect(rest).toEqual([]);
    if (refused?.kind !== 'unitDispatch') throw new Error('the refused dispatch is kept');
    expect([refused.id, refused.serial, refused.refusal?.code]).toEqual([
      queued.at(-1)?.id,
      'SN 2',
      'UNIT_NOT_AVAILABLE',
    ]);
    // Refused: it no longer moves the item.
    expect(pendingDelta([refused], 't')).toBe(0);

    await loadQueue();
    await retryChange(new QueryClient(), refused);
    expect(received.at(-1)).toEqual({ key: refused.id, id: 'unit SN 2', body: {} });
  });
});
