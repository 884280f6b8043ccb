// Reads a shell command the ways a policy needs (research 5.3-5.6):
// - `components`: every executed simple command in the peer's normalized spelling (quotes,
//   escapes, NAME=x prefixes, env/nohup/timeout/... and `sh -c` removed). Allow/watch rules must
//   cover each of them.
// - `candidates`: a superset for deny/ask rules: also sudo/doas/xargs/busybox peeled (the wrapped
//   spelling is kept too), /bin/rm read as rm, ~ and $HOME expanded, flags canonicalised,
//   one `rm -rf <operand>` per operand. Each candidate belongs to a "unit" (one executed thing,
//   all spellings of it); whole-command readings of a compound command belong to no unit (-1).
// Quoted words stay words: `git commit -m "rm -rf x"` has one component, `git commit -m rm -rf x`.
import { homedir } from 'node:os';
import { extractSubstitutions, sanitize, skipBalanced, splitSegments, type Token } from './shell-parse.js';
import { assignmentName, basename, joinTokens, LIBERAL_HEADS, literalOutput, shellCommandString, SHELLS, unwrapLauncher, watchCommandString } from './shell-wrappers.js';
import { canonicalForms, readFind, rmAliases, RM_MAX_OPERANDS } from './shell-flags.js';

/** `sh -c` inside `sh -c` ... deeper than this is refused (the engine denies). */
export const MAX_NESTING = 8;
/** Readings per command; beyond this the command is refused rather than half-analysed. */
export const MAX_CANDIDATES = 4096;

export interface CommandAnalysis {
  /** The command with control characters and ANSI sequences removed. */
  raw: string;
  /** Executed segments in normalized spelling, joined with ' && '. */
  normalized: string;
  /** Executed simple commands (normalized), backslashes read as '/'. */
  components: string[];
  /** The same components with ~ and $HOME expanded (null where that changes nothing). */
  componentsExpanded: (string | null)[];
  /** More than one executed component (compound command or command substitution). */
  composite: boolean;
  /** Every reading for deny/ask matching, backslashes read as '/'. */
  candidates: string[];
  /** Unit of each candidate; -1 for whole-command readings of a composite command. */
  units: number[];
  /** Names of environment variables the command assigns. */
  envAssignments: string[];
  /** Set when the command is too deep or too large to analyse; the engine then denies. */
  truncated: string | null;
}

export interface AnalyzeOptions {
  /** Home directory for ~ and $HOME (default: the current user's). */
  home?: string;
}

const LEAD_KEYWORDS = new Set(['!', '{', '}', 'if', 'then', 'elif', 'else', 'while', 'until', 'do', 'done', 'fi', 'esac']);
const TRAIL_KEYWORDS = new Set(['}', 'fi', 'done', 'esac']);
const HEADER_KEYWORDS = new Set(['case', 'for', 'select', 'function']);
const EXPORTERS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

function slash(s: string): string {
  return s.includes('\\') ? s.replace(/\\/g, '/') : s;
}

/** Shell keywords around a command (`if X`, `do X`, `X; fi`) are not part of it. */
function stripKeywords(tokens: Token[]): Token[] {
  let a = 0;
  let b = tokens.length;
  while (a < b && !tokens[a]!.quoted && LEAD_KEYWORDS.has(tokens[a]!.text)) a++;
  while (b > a && !tokens[b - 1]!.quoted && TRAIL_KEYWORDS.has(tokens[b - 1]!.text)) b--;
  if (a < b && !tokens[a]!.quoted && HEADER_KEYWORDS.has(tokens[a]!.text)) return [];
  return a === 0 && b === tokens.length ? tokens : tokens.slice(a, b);
}

export function expandHome(word: string, home: string): string {
  let out = word;
  if (out === '~') out = home;
  else if (out.startsWith('~/')) out = home + out.slice(1);
  // $HOME, ${HOME} and ${HOME:-x} / ${HOME:?} / ${HOME:=x} (HOME is set, so they all read as it).
  if (out.includes('$')) out = out.replace(/\$\{HOME(?::?[-=?+][^}]*)?\}|\$HOME(?![A-Za-z0-9_])/g, home);
  return out;
}

