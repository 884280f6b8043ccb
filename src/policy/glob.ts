// The glob dialects of policy patterns (docs/policy.md section 8), compiled once at load into small matchers.
// picomatch does not fit: the command glob picks one of five behaviours by the pattern's shape
// (a trailing `*` is a raw prefix test, a leading `*` means "fragments in order"), and classes
// follow Go's filepath.Match. Subjects must already have `\` turned into `/` (callers do it once).
import { LIT, tokenize, type Tokens } from './glob-tokens.js';
import { classicMatcher, nfaMatcher } from './glob-match.js';

export const GLOB_MAX_BYTES = 8192;
export const DOUBLESTAR_MAX_BYTES = 256;
export const DOUBLESTAR_MAX_COUNT = 2;

export interface Glob {
  readonly source: string;
  /**
   * What every matching subject must contain, so the engine can skip most patterns per call:
   * a lower-case whole word (runs of [A-Za-z0-9_]), or "P:abc" / "S:xyz" for a word that must
   * start / end with those letters; '' when the pattern guarantees none.
   */
  readonly key: string;
  test(subject: string): boolean;
  /** Set when the pattern matches exactly one string (no wildcards): that string. */
  readonly literal?: string;
  /** Text every match starts with ('' when the pattern may match anywhere). */
  readonly prefix: string;
  /** Literal text every match contains (for patterns without a key: see fragment-index.ts). */
  readonly fragment?: string;
  /**
   * The longest literal text every match contains, when there is one: a command is tried on the
   * pattern only when it holds this too, not just the key (`**>*\/dev/sd[a-z]**` is keyed by
   * the word "dev", which most commands writing to /dev/null have; "/dev/sd" they do not).
   */
  readonly need?: string;
}

/** Why a glob breaks the load-time limits (docs/policy.md), or undefined. */
export function globLimitProblem(p: string): string | undefined {
  const bytes = Buffer.byteLength(p);
  if (bytes > GLOB_MAX_BYTES) return `pattern is ${bytes} bytes; the limit is ${GLOB_MAX_BYTES}`;
  const stars = countDoubleStars(p);
  if (stars > 0 && bytes > DOUBLESTAR_MAX_BYTES)
    return `a pattern containing ** may be at most ${DOUBLESTAR_MAX_BYTES} bytes (this one is ${bytes})`;
  if (stars > DOUBLESTAR_MAX_COUNT)
    return `a pattern may contain ** at most ${DOUBLESTAR_MAX_COUNT} times (this one has ${stars})`;
  return undefined;
}

function countDoubleStars(p: string): number {
  let n = 0;
  for (let i = p.indexOf('**'); i >= 0; i = p.indexOf('**', i + 2)) n++;
  return n;
}

// ------------------------------------------------------------------ index keys

function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

interface Run {
  text: string;
  /** The run touches an anchored pattern edge on that side (so the edge bounds a word). */
  leftEdge: boolean;
  rightEdge: boolean;
}

/** Length of the word-end slices used as prefix/suffix keys. */
export const PARTIAL_KEY_LEN = 3;

/**
 * The index key of a set of literal runs (see Glob.key): a whole word bounded on both sides
 * ("rm"), else a word bounded on one side, keyed by its first or last PARTIAL_KEY_LEN letters
 * ("<(curl" -> prefix "cur", "**pastebin.com**" -> suffix "bin"). Longer whole words win.
 */
function keyOfRuns(runs: Run[]): string {
  let best = '';
  let bestScore = 0;
  for (const run of runs) {
    const s = run.text;
    for (let i = 0; i < s.length;) {
      if (!isWordCode(s.charCodeAt(i))) {
        i++;
        continue;
      }
      let j = i;
      while (j < s.length && isWordCode(s.charCodeAt(j))) j++;
      const left = i > 0 || run.leftEdge;
      const right = j < s.length || run.rightEdge;
      const w = s.slice(i, j).toLowerCase();
      let key = '';
      let score = 0;
      if (left && right) {
        key = w;
        score = w.length * 2;
      } else if (w.length >= PARTIAL_KEY_LEN && (left || right)) {
        key = left ? 'P:' + w.slice(0, PARTIAL_KEY_LEN) : 'S:' + w.slice(-PARTIAL_KEY_LEN);
        score = PARTIAL_KEY_LEN;
      }
      if (score > bestScore) {
        best = key;
        bestScore = score;
      }
      i = j;
    }
  }
  return best;
}

