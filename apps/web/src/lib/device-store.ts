import type { DehydratedState } from '@tanstack/react-query';
import type { CountScanRequest, Customer, ErrorParams, LocationRef, SignedInUser } from '@walton/contract';
import { clear, createStore, del, get, set, values } from 'idb-keyval';

/**
 * What this device keeps in IndexedDB (ADR 66), through idb-keyval: the last signed-in user with the
 * reads last synced for them (`kept`), and the changes made offline (`queue`), each a database of its
 * own (idb-keyval keeps one object store per database). Loaded only by signed-in pages.
 */
const keptStore = createStore('walton-device', 'kept');
const queueStore = createStore('walton-queue', 'changes');

const SNAPSHOT_KEY = 'snapshot';

/** The last signed-in user and the reads last synced for them, with when they were synced. */
export interface DeviceSnapshot {
  user: SignedInUser;
  /** When the reads were last synced (ms since the epoch). */
  savedAt: number;
  /** The kept queries, as React Query dehydrates them. */
  state: DehydratedState;
}

export const readSnapshot = (): Promise<DeviceSnapshot | undefined> =>
  get<DeviceSnapshot>(SNAPSHOT_KEY, keptStore);

export const writeSnapshot = (snapshot: DeviceSnapshot): Promise<void> =>
  set(SNAPSHOT_KEY, snapshot, keptStore);

/** Forgets the user and their reads (a sign-out): the queue stays, held for that user (see QueuedChange). */
export const forgetSnapshot = (): Promise<void> => clear(keptStore);

/** Why the server refused a queued change: its words, its stable code and the code's values. */
export interface QueuedRefusal {
  status: number;
  message: string;
  code?: string | undefined;
  params?: ErrorParams | undefined;
}

/**
 * What every change made offline has: `id` is its operation id (a UUID v7, so the queue's key order is
 * the order the changes were made in), sent as the Idempotency-Key; `userId` is who made it (only
 * they send it). `refusal` set: it is in Needs attention, waiting for the user.
 */
interface QueuedBase {
  id: string;
  userId: string;
  createdAt: number;
  refusal?: QueuedRefusal | undefined;
}

/** A Delivered or restock made offline, sent through the item's intent route. */
export interface QueuedStockChange extends QueuedBase {
  kind: 'deliver' | 'restock';
  productId: string;
  productName: string;
  amount: number;
  locationId?: string | undefined;
}

/**
 * A scan into a count made offline, sent to the count's scans route as it was made: `label` names
 * what was scanned (the item's name, or the unit's serial) for the lists that show it.
 */
export interface QueuedCountScan extends QueuedBase {
  kind: 'countScan';
  countId: string;
  scan: CountScanRequest;
  label: string;
}

/**
 * A transfer made offline of an item counted by number: `quantity` units from `from` to `to` (each
 * with its name, for the screens that show it), sent through the item's transfers route.
 */
export interface QueuedTransfer extends QueuedBase {
  kind: 'transfer';
  productId: string;
  productName: string;
  from: LocationRef;
  to: LocationRef;
  quantity: number;
}

/**
 * A Delivered made offline of an item tracked by serial number: the unit `serial` leaves (to
 * `customer`, as entered, when given), sent through the unit's dispatch route.
 */
export interface QueuedUnitDispatch extends QueuedBase {
  kind: 'unitDispatch';
  productId: string;
  productName: string;
  serial: string;
  customer?: Customer | undefined;
}

/** A change made offline, by its `kind`. */
export type QueuedChange = QueuedStockChange | QueuedCountScan | QueuedTransfer | QueuedUnitDispatch;

/** The whole queue, oldest first (IndexedDB returns the values in key order). */
export const readQueue = (): Promise<QueuedChange[]> => values<QueuedChange>(queueStore);

export const putQueued = (change: QueuedChange): Promise<void> => set(change.id, change, queueStore);

export const deleteQueued = (id: string): Promise<void> => del(id, queueStore);

/** Workbox's database of the sends its service worker keeps for Background Sync (vite.config.ts, `queueSends`). */
const WORKER_SENDS_DATABASE = 'workbox-background-sync';

/**
 * Forgets the sends the service worker keeps for Background Sync (a sign-out, an ended session): sent
 * again, a request carries whichever session cookie the browser has then, so one user's change must
 * never wait there for another user's sign-in. The changes stay in the queue, held for their user,
 * whose page sends them when they sign in again. Never makes the database when the worker has none.
 */
export async function forgetWorkerSends(): Promise<void> {
  const databases = await indexedDB.databases();
  if (!databases.some((database) => database.name === WORKER_SENDS_DATABASE)) return;
  await clear(createStore(WORKER_SENDS_DATABASE, 'requests'));
}
