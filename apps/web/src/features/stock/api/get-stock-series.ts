import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { stockSeriesSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { statsKeys } from '@/lib/stats-keys.ts';

/** One product's quantity at the end of each day of the period (the detail page's chart). */
export function useStockSeries(id: string, days: number) {
  return useQuery({
    queryKey: statsKeys.stockSeries(id, days),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await apiRequest(`/product/${encodeURIComponent(id)}/stock-series?days=${days}`, stockSeriesSchema))
        .data,
  });
}
