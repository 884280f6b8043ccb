// Just enough of a source-code reader to find calls and their literal arguments in the
// one-liners agents write: string literals in the common quote styles, literal concatenation
// ('r' + 'm', "a" . "b"), lists of literals, and balanced brackets. Anything computed is
// "unknown" (undefined), never guessed.
import { at } from '../../../util/invariant.js';
import { table } from '../../../util/lookup-table.js';

/** Index just past the string literal starting at s[i] (a quote char), or -1. */
export function skipString(s: string, i: number): number {
  const q = at(s, i);
  const triple = (q === '"' || q === "'") && s.startsWith(q + q + q, i);
  if (triple) {
    const end = s.indexOf(q + q + q, i + 3);
    return end < 0 ? s.length : end + 3;
  }
  for (let j = i + 1; j < s.length; j++) {
    const c = at(s, j);
    if (c === '\\') j++;
    else if (c === q) return j + 1;
    else if (c === '\n' && q !== '`') return j;
  }
  return s.length;
}

const ESC: Record<string, string> = table({
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '`': '`',
  $: '$',
});

/** The value of a literal: 'x', "x", `x` (no ${}), r'x', b'x', f'x' without braces; undefined otherwise. */
export function literalValue(text: string): string | undefined {
  let t = text.trim();
  const prefix = /^(?:[rRbBuU]{1,2}|[fF])(?=['"])/.exec(t);
  const raw = !!prefix && /r/i.test(prefix[0]);
  if (prefix) {
    if (/f/i.test(prefix[0]) && t.includes('{')) return undefined;
    t = t.slice(prefix[0].length);
  }
  const q = t[0];
  if (q !== '"' && q !== "'" && q !== '`') return undefined;
  if (skipString(t, 0) !== t.length) return undefined;
  const triple = t.startsWith(q + q + q) && t.length >= 6;
  let body = triple ? t.slice(3, -3) : t.slice(1, -1);
  if (q === '`' && body.includes('${')) return undefined;
  if (raw) return body;
  body = body.replace(/\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\([0-7]{1,3})|\\(.)/gs, (_m, hex, uni, oct, ch) => {
    if (hex) return String.fromCharCode(parseInt(hex, 16));
    if (uni) return String.fromCharCode(parseInt(uni, 16));
    if (oct) return String.fromCharCode(parseInt(oct, 8));
    return ESC[ch] ?? (q === "'" ? '\\' + ch : ch);
  });
  return body;
}

/** Index just past the bracket that closes s[open] ('(', '[' or '{'); strings are skipped. */
export function skipBrackets(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = at(s, i);
    if (c === '"' || c === "'" || c === '`') {
      i = skipString(s, i) - 1;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return s.length;
}

/** The text inside the call's brackets that starts at code[open] === '('. */
export function callArgs(code: string, open: number): string {
  const close = skipBrackets(code, open);
  return code.slice(open + 1, Math.max(open + 1, close - 1));
}

/** Top-level comma-separated pieces of an argument list (without its brackets). */
export function splitArgs(s: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = at(s, i);
    if (c === '"' || c === "'" || c === '`') i = skipString(s, i) - 1;
    else if (c === '(' || c === '[' || c === '{') i = skipBrackets(s, i) - 1;
    else if (c === ',' || (c === '=' && s[i + 1] === '>' && false)) {
      out.push(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = s.slice(start).trim();
  if (last || out.length) out.push(last);
  return out;
}

/** One argv word as the shell would need it written (quoted when it holds spaces or operators). */
export function shellWord(w: string): string {
  return /^[\w@%+=:,./~-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/** A literal, or a list/array of literals joined by spaces (an argv), or undefined. */
const PATH_OBJECT =
  /^(?:(?:pathlib\.)?(?:Pure(?:Posix|Windows)?)?Path|new\s+(?:java\.io\.)?File|File|Path::new|PathBuf::from|std::path::Path::new|std::path::PathBuf::from)\(\s*((?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"))\s*\)(?:\.expanduser\(\)|\.resolve\(\)|\.absolute\(\))?$/;

export function argValue(arg: string | undefined): string | undefined {
  if (arg === undefined) return undefined;
  const t = arg.trim().replace(/^\*+/, '');
  const v = literalValue(t);
  if (v !== undefined) return v;
  // a path object made of one literal is that path: pathlib.Path('x'), new File("x"),
  // Path::new("x"), PathBuf::from("x") (the call that takes it acts on the file it names)
  const wrapped = PATH_OBJECT.exec(t);
  if (wrapped) return literalValue(at(wrapped, 1));
  const m = /^(?:%w)?[[(](.*)[\])]$/s.exec(t);
  if (m && (t[0] === '[' || t.startsWith('%w'))) {
    if (t.startsWith('%w')) return at(m, 1).trim().split(/\s+/).join(' ');
    const parts = splitArgs(at(m, 1)).filter(Boolean).map(literalValue);
    if (parts.length && parts.every((p) => p !== undefined)) return (parts as string[]).map(shellWord).join(' ');
  }
  return undefined;
}

/**
 * Folds literal concatenations into one literal: 'r' + 'm' -> 'rm' (also "a" . "b" for perl and
 * php, and adjacent literals 'a' 'b' for python). Repeats until nothing changes.
 */
export function foldConcat(code: string, dot: boolean): string {
  const lit = `(?:'(?:[^'\\\\\\n]|\\\\.)*'|"(?:[^"\\\\\\n]|\\\\.)*")`;
  // A literal not followed by another is consumed whole, so the scan never starts at its closing
  // quote (`f('a',x=>{s=''})` must not read `',x=>{s='` as a literal).
  const re = new RegExp(`(${lit})\\s*(?:\\+${dot ? '|\\.' : ''}|(?=['"]))\\s*(${lit})|${lit}`, 'g');
  let out = code;
  for (let guard = 0; guard < 64; guard++) {
    const next = out.replace(re, (_m, a: string | undefined, b: string | undefined) => {
      if (a === undefined || b === undefined) return _m;
      const va = literalValue(a);
      const vb = literalValue(b);
      if (va === undefined || vb === undefined) return _m;
      return JSON.stringify(va + vb);
    });
    if (next === out) break;
    out = next;
  }
  return out;
}
