import type { Product } from '@walton/contract';
import { productPath } from './query-keys.ts';
import { applyStockChange, putStock, useStockMutation } from './stock-change.ts';

/** PUT /api/product/:id {newQuentity: current - 1} with `If-Match` (the spec's Delivered). */
export function deliverProduct(product: Product) {
  return applyStockChange(product, { kind: 'deliver' }, (newQuentity, version) =>
    putStock(productPath(product._id), newQuentity, version),
  );
}

export function useDeliverProduct() {
  return useStockMutation(({ product }: { product: Product }) => deliverProduct(product));
}
