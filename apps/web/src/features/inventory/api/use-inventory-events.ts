import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { CHANGE_EVENT_NAME, type ChangeEvent, changeEventSchema, type Product } from '@walton/contract';
import { useEffect } from 'react';
import { invalidateStats } from '../../dashboard/api/get-stats.ts';
import { inventoryKeys } from './query-keys.ts';

const parseChange = (data: unknown): ChangeEvent | undefined => {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = changeEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Refetches what a change made stale; the item itself only when the cached version is older. Any
 * change moves the dashboard's figures.
 */
export function applyChange(queryClient: QueryClient, change: ChangeEvent): Promise<unknown> {
  const cached = queryClient.getQueryData<Product>(inventoryKeys.detail(change.id));
  const work = [
    queryClient.invalidateQueries({ queryKey: inventoryKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: inventoryKeys.mine() }),
    invalidateStats(queryClient),
    cached && cached.version >= change.version
      ? queryClient.invalidateQueries({ queryKey: inventoryKeys.movements(change.id) })
      : queryClient.invalidateQueries({ queryKey: inventoryKeys.detail(change.id) }),
  ];
  return Promise.all(work);
}

/**
 * Subscribes to the server's live change feed (`GET /api/events`, Server-Sent Events named `change`)
 * while `enabled` (the feed is for signed-in users), so lists and items refresh when anyone changes them.
 */
export function useInventoryEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events', { withCredentials: true });
    const onChange = (event: MessageEvent) => {
      const change = parseChange(event.data);
      if (change) void applyChange(queryClient, change);
    };
    source.addEventListener(CHANGE_EVENT_NAME, onChange);
    return () => {
      source.removeEventListener(CHANGE_EVENT_NAME, onChange);
      source.close();
    };
  }, [enabled, queryClient]);
}
