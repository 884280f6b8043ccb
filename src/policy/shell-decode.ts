// The text flowing through a pipeline, where it can be known without running anything:
// literals printed by echo/printf/cat <<<, then decoded by base64 -d, xxd -r -p, openssl
// base64 -d, rev, tr (rot13 and other literal maps). When such text reaches a shell (`| sh`,
// `| bash -s`, `| source /dev/stdin`, `eval "$(...)"`), it is a command of its own and is read
// as one. When it cannot be known (a download, a file, a decode of either), the shell runs
// something no reading can see: the caller marks the command dynamic.
import type { Token } from './shell-parse.js';
import { basename, SHELLS } from './shell-wrappers.js';
import { at } from '../util/invariant.js';

/** Where the text on a pipe comes from. */
export interface Flow {
  /** The text, when it is known. */
  text: string | null;
  /** A network download feeds it (curl, wget, ...), directly or through filters. */
  network: boolean;
  /** Filters that decoded it along the way (for explain: "base64 -d"). */
  decoders: string[];
}

/** Programs that download: their output is code from the network. */
export const FETCHERS = new Set([
  'curl',
  'wget',
  'aria2c',
  'http',
  'https',
  'xh',
  'lwp-request',
  'iwr',
  'irm',
  'invoke-webrequest',
  'invoke-restmethod',
  'nc',
  'ncat',
  'socat',
  'openssl s_client',
]);

const MAX_DECODED = 1 << 20;

function words(tokens: Token[]): string[] {
  const out: string[] = [];
  for (const t of tokens) if (!t.redir) out.push(t.text);
  return out;
}

/** Backslash escapes of echo -e / printf: \n \t \xHH \0NNN \NNN \uHHHH \UHHHHHHHH. */
export function unescapeEcho(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(
    /\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|0[0-7]{0,3}|[0-7]{1,3}|.)/g,
    (m, e: string) => {
      const k = at(e, 0);
      if (k === 'x' || k === 'u' || k === 'U') {
        const cp = parseInt(e.slice(1), 16);
        return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
      }
      if (k >= '0' && k <= '7') return String.fromCharCode(parseInt(e, 8) & 0xff);
      const map: Record<string, string> = {
        n: '\n',
        t: '\t',
        r: '\r',
        a: '\x07',
        b: '\b',
        e: '\x1b',
        f: '\f',
        v: '\v',
        '\\': '\\',
        c: '',
      };
      return map[k] ?? m;
    },
  );
}

