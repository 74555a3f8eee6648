import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the dashboard's figures; every change of any item makes all of them stale. Apart
 * from the queries (get-stats.ts) so the change feed, on every page, does not carry their schemas.
 */
export const statsKeys = {
  all: ['stats'] as const,
  summary: () => [...statsKeys.all, 'summary'] as const,
  daily: (days: number) => [...statsKeys.all, 'daily', days] as const,
  locations: () => [...statsKeys.all, 'locations'] as const,
  movements: (days: number, location: string) => [...statsKeys.all, 'movements', days, location] as const,
  stockSeries: (id: string, days: number) => [...statsKeys.all, 'stock-series', id, days] as const,
};

/** Refetches the figures shown: called for every product change (see product-cache.ts). */
export function invalidateStats(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: statsKeys.all });
}
