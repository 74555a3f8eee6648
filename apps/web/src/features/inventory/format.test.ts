import { describe, expect, it } from 'vitest';
import { formatExactAmount } from './format.ts';

describe('formatExactAmount', () => {
  it('groups the taka and keeps every paisa, beyond what a float holds', () => {
    expect(formatExactAmount('24703.50')).toBe('BDT $24,703.50');
    expect(formatExactAmount('0.05')).toBe('BDT $0.05');
    expect(formatExactAmount('18014398509481984.01')).toBe('BDT $18,014,398,509,481,984.01');
    expect(formatExactAmount('-1234.00')).toBe('-BDT $1,234.00');
  });
});
