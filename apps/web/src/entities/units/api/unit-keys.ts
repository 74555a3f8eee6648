import { serialKeyOf, type UnitStatus } from '@walton/contract';
import { productKeys } from '@/entities/products/api/product-keys.ts';

/** Which of an item's units a list asks for (GET /api/product/:id/units). */
export interface UnitListParams {
  status?: UnitStatus | undefined;
  location?: string | undefined;
  limit: number;
}

/**
 * Query keys of the units. An item's unit lists live under the item's detail key, so every change of
 * the item (applyProductChange) refreshes them; a unit by its serial lives under `units`.
 */
export const unitKeys = {
  all: ['units'] as const,
  list: (productId: string, params: UnitListParams) => [...productKeys.units(productId), params] as const,
  detail: (serial: string) => [...unitKeys.all, serialKeyOf(serial)] as const,
};

export const unitPath = (serial: string): string => `/units/${encodeURIComponent(serial.trim())}`;
