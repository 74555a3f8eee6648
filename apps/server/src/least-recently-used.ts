export interface WeightBound<V> {
  /** The most the stored values may weigh together (bytes, say). */
  maxWeight: number;
  /** A value's weight; it must not change while the value is stored. */
  weigh: (value: V) => number;
}

/**
 * A Map bounded to `capacity` entries, and optionally to a total weight: reading an entry marks it
 * used, and storing one past a bound drops the entries used longest ago until it holds again. (A Map
 * keeps insertion order, so moving an entry to the end on use leaves the least recently used one
 * first.) A value heavier than the whole bound is not stored. `dropped` hears of every entry that
 * leaves, however it leaves (deleted, replaced, pushed out by a bound, cleared).
 */
export class LeastRecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #capacity: number;
  readonly #bound: WeightBound<V> | undefined;
  readonly #dropped: ((key: K, value: V) => void) | undefined;
  #weight = 0;

  constructor(capacity: number, bound?: WeightBound<V>, dropped?: (key: K, value: V) => void) {
    this.#capacity = capacity;
    this.#bound = bound;
    this.#dropped = dropped;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The total weight of the stored values (0 without a weight bound). */
  get weight(): number {
    return this.#weight;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** The value kept as `key`, without marking it used. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.#bound?.weigh(value) ?? 0;
    if (this.#bound && weight > this.#bound.maxWeight) return;
    this.#entries.set(key, value);
    this.#weight += weight;
    const maxWeight = this.#bound?.maxWeight ?? Number.POSITIVE_INFINITY;
    while (this.#entries.size > this.#capacity || this.#weight > maxWeight) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): void {
    const value = this.#entries.get(key);
    if (value === undefined) return;
    this.#entries.delete(key);
    this.#weight -= this.#bound?.weigh(value) ?? 0;
    this.#dropped?.(key, value);
  }

  /** The entries, least recently used first, without marking any used. */
  entries(): IterableIterator<[K, V]> {
    return this.#entries.entries();
  }

  /** Stores `value` in place of the one kept as `key`, as set() does; nothing if none is kept. */
  replace(key: K, value: V): void {
    if (this.#entries.has(key)) this.set(key, value);
  }

  /** Drops every entry whose value `stale` says is. */
  deleteWhere(stale: (value: V) => boolean): void {
    for (const [key, value] of this.#entries) if (stale(value)) this.delete(key);
  }

  clear(): void {
    const dropped = this.#dropped;
    const entries = dropped ? [...this.#entries] : [];
    this.#entries.clear();
    this.#weight = 0;
    for (const [key, value] of entries) dropped?.(key, value);
  }
}
