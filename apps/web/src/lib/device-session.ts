import {
  type DehydratedState,
  dehydrate,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import type { SignedInUser } from '@walton/contract';
import { useSyncExternalStore } from 'react';
import {
  type DeviceSnapshot,
  forgetSnapshot,
  forgetWorkerSends,
  readSnapshot,
  writeSnapshot,
} from './device-store.ts';
import { sessionQueryKey } from './session.ts';

/**
 * The reads this device keeps for the signed-in user (ADR 66): who they are and may be (`me`), the
 * items with their stock levels (`products`), the locations, and the stock counts opened (`counts`:
 * a count opened online opens offline, to scan into). Nothing else is kept.
 */
const KEPT_ROOTS: ReadonlySet<unknown> = new Set(['me', 'products', 'locations', 'counts']);
const isKept = (query: Query): boolean =>
  query.state.status === 'success' && KEPT_ROOTS.has(query.queryKey[0]);

/** Successes within this long are kept in one write. */
const SAVE_DELAY_MS = 500;

/** At most this many reads are kept, the newest first (each page load adds the reads it made). */
const MAX_KEPT_QUERIES = 300;

/**
 * The reads to keep: this page's, and those kept before for the same user that this page did not
 * read (a page load starts with an empty cache: the items opened before it stay kept), newest first.
 */
function merged(now: DehydratedState, before: DeviceSnapshot | undefined, userId: string): DehydratedState {
  if (!before || before.user.id !== userId) return now;
  const fresh = new Set(now.queries.map((query) => query.queryHash));
  const queries = [...now.queries, ...before.state.queries.filter((query) => !fresh.has(query.queryHash))]
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_KEPT_QUERIES);
  return { mutations: [], queries };
}

// When the reads shown were last synced with the server: the notice "Offline — as of {time}" says it.
let syncedAt: number | undefined;
const syncListeners = new Set<() => void>();
function setSyncedAt(time: number | undefined): void {
  syncedAt = time;
  for (const listener of syncListeners) listener();
}
const onSyncedAt = (listener: () => void) => {
  syncListeners.add(listener);
  return () => {
    syncListeners.delete(listener);
  };
};

/** When the reads shown were last synced (ms since the epoch), when known; re-renders as it changes. */
export function useSyncedAt(): number | undefined {
  return useSyncExternalStore(
    onSyncedAt,
    () => syncedAt,
    () => undefined,
  );
}

/**
 * The session could not be read for want of a connection: the user this device kept, with their
 * reads put back in the cache (already newer data there stays), or null when it kept nobody. React
 * Query then holds the queries back until the browser is online (instead of failing them, which
 * would hide the kept data), and reads everything again when it is.
 */
export async function restoreKeptSession(client: QueryClient): Promise<SignedInUser | null> {
  const snapshot = await readSnapshot().catch(() => undefined);
  if (!snapshot) return null;
  hydrate(client, snapshot.state);
  setSyncedAt(snapshot.savedAt);
  if (!navigator.onLine) onlineManager.setOnline(false);
  return snapshot.user;
}

/**
 * Keeps the signed-in user's reads on this device as they arrive (a write shortly after each
 * success), until the returned function is called. React Query learns at once that the browser is
 * offline (it would otherwise assume online until the next `offline` event).
 */
export function keepReads(client: QueryClient): () => void {
  onlineManager.setOnline(navigator.onLine);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();
  const save = () => {
    timer = undefined;
    const user = client.getQueryData<SignedInUser | null>(sessionQueryKey);
    if (!user) return;
    const savedAt = Date.now();
    const state = dehydrate(client, { shouldDehydrateQuery: isKept });
    // One write at a time, each merging into what the one before wrote.
    writing = writing
      .then(() => readSnapshot().catch(() => undefined))
      .then((before) => writeSnapshot({ user, savedAt, state: merged(state, before, user.id) }))
      .then(
        () => setSyncedAt(savedAt),
        (error: unknown) => console.warn('the reads were not kept on this device', error),
      );
  };
  // Data put back from the device (hydrate) sets the queries' state and is no success: not saved again.
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isKept(event.query)) return;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/**
 * Forgets the kept user and reads (a sign-out, an ended session), and the sends the service worker
 * keeps for Background Sync (see forgetWorkerSends).
 */
export async function forgetKeptSession(): Promise<void> {
  setSyncedAt(undefined);
  await Promise.all([forgetSnapshot(), forgetWorkerSends()]).catch(() => undefined);
}
