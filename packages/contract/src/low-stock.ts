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
}

/**
 * The low-stock rule, its one owner: a live item with a threshold whose quantity is at or below it.
 * The server's lists and counts say the same in SQL (`apps/server/src/products/low-stock-condition.ts`,
 * tested against this function on every engine).
 */
export const isLowStockLevel = (item: StockLevel): boolean =>
  (item.deletedAt === null || item.deletedAt === undefined) &&
  item.lowStockThreshold !== null &&
  item.lowStockThreshold !== undefined &&
  item.quantity <= item.lowStockThreshold;

/** Whether an item as the API sends it is low on stock (isLowStockLevel, in the wire's names). */
export const isLowStock = (product: Pick<Product, 'quentity' | 'lowStockThreshold' | 'deletedAt'>): boolean =>
  isLowStockLevel({
    quantity: product.quentity,
    lowStockThreshold: product.lowStockThreshold,
    deletedAt: product.deletedAt,
  });
