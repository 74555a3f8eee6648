import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TransferRequest, transferredSchema } from '@walton/contract';
import { locationKeys } from '@/entities/locations/api/location-keys.ts';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

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
 * Moves the stock: the levels the server answered are the item's levels at the version the transfer
 * made, shown at once; then whatever depends on the item is refreshed (its movements and history
 * gained a row); a refusal reads the item again.
 */
export function useTransferStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferStock,
    onSuccess: ({ levels, quentity, version }, { id }) => {
      queryClient.setQueryData(locationKeys.stock(id, version), levels);
      return applyProductChange(queryClient, { type: 'transferred', id, quantity: quentity, version });
    },
    onError: (_error, { id }) => applyProductChange(queryClient, { type: 'transferred', id }),
  });
}
