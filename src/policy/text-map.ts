// A map keyed by strings that does not hash long keys in full. A JavaScript Map hashes every
// character of a key it has not seen (about 2 ns a character), while comparing two strings
// that are equal costs a tenth of that. A 2 MiB command has about fifteen million characters
// of readings, most of them joins of others or repeats, and each was hashed two or three times
// on its way (the analysis's dedup, the marking's "already read" check). Here a long key is
// filed under a fingerprint (its length and a few of its characters, read in constant time)
// and compared in full only against the keys with the same fingerprint. A fingerprint shared
// by many different keys (a crafted input) falls back to a Map for that fingerprint, so a
// lookup costs at most BUCKET_MAX comparisons besides the one hash.

/** Keys up to this long are hashed as usual (cheap), longer ones are fingerprinted. */
const SHORT = 96;
/** Keys compared one by one under one fingerprint before that fingerprint gets a Map. */
const BUCKET_MAX = 8;
/**
 * Characters read at the start and at the end, and spread over the middle. Readings of one line
 * that differ mostly differ near their start (the program, its first words) or in length; the
 * start is read furthest.
 */
const HEAD = 64;
const TAIL = 32;
const SPREAD = 16;

function fingerprint(s: string): number {
  const n = s.length;
  let h = n | 0;
  for (let i = 0; i < HEAD; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  for (let i = n - TAIL; i < n; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  const step = Math.floor(n / (SPREAD + 1));
  for (let i = 1; i <= SPREAD; i++) h = (Math.imul(h, 31) + s.charCodeAt(i * step)) | 0;
  return h;
}

interface Bucket<V> {
  keys: string[];
  values: V[];
  /** Set once the bucket holds more than BUCKET_MAX keys: every key of the bucket, hashed. */
  map: Map<string, V> | null;
}

export class TextMap<V> {
  private readonly short = new Map<string, V>();
  private readonly long = new Map<number, Bucket<V>>();

  get(key: string): V | undefined {
    if (key.length <= SHORT) return this.short.get(key);
    const b = this.long.get(fingerprint(key));
    if (!b) return undefined;
    if (b.map) return b.map.get(key);
    const { keys } = b;
    for (let i = 0; i < keys.length; i++) if (keys[i] === key) return b.values[i];
    return undefined;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: V): void {
    if (key.length <= SHORT) {
      this.short.set(key, value);
      return;
    }
    const f = fingerprint(key);
    const b = this.long.get(f);
    if (!b) {
      this.long.set(f, { keys: [key], values: [value], map: null });
      return;
    }
    if (b.map) {
      b.map.set(key, value);
      return;
    }
    const { keys } = b;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === key) {
        b.values[i] = value;
        return;
      }
    }
    keys.push(key);
    b.values.push(value);
    if (keys.length > BUCKET_MAX) {
      b.map = new Map();
      for (let i = 0; i < keys.length; i++) b.map.set(keys[i] ?? '', b.values[i] as V);
      b.keys = [];
      b.values = [];
    }
  }
}

/** A set of strings with TextMap's lookup (long members are not hashed in full). */
export class TextSet {
  private readonly m = new TextMap<true>();

  has(key: string): boolean {
    return this.m.get(key) === true;
  }

  add(key: string): void {
    this.m.set(key, true);
  }
}
