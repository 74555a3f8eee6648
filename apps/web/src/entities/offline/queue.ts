import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { stockChangedSchema } from '@walton/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { uuidv7 } from 'uuidv7';
import { countKeys } from '@/entities/counts/api/get-counts.ts';
import { postCountScan } from '@/entities/counts/api/scan-count.ts';
import { locationKeys } from '@/entities/locations/api/location-keys.ts';
import { postTransfer } from '@/entities/locations/api/post-transfer.ts';
import { latestInBody } from '@/entities/products/api/latest-in-body.ts';
import { rememberOwnVersion } from '@/entities/products/api/own-changes.ts';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { postUnitDispatch } from '@/entities/units/api/dispatch-unit.ts';
import { unitKeys } from '@/entities/units/api/unit-keys.ts';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';
import {
  deleteQueued,
  putQueued,
  type QueuedChange,
  type QueuedCountScan,
  type QueuedStockChange,
  type QueuedTransfer,
  type QueuedUnitDispatch,
  readQueue,
} from '@/lib/device-store.ts';
import { QUEUED_SEND_HEADER } from './queued-send.ts';

/**
 * The changes made offline (ADR 66): kept in IndexedDB (lib/device-store.ts) and mirrored here, so
 * every screen shows them at once; sent in the order they were made, a Delivered or restock through
 * the item's intent route (`POST /api/product/:id/intents`), a count scan through the count's scans
 * route (`POST /api/counts/:id/scans`), a transfer through the item's transfers route
 * (`POST /api/product/:id/transfers`), a Delivered of a unit tracked by serial number through the
 * unit's dispatch route (`POST /api/units/:serial/dispatch`), each with its operation id as the
 * Idempotency-Key, so that a change sent twice (an answer lost on the way) is applied once.
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
    if (change.kind === 'countScan' || change.kind === 'transfer') continue;
    if (change.productId !== productId || change.refusal) continue;
    if (change.kind === 'unitDispatch') {
      delta -= 1;
      continue;
    }
    delta += change.kind === 'deliver' ? -change.amount : change.amount;
  }
  return delta;
}

/** The units `countId`'s scans still waiting to be sent add to an item's line (0 when none). */
export function pendingCounted(changes: readonly QueuedChange[], countId: string, productId: string): number {
  let counted = 0;
  for (const change of changes) {
    if (change.kind !== 'countScan' || change.countId !== countId || change.refusal) continue;
    if (change.scan.productId === productId) counted += change.scan.quantity ?? 1;
  }
  return counted;
}

/** What a change made offline says (who made it, what, on which item or count), without its id and time. */
export type NewChange =
  | Omit<QueuedStockChange, 'id' | 'createdAt' | 'refusal'>
  | Omit<QueuedCountScan, 'id' | 'createdAt' | 'refusal'>
  | Omit<QueuedTransfer, 'id' | 'createdAt' | 'refusal'>
  | Omit<QueuedUnitDispatch, 'id' | 'createdAt' | 'refusal'>;

/**
 * Queues a change made offline under a fresh operation id (a UUID v7: its key sorts it after the
 * earlier ones). Offline, it is also sent once at once: the send fails at the network, and the service
 * worker keeps the failed request for Background Sync (vite.config.ts, `queueSends`), so the browser
 * sends it when it is back online even with no page of the app open. The change stays queued here; the
 * page's own send later carries the same key and gets the first answer again.
 */
