import { useSyncExternalStore } from 'react';

// The toast library loads with the first code that can raise a toast (lib/toast.ts says so when it
// loads), not with every page: the landing page raises none, so it never downloads it.
let demanded = false;
const listeners = new Set<() => void>();

export function demandToaster(): void {
  if (demanded) return;
  demanded = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the app should mount its toast container (true once anything that toasts has loaded). */
export function useToasterDemanded(): boolean {
  // A page prerendered at build time has no toast container: hydration starts from the same.
  return useSyncExternalStore(
    subscribe,
    () => demanded,
    () => false,
  );
}
