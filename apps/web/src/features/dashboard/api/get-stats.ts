import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { statsDailySchema, statsSummarySchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { statsKeys } from '@/lib/stats-keys.ts';

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