function expandWords(words: string[], home: string): string[] | null {
  let changed: string[] | null = null;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w[0] !== '~' && !w.includes('$')) continue;
    const e = expandHome(w, home);
    if (e !== w) {
      changed ??= words.slice();
      changed[i] = e;
    }
  }
  return changed;
}

function toTokens(words: string[]): Token[] {
  return words.map((text) => ({ text, quoted: false, redir: false }));
}

interface SegmentResult {
  norm: string;
  /** The most unwrapped spelling, used for whole-pipeline readings (`curl x | sh`). */
  primary: string;
}

class Analyzer {
  readonly cands: string[] = [];
  readonly units: number[] = [];
  private readonly index = new Map<string, number>();
  readonly components: string[] = [];
  readonly componentsExpanded: (string | null)[] = [];
  readonly componentUnits: number[] = [];
  readonly env = new Set<string>();
  private nextUnit = 0;
  truncated: string | null = null;
  private readonly done = new Map<string, string>();

  constructor(private readonly home: string) {}

  newUnit(): number {
    return this.nextUnit++;
  }

  add(text: string, unit: number): void {
    if (!text) return;
    const t = slash(text);
    const at = this.index.get(t);
    if (at !== undefined) {
      if (unit === -1) this.units[at] = -1;
      return;
    }
    if (this.cands.length >= MAX_CANDIDATES) {
      this.truncated ??= `the command has more than ${MAX_CANDIDATES} readings`;
      return;
    }
    this.index.set(t, this.cands.length);
    this.cands.push(t);
    this.units.push(unit);
  }

  /** Whole readings of a pipeline in its most unwrapped spelling: `a | b`, and `a && b` as the peer spells pipes. */
  private addPipeline(pipe: string[]): void {
    if (pipe.length < 2) return;
    this.add(pipe.join(' | '), -1);
    this.add(pipe.join(' && '), -1);
  }

  /** Processes a command string; returns its normalized text. `unit` is reused only for a single simple command. */
  processString(s: string, depth: number, grant: boolean, unit: number | null): string {
    if (depth > MAX_NESTING) {
      this.truncated ??= `commands are nested more than ${MAX_NESTING} levels deep`;
      return '';
    }
    // Nested strings can be reached twice (quote-blind $(...) extraction and the wrapper that
    // holds them); each is read once per mode.
    const key = depth > 0 ? (grant ? 'g' : 'r') + s : null;
    if (key !== null) {
      const cached = this.done.get(key);
      if (cached !== undefined) return cached;
      this.done.set(key, '');
    }
    const segs = splitSegments(s);
    const subs = extractSubstitutions(s);
    const shared = segs.length === 1 && subs.length === 0 ? unit : null;
    const norms: string[] = [];
    let pipe: string[] = [];
    let stdin: string[] | null = null;
    for (const seg of segs) {
      const r = this.processSegment(seg.tokens, depth, grant, shared, stdin);
      stdin = seg.op === '|' || seg.op === '|&' ? literalOutput(seg.tokens) : null;
      if (r.norm) norms.push(r.norm);
      if (r.primary) pipe.push(r.primary);
      if (seg.op !== '|' && seg.op !== '|&') {
        this.addPipeline(pipe);
        pipe = [];
      }
    }
    this.addPipeline(pipe);
    for (const sub of subs) this.processString(sub, depth + 1, grant, null);
    const norm = norms.join(' && ');
    if (key !== null) this.done.set(key, norm);
    return norm;
  }

