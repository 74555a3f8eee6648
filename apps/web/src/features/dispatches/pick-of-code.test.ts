import { productPagePath } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { pickOfCode } from './pick-of-code.ts';

const origin = 'https://warehouse.example';
const lines = [{ productId: 'fan-1' }, { productId: 'ac-2' }];

describe('pickOfCode', () => {
  it("picks by item for our label's address or its path, whatever item it names", () => {
    expect(pickOfCode(`${origin}${productPagePath('fridge-9')}`, origin, lines)).toEqual({
      productId: 'fridge-9',
    });
    expect(pickOfCode(productPagePath('fan-1'), origin, lines)).toEqual({ productId: 'fan-1' });
  });

  it('picks by item for the id of an item on the order, typed with spaces around', () => {
    expect(pickOfCode('  ac-2 ', origin, lines)).toEqual({ productId: 'ac-2' });
  });

  it('picks by serial for any other code', () => {
    expect(pickOfCode('SN-0042', origin, lines)).toEqual({ serial: 'SN-0042' });
  });

  it("is null for another site's address or empty text", () => {
    expect(pickOfCode('https://elsewhere.example/manageItem/fan-1', origin, lines)).toBeNull();
    expect(pickOfCode('   ', origin, lines)).toBeNull();
  });
});
