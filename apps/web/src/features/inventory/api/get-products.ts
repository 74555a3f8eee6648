import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Product, productSchema } from '@walton/contract';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ProductListParams, productKeys } from './product-keys.ts';

export interface ProductPage {
  items: Product[];
  /** How many products match in all (the server's `X-Total-Count`). */
  total: number;
  /** The cursor of the page after this one (the server's `X-Next-Cursor`); null on the last page. */
  next: string | null;
}

export const productListSchema = z.array(productSchema);

/** A page of products with the server's `X-Total-Count` and `X-Next-Cursor`. */
export function toProductPage(items: Product[], headers: Headers, offset: number): ProductPage {
  const total = Number(headers.get('x-total-count'));
  return {
    items,
    total: Number.isFinite(total) && total >= items.length ? total : offset + items.length,
    next: headers.get('x-next-cursor'),
  };
}

/**
 * GET /api/product: one page of products, the total count and the next page's cursor. A page
 * starts `after` a cursor (as cheap at any depth) or at `offset`.
 */
export async function getProducts({
  limit,
  offset = 0,
  after,
  q,
  lowStock,
}: ProductListParams): Promise<ProductPage> {
  const search = new URLSearchParams({ limit: String(limit) });
  if (lowStock) search.set('lowStock', 'true');
  if (after) search.set('after', after);
  else search.set('offset', String(offset));
  const query = q?.trim();
  if (query) search.set('q', query);
  const { data, headers } = await apiRequest(`/product?${search.toString()}`, productListSchema);
  return toProductPage(data, headers, offset);
}

export function useProducts(params: ProductListParams) {
  return useQuery({
    queryKey: productKeys.list(params),
    queryFn: () => getProducts(params),
    placeholderData: keepPreviousData,
  });
}
