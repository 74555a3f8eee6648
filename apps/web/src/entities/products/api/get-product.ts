import { useQuery } from '@tanstack/react-query';
import { type Product, productSchema } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { productKeys, productPath } from './product-keys.ts';

/** GET /api/product/:id. The product carries its `version` (the same value as the ETag) for `If-Match`. */
export async function getProduct(id: string): Promise<Product> {
  const { data } = await apiRequest(productPath(id), productSchema);
  return data;
}

export function useProduct(id: string) {
  return useQuery({ queryKey: productKeys.detail(id), queryFn: () => getProduct(id) });
}
