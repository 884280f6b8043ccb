// Parser for the RE2 regex syntax of response_matches / response_not_matches (docs/policy.md).
// The peer runs these with RE2 (linear time). JavaScript's backtracking RegExp can take
// quadratic or exponential time on a 1 MiB response, so we parse RE2 ourselves and run the
// result on a lazily built DFA (re2-dfa.ts). Validation refuses at load what other RE2-based
// policy engines refuse, so a policy file loads (or fails) the same in svc as there.
import { at, present } from '../util/invariant.js';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';
import { table } from '../util/lookup-table.js';

export const REGEX_MAX_CHARS = 500;
export const REPEAT_MAX = 1000;

/** A set of UTF-16 code units: inclusive ranges plus Unicode-property predicates. */
export interface CharSet {
  ranges: number[];
  props: CharPredicate[];
  negated: boolean;
}

export interface CharPredicate {
  test(ch: string): boolean;
}

export type ReNode =
  | { t: 'empty' }
  | { t: 'set'; set: CharSet }
  | { t: 'cat'; items: ReNode[] }
  | { t: 'alt'; items: ReNode[] }
  | { t: 'rep'; min: number; max: number; sub: ReNode }
  | { t: 'assert'; kind: AssertKind };

export type AssertKind = 'bot' | 'eot' | 'bol' | 'eol' | 'wordb' | 'nwordb';

export class RegexSyntaxError extends SvcError {
  override name = 'RegexSyntaxError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('regex_syntax', message, options);
  }
}

interface Flags {
  i: boolean;
  m: boolean;
  s: boolean;
}

const WORD: number[] = [48, 57, 65, 90, 95, 95, 97, 122];
const DIGIT: number[] = [48, 57];
const SPACE: number[] = [9, 10, 12, 13, 32, 32];

const POSIX: Record<string, number[]> = table({
  alnum: [48, 57, 65, 90, 97, 122],
  alpha: [65, 90, 97, 122],
  ascii: [0, 127],
  blank: [9, 9, 32, 32],
  cntrl: [0, 31, 127, 127],
  digit: [48, 57],
  graph: [33, 126],
  lower: [97, 122],
  print: [32, 126],
  punct: [33, 47, 58, 64, 91, 96, 123, 126],
  space: [9, 13, 32, 32],
  upper: [65, 90],
  word: WORD,
  xdigit: [48, 57, 65, 70, 97, 102],
});

export function setHas(set: CharSet, c: number): boolean {
  let hit = false;
  const r = set.ranges;
  for (let k = 0; k < r.length; k += 2) {
    if (c >= at(r, k) && c <= at(r, k + 1)) {
      hit = true;
      break;
    }
  }
  if (!hit && set.props.length) {
    const ch = String.fromCharCode(c);
    for (const p of set.props) {
      if (p.test(ch)) {
        hit = true;
        break;
      }
    }
  }
  return hit !== set.negated;
}

function single(c: number): CharSet {
  return { ranges: [c, c], props: [], negated: false };
}

/** Adds the other-case spellings of every code unit in the ranges (small ranges fully, large ones ASCII only). */
function foldRanges(ranges: number[]): number[] {
  const out = ranges.slice();
  for (let k = 0; k < ranges.length; k += 2) {
    const lo = at(ranges, k);
    const hi = at(ranges, k + 1);
    const span = hi - lo;
    const from = lo;
    const to = span > 512 ? Math.min(hi, 127) : hi;
    for (let c = from; c <= to; c++) {
      const ch = String.fromCharCode(c);
      for (const v of [ch.toLowerCase(), ch.toUpperCase()]) {
        if (v.length === 1 && v !== ch) out.push(v.charCodeAt(0), v.charCodeAt(0));
      }
    }
  }
  return out;
}

