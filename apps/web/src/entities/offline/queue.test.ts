import { QueryClient } from '@tanstack/react-query';
import { errorBody } from '@test/features/product-fixtures.ts';
import { server } from '@test/msw-server.ts';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { readQueue } from '@/lib/device-store.ts';
import { dropChange, loadQueue, pendingDelta, queueChange, retryChange, sendQueue } from './queue.ts';

const CLERK = 'clerk-1';

afterEach(async () => {
  for (const change of await readQueue()) await dropChange(change.id);
});

/** What the intent route received: each request's key, item and body, in order. */
function intentRoute(answer: (body: Record<string, unknown>) => Response) {
  const received: { key: string | null; id: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.post('/api/product/:id/intents', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      received.push({ key: request.headers.get('idempotency-key'), id: String(params.id), body });
      return answer(body);
    }),
  );
  return received;
}

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
    await queueChange(change('a', 'deliver', 1));
    await queueChange(change('b', 'restock', 2));
    await queueChange(change('a', 'deliver', 1, 'someone-else'));
    await queueChange(change('c', 'deliver', 1));
    const queued = await readQueue();
    expect(queued.map((entry) => entry.productId)).toEqual(['a', 'b', 'a', 'c']);
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
    expect(left.map((entry) => [entry.productId, entry.userId, entry.refusal?.code])).toEqual([
      ['a', 'someone-else', undefined],
      ['c', CLERK, 'NOT_ENOUGH_AT_LOCATION'],
    ]);
  });

  it('keeps every change when the connection drops, and sends a refused one again on Retry, or another quantity under a new id on Edit', async () => {
    await queueChange(change('a', 'deliver', 1));
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
    expect(edited?.amount).toBe(3);
  });
});
