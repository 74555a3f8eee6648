import type { ReceiptLine } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { receiptScanTarget, serialLineOf } from './scan-target.ts';

const origin = 'https://warehouse.example';
const line = (productId: string, serialTracked: boolean): ReceiptLine => ({
  productId,
  name: `Item ${productId}`,
  serialTracked,
  expected: 2,
  received: 0,
  damaged: 0,
  serials: [],
  note: '',
});
const fan = line('fan-1', false);
const fridge = line('fridge-1', true);
const tv = line('tv-1', true);

const items = new Set(['fan-1', 'fridge-1', 'tv-1', 'kettle-9']);
const isItem = async (id: string) => items.has(id);

describe('receiptScanTarget', () => {
  it("counts a line by our label's address or its item code", async () => {
    expect(
      await receiptScanTarget(`${origin}/manageItem/fan-1`, [fan, fridge], null, origin, isItem),
    ).toEqual({
      kind: 'line',
      line: fan,
    });
    expect(await receiptScanTarget(' fridge-1 ', [fan, fridge], null, origin, isItem)).toEqual({
      kind: 'line',
      line: fridge,
    });
  });

  it('counts a serial on the chosen tracked line, or the only one', async () => {
    expect(await receiptScanTarget('SN-77', [fan, fridge], null, origin, isItem)).toEqual({
      kind: 'serial',
      line: fridge,
      serial: 'SN-77',
    });
    expect(await receiptScanTarget('SN-77', [fan, fridge, tv], 'tv-1', origin, isItem)).toEqual({
      kind: 'serial',
      line: tv,
      serial: 'SN-77',
    });
  });

  it('sends an item code of no line to the server, even where a serial would count, and names what leads nowhere', async () => {
    expect(await receiptScanTarget('kettle-9', [fan, fridge], 'fridge-1', origin, isItem)).toEqual({
      kind: 'item',
      productId: 'kettle-9',
    });
    expect(await receiptScanTarget('SN-77', [fan, fridge, tv], null, origin, isItem)).toEqual({
      kind: 'item',
      productId: 'SN-77',
    });
    expect(await receiptScanTarget('kettle-9', [fan], null, origin, isItem)).toEqual({
      kind: 'item',
      productId: 'kettle-9',
    });
    expect(await receiptScanTarget('https://elsewhere.example/x', [fan], null, origin, isItem)).toEqual({
      kind: 'unknown',
      code: 'https://elsewhere.example/x',
    });
  });
});

describe('serialLineOf', () => {
  it('is the chosen tracked line, else the only tracked one, else none', () => {
    expect(serialLineOf([fan, fridge, tv], 'fridge-1')).toBe(fridge);
    expect(serialLineOf([fan, tv], null)).toBe(tv);
    expect(serialLineOf([fan, fridge, tv], null)).toBeNull();
    expect(serialLineOf([fan, fridge, tv], 'fan-1')).toBeNull();
  });
});
