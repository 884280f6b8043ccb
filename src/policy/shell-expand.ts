// What a shell makes of words before it runs them, for the parts that can be known without
// running anything: variables assigned literally earlier in the same command line (`a=rm; $a`),
// ${IFS} used as a separator, brace expansion (`{rm,-rf,~}`), and functions and aliases defined
// in the line. Everything is bounded: expansions share one budget per analysis, so a crafted
// line cannot make the reading grow faster than its length.
import type { Token } from './shell-parse.js';
import { at, present } from '../util/invariant.js';

/** Earlier values kept per variable (each is read as an alternative). */
const MAX_ALTERNATIVES = 4;

/** Words one brace expression may expand to; beyond this the word is read unexpanded once more. */
export const BRACE_MAX_WORDS = 64;

/** Variables, functions, aliases and written files known at one point of a command line. */
export class Scope {
  // Maps are made on first use: most command strings define nothing.
  private vars: Map<string, string | null> | null = null;
  private funcs: Map<string, string> | null = null;
  private aliases: Map<string, string> | null = null;
  private files: Map<string, WrittenFile> | null = null;
  private remotes: Map<string, string> | null = null;
  /** The directory a literal `cd` earlier in the line moved to; null once it is unknown. */
  private dir: string | null | undefined = undefined;
  private alts: Map<string, string[]> | null = null;
  private pinned: Set<string> | null = null;
  /** Extra field separators set with IFS=... (space, tab and newline always split). */
  ifs = '';
  /** Something was defined here or in a parent. */
  private defined: boolean;
  private hasFiles: boolean;

  constructor(private readonly parent: Scope | null = null) {
    this.ifs = parent?.ifs ?? '';
    this.defined = parent?.defined ?? false;
    this.hasFiles = parent?.hasFiles ?? false;
  }

