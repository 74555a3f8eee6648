import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './backoff.ts';

describe('retryDelayMs', () => {
  it('doubles from the base after each failed try', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 100, 60_000))).toEqual([100, 200, 400, 800]);
  });

  it('never waits longer than the maximum', () => {
    expect(retryDelayMs(30, 10_000, 1_800_000)).toBe(1_800_000);
  });
});
