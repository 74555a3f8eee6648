import { useQueries, useQuery } from '@tanstack/react-query';
import type { CountSummary } from '@walton/contract';
import { countKeys, getCount, getCounts } from '@/entities/counts/api/get-counts.ts';

/** The most applied counts read to find each location's last (the API's page limit). */
const APPLIED_READ = 200;

/** A location's last applied count and its net correction: the units its movements added there (negative: took). */
export interface LastCount {
  count: CountSummary;
  net: number | undefined;
}

/** The newest applied count of each location, of `counts` (newest first). */
export function lastOfEachLocation(counts: readonly CountSummary[]): CountSummary[] {
  const last = new Map<string, CountSummary>();
  for (const count of counts) if (!last.has(count.locationId)) last.set(count.locationId, count);
  return [...last.values()];
}

/**
 * The last applied count of each location (among the newest APPLIED_READ) with its net correction,
 * read from each count's movements (the history rows applying wrote).
 */
export function useLastCounts() {
  const applied = useQuery({
    queryKey: [...countKeys.all, 'applied', APPLIED_READ],
    queryFn: () => getCounts({ status: 'applied' }, APPLIED_READ),
  });
  const last = lastOfEachLocation(applied.data?.items ?? []);
  const details = useQueries({
    queries: last.map((count) => ({ queryKey: countKeys.one(count.id), queryFn: () => getCount(count.id) })),
  });
  return {
    query: applied,
    last: last.map(
      (count, index): LastCount => ({
        count,
        net: details[index]?.data?.movements.reduce((sum, movement) => sum + movement.difference, 0),
      }),
    ),
  };
}
