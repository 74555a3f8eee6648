import { describe, expect, it } from 'vitest';
import { warrantyUntil } from '../../src/units/warranty.ts';

describe('warrantyUntil', () => {
  it('runs calendar months to the same day of the month', () => {
    expect(warrantyUntil('2026-11-28', 12)).toBe('2027-11-28');
    expect(warrantyUntil('2026-11-28', 2)).toBe('2027-01-28');
    expect(warrantyUntil('2026-03-15', 0)).toBe('2026-03-15');
    expect(warrantyUntil('2026-01-10', 120)).toBe('2036-01-10');
  });

  it('ends on the last day of a shorter month', () => {
    expect(warrantyUntil('2026-01-31', 1)).toBe('2026-02-28');
    expect(warrantyUntil('2027-01-31', 13)).toBe('2028-02-29');
    expect(warrantyUntil('2026-08-31', 1)).toBe('2026-09-30');
  });
});
