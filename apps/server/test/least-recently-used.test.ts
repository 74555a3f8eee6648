import { describe, expect, it } from 'vitest';
import { LeastRecentlyUsed } from '../src/least-recently-used.ts';

describe('LeastRecentlyUsed', () => {
  /** A store of at most three entries and a weight of 10 (a value weighs its length), and what left it. */
  const store = () => {
    const dropped: string[] = [];
    const entries = new LeastRecentlyUsed<string, string>(
      3,
      { maxWeight: 10, weigh: (value) => value.length },
      (key, value) => dropped.push(`${key}=${value}`),
    );
    return { entries, dropped };
  };

  it('tells of every entry that leaves, however it leaves, and of nothing else', () => {
    const { entries, dropped } = store();
    entries.set('a', '1');
    entries.set('b', '2');
    entries.set('c', '3');
    expect(dropped).toEqual([]);
    // Past the count bound: the least recently used goes.
    entries.get('a');
    entries.set('d', '4');
    expect(dropped).toEqual(['b=2']);
    // Replaced, deleted, pushed out by weight, by deleteWhere, and cleared.
    entries.replace('a', '11');
    entries.delete('c');
    entries.delete('nothing');
    entries.set('e', '12345678');
    entries.deleteWhere((value) => value === '12345678');
    entries.set('f', '6');
    entries.clear();
    expect(dropped).toEqual(['b=2', 'a=1', 'c=3', 'd=4', 'e=12345678', 'a=11', 'f=6']);
    expect([entries.size, entries.weight]).toEqual([0, 0]);
  });

  it('keeps no value heavier than the whole bound, and tells only of the one it replaced', () => {
    const { entries, dropped } = store();
    entries.set('a', '1');
    entries.set('a', 'far too heavy');
    expect(entries.peek('a')).toBeUndefined();
    expect(dropped).toEqual(['a=1']);
  });

  it('peeks at an entry without marking it used', () => {
    const { entries, dropped } = store();
    for (const key of ['a', 'b', 'c']) entries.set(key, key);
    expect(entries.peek('a')).toBe('a');
    entries.set('d', 'd');
    expect(dropped).toEqual(['a=a']);
    expect(entries.peek('a')).toBeUndefined();
  });
});
