// The word index's keys as a trie walked one character at a time, so a text's words are looked
// up as they are read, with no word cut out of the text and no set of words built first: a
// 2 MiB command has hundreds of thousands of words, and slicing and hashing each one cost more
// than reading its characters. Words are runs of [A-Za-z0-9_] (glob.ts forEachWord) read in
// lower case; a key is a whole word, or "P:abc" / "S:xyz" for a word of at least
// PARTIAL_KEY_LEN letters that starts / ends with those letters (glob.ts Glob.key).
import { PARTIAL_KEY_LEN } from './glob.js';

/** Number of word character classes plus one (class 0: not a word character). */
export const WORD_STRIDE = 38;

/** Class (1..37) of an ASCII word character, upper case folded to lower; 0 for any other unit. */
export const WORD_CLASS = (() => {
  const t = new Uint8Array(128);
  let n = 1;
  for (let c = 97; c <= 122; c++) t[c] = t[c - 32] = n++;
  for (let c = 48; c <= 57; c++) t[c] = n++;
  t[95] = n;
  return t;
})();

/** Largest transition table built (entries of 2 bytes); a larger key set keeps slicing words. */
const TABLE_MAX_ENTRIES = 1 << 21;

/** The dead state (a word no key starts with) and the state at the start of every word. */
export const DEAD = 0;
export const ROOT = 1;

export class WordAutomaton {
  private constructor(
    /** Next state: table[state * WORD_STRIDE + class]; DEAD stays DEAD. */
    readonly table: Uint16Array,
    /** Pattern ids of the whole-word key ending at a state. */
    readonly whole: (number[] | null)[],
    /** Pattern ids of the "P:" and "S:" keys, by letterCode of their letters. */
    private readonly prefix: Map<number, number[]>,
    private readonly suffix: Map<number, number[]>,
  ) {
    for (const code of prefix.keys()) setBit(this.prefixBits, code);
    for (const code of suffix.keys()) setBit(this.suffixBits, code);
  }

  /** One bit per letterCode: most words start and end in letters no key names, and a bit test is cheaper than a lookup. */
  private readonly prefixBits = new Uint8Array(1 << 15);
  private readonly suffixBits = new Uint8Array(1 << 15);

  /** Pattern ids of the P: key of the word starting at s[start] (at least PARTIAL_KEY_LEN word characters). */
  prefixIds(s: string, start: number): number[] | undefined {
    const code = letterCode(s, start);
    return hasBit(this.prefixBits, code) ? this.prefix.get(code) : undefined;
  }

  /** Pattern ids of the S: key of the word ending before s[end] (at least PARTIAL_KEY_LEN word characters). */
  suffixIds(s: string, end: number): number[] | undefined {
    const code = letterCode(s, end - PARTIAL_KEY_LEN);
    return hasBit(this.suffixBits, code) ? this.suffix.get(code) : undefined;
  }

  /** The automaton of these keys (pattern ids per key), or null when its table would be too large. */
  static build(keys: Map<string, number[]>): WordAutomaton | null {
    if (PARTIAL_KEY_LEN !== 3) return null; // letterCode packs three letters
    const next: Map<number, number>[] = [new Map(), new Map()];
    const whole: (number[] | null)[] = [null, null];
    const prefix = new Map<number, number[]>();
    const suffix = new Map<number, number[]>();
    const path = (word: string): number => {
      let state = ROOT;
      for (let i = 0; i < word.length; i++) {
        const cls = classOf(word.charCodeAt(i));
        const edges = next[state] ?? new Map<number, number>();
        let to = edges.get(cls);
        if (to === undefined) {
          to = next.length;
          edges.set(cls, to);
          next.push(new Map());
          whole.push(null);
        }
        state = to;
      }
      return state;
    };
    for (const [key, ids] of keys) {
      if (key.startsWith('P:') || key.startsWith('S:')) {
        const letters = key.slice(2);
        if (letters.length !== PARTIAL_KEY_LEN || !isWord(letters)) return null;
        const map = key.startsWith('P:') ? prefix : suffix;
        const code = letterCode(letters, 0);
        map.set(code, [...(map.get(code) ?? []), ...ids]);
      } else if (key.includes(':')) {
        continue; // fragment keys (word-index.ts): found by the fragment automaton
      } else {
        if (!isWord(key)) return null;
        const s = path(key);
        whole[s] = [...(whole[s] ?? []), ...ids];
      }
    }
    if (next.length * WORD_STRIDE > TABLE_MAX_ENTRIES || next.length > 0x10000) return null;
    const table = new Uint16Array(next.length * WORD_STRIDE);
    next.forEach((edges, state) => {
      if (state === DEAD) return;
      for (const [cls, to] of edges) table[state * WORD_STRIDE + cls] = to;
    });
    return new WordAutomaton(table, whole, prefix, suffix);
  }
}

/** The lookup code of the three word characters at s[at] (their classes, packed). */
function letterCode(s: string, at: number): number {
  return (classOf(s.charCodeAt(at)) << 12) | (classOf(s.charCodeAt(at + 1)) << 6) | classOf(s.charCodeAt(at + 2));
}

function setBit(bits: Uint8Array, code: number): void {
  bits[code >> 3] = (bits[code >> 3] ?? 0) | (1 << (code & 7));
}

function hasBit(bits: Uint8Array, code: number): boolean {
  return (((bits[code >> 3] ?? 0) >> (code & 7)) & 1) === 1;
}

function classOf(c: number): number {
  return c < 128 ? (WORD_CLASS[c] ?? 0) : 0;
}

function isWord(s: string): boolean {
  if (!s) return false;
  for (let i = 0; i < s.length; i++) if (!classOf(s.charCodeAt(i))) return false;
  return true;
}
