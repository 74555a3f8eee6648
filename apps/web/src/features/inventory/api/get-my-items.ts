import { useQuery } from '@tanstack/react-query';
import { productSchema } from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { inventoryKeys } from './query-keys.ts';

const productListSchema = z.array(productSchema);

/** GET /api/productOrder?email=: the products this supplier added. */
export async function getMyItems(email: string) {
  const { data } = await apiRequest(
    `/productOrder?${new URLSearchParams({ email }).toString()}`,
    productListSchema,
  );
  return data;
}

export function useMyItems(email: string | undefined) {
  return useQuery({
    queryKey: inventoryKeys.myItems(email ?? ''),
    queryFn: () => getMyItems(email ?? ''),
    enabled: Boolean(email),
  });
}
