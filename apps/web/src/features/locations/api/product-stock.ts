import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type LocationStock,
  locationStockSchema,
  type TransferRequest,
  transferredSchema,
} from '@walton/contract';
import { z } from 'zod/mini';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { productKeys, productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

const levelsSchema = z.array(locationStockSchema);

/** GET /api/product/:id/stock: the item's units at each location that holds some, the default first. */
export async function getProductStock(id: string): Promise<LocationStock[]> {
  return (await apiRequest(`${productPath(id)}/stock`, levelsSchema)).data;
}

/** The item's stock at each location, read again by the cache policy whenever the item changes. */
export function useProductStock(id: string) {
  return useQuery({ queryKey: productKeys.stock(id), queryFn: () => getProductStock(id) });
}

/** POST /api/product/:id/transfers (`item.transfer`): `quantity` units from one location to another. */
export async function transferStock({ id, transfer }: { id: string; transfer: TransferRequest }) {
  return (
    await apiRequest(`${productPath(id)}/transfers`, transferredSchema, {
      method: 'POST',
      body: JSON.stringify(transfer),
    })
  ).data;
}

/**
 * Moves the stock, shows the levels the server answered at once, then refreshes whatever depends on
 * the item (its movements and history gained a row); a refusal reads the item again.
 */
export function useTransferStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferStock,
    onSuccess: ({ levels, quentity, version }, { id }) => {
      queryClient.setQueryData(productKeys.stock(id), levels);
      return applyProductChange(queryClient, { type: 'transferred', id, quantity: quentity, version });
    },
    onError: (_error, { id }) => applyProductChange(queryClient, { type: 'transferred', id }),
  });
}
