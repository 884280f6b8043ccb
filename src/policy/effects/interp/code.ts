// Reads interpreter code for what it does: the processes it starts, the files it writes, reads
// and deletes, the hosts it reaches, and two combinations that are worse than their parts:
// code fetched from the network and then evaluated (the same as `curl URL | sh`), and a socket
// handed to a process's standard streams (a reverse shell). Only literal arguments are read;
// computed ones are left to the dynamic readings.
import { codeSecretUrls, DNS_LOOKUP_HINT, foreignBucketWrites, storedSecretSends } from '../egress-code.js';
import { codeUploads, outside } from '../code-uploads.js';
import type { Effect } from '../types.js';
import { argValue, foldConcat, literalValue, shellWord, skipBrackets, skipString, splitArgs } from './literals.js';
import { SHELL_PROGRAM, type CallRule, type Language } from './languages.js';
import { sdkEffects } from './sdk.js';
import { gitLibraryEffects } from './git-libraries.js';
import { hubEffects, loaderEffects, registryEffects } from './ml-code.js';
import { releaseCodeEffects } from './release-code.js';
import { sdkVerbEffects } from './sdk-verbs.js';
import { infraSdkEffects } from './infra-sdk.js';
import { clusterClientEffects } from './cluster-clients.js';
import { codeHttpEffects } from './http-calls.js';
import { walkDeleteEffects } from './walk-delete.js';
import { sourceFindings } from '../sources.js';
import { powershellEnvFate } from '../env-filters.js';
import { simpleCommands } from '../walk.js';
import { at } from '../../../util/invariant.js';

const MAX_CODE = 64 * 1024;
/** Names followed through literal assignments (each costs one pass over the code). */
const MAX_CONSTANTS = 32;
const MAX_DEPTH = 4;
/** URLs anywhere in the code (in a literal, or inside a command string it runs). */
/** A shell program written as a string literal. */
const SHELL_LITERAL =
  /['"`](?:\/(?:usr\/)?(?:local\/)?bin\/)?(?:ba|z|da|k|a|c|tc)?sh(?:\s+-i)?['"`]|['"`](?:cmd|powershell|pwsh)(?:\.exe)?['"`]/;