export async function queueChange(client: QueryClient, change: NewChange): Promise<void> {
  const entry: QueuedChange = { ...change, id: uuidv7(), createdAt: Date.now() };
  await putQueued(entry);
  setQueue([...queue, entry]);
  if (!onlineManager.isOnline()) void send(client, entry);
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

/** Marks the queue's sends: the service worker keeps those that fail at the network (queued-send.ts). */
const QUEUED = { [QUEUED_SEND_HEADER]: '1' };

/**
 * Sends one change through `post`; true when it settled (applied or refused), false when it must wait
 * (isFinalRefusal). Applied: `applied` shows what the server answered, then the change leaves the
 * queue, so the number shown never jumps back. Refused: the change waits in Needs attention with the
 * refusal, and `refused` reads again what it was about.
 */
async function settle<Answer>(
  change: QueuedChange,
  post: () => Promise<Answer>,
  applied: (answer: Answer) => unknown,
  refused: (error: ApiRequestError) => void,
): Promise<boolean> {
  let answer: Answer;
  try {
    answer = await post();
  } catch (error) {
    if (!isFinalRefusal(error)) return false;
    const { status, message, code, params } = error;
    await replace({ ...change, refusal: { status, message, code, params } });
    refused(error);
    return true;
  }
  await applied(answer);
  await dropChange(change.id);
  return true;
}

/** Sends one Delivered or restock (see settle). */
function sendStockChange(client: QueryClient, change: QueuedStockChange): Promise<boolean> {
  const type = change.kind === 'deliver' ? 'delivered' : 'restocked';
  const id = change.productId;
  return settle(
    change,
    async () =>
      (
        await apiRequest(`/product/${encodeURIComponent(id)}/intents`, stockChangedSchema, {
          method: 'POST',
          headers: { 'idempotency-key': change.id, ...QUEUED },
          body: JSON.stringify({ [change.kind]: change.amount, locationId: change.locationId }),
        })
      ).data,
    (data) => {
      rememberOwnVersion(id, data.version);
      void applyProductChange(client, { type, id, quantity: data.quentity, version: data.version });
    },
    (error) => void applyProductChange(client, { type, id, latest: latestInBody(error) }),
  );
}

/** Sends one count scan (see settle): applied or refused (the count closed meanwhile), the count is read again. */
function sendCountScan(client: QueryClient, change: QueuedCountScan): Promise<boolean> {
  const readAgain = () => client.invalidateQueries({ queryKey: countKeys.one(change.countId) });
  return settle(
    change,
    () => postCountScan(change.countId, change.scan, change.id, QUEUED),
    readAgain,
    () => void readAgain(),
  );
}

/**
 * Sends one transfer (see settle). Applied, the item's levels the server answered are shown at the
 * version the transfer made; refused (not enough at the source by then, a location gone), the item is
 * read again.
 */
function sendTransfer(client: QueryClient, change: QueuedTransfer): Promise<boolean> {
  const { productId: id, from, to, quantity } = change;
  return settle(
    change,
    () => postTransfer(id, { from: from.id, to: to.id, quantity }, change.id, QUEUED),
    (moved) => {
      rememberOwnVersion(id, moved.version);
      client.setQueryData(locationKeys.stock(id, moved.version), moved.levels);
      void applyProductChange(client, {
        type: 'transferred',
        id,
        quantity: moved.quentity,
        version: moved.version,
      });
    },
    () => void applyProductChange(client, { type: 'transferred', id }),
  );
}

/**
 * Sends one Delivered of a unit (see settle). Applied, the item's new quantity is shown at the version
 * the dispatch made and the units are read again; refused (the unit sold or moved meanwhile), the item
 * is read again.
 */
function sendUnitDispatch(client: QueryClient, change: QueuedUnitDispatch): Promise<boolean> {
  const { productId: id, serial, customer } = change;
  return settle(
    change,
    () => postUnitDispatch(serial, customer === undefined ? {} : { customer }, change.id, QUEUED),
    (sent) => {
      rememberOwnVersion(id, sent.version);
      void applyProductChange(client, {
        type: 'delivered',
        id,
        quantity: sent.quentity,
        version: sent.version,
      });
      void client.invalidateQueries({ queryKey: unitKeys.all });
    },
    () => void applyProductChange(client, { type: 'delivered', id }),
  );
}

const send = (client: QueryClient, change: QueuedChange): Promise<boolean> =>
  change.kind === 'transfer'
    ? sendTransfer(client, change)
    : change.kind === 'countScan'
      ? sendCountScan(client, change)
      : change.kind === 'unitDispatch'
        ? sendUnitDispatch(client, change)
        : sendStockChange(client, change);

let sending: Promise<boolean> | undefined;

/**
 * Sends `userId`'s waiting changes in the order they were made; each answer settles its change (a
 * refusal puts it in Needs attention). Stops at the first change that must wait (the connection
 * dropped again), keeping it and the ones after it. One send at a time. True when none is left
 * waiting.
 */
export function sendQueue(client: QueryClient, userId: string): Promise<boolean> {
  sending ??= (async () => {
    try {
      await loadQueue();
      for (const change of queue.filter((entry) => entry.userId === userId && !entry.refusal)) {
        if (!(await send(client, change))) return false;
      }
      return true;
    } finally {
      sending = undefined;
    }
  })();
  return sending;
}

/** How many units a change moves or counts: what Edit changes. */
export const changeAmount = (change: QueuedChange): number =>
  change.kind === 'transfer'
    ? change.quantity
    : change.kind === 'countScan'
      ? (change.scan.quantity ?? 1)
      : change.kind === 'unitDispatch'
        ? 1
        : change.amount;

/** Whether Edit may change the quantity: not of a unit's serial scan or dispatch (one unit, always). */
export const editable = (change: QueuedChange): boolean =>
  change.kind !== 'unitDispatch' && (change.kind !== 'countScan' || change.scan.serial === undefined);

/** The same change with another amount, as a new change (it gets a fresh operation id). */
function withAmount(change: QueuedChange, amount: number): NewChange {
  if (change.kind === 'transfer') {
    const { userId, kind, productId, productName, from, to } = change;
    return { userId, kind, productId, productName, from, to, quantity: amount };
  }
  if (change.kind === 'countScan') {
    const { userId, kind, countId, scan, label } = change;
    return { userId, kind, countId, label, scan: { ...scan, quantity: amount } };
  }
  if (change.kind === 'unitDispatch') {
    // One unit, always (not editable): the same dispatch.
    const { userId, kind, productId, productName, serial, customer } = change;
    return { userId, kind, productId, productName, serial, customer };
  }
  const { userId, productId, productName, kind, locationId } = change;
  return { userId, productId, productName, kind, amount, locationId };
}

/** Retry (the same change) or Edit (another amount: a new change, under a fresh operation id). */
export async function retryChange(client: QueryClient, change: QueuedChange, amount?: number): Promise<void> {
  if (amount === undefined || amount === changeAmount(change)) {
    await replace({ ...change, refusal: undefined });
  } else {
    await dropChange(change.id);
    await queueChange(client, withAmount(change, amount));
  }
  if (onlineManager.isOnline()) await sendQueue(client, change.userId);
}
