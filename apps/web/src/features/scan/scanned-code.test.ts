import { describe, expect, it } from 'vitest';
import { openScannedCode, targetOfCode } from './scanned-code.ts';

const ORIGIN = 'https://stock.example';

describe('targetOfCode', () => {
  it('opens the item our label names, with or without the origin', () => {
    expect(targetOfCode(`${ORIGIN}/manageItem/p-9`, ORIGIN)).toEqual({ kind: 'item', id: 'p-9' });
    expect(targetOfCode(' /manageItem/p-9 ', ORIGIN)).toEqual({ kind: 'item', id: 'p-9' });
  });

  it('hands any other text to openScannedCode, trimmed', () => {
    expect(targetOfCode('  WSN-2X9K-004417 ', ORIGIN)).toEqual(openScannedCode('WSN-2X9K-004417', ORIGIN));
    expect(targetOfCode('https://elsewhere.example/manageItem/p-9', ORIGIN)).toEqual({
      kind: 'unknown',
      code: 'https://elsewhere.example/manageItem/p-9',
    });
  });
});

describe('openScannedCode', () => {
  it('reads a serial or manufacturer’s code as an item code, as a typed code is read', () => {
    expect(openScannedCode('4006381333931', ORIGIN)).toEqual({ kind: 'item', id: '4006381333931' });
    expect(openScannedCode('WSN-2X9K-004417', ORIGIN)).toEqual({ kind: 'item', id: 'WSN-2X9K-004417' });
  });

  it('leads nowhere for text no item code can be', () => {
    expect(openScannedCode('SN 12 34', ORIGIN)).toEqual({ kind: 'unknown', code: 'SN 12 34' });
  });
});
