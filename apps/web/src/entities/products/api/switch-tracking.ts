import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Product, productSchema, type TrackingSwitch } from '@walton/contract';
import { apiRequest } from '@/lib/api-client.ts';
import { rememberOwnVersion } from './own-changes.ts';
import { applyProductChange } from './product-cache.ts';
import { productPath } from './product-keys.ts';

/** The units an item with stock is switched on with: each unit it holds, at the location holding it. */
export type HeldUnit = NonNullable<TrackingSwitch['units']>[number];

/**
 * POST /api/product/:id/tracking: `{serialTracked}` alone switches an item with no stock; `units`
 * switch on an item with stock, naming exactly the units it holds (the server refuses otherwise,
 * naming its levels, or the serials already known). One key per switch.
 */
export async function switchTracking({
  id,
  serialTracked,
  units,
}: {
  id: string;
  serialTracked: boolean;
  units?: HeldUnit[] | undefined;
}) {
  const { data } = await apiRequest(`${productPath(id)}/tracking`, productSchema, {
    method: 'POST',
    headers: { 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(units === undefined ? { serialTracked } : { serialTracked, units }),
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
