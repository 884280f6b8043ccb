// The peer's glob dialects (research 4.1-4.3), compiled once at load into small matchers.
// picomatch does not fit: the command glob picks one of five behaviours by the pattern's shape
// (a trailing `*` is a raw prefix test, a leading `*` means "fragments in order"), and classes
// follow Go's filepath.Match. Subjects must already have `\` turned into `/` (callers do it once).

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
}

/** Why a glob breaks the load-time limits (research 1.5), or undefined. */
export function globLimitProblem(p: string): string | undefined {
  const bytes = Buffer.byteLength(p);
  if (bytes > GLOB_MAX_BYTES) return `pattern is ${bytes} bytes; the limit is ${GLOB_MAX_BYTES}`;
  const stars = countDoubleStars(p);
  if (stars > 0 && bytes > DOUBLESTAR_MAX_BYTES) return `a pattern containing ** may be at most ${DOUBLESTAR_MAX_BYTES} bytes (this one is ${bytes})`;
  if (stars > DOUBLESTAR_MAX_COUNT) return `a pattern may contain ** at most ${DOUBLESTAR_MAX_COUNT} times (this one has ${stars})`;
  return undefined;
}

function countDoubleStars(p: string): number {
  let n = 0;
  for (let i = p.indexOf('**'); i >= 0; i = p.indexOf('**', i + 2)) n++;
  return n;
}

// ------------------------------------------------------------------ tokens

const LIT = 0;
const STAR = 1; // any run without '/'
const DSTAR = 2; // any run, '/' included
const ANY = 3; // one char except '/'
const CLASS = 4; // one char from a class

interface CharClass {
  negated: boolean;
  /** Inclusive [lo, hi] pairs of UTF-16 code units. */
  ranges: number[];
}

interface Tokens {
  kinds: number[];
  /** LIT: char code; CLASS: index into classes. */
  data: number[];
  classes: CharClass[];
  /** False when a class is empty or malformed: such a pattern never matches (Go's ErrBadPattern). */
  ok: boolean;
}

/** Parses `[...]` starting at p[i] === '['; returns [class, index after ']'] or null if malformed. */
function parseClass(p: string, i: number): [CharClass, number] | null {
  let j = i + 1;
  const negated = p[j] === '^';
  if (negated) j++;
  const ranges: number[] = [];
  for (;;) {
    if (j >= p.length) return null;
    const c = p[j]!;
    if (c === ']' && ranges.length > 0) return [{ negated, ranges }, j + 1];
    if (c === '-' || c === ']') return null;
    const lo = p.charCodeAt(j);
    j++;
    let hi = lo;
    if (p[j] === '-') {
      const h = p[j + 1];
      if (h === undefined || h === '-' || h === ']') return null;
      hi = p.charCodeAt(j + 1);
      j += 2;
    }
    ranges.push(lo, hi);
  }
}

function inClass(cls: CharClass, c: number): boolean {
  const r = cls.ranges;
  let hit = false;
  for (let k = 0; k < r.length; k += 2) {
    if (c >= r[k]! && c <= r[k + 1]!) {
      hit = true;
      break;
    }
  }
  return hit !== cls.negated;
}

/** `*`, `**` (when allowed), `?`, `[...]` and literals. Runs of three or more stars act as `**`. */
function tokenize(p: string, doubleStar: boolean): Tokens {
  const t: Tokens = { kinds: [], data: [], classes: [], ok: true };
  for (let i = 0; i < p.length; ) {
    const c = p[i]!;
    if (c === '*') {
      let j = i;
      while (p[j] === '*') j++;
      const kind = doubleStar && j - i >= 2 ? DSTAR : STAR;
      // Adjacent stars collapse; a DSTAR absorbs a neighbouring STAR.
      const last = t.kinds.length - 1;
      if (last >= 0 && (t.kinds[last] === STAR || t.kinds[last] === DSTAR)) {
        if (kind === DSTAR) t.kinds[last] = DSTAR;
      } else {
        t.kinds.push(kind);
        t.data.push(0);
      }
      i = j;
    } else if (c === '?') {
      t.kinds.push(ANY);
      t.data.push(0);
      i++;
    } else if (c === '[') {
      const parsed = parseClass(p, i);
      if (!parsed) {
        t.ok = false;
        return t;
      }
      t.kinds.push(CLASS);
      t.data.push(t.classes.length);
      t.classes.push(parsed[0]);
      i = parsed[1];
    } else {
      t.kinds.push(LIT);
      t.data.push(p.charCodeAt(i));
      i++;
    }
  }
  return t;
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
    for (let i = 0; i < s.length; ) {
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
      text += String.fromCharCode(t.data[k]!);
      continue;
    }
    if (text) runs.push({ text, leftEdge: anchoredStart && start === 0, rightEdge: anchoredEnd && k === n });
    text = '';
  }
  return runs;
}


