// Substring patterns (`*pastebin*`, command_contains needles) have no whole word to file them
// under in the word index, so without help every one of them is tried on every command. This
// index files each under a literal fragment every match must contain, and finds all fragments
// present in a text in one pass (an Aho-Corasick automaton, built once at load): only patterns
// whose fragment occurs are tried. Sound by construction, like the word index: a pattern is
// skipped only when its fragment is absent.
//
// Matching is case-folded (ASCII letters, plus the two non-ASCII characters whose lower case is
// ASCII: U+212A KELVIN SIGN -> k, U+0130 -> i), so one automaton serves case-sensitive command
// globs and case-insensitive needles alike: a fragment found folded is a superset of one found
// exactly, which only means a pattern is tried when it need not be.

/** Folded code of a UTF-16 unit, or -1 for a unit no fragment contains (fragments are ASCII). */
function fold(c: number): number {
  if (c < 128) return c >= 65 && c <= 90 ? c + 32 : c;
  if (c === 0x212a) return 107;
  if (c === 0x130) return 105;
  return -1;
}

/** The fragment a folded match needs: ASCII lower case, or undefined when `s` is not ASCII. */
export function foldFragment(s: string): string | undefined {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 128) return undefined;
  return s.toLowerCase();
}

/** The automaton as a table (FragmentIndex.denseTable). Class 0 (no fragment has the unit) leads to state 0. */
export interface DenseTable {
  /** Next state: table[state * classes + class]. */
  table: Uint16Array;
  classes: number;
  /** Class of each ASCII unit, read case-folded. */
  unitClass: Uint8Array;
  /** Classes of U+212A (read as k) and U+0130 (read as i); other non-ASCII units are class 0. */
  kelvinClass: number;
  dottedIClass: number;
  /** 1 for a state where a fragment ends. */
  ends: Uint8Array;
  /** The fragments ending at each state. */
  out: (number[] | null)[];
}

/** Largest transition table kept (entries of 2 bytes); a larger automaton walks its trie. */
const DENSE_MAX_ENTRIES = 1 << 21;

export class FragmentIndex {
  /** denseMax: largest transition table to build (tests pass 0 to exercise the trie walk). */
  constructor(private readonly denseMax = DENSE_MAX_ENTRIES) {}

  private readonly ids = new Map<string, number>();
  private readonly fragments: string[] = [];
  /** Trie edges per state (state 0 is the root; its edges are also in rootNext). */
  private next: Map<number, number>[] = [];
  private rootNext = new Int32Array(128);
  private fail = new Int32Array(0);
  /** Fragments ending at a state, own and through failure links. */
  private out: (number[] | null)[] = [];
  private sealed = false;
  /**
   * The automaton as a full transition table (state * classes + class of the character), when
   * it is small enough: one array read per character. Class 0 is every character no fragment has.
   */
  private dense: Uint16Array | null = null;
  private readonly classOf = new Uint8Array(128);
  private classes = 1;

  get size(): number {
    return this.fragments.length;
  }

  /** Length of the longest fragment (a match across a join of two texts lies within this of it). */
  get maxLength(): number {
    let n = 0;
    for (const f of this.fragments) if (f.length > n) n = f.length;
    return n;
  }

  /**
   * The sealed automaton as a full table, for a scan that reads other things of each character
   * in the same pass (word-index.ts): next state = table[state * classes + classOf[folded code]];
   * fragments ending at a state in out. Null when the automaton is too large for a table.
   */
  get denseTable(): DenseTable | null {
    const { dense, classes, classOf, out } = this;
    if (!dense) return null;
    // The class of every ASCII unit as read (folding included), so a scan needs one lookup.
    const unitClass = new Uint8Array(128);
    for (let u = 0; u < 128; u++) unitClass[u] = classOf[fold(u)] ?? 0;
    const ends = new Uint8Array(out.length);
    out.forEach((o, state) => (ends[state] = o ? 1 : 0));
    return {
      table: dense,
      classes,
      unitClass,
      kelvinClass: classOf[107] ?? 0,
      dottedIClass: classOf[105] ?? 0,
      ends,
      out,
    };
  }

  /** Registers a (folded, non-empty) fragment; returns its number. */
  add(fragment: string): number {
    let id = this.ids.get(fragment);
    if (id === undefined) {
      id = this.fragments.length;
      this.fragments.push(fragment);
      this.ids.set(fragment, id);
    }
    return id;
  }

  fragment(id: number): string {
    return this.fragments[id] ?? '';
  }