/** Words of a plain substring needle: edges are not bounded (the needle may sit inside a word). */
export function keyOfSubstring(needle: string): string {
  return keyOfRuns([{ text: needle, leftEdge: false, rightEdge: false }]);
}

function runsOfTokens(t: Tokens, anchoredStart: boolean, anchoredEnd: boolean): Run[] {
  const runs: Run[] = [];
  let text = '';
  let start = 0;
  const n = t.kinds.length;
  for (let k = 0; k <= n; k++) {
    if (k < n && t.kinds[k] === LIT) {
      if (text === '') start = k;
      text += String.fromCharCode(t.data[k] ?? 0);
      continue;
    }
    if (text) runs.push({ text, leftEdge: anchoredStart && start === 0, rightEdge: anchoredEnd && k === n });
    text = '';
  }
  return runs;
}

/**
 * A matcher built on its first use: a load compiles thousands of patterns (the standard profile
 * alone 3,808, more with their variants) and a call tries few of them, so building every matcher
 * up front was about a quarter of a start's policy compile. The pattern's key, prefix and literal, which
 * the indexes need at load, are still computed at once.
 */
function lazily(build: () => (s: string) => boolean): (s: string) => boolean {
  let m: ((s: string) => boolean) | undefined;
  return (s) => (m ??= build())(s);
}

const NEVER: (s: string) => boolean = () => false;
const ALWAYS: (s: string) => boolean = () => true;

function make(source: string, key: string, test: (s: string) => boolean, literal?: string, prefix = ''): Glob {
  return literal === undefined ? { source, key, test, prefix } : { source, key, test, literal, prefix: literal };
}

function withFragment(g: Glob, fragment: string | undefined): Glob {
  return fragment === undefined ? g : { ...g, fragment };
}

function withNeed(g: Glob, need: string | undefined): Glob {
  return need === undefined ? g : { ...g, need };
}

/**
 * The longest literal run of a `**` pattern: every match contains it (the wildcards and classes
 * around it consume other characters), so a pattern without a word key is filed under it.
 */
function longestRun(p: string): string | undefined {
  const t = tokenize(p, true);
  if (!t.ok) return undefined;
  let best = '';
  for (const r of runsOfTokens(t, false, false)) if (r.text.length > best.length) best = r.text;
  return best || undefined;
}

