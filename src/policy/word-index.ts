// A prefilter so evaluation does not try hundreds of globs per call. Each pattern is filed under
// one word it cannot match without (Glob.key); per call the engine marks the patterns whose word
// occurs in the call's readings, and only those (plus the few patterns without a word) are run.
// Sound by construction: a pattern is skipped only when its required word is absent.
import { forEachWord, PARTIAL_KEY_LEN, type Glob } from './glob.js';
import { FragmentIndex, foldFragment } from './fragment-index.js';
import { DEAD, ROOT, WORD_CLASS, WORD_STRIDE, WordAutomaton } from './word-automaton.js';

const NO_TABLE = new Uint16Array(0);
const NO_CLASSES = new Uint8Array(0);

/** Key prefix of a pattern filed under a literal fragment (see fragment-index.ts). */
const FRAGMENT = 'F:';
/**
 * Fewest distinct fragments worth an automaton scan of every reading. One: a scan of a short
 * command costs less than a microsecond, while a fragment pattern marked on every call opens
 * its policy for every call (policy-gate.ts) and is tried on every reading.
 */
const FRAGMENT_SCAN_MIN = 1;

/** The index key of a pattern: its word key, else its fragment (folded), else '' (always tried). */
export function keyOrFragment(key: string, fragment: string | undefined): string {
  if (key || !fragment) return key;
  const f = foldFragment(fragment);
  return f ? FRAGMENT + f : '';
}

/** Shortest `need` (glob.ts) worth a fragment of its own: shorter ones are in nearly every command. */
const NEED_MIN = 4;
/** Longest: any part of a need is one too, and a shorter one keeps the automaton small. */
const NEED_MAX = 16;

export class WordIndex {
  /** needs: file patterns' `need` texts too (the command index, whose texts are scanned for fragments). */
  constructor(private readonly useNeeds = false) {}

  private readonly byWord = new Map<string, number[]>();
  /** Per pattern id, the fragment number of its need, or -1. */
  private readonly needOf: number[] = [];
  private hasNeeds = false;
  private listOf: number[] = [];
  private mark = new Int32Array(0);
  private listMark = new Int32Array(0);
  private lists = 0;
  private epoch = 0;
  private hasPartial = false;
  private readonly fragments = new FragmentIndex();
  /** Pattern ids per fragment number. */
  private fragmentIds: number[][] = [];

  /** Registers a pattern list; returns its id. */
  newList(): number {
    return this.lists++;
  }

  /**
   * Files one pattern under its key; returns its id, or -1 when it has no key (always tried).
   * With a need (text every match contains), the pattern stays unmarked when its command lacks
   * that text (see finishTexts).
   */
  add(key: string, list: number, need?: string): number {
    if (!key) return -1;
    if (key.startsWith('P:') || key.startsWith('S:')) this.hasPartial = true;
    if (key.startsWith(FRAGMENT)) this.fragments.add(key.slice(FRAGMENT.length));
    const id = this.listOf.length;
    this.listOf.push(list);
    const folded = this.useNeeds && need !== undefined ? foldFragment(need.slice(0, NEED_MAX)) : undefined;
    if (folded !== undefined && folded.length >= NEED_MIN && FRAGMENT + folded !== key) {
      this.needOf.push(this.fragments.add(folded));
      this.hasNeeds = true;
    } else this.needOf.push(-1);
    let ids = this.byWord.get(key);
    if (!ids) this.byWord.set(key, (ids = []));
    ids.push(id);
    return id;
  }

  /** Call once after all add()s. */
  seal(): void {
    this.mark = new Int32Array(this.listOf.length);
    this.listMark = new Int32Array(this.lists);
    this.fragmentIds = [];
    for (let f = 0; f < this.fragments.size; f++)
      this.fragmentIds.push(this.byWord.get(FRAGMENT + this.fragments.fragment(f)) ?? []);
    // A few substring patterns are cheaper tried than scanned for: they are marked on every
    // call, as patterns without a key are tried on every call.
    this.scanFragments = this.fragments.size >= FRAGMENT_SCAN_MIN;
    if (this.scanFragments) this.fragments.seal();
    else this.alwaysMarked = this.fragmentIds.flat();
    this.words = WordAutomaton.build(this.byWord);
    this.fragmentTable = this.scanFragments ? this.fragments.denseTable : null;
    this.fragmentReach = this.scanFragments ? this.fragments.maxLength : 0;
  }

