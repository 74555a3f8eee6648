import type { Product } from './product.ts';

// A module of its own, without schemas: the landing page's product cards show the badge, and a
// bundle that uses one export of a module shared between pages carries the whole module (zod too).

/** What the low-stock rule looks at in an item, in the server's names (ProductState's). */
export interface StockLevel {
  quantity: number;
  /** Null or absent: the item has no threshold and is never low. */
  lowStockThreshold: number | null | undefined;
  /** Null or absent while live; an item in the trash is never low. */
  deletedAt: string | Date | null | undefined;
  /**
   * Of the quantity, the units that may not leave: reserved by open dispatch orders or at quarantine
   * locations (absent: none). What is available is `quantity - held`.
   */
  held?: number | undefined;
}

/**
 * The low-stock rule, its one owner: a live item with a threshold whose available units (its quantity
 * less what is held) are at or below it; an item holding nothing judges its quantity. The server's
 * lists and counts say the same in SQL on the item's row (`lowStockOnly` in
 * `apps/server/src/products/product-search.ts`, on `products.held`; tested against this function on
 * every engine).
 */
export const isLowStockLevel = (item: StockLevel): boolean =>
  (item.deletedAt === null || item.deletedAt === undefined) &&
  item.lowStockThreshold !== null &&
  item.lowStockThreshold !== undefined &&
  item.quantity - (item.held ?? 0) <= item.lowStockThreshold;

/**
 * Whether an item as the API sends it is low on stock (isLowStockLevel, in the wire's names): it
 * carries `available` while it holds units, and is judged on it.
 */
export const isLowStock = (
  product: Pick<Product, 'quentity' | 'lowStockThreshold' | 'deletedAt' | 'available'>,
): boolean =>
  isLowStockLevel({
    quantity: product.quentity,
    lowStockThreshold: product.lowStockThreshold,
    deletedAt: product.deletedAt,
    held: product.available === undefined ? 0 : product.quentity - product.available,
  });
