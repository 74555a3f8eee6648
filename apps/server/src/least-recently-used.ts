/**
 * A Map bounded to `capacity` entries: reading an entry marks it used, and storing one more than the
 * capacity drops the entry used longest ago. (A Map keeps insertion order, so moving an entry to the
 * end on use leaves the least recently used one first.)
 */
export class LeastRecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  /** The values, least recently used first (reading them marks none used). */
  values(): IterableIterator<V> {
    return this.#entries.values();
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}