  /** The keys as an automaton (null: too many to tabulate; words are then cut out and looked up). */
  private words: WordAutomaton | null = null;
  private fragmentTable: FragmentIndex['denseTable'] = null;
  /** Length of the longest fragment: how far past a join of two texts a fragment may reach. */
  fragmentReach = 0;
  /**
   * Fragments of the current call's texts already found (scanText), and how many are still not:
   * a fragment is found when fragmentSeenAt holds the call's textEpoch (no array per call). The
   * automaton's trie walk (no table) takes its own flags, fragmentSeen.
   */
  private fragmentSeenAt = new Int32Array(0);
  private fragmentSeen = new Uint8Array(0);
  private textEpoch = 0;
  private fragmentsLeft = 0;
  /** States all of whose fragments were found in this call (stateDoneAt holds textEpoch): no need to look at them again. */
  private stateDoneAt = new Int32Array(0);

  /** Starts marking one call's texts with scanText: no fragment is found yet. */
  beginTexts(): void {
    if (!this.scanFragments) return;
    this.textEpoch++;
    if (this.fragmentSeenAt.length !== this.fragments.size) this.fragmentSeenAt = new Int32Array(this.fragments.size);
    if (!this.fragmentTable) this.fragmentSeen = new Uint8Array(this.fragments.size);
    else if (this.stateDoneAt.length !== this.fragmentTable.ends.length)
      this.stateDoneAt = new Int32Array(this.fragmentTable.ends.length);
    this.fragmentsLeft = this.fragments.size;
  }

  /** Whether fragment f was found since beginTexts(). */
  private fragmentFound(f: number): boolean {
    return this.fragmentTable ? this.fragmentSeenAt[f] === this.textEpoch : this.fragmentSeen[f] === 1;
  }

  /**
   * Marks the patterns whose fragment occurs in s[from, to) (with fragments) and those whose word
   * key does (with words), in one pass over the characters. Fragments found since beginTexts() are not looked for
   * again, and once all are found only words are read.
   */
  scanText(s: string, from = 0, to = s.length, words = true, fragments = true): void {
    const auto = words ? this.words : null;
    if (words && !auto) forEachWord(from === 0 && to === s.length ? s : s.slice(from, to), this.markWord);
    const look = fragments && this.fragmentsLeft > 0;
    let frag = look ? this.fragmentTable : null;
    if (look && !frag) {
      const found: number[] = [];
      this.fragments.scan(s.slice(from, to), this.fragmentSeen, found);
      for (const f of found) {
        this.fragmentSeenAt[f] = this.textEpoch;
        this.markFragment(f);
      }
      this.fragmentsLeft -= found.length;
    }
    if (!auto && !frag) return;
    // Everything the loop reads is a local: this runs over every character of a command.
    const ft = frag ? frag.table : NO_TABLE;
    const fk = frag ? frag.classes : 0;
    const unitClass = frag ? frag.unitClass : NO_CLASSES;
    const kelvin = frag ? frag.kelvinClass : 0;
    const dottedI = frag ? frag.dottedIClass : 0;
    const ends = frag ? frag.ends : NO_CLASSES;
    const done = this.stateDoneAt;
    const te = this.textEpoch;
    let fragOn = frag !== null;
    const wt = auto ? auto.table : NO_TABLE;
    const wordsOn = auto !== null;
    let fs = 0;
    let ws = DEAD;
    let wordStart = -1;
    for (let i = from; i < to; i++) {
      const u = s.charCodeAt(i);
      if (fragOn) {
        const c = u < 128 ? (unitClass[u] ?? 0) : u === 0x212a ? kelvin : u === 0x130 ? dottedI : 0;
        fs = ft[fs * fk + c] ?? 0;
        if (ends[fs] === 1 && done[fs] !== te && frag) {
          done[fs] = te;
          if (!this.foundFragments(frag.out[fs] ?? [])) {
            fragOn = false;
            if (!wordsOn) return;
          }
        }
      } else if (!wordsOn) return;
      if (!wordsOn) continue;
      const wc = u < 128 ? (WORD_CLASS[u] ?? 0) : 0;
      if (wc !== 0) {
        if (wordStart < 0) {
          wordStart = i;
          ws = wt[ROOT * WORD_STRIDE + wc] ?? DEAD;
        } else if (ws !== DEAD) ws = wt[ws * WORD_STRIDE + wc] ?? DEAD;
      } else if (wordStart >= 0) {
        if (auto && (ws !== DEAD || i - wordStart >= PARTIAL_KEY_LEN)) this.wordEnd(auto, s, wordStart, i, ws);
        wordStart = -1;
      }
    }
    if (auto && wordStart >= 0 && (ws !== DEAD || to - wordStart >= PARTIAL_KEY_LEN))
      this.wordEnd(auto, s, wordStart, to, ws);
  }

