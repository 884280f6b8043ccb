// Readings that need the whole command line, not one simple command:
//  - a script written earlier in the line and then run (`printf '...' > /tmp/x.py && python3
//    /tmp/x.py`, `cat > s.sh <<EOF ... EOF; bash s.sh`, `PYTHONSTARTUP=/tmp/x.py python3 -i`):
//    the code is read as if it had been given inline;
//  - an environment dump (`env`, `printenv`, `set`, `export -p`, `declare -x`, `ps eww`, csh's
//    bare `setenv`, another process's through `procstat -e` or `pargs -e`) whose
//    output reaches the transcript whole: a read of the process environment, where API keys and
//    tokens live. Piped into a filter by name (`env | grep NODE`, `env | cut -d= -f1`) it is not;
//  - a search of a shell history for secret words (`cat ~/.bash_history | grep -i password`,
//    `history | grep token`): read as the one `grep` it amounts to, so the history rules judge
//    it whatever the spelling.
import { basename } from '../../shell-wrappers.js';
import type { Effect } from '../types.js';
import type { SimpleCommand } from '../walk.js';
import { analyzeCode } from './code.js';
import { LANGUAGES, languageOfProgram, type Language } from './languages.js';
import { at } from '../../../util/invariant.js';
import { makeRecipe, makeRunOf } from '../../make-recipes.js';
import { sqlClientEffects } from '../sql.js';
import { anyClientSqlEffects } from '../sql-any-client.js';
import { secretFlows } from '../flow.js';
import { indirectReads } from '../env-reads.js';
import { secretFieldReads } from '../secret-fields.js';
import { exposureEffects } from '../exposure.js';
import { containerRunEffects } from '../container-run.js';
import { environmentFate } from '../env-filters.js';
import { psPrintsEnvironment } from '../process-secrets.js';

/** The path the environment-dump rules name: reading it is reading every variable. */
export const ENVIRONMENT_PATH = '/proc/self/environ';

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'fish', 'busybox']);
const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep', 'findstr', 'select-string']);
/** Words that name a secret in a variable name or a search pattern. */
export const SECRET_WORD =
  /pass|pwd|secret|token|key|cred|auth|bearer|cookie|session|private|aws_|api_|akia|sk_live|ghp_|_pat\b|github_pat/i;
const HISTORY_FILE =
  /(?:^|\/)(?:\.(?:bash|zsh|sh|ksh|python|node_repl|psql|mysql|sqlite|rediscli|irb|pry|mongosh|dbshell)_history|\.zhistory|fish_history|ConsoleHost_history\.txt)$/i;

function stripDot(p: string): string {
  return p.replace(/^\.\/+/, '').replace(/\/{2,}/g, '/');
}

function languageOf(name: string): Language | undefined {
  return languageOfProgram(name);
}

/** The operands of a command (words not starting with '-'), after its name. */
function operands(argv: string[]): string[] {
  return argv.slice(1).filter((w) => !w.startsWith('-'));
}

// ------------------------------------------------------------------ scripts written, then run

/** The file an interpreter or shell runs as its script, when the line names one. */
function scriptRun(c: SimpleCommand): { path: string; lang?: Language; via: string }[] {
  const out: { path: string; lang?: Language; via: string }[] = [];
  const a = c.argv;
  const name = basename(a[0] ?? '');
  const lang = languageOf(name);
  for (const { name: v, value } of c.assigns) {
    if (v === 'PYTHONSTARTUP') out.push({ path: value, lang: LANGUAGES[0], via: `${v}=${value}` });
    else if (v === 'BASH_ENV' || v === 'ENV') out.push({ path: value, via: `${v}=${value}` });
    else if (v === 'NODE_OPTIONS') {
      const m = /(?:--require|-r|--import)[=\s]+(\S+)/.exec(value);
      if (m?.[1]) out.push({ path: m[1], lang: languageOf('node'), via: `NODE_OPTIONS requires ${m[1]}` });
    }
  }
  if (!a.length) return out;
  if (name === 'source' || name === '.') {
    if (a[1]) out.push({ path: a[1], via: `${name} ${a[1]}` });
    return out;
  }
  if (SHELLS.has(name) || lang) {
    // the first operand is the script, unless code is given inline
    for (let i = 1; i < a.length; i++) {
      const w = at(a, i);
      if (lang?.inline.includes(w) || w === '-c' || (lang?.moduleFlag && w === lang.moduleFlag)) break;
      if (w.startsWith('-')) continue;
      if ((name === 'deno' || name === 'bun' || name === 'go' || name === 'dart') && (w === 'run' || w === 'x'))
        continue;
      out.push(lang ? { path: w, lang, via: `${name} ${w}` } : { path: w, via: `${name} ${w}` });
      break;
    }
    return out;
  }
  // ./script.sh, /tmp/x: the file itself is the program
  if (at(a, 0).includes('/')) out.push({ path: at(a, 0), via: at(a, 0) });
  return out;
}

