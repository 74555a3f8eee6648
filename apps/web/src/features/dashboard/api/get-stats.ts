import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  statsDailySchema,
  statsLocationsSchema,
  statsMovementsSchema,
  statsSummarySchema,
} from '@walton/contract';
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

export function useStatsLocations() {
  return useQuery({
    queryKey: statsKeys.locations(),
    queryFn: async () => (await apiRequest('/stats/locations', statsLocationsSchema)).data.locations,
  });
}

/** One location's moves per day; nothing is asked while no location is chosen (`''`). */
export function useStatsMovements(days: number, location: string) {
  return useQuery({
    queryKey: statsKeys.movements(days, location),
    enabled: location !== '',
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const query = new URLSearchParams({ days: String(days), location });
      return (await apiRequest(`/stats/movements?${query}`, statsMovementsSchema)).data;
    },
  });
}
