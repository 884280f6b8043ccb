// POSIX-shell tokenizer for policy matching (docs/policy.md): sanitizes the command,
// splits it into segments at unquoted &&, ||, |, ;, & and newlines, removes quotes and escapes
// inside words, and finds $(...), backtick and <(...) spans. It never executes or expands
// anything; unterminated quotes simply run to the end (the text is kept, not dropped).
import { at, present } from '../util/invariant.js';
import { table } from '../util/lookup-table.js';

export interface Token {
  /** The word with quotes and escapes removed; $(...) and `...` kept verbatim. */
  text: string;
  /** Some part of the word was quoted or escaped. */
  quoted: boolean;
  /** A redirection operator word (`>f`, `2>&1`, `<<<`, ...) or the target that follows one. */
  redir: boolean;
}

export interface Segment {
  tokens: Token[];
  /** The operator that ended this segment: &&, ||, |, |&, ;, ;;, &, newline, ( or ); '' at the end. */
  op: string;
}

// ANSI CSI sequences, then control characters other than tab and newline.
const CSI = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

export function sanitize(s: string): string {
  let out = s;
  if (out.includes('\x1b')) out = out.replace(CSI, '');
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b-\x1f\x7f]/.test(out)) out = out.replace(CONTROL, '');
  return out;
}

/** Index just past the ')' that closes the '(' at s[open]; s.length when unclosed. Quote-aware. */
export function skipBalanced(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      i++;
    } else if (c === "'") {
      const end = s.indexOf("'", i + 1);
      if (end < 0) return s.length;
      i = end;
    } else if (c === '"') {
      i = skipDoubleQuoted(s, i + 1) - 1;
    } else if (c === '`') {
      const end = s.indexOf('`', i + 1);
      if (end < 0) return s.length;
      i = end;
    } else if (c === '(') depth++;
    else if (c === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return s.length;
}

/** From just after an opening '"', the index just past its closing '"'. */
function skipDoubleQuoted(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '"') return i + 1;
    else if (c === '$' && s[i + 1] === '(') i = skipBalanced(s, i + 1) - 1;
    else if (c === '`') {
      const end = s.indexOf('`', i + 1);
      if (end < 0) return s.length;
      i = end;
    }
  }
  return s.length;
}

const ANSI_C: Record<string, string> = table({
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
});

/** Decodes $'...' (bash ANSI-C quoting) starting after the opening quote; returns [text, end]. */
function ansiC(s: string, from: number): [string, number] {
  let out = '';
  for (let i = from; i < s.length; i++) {
    const c = at(s, i);
    if (c === "'") return [out, i + 1];
    if (c !== '\\') {
      out += c;
      continue;
    }
    const n = s[i + 1];
    if (n === undefined) break;
    const hex = /^x([0-9A-Fa-f]{1,2})/.exec(s.slice(i + 1, i + 4));
    const oct = /^[0-7]{1,3}/.exec(s.slice(i + 1, i + 4));
    if (hex) {
      out += String.fromCharCode(parseInt(at(hex, 1), 16));
      i += hex[0].length;
    } else if (oct) {
      out += String.fromCharCode(parseInt(oct[0], 8));
      i += oct[0].length;
    } else {
      out += ANSI_C[n] ?? '\\' + n;
      i++;
    }
  }
  return [out, s.length];
}