/** Language of a script by its first line or its name. */
function scriptLanguage(path: string, content: string): Language | undefined {
  const shebang = /^#!\s*(\S+)(?:\s+(\S+))?/.exec(content);
  if (shebang) {
    const prog = basename(shebang[1] === '/usr/bin/env' ? (shebang[2] ?? '') : (shebang[1] ?? ''));
    return languageOf(prog);
  }
  const ext = /\.(\w+)$/.exec(path)?.[1]?.toLowerCase();
  const byExt: Record<string, string> = {
    py: 'python3',
    js: 'node',
    mjs: 'node',
    cjs: 'node',
    ts: 'node',
    rb: 'ruby',
    pl: 'perl',
    php: 'php',
    lua: 'lua',
    r: 'Rscript',
    ps1: 'pwsh',
    go: 'go',
    tcl: 'tclsh',
    groovy: 'groovy',
    kts: 'kotlin',
    jl: 'julia',
    exs: 'elixir',
    cr: 'crystal',
    dart: 'dart',
  };
  return ext && byExt[ext] ? languageOf(byExt[ext]) : undefined;
}

function scriptEffects(cmds: SimpleCommand[], written: Map<string, string>, out: Effect[]): void {
  if (!written.size) return;
  for (const c of cmds) {
    for (const run of scriptRun(c)) {
      const content = written.get(stripDot(run.path));
      if (content === undefined) continue;
      const via = `${run.via} runs ${run.path}, written earlier in the line,`;
      const lang = run.lang ?? scriptLanguage(run.path, content);
      if (lang) out.push(...analyzeCode(lang, content, via));
      else out.push({ tool: 'exec', command: content, via });
    }
    // `printf 'x:\n\trm -rf ...' > /tmp/M && make -f /tmp/M x`: the recipes of a Makefile written
    // earlier in the line run now, as a script written then run does
    const make = makeRunOf(c.argv)?.make;
    if (!make) continue;
    for (const f of make.files) {
      const content = written.get(stripDot(f));
      if (content === undefined) continue;
      const recipe = makeRecipe(content, make.targets);
      if (recipe) out.push({ tool: 'exec', command: recipe, via: `make runs ${f}, written earlier in the line,` });
      break;
    }
  }
}

// ------------------------------------------------------------------ environment dumps

