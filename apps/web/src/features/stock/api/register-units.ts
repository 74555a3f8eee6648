import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type NewUnit, type Product, unitsChangedSchema } from '@walton/contract';
import { rememberOwnVersion } from '@/entities/products/api/own-changes.ts';
import { applyProductChange } from '@/entities/products/api/product-cache.ts';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { unitKeys } from '@/entities/units/api/unit-keys.ts';
import { apiRequest } from '@/lib/api-client.ts';

export interface UnitRegistration {
  product: Product;
  units: NewUnit[];
  /** Where they arrive; the default location when left out. */
  locationId?: string | undefined;
  /** One key per registration the clerk submits: a resend of it (a lost answer) adds nothing twice. */
  idempotencyKey: string;
}

/** POST /api/product/:id/units: the units arrive in one change, or none of them (a taken serial is named). */
export async function registerUnits({ product, units, locationId, idempotencyKey }: UnitRegistration) {
  const { data } = await apiRequest(`${productPath(product._id)}/units`, unitsChangedSchema, {
    method: 'POST',
    headers: { 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ locationId, units }),
  });
  rememberOwnVersion(product._id, data.version);
  return data;
}

/**
 * Registers the units, then shows the item's new quantity and refreshes what depends on it (its unit
 * lists among it, applyProductChange) and every unit read by its serial.
 */
export function useRegisterUnits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerUnits,
    onSuccess: ({ quentity, version }, { product }) =>
      Promise.all([
        applyProductChange(queryClient, { type: 'restocked', id: product._id, quantity: quentity, version }),
        queryClient.invalidateQueries({ queryKey: unitKeys.all }),
      ]),
  });
}
