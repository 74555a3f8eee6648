import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type Count,
  type CountStatus,
  type CountSummary,
  countSchema,
  countSummarySchema,
} from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client.ts';

/** What the counts list shows: by status. */
export interface CountFilter {
  status: CountStatus | '';
}

export const countKeys = {
  all: ['counts'] as const,
  list: (filter: CountFilter) => ['counts', 'list', filter] as const,
  one: (id: string) => ['counts', 'one', id] as const,
};

const summariesSchema = z.array(countSummarySchema);

/** The first page the list shows. */
export const COUNTS_PAGE_SIZE = 50;

/** How often an open count's page reads it again while visible: other clerks' scans appear (ADR 60). */
export const COUNT_REFRESH_MS = 3000;

/** GET /api/counts: the first `limit` counts, newest first, and how many match. */
export async function getCounts(
  filter: CountFilter,
  limit = COUNTS_PAGE_SIZE,
): Promise<{ items: CountSummary[]; total: number }> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (filter.status !== '') query.set('status', filter.status);
  const { data, headers } = await apiRequest(`/counts?${query}`, summariesSchema);
  return { items: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

export const useCounts = (filter: CountFilter) =>
  useQuery({
    queryKey: countKeys.list(filter),
    queryFn: () => getCounts(filter),
    placeholderData: keepPreviousData,
  });

export const countPath = (id: string) => `/counts/${encodeURIComponent(id)}`;

/** GET /api/counts/:id: per item expected, counted and the difference (hidden in an open blind count). */
export async function getCount(id: string): Promise<Count> {
  return (await apiRequest(countPath(id), countSchema)).data;
}

/**
 * A count, read again every few seconds while it is counting and the page is visible (TanStack Query
 * pauses the interval in a hidden tab), so that what other clerks scan appears: ADR 60.
 */
export const useCount = (id: string) =>
  useQuery({
    queryKey: countKeys.one(id),
    queryFn: () => getCount(id),
    refetchInterval: (query) => (query.state.data?.status === 'counting' ? COUNT_REFRESH_MS : false),
  });
