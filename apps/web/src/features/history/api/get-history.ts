import { useInfiniteQuery } from '@tanstack/react-query';
import { type HistoryEntry, historyEntrySchema } from '@walton/contract';
import { z } from 'zod/mini';
import { productKeys, productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const HISTORY_PAGE_SIZE = 20;

const historyListSchema = z.array(historyEntrySchema);

export interface HistoryPage {
  items: HistoryEntry[];
  /** The cursor of the older entries (the server's `X-Next-Cursor`); null on the last page. */
  next: string | null;
}

/** GET /api/product/:id/history: a page of an item's history, newest first. */
export async function getHistory(id: string, after: string | null): Promise<HistoryPage> {
  const search = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (after) search.set('after', after);
  const { data, headers } = await apiRequest(`${productPath(id)}/history?${search}`, historyListSchema);
  return { items: data, next: headers.get('x-next-cursor') };
}

/** An item's history, a page at a time; older pages load on demand. */
export function useHistory(id: string) {
  return useInfiniteQuery({
    queryKey: productKeys.history(id),
    queryFn: ({ pageParam }) => getHistory(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
  });
}
