import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApplyCount,
  type Count,
  type CountScanRequest,
  type CountStatus,
  type CountSummary,
  type CreateCount,
  countScanSchemaOut,
  countSchema,
  countSummarySchema,
} from '@walton/contract';
import { z } from 'zod/mini';
import { productKeys } from '@/entities/products/api/product-keys.ts';
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

/** GET /api/counts: a page of counts, newest first, and how many match. */
export async function getCounts(filter: CountFilter): Promise<{ items: CountSummary[]; total: number }> {
  const query = new URLSearchParams({ limit: String(COUNTS_PAGE_SIZE) });
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

const countPath = (id: string) => `/counts/${encodeURIComponent(id)}`;

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

/** POST /api/counts: the count started, its snapshot taken. */
export async function createCount(count: CreateCount): Promise<Count> {
  return (await apiRequest('/counts', countSchema, { method: 'POST', body: JSON.stringify(count) })).data;
}

/** POST /api/counts/:id/scans, with a fresh Idempotency-Key per scan (a resend counts once). */
export async function scanCount({ id, scan }: { id: string; scan: CountScanRequest }) {
  return (
    await apiRequest(`${countPath(id)}/scans`, countScanSchemaOut, {
      method: 'POST',
      body: JSON.stringify(scan),
      headers: { 'idempotency-key': crypto.randomUUID() },
    })
  ).data;
}

/** POST /api/counts/:id/apply: every difference written as one correction, or none. */
export async function applyCount({ id, apply }: { id: string; apply: ApplyCount }) {
  return (
    await apiRequest(`${countPath(id)}/apply`, countSchema, { method: 'POST', body: JSON.stringify(apply) })
  ).data;
}

/** POST /api/counts/:id/abandon: nothing is written. */
export async function abandonCount(id: string) {
  return (await apiRequest(`${countPath(id)}/abandon`, countSchema, { method: 'POST' })).data;
}

/** A change of counts that reads them again once done, whatever the answer (applying changes items' stock). */
function useCountMutation<Variables, Result>(send: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: countKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}

export const useCreateCount = () => useCountMutation(createCount);
export const useScanCount = () => useCountMutation(scanCount);
export const useApplyCount = () => useCountMutation(applyCount);
export const useAbandonCount = () => useCountMutation(abandonCount);
