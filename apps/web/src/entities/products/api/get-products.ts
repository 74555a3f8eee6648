import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@walton/contract';
import { type AnswerCheck, answerGuard, apiRequest } from '@/lib/api-client.ts';
import { type ProductListParams, productKeys } from './product-keys.ts';

export interface ProductPage {
  items: Product[];
  /** How many products match in all (the server's `X-Total-Count`). */
  total: number;
  /** The cursor of the page after this one (the server's `X-Next-Cursor`); null on the last page. */
  next: string | null;
}

/**
 * The landing page's check of its six products: a list, its items as the server sent them (its
 * serializer checks every answer against the contract's schema). The pages that show or change more
 * of an item check each one with `productListSchema` (product-list-schema.ts), which the landing
 * page does not load: zod alone is 9 KB of its 120 KB budget (ADR 19).
 */
export const productListAsSent = answerGuard((value): value is Product[] => Array.isArray(value));

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
 * GET /api/product: one page of products, the total count and the next page's cursor, the answer
 * checked with `check`. A page starts `after` a cursor (as cheap at any depth) or at `offset`.
 */
export async function getProducts(
  { limit, offset = 0, after, q, lowStock, sort, location, category, attributes }: ProductListParams,
  check: AnswerCheck<Product[]>,
): Promise<ProductPage> {
  const search = new URLSearchParams({ limit: String(limit) });
  if (sort) search.set('sort', sort);
  if (lowStock) search.set('lowStock', 'true');
  if (location) search.set('location', location);
  if (category) {
    search.set('category', category);
    for (const [key, value] of Object.entries(attributes ?? {})) search.set(`attr.${key}`, value);
  }
  if (after) search.set('after', after);
  else search.set('offset', String(offset));
  const query = q?.trim();
  if (query) search.set('q', query);
  const { data, headers } = await apiRequest(`/product?${search.toString()}`, check);
  return toProductPage(data, headers, offset);
}

/**
 * The products listing's query: one key per page asked for (so the cache policy, `applyProductChange`,
 * reaches every list that shows an item) and the previous page kept on screen while the next loads.
 * Every list of products uses it: the landing page, the manage table, the labels page.
 */
export const productListQuery = (params: ProductListParams, check: AnswerCheck<Product[]>) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: () => getProducts(params, check),
    placeholderData: keepPreviousData,
  });

export function useProducts(params: ProductListParams, check: AnswerCheck<Product[]>) {
  return useQuery(productListQuery(params, check));
}
