// What of the environment reaches the transcript when a dump (`env`, `printenv`, `set`) is piped
// through filters. A filter is read for the variables it lets through, not for the words it
// spells: its pattern is tried against the names of well-known secret variables
// (policies/catalogues/env-dumps.yaml, secret-variables), so `env | grep AWS` (every AWS_*
// variable, AWS_SECRET_ACCESS_KEY among them) prints secrets while `env | grep -E
// '^(NODE|PATH|AWS_REGION)='` prints settings, and `env | grep -E '^(CARGO|RUST)_' | grep -v
// TOKEN` drops the one secret the first filter let through.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { basename } from '../shell-wrappers.js';
import { PACKAGE_ROOT } from '../../util/version.js';
import type { SimpleCommand } from './walk.js';
import { table } from '../../util/lookup-table.js';

/** What a chain of filters lets out of a dump: names only, a search for secrets, or values. */
export type EnvFate = 'names' | 'search' | 'dump';

let secretNames: readonly string[] | undefined;

/** The catalogued secret variable names (read once; a missing catalogue fails closed: every filter lets secrets through). */
export function secretVariables(): readonly string[] {
  if (secretNames) return secretNames;
  try {
    const doc = parse(readFileSync(join(PACKAGE_ROOT, 'policies', 'catalogues', 'env-dumps.yaml'), 'utf8')) as {
      sections?: { 'secret-variables'?: { items?: unknown[] }[] };
    };
    const names: string[] = [];
    for (const e of doc.sections?.['secret-variables'] ?? []) for (const i of e.items ?? []) names.push(String(i));
    secretNames = names.length ? names : ['*'];
  } catch {
    secretNames = ['*'];
  }
  return secretNames;
}

const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep', 'findstr', 'select-string']);
/** Programs that only reorder, de-duplicate or cut the number of lines: the next filter decides. */
const PASS_THROUGH = new Set(['sort', 'uniq', 'tac', 'head', 'tail', 'cat']);

export interface Search {
  patterns: string[];
  invert: boolean;
  /** prints no line: a count, a yes/no, file names */
  silent: boolean;
  flags: { i: boolean; fixed: boolean; extended: boolean; word: boolean; line: boolean };
}

export function searchOf(argv: string[]): Search | undefined {
  const name = basename(argv[0] ?? '').toLowerCase();
  if (!SEARCHERS.has(name)) return undefined;
  const s: Search = {
    patterns: [],
    invert: false,
    silent: false,
    flags: {
      i: name === 'select-string' || name === 'findstr',
      fixed: name === 'fgrep',
      extended: name !== 'grep' && name !== 'zgrep' && name !== 'fgrep',
      word: false,
      line: false,
    },
  };
  if (name === 'findstr') return findstrOf(argv, s);
  const rest: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') {
      rest.push(...argv.slice(i + 1));
      break;
    }
    if (w === '-e' || w === '--regexp' || w === '-Pattern') s.patterns.push(argv[++i] ?? '');
    else if (w.startsWith('--regexp=')) s.patterns.push(w.slice(9));
    else if (/^-(?:f|-file|m|-max-count|A|B|C|-context|-after-context|-before-context)$/.test(w)) i++;
    else if (w === '--invert-match') s.invert = true;
    else if (w === '--ignore-case') s.flags.i = true;
    else if (w === '--fixed-strings') s.flags.fixed = true;
    else if (w === '--extended-regexp' || w === '--perl-regexp') s.flags.extended = true;
    else if (w === '--word-regexp') s.flags.word = true;
    else if (w === '--line-regexp') s.flags.line = true;
    else if (/^--(?:count|quiet|silent|files-with-matches|files-without-match)$/.test(w)) s.silent = true;
    else if (/^-[A-Za-z0-9]+$/.test(w)) {
      // clustered short options: -iE, -vi, -qs
      for (const ch of w.slice(1)) {
        if (ch === 'v') s.invert = true;
        else if (ch === 'i') s.flags.i = true;
        else if (ch === 'F') s.flags.fixed = true;
        else if (ch === 'E' || ch === 'P') s.flags.extended = true;
        else if (ch === 'w') s.flags.word = true;
        else if (ch === 'x') s.flags.line = true;
        else if (ch === 'c' || ch === 'q' || ch === 'l' || ch === 'L') s.silent = true;
      }
    } else if (!w.startsWith('-')) rest.push(w);
  }
  if (!s.patterns.length && rest[0] !== undefined) s.patterns.push(rest[0]);
  return s;
}

/**
 * cmd.exe's findstr: options start with `/` or `-` (`/i`, `/v`, `/m` prints file names only,
 * `/c:"a b"` one literal string, `/r` regular expressions), and a plain pattern of several words
 * matches any of them (`findstr /i "secret token pass"`), per Microsoft's findstr reference.
 */
