// The two glob matchers: Go's filepath.Match for patterns without `**`, and a piece-wise matcher
// for patterns with `**` (text between `**`s matched greedily: linear-ish, no NFA, no backtracking).
import { ANY, CLASS, DSTAR, inClass, LIT, STAR, type CharClass, type Tokens } from './glob-tokens.js';

/** Go's filepath.Match: `*` and `?` stay off '/', classes may match '/' unless classSlash is false. */
export function classicMatcher(t: Tokens, classSlash: boolean): (s: string) => boolean {
  // Chunks: each is a (leading star?, token slice) pair, as Go's scanChunk makes them.
  const chunks: { star: boolean; from: number; to: number }[] = [];
  const n = t.kinds.length;
  for (let k = 0; k < n;) {
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
        const cls = classes[data[k] ?? 0];
        if (!cls || !inClass(cls, c)) return -1;
      }
      pos++;
    }
    return pos;
  };
  return (s: string): boolean => {
    let pos = 0;
    for (let ci = 0; ci < chunks.length; ci++) {
      const ch = chunks[ci];
      if (!ch) return false;
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
export function nfaMatcher(t: Tokens): (s: string) => boolean {
  const { kinds, data } = t;
  const m = kinds.length;
  const simple = kinds.every((k) => k === LIT || k === DSTAR);
  if (simple) {
    // Literal pieces separated by `**`: prefix, ordered middles, suffix; no NFA needed.
    const pieces: string[] = [''];
    for (let k = 0; k < m; k++) {
      if (kinds[k] === DSTAR) pieces.push('');
      else pieces[pieces.length - 1] += String.fromCharCode(data[k] ?? 0);
    }
    if (pieces.length === 1) {
      const lit = pieces[0] ?? '';
      return (s) => s === lit;
    }
    const prefix = pieces[0] ?? '';
    const suffix = pieces[pieces.length - 1] ?? '';
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
  /**
   * Otherwise its longest literal run and that run's offset in the chunk, or null: the forward
   * search jumps between the run's places with indexOf instead of trying every position (a
   * `**[Gg][Ee][Tt]-...**` pattern over a 2 MiB command was a character-by-character scan).
   */
  anchor: string | null;
  anchorAt: number;
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
    } else if (ch === 47) return false;
    else if (kind === CLASS) {
      const cls = classes[c.data[k] ?? 0];
      if (!cls || !inClass(cls, ch)) return false;
    }
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
  if (c.anchor !== null) {
    for (let q = from; q <= end; q++) {
      const a = s.indexOf(c.anchor, q + c.anchorAt);
      if (a < 0) return -1;
      q = a - c.anchorAt;
      if (q > end) return -1;
      if (chunkAt(c, classes, s, q)) return q;
    }
    return -1;
  }
  for (let q = from; q <= end; q++) if (chunkAt(c, classes, s, q)) return q;
  return -1;
}

/** The longest run of literal tokens in a chunk that is not all literal (Chunk.anchor). */
function setAnchor(c: Chunk): void {
  let best = '';
  let bestAt = 0;
  for (let k = 0; k < c.kinds.length;) {
    if (c.kinds[k] !== LIT) {
      k++;
      continue;
    }
    let j = k;
    while (j < c.kinds.length && c.kinds[j] === LIT) j++;
    if (j - k > best.length) {
      best = String.fromCharCode(...c.data.slice(k, j));
      bestAt = k;
    }
    k = j;
  }
  c.anchor = best || null;
  c.anchorAt = bestAt;
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
  const c0 = pc.chunks[0];
  if (!c0) return p;
  if (anchored && !pc.leadStar) {
    if (!chunkAt(c0, classes, s, p)) return -1;
    return pieceRest(pc, classes, s, p + c0.kinds.length);
  }
  // With a leading star the first chunk must start inside the first segment.
  const slash = anchored ? s.indexOf('/', p) : -1;
  const limit = slash < 0 ? s.length : slash;
  for (
    let q = findForward(c0, classes, s, p, false);
    q >= 0 && q <= limit;
    q = findForward(c0, classes, s, q + 1, false)
  ) {
    const end = pieceRest(pc, classes, s, q + c0.kinds.length);
    if (end >= 0) return end;
  }
  return -1;
}

/** Chunks after the first, each at its earliest place with no '/' in the star gap before it. */
function pieceRest(pc: Piece, classes: CharClass[], s: string, end: number): number {
  for (let k = 1; k < pc.chunks.length; k++) {
    const c = pc.chunks[k];
    if (!c) return -1;
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
    const c = pc.chunks[k];
    if (!c) return false;
    const mustEnd = k === n - 1 && !pc.trailStar;
    const q = mustEnd
      ? chunkAt(c, classes, s, before - c.kinds.length)
        ? before - c.kinds.length
        : -1
      : findBackward(c, classes, s, before, true);
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
      if (chunk.lit === null) setAnchor(chunk);
      cur.chunks.push(chunk);
    }
    chunk = null;
  };
  for (let k = 0; k < kinds.length; k++) {
    const kind = kinds[k] ?? LIT;
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
        chunk = { lit: null, anchor: null, anchorAt: 0, kinds: [], data: [] };
        cur.trailStar = false;
      }
      chunk.kinds.push(kind);
      chunk.data.push(data[k] ?? 0);
    }
  }
  closeChunk();
  pieces.push(cur);
  if (pieces.length === 1) {
    // No `**`: anchored single-segment semantics, done with the classic matcher.
    return classicMatcher(t, false);
  }
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  if (!first || !last) return () => false;
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
