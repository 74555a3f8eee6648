import { isLowStockLevel, type StockLevel } from '@walton/contract';

export type { StockLevel };

/**
 * Whether a change makes a low-stock alert due: it takes the item from not low (above its threshold,
 * without one, in the trash, or not yet there: `before` undefined) to at or below its threshold (the
 * contract's isLowStockLevel). An item that stays low alerts no more; it alerts again only once it has
 * been above its threshold (a restock, a lower threshold) and falls again. Raising the threshold to
 * or above the quantity is such a fall too.
 */
export function lowStockAlertDue(before: StockLevel | undefined, after: StockLevel): boolean {
  return !(before !== undefined && isLowStockLevel(before)) && isLowStockLevel(after);
}