function findstrOf(argv: string[], s: Search): Search {
  let literal: string | undefined;
  let regex = false;
  const rest: string[] = [];
  for (const w of argv.slice(1)) {
    const m = /^[/-]([A-Za-z]+)(?::(.*))?$/.exec(w);
    if (!m) {
      rest.push(w);
      continue;
    }
    const opt = (m[1] ?? '').toLowerCase();
    if (opt === 'c' && m[2] !== undefined) literal = m[2];
    else if (opt === 'g' || opt === 'f' || opt === 'd' || opt === 'a' || opt === 'off' || opt === 'offline') continue;
    else
      for (const ch of opt) {
        if (ch === 'i') s.flags.i = true;
        else if (ch === 'v') s.invert = true;
        else if (ch === 'm') s.silent = true;
        else if (ch === 'r') regex = true;
        else if (ch === 'x') s.flags.line = true;
      }
  }
  s.flags.extended = true;
  s.flags.fixed = !regex;
  if (literal !== undefined) s.patterns = [literal];
  else s.patterns = (rest[0] ?? '').split(/\s+/).filter(Boolean);
  return s;
}

/** A basic regular expression (grep's default) in JavaScript syntax: `\|`, `\(` are the operators, `|`, `(` literals. */
function fromBasic(p: string): string {
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const ch = p[i] ?? '';
    if (ch === '\\' && i + 1 < p.length) {
      const nx = p[i + 1] ?? '';
      out += '|(){}+?'.includes(nx) ? nx : `\\${nx}`;
      i++;
    } else out += '|(){}+?'.includes(ch) ? `\\${ch}` : ch;
  }
  return out;
}

const POSIX_CLASSES: Record<string, string> = table({
  alpha: 'A-Za-z',
  upper: 'A-Z',
  lower: 'a-z',
  digit: '0-9',
  alnum: 'A-Za-z0-9',
  space: '\\s',
  punct: '!-/:-@\\[-`{-~',
  xdigit: '0-9A-Fa-f',
});

/**
 * The pattern as a JavaScript regular expression, or undefined when it cannot be read safely
 * (a quantified group could backtrack for long; an unknown construct): the caller then assumes
 * the filter lets everything through.
 */
export function compile(p: string, f: Search['flags']): RegExp | undefined {
  if (p.length > 300) return undefined;
  // a pure function of the pattern and flags, and the expressions are used with test() and no g
  // flag (stateless): every dump filter of every call compiled each pattern again otherwise
  const key = `${f.fixed ? 'F' : f.extended ? 'E' : 'G'}${f.i ? 'i' : ''}${f.word ? 'w' : ''}${f.line ? 'x' : ''}\0${p}`;
  if (COMPILED.has(key)) return COMPILED.get(key);
  const re = compileNew(p, f);
  if (COMPILED.size >= COMPILED_MAX) COMPILED.clear();
  COMPILED.set(key, re);
  return re;
}

/** compile()'s results, bounded (cleared when full: the filters agents write repeat a few patterns). */
const COMPILED = new Map<string, RegExp | undefined>();
const COMPILED_MAX = 512;

function compileNew(p: string, f: Search['flags']): RegExp | undefined {
  let src = f.fixed ? p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : f.extended ? p : fromBasic(p);
  src = src.replace(/\[:(\w+):\]/g, (m, c: string) => POSIX_CLASSES[c] ?? m);
  // nested quantifiers and back-references are where a regular expression backtracks without end
  if (/\)[*+?{]|\\[1-9]/.test(src) || (src.match(/[*+]/g)?.length ?? 0) > 8) return undefined;
  if (f.word) src = `(?<![A-Za-z0-9_])(?:${src})(?![A-Za-z0-9_])`;
  if (f.line) src = `^(?:${src})$`;
  try {
    return new RegExp(src, f.i ? 'i' : '');
  } catch {
    return undefined;
  }
}

/** Whether a filter line (`NAME=value`) is matched by any of the search's patterns; undefined when unreadable. */
function matcher(s: Search): ((name: string) => boolean) | undefined {
  const res: RegExp[] = [];
  for (const p of s.patterns) {
    const re = compile(p, s.flags);
    if (!re) return undefined;
    res.push(re);
  }
  return (name) => name === '*' || res.some((re) => re.test(`${name}=value`));
}

