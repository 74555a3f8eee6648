import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unitSchema } from '@walton/contract';
import { z } from 'zod/mini';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { type UnitListParams, unitKeys } from './unit-keys.ts';

const unitListSchema = z.array(unitSchema);

/** GET /api/product/:id/units: the item's units in the order received, and how many match in all. */
export async function getUnits(productId: string, params: UnitListParams) {
  const query = new URLSearchParams({ limit: String(params.limit) });
  if (params.status) query.set('status', params.status);
  if (params.location) query.set('location', params.location);
  const { data, headers } = await apiRequest(`${productPath(productId)}/units?${query}`, unitListSchema);
  return { units: data, total: Number(headers.get('x-total-count') ?? data.length) };
}

const unitsQuery = (productId: string, params: UnitListParams) =>
  queryOptions({ queryKey: unitKeys.list(productId, params), queryFn: () => getUnits(productId, params) });

/** The item's units as `params` narrow them (the previous answer stays shown while a new filter loads). */
export function useUnits(productId: string, params: UnitListParams, enabled = true) {
  return useQuery({ ...unitsQuery(productId, params), enabled, placeholderData: keepPreviousData });
}
