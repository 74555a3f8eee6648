import type { CountSummary } from '@walton/contract';
import { describe, expect, it } from 'vitest';
import { lastOfEachLocation } from './get-last-counts.ts';

const count = (id: string, locationId: string): CountSummary => ({
  id,
  locationId,
  blind: false,
  full: true,
  status: 'applied',
  createdBy: 'u1',
  createdAt: '2026-11-28T10:00:00.000Z',
  closedBy: 'u1',
  closedAt: '2026-11-28T11:00:00.000Z',
});

describe('lastOfEachLocation', () => {
  it('keeps the first (newest) count of each location, in the order read', () => {
    const counts = [count('c4', 'shop'), count('c3', 'main'), count('c2', 'shop'), count('c1', 'van')];
    expect(lastOfEachLocation(counts).map((one) => one.id)).toEqual(['c4', 'c3', 'c1']);
    expect(lastOfEachLocation([])).toEqual([]);
  });
});
