import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferRequest } from '@walton/contract';
import { locationKeys } from '@/entities/locations/api/location-keys.ts';
import { postTransfer } from '@/entities/locations/api/post-transfer.ts';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';

/** POST /api/product/:id/transfers as the dialog makes it online (no operation id: see ADR 66). */
export const transferStock = ({ id, transfer }: { id: string; transfer: TransferRequest }) =>
  postTransfer(id, transfer);

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