/** printf FORMAT ARGS... with %s/%b/%c/%d substituted; null for formats it cannot model. */
function printfText(args: string[]): string | null {
  if (!args.length) return null;
  let [fmt, ...rest] = args;
  if (fmt === '--') [fmt, ...rest] = rest;
  if (fmt === undefined) return null;
  let out = '';
  let k = 0;
  // The format is reused while arguments remain (as printf does), at most a few times.
  for (let round = 0; round < 64; round++) {
    out += unescapeEcho(fmt).replace(/%(%|[-+ #0]*\d*(?:\.\d+)?[sbcdiouxX])/g, (_m, spec: string) => {
      if (spec === '%') return '%';
      const a = rest[k++] ?? '';
      const conv = spec[spec.length - 1];
      if (conv === 'b') return unescapeEcho(a);
      if (conv === 'c') return a.slice(0, 1);
      if (conv === 'd' || conv === 'i' || conv === 'u') return String(parseInt(a, 10) || 0);
      if (conv === 'o') return (parseInt(a, 10) || 0).toString(8);
      if (conv === 'x' || conv === 'X') return (parseInt(a, 10) || 0).toString(16);
      return a;
    });
    if (k >= rest.length || !/%[^%]/.test(fmt)) break;
  }
  return out;
}

const HOME_REF = /\$\{HOME\}|\$HOME(?![A-Za-z0-9_])/g;

function withoutHome(t: string): string {
  return t.includes('HOME') ? t.replace(HOME_REF, '') : t;
}

/** What `echo`/`printf` print, or null when it is not a literal. */
export function literalText(tokens: Token[]): string | null {
  const w = words(tokens);
  if (!w.length) return null;
  const first = basename(at(w, 0));
  const args = w.slice(1);
  // $HOME stays as written: it names the home directory wherever the printed text is read.
  if (args.some((t) => t.includes('$(') || t.includes('`') || /\$[A-Za-z_{@*0-9]/.test(withoutHome(t)))) return null;
  if (first === 'echo') {
    let i = 0;
    let esc = false;
    let nl = true;
    while (i < args.length && /^-[neE]+$/.test(at(args, i))) {
      if (at(args, i).includes('e')) esc = true;
      if (at(args, i).includes('n')) nl = false;
      i++;
    }
    const s = args.slice(i).join(' ');
    return (esc ? unescapeEcho(s) : s) + (nl ? '\n' : '');
  }
  if (first === 'printf') return printfText(args);
  return null;
}

function b64(s: string): string | null {
  const clean = s.replace(/\s+/g, '');
  if (!clean || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(clean)) return null;
  const out = Buffer.from(clean, clean.includes('-') || clean.includes('_') ? 'base64url' : 'base64').toString(
    'latin1',
  );
  return out;
}

function hex(s: string): string | null {
  const clean = s.replace(/\s+/g, '').replace(/^0x/i, '');
  if (!/^[0-9A-Fa-f]*$/.test(clean) || clean.length % 2) return null;
  return Buffer.from(clean, 'hex').toString('latin1');
}

/** tr SET1 SET2 for literal sets with ranges (a-z); null for classes it does not model. */
function trMap(set1: string, set2: string): ((s: string) => string) | null {
  const expand = (set: string): string[] | null => {
    if (set.includes('[:')) return null;
    const out: string[] = [];
    const s = set.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\\\/g, '\\');
    for (let i = 0; i < s.length; i++) {
      if (s[i + 1] === '-' && i + 2 < s.length) {
        const a = s.charCodeAt(i);
        const b = s.charCodeAt(i + 2);
        if (b < a || b - a > 256) return null;
        for (let c = a; c <= b; c++) out.push(String.fromCharCode(c));
        i += 2;
      } else out.push(at(s, i));
    }
    return out;
  };
  const a = expand(set1);
  const b = expand(set2);
  if (!a || !b || !b.length) return null;
  const map = new Map<string, string>();
  a.forEach((c, i) => map.set(c, at(b, Math.min(i, b.length - 1))));
  return (s) => {
    let out = '';
    for (const c of s) out += map.get(c) ?? c;
    return out;
  };
}

/** A filter stage: how it transforms known text, or undefined when the words are not one. */
export function filterOf(tokens: Token[]): { name: string; apply: (s: string) => string | null } | undefined {
  const w = words(tokens);
  if (!w.length) return undefined;
  const first = basename(at(w, 0));
  const args = w.slice(1);
  const has = (...f: string[]) =>
    args.some(
      (a) =>
        f.includes(a) ||
        (a.startsWith('-') && !a.startsWith('--') && f.some((x) => x.length === 2 && a.includes(at(x, 1)))),
    );
  if (
    (first === 'base64' || first === 'gbase64' || first === 'b64decode') &&
    (first === 'b64decode' || has('-d', '-D') || args.some((a) => a.startsWith('--dec')))
  ) {
    return { name: 'base64 -d', apply: b64 };
  }
  if (first === 'base32' && (has('-d') || args.includes('--decode'))) return { name: 'base32 -d', apply: () => null };
  if (
    first === 'openssl' &&
    (args[0] === 'base64' || args[0] === 'enc') &&
    args.includes('-d') &&
    (args[0] === 'base64' || args.some((a) => a === '-base64' || a === '-a'))
  ) {
    return { name: 'openssl base64 -d', apply: b64 };
  }
  if (first === 'xxd' && args.some((a) => a === '-r' || a.startsWith('-r'))) return { name: 'xxd -r', apply: hex };
  if (first === 'rev' && !args.filter((a) => !a.startsWith('-')).length) {
    return {
      name: 'rev',
      apply: (s) =>
        s
          .split('\n')
          .map((l) => [...l].reverse().join(''))
          .join('\n'),
    };
  }
  if (first === 'tr' && args.length === 2 && !at(args, 0).startsWith('-')) {
    const f = trMap(at(args, 0), at(args, 1));
    return { name: 'tr', apply: f ?? (() => null) };
  }
  if (first === 'tr' && args.length === 2 && args[0] === '-d') {
    const drop = at(args, 1);
    return {
      name: 'tr -d',
      apply: (s) => (drop.includes('[:') ? null : [...s].filter((c) => !drop.includes(c)).join('')),
    };
  }
  if ((first === 'cat' || first === 'tee') && !args.filter((a) => !a.startsWith('-')).length)
    return { name: '', apply: (s) => s };
  if (
    first === 'gunzip' ||
    first === 'zcat' ||
    first === 'bunzip2' ||
    first === 'xz' ||
    first === 'unxz' ||
    (first === 'gzip' && has('-d'))
  ) {
    return { name: first, apply: () => null };
  }
  return undefined;
}

/** The flow a first pipeline stage produces. */
export function sourceFlow(tokens: Token[], hereDoc: string | null): Flow {
  const lit = literalText(tokens);
  if (lit !== null) return { text: lit, network: false, decoders: [] };
  const w = words(tokens);
  const first = basename(w[0] ?? '').toLowerCase();
  const here = hereDoc ?? hereStringText(tokens);
  if (here !== null && (first === 'cat' || filterOf(tokens))) {
    const f = filterOf(tokens);
    const text = f && f.name ? f.apply(here) : here;
    return { text, network: false, decoders: f?.name ? [f.name] : [] };
  }
  // a program named at run time and handed a URL (`${x:1:4} -s https://...`) is taken to fetch it
  const computedFetch = /[$`]/.test(w[0] ?? '') && w.slice(1).some((a) => /^(?:https?|ftp):\/\//i.test(a));
  return {
    text: null,
    network: FETCHERS.has(first) || (first === 'openssl' && w[1] === 's_client') || computedFetch,
    decoders: [],
  };
}

/** The next flow after a filter stage, or null when the stage is not a filter. */
export function throughFilter(flow: Flow, tokens: Token[]): Flow | null {
  const f = filterOf(tokens);
  if (!f) return null;
  const text = flow.text === null ? null : f.apply(flow.text);
  return {
    text: text !== null && text.length > MAX_DECODED ? null : text,
    network: flow.network,
    decoders: f.name ? [...flow.decoders, f.name] : flow.decoders,
  };
}

/** Interpreters that run a script read from stdin when given no script (or `-`). */
const STDIN_INTERPRETERS =
  /^(python[0-9.]*|pypy[0-9.]*|node|nodejs|deno|bun|perl|ruby|php|lua[0-9.]*|Rscript|osascript|pwsh|powershell)$/;

/** Inline code that evaluates what it reads from standard input. */
const STDIN_EVAL =
  /\b(?:exec|eval|compile|instance_eval|Invoke-Expression|iex)\b[\s(]*[^;]*?(?:sys\.stdin|stdin\.read|readFileSync\(\s*(?:0|['"]\/dev\/stdin)|STDIN|\$stdin|php:\/\/stdin|<STDIN>|io\.read|\$input)/i;

export type Sink = { kind: 'shell' } | { kind: 'interpreter'; name: string };

/** Whether this stage runs its stdin as code: a shell without -c, `source /dev/stdin`, an interpreter with `-`. */
export function sinkOf(tokens: Token[]): Sink | null {
  const w = words(tokens);
  if (!w.length) return null;
  const first = basename(at(w, 0)).toLowerCase();
  const args = w.slice(1);
  if (SHELLS.has(first) || first === 'fish' || (first === 'busybox' && args[0] === 'sh')) {
    const rest = first === 'busybox' ? args.slice(1) : args;
    // `sh -c X` runs X, not stdin; `sh script` runs the script (stdin is data) unless -s. Under
    // xargs, `sh -c '{}'` (or `"$1"`) runs each input item as its script.
    const c = rest.findIndex((a) => /^-[a-z]*c/.test(a));
    if (c >= 0) return /^(?:\{\}|%|"?\$(?:0|1|@|\*)"?)$/.test((rest[c + 1] ?? '').trim()) ? { kind: 'shell' } : null;
    const operand = rest.find((a) => !a.startsWith('-') && !a.startsWith('+'));
    if (operand && !rest.some((a) => /^-[a-z]*s/.test(a)) && operand !== '/dev/stdin') return null;
    return { kind: 'shell' };
  }
  if (
    (first === 'source' || first === '.') &&
    // fish's `source` with no file reads standard input
    (args[0] === undefined ||
      args[0] === '/dev/stdin' ||
      args[0] === '-' ||
      args[0] === '/proc/self/fd/0' ||
      args[0] === '/dev/fd/0')
  ) {
    return { kind: 'shell' };
  }
  if (linesRunBy(first, args)) return { kind: 'shell' };
  if (STDIN_INTERPRETERS.test(first)) {
    const ops = args.filter((a) => !a.startsWith('-') || a === '-');
    const code = args.some((a) => a === '-c' || a === '-e' || a === '-p' || a === '-r' || a === '-E' || a === 'eval');
    if (!code && (ops.length === 0 || ops[0] === '-' || ops[0] === '/dev/stdin'))
      return { kind: 'interpreter', name: first };
    // `python3 -c "exec(sys.stdin.read())"`, `node -e "eval(fs.readFileSync(0,'utf8'))"`: inline code that runs stdin
    if (code && args.some((a) => STDIN_EVAL.test(a))) return { kind: 'interpreter', name: first };
  }
  return null;
}

/** awk's system() or a pipe to a shell given a whole input field (`system($0)`, `print | "sh"`). */
const AWK_RUNS_LINE = /\bsystem\s*\(\s*\$\w*\s*\)|\bprint\b[^|]*\|\s*"(?:\/bin\/)?(?:ba|z|da)?sh"/;
/** perl -n/-p and ruby -n/-p code running the input line (`system($_)`, `` `$_` ``, `eval $_`). */
const LINE_VAR_RUN =
  /\b(?:system|exec|eval|spawn)\s*\(?\s*\$_\b|`\s*(?:\$_|#\{\$_\})\s*`|%x\{\s*#\{\$_\}\s*\}|\bqx\s*[({]\s*\$_/;
/** Interpreter code that reads its standard input and runs it as commands or code. */
const STDIN_READ =
  /\bsys\.stdin\b|\binput\s*\(|process\.stdin|readFileSync\(\s*(?:0|['"]\/dev\/stdin['"])|\bSTDIN\b|\$stdin\b|\bARGF\b/;
const RUNS_CODE =
  /\bos\.system\s*\(|\bsubprocess\.|\bexec\s*\(|\beval\s*\(|child_process|execSync|spawnSync|\bsystem\s*\(|`[^`]*\$\{/;

/**
 * Whether this stage runs every line it reads as a command: awk `{system($0)}`, perl/ruby -n
 * with `system($_)`, interpreter code that reads stdin and runs it, GNU parallel with no command
 * (each input line is one). `xargs sh -c '{}'` is read where the shell is (xargs is peeled first).
 */
function linesRunBy(name: string, args: string[]): boolean {
  if (/^(?:awk|gawk|mawk|nawk|busybox)$/.test(name)) return args.some((a) => AWK_RUNS_LINE.test(a));
  if (/^(?:perl|ruby)$/.test(name))
    return args.some((a) => /^-[a-zA-Z]*[np]/.test(a)) && args.some((a) => LINE_VAR_RUN.test(a));
  if (/^(?:python[0-9.]*|node|nodejs|deno|bun|php)$/.test(name))
    return args.some((a) => STDIN_READ.test(a) && RUNS_CODE.test(a));
  if (name === 'parallel') return !args.some((a) => !a.startsWith('-'));
  return false;
}

/** The body of a here-string on this stage (`cmd <<< 'text'`), or null. */
export function hereStringText(tokens: Token[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = at(tokens, i);
    if (!t.redir || !t.text.includes('<<<')) continue;
    const body = t.text.endsWith('<<<') ? tokens[i + 1]?.text : t.text.slice(t.text.indexOf('<<<') + 3);
    return body ?? null;
  }
  return null;
}

/** Here-documents of a command string, in order: the delimiter's line and the body. */
export interface HereDoc {
  body: string;
}

/**
 * Finds `<<DELIM` / `<<-DELIM` / `<<'DELIM'` here-documents and their bodies in one pass. The
 * k-th entry belongs to the k-th `<<` operator the tokenizer reports.
 */
// Unrolled (runs of plain characters, then an escape pair): one alternation per character was
// slow on long quoted words.
const DQ_BODY = /[^"\\]*(?:\\[^][^"\\]*)*"/y;
const OTHER = /[^\\'"<\n]*/y;

export function findHereDocs(s: string): HereDoc[] {
  const out: HereDoc[] = [];
  if (!s.includes('<<')) return out;
  const pending: { delim: string; strip: boolean; at: number }[] = [];
  let i = 0;
  while (i < s.length) {
    const c = at(s, i);
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === "'") {
      const e = s.indexOf("'", i + 1);
      i = e < 0 ? s.length : e + 1;
      continue;
    }
    if (c === '"') {
      DQ_BODY.lastIndex = i + 1;
      i = DQ_BODY.test(s) ? DQ_BODY.lastIndex : s.length;
      continue;
    }
    if (c !== '<' && c !== '\n') {
      // Nothing else matters here: skip to the next character that might.
      OTHER.lastIndex = i + 1;
      i = OTHER.test(s) ? OTHER.lastIndex : s.length;
      continue;
    }
    if (c === '<' && s[i + 1] === '<' && s[i + 2] !== '<') {
      const m = /^<<(-?)[ \t]*(?:'([^'\n]*)'|"([^"\n]*)"|\\?([A-Za-z0-9_.-]+))/.exec(s.slice(i, i + 260));
      if (m) {
        pending.push({ delim: m[2] ?? m[3] ?? at(m, 4), strip: m[1] === '-', at: out.length + pending.length });
        i += m[0].length;
        continue;
      }
    }
    if (c === '\n' && pending.length) {
      // Bodies start on the next line, one after another.
      let pos = i + 1;
      for (const p of pending) {
        let body = '';
        while (pos <= s.length) {
          const nl = s.indexOf('\n', pos);
          const line = s.slice(pos, nl < 0 ? s.length : nl);
          const cmp = p.strip ? line.replace(/^\t+/, '') : line;
          pos = nl < 0 ? s.length + 1 : nl + 1;
          if (cmp === p.delim) break;
          body += (p.strip ? cmp : line) + '\n';
        }
        out.push({ body });
      }
      pending.length = 0;
      i = pos - 1;
      continue;
    }
    i++;
  }
  for (const _ of pending) out.push({ body: '' });
  return out;
}
