import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ProductPage, toProductPage } from '@/entities/products/api/get-products.ts';
import { productKeys, type SupplierProductsParams } from '@/entities/products/api/product-keys.ts';
import { productListSchema } from '@/entities/products/api/product-list-schema.ts';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * GET /api/productOrder?email=&limit=&offset=(&location=): one page of the products this supplier
 * added (only those with stock at `location`, when given).
 */
export async function getSupplierProducts({
  email,
  limit,
  offset,
  location,
}: SupplierProductsParams): Promise<ProductPage> {
  const search = new URLSearchParams({ email, limit: String(limit), offset: String(offset) });
  if (location) search.set('location', location);
  const { data, headers } = await apiRequest(`/productOrder?${search.toString()}`, productListSchema);
  return toProductPage(data, headers, offset);
}

export function useSupplierProducts(params: SupplierProductsParams, enabled: boolean) {
  return useQuery({
    queryKey: productKeys.supplierPage(params),
    queryFn: () => getSupplierProducts(params),
    enabled,
    placeholderData: keepPreviousData,
  });
}