/** Whether a command prints every environment variable. */
export function dumpsEnvironment(argv: string[]): boolean {
  const name = basename(argv[0] ?? '');
  const rest = argv.slice(1);
  switch (name) {
    case 'kubectl':
    case 'oc': {
      // kubectl exec POD -- env: the container's environment, secrets mounted as variables among it
      const dash = rest.indexOf('--');
      return rest[0] === 'exec' && dash > 0 && dumpsEnvironment(rest.slice(dash + 1));
    }
    case 'docker':
    case 'podman':
    case 'nerdctl': {
      if (rest[0] !== 'exec') return false;
      let i = 1;
      while (i < rest.length && (rest[i] ?? '').startsWith('-'))
        i += /^(?:-[ewu]|--env|--workdir|--user)$/.test(rest[i] ?? '') ? 2 : 1;
      return i + 1 < rest.length && dumpsEnvironment(rest.slice(i + 1));
    }
    case 'npm':
    case 'yarn':
    case 'pnpm':
    case 'bun':
      // `npm run env` (npm's built-in script) prints the environment a script gets
      return (rest[0] === 'run' || rest[0] === 'run-script') && rest[1] === 'env' && rest.length === 2;
    case 'env':
    case 'printenv':
      return rest.every((w) => w === '-0' || w === '--null' || w === '--');
    case 'setenv':
      // csh and tcsh: setenv with no name prints every environment variable (csh(1), tcsh(1))
      return rest.length === 0;
    case 'procstat':
      // FreeBSD procstat(1): -e (or the penv subcommand) prints a process's environment
      return rest.some((w) => /^-[a-zA-Z]*e[a-zA-Z]*$/.test(w) || w === 'penv' || w === 'environment');
    case 'pargs':
      // illumos and Solaris pargs(1): -e prints a process's environment
      return rest.some((w) => /^-[a-zA-Z]*e[a-zA-Z]*$/.test(w));
    case 'set':
      // fish's `set --show` (`-S`) prints every variable with its value; bash has no such option
      return rest.length === 0 || rest.every((w) => w === '--show' || w === '-S');
    case 'lxc':
    case 'incus':
    case 'lxc-attach': {
      // lxc exec C -- env, lxc-attach -n C -- env: the container's environment
      const dash = rest.indexOf('--');
      return (name === 'lxc-attach' || rest[0] === 'exec') && dash > 0 && dumpsEnvironment(rest.slice(dash + 1));
    }
    case 'wmic':
    case 'wmic.exe':
      return rest.some((w) => /^environment$/i.test(w));
    case 'launchctl':
      // macOS launchctl procinfo PID prints the process's environment vector (launchctl(1))
      return rest[0] === 'procinfo';
    default: {
      // php -i / php --info is phpinfo() on the command line: its Environment and PHP Variables
      // sections print every variable with its value ($_SERVER, $_ENV)
      if (/^php[\d.]*$/.test(name)) return rest.length > 0 && rest.every((w) => w === '-i' || w === '--info');
      // any runner handed a dump as its command (`dotenv -f .env run env`, `tool exec -- printenv`):
      // what it prints is the environment it made, secrets loaded into it
      const at = rest.findIndex(
        (w, i) =>
          (w === 'run' || w === 'exec' || w === '--') &&
          /^(?:env|printenv|setenv|export|declare|typeset)$/.test(basename(rest[i + 1] ?? '')),
      );
      return at >= 0 && dumpsEnvironment(rest.slice(at + 1));
    }
    case 'export':
      return rest.every((w) => w === '-p');
    case 'declare':
    case 'typeset':
      return rest.length === 0 || rest.every((w) => /^-[pxgr]+$/.test(w) && w !== '-r');
    case 'ps':
      // BSD-style options (no dash) with `e` show each process's environment: ps e, ps auxeww;
      // the value of -u/-p/-o (`ps -u deploy`) is a user, a pid or a format, not options
      return psPrintsEnvironment(['ps', ...rest]);
  }
}

/** The search pattern of a grep-like command, and whether it inverts the match. */
function searchOf(argv: string[]): { pattern: string; invert: boolean } | undefined {
  const name = basename(argv[0] ?? '').toLowerCase();
  if (!SEARCHERS.has(name)) return undefined;
  let invert = false;
  const patterns: string[] = [];
  const rest: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = at(argv, i);
    if (w === '--') {
      rest.push(...argv.slice(i + 1));
      break;
    }
    if (w === '-e' || w === '--regexp' || w === '-Pattern') patterns.push(argv[++i] ?? '');
    else if (w.startsWith('--regexp=')) patterns.push(w.slice(9));
    else if (w === '-v' || w === '--invert-match' || /^-[a-zA-Z]*v[a-zA-Z]*$/.test(w)) invert = true;
    else if (w === '-f' || w === '--file' || w === '-m' || w === '-A' || w === '-B' || w === '-C') i++;
    else if (!w.startsWith('-')) rest.push(w);
  }
  const firstOperand = patterns.length ? undefined : rest.shift();
  if (firstOperand !== undefined) patterns.push(firstOperand);
  return { pattern: patterns.join('|'), invert };
}

/**
 * fish's `set` with only scope flags and no name (`set -x`, `set -gx`, `set -U`) lists the
 * variables of that scope with their values (fishshell.com, set: "If no variable names are
 * given, list all variables of the given scope"). bash's `set -x` turns on tracing and prints
 * nothing, so only a listing piped on to another program is read as a dump.
 */
function fishScopeListing(c: SimpleCommand): boolean {
  if (basename(c.argv[0] ?? '') !== 'set' || !c.pipedInto || c.argv.length < 2) return false;
  return c.argv.slice(1).every((w) => /^-[xgUlf]+$|^--(?:export|global|universal|local|function)$/.test(w));
}

