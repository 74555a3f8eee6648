import { useQuery } from '@tanstack/react-query';
import { movementSchema } from '@walton/contract';
import { z } from 'zod/mini';
import { productKeys, productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

export const LATEST_MOVEMENTS_LIMIT = 10;

const movementListSchema = z.array(movementSchema);

/** GET /api/product/:id/movements: the latest stock movements of one product, newest first. */
export async function getMovements(id: string, limit = LATEST_MOVEMENTS_LIMIT) {
  const { data } = await apiRequest(`${productPath(id)}/movements?limit=${limit}`, movementListSchema);
  return data;
}

export function useMovements(id: string) {
  return useQuery({ queryKey: productKeys.movements(id), queryFn: () => getMovements(id) });
}
