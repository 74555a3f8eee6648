import { queryOptions, useQuery } from '@tanstack/react-query';
import { locationStockSchema } from '@walton/contract';
import { z } from 'zod/mini';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { locationKeys } from './location-keys.ts';

const stockLevelsSchema = z.array(locationStockSchema);

/** GET /api/product/:id/stock: the item's units at each location that holds some. */
export async function getStockLevels(productId: string) {
  return (await apiRequest(`${productPath(productId)}/stock`, stockLevelsSchema)).data;
}

/** The item's levels as of its `version`. */
export const stockLevelsQuery = (productId: string, version: number) =>
  queryOptions({
    queryKey: locationKeys.stock(productId, version),
    queryFn: () => getStockLevels(productId),
  });

/**
 * The item's levels as of `version` (the item's version the page shows; its levels at the previous
 * version stay shown until these arrive); asked only when `enabled`.
 */
export function useStockLevels(productId: string, version: number, enabled = true) {
  return useQuery({
    ...stockLevelsQuery(productId, version),
    enabled,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === productId ? previous : undefined,
  });
}