  /** Builds the automaton; call once after all add()s. */
  seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    const next: Map<number, number>[] = [new Map()];
    const own: (number[] | null)[] = [null];
    for (let f = 0; f < this.fragments.length; f++) {
      const s = this.fragments[f] ?? '';
      let state = 0;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        const edges = next[state] ?? new Map<number, number>();
        let to = edges.get(c);
        if (to === undefined) {
          to = next.length;
          edges.set(c, to);
          next.push(new Map());
          own.push(null);
        }
        state = to;
      }
      (own[state] ??= []).push(f);
    }
    const fail = new Int32Array(next.length);
    const out: (number[] | null)[] = own.slice();
    // Breadth-first, so a state's failure target is final before its children need it.
    const queue: number[] = [];
    for (const to of (next[0] ?? new Map<number, number>()).values()) queue.push(to);
    for (let q = 0; q < queue.length; q++) {
      const state = queue[q] ?? 0;
      for (const [c, to] of next[state] ?? []) {
        let f = fail[state] ?? 0;
        let target = next[f]?.get(c);
        while (target === undefined && f !== 0) {
          f = fail[f] ?? 0;
          target = next[f]?.get(c);
        }
        const ft = target !== undefined && target !== to ? target : 0;
        fail[to] = ft;
        const inherited = out[ft];
        if (inherited) out[to] = out[to] ? [...(out[to] ?? []), ...inherited] : inherited;
        queue.push(to);
      }
    }
    const root = new Int32Array(128);
    for (const [c, to] of next[0] ?? []) if (c < 128) root[c] = to;
    this.next = next;
    this.rootNext = root;
    this.fail = fail;
    this.out = out;
    for (const f of this.fragments)
      for (let i = 0; i < f.length; i++) {
        const c = f.charCodeAt(i);
        if (!this.classOf[c]) this.classOf[c] = this.classes++;
      }
    // States fit in 16 bits (half the memory of 32, and more of the table stays in cache).
    if (next.length * this.classes <= this.denseMax && next.length <= 0x10000) this.dense = this.table();
  }

  /** Every state's move on every class, failure links followed once here instead of per character. */
  private table(): Uint16Array {
    const k = this.classes;
    const t = new Uint16Array(this.next.length * k);
    const order = [0];
    for (let q = 0; q < order.length; q++) for (const to of (this.next[order[q] ?? 0] ?? []).values()) order.push(to);
    // One character per class: the characters of a class are the same character folded.
    const chars: number[] = [];
    for (let c = 127; c >= 0; c--) {
      const cls = this.classOf[c] ?? 0;
      if (cls) chars[cls] = c;
    }
    for (const state of order) {
      for (let cls = 1; cls < k; cls++) {
        const c = chars[cls] ?? 0;
        const to = this.next[state]?.get(c);
        // Breadth-first order: the failure state's row is already filled in.
        t[state * k + cls] = to ?? (state === 0 ? 0 : (t[(this.fail[state] ?? 0) * k + cls] ?? 0));
      }
    }
    return t;
  }

  /**
   * Adds to `found` every fragment occurring in s that `seen` does not flag yet (and flags it).
   * Returns false once every fragment has been found (nothing more to scan for).
   */
  scan(s: string, seen: Uint8Array, found: number[]): boolean {
    const total = this.fragments.length;
    const { dense, out } = this;
    const hit = (state: number): boolean => {
      const o = out[state];
      if (!o) return true;
      for (let j = 0; j < o.length; j++) {
        const f = o[j] ?? 0;
        if (seen[f]) continue;
        seen[f] = 1;
        found.push(f);
      }
      return found.length < total;
    };
    if (dense) {
      const k = this.classes;
      const classOf = this.classOf;
      let state = 0;
      for (let i = 0; i < s.length; i++) {
        const c = fold(s.charCodeAt(i));
        state = c < 0 ? 0 : (dense[state * k + (classOf[c] ?? 0)] ?? 0);
        if (out[state] && !hit(state)) return false;
      }
      return true;
    }
    const { next, rootNext, fail } = this;
    let state = 0;
    for (let i = 0; i < s.length; i++) {
      const c = fold(s.charCodeAt(i));
      if (c < 0) {
        state = 0;
        continue;
      }
      for (;;) {
        if (state === 0) {
          state = rootNext[c] ?? 0;
          break;
        }
        const to = next[state]?.get(c);
        if (to !== undefined) {
          state = to;
          break;
        }
        state = fail[state] ?? 0;
      }
      if (out[state] && !hit(state)) return false;
    }
    return true;
  }
}
