import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { stockChangedSchema } from '@walton/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { uuidv7 } from 'uuidv7';
import { latestInBody } from '@/entities/products/api/latest-in-body.ts';
import { rememberOwnVersion } from '@/entities/products/api/own-changes.ts';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';
import { deleteQueued, putQueued, type QueuedChange, readQueue } from '@/lib/device-store.ts';

/**
 * The changes made offline (ADR 66): kept in IndexedDB (lib/device-store.ts) and mirrored here, so
 * every screen shows them at once; sent in the order they were made through the intent route
 * (`POST /api/product/:id/intents`), each with its operation id as the Idempotency-Key, so that a
 * change sent twice (an answer lost on the way) is applied once.
 */
let queue: readonly QueuedChange[] = [];
const listeners = new Set<() => void>();

function setQueue(next: readonly QueuedChange[]): void {
  queue = next;
  for (const listener of listeners) listener();
}

const onQueueChange = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Reads the queue again from the device (at start, and before each send: another tab may have added to it). */
export async function loadQueue(): Promise<void> {
  setQueue(await readQueue());
}

/** The queued changes of `userId` (another user's stay held for them), oldest first. */
export function useQueuedChanges(userId: string | undefined): readonly QueuedChange[] {
  const all = useSyncExternalStore(
    onQueueChange,
    () => queue,
    () => queue,
  );
  return useMemo(() => all.filter((change) => change.userId === userId), [all, userId]);
}

/** Whether the browser is online, as React Query knows it; re-renders as it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** How far the queued changes waiting to be sent move an item's quantity (0 when none). */
export function pendingDelta(changes: readonly QueuedChange[], productId: string): number {
  let delta = 0;
  for (const change of changes) {
    if (change.productId !== productId || change.refusal) continue;
    delta += change.kind === 'deliver' ? -change.amount : change.amount;
  }
  return delta;
}

/** What a change made offline says: who made it, on which item, what, and where. */
export type NewChange = Pick<
  QueuedChange,
  'userId' | 'productId' | 'productName' | 'kind' | 'amount' | 'locationId'
>;

/** Queues a change made offline under a fresh operation id (a UUID v7: its key sorts it after the earlier ones). */
export async function queueChange(change: NewChange): Promise<void> {
  const entry: QueuedChange = { ...change, id: uuidv7(), createdAt: Date.now() };
  await putQueued(entry);
  setQueue([...queue, entry]);
}

async function replace(entry: QueuedChange): Promise<void> {
  await putQueued(entry);
  setQueue(queue.map((change) => (change.id === entry.id ? entry : change)));
}

/** Drops a change (sent and applied, or discarded by the user). */
export async function dropChange(id: string): Promise<void> {
  await deleteQueued(id);
  setQueue(queue.filter((change) => change.id !== id));
}

/**
 * A refusal that settles the change: the server judged it and said no (out of stock, item deleted,
 * no longer allowed). Not one: no connection, a server error, an ended session (401: held until the
 * user signs in again), too many requests; those keep the change waiting.
 */
const isFinalRefusal = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 401 &&
  error.status !== 408 &&
  error.status !== 429;

/** Sends one change; true when it settled (applied or refused), false when it must wait. */
async function send(client: QueryClient, change: QueuedChange): Promise<boolean> {
  const type = change.kind === 'deliver' ? 'delivered' : 'restocked';
  try {
    const { data } = await apiRequest(
      `/product/${encodeURIComponent(change.productId)}/intents`,
      stockChangedSchema,
      {
        method: 'POST',
        headers: { 'idempotency-key': change.id },
        body: JSON.stringify({ [change.kind]: change.amount, locationId: change.locationId }),
      },
    );
    rememberOwnVersion(change.productId, data.version);
    // The item's new quantity first, then the change leaves the queue: the number shown never jumps back.
    void applyProductChange(client, {
      type,
      id: change.productId,
      quantity: data.quentity,
      version: data.version,
    });
    await dropChange(change.id);
    return true;
  } catch (error) {
    if (!isFinalRefusal(error)) return false;
    const { status, message, code, params } = error;
    await replace({ ...change, refusal: { status, message, code, params } });
    void applyProductChange(client, { type, id: change.productId, latest: latestInBody(error) });
    return true;
  }
}

let sending: Promise<void> | undefined;

/**
 * Sends `userId`'s waiting changes in the order they were made; each answer settles its change (a
 * refusal puts it in Needs attention). Stops at the first change that must wait (the connection
 * dropped again), keeping it and the ones after it. One send at a time.
 */
export function sendQueue(client: QueryClient, userId: string): Promise<void> {
  sending ??= (async () => {
    try {
      await loadQueue();
      for (const change of queue.filter((entry) => entry.userId === userId && !entry.refusal)) {
        if (!(await send(client, change))) return;
      }
    } finally {
      sending = undefined;
    }
  })();
  return sending;
}

/** Retry (the same change) or Edit (another amount: a new change, under a fresh operation id). */
export async function retryChange(client: QueryClient, change: QueuedChange, amount?: number): Promise<void> {
  if (amount === undefined || amount === change.amount) {
    await replace({ ...change, refusal: undefined });
  } else {
    await dropChange(change.id);
    const { userId, productId, productName, kind, locationId } = change;
    await queueChange({ userId, productId, productName, kind, amount, locationId });
  }
  if (onlineManager.isOnline()) await sendQueue(client, change.userId);
}
