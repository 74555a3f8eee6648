import { describe, expect, it } from 'vitest';
import { combineDeltas, rollupDelta, type StockState } from '../../src/stats/rollup-delta.ts';

const live = (quantity: number, pricePaisa = 10_050): StockState => ({
  quantity,
  pricePaisa,
  deleted: false,
});
const trashed = (quantity: number, pricePaisa = 10_050): StockState => ({
  quantity,
  pricePaisa,
  deleted: true,
});

describe('rollupDelta', () => {
  it('counts a new item as stock and value, not as a move', () => {
    expect(rollupDelta({ kind: 'created', before: undefined, after: live(10) })).toEqual({
      units: 10,
      valuePaisa: 100_500n,
      delivered: 0,
      restocked: 0,
      quantityAfter: 10,
    });
  });

  it('counts deliveries and restocks as moves', () => {
    expect(rollupDelta({ kind: 'delivered', before: live(10), after: live(9) })).toMatchObject({
      units: -1,
      valuePaisa: -10_050n,
      delivered: 1,
      restocked: 0,
    });
    expect(rollupDelta({ kind: 'restocked', before: live(9), after: live(20) })).toMatchObject({
      units: 11,
      valuePaisa: 110_550n,
      delivered: 0,
      restocked: 11,
    });
  });

  it("counts a receipt's units as restocked, and a count's adjustment as stock only", () => {
    expect(rollupDelta({ kind: 'received', before: live(9), after: live(12) })).toMatchObject({
      units: 3,
      valuePaisa: 30_150n,
      delivered: 0,
      restocked: 3,
    });
    expect(rollupDelta({ kind: 'adjusted', before: live(12), after: live(10) })).toEqual({
      units: -2,
      valuePaisa: -20_100n,
      delivered: 0,
      restocked: 0,
      quantityAfter: 10,
    });
  });

  it('takes a deleted item out of stock and value and a restored one back, moving nothing', () => {
    expect(rollupDelta({ kind: 'deleted', before: live(4), after: trashed(4) })).toEqual({
      units: -4,
      valuePaisa: -40_200n,
      delivered: 0,
      restocked: 0,
      quantityAfter: 4,
    });
    expect(rollupDelta({ kind: 'restored', before: trashed(4), after: live(4) })).toMatchObject({
      units: 4,
      valuePaisa: 40_200n,
    });
  });

  it('values a price edit from before and after, live or not', () => {
    expect(rollupDelta({ kind: 'edited', before: live(3, 100), after: live(3, 250) })).toMatchObject({
      units: 0,
      valuePaisa: 450n,
      delivered: 0,
    });
    expect(rollupDelta({ kind: 'edited', before: trashed(3, 100), after: trashed(3, 250) }).valuePaisa).toBe(
      0n,
    );
  });

  it('stays exact beyond the range of a float', () => {
    const big = rollupDelta({
      kind: 'created',
      before: undefined,
      after: live(2_000_000_000, 9_007_199_254_741),
    });
    expect(big.valuePaisa).toBe(9_007_199_254_741n * 2_000_000_000n);
  });
});

describe('combineDeltas', () => {
  it('adds two changes of a day and keeps the later quantity', () => {
    const first = rollupDelta({ kind: 'delivered', before: live(10), after: live(9) });
    const second = rollupDelta({ kind: 'restocked', before: live(9), after: live(15) });
    expect(combineDeltas(first, second)).toEqual({
      units: 5,
      valuePaisa: 50_250n,
      delivered: 1,
      restocked: 6,
      quantityAfter: 15,
    });
    expect(combineDeltas(undefined, second)).toBe(second);
  });
});
