import type { Product } from '@walton/contract';
import { applyStockChange, putStock, useStockMutation } from './stock-change.ts';

/**
 * PUT /api/products/:id {newQuentity: current + amount} with `If-Match` (the spec's Add Quentity);
 * with `locationId`, the units arrive there.
 */
export function restockProduct(product: Product, amount: number, locationId?: string | undefined) {
  return applyStockChange(product, { kind: 'restock', amount }, (newQuantity, version) =>
    putStock(`/products/${encodeURIComponent(product._id)}`, newQuantity, version, { locationId }),
  );
}

export function useRestockProduct() {
  return useStockMutation(
    'restocked',
    ({
      product,
      amount,
      locationId,
    }: {
      product: Product;
      amount: number;
      locationId?: string | undefined;
    }) => restockProduct(product, amount, locationId),
  );
}
