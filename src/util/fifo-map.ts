// A map that forgets its oldest entries first, in constant time per eviction.
//
// Why not `map.keys().next()` on a plain Map: V8 leaves a deleted entry's slot in place until the
// table is rebuilt, and iteration from the start walks over every such slot. A cache that drops
// its oldest entry on each insert once full pays for all the slots deleted before it: about 10 µs
// per insert at 8,192 entries, more than analysing a short command. Here the keys are also kept in
// insertion order in an array whose consumed head is cut off now and then.

export class FifoMap<K, V> {
  private readonly map = new Map<K, V>();
  private order: K[] = [];
  private head = 0;

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  /** Adds or replaces; a new key becomes the newest. */
  set(key: K, value: V): void {
    const added = !this.map.has(key);
    this.map.set(key, value);
    if (!added) return;
    this.order.push(key);
    // Deletes leave stale slots behind: rebuild the order once they outnumber the entries.
    if (this.order.length - this.head > 2 * this.map.size + 1024) {
      const seen = new Set<K>();
      this.order = this.order.slice(this.head).filter((k) => this.map.has(k) && !seen.has(k) && !!seen.add(k));
      this.head = 0;
    }
  }

  delete(key: K): boolean {
    return this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.order = [];
    this.head = 0;
  }

  /** Removes the oldest entry and returns it (undefined when empty). */
  shift(): [K, V] | undefined {
    const order = this.order;
    while (this.head < order.length) {
      const key = order[this.head++] as K;
      // A key deleted (and perhaps added again later) leaves a stale slot here: skip it unless
      // the map still holds it, in which case it is treated as being as old as its first insert.
      if (!this.map.has(key)) continue;
      const value = this.map.get(key) as V;
      this.map.delete(key);
      this.compact();
      return [key, value];
    }
    this.compact();
    return undefined;
  }

  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }
}