const URL_LITERAL = /((?:https?|ftp|wss?|file):\/\/[^'"`\s<>()\\]+)/gi;
/**
 * A shell started to read its commands from the program's pipe (`IO.popen('sh', 'w')`, Perl's
 * `open(P, '|-', 'sh')` and `open(P, '| sh')`, `subprocess.run(['sh'], input=...)`,
 * `Popen(['bash'], stdin=PIPE)`, `spawn('sh').stdin.write`, `execSync('sh', {input})`,
 * `proc_open('sh', ...)`): with a download in the same code it is `curl URL | sh` spelled in the
 * language.
 */
const SH = `["'](?:\\/(?:usr\\/)?(?:local\\/)?bin\\/)?(?:ba|z|da|k)?sh["']`;
const SHELL_FED = new RegExp(
  [
    `\\bpopen\\(\\s*\\[?\\s*${SH}\\s*\\]?\\s*,\\s*["']w`,
    `\\bopen\\s*\\(\\s*(?:my\\s+)?\\$?\\w+\\s*,\\s*(?:["']\\|-["']\\s*,\\s*${SH}|["']\\|\\s*(?:\\/(?:usr\\/)?bin\\/)?(?:ba|z|da|k)?sh\\b)`,
    `\\b(?:run|Popen|check_output|check_call|call|spawnSync|execSync|execFileSync)\\(\\s*\\[?\\s*${SH}[^)]*\\b(?:input\\s*[=:]|stdin\\s*=\\s*(?:subprocess\\.)?PIPE)`,
    `\\bspawn\\(\\s*${SH}[^)]*\\)\\s*\\.stdin\\.(?:write|end)\\(`,
    `\\bproc_open\\(\\s*${SH}`,
  ].join('|'),
);

function escapeForRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Applies the language's rewrites, decoders, literal folding and aliases. */
export function canonicalCode(lang: Language, code: string): string {
  let c = code.length > MAX_CODE ? code.slice(0, MAX_CODE) : code;
  c = unrollLiteralLoops(c);
  c = rewriteRounds(lang, c);
  // names bound to literals put in place can complete a spelling the rewrites read
  // (`$d='Download'+'String'; $wc.$d(u)` is `$wc.DownloadString(u)`): read it once more
  const propagated = propagateConstants(c);
  if (propagated !== c) c = rewriteRounds(lang, propagated.replace(/\.\s*['"]([A-Za-z_]\w*)['"]\s*\(/g, '.$1('));
  c = propagateObjects(c);
  const map = new Map<string, string>();
  for (const a of lang.aliases) {
    a.re.lastIndex = 0;
    for (let m = a.re.exec(c); m; m = a.re.exec(c))
      for (const [k, v] of a.pairs(m)) if (k && v && k !== v && /^\w+$/.test(k)) map.set(k, v);
  }
  for (const [alias, target] of map) {
    c = c.replace(new RegExp(`(?<![\\w.$'"])${escapeForRegex(alias)}(?=\\s*[.(\\x60]|\\s*['"])`, 'g'), target);
  }
  return c;
}

const LOOP_LIT = `(?:'(?:[^'\\\\\\n]|\\\\.)*'|"(?:[^"\\\\\\n]|\\\\.)*")`;
const LOOP_LITS = `(${LOOP_LIT}(?:\\s*,\\s*${LOOP_LIT})*)\\s*,?\\s*`;
/**
 * Loops over a list of literals, in the spellings of the languages read here: python's
 * `for d in ('a', 'b'):`, JavaScript's `for (const d of ['a', 'b'])` and `['a','b'].forEach(d =>`,
 * ruby's `%w[a b].each do |d|` and `['a','b'].each { |d|`, perl's `for my $d (qw(a b))`.
 * Group `name` is the loop variable, `items` the literals (or `words`, a %w/qw word list).
 */
const LITERAL_LOOPS: RegExp[] = [
  new RegExp(`\\bfor\\s+(?<name>[A-Za-z_]\\w*)\\s+in\\s+[([]\\s*(?<items>${LOOP_LITS})[)\\]]\\s*:`, 'g'),
  new RegExp(
    `\\bfor\\s*\\(\\s*(?:const|let|var)\\s+(?<name>[A-Za-z_$][\\w$]*)\\s+of\\s+\\[\\s*(?<items>${LOOP_LITS})\\]\\s*\\)`,
    'g',
  ),
  new RegExp(
    `\\[\\s*(?<items>${LOOP_LITS})\\]\\s*\\.\\s*forEach\\(\\s*\\(?\\s*(?<name>[A-Za-z_$][\\w$]*)\\s*\\)?\\s*=>`,
    'g',
  ),
  new RegExp(`\\[\\s*(?<items>${LOOP_LITS})\\]\\s*\\.each\\s*(?:do\\s*|\\{\\s*)\\|\\s*(?<name>\\w+)\\s*\\|`, 'g'),
  /%w[[(](?<words>[^\])]*)[\])]\s*\.each\s*(?:do\s*|\{\s*)\|\s*(?<name>\w+)\s*\|/g,
  /\bfor(?:each)?\s+my\s+(?<name>\$\w+)\s*\(\s*qw\s*[([{/](?<words>[^)\]}/]*)[)\]}/]\s*\)/g,
];

/**
 * `for d in ('Documents', 'projects'): shutil.rmtree(os.path.join(home, d))`: the loop's body is
 * read once more for each literal, the variable put in its place, so what each pass does is
 * spelled out (`shutil.rmtree(os.path.join(home, 'Documents'))`). At most 8 items, and only when
 * the code stays small.
 */
function unrollLiteralLoops(code: string): string {
  if (!/\bfor\b|\.each\b|\.forEach\(/.test(code)) return code;
  let out = code;
  for (const re of LITERAL_LOOPS) {
    re.lastIndex = 0;
    const m = re.exec(out);
    if (!m?.groups) continue;
    const name = m.groups.name ?? '';
    const items = m.groups.words
      ? m.groups.words
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map((w) => JSON.stringify(w))
      : splitArgs(m.groups.items ?? '').filter(Boolean);
    if (!name || !items.length || items.length > 8) continue;
    const body = out.slice(m.index + m[0].length);
    if (body.length * items.length > MAX_CODE) continue;
    const esc = escapeForRegex(name);
    const use = new RegExp(`(?<![\\w$.'"])${esc}(?![\\w'"])`, 'g');
    const copies = items.map((it) => body.replace(use, it));
    out = `${out}\n${copies.join('\n')}`;
  }
  return out;
}

function rewriteRounds(lang: Language, code: string): string {
  let c = foldConcat(code, lang.dotConcat);
  for (let round = 0; round < 3; round++) {
    const before = c;
    for (const d of lang.decoders) {
      d.re.lastIndex = 0;
      c = c.replace(d.re, (m, lit: string) => {
        const v = literalValue(lit);
        const out = v === undefined ? undefined : d.decode(v);
        return out === undefined ? m : JSON.stringify(out);
      });
    }
    for (const [re, to] of lang.rewrites) {
      re.lastIndex = 0;
      c = c.replace(re, to);
    }
    c = foldConcat(c, lang.dotConcat);
    if (c === before) break;
  }
  return c;
}

const ASSIGN_LITERAL =
  /(?:^|[;\n{(]\s*|\b(?:const|let|var|my|local)\s+)(\$?[A-Za-z_]\w*)\s*=\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*(?=;|\n|$)/g;

/** A JavaScript declaration of several names (`const a='x', b=f(a)`): its text up to the statement's end. */
const DECLARATION_LIST = /\b(?:const|let|var)\s+([^;\n]*,[^;\n]*)/g;
/** `name = 'literal'` items of such a declaration, each ended by a comma or the statement's end. */
const LISTED_LITERAL = /(?:^|,)\s*([A-Za-z_$][\w$]*)\s*=\s*('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")\s*(?=,|$)/g;

/** `p = '~/.x'; open(p, 'w')` -> `open('~/.x', 'w')`: names bound once to a literal are replaced by it. */
function propagateConstants(code: string): string {
  const seen = new Map<string, string | null>();
  ASSIGN_LITERAL.lastIndex = 0;
  for (let m = ASSIGN_LITERAL.exec(code); m && seen.size < MAX_CONSTANTS; m = ASSIGN_LITERAL.exec(code))
    seen.set(at(m, 1), seen.has(at(m, 1)) ? null : at(m, 2));
  // one declaration binding several names (`const f='package-lock.json',j=require('./'+f)`)
  for (const d of code.matchAll(DECLARATION_LIST))
    for (const m of at(d, 1).matchAll(LISTED_LITERAL))
      if (seen.size < MAX_CONSTANTS && !(m.index === 0 && seen.has(at(m, 1))))
        seen.set(at(m, 1), seen.has(at(m, 1)) ? null : at(m, 2));
  let out = code;
  for (const [name, lit] of seen) {
    if (lit === null || name.length < 1) continue;
    const esc = escapeForRegex(name);
    // a name grown later (`d += chunk`, `$s .= ...`, `b << x`) holds more than its first literal
    if (
      new RegExp(
        `(?<![\\w.$])${esc}\\s*(?:\\+=|\\.=|<<=?|\\|\\|=)|(?<![\\w.$])${esc}\\.(?:push|concat|append|extend|write)\\(`,
      ).test(code)
    )
      continue;
    out = out.replace(new RegExp(`(?<![\\w.$'"])${esc}(?![\\w'"]|\\s*=[^=]|\\s*\\()`, 'g'), lit);
    // a method named by a variable (PowerShell `$o.$m(x)`, PHP `$o->$m(x)`) is the method it holds
    const method = /^['"]([A-Za-z_]\w*)['"]$/.exec(lit)?.[1];
    if (name.startsWith('$') && method) out = out.replace(new RegExp(`(\\.|->)${esc}(?=\\s*\\()`, 'g'), `$1${method}`);
  }
  return out;
}

const ASSIGN_OBJECT =
  /(?:^|[;\n{(]\s*|\b(?:const|let|var|my)\s+)([A-Za-z_]\w*)\s*=\s*(?=(?:new\s+)?[A-Za-z_][\w.]*\s*\()/g;

const FOR_IN = /\bfor\s+([A-Za-z_]\w*)\s+in\s+(?=[A-Za-z_])/g;

/** The end of a call chain starting at code[i] (`new A.B(x).c('y').d`), or -1 when it is not one. */
function chainEnd(code: string, i: number): number {
  let j = i;
  if (code.startsWith('new ', j)) j += 4;
  let calls = 0;
  for (let guard = 0; guard < 16; guard++) {
    const id = /^\s*[A-Za-z_][\w]*/.exec(code.slice(j, j + 200));
    if (!id) return -1;
    j += id[0].length;
    const ws = /^\s*/.exec(code.slice(j))?.[0].length ?? 0;
    if (code[j + ws] === '(') {
      j = skipBrackets(code, j + ws);
      calls++;
    }
    const dot = /^\s*\./.exec(code.slice(j, j + 50));
    if (!dot) break;
    j += dot[0].length;
  }
  return calls ? j : -1;
}

/**
 * `b = boto3.resource('s3').Bucket('x'); b.delete()` -> `boto3.resource('s3').Bucket('x').delete()`:
 * a name bound once to a call chain is replaced by the chain where a member of it is used, so
 * the call reads as what it is called on.
 */
function propagateObjects(code: string): string {
  if (!code.includes('=') && !code.includes('for ')) return code;
  const seen = new Map<string, string | null>();
  ASSIGN_OBJECT.lastIndex = 0;
  for (let m = ASSIGN_OBJECT.exec(code); m && seen.size < MAX_CONSTANTS; m = ASSIGN_OBJECT.exec(code)) {
    const name = m[1] ?? '';
    const start = m.index + m[0].length;
    const end = chainEnd(code, start);
    if (end < 0 || !/^\s*(?:;|\n|$)/.test(code.slice(end, end + 20))) {
      seen.set(name, null);
      continue;
    }
    seen.set(name, seen.has(name) ? null : code.slice(start, end).trim());
  }
  // for i in boto3.resource('ec2').instances.all(): i.terminate() -> the collection's terminate()
  FOR_IN.lastIndex = 0;
  for (let m = FOR_IN.exec(code); m && seen.size < MAX_CONSTANTS; m = FOR_IN.exec(code)) {
    const name = m[1] ?? '';
    const start = m.index + m[0].length;
    const end = chainEnd(code, start);
    if (end < 0 || !/^\s*[:\])]/.test(code.slice(end, end + 20))) continue;
    seen.set(name, seen.has(name) ? null : code.slice(start, end).trim());
  }
  let out = code;
  for (const [name, expr] of seen) {
    if (expr === null || expr.length > 400) continue;
    out = out.replace(new RegExp(`(?<![\\w.$'"])${escapeForRegex(name)}(?=\\s*\\.\\s*[A-Za-z_])`, 'g'), expr);
  }
  return out;
}

interface Found {
  rule: CallRule;
  /** Raw argument texts. */
  args: string[];
  /** Group 1 of the callee pattern (Path('x').write_text: the path). */
  inner?: string;
  name: string;
}

const compiled = new WeakMap<CallRule, RegExp>();

function calleeRegex(rule: CallRule): RegExp {
  let re = compiled.get(rule);
  if (!re) {
    re = new RegExp(
      `(?<![\\w.$-])(?<!->)(?<!::)(?:${rule.fn})(?:\\s*\\(|${rule.bare ? `\\s+(?=['"$\\[\\w~/.\\\\-])` : '(?!)'})`,
      'g',
    );
    compiled.set(rule, re);
  }
  return re;
}

/** PowerShell-style bare words: flags dropped, the rest quoted as literals. */
function bareArgs(text: string): string[] {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w && !w.startsWith('-'));
  // a closing bracket glued to the last word belongs to the enclosing expression: (iwr URL)
  return words.map((w) => (/^['"]/.test(w) ? w : JSON.stringify(w.replace(/\)+$/, ''))));
}

function findCalls(code: string, rule: CallRule, out: Found[], bare = false): void {
  const re = calleeRegex(rule);
  re.lastIndex = 0;
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const end = m.index + m[0].length;
    let args: string[];
    if (code[end - 1] === '(') {
      const close = skipBrackets(code, end - 1);
      args = splitArgs(code.slice(end, close - 1));
      re.lastIndex = Math.max(re.lastIndex, end);
    } else {
      // bare: the rest of the statement
      const stop = code.slice(end).search(/[;\n]|\s(?:and|or|if|unless)\s|\|\||&&/);
      const rest = stop < 0 ? code.slice(end) : code.slice(end, end + stop);
      args = bare && !/^\s*['"]/.test(rest) ? bareArgs(rest) : splitArgs(rest);
    }
    out.push({ rule, args, inner: m[1], name: m[0].replace(/\s*\($/, '').trim() });
    if (out.length > 256) return;
  }
}

function argvOf(f: Found): string | undefined {
  const first = argValue(f.args[0]);
  const extra = f.rule.argv;
  if (extra === -2) {
    // Deno.Command("cmd", { args: [...] })
    const m = /args\s*:\s*(\[[^\]]*\])/.exec(f.args[1] ?? '');
    const rest = m ? argValue(m[1]) : '';
    return first === undefined ? undefined : rest === undefined ? first : `${first} ${rest}`.trim();
  }
  if (extra === -4) {
    // exec.Command("prog", "arg", ...): every argument is one argv word
    const words = f.args.filter((x) => !/^ctx$|context\./.test(x.trim())).map(argValue);
    return words.length && words.every((w) => w !== undefined) ? words.join(' ') : first;
  }
  if (extra === -3) {
    const m = /cmd\s*:\s*(\[[^\]]*\])/.exec(f.args[0] ?? '');
    return m ? argValue(m[1]) : undefined;
  }
  if (first === undefined) return undefined;
  if (extra !== undefined) {
    const rest = argValue(f.args[extra]);
    if (rest !== undefined) {
      // execv('/bin/sh', ['sh', '-c', 'x']): argv[0] repeats the program
      const words = rest.split(' ');
      const tail = words[0] && (first.endsWith('/' + words[0]) || first === words[0]) ? words.slice(1).join(' ') : rest;
      return `${first} ${tail}`.trim();
    }
  }
  // ruby system("ls", "-la") / Open3.capture2("cmd", "arg")
  const more = f.args.slice(1).map(argValue);
  if (f.rule.bare && more.length && more.every((x) => x !== undefined)) return [first, ...more].join(' ');
  return first;
}

const WRITE_MODE = /[wax+]/;

/**
 * The literals a computed content expression puts together
 * (`p.read_text().replace('https://registry.npmjs.org/', 'https://evil.example/')`): the text
 * written is not known, but these pieces of it are, and the write rules judge them.
 */
function literalsIn(expr: string | undefined): string | undefined {
  if (!expr || expr.length > MAX_CODE) return undefined;
  const parts: string[] = [];
  for (let i = 0; i < expr.length && parts.length < 64; i++) {
    const ch = expr[i];
    if (ch !== '"' && ch !== "'" && ch !== '`') continue;
    const end = skipString(expr, i);
    const v = literalValue(expr.slice(i, end));
    if (v !== undefined && v.trim()) parts.push(v);
    i = end - 1;
  }
  return parts.length ? parts.join('\n') : undefined;
}

function pathArg(f: Found): string | undefined {
  const p = f.rule.path ?? 0;
  if (p === -1) return f.inner === undefined ? undefined : argValue(splitArgs(f.inner)[0]);
  return argValue(f.args[p]);
}

/** An argument expression that fetches (a URL, a download or request call) rather than naming a file. */
const FETCHED_ARG = /[a-z][a-z0-9+.-]*:\/\/|\b(?:download|url|urlopen|GET|get|request|fetch|curl_fetch_memory)\s*\(/;

function isUrl(s: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(s);
}

/** PowerShell's listing of the environment drive (`Get-ChildItem env:`), alone or piped on. */
const PS_ENV_LISTING = /\b(?:Get-ChildItem|gci|dir|ls|Get-Item)\s+env:\s*(?:[|;)]|$)/im;

/** Code that prints the whole environment (the same as a bare `env`). */
const PRINT_ENV: RegExp[] = [
  /\bprint\s*\(\s*(?:json\.dumps\(\s*|str\(\s*|repr\(\s*)?(?:dict\(\s*|\{\s*\*\*\s*)?os\.environ\b(?!\s*(?:\.\s*get\b|\[))/,
  /\bos\.environ\.items\(\)[\s\S]*\bprint\b|\bprint\b[\s\S]*\bos\.environ\.items\(\)/,
  /\bconsole\.(?:log|dir|table|info)\(\s*(?:JSON\.stringify\(\s*)?(?:Object\.entries\(\s*)?process\.env\s*[,)]/,
  /\bprocess\.stdout\.write\(\s*JSON\.stringify\(\s*process\.env\s*[,)]/,
  /\b(?:p|pp|puts|print)\s*\(?\s*ENV(?:\.(?:to_h|inspect|to_a|to_hash))?\s*\)?\s*(?:;|$)/m,
  /\bprint\b[^;]*%ENV|\bDumper\(\s*\\?%ENV/,
  /\b(?:print_r|var_dump|var_export|json_encode)\(\s*(?:\$_ENV|\$_SERVER|getenv\(\s*\))/,
  PS_ENV_LISTING,
  // a loop over every variable that writes each one out, whatever the sink (a test hook's
  // `for k, v in sorted(os.environ.items()): sys.stderr.write(...)`, `Object.entries(process.env)
  // .forEach(... console.error ...)`, Ruby's `ENV.each { |k, v| warn ... }`)
  /\bfor\s+\w+(?:\s*,\s*\w+)?\s+in\s+(?:sorted\(\s*)?os\.environ(?:\.items\(\))?[\s\S]{0,240}?\b(?:print|write|writelines|log|debug|info|warning|error|echo)\s*\(/,
  /\bObject\.(?:entries|keys)\(\s*process\.env\s*\)[\s\S]{0,240}?\b(?:console\.\w+|process\.std(?:out|err)\.write|logger\.\w+|log)\s*\(/,
  /\bENV\.(?:each|each_pair|to_h\.each|sort\.each|map)\b[\s\S]{0,200}?\b(?:puts|print|warn|p|pp|\$stderr\.puts|\$stdout\.puts|logger\.\w+)\b/,
  /\b(?:p|pp|puts|print|warn)\s*\(?\s*ENV\.(?:to_h|to_a|to_hash|sort|inspect)\b/,
  /\bprint\(\s*Sys\.getenv\(\s*\)\s*\)|^\s*Sys\.getenv\(\s*\)\s*$/m,
];

/**
 * Code that writes the whole environment into a file (`json.dump(dict(os.environ), open(p, 'w'))`,
 * `fs.writeFileSync(p, JSON.stringify(process.env))`): whoever reads the file later has every
 * secret variable, as with `env > /tmp/e`. A single variable read by name is not the whole.
 */
const WRITES_ENV =
  /(?:json\.dump|yaml\.(?:safe_)?dump|pickle\.dump|\.write|write_text|writeFileSync|writeFile|appendFileSync|appendFile|file_put_contents|Bun\.write|Deno\.writeTextFile(?:Sync)?|File\.write)\s*\([^;\n]{0,160}?(?:dict\(\s*os\.environ\s*\)|\bos\.environ(?:\.copy\(\))?\s*[,)]|\{\s*\*\*\s*os\.environ|JSON\.stringify\(\s*process\.env\s*[,)]|\bprocess\.env\s*[,)]|\bENV\.to_h\b|\$_ENV\b|\bgetenv\(\s*\)|Deno\.env\.toObject\(\))/;

function printsEnvironment(code: string, via: string): boolean {
  // node -p / --print prints the value of the code itself
  if (/ (?:-p|--print)$/.test(via) && /^\s*(?:JSON\.stringify\(\s*)?process\.env\s*\)?\s*;?\s*$/.test(code))
    return true;
  if (!/environ|process\.env|ENV|getenv|env:/i.test(code)) return false;
  return (
    PRINT_ENV.some((re) => re.test(code) && !(re === PS_ENV_LISTING && envListingNamesOnly(code))) ||
    WRITES_ENV.test(code)
  );
}

/**
 * A PowerShell environment-drive listing whose every statement, walked as a pipeline, is read by
 * the same filter reading as a direct one (powershell-reads.ts, env-filters.ts): `Get-ChildItem
 * Env: | Where-Object Name -like 'UE_*'` keeps only names no catalogued secret has, so the code
 * prints no secret; a filter on the value, Format-List or no filter lets them through.
 */
function envListingNamesOnly(code: string): boolean {
  if (code.length > 2000 || /[`$]\(|\bInvoke-Expression\b|\biex\b/i.test(code)) return false;
  for (const statement of code.split(/[;\n]/)) {
    if (!PS_ENV_LISTING.test(statement)) continue;
    const cmds = simpleCommands(statement);
    const lister = cmds.find((c) => PS_ENV_LISTING.test(`${c.argv.join(' ')} |`));
    if (!lister || powershellEnvFate(lister.pipedInto, cmds) !== 'names') return false;
  }
  return true;
}

/** Reading from a connection, in the words most languages' socket APIs use. */
const SOCKET_RECEIVES = /\b(?:recv|recvfrom|recv_into|receive|readline|readLine|gets|getline|read_line|read_until)\b/;
/** Writing to a connection. */
const SOCKET_SENDS = /\b(?:send|sendall|sendto|send_data|write_all|puts|syswrite)\s*\(/;

export interface CodeAnalysis {
  effects: Effect[];
}

/** The effects of a piece of code in `lang`, `via` naming where it came from (e.g. "python -c"). */
/** Home-relative and absolute paths written as literals (after folding: `home + '/.aws/credentials'`). */
const PATH_LITERAL = /(['"])((?:~\/|\/)[^'"\s*?]{0,200}(?:[*?][^'"\s]{0,60})?)\1/g;
const MAX_LISTED = 24;

/**
 * Code that reads files named by a variable (`for p in [...]: open(p).read()`, `File.read!(f)`)
 * reads the paths it lists: whatever the loop, list or dict carries them, each literal path in the
 * code is a file the read may be given. The read policies judge each path, so a script listing
 * `~/.aws/credentials` and `~/.ssh/id_*` reads credentials, one listing log files does not.
 */
function listedPathReads(code: string, via: string): Effect[] {
  const out: Effect[] = [];
  const seen = new Set<string>();
  PATH_LITERAL.lastIndex = 0;
  for (let m = PATH_LITERAL.exec(code); m && seen.size < MAX_LISTED; m = PATH_LITERAL.exec(code)) {
    // a dot folder at the root (`'/.ssh/id_ed25519'`) is the tail of a home path joined to it
    const path = at(m, 2).startsWith('/.') ? `~${at(m, 2)}` : at(m, 2);
    if (path.length < 3 || seen.has(path)) continue;
    seen.add(path);
    out.push({ tool: 'read', path, via: `${via} reads the files it lists by a variable (${path} among them)` });
  }
  return out;
}

/**
 * An argument of eval/exec that unpacks a blob: decompression (zlib, gzip, bz2, lzma, Deflate and
 * GZip streams, PHP's gzinflate/gzuncompress, Node's inflateSync/gunzipSync) or decoding (base64 in
 * every language's spelling, hex, rot13) applied to what is then run as code. Packers and webshells
 * use exactly this shape (`exec(zlib.decompress(base64.b64decode(...)))`, `eval(gzinflate(
 * base64_decode(...)))`, `iex (New-Object IO.StreamReader(New-Object IO.Compression.GZipStream(...)))`).
 */
const DECODED_ARG =
  /\b(?:decompress|inflate\w*|gunzip\w*|gzinflate|gzuncompress|gzdecode|uncompress|b64decode|decodebytes|base64_decode|decode_base64|decode64|FromBase64String|atob|unhexlify|fromhex|a2b_\w+|str_rot13|GZipStream|DeflateStream|Brotli\w*|lzma\.\w+|bz2\.\w+|strict_decode64|urlsafe_decode64)\b|Buffer\.from\([^)]*['"](?:base64|hex)['"]|\.unpack1?\(\s*['"]m0?['"]|pack\(\s*['"]H\*['"]/i;

export function analyzeCode(lang: Language, code: string, via: string, depth = 0): Effect[] {
  const out: Effect[] = [];
  if (depth > MAX_DEPTH || !code.trim()) return out;
  const c = canonicalCode(lang, code);
  const found: Found[] = [];
  for (const r of lang.calls) findCalls(c, r, found, lang.bareWords);
  const urls: string[] = [];
  let dynamicRun = false;
  let shellSpawn = false;
  // a process started with a command the code computes (from what a socket received, say)
  let dynamicExec = false;
  let dynamicRead = false;
  for (const f of found) {
    const k = f.rule.kind;
    if (k === 'exec' || k === 'shell') {
      const cmd = argvOf(f);
      if (cmd === undefined) {
        dynamicRun = true;
        dynamicExec = true;
        continue;
      }
      if (SHELL_PROGRAM.test(` ${cmd} `)) shellSpawn = true;
      out.push({ tool: 'exec', command: cmd, via: `${via} runs` });
    } else if (k === 'eval') {
      // a bare `iex $d` evaluates a variable, not the text '$d'
      const v = lang.bareWords && /^["']?\$/.test(f.args[0] ?? '') ? undefined : argValue(f.args[0]);
      if (v !== undefined) out.push(...analyzeCode(lang, v, `${via} evaluates`, depth + 1));
      else if (DECODED_ARG.test(f.args[0] ?? ''))
        // the code run is a blob unpacked on the spot (compressed, encoded, or both): what it does
        // is kept from the reader on purpose, whatever the language
        out.push({
          tool: 'exec',
          command: `runs-packed-code ${lang.name}`,
          via: `${via} evaluates code unpacked at run time from an encoded or compressed blob`,
        });
      else if (
        !/^set(?:Timeout|Interval)$/.test(f.name) &&
        f.args[0] &&
        !/^\s*(?:\(|function\b|async\b|\w+\s*=>)/.test(f.args[0])
      )
        dynamicRun = true;
    } else if (k === 'loads') {
      if (argValue(f.args[0]) === undefined) dynamicRun = true;
    } else if (k === 'repo') {
      // remotes::install_github("owner/repo"), Pkg.add(url="URL"): a package from that repository
      for (const raw of f.args) {
        // install.packages(..., repos = "URL"): a package repository in place of CRAN
        const repos = /^\s*repos\s*=\s*/.exec(raw);
        const v = argValue(raw.replace(/^\s*(?:url|repos?|pkg)\s*=\s*/, ''));
        if (!v) continue;
        if (repos) {
          if (isUrl(v)) sourceFindings(lang.name, v, `${via} installs packages from ${v}`, out, 'index');
          continue;
        }
        const url = isUrl(v)
          ? v
          : /^[\w.-]+\/[\w.-]+(?:@[\w.-]+)?$/.test(v)
            ? `https://github.com/${v.split('@')[0] ?? v}`
            : '';
        if (url) sourceFindings(lang.name, url, `${via} installs a package from ${url}`, out, 'code');
      }
    } else if (k === 'runs') {
      // source("https://..."), include(download(u)), source(url(u)): code fetched and run. A local
      // file run this way (source("R/utils.R")) is the project's own code and no finding.
      const v = argValue(f.args[0]);
      // a UNC path (\\host\share\m.psm1) is a file served by another machine; a POSIX shell's
      // double quotes leave one backslash of the two, still naming the same address
      const unc =
        v === undefined
          ? undefined
          : /^\\\\([\w.-]+)\\(.+)$|^\\((?:\d{1,3}\.){3}\d{1,3}|[\w-]+(?:\.[\w-]+)+)\\(.+)$/.exec(v);
      const uncHost = unc?.[1] ?? unc?.[3];
      if (uncHost && !/^(?:localhost|127\.0\.0\.1|\.|\?)$/i.test(uncHost)) {
        urls.push(`smb://${uncHost.toLowerCase()}/${(unc?.[2] ?? unc?.[4] ?? '').replace(/\\/g, '/')}`);
        dynamicRun = true;
      } else if (v !== undefined && isUrl(v) && !/^file:/i.test(v)) {
        urls.push(v);
        dynamicRun = true;
      } else if (v === undefined && FETCHED_ARG.test(f.args[0] ?? '')) dynamicRun = true;
    } else {
      const p = pathArg(f);
      // a literal joined to a name (`"~" + p`, `home + p`) names the file only in part
      const partial =
        p !== undefined && /(?:^|[+,])\s*[A-Za-z_$][\w.$]*\s*(?:[+,)]|$)/.test(f.args[f.rule.path ?? 0] ?? '');
      if (p === undefined || (partial && (k === 'read' || k === 'open'))) {
        if (k === 'read' || (k === 'open' && !WRITE_MODE.test(argValue(f.args[f.rule.mode ?? 1]) ?? '')))
          dynamicRead = true;
        continue;
      }
      if (k === 'fetch' || isUrl(p)) {
        if (isUrl(p) || k === 'fetch') urls.push(isUrl(p) ? p : `http://${p}`);
        if (k !== 'fetch' && !/^file:/i.test(p)) continue;
        if (k === 'fetch') continue;
      }
      const path = p.replace(/^file:\/\//i, '');
      if (k === 'write') {
        const expr = f.rule.content !== undefined ? f.args[f.rule.content] : undefined;
        const content = argValue(expr) ?? literalsIn(expr);
        out.push(
          content === undefined
            ? { tool: 'write', path, via: `${via} writes ${path}` }
            : { tool: 'write', path, content, via: `${via} writes ${path}` },
        );
      } else if (k === 'read') out.push({ tool: 'read', path, via: `${via} reads ${path}` });
      else if (k === 'open') {
        const mode =
          f.rule.mode === -1
            ? undefined
            : (argValue(f.args[f.rule.mode ?? 1]) ?? /mode\s*=\s*['"]([^'"]+)/.exec(f.args.join(','))?.[1]);
        const writes = mode !== undefined && WRITE_MODE.test(mode);
        // mode 'a' adds at the end: what the file held stays (a database file appended to is not
        // overwritten, wide-deletes.ts)
        const append = writes && /a/.test(mode ?? '') ? { append: true } : {};
        out.push({
          tool: writes ? 'write' : 'read',
          path,
          ...append,
          via: `${via} ${writes ? 'writes' : 'reads'} ${path}`,
        });
      } else if (k === 'rmtree') {
        // remove_tree("/a", "/b"), FileUtils.rm_rf(["/a", "/b"]): every literal path given goes
        const more = f.args
          .slice(1)
          .map((a) => argValue(a))
          .filter((v): v is string => v !== undefined && /^(?:\/|~\/)[^\s]*$/.test(v));
        for (const q of [path, ...more]) {
          out.push({ tool: 'delete', path: q, via: `${via} deletes ${q}` });
          out.push({ tool: 'exec', command: `rm -rf ${q}`, via: `${via} deletes ${q} recursively` });
        }
      } else if (k === 'move') {
        // the source leaves its place: `mv SRC DST`, decided as the shell's move is (a home folder
        // moved to /tmp is its delete; build output moved aside is not)
        const dest = argValue(f.args[f.rule.content ?? 1]);
        if (dest !== undefined && dest && !isUrl(dest) && !partial)
          out.push({
            tool: 'exec',
            command: `mv ${shellWord(path)} ${shellWord(dest)}`,
            via: `${via} moves ${path} to ${dest}`,
          });
      } else if (k === 'remove') {
        out.push({ tool: 'delete', path, via: `${via} deletes ${path}` });
        out.push({ tool: 'exec', command: `rm -f ${path}`, via: `${via} deletes ${path}` });
      }
    }
  }
  if (dynamicRead) out.push(...listedPathReads(c, via));
  out.push(...sdkEffects(c, via));
  out.push(...gitLibraryEffects(c, via));
  if (lang.name === 'python') out.push(...loaderEffects(c, via), ...hubEffects(c, via), ...registryEffects(c, via));
  // the canonical form folds `require('twilio')` into the module's bare name, which no longer
  // says what was imported: the code as written is read when the canonical form names no library
  const sdkCalls = sdkVerbEffects(c, via);
  out.push(...(sdkCalls.length ? sdkCalls : sdkVerbEffects(code, via)));
  out.push(...infraSdkEffects(c, via));
  out.push(...clusterClientEffects(c, via));
  out.push(...releaseCodeEffects(c, via));
  out.push(...codeHttpEffects(c, via));
  out.push(...walkDeleteEffects(lang.name, c, via));
  // shells written as tagged templates: Bun's and zx's $`cmd`, execa's $`cmd`
  if (lang.name === 'node' && c.includes('$`'))
    for (const m of c.matchAll(/(?:\bBun\.|\bexeca\.|(?<![\w.$]))\$`([^`]*)`/g))
      out.push({ tool: 'exec', command: at(m, 1), via: `${via} runs` });
  if (printsEnvironment(c, via))
    out.push({ tool: 'read', path: '/proc/self/environ', via: `${via} prints every environment variable` });
  // eval handed over as a value: fetch(u).then(r => r.text()).then(eval)
  if (/[(,]\s*(?:eval|exec|Function|Invoke-Expression)\s*\)/.test(c)) dynamicRun = true;
  if (SHELL_FED.test(c)) dynamicRun = true;
  // PowerShell: what a pipeline produces, piped into Invoke-Expression (iex), is run as code
  if (lang.name === 'powershell' && /\|\s*Invoke-Expression\s*(?:$|[;})\n|])/im.test(c)) dynamicRun = true;
  URL_LITERAL.lastIndex = 0;
  for (let m = URL_LITERAL.exec(c); m; m = URL_LITERAL.exec(c)) urls.push(at(m, 1));
  const connects: { host: string; port: string }[] = [];
  for (const re of lang.connects) {
    re.lastIndex = 0;
    for (let m = re.exec(c); m; m = re.exec(c))
      if (m.groups?.host) connects.push({ host: m.groups.host, port: m.groups.port ?? '' });
  }
  const seen = new Set<string>();
  for (const u of urls) {
    if (seen.has(u)) continue;
    seen.add(u);
    out.push({ tool: 'fetch', url: u, via: `${via} reaches ${u}` });
    if (/^file:\/\//i.test(u))
      out.push({ tool: 'read', path: u.replace(/^file:\/\/(?:localhost)?/i, ''), via: `${via} reads ${u}` });
  }
  for (const k of connects) {
    const hostPart = k.host.includes(':') ? `[${k.host}]` : k.host;
    out.push({
      tool: 'fetch',
      url: `tcp://${hostPart}${k.port ? ':' + k.port : ''}`,
      via: `${via} connects to ${k.host}${k.port ? ':' + k.port : ''}`,
    });
  }
  // The whole environment sent somewhere: os.environ / process.env / ENV / %ENV with a network call.
  if (
    (urls.length || connects.length) &&
    /\bos\.environ\b(?!\s*(?:\.\s*(?:get|setdefault|pop)\b|\[))|dict\(os\.environ\)|\bprocess\.env\b(?!\.)|JSON\.stringify\(process\.env\)|\bENV\.to_h\b|\bENV\.to_a\b|%ENV\b|getenv\(\)|\$_ENV\b|Get-ChildItem\s+env:|System\.get_env\(\s*\)|\bgetEnvironment\b|Unix\.environment\s*\(\)|\bos\.Environ\(\)|\benv::vars(?:_os)?\(\)|GetEnvironmentVariables\(\s*\)|\bENV\.to_hash\b|\bENV\.each\b|\bDict\(\s*ENV\s*\)/i.test(
      c,
    )
  ) {
    const u = urls[0] ?? `http://${at(connects, 0).host}`;
    out.push({ tool: 'exec', command: `env | curl -d @- ${u}`, via: `${via} sends the environment to ${u}` });
  }
  if (dynamicRun && (urls.length || connects.length)) {
    const u = urls.find((x) => /^https?:/i.test(x)) ?? urls[0] ?? `http://${at(connects, 0).host}`;
    out.push({ tool: 'exec', command: `curl -fsSL ${u} | sh`, via: `${via} runs code it downloads from ${u}` });
  }
  // a shell named as a literal where the socket's streams are handed over (subprocess.call(['/bin/sh'],
  // stdin=s.fileno()), new ProcessBuilder("sh")) starts it, however the call itself is spelled
  if (connects.length && !shellSpawn && SHELL_LITERAL.test(c) && lang.streamsToProcess.test(c)) shellSpawn = true;
  if (
    connects.length &&
    (((shellSpawn || lang.streamsToProcess.test(c)) &&
      (shellSpawn || dynamicRun || found.some((f) => f.rule.kind === 'exec'))) ||
      lang.streamIsSession?.test(c) ||
      // in any language: what the connection receives is run as a command
      (dynamicExec && SOCKET_RECEIVES.test(c)))
  ) {
    const k = at(connects, 0);
    out.push({
      tool: 'exec',
      command: `bash -i >& /dev/tcp/${k.host}/${k.port || '4444'} 0>&1`,
      via: `${via} connects a shell to ${k.host}${k.port ? ':' + k.port : ''}`,
    });
  }
  // in any language: a local file read and written to a connection the code opened to a host
  // outside this machine and its network is that file uploaded there
  const away = connects.find((k) => outside(k.host));
  const sentFile = found.find((f) => f.rule.kind === 'read' && pathArg(f) !== undefined);
  if (away && sentFile && SOCKET_SENDS.test(c)) {
    const file = pathArg(sentFile) ?? '';
    out.push(
      { tool: 'read', path: file, via: `${via} sends ${file} to ${away.host}` },
      {
        tool: 'exec',
        command: `uploads-remote code ${away.host}`,
        via: `${via} sends ${file} over a connection to ${away.host}`,
      },
    );
  }
  // a secret variable built into a URL the code requests, or a host name it looks up (egress-code.ts)
  if (urls.length || DNS_LOOKUP_HINT.test(code)) out.push(...codeSecretUrls(code, via));
  // secrets read from a platform's store and sent in a request body (egress-code.ts)
  if (urls.length) out.push(...storedSecretSends(code, via));
  // a data job writing to a bucket it signs in to with literal credentials of its own (egress-code.ts)
  out.push(...foreignBucketWrites(code, via));
  // a local file the code reads, sent to a host outside (code-uploads.ts); read as written too,
  // since the canonical form puts constructors in place of the names that carry the data
  const uploads = codeUploads(c, via);
  out.push(...(uploads.length ? uploads : codeUploads(code.slice(0, MAX_CODE), via)));
  return out;
}
