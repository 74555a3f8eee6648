import { describe, expect, it } from 'vitest';
import { type FindUnit, openScannedCode, targetOfCode } from './scanned-code.ts';

const ORIGIN = 'https://stock.example';

/** The units a warehouse holds, found as the server finds them (letter case aside); the serials asked. */
function warehouse(serials: string[]): { findUnit: FindUnit; asked: string[] } {
  const asked: string[] = [];
  const findUnit: FindUnit = async (serial) => {
    asked.push(serial);
    return serials.some((known) => known.toLowerCase() === serial.toLowerCase());
  };
  return { findUnit, asked };
}

describe('targetOfCode', () => {
  it('opens the item our label names, with or without the origin, without asking for a unit', async () => {
    const { findUnit, asked } = warehouse(['p-9']);
    expect(await targetOfCode(`${ORIGIN}/manageItem/p-9`, ORIGIN, findUnit)).toEqual({
      kind: 'item',
      id: 'p-9',
    });
    expect(await targetOfCode(' /manageItem/p-9 ', ORIGIN, findUnit)).toEqual({ kind: 'item', id: 'p-9' });
    expect(asked).toEqual([]);
  });

  it('hands any other text to openScannedCode, trimmed', async () => {
    const { findUnit, asked } = warehouse(['WSN-2X9K-004417']);
    expect(await targetOfCode('  wsn-2x9k-004417 ', ORIGIN, findUnit)).toEqual({
      kind: 'unit',
      serial: 'wsn-2x9k-004417',
    });
    expect(asked).toEqual(['wsn-2x9k-004417']);
  });
});

describe('openScannedCode', () => {
  it('opens the unit a serial names', async () => {
    const { findUnit } = warehouse(['4006381333931']);
    expect(await openScannedCode('4006381333931', ORIGIN, findUnit)).toEqual({
      kind: 'unit',
      serial: '4006381333931',
    });
  });

  it('reads a code no unit has as an item code, keeping it to offer registering it', async () => {
    const { findUnit } = warehouse([]);
    expect(await openScannedCode('WSN-2X9K-004417', ORIGIN, findUnit)).toEqual({
      kind: 'item',
      id: 'WSN-2X9K-004417',
      serial: 'WSN-2X9K-004417',
    });
  });

  it('leads nowhere for text no unit and no item code can be', async () => {
    const { findUnit, asked } = warehouse([]);
    expect(await openScannedCode('SN 12 34', ORIGIN, findUnit)).toEqual({
      kind: 'unknown',
      code: 'SN 12 34',
    });
    expect(await openScannedCode('সিরিয়াল', ORIGIN, findUnit)).toEqual({ kind: 'unknown', code: 'সিরিয়াল' });
    // Another site's address: its slashes cannot be in the unit route's path.
    expect(await openScannedCode('https://elsewhere.example/manageItem/p-9', ORIGIN, findUnit)).toEqual({
      kind: 'unknown',
      code: 'https://elsewhere.example/manageItem/p-9',
    });
    // A serial is printable ASCII: the Bengali text is not asked about; nor is the address.
    expect(asked).toEqual(['SN 12 34']);
  });
});
