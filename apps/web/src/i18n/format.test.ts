import { describe, expect, it } from 'vitest';
import { formatters } from './format.ts';

describe('exact amounts', () => {
  it('groups the taka and keeps every paisa, beyond what a float holds, with the spec label in English', () => {
    const { exactAmount } = formatters('en');
    expect(exactAmount('24703.50')).toBe('BDT $24,703.50');
    expect(exactAmount('0.05')).toBe('BDT $0.05');
    expect(exactAmount('18014398509481984.01')).toBe('BDT $18,014,398,509,481,984.01');
    expect(exactAmount('-1234.00')).toBe('-BDT $1,234.00');
  });

  it('writes them in Bengali digits with ৳ in Bengali, still digit for digit', () => {
    const { exactAmount } = formatters('bn');
    expect(exactAmount('24703.50')).toBe('২৪,৭০৩.৫০৳');
    expect(exactAmount('18014398509481984.01')).toMatch(/^[০-৯,]+\.০১৳$/);
    expect(exactAmount('18014398509481984.01').replace(/[^০-৯]/g, '')).toBe('১৮০১৪৩৯৮৫০৯৪৮১৯৮৪০১');
  });
});

describe('prices', () => {
  it('keep the spec form in English and use Intl bn-BD in Bengali', () => {
    expect(formatters('en').price(52900)).toBe('BDT $52,900');
    expect(formatters('bn').price(52900)).toBe('৫২,৯০০৳');
    expect(formatters('bn').count(1234567)).toBe('১২,৩৪,৫৬৭');
  });
});

describe("a chart's axis", () => {
  it('writes a day as day and short month, the calendar day itself whatever the time zone', () => {
    expect(formatters('en').shortDay('2026-11-24')).toBe('24 Nov');
    expect(formatters('en').shortDay('2026-01-05')).toBe('5 Jan');
    expect(formatters('bn').shortDay('2026-11-24')).toBe('২৪ নভে');
    expect(formatters('bn').shortDay('2026-03-10')).toBe('১০ মার্চ');
  });

  it('writes whole numbers without grouping, in Bengali digits in Bengali', () => {
    expect(formatters('en').digits(12000)).toBe('12000');
    expect(formatters('bn').digits(12000)).toBe('১২০০০');
  });
});

describe("a chart's table", () => {
  it('writes a day as the API does in English, and as a Bengali date in Bengali', () => {
    expect(formatters('en').calendarDay('2026-03-10')).toBe('2026-03-10');
    const bengali = formatters('bn').calendarDay('2026-03-10');
    expect(bengali).toMatch(/১০/);
    expect(bengali).toMatch(/২০২৬/);
    expect(bengali).toMatch(/মার্চ/);
    expect(bengali).not.toMatch(/[0-9]/);
  });
});

describe('the dashboard’s day line', () => {
  it('names the time zone as the API does in English, in Bengali words in Bengali', () => {
    expect(formatters('en').timeZone('Asia/Dhaka')).toBe('Asia/Dhaka');
    expect(formatters('bn').timeZone('Asia/Dhaka')).toBe('বাংলাদেশ মানক সময়');
    expect(formatters('bn').timeZone('Not/AZone')).toBe('Not/AZone');
    expect(formatters('bn').calendarDay('2026-11-27')).toMatch(/^২৭ নভে/);
  });
});