  /** A literal value, null when the variable was assigned something unknown, undefined when never assigned here. */
  get(name: string): string | null | undefined {
    for (let s: Scope | null = this; s; s = s.parent) {
      const v = s.vars?.get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  set(name: string, value: string | null): void {
    // A value the variable held before may still be the one in force (the new assignment can sit
    // in a subshell, a pipeline stage or a branch not taken): it stays as an alternative.
    const old = this.get(name);
    if (old !== undefined && old !== value && !this.pinned?.has(name)) {
      const alts = (this.alts ??= new Map());
      const list = alts.get(name) ?? this.alternatives(name).slice();
      if (old !== null && !list.includes(old) && list.length < MAX_ALTERNATIVES) list.push(old);
      alts.set(name, list);
    }
    (this.vars ??= new Map()).set(name, value);
    this.defined = true;
    if (name === 'IFS') this.ifs = value ?? '';
  }

  /** Values the variable may hold instead of the current one (see set). */
  alternatives(name: string): string[] {
    for (let s: Scope | null = this; s; s = s.parent) {
      if (s.pinned?.has(name)) return [];
      const a = s.alts?.get(name);
      if (a) return a;
    }
    return [];
  }

  /** A child scope in which the variable holds exactly this value (for reading one alternative). */
  pin(name: string, value: string): Scope {
    const c = new Scope(this);
    (c.vars = new Map()).set(name, value);
    (c.pinned = new Set()).add(name);
    c.defined = true;
    return c;
  }

  setFunc(name: string, body: string): void {
    (this.funcs ??= new Map()).set(name, body);
    this.defined = true;
  }

  setAlias(name: string, value: string): void {
    (this.aliases ??= new Map()).set(name, value);
    this.defined = true;
  }

  func(name: string): string | undefined {
    if (!this.defined) return undefined;
    for (let s: Scope | null = this; s; s = s.parent) {
      const f = s.funcs?.get(name);
      if (f !== undefined) return f;
    }
    return undefined;
  }

  alias(name: string): string | undefined {
    if (!this.defined) return undefined;
    for (let s: Scope | null = this; s; s = s.parent) {
      const a = s.aliases?.get(name);
      if (a !== undefined) return a;
    }
    return undefined;
  }

  file(path: string): WrittenFile | undefined {
    if (!this.hasFiles) return undefined;
    const p = filePath(path);
    for (let s: Scope | null = this; s; s = s.parent) {
      const f = s.files?.get(p);
      if (f !== undefined) return f;
      // A file inside a cloned directory came from the network too.
      if (s.files)
        for (const [dir, g] of s.files)
          if (g.network === 'dir' && p.startsWith(dir.endsWith('/') ? dir : dir + '/')) return g;
    }
    return undefined;
  }

  setFile(path: string, f: WrittenFile): void {
    const p = filePath(path);
    const old = this.file(p);
    this.files ??= new Map();
    this.hasFiles = true;
    // `>>` appends to what an earlier write in the line put there.
    if (f.append && old?.content !== undefined && f.content !== undefined)
      this.files.set(p, { content: old.content + f.content });
    else this.files.set(p, f);
  }

  /** The working directory set by an earlier `cd`, when it is known. */
  cwd(): string | null {
    for (let s: Scope | null = this; s; s = s.parent) if (s.dir !== undefined) return s.dir;
    return null;
  }

  setCwd(dir: string | null): void {
    this.dir = dir;
  }

  /** A git remote added earlier in the line (`git remote add NAME URL`): its URL. */
  remote(name: string): string | undefined {
    for (let s: Scope | null = this; s; s = s.parent) {
      const u = s.remotes?.get(name);
      if (u !== undefined) return u;
    }
    return undefined;
  }

  setRemote(name: string, url: string): void {
    (this.remotes ??= new Map()).set(name, url);
  }

  /** Whether no variable, function or alias is known (lets the common case skip work). */
  get empty(): boolean {
    return !this.defined;
  }
}

/** What an earlier command of the line put into a file. */
export interface WrittenFile {
  /** Literal text written (echo/printf/here-document redirected into it). */
  content?: string;
  /** The file was copied or linked from this path (cp /bin/rm ./tidy). */
  copyOf?: string;
  /** The copy was a move (`mv SRC DST`): deleting DST deletes what was SRC. */
  moved?: boolean;
  /** Downloaded from the network (curl -o, wget -O, git clone): a file or, for a clone, a directory. */
  network?: 'file' | 'dir';
  append?: boolean;
  /** A directory made (empty) by mkdir earlier in the line. */
  emptyDir?: boolean;
}

/** Paths compared as written, without a leading ./ (so ./x and x are one file). */
function filePath(p: string): string {
  return p.replace(/^(\.\/)+/, '');
}

/** One variable reference that was replaced by its value. */
export interface Resolution {
  ref: string;
  value: string;
}

// $name, ${name}, ${name:-word} (and -, =, :=, +, :+, ?, :?), ${IFS} / $IFS.
const VAR_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-=+?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Replaces references to known variables in one word; null when nothing changed. */
export function substituteVars(text: string, scope: Scope, out: Resolution[]): string | null {
  if (!text.includes('$')) return null;
  let changed = false;
  const res = text.replace(
    VAR_REF,
    (m, braced: string | undefined, op: string | undefined, word: string | undefined, bare: string | undefined) => {
      const name = present(braced ?? bare, 'the name of a variable reference');
      if (name === 'HOME') return m; // read as the home directory by the ~ / $HOME readings
      let v = name === 'IFS' ? (scope.get('IFS') ?? ' ') : scope.get(name);
      if (op) {
        const unsetOrEmpty = v === undefined || v === '';
        const colon = op.startsWith(':');
        const kind = op[op.length - 1];
        const missing = v === undefined || (colon && unsetOrEmpty);
        if (kind === '-' || kind === '=') {
          if (missing) v = word ?? '';
        } else if (kind === '+') {
          if (v === null) return m;
          v = missing ? '' : (word ?? '');
        }
      }
      if (v === undefined || v === null) return m;
      changed = true;
      if (name !== 'IFS') out.push({ ref: m, value: v });
      return v;
    },
  );
  return changed ? res : null;
}

/** Splits an unquoted expansion result into fields (whitespace plus any IFS= characters). */
export function splitFields(text: string, ifs: string): string[] {
  let s = text;
  for (const c of ifs) if (c !== ' ' && c !== '\t' && c !== '\n') s = s.split(c).join(' ');
  return s.split(/[ \t\n]+/).filter(Boolean);
}

/**
 * Bash brace expansion of one unquoted word: `{a,b}` alternatives and `{1..3}` / `{a..c}`
 * sequences, nested, in any position. Null when the word has no expandable braces; the
 * expansion is cut at BRACE_MAX_WORDS words.
 */
export function expandBraces(word: string): string[] | null {
  if (!word.includes('{') || word.length > 4096) return null;
  const out = braces(word, BRACE_MAX_WORDS);
  return out.length === 1 && out[0] === word ? null : out;
}

function braces(word: string, limit: number): string[] {
  // The first brace group with a top-level comma or a .. sequence.
  for (let i = word.indexOf('{'); i >= 0; i = word.indexOf('{', i + 1)) {
    if (i > 0 && word[i - 1] === '$') continue; // ${var}
    let depth = 0;
    const commas: number[] = [];
    let close = -1;
    for (let j = i; j < word.length; j++) {
      const c = word[j];
      if (c === '{') depth++;
      else if (c === '}') {
        depth--;
        if (depth === 0) {
          close = j;
          break;
        }
      } else if (c === ',' && depth === 1) commas.push(j);
    }
    if (close < 0) return [word];
    const pre = word.slice(0, i);
    const post = word.slice(close + 1);
    const inner = word.slice(i + 1, close);
    let alts: string[] | null = null;
    if (commas.length) {
      alts = [];
      let from = i + 1;
      for (const c of [...commas, close]) {
        alts.push(word.slice(from, c));
        from = c + 1;
      }
    } else {
      alts = sequence(inner);
    }
    if (!alts) continue;
    const out: string[] = [];
    for (const a of alts) {
      for (const w of braces(pre + a + post, limit - out.length)) {
        out.push(w);
        if (out.length >= limit) return out;
      }
    }
    return out;
  }
  return [word];
}

function sequence(inner: string): string[] | null {
  const m = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(inner);
  if (!m) return null;
  const num = /\d/.test(at(m, 1));
  const a = num ? parseInt(at(m, 1), 10) : at(m, 1).charCodeAt(0);
  const b = num ? parseInt(at(m, 2), 10) : at(m, 2).charCodeAt(0);
  if (num !== /\d/.test(at(m, 2))) return null;
  const step = Math.max(1, Math.abs(parseInt(m[3] ?? '1', 10)));
  const out: string[] = [];
  for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
    out.push(num ? String(v) : String.fromCharCode(v));
    if (out.length >= BRACE_MAX_WORDS) break;
  }
  return out;
}

/**
 * A segment's words as the shell expands them: known variables substituted (and split where
 * unquoted), ${IFS} read as a separator, braces expanded. Returns null when nothing changed.
 */
const NO_SPLIT = /\$\(|`/;

export function expandTokens(tokens: Token[], scope: Scope, resolved: Resolution[]): Token[] | null {
  let out: Token[] | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const t = at(tokens, i);
    let words: Token[] | null = null;
    const sub = t.text.includes('$') ? substituteVars(t.text, scope, resolved) : null;
    if (sub !== null) {
      // Text inside `$(...)` is not split: `p=$(pgrep -f "$s serve")` stays one word.
      words =
        t.quoted || t.redir || NO_SPLIT.test(t.text)
          ? [{ ...t, text: sub }]
          : splitFields(sub, scope.ifs).map((w) => ({ text: w, quoted: false, redir: false }));
    }
    if (!t.quoted && !t.redir && (sub ?? t.text).includes('{')) {
      const base = words ?? [t];
      let changed = false;
      const rebuilt: Token[] = [];
      for (const w of base) {
        const e = expandBraces(w.text);
        if (e) {
          changed = true;
          for (const x of e) rebuilt.push({ text: x, quoted: false, redir: false });
        } else rebuilt.push(w);
      }
      if (changed) words = rebuilt;
    }
    if (words) {
      out ??= tokens.slice(0, i);
      for (const w of words) out.push(w);
    } else out?.push(t);
  }
  return out;
}

/** `${IFS}` and `$IFS` in a word read as a space even when no IFS= was seen. */
export function hasIfsRef(text: string): boolean {
  return text.includes('$IFS') || text.includes('${IFS');
}

export interface FunctionDef {
  name: string;
  body: string;
}

/**
 * Functions defined in a command string: `name() { body; }`, `name() ( body )` and
 * `function name { body; }`. Found by a single left-to-right scan (quote-aware).
 */
export function findFunctions(s: string): FunctionDef[] {
  const out: FunctionDef[] = [];
  if (!s.includes('()') && !s.includes('function')) return out;
  const re =
    /(?:^|[\s;&|(){}])(?:function\s+([A-Za-z_:.][A-Za-z0-9_:.-]*)\s*(?:\(\s*\))?|([A-Za-z_:.][A-Za-z0-9_:.-]*)\s*\(\s*\))\s*([{(])/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const name = present(m[1] ?? m[2], 'the name of a function definition');
    const open = m.index + m[0].length - 1;
    const close = matchBrace(s, open);
    out.push({ name, body: s.slice(open + 1, close < 0 ? s.length : close) });
    if (out.length >= 64) break;
    re.lastIndex = close < 0 ? s.length : close + 1;
  }
  return out;
}

/** Index of the '}' or ')' that closes s[open], skipping quotes; -1 when unclosed. */
function matchBrace(s: string, open: number): number {
  const o = at(s, open);
  const c = o === '{' ? '}' : ')';
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const ch = s[i];
    if (ch === '\\') i++;
    else if (ch === "'") {
      const e = s.indexOf("'", i + 1);
      if (e < 0) return -1;
      i = e;
    } else if (ch === '"') {
      for (i++; i < s.length && s[i] !== '"'; i++) if (s[i] === '\\') i++;
    } else if (ch === o) depth++;
    else if (ch === c && --depth === 0) return i;
  }
  return -1;
}

/** A function body with $1.., $@, $* and "$@" replaced by the call's arguments. */
export function bindPositional(body: string, args: string[]): string {
  return body.replace(/"\$[@*]"|\$\{?([@*]|[1-9])\}?/g, (m, which: string | undefined) => {
    if (which === undefined || which === '@' || which === '*') return args.join(' ');
    return args[Number(which) - 1] ?? '';
  });
}
