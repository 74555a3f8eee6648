import type { Product } from '@walton/contract';
import { productPath } from '@/entities/products/api/product-keys.ts';
import { applyStockChange, putStock, type StockDetails, useStockMutation } from './stock-change.ts';

/**
 * PUT /api/product/:id {newQuentity: current - 1} with `If-Match` (the spec's Delivered); with
 * `locationId`, the unit leaves from there; an item tracked by serial number names the unit
 * (`serial`) and, when given, its customer.
 */
export function deliverProduct(product: Product, details: StockDetails = {}) {
  return applyStockChange(product, { kind: 'deliver' }, (newQuantity, version) =>
    putStock(productPath(product._id), newQuantity, version, details),
  );
}

export function useDeliverProduct() {
  return useStockMutation('delivered', ({ product, ...details }: { product: Product } & StockDetails) =>
    deliverProduct(product, details),
  );
}
