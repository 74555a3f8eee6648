import { describe, expect, it } from 'vitest';
import { codeTarget } from './code-target.ts';

const origin = 'https://warehouse.example';
const items = new Set(['fan-1', 'kettle-9']);
const isItem = async (id: string) => items.has(id);
const onPage = (id: string) => id === 'fan-1';

describe('codeTarget', () => {
  it("is an item the page knows by our label's address or its code", async () => {
    const options = { isKnown: onPage, serials: true, isItem };
    expect(await codeTarget(`${origin}/manageItem/fan-1`, origin, options)).toEqual({
      kind: 'item',
      productId: 'fan-1',
    });
    expect(await codeTarget(' fan-1 ', origin, options)).toEqual({ kind: 'item', productId: 'fan-1' });
  });

  it('is a serial where serials count, unless a live item has that code', async () => {
    const options = { isKnown: onPage, serials: true, isItem };
    expect(await codeTarget('SN-77', origin, options)).toEqual({ kind: 'serial', serial: 'SN-77' });
    expect(await codeTarget('kettle-9', origin, options)).toEqual({ kind: 'item', productId: 'kettle-9' });
  });

  it('is an item code where no serial counts, and nothing for what names neither', async () => {
    const options = { isKnown: onPage, serials: false, isItem };
    expect(await codeTarget('SN-77', origin, options)).toEqual({ kind: 'item', productId: 'SN-77' });
    expect(await codeTarget('https://elsewhere.example/x', origin, options)).toEqual({
      kind: 'unknown',
      code: 'https://elsewhere.example/x',
    });
  });
});