/** Consumers that keep only the names: cut -d= -f1, awk -F= '{print $1}', sed's s/=.\*/ / and wc. */;
function namesOnly(argv: string[]): boolean {
  const name = basename(argv[0] ?? '');
  const words = argv.slice(1).join(' ');
  if (name === 'wc') return true;
  if (name === 'cut') return /-f\s*1\b|-f1\b/.test(words) && !/-f\s*1-|-f1-|-f\s*2|-f2/.test(words);
  if (name === 'awk' || name === 'gawk' || name === 'mawk')
    return /print\s+\$1\s*[;}]/.test(words) && !/\$0|\$2/.test(words);
  if (name === 'sed') return /s\/=\.\*\/\//.test(words);
  return false;
}

/**
 * Words that make a filter a search for secrets whatever the catalogue holds: what secret
 * variables are called (`token`, `key`, `passw`), and the shapes of secret values (`AKIA`,
 * `ghp_`). Provider prefixes (`AWS_`, `GITHUB`) are left to the catalogue, so that a filter
 * for AWS_REGION is not one.
 */
const SECRET_WORD =
  /pass|secret|token|key|cred|auth|bearer|cookie|session|private|akia|sk_live|ghp_|_pat\b|github_pat|dsn|connection_?string/i;

/** What the pipe starting at `into` (the argv of the program the dump is piped into) lets out of an environment dump. */
export function environmentFate(into: string[] | undefined, cmds: SimpleCommand[]): EnvFate {
  let alive = [...secretVariables()];
  let narrowed = false;
  for (let guard = 0; guard < 8 && into; guard++) {
    const name = basename(into[0] ?? '').toLowerCase();
    const s = searchOf(into);
    if (s) {
      if (s.silent && !s.invert) return 'names';
      const joined = s.patterns.join('|');
      if (!s.invert && (!joined || SECRET_WORD.test(joined))) return joined ? 'search' : 'dump';
      const m = matcher(s);
      if (m) alive = alive.filter((n) => (s.invert ? !m(n) : m(n)));
      // a positive filter the reading cannot follow may still have narrowed: assume not
      if (!s.invert && m) narrowed = true;
      if (s.silent) return alive.length ? 'dump' : 'names';
    } else if (namesOnly(into)) return 'names';
    else if (!PASS_THROUGH.has(name)) break;
    const cur = into;
    into = cmds.find((x) => x.argv === cur)?.pipedInto;
  }
  return narrowed && !alive.length ? 'names' : 'dump';
}

/** A dotenv file: `.env`, `.env.local`, `config/.env.production`, `docker/app.env`. */
const DOTENV = /(?:^|[/\\])(?:\.env(?:\.[\w.-]+)?|[\w.-]+\.env)$/;

/** The value of an option given as `-d=`, `-d '='`, `--delimiter==`, `-F=`, `-F '='`. */
function delimiterIs(argv: string[], short: string, long: string, want: string): boolean {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === short || w === long) return argv[i + 1] === want;
    if (w.startsWith(short) && w.length > short.length) return w.slice(short.length) === want;
    if (w.startsWith(`${long}=`)) return w.slice(long.length + 1) === want;
  }
  return false;
}

/** grep patterns that can only match a variable's name (with or without its `=`): `^[A-Z_]+=`, `^[^=]+`. */
const NAME_PATTERN = /^\^?(?:\[(?:[A-Za-z0-9_-]|\\w)+\][+*]?|\[\^=\][+*]|\\w[+*]?|[A-Za-z_])+=?$/;

/**
 * A reader that prints only the variable names of a dotenv file: `cut -d= -f1 .env`, `awk -F=
 * '{print $1}' .env`, a sed that deletes from the `=` on, `grep -oE '^[A-Z_]+=' .env`. What the engine's own
 * message offers for the environment (`env | cut -d= -f1`), applied to the file that holds it:
 * the names reach the transcript, the values do not. A line without `=` (a comment) still
 * prints whole; a value spread over lines (a quoted PEM key) is the one case that leaks, and
 * dotenv keys are single-line by convention. Any other field, option or file is a read.
 */
export function dotenvNamesOnly(argv: string[], file: string): boolean {
  if (!DOTENV.test(file) || /\.(?:example|sample|template|dist)$/.test(file)) return false;
  const name = basename(argv[0] ?? '');
  const rest = argv.slice(1);
  if (name === 'cut')
    return (
      delimiterIs(argv, '-d', '--delimiter', '=') &&
      rest.some((w) => /^(?:-f|--fields=?)1$/.test(w) || w === '-f1') &&
      rest.every((w, i) => !/^-[cb]|^--(?:bytes|characters|complement)/.test(w) && !(rest[i - 1] === '-f' && w !== '1'))
    );
  if (name === 'awk' || name === 'gawk' || name === 'mawk') {
    const prog = rest.filter((w) => !w.startsWith('-') && w !== '=' && w !== file);
    return (
      delimiterIs(argv, '-F', '--field-separator', '=') &&
      prog.length === 1 &&
      /^\{\s*print\s+\$1\s*;?\s*\}$/.test(prog[0] ?? '')
    );
  }
  if (name === 'sed') {
    const prog = rest.filter((w) => w !== file && w !== '-e');
    return prog.length === 1 && /^s(.)=\.\*\1\1g?$/.test(prog[0] ?? '');
  }
  if (name === 'grep' || name === 'egrep') {
    const opts = rest.filter((w) => w.startsWith('-'));
    const ops = rest.filter((w) => !w.startsWith('-'));
    const only = opts.some((w) => w === '--only-matching' || /^-[A-Za-z]*o[A-Za-z]*$/.test(w));
    const plain = opts.every((w) => /^-[oEiPnsh]+$|^--only-matching$/.test(w));
    return only && plain && ops.length === 2 && ops[1] === file && NAME_PATTERN.test(ops[0] ?? '');
  }
  return false;
}

