import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, productSchema } from '@walton/contract';
import { rememberOwnVersion } from '@/entities/products/api/own-changes.ts';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

/**
 * POST /api/product/:id/tracking `{serialTracked}` without units: switches the tracking of an item
 * with no stock (the server refuses an item with stock, naming its levels). One key per switch.
 */
export async function switchTracking({ id, serialTracked }: { id: string; serialTracked: boolean }) {
  const { data } = await apiRequest(`${productPath(id)}/tracking`, productSchema, {
    method: 'POST',
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify({ serialTracked }),
  });
  rememberOwnVersion(id, data.version);
  return data;
}

/** Switches the tracking, then shows the item as the server answered it. */
export function useSwitchTracking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchTracking,
    onSuccess: (latest: Product) =>
      applyProductChange(queryClient, { type: 'edited', id: latest._id, version: latest.version, latest }),
  });
}