// ------------------------------------------------------------------ matchers

/** Go's filepath.Match: `*` and `?` stay off '/', classes may match '/' unless classSlash is false. */
function classicMatcher(t: Tokens, classSlash: boolean): (s: string) => boolean {
  // Chunks: each is a (leading star?, token slice) pair, as Go's scanChunk makes them.
  const chunks: { star: boolean; from: number; to: number }[] = [];
  const n = t.kinds.length;
  for (let k = 0; k < n; ) {
    let star = false;
    while (k < n && t.kinds[k] === STAR) {
      star = true;
      k++;
    }
    const from = k;
    while (k < n && t.kinds[k] !== STAR) k++;
    chunks.push({ star, from, to: k });
  }
  const { kinds, data, classes } = t;
  const matchChunk = (from: number, to: number, s: string, pos: number): number => {
    for (let k = from; k < to; k++) {
      if (pos >= s.length) return -1;
      const c = s.charCodeAt(pos);
      const kind = kinds[k];
      if (kind === LIT) {
        if (c !== data[k]) return -1;
      } else if (kind === ANY) {
        if (c === 47) return -1;
      } else {
        if (!classSlash && c === 47) return -1;
        if (!inClass(classes[data[k]!]!, c)) return -1;
      }
      pos++;
    }
    return pos;
  };
  return (s: string): boolean => {
    let pos = 0;
    for (let ci = 0; ci < chunks.length; ci++) {
      const ch = chunks[ci]!;
      const last = ci === chunks.length - 1;
      if (ch.star && ch.from === ch.to) return s.indexOf('/', pos) < 0;
      let end = matchChunk(ch.from, ch.to, s, pos);
      if (end >= 0 && (end === s.length || !last)) {
        pos = end;
        continue;
      }
      if (!ch.star) return false;
      let found = false;
      for (let i = pos; i < s.length && s.charCodeAt(i) !== 47; i++) {
        end = matchChunk(ch.from, ch.to, s, i + 1);
        if (end >= 0) {
          if (last && end !== s.length) continue;
          pos = end;
          found = true;
          break;
        }
      }
      if (!found) return false;
    }
    return pos === s.length;
  };
}

/** Anchored match where `**` crosses '/', and `*`, `?`, classes stay inside one segment. */
function nfaMatcher(t: Tokens): (s: string) => boolean {
  const { kinds, data, classes } = t;
  const m = kinds.length;
  const simple = kinds.every((k) => k === LIT || k === DSTAR);
  if (simple) {
    // Literal pieces separated by `**`: prefix, ordered middles, suffix; no NFA needed.
    const pieces: string[] = [''];
    for (let k = 0; k < m; k++) {
      if (kinds[k] === DSTAR) pieces.push('');
      else pieces[pieces.length - 1] += String.fromCharCode(data[k]!);
    }
    if (pieces.length === 1) {
      const lit = pieces[0]!;
      return (s) => s === lit;
    }
    const prefix = pieces[0]!;
    const suffix = pieces[pieces.length - 1]!;
    const middles = pieces.slice(1, -1).filter((x) => x !== '');
    const minLen = prefix.length + suffix.length;
    return (s) => {
      if (s.length < minLen || !s.startsWith(prefix) || !s.endsWith(suffix)) return false;
      let pos = prefix.length;
      const limit = s.length - suffix.length;
      for (const mid of middles) {
        const at = s.indexOf(mid, pos);
        if (at < 0 || at + mid.length > limit) return false;
        pos = at + mid.length;
      }
      return true;
    };
  }
  return pieceMatcher(t);
}

/** A run of tokens without stars: literals, `?` and classes (none of which match '/'). */
interface Chunk {
  /** Set when the chunk is all literal (then indexOf does the search). */
  lit: string | null;
  kinds: number[];
  data: number[];
}

/** Text between `**`s: chunks separated by single stars, maybe with a star at either edge. */
interface Piece {
  chunks: Chunk[];
  leadStar: boolean;
  trailStar: boolean;
}

