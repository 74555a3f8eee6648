import type { Unit } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { matchingUnits, unitOfSerial } from './unit-search.ts';

const unit = (serial: string, pairedSerial: string | null = null): Unit => ({
  serial,
  pairedSerial,
  productId: 'p-1',
  location: { id: 'main', name: 'Main warehouse' },
  status: 'in_stock',
  receivedAt: '2026-11-20T10:00:00.000Z',
  dispatchedAt: null,
  warrantyUntil: null,
});

const units = [unit('WSN-1001', 'OUT-1001'), unit('WSN-1002'), unit('ABC-77')];

describe('matchingUnits', () => {
  it('keeps the units whose serial or paired serial contains the search, letter case and spaces aside', () => {
    expect(matchingUnits(units, ' wsn-100 ').map((found) => found.serial)).toEqual(['WSN-1001', 'WSN-1002']);
    expect(matchingUnits(units, 'out-1').map((found) => found.serial)).toEqual(['WSN-1001']);
    expect(matchingUnits(units, 'zzz')).toEqual([]);
    expect(matchingUnits(units, '  ')).toEqual(units);
  });
});

describe('unitOfSerial', () => {
  it('finds the unit either serial names exactly, as the server compares serials', () => {
    expect(unitOfSerial(units, 'out-1001 ')?.serial).toBe('WSN-1001');
    expect(unitOfSerial(units, 'wsn-1002')?.serial).toBe('WSN-1002');
    expect(unitOfSerial(units, 'WSN-100')).toBeUndefined();
  });
});
