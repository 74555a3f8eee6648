/** What the low-stock rule looks at in an item (ProductState's names). */
export interface StockLevel {
  quantity: number;
  /** Null: the item has no threshold and is never low. */
  lowStockThreshold: number | null;
  /** Null while live; an item in the trash is never low. */
  deletedAt: string | Date | null;
}

/** A live item with a threshold whose quantity is at or below it. */
function isLow(item: StockLevel | undefined): boolean {
  return (
    item !== undefined &&
    item.deletedAt === null &&
    item.lowStockThreshold !== null &&
    item.quantity <= item.lowStockThreshold
  );
}

/**
 * Whether a change makes a low-stock alert due: it takes the item from not low (above its threshold,
 * without one, in the trash, or not yet there: `before` undefined) to at or below its threshold. An
 * item that stays low alerts no more; it alerts again only once it has been above its threshold (a
 * restock, a lower threshold) and falls again. Raising the threshold to or above the quantity is
 * such a fall too.
 */
export function lowStockAlertDue(before: StockLevel | undefined, after: StockLevel): boolean {
  return !isLow(before) && isLow(after);
}