function chunkAt(c: Chunk, classes: CharClass[], s: string, q: number): boolean {
  if (q < 0 || q + c.kinds.length > s.length) return false;
  if (c.lit !== null) return s.startsWith(c.lit, q);
  for (let k = 0; k < c.kinds.length; k++) {
    const ch = s.charCodeAt(q + k);
    const kind = c.kinds[k];
    if (kind === LIT) {
      if (ch !== c.data[k]) return false;
    } else if (ch === 47 || (kind === CLASS && !inClass(classes[c.data[k]!]!, ch))) return false;
  }
  return true;
}

/** Earliest q >= from where the chunk matches; with noSlash, s[from..q) may not contain '/'. */
function findForward(c: Chunk, classes: CharClass[], s: string, from: number, noSlash: boolean): number {
  const slash = noSlash ? s.indexOf('/', from) : -1;
  const last = (slash < 0 ? s.length : slash) - (noSlash ? 0 : c.kinds.length);
  if (c.lit !== null) {
    const q = s.indexOf(c.lit, from);
    return q < 0 || (noSlash && slash >= 0 && q > slash) ? -1 : q;
  }
  const end = noSlash ? last : s.length - c.kinds.length;
  for (let q = from; q <= end; q++) if (chunkAt(c, classes, s, q)) return q;
  return -1;
}

/** Latest q (match ending at or before `before`) with no '/' in s[q+len..before) when noSlash. */
function findBackward(c: Chunk, classes: CharClass[], s: string, before: number, noSlash: boolean): number {
  const len = c.kinds.length;
  const slash = noSlash ? s.lastIndexOf('/', before - 1) : -1;
  const first = noSlash && slash >= 0 ? slash + 1 : 0;
  for (let q = before - len; q >= 0; q--) {
    if (q + len < first) return -1; // the gap would now contain the '/'
    if (chunkAt(c, classes, s, q)) return q;
  }
  return -1;
}

/** Earliest end of the piece starting exactly at p (anchored) or anywhere from p (floating). */
function pieceForward(pc: Piece, classes: CharClass[], s: string, p: number, anchored: boolean): number {
  if (!pc.chunks.length) return p;
  const c0 = pc.chunks[0]!;
  if (anchored && !pc.leadStar) {
    if (!chunkAt(c0, classes, s, p)) return -1;
    return pieceRest(pc, classes, s, p + c0.kinds.length);
  }
  // With a leading star the first chunk must start inside the first segment.
  const slash = anchored ? s.indexOf('/', p) : -1;
  const limit = slash < 0 ? s.length : slash;
  for (let q = findForward(c0, classes, s, p, false); q >= 0 && q <= limit; q = findForward(c0, classes, s, q + 1, false)) {
    const end = pieceRest(pc, classes, s, q + c0.kinds.length);
    if (end >= 0) return end;
  }
  return -1;
}

/** Chunks after the first, each at its earliest place with no '/' in the star gap before it. */
function pieceRest(pc: Piece, classes: CharClass[], s: string, end: number): number {
  for (let k = 1; k < pc.chunks.length; k++) {
    const c = pc.chunks[k]!;
    const at = findForward(c, classes, s, end, true);
    if (at < 0) return -1;
    end = at + c.kinds.length;
  }
  return end;
}

/** Whether the piece matches s[q..s.length) for some q >= from (it is anchored at the end). */
function pieceAtEnd(pc: Piece, classes: CharClass[], s: string, from: number): boolean {
  if (!pc.chunks.length) return true;
  let before = s.length;
  const n = pc.chunks.length;
  for (let k = n - 1; k >= 0; k--) {
    const c = pc.chunks[k]!;
    const mustEnd = k === n - 1 && !pc.trailStar;
    const q = mustEnd ? (chunkAt(c, classes, s, before - c.kinds.length) ? before - c.kinds.length : -1) : findBackward(c, classes, s, before, true);
    if (q < from) return false;
    before = q;
  }
  return true;
}

/**
 * Anchored match where `**` crosses '/' and `*`, `?`, classes stay inside a segment, done
 * piece by piece (text between `**`s): the first piece as early as possible from the start,
 * middle pieces at their earliest end, the last piece against the end. Linear-ish, no NFA.
 */
