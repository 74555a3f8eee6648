import type { Product } from '@walton/contract';
import { applyStockChange, putStock, useStockMutation } from './stock-change.ts';

/** PUT /api/products/:id {newQuentity: current + amount} with `If-Match` (the spec's Add Quentity). */
export function restockProduct(product: Product, amount: number) {
  return applyStockChange(product, { kind: 'restock', amount }, (newQuantity, version) =>
    putStock(`/products/${encodeURIComponent(product._id)}`, newQuantity, version),
  );
}

export function useRestockProduct() {
  return useStockMutation('restocked', ({ product, amount }: { product: Product; amount: number }) =>
    restockProduct(product, amount),
  );
}