function environmentEffects(c: SimpleCommand, out: Effect[], cmds: SimpleCommand[]): void {
  if (!dumpsEnvironment(c.argv) && !fishScopeListing(c)) return;
  const name = basename(c.argv[0] ?? '');
  // `kubectl exec POD -- env | grep X`: the inner command is walked alone; the pipe is its wrapper's
  let into =
    c.pipedInto ??
    cmds.find(
      (x) =>
        x !== c &&
        x.pipedInto &&
        x.argv.length > c.argv.length &&
        x.argv.slice(-c.argv.length).join('\0') === c.argv.join('\0'),
    )?.pipedInto;
  // npm's environment carries its configuration, registry tokens among it (npm_config_*)
  const npmConfig = name !== 'env' && name !== 'printenv' && /npm_config/i.test(into?.join(' ') ?? '');
  const fate = into ? environmentFate(into, cmds) : 'dump';
  // `source .env && env | grep -i rpc`: the file sourced first put its own variables in the
  // environment, whose names no catalogue holds, so a filter that lets values through prints
  // that file's values; read as a read of the file (names-only filters still pass)
  if (fate === 'names' && into && printsValues(into, cmds))
    for (const f of sourcedFiles(cmds, c))
      out.push({ tool: 'read', path: f, via: `${name} prints the values of ${f}, sourced before it` });
  if (fate === 'names' && !npmConfig) return;
  const via =
    fate === 'search'
      ? `${name} | ${basename(into?.[0] ?? '')} searches the environment for secrets`
      : into && SEARCHERS.has(basename(into[0] ?? ''))
        ? `${name} | ${basename(into[0] ?? '')} lets secret variables through`
        : `${name} prints every environment variable`;
  out.push({ tool: 'read', path: ENVIRONMENT_PATH, via });
}

/** Files a line sources before `dump` runs (`source .env`, `. ./.env`, `set -a; . F`). */
function sourcedFiles(cmds: SimpleCommand[], dump: SimpleCommand): string[] {
  const out: string[] = [];
  for (const x of cmds) {
    if (x === dump) break;
    const n = basename(x.argv[0] ?? '');
    if ((n === 'source' || n === '.') && x.argv[1] !== undefined && !x.argv[1].startsWith('-')) out.push(x.argv[1]);
  }
  return out;
}

/** Whether a pipe's filters print values: a search that is neither silent, inverted, nor a count or file list, and no names-only cut. */
function printsValues(into: string[], cmds: SimpleCommand[]): boolean {
  let cur: string[] | undefined = into;
  for (let guard = 0; guard < 8 && cur; guard++) {
    const n = basename(cur[0] ?? '');
    if (/^(?:cut|awk|gawk|sed|wc)$/.test(n)) return false;
    const stage: string[] = cur;
    if (/^(?:grep|egrep|rg|findstr)$/.test(n) && stage.some((w) => /^-[a-zA-Z]*[lLcqo][a-zA-Z]*$/.test(w)))
      return false;
    cur = cmds.find((x) => x.argv === stage)?.pipedInto;
  }
  return searchOf(into) !== undefined && !searchOf(into)?.invert;
}

// ------------------------------------------------------------------ history searches

function historySearch(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '');
    let files: string[] = [];
    let search: ReturnType<typeof searchOf>;
    const own = searchOf(c.argv);
    if (own) {
      files = operands(c.argv)
        .slice(own.pattern && !c.argv.includes('-e') ? 1 : 0)
        .filter((f) => HISTORY_FILE.test(f));
      search = own;
    } else if (c.pipedInto) {
      search = searchOf(c.pipedInto);
      if (name === 'history' || name === 'fc') files = ['~/.bash_history'];
      else files = operands(c.argv).filter((f) => HISTORY_FILE.test(f));
    }
    if (!search || search.invert || !SECRET_WORD.test(search.pattern)) continue;
    for (const f of files) {
      const pattern = search.pattern.toLowerCase().replace(/'/g, '');
      out.push({
        tool: 'exec',
        command: `grep -i '${pattern}' ${f}`,
        via: `searches ${f} for secrets`,
      });
    }
  }
}

// ------------------------------------------------------------------ raw protocol clients

const RAW_CLIENTS = new Set(['nc', 'ncat', 'netcat', 'telnet', 'socat']);

/** Text piped into nc/telnet toward a Redis port is Redis commands: `printf 'FLUSHALL' | nc h 6379`. */
const LOOPBACK = /^(?:localhost|127\.\d+\.\d+\.\d+|::1|\[::1\])$/i;