  /** Marks what the word s[start, end) (ending in state ws) names: its whole-word key and, when long enough, its P: and S: keys. */
  private wordEnd(auto: WordAutomaton, s: string, start: number, end: number, ws: number): void {
    const whole = auto.whole[ws];
    if (whole) this.markIds(whole);
    if (!this.hasPartial || end - start < PARTIAL_KEY_LEN) return;
    const p = auto.prefixIds(s, start);
    if (p) this.markIds(p);
    const q = auto.suffixIds(s, end);
    if (q) this.markIds(q);
  }

  /**
   * Ends marking one call's texts: a pattern marked by its key whose need is not in any of them
   * cannot match, and is unmarked again.
   */
  finishTexts(): void {
    if (!this.hasNeeds || !this.scanFragments) return;
    const { mark, listMark, listOf, needOf } = this;
    const kept: number[] = [];
    for (const id of this.markedList) {
      const n = needOf[id] ?? -1;
      if (n >= 0 && !this.fragmentFound(n)) mark[id] = 0;
      else kept.push(id);
    }
    if (kept.length === this.markedList.length) return;
    this.markedList = kept;
    for (const list of this.touched) listMark[list] = 0;
    this.touched.length = 0;
    const e = this.epoch;
    for (const id of kept) {
      const list = listOf[id] ?? 0;
      if (listMark[list] !== e) {
        listMark[list] = e;
        this.touched.push(list);
      }
    }
  }

  /** Marks the patterns of fragments first seen here; false once every fragment is found. */
  private foundFragments(o: number[]): boolean {
    const seen = this.fragmentSeenAt;
    const te = this.textEpoch;
    for (let j = 0; j < o.length; j++) {
      const f = o[j] ?? 0;
      if (seen[f] === te) continue;
      seen[f] = te;
      this.fragmentsLeft--;
      this.markFragment(f);
    }
    return this.fragmentsLeft > 0;
  }

  private scanFragments = false;
  private alwaysMarked: number[] = [];

  /** Marks the patterns filed under fragment f (a number the command marking found). */
  markFragment(f: number): void {
    const ids = this.fragmentIds[f];
    if (ids) this.markIds(ids);
  }

  /** Lists with a pattern marked since begin(), in marking order. */
  touched: number[] = [];
  private markedList: number[] = [];

  /** Starts a new call: nothing is marked. */
  begin(): void {
    this.epoch++;
    this.touched.length = 0;
    this.markedList.length = 0;
    if (this.alwaysMarked.length) this.markIds(this.alwaysMarked);
  }

  /** Marks the patterns filed under this (lower-case) word, its first and its last letters. */
  markWord = (word: string): void => {
    this.markKey(word);
    if (word.length >= PARTIAL_KEY_LEN && this.hasPartial) {
      this.markKey('P:' + word.slice(0, PARTIAL_KEY_LEN));
      this.markKey('S:' + word.slice(-PARTIAL_KEY_LEN));
    }
  };

  private markKey(key: string): void {
    const ids = this.byWord.get(key);
    if (ids) this.markIds(ids);
  }