  /** `stdin`: the words a preceding `echo`/`printf` pipes in, when known (for xargs). */
  processSegment(input: Token[], depth: number, grant: boolean, unit: number | null, stdin: string[] | null = null): SegmentResult {
    let tokens = stripKeywords(input);
    for (let guard = 0; tokens.length && guard < 64; guard++) {
      let a = 0;
      while (a < tokens.length && !tokens[a]!.redir) {
        const name = assignmentName(tokens[a]!.text);
        if (!name) break;
        this.env.add(name);
        a++;
      }
      while (a < tokens.length && tokens[a]!.redir) a++;
      if (a) {
        tokens = tokens.slice(a);
        continue;
      }
      const u = unwrapLauncher(tokens, false);
      if (u) {
        for (const n of u.env) this.env.add(n);
        tokens = u.tokens;
        continue;
      }
      const str = shellCommandString(tokens);
      if (str !== null) {
        const norm = this.processString(str, depth + 1, grant, unit);
        return { norm, primary: norm };
      }
      break;
    }
    if (!tokens.length) return { norm: '', primary: '' };
    const text = joinTokens(tokens);
    const u = unit ?? this.newUnit();
    if (grant && !this.components.includes(slash(text))) {
      const words = tokens.map((t) => t.text);
      const exp = expandWords(words, this.home);
      this.components.push(slash(text));
      this.componentsExpanded.push(exp ? slash(exp.join(' ')) : null);
      this.componentUnits.push(u);
    }
    this.add(text, u);
    this.collectExports(tokens);
    if (basename(tokens[0]!.text) === 'eval' && tokens.length > 1) {
      this.processString(joinTokens(tokens.slice(1)), depth + 1, grant, null);
    }
    const primary = this.restrictive(tokens, depth, u, stdin);
    return { norm: text, primary };
  }

  private collectExports(tokens: Token[]): void {
    const first = basename(tokens[0]!.text).toLowerCase();
    if (EXPORTERS.has(first)) {
      for (const t of tokens.slice(1)) {
        const n = t.text.startsWith('-') ? undefined : assignmentName(t.text);
        if (n) this.env.add(n);
      }
    } else if (first === 'set' || first === 'setx') {
      const op = tokens.slice(1).find((t) => !t.text.startsWith('/'));
      const n = op && assignmentName(op.text);
      if (n) this.env.add(n);
      if (first === 'setx' && op && !n && /^[A-Za-z_][A-Za-z0-9_]*$/.test(op.text)) this.env.add(op.text);
    }
  }

  /** Deny/ask-only readings of one simple command; returns its most unwrapped spelling. */
  private restrictive(tokens: Token[], depth: number, u: number, stdin: string[] | null): string {
    const words: string[] = [];
    let flags = false;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.redir) continue;
      words.push(t.text);
      if (t.text.charCodeAt(0) === 45) flags = true; // '-'
    }
    if (!words.length) return '';
    const first = basename(words[0]!).toLowerCase();
    words[0] = first;
    const spelled = words.join(' ');
    this.add(spelled, u);
    const exp = expandWords(words, this.home);
    if (exp) this.add(exp.join(' '), u);
    if (flags || first === 'rm' || first === 'find') {
      for (const w of exp ? [words, exp] : [words]) this.flagReadings(w, depth, u);
    }
    if (spelled.includes('$(') || spelled.includes('`')) {
      // $(echo rm -rf /) as a command word runs what echo prints.
      const folded = foldLiteralSubstitutions(joinTokens(tokens));
      if (folded !== null) this.processString(folded, depth + 1, false, null);
    }
    if (SHELLS.has(first)) {
      // bash <<< 'cmd' runs the here-string.
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i]!.text;
        if (!tokens[i]!.redir || !t.includes('<<<')) continue;
        const body = t.endsWith('<<<') ? tokens[i + 1]?.text : t.slice(t.indexOf('<<<') + 3);
        if (body) this.processString(body, depth + 1, false, null);
      }
    }
    if (!LIBERAL_HEADS.has(first)) return spelled;
    const plain = words.length === tokens.length ? tokens : tokens.filter((t) => !t.redir);
    const w = first === 'watch' ? watchCommandString(plain) : null;
    if (w) this.processString(w, depth + 1, false, null);
    const lib = unwrapLauncher(plain, true);
    if (lib) {
      for (const n of lib.env) this.env.add(n);
      const r = this.processSegment(lib.tokens, depth + 1, false, u);
      if (first === 'xargs') this.xargsReadings(lib.tokens, lib.replace, stdin ?? hereString(tokens), depth, u);
      return r.primary || spelled;
    }
    return spelled;
  }

  /**
   * xargs runs its command with operands read from stdin: the literal words piped in by echo or
   * printf or given as a here-string when known, and always once with a literal `*` (anything).
   */
  private xargsReadings(cmd: Token[], replace: string | undefined, input: string[] | null, depth: number, u: number): void {
    const word = (text: string): Token => ({ text, quoted: true, redir: false });
    if (!replace) this.processSegment([...cmd, word('*')], depth + 1, false, u);
    if (!input || !input.length) return;
    if (!replace) {
      this.processSegment([...cmd, ...input.slice(0, RM_MAX_OPERANDS).map(word)], depth + 1, false, u);
      return;
    }
    for (const item of input.slice(0, XARGS_MAX_ITEMS)) {
      this.processSegment(cmd.map((t) => (t.text.includes(replace) ? word(t.text.split(replace).join(item)) : t)), depth + 1, false, this.newUnit());
    }
  }

  /** Canonical flag spellings, rm per-operand readings and what find deletes or runs. */
  private flagReadings(w: string[], depth: number, u: number): void {
    for (const f of canonicalForms(w)) this.add(f, u);
    if (w[0] === 'rm') {
      const aliases = rmAliases(w);
      if (aliases === null) this.truncated ??= 'rm has too many operands to analyse';
      else {
        const perOperand = aliases.length > 1;
        for (const forms of aliases) {
          const unit = perOperand ? this.newUnit() : u;
          for (const f of forms) this.add(f, unit);
        }
      }
    }
    const find = w[0] === 'find' ? readFind(w) : undefined;
    if (find) {
      if (find.deletes && !find.filtered) for (const s of find.starts) this.add(`rm -rf ${s}`, find.starts.length > 1 ? this.newUnit() : u);
      for (const p of find.payloads) this.processSegment(toTokens(p), depth + 1, false, null);
    }
  }
}

