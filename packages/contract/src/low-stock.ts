import type { Product } from './product.ts';

// A module of its own, without schemas: the landing page's product cards show the badge, and a
// bundle that uses one export of a module shared between pages carries the whole module (zod too).

/** Whether a live item is low on stock: it has a threshold and its quantity is at or below it. */
export const isLowStock = (product: Pick<Product, 'quentity' | 'lowStockThreshold'>): boolean =>
  product.lowStockThreshold !== undefined &&
  product.lowStockThreshold !== null &&
  product.quentity <= product.lowStockThreshold;
