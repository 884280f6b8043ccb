// Linear-time matching for response regexes: a Thompson NFA run as a lazily built DFA, so a
// 1 MiB response costs one pass per rule whatever the pattern (no backtracking, no ReDoS).
// Only "does it match anywhere" is answered, which is all response rules need.
import { parseRe2, setHas, RegexSyntaxError, type CharSet, type ReNode, type AssertKind } from './re2-parse.js';

/** Upper bound on NFA size after expanding counted repeats. */
export const NFA_MAX_NODES = 20_000;
/** DFA states cached per matcher before the cache is flushed and rebuilt on the fly. */
const DFA_MAX_STATES = 2_000;
const DFA_MAX_OTHER = 4_096;

const K_CHAR = 0;
const K_SPLIT = 1;
const K_ASSERT = 2;
const K_MATCH = 3;

const ASSERT_CODES: Record<AssertKind, number> = { bot: 0, eot: 1, bol: 2, eol: 3, wordb: 4, nwordb: 5 };

// What came before the current position.
const PREV_START = 0;
const PREV_NEWLINE = 1;
const PREV_WORD = 2;
const PREV_OTHER = 3;

const MATCHED = -2;

/** items[k], which the parser guarantees (an empty list never reaches the compiler). */
function item(items: ReNode[], k: number): ReNode {
  const n = items[k];
  if (!n) throw new Error('response pattern has an empty group');
  return n;
}

