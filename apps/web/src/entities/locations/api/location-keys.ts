import { productKeys } from '@/entities/products/api/product-keys.ts';

/**
 * Query keys of the locations, and of an item's stock at each: under the item's own key, so whatever
 * refetches the item refetches its levels too, and by the item's version, which every change of its
 * levels bumps (a transfer included).
 */
export const locationKeys = {
  all: ['locations'] as const,
  stock: (productId: string, version: number) =>
    [...productKeys.detail(productId), 'stock', version] as const,
};