/** Literal text before the first wildcard of an anchored pattern. */
function literalHead(p: string): string {
  const i = p.search(/[*?[]/);
  return i < 0 ? p : p.slice(0, i);
}

function slashed(p: string): string {
  return p.includes('\\') ? p.replace(/\\/g, '/') : p;
}

/** NFA glob; a leading `**\/` may also match zero directories. */
function anchoredDoubleStar(p: string): Glob {
  const t = tokenize(p, true);
  if (!t.ok) return make(p, '', NEVER);
  const key = keyOfRuns(runsOfTokens(t, true, true));
  if (!p.startsWith('**/'))
    return make(
      p,
      key,
      lazily(() => nfaMatcher(t)),
    );
  return make(
    p,
    key,
    lazily(() => {
      const main = nfaMatcher(t);
      const alt = pathGlobNoPrefix(p.slice(3));
      return (s) => main(s) || alt(s);
    }),
  );
}

function pathGlobNoPrefix(p: string): (s: string) => boolean {
  if (p === '') return (s) => s === '';
  if (p.includes('**')) {
    const t = tokenize(p, true);
    return t.ok ? nfaMatcher(t) : NEVER;
  }
  const t = tokenize(p, false);
  return t.ok ? classicMatcher(t, false) : NEVER;
}

/**
 * Command-style glob (docs/policy.md), used for commands, URLs, match.agent/session/tool,
 * session_*, tool_param_matches and env-assignment names.
 */
export function compileCommandGlob(pattern: string): Glob {
  const p = slashed(pattern);
  if (p === '') return make(pattern, '', NEVER);
  if (p === '*') return make(pattern, '', ALWAYS);
  if (p.includes('**')) {
    const g = { ...anchoredDoubleStar(p), source: pattern, prefix: p.startsWith('**/') ? '' : literalHead(p) };
    // A leading `**/` may match no directory: then its `/` is not in the match.
    const need = longestRun(p.startsWith('**/') ? p.slice(3) : p);
    return withNeed(g.key ? g : withFragment(g, longestRun(p)), need);
  }
  const startsStar = p.startsWith('*');
  let fallback: (s: string) => boolean;
  let key: string;
  let fragment: string | undefined;
  let need: string | undefined;
  if (startsStar) {
    // Fragments in order, unanchored; `?` and `[` are plain characters here.
    const frags = p.split('*').filter((f) => f !== '');
    fallback = (s) => {
      let pos = 0;
      for (const f of frags) {
        const at = s.indexOf(f, pos);
        if (at < 0) return false;
        pos = at + f.length;
      }
      return true;
    };
    key = keyOfRuns(frags.map((text) => ({ text, leftEdge: false, rightEdge: false })));
    // Every fragment occurs in a match, in both readings below (fragments in order; or the
    // literal prefix, which holds them all): the longest is the rarest.
    need = frags.reduce((a, b) => (b.length > a.length ? b : a), '') || undefined;
    if (!key) fragment = need;
  } else {
    const t = tokenize(p, false);
    if (t.ok && t.kinds.every((k) => k === LIT)) {
      const lit = p;
      return make(pattern, keyOfRuns(runsOfTokens(t, true, true)), (s) => s === lit, lit);
    }
    fallback = t.ok ? lazily(() => classicMatcher(t, true)) : NEVER;
    key = t.ok ? keyOfRuns(runsOfTokens(t, true, true)) : '';
    // Every literal run of the classic reading is in its matches, and in the prefix reading's
    // below (that prefix holds the whole pattern but its last `*`, runs included).
    if (t.ok) for (const r of runsOfTokens(t, false, false)) if (r.text.length > (need?.length ?? 0)) need = r.text;
  }
  if (p.endsWith('*')) {
    // A literal prefix test first. The key still comes from the fallback reading: the prefix
    // reading keeps every character literal, so a word bounded there is bounded here too.
    const prefix = p.slice(0, -1);
    return withNeed(
      withFragment(
        make(pattern, key, (s) => s.startsWith(prefix) || fallback(s), undefined, startsStar ? '' : literalHead(p)),
        fragment,
      ),
      need,
    );
  }
  return withNeed(
    withFragment(make(pattern, key, fallback, undefined, startsStar ? '' : literalHead(p)), fragment),
    need,
  );
}

/** Path glob (docs/policy.md): always anchored; `*`, `?`, classes stay in one segment. */
export function compilePathGlob(pattern: string): Glob {
  const p = slashed(pattern);
  if (p === '') return make(pattern, '', NEVER);
  if (p.includes('**')) return { ...anchoredDoubleStar(p), source: pattern };
  const t = tokenize(p, false);
  if (!t.ok) return make(pattern, '', NEVER);
  return make(
    pattern,
    keyOfRuns(runsOfTokens(t, true, true)),
    lazily(() => classicMatcher(t, false)),
  );
}

/** Go's filepath.Match as is: domains (lower-cased by the caller) and test message checks. */
export function compileSimpleGlob(pattern: string): Glob {
  if (pattern === '') return make(pattern, '', NEVER);
  const t = tokenize(pattern, false);
  if (!t.ok) return make(pattern, '', NEVER);
  return make(
    pattern,
    keyOfRuns(runsOfTokens(t, true, true)),
    lazily(() => classicMatcher(t, true)),
  );
}

/** Domain glob: lower-cased, trailing dot dropped; `*` spans dots. */
export function compileDomainGlob(pattern: string): Glob {
  const g = compileSimpleGlob(normalizeDomain(pattern));
  return { ...g, source: pattern };
}

export function normalizeDomain(d: string): string {
  let s = d.trim().toLowerCase();
  while (s.endsWith('.')) s = s.slice(0, -1);
  return s;
}

/** Escapes glob metacharacters so a literal string matches only itself (as `[*]`, `[?]`, `[[]`). */
export function escapeGlob(s: string): string {
  return s.replace(/[*?[]/g, (c) => `[${c}]`);
}

/** Splits a subject into lower-case words for the pattern index (see Glob.key). */
export function forEachWord(s: string, fn: (word: string) => void): void {
  const n = s.length;
  for (let i = 0; i < n;) {
    const c = s.charCodeAt(i);
    if (!isWordCode(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    let upper = c >= 65 && c <= 90;
    while (j < n) {
      const d = s.charCodeAt(j);
      if (!isWordCode(d)) break;
      if (d >= 65 && d <= 90) upper = true;
      j++;
    }
    const w = s.slice(i, j);
    fn(upper ? w.toLowerCase() : w);
    i = j;
  }
}