  private markIds(ids: ArrayLike<number>): void {
    const e = this.epoch;
    const { mark, listMark, listOf } = this;
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k] ?? 0;
      if (mark[id] === e) continue;
      mark[id] = e;
      this.markedList.push(id);
      const list = listOf[id] ?? 0;
      if (listMark[list] !== e) {
        listMark[list] = e;
        this.touched.push(list);
      }
    }
  }

  /** Pattern ids marked since begin() (to replay a call's marks: markAll). A plain array: a typed
   * one of more than 64 bytes is allocated outside the heap, which costs more than the copy. */
  markedIds(): number[] {
    return this.markedList.slice();
  }

  /** Marks these pattern ids (as markedIds() returned them for the same text). */
  markAll(ids: readonly number[]): void {
    this.markIds(ids);
  }

  /** Marks the patterns whose word key occurs in s. */
  markText(s: string): void {
    this.scanText(s, 0, s.length, true, false);
  }

  marked(id: number): boolean {
    return id < 0 || this.mark[id] === this.epoch;
  }

  listMarked(list: number): boolean {
    return this.listMark[list] === this.epoch;
  }
}

interface TrieNode {
  next: Map<number, TrieNode>;
  ids: number[] | null;
}

/**
 * What a PatternList knows of its globs alone, whatever index they are filed in: immutable once
 * built, so lists of the same globs in the same order share one (listShape).
 */
interface ListShape {
  compound: boolean[];
  spanning: boolean[];
  exact: Map<string, number>;
  exactMax: number;
  trie: TrieNode;
  rest: number[];
}

function buildShape(globs: Glob[]): ListShape {
  const compound = globs.map((g) => isCompoundPattern(g.source));
  const shape: ListShape = {
    compound,
    spanning: globs.map((g, k) => (compound[k] ?? false) || !g.prefix),
    exact: new Map(),
    exactMax: -1,
    trie: { next: new Map(), ids: null },
    rest: [],
  };
  globs.forEach((g, k) => {
    if (g.literal !== undefined) {
      if (!shape.exact.has(g.literal)) shape.exact.set(g.literal, k);
      shape.exactMax = Math.max(shape.exactMax, g.literal.length);
    } else if (g.prefix) {
      let node = shape.trie;
      for (let i = 0; i < g.prefix.length; i++) {
        const c = g.prefix.charCodeAt(i);
        let n = node.next.get(c);
        if (!n) node.next.set(c, (n = { next: new Map(), ids: null }));
        node = n;
      }
      (node.ids ??= []).push(k);
    } else shape.rest.push(k);
  });
  return shape;
}

// Shapes shared between the compiled sets alive at once. Compiled globs are shared by pattern
// (glob-share.ts), so a server with a shadow set, which compiles the standard profile a second
// time, makes the same lists of the same glob objects again: their tries and exact maps were
// some 7 MB of the shadow's 19.5 MB compiled set, kept alive and marked by every full GC. A
// shape is kept here only while some list still holds it (a weak reference), like the globs.
const globSerial = new WeakMap<Glob, number>();
let nextSerial = 0;
const shapes = new Map<string, WeakRef<ListShape>>();
const forgetShape = new FinalizationRegistry<string>((key) => {
  if (shapes.get(key)?.deref() === undefined) shapes.delete(key);
});

function listShape(globs: Glob[]): ListShape {
  // The key names the glob objects themselves, in order: the same objects make the same shape.
  let key = '';
  for (const g of globs) {
    let n = globSerial.get(g);
    if (n === undefined) globSerial.set(g, (n = nextSerial++));
    key += `${n},`;
  }
  const hit = shapes.get(key)?.deref();
  if (hit) return hit;
  const shape = buildShape(globs);
  shapes.set(key, new WeakRef(shape));
  forgetShape.register(shape, key);
  return shape;
}

/** A list of globs of one `when` key, filed in an index. */
export class PatternList {
  readonly ids: number[];
  readonly list: number;
  readonly hasUnkeyed: boolean;
  /** Patterns naming a compound command (`curl * | sh`, `a && b`). */
  readonly compound: boolean[];
  /**
   * Patterns a whole-command reading (`a | b`, `a && b`) may match: compound ones and ones with no
   * literal head. `cat **.env` names one command; on `cat README.md | grep .env.local` its `**`
   * would reach into the next command, and a match inside one command is found on that command.
   */
  readonly spanning: boolean[];
  /** Wildcard-free patterns match by equality: one Map lookup instead of a scan. */
  private readonly exact: Map<string, number>;
  /** The longest of them: a longer text is not looked up (the lookup hashes the whole text). */
  private readonly exactMax: number;
  /** Patterns with a literal head, in a character trie: only heads the subject starts with are tried. */
  private readonly trie: TrieNode;
  /** Patterns that may match anywhere. */
  private readonly rest: number[];

