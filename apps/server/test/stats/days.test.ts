import { describe, expect, it } from 'vitest';
import { addDays, dayKey, daysEnding, isTimeZone } from '../../src/stats/days.ts';

describe('days of the warehouse calendar', () => {
  it('starts a Dhaka day at 18:00 UTC', () => {
    expect(dayKey(new Date('2026-03-09T17:59:59.999Z'), 'Asia/Dhaka')).toBe('2026-03-09');
    expect(dayKey(new Date('2026-03-09T18:00:00Z'), 'Asia/Dhaka')).toBe('2026-03-10');
    expect(dayKey(new Date('2026-03-09T18:00:00Z'), 'UTC')).toBe('2026-03-09');
  });

  it('follows daylight saving time where there is one', () => {
    // New York is UTC−4 on 9 March 2026 (DST began on the 8th).
    expect(dayKey(new Date('2026-03-10T03:30:00Z'), 'America/New_York')).toBe('2026-03-09');
    expect(dayKey(new Date('2026-03-10T04:30:00Z'), 'America/New_York')).toBe('2026-03-10');
  });

  it('counts days across months and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysEnding('2026-01-02', 3)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
  });

  it('knows IANA zones and refuses the rest', () => {
    expect(['Asia/Dhaka', 'UTC', 'America/Argentina/Buenos_Aires'].map(isTimeZone)).toEqual([
      true,
      true,
      true,
    ]);
    expect(['Mars/Olympus', '+06:00', '', 'Asia/Dhaka; drop'].map(isTimeZone)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
