import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { statsDailySchema, statsSummarySchema, stockSeriesSchema } from '@walton/contract';
import { apiRequest } from '../../../lib/api-client.ts';

/** Query keys of the dashboard's figures; every change of any item makes all of them stale. */
export const statsKeys = {
  all: ['stats'] as const,
  summary: () => [...statsKeys.all, 'summary'] as const,
  daily: (days: number) => [...statsKeys.all, 'daily', days] as const,
  stockSeries: (id: string, days: number) => [...statsKeys.all, 'stock-series', id, days] as const,
};

/** Refetches the figures shown: called for every product change the change feed brings. */
export function invalidateStats(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: statsKeys.all });
}

export function useStatsSummary() {
  return useQuery({
    queryKey: statsKeys.summary(),
    queryFn: async () => (await apiRequest('/stats/summary', statsSummarySchema)).data,
  });
}

export function useStatsDaily(days: number) {
  return useQuery({
    queryKey: statsKeys.daily(days),
    // The charts stay (and their table view with them) while another period loads.
    placeholderData: keepPreviousData,
    queryFn: async () => (await apiRequest(`/stats/daily?days=${days}`, statsDailySchema)).data,
  });
}

export function useStockSeries(id: string, days: number) {
  return useQuery({
    queryKey: statsKeys.stockSeries(id, days),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await apiRequest(`/product/${encodeURIComponent(id)}/stock-series?days=${days}`, stockSeriesSchema))
        .data,
  });
}