/** Characters with no meaning inside double quotes / outside quotes (sticky: matched at lastIndex). */
const DQ_RUN = /[^"\\$`]+/y;
const NAME_CHAR = /[A-Za-z0-9_]/;
const TRAILING_VAR = /(?<![\\$])\$([A-Za-z_][A-Za-z0-9_]*)$/;
const PLAIN_RUN = /[^ \t\n\\'"$`<>&|;()#]+/y;

const REDIR_OPS = ['<<<', '<<-', '>>', '>|', '>&', '<<', '<&', '<>', '>', '<'];
const BARE_REDIR = /^(\d*|&)(<<<|<<-|>>|>\||>&|<<|<&|<>|>|<)$/;

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t';
}

/**
 * The last few lines split, shared by every reader of a line: the policy readings, the effects
 * walker and the whole-line readings each ask for the same text, and nested code (`sh -c '...'`)
 * is split again by each of them. The result is shared: readers must not change it (none does;
 * they copy with slice/map before changing a list). Not frozen: freezing every token costs more
 * than the split it saves.
 */
const SPLIT_MEMO_ENTRIES = 8;
/** Longer texts are split afresh each time (keeps the memo small). */
const SPLIT_MEMO_CHARS = 16 * 1024;
/** A ring of the last texts split and their segments (a scan of a few entries beats a Map's
 * insert-and-evict, since almost every line is new). */
const memoText: (string | undefined)[] = new Array<string | undefined>(SPLIT_MEMO_ENTRIES).fill(undefined);
const memoSegs: Segment[][] = new Array<Segment[]>(SPLIT_MEMO_ENTRIES).fill([]);
let memoNext = 0;
/** Set by tests: segments are frozen when made, so a reader that changed a shared token throws. */
let freezeSplits = false;

/** Tests: freeze every split from now on (see freezeSplits); the splits kept so far are dropped. */
export function freezeSplitsForTests(on: boolean): void {
  freezeSplits = on;
  memoText.fill(undefined);
}

/** Splits a command string into segments of tokens (POSIX rules, docs/policy.md). */
export function splitSegments(s: string): Segment[] {
  if (s.length > SPLIT_MEMO_CHARS) return parseSegments(s);
  for (let i = 0; i < SPLIT_MEMO_ENTRIES; i++) if (memoText[i] === s) return memoSegs[i] ?? parseSegments(s);
  const segs = parseSegments(s);
  if (freezeSplits) {
    for (const seg of segs) {
      for (const t of seg.tokens) Object.freeze(t);
      Object.freeze(seg.tokens);
      Object.freeze(seg);
    }
    Object.freeze(segs);
  }
  memoText[memoNext] = s;
  memoSegs[memoNext] = segs;
  memoNext = (memoNext + 1) % SPLIT_MEMO_ENTRIES;
  return segs;
}

/**
 * Where a long word's text stands verbatim in the string it was split from (quotes around it
 * removed, nothing inside changed): the command marking (command-marks.ts) need not read again
 * what it read in the raw line. Kept beside the tokens, for long words only, so tokens keep one
 * shape.
 */
export interface VerbatimAt {
  /** The string the token was split from. */
  source: string;
  /** Offset of the token's text in it. */
  at: number;
}
/** Words shorter than this are not recorded (reading them again costs less than the lookup). */
export const VERBATIM_MIN = 256;
const verbatim = new WeakMap<Token, VerbatimAt>();

/** Where this token's text stands verbatim in the string it was split from, when it is long and does. */
export function verbatimAt(t: Token): VerbatimAt | undefined {
  return t.text.length >= VERBATIM_MIN ? verbatim.get(t) : undefined;
}

/**
 * Where a split ended a segment list at a line end (see lineBreaks), as flat pairs: the offset of
 * the '\n' in the text, and how many segments the text had split into up to and including it.
 */
const breaks = new WeakMap<Segment[], number[]>();

/**
 * The line ends of a split text that the tokenizer read as segment ends (not inside quotes, a
 * substitution or a continued line), as flat pairs [offset of the '\n', segments so far].
 * After such a line end the tokenizer is where it starts: a line between two of them splits on
 * its own into exactly the segments the text had there (shell.ts reads each line of a script
 * as a raw reading without splitting it again).
 */
export function lineBreaks(segs: Segment[]): readonly number[] | undefined {
  return breaks.get(segs);
}

function parseSegments(s: string): Segment[] {
  const segments: Segment[] = [];
  const lineEnds: number[] = [];
  breaks.set(segments, lineEnds);
  let tokens: Token[] = [];
  let text = '';
  let inWord = false;
  let quoted = false;
  let redir = false;
  let redirPending = false; // the previous word was a bare redirection operator
  // Start in s of the word's text when it is one contiguous piece of s so far; -1 when not.
  let textAt = -1;
  /** The word's text is about to grow by characters copied as they stand from s[from]. */
  const piece = (from: number) => {
    if (text === '') textAt = from;
    else if (textAt >= 0 && textAt + text.length !== from) textAt = -1;
  };

  // `"$V"v` and `$V"v"`: a quote ends a variable's name, but the token's text is unquoted, where
  // `$Vv` would name another variable; the reference is braced (`${V}v`) when a name character
  // follows across the quote, so `B=c; V=s; "$V"v"$B"` still reads as `svc`.
  const sealName = (next: string | undefined) => {
    if (next === undefined || !NAME_CHAR.test(next)) return;
    const m = TRAILING_VAR.exec(text);
    if (!m) return;
    text = text.slice(0, m.index) + '${' + m[1] + '}';
    textAt = -1;
  };

  const endWord = () => {
    if (inWord) {
      const t: Token = { text, quoted, redir: redir || redirPending };
      tokens.push(t);
      if (textAt >= 0 && text.length >= VERBATIM_MIN) verbatim.set(t, { source: s, at: textAt });
      redirPending = redir && !quoted && BARE_REDIR.test(text);
    }
    text = '';
    textAt = -1;
    inWord = false;
    quoted = false;
    redir = false;
  };
  const endSegment = (op: string) => {
    endWord();
    redirPending = false;
    if (tokens.length) segments.push({ tokens, op });
    else if (segments.length && op) at(segments, segments.length - 1).op = op;
    tokens = [];
  };

  for (let i = 0; i < s.length;) {
    const c = at(s, i);
    if (isSpace(c)) {
      endWord();
      i++;
    } else if (c === '\n') {
      endSegment('\n');
      lineEnds.push(i, segments.length);
      i++;
    } else if (c === '\\') {
      if (s[i + 1] === '\n') {
        i += 2;
        continue;
      }
      sealName(s[i + 1]);
      if (i + 1 < s.length) {
        piece(i + 1);
        text += s[i + 1];
      }
      inWord = true;
      quoted = true;
      i += 2;
    } else if (c === "'") {
      sealName(s[i + 1]);
      const end = s.indexOf("'", i + 1);
      const stop = end < 0 ? s.length : end;
      piece(i + 1);
      text += s.slice(i + 1, stop);
      inWord = true;
      quoted = true;
      i = stop + 1;
    } else if (c === '"') {
      sealName(s[i + 1]);
      inWord = true;
      quoted = true;
      let j = i + 1;
      for (; j < s.length; j++) {
        // Runs of plain characters are copied at once (char-by-char concatenation is slow on long words).
        DQ_RUN.lastIndex = j;
        if (DQ_RUN.test(s)) {
          piece(j);
          text += s.slice(j, DQ_RUN.lastIndex);
          j = DQ_RUN.lastIndex;
          if (j >= s.length) break;
        }
        const d = at(s, j);
        if (d === '"') break;
        if (d === '\\' && j + 1 < s.length) {
          const e = at(s, j + 1);
          if (e === '\n') {
            j++;
            continue;
          }
          if (e === '$' || e === '`' || e === '"' || e === '\\') {
            piece(j + 1);
            text += e;
            j++;
            continue;
          }
          piece(j);
          text += d;
        } else if (d === '$' && s[j + 1] === '(') {
          const end = skipBalanced(s, j + 1);
          piece(j);
          text += s.slice(j, end);
          j = end - 1;
        } else if (d === '`') {
          const end = s.indexOf('`', j + 1);
          const stop = end < 0 ? s.length - 1 : end;
          piece(j);
          text += s.slice(j, stop + 1);
          j = stop;
        } else {
          piece(j);
          text += d;
        }
      }
      i = j + 1;
      sealName(s[i]);
    } else if (c === '$' && s[i + 1] === '(') {
      const end = skipBalanced(s, i + 1);
      piece(i);
      text += s.slice(i, end);
      inWord = true;
      i = end;
    } else if (c === '$' && s[i + 1] === '{') {
      const end = s.indexOf('}', i + 2);
      const stop = end < 0 ? s.length : end + 1;
      piece(i);
      text += s.slice(i, stop);
      inWord = true;
      i = stop;
    } else if (c === '$' && s[i + 1] === "'") {
      const [decoded, end] = ansiC(s, i + 2);
      text += decoded;
      textAt = -1;
      inWord = true;
      quoted = true;
      i = end;
    } else if (c === '`') {
      const end = s.indexOf('`', i + 1);
      const stop = end < 0 ? s.length : end + 1;
      piece(i);
      text += s.slice(i, stop);
      inWord = true;
      i = stop;
    } else if ((c === '<' || c === '>') && s[i + 1] === '(') {
      const end = skipBalanced(s, i + 1);
      piece(i);
      text += s.slice(i, end);
      inWord = true;
      i = end;
    } else if (c === '<' || c === '>') {
      // A redirection operator; an fd number or & right before it belongs to it (2>, &>).
      if (inWord && !((/^\d+$/.test(text) && !quoted) || text === '&')) endWord();
      const op = present(
        REDIR_OPS.find((o) => s.startsWith(o, i)),
        'a redirection operator at < or >',
      );
      piece(i);
      text += op;
      inWord = true;
      redir = true;
      i += op.length;
    } else if (c === '&' && s[i + 1] === '>') {
      endWord();
      text = '&';
      inWord = true;
      i++;
    } else if (c === '&' || c === '|' || c === ';') {
      const two = s.slice(i, i + 2);
      if (two === '&&' || two === '||' || two === '|&' || two === ';;') {
        endSegment(two);
        i += 2;
      } else {
        endSegment(c);
        i++;
      }
    } else if (c === '(' && inWord && /[!*+?@]$/.test(text)) {
      // An extglob group (`!(keep)`, `@(a|b)`): part of the word, as bash reads it with extglob on
      // (without it the line is a syntax error and runs nothing).
      const end = skipBalanced(s, i);
      piece(i);
      text += s.slice(i, end);
      i = end;
    } else if (c === '(' || c === ')') {
      endSegment(c);
      i++;
    } else if (c === '#' && !inWord) {
      const end = s.indexOf('\n', i);
      i = end < 0 ? s.length : end;
    } else {
      PLAIN_RUN.lastIndex = i;
      PLAIN_RUN.test(s);
      const end = Math.max(PLAIN_RUN.lastIndex, i + 1);
      piece(i);
      text += s.slice(i, end);
      inWord = true;
      i = end;
    }
  }
  endSegment('');
  return segments;
}

/**
 * Top-level $(...), `...`, <(...) and >(...) bodies, found in the raw text regardless of quoting,
 * on purpose (so `echo '$(rm -rf /)'` is treated as if it ran: conservative).
 */
const SUB_CHARS = /[\\$<>`]/g;

/**
 * Single-quoted JMESPath queries of the AWS and Azure CLIs (`aws ec2 describe-instances --query
 * 'Tags[?Key==`env`]'`): JMESPath writes literals between backticks (jmespath.org specification,
 * literal expressions), the shell runs nothing inside single quotes, and aws and az hand the text
 * to their JMESPath engine, never to a shell. Only where the command that takes the option is
 * aws or az itself (no wrapper before it that could hand the words to a shell again, as watch
 * does); eval, bash -c and ssh reparse their text without the quotes and are read again there.
 * Ranges [start, end) of the quoted text.
 */
const JMESPATH_QUERY = /--query(?:=|\s+)'([^']*)'/g;
const JMESPATH_CLI = /(?:^|[|;&(\n]\s*)(?:[A-Za-z_]\w*=\S*\s+)*(?:aws|az)\s[^|;&()\n'`$]*$/;

function jmespathLiterals(s: string): [number, number][] {
  if (!s.includes('--query')) return [];
  const out: [number, number][] = [];
  for (const m of s.matchAll(JMESPATH_QUERY)) {
    const at = m.index ?? 0;
    // other single-quoted words before it (`--filters 'Name=tag:env,Values=prod'`) are skipped whole,
    // so an odd quote left over means the option is itself inside quotes
    if (
      !(m[1] ?? '').includes('`') ||
      !JMESPATH_CLI.test(
        s
          .slice(0, at)
          .replace(/'[^']*'/g, "''")
          .replace(/''/g, ' '),
      )
    )
      continue;
    const open = s.indexOf("'", at);
    out.push([open + 1, open + 1 + (m[1] ?? '').length]);
  }
  return out;
}

export function extractSubstitutions(s: string): string[] {
  const out: string[] = [];
  if (!s.includes('(') && !s.includes('`')) return out;
  const inert = jmespathLiterals(s);
  for (let i = 0; i < s.length; i++) {
    // Only these characters matter: go to the next one (a character at a time was slow on long lines).
    SUB_CHARS.lastIndex = i;
    if (!SUB_CHARS.test(s)) break;
    i = SUB_CHARS.lastIndex - 1;
    const c = s[i];
    if (c === '\\') {
      i++;
    } else if ((c === '$' || c === '<' || c === '>') && s[i + 1] === '(') {
      const end = naiveBalanced(s, i + 1);
      out.push(s.slice(i + 2, end === s.length ? end : end - 1));
      i = end - 1;
    } else if (c === '`') {
      const quoted = inert.find(([a, b]) => i >= a && i < b);
      if (quoted) {
        i = quoted[1];
        continue;
      }
      const close = s.indexOf('`', i + 1);
      if (close < 0) break;
      out.push(s.slice(i + 1, close));
      i = close;
    }
  }
  return out.filter((x) => x.trim() !== '');
}

/** Paren matching that ignores quotes (quote-blind on purpose: a quoted substitution still counts as one that may run). */
function naiveBalanced(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return s.length;
}
