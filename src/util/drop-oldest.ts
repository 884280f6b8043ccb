// Maps and sets iterate in insertion order, so the first key is the oldest: the bounded caches
// and seen-lists drop it to stay within their size.

/** Removes the oldest entry of a map or set (no-op when it is empty). */
export function dropOldest<K>(collection: Map<K, unknown> | Set<K>): void {
  const first = collection.keys().next();
  if (!first.done) collection.delete(first.value);
}