function pieceMatcher(t: Tokens): (s: string) => boolean {
  const { kinds, data, classes } = t;
  const pieces: Piece[] = [];
  let cur: Piece = { chunks: [], leadStar: false, trailStar: false };
  let chunk: Chunk | null = null;
  const closeChunk = () => {
    if (chunk) {
      chunk.lit = chunk.kinds.every((k) => k === LIT) ? String.fromCharCode(...chunk.data) : null;
      cur.chunks.push(chunk);
    }
    chunk = null;
  };
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[k]!;
    if (kind === DSTAR) {
      closeChunk();
      pieces.push(cur);
      cur = { chunks: [], leadStar: false, trailStar: false };
    } else if (kind === STAR) {
      if (!chunk && !cur.chunks.length) cur.leadStar = true;
      closeChunk();
      cur.trailStar = true;
    } else {
      if (!chunk) {
        chunk = { lit: null, kinds: [], data: [] };
        cur.trailStar = false;
      }
      chunk.kinds.push(kind);
      chunk.data.push(data[k]!);
    }
  }
  closeChunk();
  pieces.push(cur);
  if (pieces.length === 1) {
    // No `**`: anchored single-segment semantics, done with the classic matcher.
    return classicMatcher(t, false);
  }
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const middles = pieces.slice(1, -1);
  return (s: string): boolean => {
    // The first piece is anchored at 0; a trailing star of it is absorbed by the following `**`.
    let pos = pieceForward(first, classes, s, 0, true);
    if (pos < 0) return false;
    for (const m of middles) {
      pos = pieceForward(m, classes, s, pos, false);
      if (pos < 0) return false;
    }
    return pieceAtEnd(last, classes, s, pos);
  };
}

const NEVER: (s: string) => boolean = () => false;
const ALWAYS: (s: string) => boolean = () => true;

function make(source: string, key: string, test: (s: string) => boolean, literal?: string, prefix = ''): Glob {
  return literal === undefined ? { source, key, test, prefix } : { source, key, test, literal, prefix: literal };
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
  const main = nfaMatcher(t);
  const key = keyOfRuns(runsOfTokens(t, true, true));
  if (!p.startsWith('**/')) return make(p, key, main);
  const alt = pathGlobNoPrefix(p.slice(3));
  return make(p, key, (s) => main(s) || alt(s));
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
 * Command-style glob (research 4.1), used for commands, URLs, match.agent/session/tool,
 * session_*, tool_param_matches and env-assignment names.
 */
export function compileCommandGlob(pattern: string): Glob {
  const p = slashed(pattern);
  if (p === '') return make(pattern, '', NEVER);
  if (p === '*') return make(pattern, '', ALWAYS);
  if (p.includes('**')) return { ...anchoredDoubleStar(p), source: pattern, prefix: p.startsWith('**/') ? '' : literalHead(p) };
  const startsStar = p.startsWith('*');
  let fallback: (s: string) => boolean;
  let key: string;
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
  } else {
    const t = tokenize(p, false);
    if (t.ok && t.kinds.every((k) => k === LIT)) {
      const lit = p;
      return make(pattern, keyOfRuns(runsOfTokens(t, true, true)), (s) => s === lit, lit);
    }
    fallback = t.ok ? classicMatcher(t, true) : NEVER;
    key = t.ok ? keyOfRuns(runsOfTokens(t, true, true)) : '';
  }
  if (p.endsWith('*')) {
    // A literal prefix test first. The key still comes from the fallback reading: the prefix
    // reading keeps every character literal, so a word bounded there is bounded here too.
    const prefix = p.slice(0, -1);
    return make(pattern, key, (s) => s.startsWith(prefix) || fallback(s), undefined, startsStar ? '' : literalHead(p));
  }
  return make(pattern, key, fallback, undefined, startsStar ? '' : literalHead(p));
}

/** Path glob (research 4.2): always anchored; `*`, `?`, classes stay in one segment. */
export function compilePathGlob(pattern: string): Glob {
  const p = slashed(pattern);
  if (p === '') return make(pattern, '', NEVER);
  if (p.includes('**')) return { ...anchoredDoubleStar(p), source: pattern };
  const t = tokenize(p, false);
  if (!t.ok) return make(pattern, '', NEVER);
  return make(pattern, keyOfRuns(runsOfTokens(t, true, true)), classicMatcher(t, false));
}

/** Go's filepath.Match as is: domains (lower-cased by the caller) and test message checks. */
export function compileSimpleGlob(pattern: string): Glob {
  if (pattern === '') return make(pattern, '', NEVER);
  const t = tokenize(pattern, false);
  if (!t.ok) return make(pattern, '', NEVER);
  return make(pattern, keyOfRuns(runsOfTokens(t, true, true)), classicMatcher(t, true));
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
  for (let i = 0; i < n; ) {
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