/** A PowerShell wildcard (`-like 'PY*'`) as a regular expression; case blind as PowerShell is. */
function wildcardRegex(p: string): RegExp {
  const src = p
    .replace(/[.+^${}()|\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${src}$`, 'i');
}

/**
 * What a PowerShell pipe lets out of the environment drive's listing (`Get-ChildItem Env: |
 * Where-Object Name -like 'DOTNET*'`, `gci env: | ? {$_.Name -match '^PY'}`, `dir env: |
 * Select-Object -ExpandProperty Name`): the same reading as environmentFate's for `env | grep`,
 * spelled with PowerShell's cmdlets. A filter on the name keeps the catalogued secret
 * variables it matches; Select-Object/ForEach-Object of the name, and Measure-Object, print no
 * value; anything else (a filter on Value, Format-List) lets the values through.
 */
export function powershellEnvFate(into: string[] | undefined, cmds: SimpleCommand[]): EnvFate {
  let alive = [...secretVariables()];
  let narrowed = false;
  for (let guard = 0; guard < 8 && into; guard++) {
    const name = basename(into[0] ?? '').toLowerCase();
    const rest = into.slice(1).join(' ').replace(/['"]/g, '').trim();
    if (name === 'where-object' || name === 'where' || name === '?') {
      const m =
        /^\{?\s*(?:\$_\.|\$PSItem\.)?(?:-property\s+)?(?:name|key)\s+-(c?|i?)(like|notlike|match|notmatch|eq|ne)\s+([^\s}]+)\s*\}?$/i.exec(
          rest,
        );
      if (!m) break;
      const op = (m[2] ?? '').toLowerCase();
      const pat = m[3] ?? '';
      const negated = op === 'notlike' || op === 'notmatch' || op === 'ne';
      if (!negated && SECRET_WORD.test(pat)) return 'search';
      let test: (n: string) => boolean;
      if (op.endsWith('like')) {
        const re = wildcardRegex(pat);
        test = (n) => re.test(n);
      } else if (op.endsWith('match')) {
        const re = compile(pat, { i: true, fixed: false, extended: true, word: false, line: false });
        if (!re) break;
        test = (n) => re.test(n);
      } else test = (n) => n.toLowerCase() === pat.toLowerCase();
      alive = alive.filter((n) => n === '*' || (negated ? !test(n) : test(n)));
      if (!negated) narrowed = true;
    } else if (name === 'select-object' || name === 'select') {
      if (/^(?:-(?:expandproperty|property|expand|exp|prop)\s+)?(?:name|key)$/i.test(rest)) return 'names';
      if (!/^-(?:first|last|skip)\s+\d+$/i.test(rest)) break;
    } else if (name === 'foreach-object' || name === 'foreach' || name === '%') {
      if (/^(?:\{\s*(?:\$_|\$PSItem)\.)?(?:name|key)\s*\}?$/i.test(rest)) return 'names';
      break;
    } else if (name === 'measure-object' || name === 'measure') return 'names';
    else if (name !== 'sort-object' && name !== 'sort') break;
    const cur = into;
    into = cmds.find((x) => x.argv === cur)?.pipedInto;
  }
  return narrowed && !alive.length ? 'names' : 'dump';
}

/**
 * A dotenv file filtered into a consumer that keeps only the names (`grep -v '^#' .env | cut -d=
 * -f1`, `sort .env | awk -F= '{print $1}'`): the lines go down the pipe, the names reach the
 * transcript. The reader must send its output nowhere else (no redirection).
 */
export function dotenvPipedToNames(c: SimpleCommand, file: string): boolean {
  if (!DOTENV.test(file) || !c.pipedInto || c.redirs.some((r) => r.op === '>' || r.op === '>>')) return false;
  const next = c.pipedInto;
  return dotenvNamesOnly([...next, file], file);
}
