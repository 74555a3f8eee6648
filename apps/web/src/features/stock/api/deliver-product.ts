import type { Product } from '@walton/contract';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { applyStockChange, putStock, useStockMutation } from './stock-change.ts';

/**
 * PUT /api/product/:id {newQuentity: current - 1} with `If-Match` (the spec's Delivered); with
 * `locationId`, the unit leaves from there.
 */
export function deliverProduct(product: Product, locationId?: string | undefined) {
  return applyStockChange(product, { kind: 'deliver' }, (newQuantity, version) =>
    putStock(productPath(product._id), newQuantity, version, locationId),
  );
}

export function useDeliverProduct() {
  return useStockMutation(
    'delivered',
    ({ product, locationId }: { product: Product; locationId?: string | undefined }) =>
      deliverProduct(product, locationId),
  );
}
