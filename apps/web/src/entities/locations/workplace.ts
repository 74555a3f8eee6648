import type { Location } from '@walton/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { useLocations } from './api/get-locations.ts';

/** Where the scan page's clerk works ("I work at"): a location's id, kept per device. */
export const WORKPLACE_STORAGE_KEY = 'workplace';

const listeners = new Set<() => void>();
/** The choice when storage refuses it. */
let memory: string | null = null;

/** The stored location id, if any (storage can be unavailable: private modes, blocked cookies). */
function storedWorkplace(): string | null {
  try {
    return localStorage.getItem(WORKPLACE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeWorkplace(locationId: string | null): void {
  try {
    if (locationId === null) localStorage.removeItem(WORKPLACE_STORAGE_KEY);
    else localStorage.setItem(WORKPLACE_STORAGE_KEY, locationId);
  } catch {
    // Not remembered across visits; the choice still holds on this page until it is left.
    memory = locationId;
  }
  for (const listener of listeners) listener();
}

const current = (): string | null => storedWorkplace() ?? memory;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of this device changing it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === WORKPLACE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The location this device's clerk works at (null: not said), and how to change it. */
export function useWorkplace(): [string | null, (locationId: string | null) => void] {
  const workplace = useSyncExternalStore(subscribe, current, () => null);
  const set = useCallback((locationId: string | null) => storeWorkplace(locationId), []);
  return [workplace, set];
}

/**
 * The location this device's clerk works at, when it is one of the active locations (a location
 * since deactivated or deleted is no workplace); `pending` while the locations are being read.
 */
export function useWorkplaceLocation(): { workplace: Location | undefined; pending: boolean } {
  const [id] = useWorkplace();
  const locations = useLocations(id !== null);
  return {
    workplace: locations.data?.find((location) => location.id === id && location.active),
    pending: id !== null && locations.isPending,
  };
}
