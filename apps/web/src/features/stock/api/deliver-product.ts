import type { Product } from '@walton/contract';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { applyStockChange, putStock, useStockMutation } from './stock-change.ts';

/** PUT /api/product/:id {newQuentity: current - 1} with `If-Match` (the spec's Delivered). */
export function deliverProduct(product: Product) {
  return applyStockChange(product, { kind: 'deliver' }, (newQuantity, version) =>
    putStock(productPath(product._id), newQuantity, version),
  );
}

export function useDeliverProduct() {
  return useStockMutation('delivered', ({ product }: { product: Product }) => deliverProduct(product));
}