function rawProtocol(c: SimpleCommand, out: Effect[]): void {
  const name = basename(c.argv[0] ?? '');
  // memcached's flush_all empties every key of the servers it reaches: libmemcached's memcflush
  // --servers=H[,H], or the text protocol's `flush_all` sent to port 11211 through a raw socket
  // (memcached protocol.txt); a loopback server is the developer's own
  if (name === 'memcflush') {
    const servers = c.argv
      .slice(1)
      .map((w, i, a) => (w.startsWith('--servers=') ? w.slice(10) : w === '--servers' ? (a[i + 1] ?? '') : ''))
      .join(',')
      .split(',')
      .filter(Boolean);
    for (const h of servers.length ? servers : ['$MEMCACHED_SERVERS'])
      if (!LOOPBACK.test(h.replace(/:\d+$/, '')))
        out.push({ tool: 'exec', command: `memcached-flush ${h}`, via: `memcflush empties the cache at ${h}` });
    return;
  }
  if (!RAW_CLIENTS.has(name) || c.stdin === undefined) return;
  const ops = operands(c.argv);
  const port = ops.find((w) => /^\d+$/.test(w)) ?? /:(\d+)$/.exec(ops.join(' '))?.[1];
  const host = ops.find((w) => !/^\d+$/.test(w)) ?? 'localhost';
  if ((port === '11211' || /memcache/i.test(host)) && /(?:^|[\s\\n])flush_all\b/.test(c.stdin)) {
    if (!LOOPBACK.test(host))
      out.push({
        tool: 'exec',
        command: `memcached-flush ${host}`,
        via: `${name} sends memcached flush_all to ${host}`,
      });
    return;
  }
  if (port !== '6379' && !/redis/i.test(host)) return;
  for (const line of c.stdin.replace(/\\r|\\n/g, '\n').split(/[\r\n]+/)) {
    const cmd = line.trim();
    if (cmd)
      out.push({
        tool: 'exec',
        command: `redis-cli -h ${host} ${cmd}`,
        via: `${name} sends Redis ${cmd.split(/\s/)[0]}`,
      });
  }
}

/**
 * The argv as the shell would run it, for the readings above: `c=env; $c` runs env,
 * `{ps,auxeww}` runs ps auxeww, `export${IFS}-p` runs export -p. Only literal values are used.
 */
function resolved(cmds: SimpleCommand[]): SimpleCommand[] {
  const vars = new Map<string, string>();
  const out: SimpleCommand[] = [];
  for (const c of cmds) {
    if (!c.argv.length) {
      for (const a of c.assigns) vars.set(a.name, a.value);
      out.push(c);
      continue;
    }
    if (!c.argv.some((w, i) => w.includes('$') || (i === 0 && w.startsWith('{')))) {
      out.push(c);
      continue;
    }
    const words: string[] = [];
    c.argv.forEach((w, i) => {
      let v = w.replace(/\$\{(\w+)\}|\$(\w+)/g, (m, a: string | undefined, b: string | undefined) => {
        const name = a ?? b ?? '';
        if (name === 'IFS') return ' ';
        return vars.get(name) ?? m;
      });
      if (i === 0 && !c.quoted[0] && /^\{[^{}]*,[^{}]*\}$/.test(v)) v = v.slice(1, -1).replace(/,/g, ' ');
      words.push(...(v === w ? [w] : v.split(/\s+/).filter(Boolean)));
    });
    const r: SimpleCommand = { ...c, argv: words, quoted: words.map(() => false) };
    out.push(r);
  }
  // pipes name the consumer's argv: point them at the resolved one
  for (let i = 0; i < cmds.length; i++) {
    const into = at(cmds, i).pipedInto;
    if (!into) continue;
    const j = cmds.findIndex((x) => x.argv === into);
    if (j >= 0) out[i] = { ...at(out, i), pipedInto: at(out, j).argv };
  }
  return out;
}

/** The effects that need the whole line (see the top of this file), appended to `out`. */
export function lineEffects(raw: SimpleCommand[], out: Effect[]): void {
  const cmds = resolved(raw);
  const written = new Map<string, string>();
  for (const e of out)
    if (e.tool === 'write' && e.path && e.content !== undefined) written.set(stripDot(e.path), e.content);
  scriptEffects(cmds, written, out);
  for (const c of cmds) {
    environmentEffects(c, out, cmds);
    rawProtocol(c, out);
    sqlClientEffects(c, out, written);
    anyClientSqlEffects(c, out, written);
  }
  historySearch(cmds, out);
  secretFlows(cmds, out);
  indirectReads(cmds, out);
  secretFieldReads(cmds, out);
  exposureEffects(cmds, out);
  containerRunEffects(cmds, out);
}
