import { describe, expect, it } from 'vitest';
import { lowStockAlertDue, type StockLevel } from './low-stock-rule.ts';

const item = (
  quantity: number,
  lowStockThreshold: number | null,
  deletedAt: string | null = null,
): StockLevel => ({
  quantity,
  lowStockThreshold,
  deletedAt,
});

describe('lowStockAlertDue', () => {
  it('fires when a change takes the item from above its threshold to it or below', () => {
    expect(lowStockAlertDue(item(6, 5), item(5, 5))).toBe(true);
    expect(lowStockAlertDue(item(9, 5), item(0, 5))).toBe(true);
  });

  it('does not fire while the item stays above, or stays at or below, its threshold', () => {
    expect(lowStockAlertDue(item(8, 5), item(7, 5))).toBe(false);
    expect(lowStockAlertDue(item(6, 5), item(6, 5))).toBe(false);
    expect(lowStockAlertDue(item(5, 5), item(4, 5))).toBe(false);
    expect(lowStockAlertDue(item(1, 5), item(0, 5))).toBe(false);
  });

  it('does not fire for a restock, and fires again on the next fall after one', () => {
    expect(lowStockAlertDue(item(4, 5), item(20, 5))).toBe(false);
    expect(lowStockAlertDue(item(6, 5), item(5, 5))).toBe(true);
  });

  it('does not fire for a restock that stays at or below the threshold', () => {
    expect(lowStockAlertDue(item(2, 5), item(4, 5))).toBe(false);
  });

  it('fires when the threshold is raised to or above the quantity, and not when it stays below', () => {
    expect(lowStockAlertDue(item(5, 3), item(5, 5))).toBe(true);
    expect(lowStockAlertDue(item(5, null), item(5, 10))).toBe(true);
    expect(lowStockAlertDue(item(5, 3), item(5, 4))).toBe(false);
  });

  it('does not fire when a threshold is lowered or removed, and fires again when raised after that', () => {
    expect(lowStockAlertDue(item(4, 5), item(4, 3))).toBe(false);
    expect(lowStockAlertDue(item(4, 5), item(4, null))).toBe(false);
    expect(lowStockAlertDue(item(4, 3), item(4, 5))).toBe(true);
  });

  it('never fires without a threshold', () => {
    expect(lowStockAlertDue(item(1, null), item(0, null))).toBe(false);
    expect(lowStockAlertDue(undefined, item(0, null))).toBe(false);
  });

  it('fires for an item added at or below its threshold, not above it', () => {
    expect(lowStockAlertDue(undefined, item(2, 5))).toBe(true);
    expect(lowStockAlertDue(undefined, item(5, 5))).toBe(true);
    expect(lowStockAlertDue(undefined, item(6, 5))).toBe(false);
  });

  it('treats an item in the trash as never low: deleting does not fire, restoring a low item does', () => {
    const at = '2026-01-01T00:00:00.000Z';
    expect(lowStockAlertDue(item(2, 5), item(2, 5, at))).toBe(false);
    expect(lowStockAlertDue(item(2, 5, at), item(2, 5))).toBe(true);
    expect(lowStockAlertDue(item(9, 5, at), item(9, 5))).toBe(false);
  });

  it('counts zero as a threshold: only an empty item is low', () => {
    expect(lowStockAlertDue(item(1, 0), item(0, 0))).toBe(true);
    expect(lowStockAlertDue(item(2, 0), item(1, 0))).toBe(false);
  });
});