/** Input items of `xargs -I` expanded one by one (each is a separate command). */
const XARGS_MAX_ITEMS = 16;

/** Words of a here-string (`cmd <<< 'a b'`), or null. */
function hereString(tokens: Token[]): string[] | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.redir || !t.text.includes('<<<')) continue;
    const body = t.text.endsWith('<<<') ? tokens[i + 1]?.text : t.text.slice(t.text.indexOf('<<<') + 3);
    return body ? body.split(/\s+/).filter(Boolean) : null;
  }
  return null;
}

/** Replaces $(echo ...), $(printf ...) and their backtick forms by what they print; null if none. */
export function foldLiteralSubstitutions(s: string): string | null {
  let out = '';
  let changed = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    let end = -1;
    let inner = '';
    if (c === '$' && s[i + 1] === '(') {
      end = skipBalanced(s, i + 1);
      inner = s.slice(i + 2, end - 1);
    } else if (c === '`') {
      const close = s.indexOf('`', i + 1);
      if (close > 0) {
        end = close + 1;
        inner = s.slice(i + 1, close);
      }
    }
    if (end > 0) {
      const segs = splitSegments(inner);
      const words = segs.length === 1 ? literalOutput(segs[0]!.tokens) : null;
      if (words) {
        out += words.join(' ');
        changed = true;
        i = end - 1;
        continue;
      }
    }
    out += c;
  }
  return changed ? out : null;
}

const POWERSHELL_ENV = /\$\{?env:([A-Za-z_][A-Za-z0-9_]*)\}?\s*=|(?:Set-Item|New-Item|Set-Content)\s+(?:-Path\s+)?['"]?env:([A-Za-z_][A-Za-z0-9_]*)|\[Environment\]::SetEnvironmentVariable\(\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]/gi;

/** All readings of a command (see the file comment). Pure: the same input gives the same output. */
export function analyzeCommand(cmd: string, opts: AnalyzeOptions = {}): CommandAnalysis {
  const home = opts.home ?? homedir();
  const raw = sanitize(cmd);
  const a = new Analyzer(home);
  const normalized = a.processString(raw, 0, true, null);
  const composite = a.components.length > 1;
  const wholeUnit = composite ? -1 : a.components.length === 1 ? a.componentUnits[0]! : a.newUnit();
  a.add(raw, wholeUnit);
  a.add(normalized, wholeUnit);
  if (raw.includes('env:') || raw.includes('Environment]::')) {
    for (const m of raw.matchAll(POWERSHELL_ENV)) a.env.add((m[1] ?? m[2] ?? m[3])!);
  }
  return {
    raw,
    normalized,
    components: a.components,
    componentsExpanded: a.componentsExpanded,
    composite,
    candidates: a.cands,
    units: a.units,
    envAssignments: [...a.env],
    truncated: a.truncated,
  };
}
