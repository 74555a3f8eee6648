/**
 * A seeded pseudo-random generator (mulberry32): the same seed draws the same sequence on every
 * machine and run, so two runs of a case that draws at random load the server alike.
 */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number from 0 up to (not including) `below`. */
export const below = (random: Random, below: number): number => Math.floor(random() * below);

/** One of `values`, drawn evenly. */
export function pick<T>(random: Random, values: readonly T[]): T {
  const value = values[below(random, values.length)];
  if (value === undefined) throw new Error('nothing to pick from');
  return value;
}