  constructor(
    readonly globs: Glob[],
    readonly index: WordIndex,
  ) {
    this.list = index.newList();
    this.ids = globs.map((g) => index.add(keyOrFragment(g.key, g.fragment), this.list, g.need));
    this.hasUnkeyed = this.ids.some((id) => id < 0);
    const shape = listShape(globs);
    this.compound = shape.compound;
    this.spanning = shape.spanning;
    this.exact = shape.exact;
    this.exactMax = shape.exactMax;
    this.trie = shape.trie;
    this.rest = shape.rest;
  }

  /** False when no pattern of the list can match this call (per the index). */
  maybe(): boolean {
    return this.hasUnkeyed || this.index.listMarked(this.list);
  }

  /**
   * Index of the first pattern matching s, or -1. With simpleOnly, compound patterns are
   * skipped: s is one simple command, whose words may hold a quoted `|` that runs nothing.
   * With whole, only spanning patterns are tried: s is a whole-command reading.
   */
  find(s: string, simpleOnly = false, whole = false): number {
    const { globs, ids, index, rest } = this;
    if (s.length <= this.exactMax) {
      const k = this.exact.get(s);
      if (k !== undefined && !(simpleOnly && this.compound[k]) && !(whole && !this.spanning[k])) return k;
    }
    let best = -1;
    let node: TrieNode | undefined = this.trie;
    for (let i = 0; i < s.length && node && node.next.size; i++) {
      node = node.next.get(s.charCodeAt(i));
      const at = node?.ids;
      if (!at) continue;
      for (let r = 0; r < at.length; r++) {
        const k = at[r] ?? 0;
        if (best >= 0 && k > best) break;
        if (!index.marked(ids[k] ?? -1) || (simpleOnly && this.compound[k]) || (whole && !this.spanning[k])) continue;
        if (globs[k]?.test(s)) {
          best = k;
          break;
        }
      }
    }
    for (let r = 0; r < rest.length; r++) {
      const k = rest[r] ?? 0;
      if (best >= 0 && k > best) break;
      if (!index.marked(ids[k] ?? -1)) continue;
      if (simpleOnly && this.compound[k]) continue;
      if (globs[k]?.test(s)) return k;
    }
    return best;
  }

  any(s: string): boolean {
    return this.find(s) >= 0;
  }
}

/** A command pattern that spells a pipeline or list (`|`, `&&`, `||`); `;` is left out (find -exec ... ;). */
export function isCompoundPattern(p: string): boolean {
  return p.includes('|') || p.includes('&&');
}

/** command_contains needles: case-insensitive for deny/ask, exact for allow/watch. */
export class NeedleList {
  readonly lower: string[];
  readonly ids: number[];
  readonly list: number;
  readonly hasUnkeyed: boolean;

  constructor(
    readonly needles: string[],
    readonly index: WordIndex,
    keyOf: (needle: string) => string,
  ) {
    this.lower = needles.map((n) => n.toLowerCase());
    this.list = index.newList();
    // A needle without a word is its own fragment.
    this.ids = needles.map((n) => index.add(keyOrFragment(keyOf(n), n), this.list, n));
    this.hasUnkeyed = this.ids.some((id) => id < 0);
  }

  maybe(): boolean {
    return this.hasUnkeyed || this.index.listMarked(this.list);
  }

  /** Index of the first needle in s (pass s lower-cased when folding), or -1. */
  find(s: string, fold: boolean): number {
    const hay = fold ? this.lower : this.needles;
    for (let k = 0; k < hay.length; k++) {
      if (!this.index.marked(this.ids[k] ?? -1)) continue;
      if (s.includes(hay[k] ?? '')) return k;
    }
    return -1;
  }
}