function propRegex(name: string, negated: boolean): RegExp {
  const attempts = [`\\p{${name}}`, `\\p{Script=${name}}`];
  for (const a of attempts) {
    try {
      return new RegExp(`^${negated ? a.replace('\\p', '\\P') : a}$`, 'u');
    } catch {
      // try the next spelling
    }
  }
  throw new RegexSyntaxError(`unknown Unicode class \\p{${name}}`);
}

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): ReNode {
    const node = this.alternation({ i: false, m: false, s: false }, 0);
    if (this.i < this.src.length) throw new RegexSyntaxError(`unexpected ) at offset ${this.i}`);
    return node;
  }

  private peek(off = 0): string | undefined {
    return this.src[this.i + off];
  }

  private alternation(flags: Flags, depth: number): ReNode {
    if (depth > 100) throw new RegexSyntaxError('groups nested too deeply');
    const items: ReNode[] = [];
    const f = { ...flags };
    for (;;) {
      items.push(this.concat(f, depth));
      if (this.peek() !== '|') break;
      this.i++;
    }
    return items.length === 1 ? at(items, 0) : { t: 'alt', items };
  }

  private concat(flags: Flags, depth: number): ReNode {
    const items: ReNode[] = [];
    while (this.i < this.src.length) {
      const c = at(this.src, this.i);
      if (c === '|' || c === ')') break;
      let atom: ReNode | null;
      if (c === '(') atom = this.group(flags, depth);
      else atom = this.atom(flags);
      if (atom === null) continue; // a bare flag group such as (?i)
      items.push(this.quantified(atom));
    }
    if (items.length === 0) return { t: 'empty' };
    return items.length === 1 ? at(items, 0) : { t: 'cat', items };
  }

  private quantified(atom: ReNode): ReNode {
    let node = atom;
    let quantifiedOnce = false;
    for (;;) {
      const c = this.peek();
      let min: number;
      let max: number;
      if (c === '*') [min, max] = [0, Infinity];
      else if (c === '+') [min, max] = [1, Infinity];
      else if (c === '?') [min, max] = [0, 1];
      else if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
        if (!m) return node; // a plain "{" (RE2 treats it as a literal)
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
        if (min > REPEAT_MAX || (max !== Infinity && max > REPEAT_MAX))
          throw new RegexSyntaxError(`repeat count above ${REPEAT_MAX} in ${m[0]}`);
        if (max < min) throw new RegexSyntaxError(`invalid repeat count ${m[0]}`);
        this.i += m[0].length - 1;
      } else return node;
      if (quantifiedOnce) throw new RegexSyntaxError(`bad repetition operator at offset ${this.i}`);
      if (atom.t === 'empty' || atom.t === 'assert')
        throw new RegexSyntaxError(`missing argument to repetition operator at offset ${this.i}`);
      this.i++;
      if (this.peek() === '?') this.i++; // lazy: same language, and we only test for a match
      node = { t: 'rep', min, max, sub: node };
      quantifiedOnce = true;
    }
  }

  private group(flags: Flags, depth: number): ReNode | null {
    this.i++; // (
    if (this.peek() === '?') {
      const rest = this.src.slice(this.i + 1);
      const named = /^(P?<[A-Za-z_][A-Za-z0-9_]*>)/.exec(rest);
      if (named) {
        this.i += 1 + at(named, 1).length;
      } else if (/^(=|!|<=|<!)/.test(rest)) {
        throw new RegexSyntaxError('lookahead and lookbehind are not supported (RE2 syntax)');
      } else {
        const m = /^([imsU]*)(?:-([imsU]*))?(:|\))/.exec(rest);
        if (!m || (m[1] === '' && m[2] === undefined && m[3] === ')'))
          throw new RegexSyntaxError(`invalid group flags at offset ${this.i - 1}`);
        const next = { ...flags };
        for (const ch of at(m, 1)) if (ch !== 'U') next[ch as keyof Flags] = true;
        for (const ch of m[2] ?? '') if (ch !== 'U') next[ch as keyof Flags] = false;
        this.i += 1 + m[0].length;
        if (m[3] === ')') {
          Object.assign(flags, next); // (?i) applies to the rest of the enclosing group
          return null;
        }
        const inner = this.alternation(next, depth + 1);
        this.expect(')');
        return inner;
      }
    }
    const inner = this.alternation(flags, depth + 1);
    this.expect(')');
    return inner;
  }

  private expect(ch: string): void {
    if (this.peek() !== ch) throw new RegexSyntaxError(`missing ${ch}`);
    this.i++;
  }

  private lit(c: number, flags: Flags): ReNode {
    if (c > 0xffff) {
      const s = String.fromCodePoint(c);
      return { t: 'cat', items: [this.lit(s.charCodeAt(0), flags), this.lit(s.charCodeAt(1), flags)] };
    }
    const set = single(c);
    if (flags.i) set.ranges = foldRanges(set.ranges);
    return { t: 'set', set };
  }

  private atom(flags: Flags): ReNode {
    const c = at(this.src, this.i);
    this.i++;
    switch (c) {
      case '.':
        return {
          t: 'set',
          set: flags.s
            ? { ranges: [0, 0xffff], props: [], negated: false }
            : { ranges: [10, 10], props: [], negated: true },
        };
      case '^':
        return { t: 'assert', kind: flags.m ? 'bol' : 'bot' };
      case '$':
        return { t: 'assert', kind: flags.m ? 'eol' : 'eot' };
      case '[':
        return { t: 'set', set: this.charClass(flags) };
      case '*':
      case '+':
      case '?':
        throw new RegexSyntaxError(`missing argument to repetition operator ${c}`);
      case '\\':
        return this.escape(flags);
      default: {
        const cp = present(this.src.codePointAt(this.i - 1), 'the code point just read');
        if (cp > 0xffff) this.i++;
        return this.lit(cp, flags);
      }
    }
  }

  private escape(flags: Flags): ReNode {
    const c = this.peek();
    if (c === undefined) throw new RegexSyntaxError('trailing backslash');
    switch (c) {
      case 'A':
        this.i++;
        return { t: 'assert', kind: 'bot' };
      case 'z':
        this.i++;
        return { t: 'assert', kind: 'eot' };
      case 'b':
        this.i++;
        return { t: 'assert', kind: 'wordb' };
      case 'B':
        this.i++;
        return { t: 'assert', kind: 'nwordb' };
      case 'Q': {
        this.i++;
        const end = this.src.indexOf('\\E', this.i);
        const text = end < 0 ? this.src.slice(this.i) : this.src.slice(this.i, end);
        this.i = end < 0 ? this.src.length : end + 2;
        const items = [...text].map((ch) =>
          this.lit(present(ch.codePointAt(0), 'a code point of a quoted run'), flags),
        );
        return items.length === 1 ? at(items, 0) : { t: 'cat', items };
      }
    }
    const set = this.classEscape(flags, false);
    if (set.ranges.length === 2 && set.ranges[0] === set.ranges[1] && !set.props.length && !set.negated) {
      return this.lit(at(set.ranges, 0), flags);
    }
    return { t: 'set', set };
  }

  /** An escape that denotes a set or one character; `this.i` is just after the backslash. */
  private classEscape(flags: Flags, inClass: boolean): CharSet {
    const c = at(this.src, this.i);
    this.i++;
    const plain = (ranges: number[], negated = false): CharSet => ({ ranges, props: [], negated });
    switch (c) {
      case 'd':
        return plain(DIGIT);
      case 'D':
        return plain(DIGIT, true);
      case 's':
        return plain(SPACE);
      case 'S':
        return plain(SPACE, true);
      case 'w':
        return plain(WORD);
      case 'W':
        return plain(WORD, true);
      case 'p':
      case 'P': {
        let name: string;
        if (this.peek() === '{') {
          const end = this.src.indexOf('}', this.i);
          if (end < 0) throw new RegexSyntaxError('unclosed \\p{');
          name = this.src.slice(this.i + 1, end);
          this.i = end + 1;
        } else {
          name = this.src[this.i] ?? '';
          this.i++;
        }
        let neg = c === 'P';
        if (name.startsWith('^')) {
          neg = !neg;
          name = name.slice(1);
        }
        if (!name) throw new RegexSyntaxError('empty Unicode class name');
        const re = name === 'Any' ? /^[\s\S]$/ : propRegex(name, false);
        return { ranges: [], props: [re], negated: neg };
      }
      case 'a':
        return single(7);
      case 'f':
        return single(12);
      case 't':
        return single(9);
      case 'n':
        return single(10);
      case 'r':
        return single(13);
      case 'v':
        return single(11);
      case 'x': {
        let m = /^\{([0-9A-Fa-f]{1,6})\}/.exec(this.src.slice(this.i));
        if (!m) m = /^([0-9A-Fa-f]{2})/.exec(this.src.slice(this.i));
        if (!m) throw new RegexSyntaxError('invalid \\x escape');
        this.i += m[0].length;
        const cp = parseInt(at(m, 1), 16);
        if (cp > 0x10ffff) throw new RegexSyntaxError('\\x escape out of range');
        if (cp > 0xffff && inClass)
          throw new RegexSyntaxError('characters outside the Basic Multilingual Plane are not supported in classes');
        return single(cp);
      }
      case 'C':
        throw new RegexSyntaxError('\\C is not supported');
    }
    if (c >= '0' && c <= '7') {
      // RE2: \0 and multi-digit octal are characters; a single \1-\9 would be a backreference.
      // the pattern matches every string (perhaps with nothing)
      const m = /^[0-7]{0,2}/.exec(this.src.slice(this.i))?.[0] ?? '';
      if (c !== '0' && m.length === 0) throw new RegexSyntaxError(`backreference \\${c} is not supported (RE2 syntax)`);
      this.i += m.length;
      return single(parseInt(c + m, 8));
    }
    if (c === '8' || c === '9') throw new RegexSyntaxError(`backreference \\${c} is not supported (RE2 syntax)`);
    if (c === 'k' && this.peek() === '<')
      throw new RegexSyntaxError('named backreferences are not supported (RE2 syntax)');
    const code = c.charCodeAt(0);
    const isWord =
      (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
    if (isWord) throw new RegexSyntaxError(`invalid escape \\${c}`);
    void flags;
    return single(code);
  }

  private charClass(flags: Flags): CharSet {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i++;
    }
    const ranges: number[] = [];
    const props: CharPredicate[] = [];
    const negParts: CharSet[] = [];
    let first = true;
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new RegexSyntaxError('missing closing ]');
      if (c === ']' && !first) {
        this.i++;
        break;
      }
      first = false;
      if (c === '[' && this.peek(1) === ':') {
        const m = /^\[:(\^?)([a-z]+):\]/.exec(this.src.slice(this.i));
        if (m) {
          const r = POSIX[at(m, 2)];
          if (!r) throw new RegexSyntaxError(`unknown POSIX class [:${m[2]}:]`);
          this.i += m[0].length;
          if (m[1]) negParts.push({ ranges: r, props: [], negated: true });
          else ranges.push(...r);
          continue;
        }
      }
      let lo: number;
      if (c === '\\') {
        this.i++;
        const s = this.classEscape(flags, true);
        if (s.props.length || s.negated || s.ranges.length !== 2 || s.ranges[0] !== s.ranges[1]) {
          if (s.negated || s.props.length) negParts.push(s);
          else ranges.push(...s.ranges);
          continue;
        }
        lo = at(s.ranges, 0);
      } else {
        const cp = present(this.src.codePointAt(this.i), 'the code point in a class');
        if (cp > 0xffff)
          throw new RegexSyntaxError('characters outside the Basic Multilingual Plane are not supported in classes');
        lo = cp;
        this.i++;
      }
      let hi = lo;
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.i++;
        if (this.peek() === '\\') {
          this.i++;
          const s = this.classEscape(flags, true);
          if (s.negated || s.props.length || s.ranges.length !== 2 || s.ranges[0] !== s.ranges[1])
            throw new RegexSyntaxError('bad character class range');
          hi = at(s.ranges, 0);
        } else {
          hi = this.src.charCodeAt(this.i);
          this.i++;
        }
        if (hi < lo)
          throw new RegexSyntaxError(`bad character class range ${String.fromCharCode(lo)}-${String.fromCharCode(hi)}`);
      }
      ranges.push(lo, hi);
    }
    const folded = flags.i ? foldRanges(ranges) : ranges;
    if (!negParts.length) return { ranges: folded, props, negated };
    // Union with negated members (such as \D or [:^alpha:]) goes through predicates.
    const preds: CharPredicate[] = negParts.map((p) => ({ test: (ch: string) => setHas(p, ch.charCodeAt(0)) }));
    return { ranges: folded, props: [...props, ...preds], negated };
  }
}

/** Parses one RE2 pattern (with its own inline flags) into a tree, or throws RegexSyntaxError. */
export function parseRe2(src: string): ReNode {
  if (src.length > REGEX_MAX_CHARS)
    throw new RegexSyntaxError(`regex is ${src.length} characters; the limit is ${REGEX_MAX_CHARS}`);
  const node = new Parser(src).parse();
  if (hasNestedQuantifier(node, false)) {
    throw new RegexSyntaxError(
      'nested quantifier (a repeated group that itself repeats, like (a+)+ or (x*){2}) is not allowed',
    );
  }
  return node;
}

/** True when a repetition allowing more than one pass contains another such repetition. */
function hasNestedQuantifier(n: ReNode, insideRepeat: boolean): boolean {
  switch (n.t) {
    case 'rep': {
      const multi = n.max > 1;
      if (multi && insideRepeat) return true;
      return hasNestedQuantifier(n.sub, insideRepeat || multi);
    }
    case 'cat':
    case 'alt':
      return n.items.some((x) => hasNestedQuantifier(x, insideRepeat));
    default:
      return false;
  }
}
