import { describe, expect, it } from 'vitest';
import { createSightingFilter } from './sightings.ts';

const feed = (frames: Array<string | null>, framesUntilGone = 3) => {
  const seen = createSightingFilter(framesUntilGone);
  return frames.map(seen);
};

describe('createSightingFilter', () => {
  it('counts a code once while it stays in view, despite a missed frame now and then', () => {
    expect(feed(['A', 'A', null, 'A', null, null, 'A'])).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('counts it again once it has been out of view long enough', () => {
    expect(feed(['A', null, null, null, 'A'])).toEqual([true, false, false, false, true]);
  });

  it('counts another code at once, and the first again after it', () => {
    expect(feed(['A', 'B', 'A', null])).toEqual([true, true, true, false]);
  });
});
