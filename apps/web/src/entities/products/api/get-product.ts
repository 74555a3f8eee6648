import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type Product, productSchema } from '@walton/contract';
import { ApiRequestError, apiRequest } from '@/lib/api-client.ts';
import { productKeys, productPath } from './product-keys.ts';

/** GET /api/product/:id. The product carries its `version` (the same value as the ETag) for `If-Match`. */
export async function getProduct(id: string): Promise<Product> {
  const { data } = await apiRequest(productPath(id), productSchema);
  return data;
}

export function useProduct(id: string) {
  return useQuery({ queryKey: productKeys.detail(id), queryFn: () => getProduct(id) });
}

/**
 * Whether a live item has `id` (read into the cache, so its page opens at once); other failures are
 * thrown. A code that could be an item's or a unit's serial is told apart so (a receipt's scan).
 */
export async function productExists(queryClient: QueryClient, id: string): Promise<boolean> {
  try {
    await queryClient.fetchQuery({
      queryKey: productKeys.detail(id),
      queryFn: () => getProduct(id),
      retry: false,
    });
    return true;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return false;
    throw error;
  }
}
