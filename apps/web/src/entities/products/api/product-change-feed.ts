import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps the live change feed (product-change-listener.ts) open while `enabled` (the feed is for
 * signed-in users), so lists and products refresh when anyone changes them. Mounted once, in the app
 * provider: it stays open across navigations. The feed's code (the event's schema, the cache
 * updates) loads when it first opens, not with the landing page of every visitor.
 */
export function useProductChangeFeed(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let close: (() => void) | undefined;
    let closed = false;
    void import('./product-change-listener.ts').then(({ listenToProductChanges }) => {
      if (!closed) close = listenToProductChanges(queryClient);
    });
    return () => {
      closed = true;
      close?.();
    };
  }, [enabled, queryClient]);
}