function isWord(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

class Nfa {
  kind: number[] = [];
  a: number[] = [];
  b: number[] = [];
  sets: CharSet[] = [];
  hasAsserts = false;

  add(kind: number, a: number, b: number): number {
    if (this.kind.length >= NFA_MAX_NODES)
      throw new RegexSyntaxError('regex is too large once its repeat counts are expanded');
    this.kind.push(kind);
    this.a.push(a);
    this.b.push(b);
    return this.kind.length - 1;
  }

  /** Builds n so that it continues at `next`; returns its entry node. */
  build(n: ReNode, next: number): number {
    switch (n.t) {
      case 'empty':
        return next;
      case 'set':
        this.sets.push(n.set);
        return this.add(K_CHAR, this.sets.length - 1, next);
      case 'assert':
        this.hasAsserts = true;
        return this.add(K_ASSERT, ASSERT_CODES[n.kind], next);
      case 'cat': {
        let e = next;
        for (let k = n.items.length - 1; k >= 0; k--) e = this.build(item(n.items, k), e);
        return e;
      }
      case 'alt': {
        let e = this.build(item(n.items, n.items.length - 1), next);
        for (let k = n.items.length - 2; k >= 0; k--) e = this.add(K_SPLIT, this.build(item(n.items, k), next), e);
        return e;
      }
      case 'rep': {
        let e: number;
        if (n.max === Infinity) {
          const loop = this.add(K_SPLIT, -1, next);
          this.a[loop] = this.build(n.sub, loop);
          e = loop;
        } else {
          e = next;
          for (let k = 0; k < n.max - n.min; k++) e = this.add(K_SPLIT, this.build(n.sub, e), next);
        }
        for (let k = 0; k < n.min; k++) e = this.build(n.sub, e);
        return e;
      }
    }
  }
}

interface DState {
  kernel: number[];
  prev: number;
  ascii: Int32Array;
  other: Map<number, number> | null;
  /** Closure cache when the NFA has no assertions (then it does not depend on the next char). */
  chars: number[] | null;
  matchNow: boolean;
}

export class Re2Matcher {
  private readonly nfa = new Nfa();
  private readonly start: number;
  private states: DState[] = [];
  private index = new Map<string, number>();
  private mark: Int32Array;
  private gen = 0;

  constructor(nodes: ReNode[]) {
    const matchNode = this.nfa.add(K_MATCH, 0, 0);
    const root: ReNode = nodes.length === 1 ? item(nodes, 0) : { t: 'alt', items: nodes };
    this.start = this.nfa.build(root, matchNode);
    this.mark = new Int32Array(this.nfa.kind.length);
  }

  /** True when the text contains a match of any of the patterns. */
  test(text: string): boolean {
    let s = this.intern([this.start], PREV_START);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const st = this.state(s);
      let nx: number | undefined;
      if (c < 128) nx = st.ascii[c];
      else nx = st.other?.get(c);
      if (nx === undefined || nx === -1) nx = this.step(s, c);
      if (nx === MATCHED) return true;
      s = nx;
    }
    const last = this.state(s);
    return this.closure(last.kernel, last.prev, -1, null);
  }

  /** A state by number; one always exists (numbers come from intern), else the matcher is broken. */
  private state(s: number): DState {
    const st = this.states[s];
    if (!st) throw new Error(`response pattern matcher lost state ${s}`);
    return st;
  }

  private intern(kernel: number[], prev: number): number {
    const key = prev + ':' + kernel.join(',');
    const hit = this.index.get(key);
    if (hit !== undefined) return hit;
    if (this.states.length >= DFA_MAX_STATES) {
      this.states = [];
      this.index.clear();
    }
    const st: DState = { kernel, prev, ascii: new Int32Array(128).fill(-1), other: null, chars: null, matchNow: false };
    if (!this.nfa.hasAsserts) {
      const chars: number[] = [];
      st.matchNow = this.closure(kernel, prev, -1, chars);
      st.chars = chars;
    }
    this.states.push(st);
    this.index.set(key, this.states.length - 1);
    return this.states.length - 1;
  }

  /** Follows epsilon edges from the kernel; collects CHAR nodes; returns whether MATCH is reached. */
  private closure(kernel: number[], prev: number, next: number, chars: number[] | null): boolean {
    const { kind, a, b } = this.nfa;
    const gen = ++this.gen;
    const mark = this.mark;
    const stack = kernel.slice();
    let matched = false;
    while (stack.length) {
      const n = stack.pop() ?? 0;
      if (mark[n] === gen) continue;
      mark[n] = gen;
      const k = kind[n];
      if (k === K_MATCH) matched = true;
      else if (k === K_CHAR) chars?.push(n);
      else if (k === K_SPLIT) {
        stack.push(b[n] ?? 0, a[n] ?? 0);
      } else if (k === K_ASSERT && this.assertHolds(a[n] ?? 0, prev, next)) stack.push(b[n] ?? 0);
    }
    return matched;
  }

  private assertHolds(code: number, prev: number, next: number): boolean {
    switch (code) {
      case 0:
        return prev === PREV_START;
      case 1:
        return next === -1;
      case 2:
        return prev === PREV_START || prev === PREV_NEWLINE;
      case 3:
        return next === -1 || next === 10;
      default: {
        const w = (prev === PREV_WORD) !== (next >= 0 && isWord(next));
        return code === 4 ? w : !w;
      }
    }
  }

  private step(s: number, c: number): number {
    const st = this.state(s);
    let chars: number[];
    let matchNow: boolean;
    if (st.chars) {
      chars = st.chars;
      matchNow = st.matchNow;
    } else {
      chars = [];
      matchNow = this.closure(st.kernel, st.prev, c, chars);
    }
    let result: number;
    if (matchNow) result = MATCHED;
    else {
      const { a, sets } = this.nfa;
      const nextSet = new Set<number>([this.start]);
      for (const n of chars) {
        const set = sets[a[n] ?? 0];
        if (set && setHas(set, c)) nextSet.add(this.nfa.b[n] ?? 0);
      }
      const kernel = [...nextSet].sort((x, y) => x - y);
      const prev = c === 10 ? PREV_NEWLINE : isWord(c) ? PREV_WORD : PREV_OTHER;
      const before = this.states;
      result = this.intern(kernel, prev);
      if (before !== this.states) return result; // the cache was flushed; do not write into a dropped state
    }
    if (c < 128) st.ascii[c] = result;
    else {
      if (!st.other) st.other = new Map();
      if (st.other.size < DFA_MAX_OTHER) st.other.set(c, result);
    }
    return result;
  }
}

/** Compiles patterns into one matcher that answers "does any of them match"; throws with the bad pattern named. */
export function compileRe2List(patterns: string[]): Re2Matcher {
  const nodes = patterns.map((p) => {
    try {
      return parseRe2(p);
    } catch (err) {
      throw new RegexSyntaxError(`invalid regex ${JSON.stringify(p)}: ${(err as Error).message}`, { cause: err });
    }
  });
  return new Re2Matcher(nodes);
}

export { RegexSyntaxError };
