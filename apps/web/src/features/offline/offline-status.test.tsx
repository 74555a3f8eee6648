import { server, testUser } from '@test/msw-server.ts';
import { renderRoute } from '@test/render-route.tsx';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { dropChange } from '@/entities/offline/queue.ts';
import { putQueued, readQueue } from '@/lib/device-store.ts';

const user = testUser();

afterEach(async () => {
  for (const change of await readQueue()) await dropChange(change.id);
});

describe('the queue’s sends from a signed-in page', () => {
  it('try a send that failed at the network again a little later while online, under the same key, until it is applied', async () => {
    await putQueued({
      id: '01900000-0000-7000-8000-000000000001',
      userId: user.id,
      createdAt: Date.now(),
      kind: 'deliver',
      productId: 'p1',
      productName: 'Fan',
      amount: 1,
    });
    const keys: (string | null)[] = [];
    server.use(
      http.get('/api/settings', () => HttpResponse.json({ lowStockEmail: false })),
      http.post('/api/product/:id/intents', ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return keys.length === 1
          ? HttpResponse.error()
          : HttpResponse.json({ success: 'done', quentity: 4, version: 2 });
      }),
    );
    await renderRoute('/pending', { user });

    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(async () => expect(await readQueue()).toEqual([]), { timeout: 6_000 });
    expect(keys).toEqual(['01900000-0000-7000-8000-000000000001', '01900000-0000-7000-8000-000000000001']);
  });
});
