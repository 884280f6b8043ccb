// From a call, the other calls it amounts to (see types.ts). A shell command is walked to its
// simple commands; each contributes what its program does (programs.ts), what interpreter code
// given inline or on stdin does (interp/), and what its environment changes do. A write (tool
// or derived) to a file that runs later contributes what it plants (content.ts).
import { basename, SHELLS, shellCommandString } from '../shell-wrappers.js';
import type { Token } from '../shell-parse.js';
import { MAX_EFFECTS, MAX_EFFECT_CONTENT, type Effect } from './types.js';
import { programEffects } from './programs.js';
import { echoText, simpleCommands, type SimpleCommand } from './walk.js';
import { analyzeCode } from './interp/code.js';
import { lineEffects } from './interp/line.js';
import { powershellCode } from './interp/powershell.js';
import { languageOfProgram, type Language } from './interp/languages.js';
import { plantedEffects, sourceText } from './content.js';
import { isKnownRegistry, isVendorHost } from './supply-data.js';
import { dependency } from './supply.js';
import { inScratch } from './supply-hooks.js';
import { SECRET_VALUE } from './secret-shapes.js';
import { installEffects } from './packages.js';
import { at } from '../../util/invariant.js';
import { argvLine } from './argv-line.js';
import { SQL_DIALECT } from './sql.js';
import { commandSourceFindings, envFindings } from './sources.js';
import { unlistedVarFindings } from './source-vars.js';
import { manifestFindings } from './manifests.js';
import { installedPathFindings } from './installed-trees.js';
import { LineFacts, lineReadings } from './line-readings.js';
import { launcherEffects } from './launchers.js';
import { fetchReadings } from './fetch-readings.js';
import { powershellCodeLine } from '../shell-windows-posix.js';
import { startupWrite } from './startup-plant.js';
import { stagedSqlEffects } from './staged-sql.js';
import { tunnelConfigWrite } from './tunnel-configs.js';
import { hostSpecWrite } from './host-specs.js';
import { jobFileDeletes } from '../shell-dataset-deletes.js';
import { deviceEraseWrite } from './device-config-erases.js';
import { oddStartedProgram } from './lang-startup.js';
import { argvOption } from './operands.js';
import { sshConfigWrite } from './ssh-config.js';
import { fileWriterEffects } from './file-writers.js';
import { tamperWrite } from './svc-tamper.js';
import { LineKeys } from './reading-keys.js';
import { inPlaceCommands } from './inplace-plants.js';
import { settingsCommandEffects } from './tool-settings.js';
import { wideDeletes } from './wide-deletes.js';
import { personalDocumentSends } from './personal-docs.js';
import { unknownCodeEffects } from './unknown-code.js';

/** Environment names whose change disables or redirects svc's checks. */
const GUARDED_ENV = /^(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|SERVICE_[A-Z0-9_]+)$/;

/** Database clients that run statements read from standard input. */
const SQL_CLIENTS = new Set([
  'psql',
  'mysql',
  'mariadb',
  'sqlite3',
  'sqlcmd',
  'clickhouse-client',
  'cockroach',
  'redis-cli',
  'mongosh',
  'mongo',
  'cqlsh',
  'duckdb',
  // Oracle SQL*Plus reads its statements from standard input (`sqlplus -s / as sysdba <<< "..."`)
  'sqlplus',
  // Oracle RMAN reads its commands from standard input too (`rman target / <<< 'DELETE ...'`)
  'rman',
  // IBM MQ's runmqsc reads MQSC commands from standard input (`echo 'CLEAR QLOCAL(Q)' | runmqsc QM`)
  'runmqsc',
]);

/** SQL a database client runs: stdin, `-f <(echo ...)`, and -c/-e text with '...' || '...' folded. */
function sqlEffects(name: string, c: SimpleCommand, out: Effect[]): void {
  const texts: string[] = [];
  if (c.stdin !== undefined && c.stdin.trim()) texts.push(c.stdin.trim());
  for (let i = 1; i < c.argv.length; i++) {
    const w = at(c.argv, i);
    const sub = /^<\((.*)\)$/s.exec(w);
    if (sub) {
      const inner = simpleCommands(at(sub, 1));
      const text = inner.length === 1 ? echoText(at(inner, 0).argv) : undefined;
      if (text) texts.push(text.trim());
    } else if (
      (w === '-c' || w === '-e' || w === '--command' || w === '--execute' || w === '--eval') &&
      c.argv[i + 1]
    ) {
      const f = foldSql(at(c.argv, i + 1));
      if (f !== c.argv[i + 1]) texts.push(f);
    }
  }
  for (const t of texts)
    out.push({ tool: 'exec', command: `${name} -c ${JSON.stringify(foldSql(t))}`, via: `${name} runs SQL` });
}

/** 'DR' || 'OP TABLE ' -> 'DROP TABLE ' (SQL string concatenation of literals). */
export function foldSql(sql: string): string {
  let s = sql;
  for (let guard = 0; guard < 32; guard++) {
    // CONCAT('DRO', 'P TABLE ', 'x') (MySQL, PostgreSQL, SQL Server) of literals only is one literal
    const next = s
      .replace(/'((?:[^']|'')*)'\s*\|\|\s*'((?:[^']|'')*)'/g, "'$1$2'")
      .replace(
        /\bCONCAT\s*\(\s*((?:'(?:[^']|'')*'\s*,\s*)*'(?:[^']|'')*')\s*\)/gi,
        (_m, args: string) => `'${(args.match(/'((?:[^']|'')*)'/g) ?? []).map((a) => a.slice(1, -1)).join('')}'`,
      );
    if (next === s) break;
    s = next;
  }
  return s.replace(/'((?:[^']|'')*)'/g, '$1');
}

function languageOf(name: string): Language | undefined {
  return languageOfProgram(name);
}

function toTokens(words: string[]): Token[] {
  return words.map((text) => ({ text, quoted: true, redir: false }));
}

/** The code an interpreter runs from its command line or stdin, and `-m module args`. */
function interpreterCode(
  lang: Language,
  c: SimpleCommand,
): { code?: string; via: string; module?: string } | undefined {
  const a = c.argv;
  const name = basename(at(a, 0));
  if (lang.name === 'powershell') {
    const s = shellCommandString(toTokens(a)) ?? powershellCode(a);
    return s === null || s === undefined ? undefined : { code: s, via: name };
  }
  // a compiler reads code from its input only when told to by the operand `-` (gcc -x c -)
  if (lang.name === 'c')
    return a.includes('-') && c.stdin !== undefined ? { code: c.stdin, via: `${name} (stdin)` } : undefined;
  if (lang.name === 'awk') {
    // awk [-F fs] [-v var=value] 'program' file...; `-f progfile` reads the program from a file
    for (let i = 1; i < a.length; i++) {
      const w = at(a, i);
      if (w === '-f' || w.startsWith('--file')) return undefined;
      if (w === '-F' || w === '-v' || w === '--assign' || w === '--field-separator') i++;
      else if (w === '--') return a[i + 1] ? { code: at(a, i + 1), via: name } : undefined;
      else if (!w.startsWith('-')) return { code: w, via: name };
    }
    return undefined;
  }
  // `mix run -e CODE`: Elixir code run inside the project (any other mix task is the project's)
  if (lang.name === 'beam' && name === 'mix' && a[1] !== 'run') return undefined;
  for (let i = lang.name === 'beam' && name === 'mix' ? 2 : 1; i < a.length; i++) {
    const w = at(a, i);
    // osascript -l JavaScript|AppleScript names the language, not a script file
    if (lang.name === 'applescript' && w === '-l') {
      i++;
      continue;
    }
    if (lang.inline.includes(w)) {
      // IPython takes -c more than once (the last one runs): every one is read
      const more = /^ipython/.test(name) ? a.filter((x, k) => k > i + 1 && a[k - 1] === w) : [];
      return { code: [a[i + 1] ?? '', ...more].join('\n'), via: `${name} ${w}` };
    }
    // options that take a separate value before the code flag: `node -r dotenv/config -e CODE`,
    // `ruby -r json -e CODE`, `python -W ignore -c CODE` (the value is no script file)
    if (INTERPRETER_VALUED.has(w)) {
      i++;
      continue;
    }
    // -c'code' / -e'code' attached, and combined short flags ending in the code flag (-Ic, -ne)
    const short =
      /^-[a-zA-Z]{2,4}$/.test(w) || (/^-[a-zA-Z]/.test(w) && lang.name === 'python')
        ? lang.inline.find((f) => f.length === 2 && f[0] === '-' && w.includes(at(f, 1)))
        : undefined;
    if (short) {
      const flagAt = w.indexOf(at(short, 1), 1);
      const attached = w.slice(flagAt + 1);
      if (attached && lang.name !== 'perl' && lang.name !== 'ruby') return { code: attached, via: `${name} ${short}` };
      if (flagAt === w.length - 1) return { code: a[i + 1] ?? '', via: `${name} ${w}` };
    }
    if (lang.moduleFlag && w === lang.moduleFlag) return { module: argvLine(a.slice(i + 1)), via: `${name} -m` };
    if (!w.startsWith('-') || w === '-') {
      // a script file (its code is not on the line) or '-' (stdin)
      if (w === '-' && c.stdin !== undefined) return { code: c.stdin, via: `${name} (stdin)` };
      return undefined;
    }
  }
  return c.stdin !== undefined ? { code: c.stdin, via: `${name} (stdin)` } : undefined;
}

/** Interpreter options that take their value as the next word (php's -r is code, matched first as inline). */
const INTERPRETER_VALUED = new Set([
  '-r',
  '--require',
  '--import',
  '--loader',
  '--experimental-loader',
  '-W',
  '-X',
  '-I',
  '--env-file',
]);

/** `make -f -`, `make --file=/dev/stdin`: the Makefile is standard input. */
function makeReadsStdin(argv: string[]): boolean {
  return argv.some(
    (w, i) =>
      ((w === '-f' || w === '--file' || w === '--makefile') && /^(?:-|\/dev\/stdin)$/.test(argv[i + 1] ?? '')) ||
      /^(?:-f|--file=|--makefile=)(?:-|\/dev\/stdin)$/.test(w),
  );
}

function commandEffects(c: SimpleCommand, out: Effect[], line: LineKeys): void {
  programEffects(c, out, line);
  fileWriterEffects(c, undefined, out);
  launcherEffects(c, out);
  installEffects(c.argv, out);
  commandSourceFindings(c.argv, out);
  settingsCommandEffects(c.argv, out);
  for (const { name, value } of c.assigns) {
    envFindings(name, value, out);
    unlistedVarFindings(name, value, c.argv, out);
  }
  // `export QUILL_INDEX_URL=...`: an unlisted tool's source setting, for the commands after it
  if (/^(?:export|declare|typeset)$/.test(c.argv[0] ?? ''))
    for (const w of c.argv.slice(1)) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(w);
      if (m?.[1] && m[2] !== undefined) unlistedVarFindings(m[1], m[2], undefined, out);
    }
  for (const v of c.unsets)
    if (GUARDED_ENV.test(v))
      out.push({ tool: 'exec', command: `unset ${v}`, via: `removes ${v} from the environment` });
  for (const { name, value } of c.assigns) {
    if (GUARDED_ENV.test(name)) out.push({ tool: 'exec', command: `export ${name}=${value}`, via: `sets ${name}` });
  }
  if (!c.argv.length) return;
  const name = basename(at(c.argv, 0));
  if (name === 'unset')
    for (const v of c.argv.slice(1))
      if (GUARDED_ENV.test(v))
        out.push({ tool: 'exec', command: `unset ${v}`, via: `removes ${v} from the environment` });
  // SQL clients' statements are read in sql.ts, from the whole line (files written in it)
  if (SQL_CLIENTS.has(name) && !(name in SQL_DIALECT) && name !== 'redis-cli') sqlEffects(name, c, out);
  // `make -f - <<< 'x: ...'`: the Makefile comes on stdin and its recipes run now.
  if ((name === 'make' || name === 'gmake') && c.stdin !== undefined && makeReadsStdin(c.argv))
    for (const e of plantedEffects('Makefile', c.stdin))
      out.push({ ...e, onlyDeny: false, via: `${name} runs the recipes of a Makefile on its standard input` });
  // `kubectl apply|create|replace -f - <<EOF`: the manifest comes on stdin and is applied now, so
  // what it grants (privileged pods, host mounts, cluster-admin) is read as for a written manifest.
  if ((name === 'kubectl' || name === 'oc') && c.stdin !== undefined && kubeReadsStdin(c.argv))
    for (const e of [...plantedEffects('manifest.yaml', c.stdin), ...manifestFindings('manifest.yaml', c.stdin)])
      out.push({ ...e, onlyDeny: false, via: `${name} applies the manifest on its standard input, which ${e.via}` });
  // `at -f FILE TIME`: the job is the file's commands, read when the job runs; a file kept in a
  // temporary or hidden place is read as a job starting it (nothing a user installs lives there)
  const jobFile = name === 'at' || name === 'batch' ? argvOption(c.argv, ['-f']) : undefined;
  if (jobFile) {
    const odd = oddStartedProgram(jobFile);
    if (odd)
      out.push({
        tool: 'startup',
        command: `startup-program ${odd.replace(/\s+/g, '_')} ${name}-job`,
        via: `${name} schedules the job file ${odd}, from a temporary or hidden place`,
      });
  }
  // at/batch take a time spec as operands and the job's commands on stdin.
  if ((name === 'at' || name === 'batch') && c.stdin !== undefined && !c.argv.includes('-f')) {
    out.push({ tool: 'exec', command: c.stdin, via: `${name} schedules its standard input` });
    // a job that starts a program kept in a temporary or hidden place, where nothing a user installs lives
    const odd = oddStartedProgram(c.stdin);
    if (odd)
      out.push({
        tool: 'startup',
        command: `startup-program ${odd.replace(/\s+/g, '_')} ${name}-job`,
        via: `${name} schedules a job that starts ${odd}, from a temporary or hidden place`,
      });
    return;
  }
  if (SHELLS.has(name) && c.stdin !== undefined && !c.argv.slice(1).some((w) => !w.startsWith('-'))) {
    out.push({ tool: 'exec', command: c.stdin, via: `${name} runs its standard input` });
    return;
  }
  const lang = languageOf(name);
  // inline code of a language with no table here: its process-running calls (unknown-code.ts)
  if (!lang && !SHELLS.has(name)) out.push(...unknownCodeEffects(c.argv));
  if (!lang) return;
  const ic = interpreterCode(lang, c);
  if (!ic) return;
  if (ic.module !== undefined) {
    if (ic.module.trim()) out.push({ tool: 'exec', command: ic.module, via: `${ic.via} runs` });
    return;
  }
  if (ic.code) out.push(...analyzeCode(lang, ic.code, ic.via));
}

function clip(e: Effect): Effect {
  if (e.content !== undefined && e.content.length > MAX_EFFECT_CONTENT)
    return { ...e, content: e.content.slice(0, MAX_EFFECT_CONTENT) };
  return e;
}

function dedupe(list: Effect[]): Effect[] {
  const seen = new Set<string>();
  const out: Effect[] = [];
  for (const e of list) {
    const key = `${e.tool}\0${e.path ?? ''}\0${e.url ?? ''}\0${e.command ?? ''}\0${e.content ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(clip(e));
    if (out.length >= MAX_EFFECTS) break;
  }
  return out;
}

/** A project's own .env-style file: a relative path that does not climb out of the project. */
function projectEnvFile(path: string): boolean {
  if (/^[/~$\\]|^[A-Za-z]:/.test(path) || path.split(/[/\\]/).includes('..')) return false;
  const name = path.split(/[/\\]/).pop() ?? '';
  return /^\.env(?:\.[\w-]+)?$|^[\w-]+\.env$/.test(name);
}

/** Names of settings that hold secrets. */
const SECRET_NAME = /SECRET|PASSW|PWD|TOKEN|KEY|CREDENTIAL|AUTH|PRIVATE|CERT|SESSION|COOKIE|SALT|SIGNING|ACCESS/i;

/**
 * Lines that are plain local settings: NAME=value with a name that does not hold a secret, a
 * literal value (no $VAR or substitution: a value from elsewhere is not known to be harmless),
 * and no credential by its shape (a token format, a password in a URL).
 */
export function plainSettings(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim() && !/^\s*#/.test(l));
  if (!lines.length || SECRET_VALUE.test(text)) return false;
  return lines.every((l) => {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(l);
    return !!m?.[1] && !SECRET_NAME.test(m[1]) && !/[$`]/.test(m[2] ?? '');
  });
}

/**
 * Adding plain local settings to the project's own .env keeps what it held and adds no secret:
 * only a deny of it counts (a write elsewhere, a secret, or a replacement asks as before).
 */
function envAppend(e: Effect): Effect {
  if (e.tool !== 'write' || !e.append || e.content === undefined || !e.path) return e;
  if (!projectEnvFile(e.path) || !plainSettings(e.content)) return e;
  return { ...e, onlyDeny: true, via: `${e.via} (adds local settings, no secrets)` };
}

/** Directories package managers install into. */
const DEPENDENCY_DIR =
  /(?:^|\/)(?:node_modules|site-packages|dist-packages|vendor|\.venv|venv|third_party|\.cargo\/registry|pkg\/mod)(?:\/|$)/;

/** tar/unzip extracting into a dependency directory: the directory, else undefined. */
function dependencyDirUnpack(argv: string[]): string | undefined {
  const name = basename(argv[0] ?? '');
  if (name !== 'tar' && name !== 'bsdtar' && name !== 'unzip') return undefined;
  if (name !== 'unzip' && !argv.slice(1).some((w) => /^-?[a-zA-Z]*x/.test(w) || w === '--extract')) return undefined;
  return argv.slice(1).find((w) => DEPENDENCY_DIR.test(w));
}

function hostOfUrl(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** File names that look like host names (package-lock.json) are not hosts. */
const FILE_SUFFIX =
  /\.(?:json|lock|txt|ya?ml|toml|xml|cfg|ini|py|[cm]?[jt]s|md|conf|config|mod|sum|rc|bak|orig|tmp|sh)$/i;

/** A cheap first look: names of package-source files (content.ts has the exact list). */
const SOURCE_FILE_HINT =
  /rc$|cargo\/config$|rc\.yml$|\.toml$|\.lock$|lock\.ya?ml$|lock\.json$|shrinkwrap|pip\.(?:conf|ini)|pydistutils|requirements[^/]*\.txt$|requirements\/[^/]+\.txt$|pipfile|gemfile|\.xml$|nuget\.config$/i;

/** Hosts a command line names (in URLs, or bare in a sed/replace expression). */
function namedHosts(command: string): string[] {
  const out = new Set<string>();
  for (const m of command.matchAll(/\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}\b/gi)) {
    const h = m[0].toLowerCase();
    if (!FILE_SUFFIX.test(h) && !/^(?:os|fs|re|sys|json|path|pathlib|shutil|subprocess)\./.test(h)) out.add(h);
  }
  // An IPv4 address is a host where it has a port, follows `//`, or stands in a line that also
  // names a registry (replacing it); alone it may be a four-part version number.
  const registryNamed = [...out].some((h) => isKnownRegistry(h));
  for (const m of command.matchAll(
    /(\/\/)?\b((?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})(:\d{2,5})?\b/g,
  ))
    if (m[1] || m[3] || registryNamed) out.add(`${at(m, 2)}${m[3] ?? ''}`);
  return [...out];
}

/**
 * An edit in place of a package-source file (a lockfile, .npmrc, pip.conf ...) whose new text
 * is not known is read as naming each host on the command line that is not a default registry
 * or a vendor's: rewriting registry.npmjs.org to another host in package-lock.json with sed or
 * a one-liner is the same change as writing that lockfile.
 */
function inPlaceSources(e: Effect, command: string): Effect[] {
  // Also where interpreter code carries only the literals of a computed content: they are
  // pieces of the text, not all of it.
  if (e.tool !== 'write' || !e.path) return [];
  if (!SOURCE_FILE_HINT.test(e.path) || sourceText(e.path, 'https://x/') === undefined) return [];
  const out: Effect[] = [];
  for (const h of namedHosts(command)) {
    if (isKnownRegistry(h) || isVendorHost(h)) continue;
    const text = sourceText(e.path, `https://${h}/`);
    if (text) out.push({ ...e, content: text, via: `${e.via} to name ${h}` });
  }
  return out;
}

/** The calls a shell command amounts to besides itself. Pure: depends on the text only. */
export function deriveFromCommand(command: string): Effect[] {
  const raw: Effect[] = [];
  // C:\Windows\...\powershell.exe runs powershell.exe (a POSIX reading takes the backslashes as escapes)
  const win = /^\s*[A-Za-z]:\\(?:[^\\\s"']+\\)*([^\\\s"']+)(?=\s|$)/.exec(command);
  const cmds = simpleCommands(win ? `${win[1] ?? ''}${command.slice(win[0].length)}` : command);
  let unpacksInto: string | undefined;
  // per-command readings are called only where their applicability key holds (reading-keys.ts)
  const keys = new LineKeys(cmds);
  for (const c of cmds) {
    commandEffects(c, raw, keys);
    unpacksInto ??= dependencyDirUnpack(c.argv);
    if (raw.length > MAX_EFFECTS * 4) break;
  }
  // a line that is PowerShell code itself reads as that code behind pwsh -Command
  const ps = powershellCodeLine(command);
  if (ps) commandEffects({ argv: ps, quoted: ps.map(() => true), redirs: [], assigns: [], unsets: [] }, raw, keys);
  lineEffects(cmds, raw);
  // whole-line readings, each behind its gate (line-readings.ts)
  lineReadings(new LineFacts(command, cmds), raw);
  // recursive deletes of folders outside the project that are neither disposable nor system
  raw.push(...wideDeletes(cmds, raw));
  dropDeinitedModules(cmds, raw);
  // a download unpacked over installed packages replaces them with whatever the host served
  if (unpacksInto !== undefined)
    for (const e of raw)
      if (e.tool === 'fetch' && e.url) {
        const h = hostOfUrl(e.url);
        if (h && !isVendorHost(h) && !isKnownRegistry(h))
          raw.push(dependency(['remote-file', e.url], `unpacks a download into ${unpacksInto}`));
      }
  for (const e of raw.slice()) {
    if (e.tool === 'fetch' && e.url) raw.push(...fetchReadings(e.url, e.via));
  }
  const out = raw.map(envAppend);
  // a person's own papers among the files the line sends off the machine (personal-docs.ts)
  out.push(...personalDocumentSends(raw));
  for (const e of raw) out.push(...inPlaceSources(e, command));
  const planted: Effect[] = [];
  for (const e of out) {
    const w = e.tool === 'write' && e.path ? startupWrite(e.path, e.content) : undefined;
    if (w) planted.push({ ...w, via: `${e.via}, which ${w.via}` });
  }
  for (const e of out)
    if (e.tool === 'write' && e.path && !e.content)
      planted.push(...installedPathFindings(e.path).map((p) => ({ ...p, via: `${e.via}, which ${p.via}` })));
  planted.push(...scratchLibraries(out));
  planted.push(
    ...inPlaceCommands(
      command,
      cmds.map((c) => c.argv),
      out,
    ),
  );
  for (const e of [...out, ...assembledWrites(out)])
    if (e.tool === 'write' && e.path && e.content)
      planted.push(
        ...[...plantedEffects(e.path, e.content), ...manifestFindings(e.path, e.content)].map((p) => ({
          ...p,
          via: `${e.via}, which ${p.via}`,
        })),
      );
  return dedupe([...out, ...planted]);
}

/**
 * `git submodule deinit -f P && rm -rf .git/modules/P`: the submodule's own clone removed after
 * git has let go of it, the documented way to take a submodule out (gitsubmodules(7), "Removing a
 * submodule"); its commits are its remote's. The delete of that one clone is not a loss of the
 * project's records, so it is dropped; any other path under .git stays a delete.
 */
function dropDeinitedModules(cmds: SimpleCommand[], raw: Effect[]): void {
  const gone = new Set<string>();
  for (const c of cmds) {
    const a = c.argv;
    const i = a.indexOf('submodule');
    if (basename(a[0] ?? '') !== 'git' || i < 0 || a[i + 1] !== 'deinit') continue;
    for (const w of a.slice(i + 2)) if (!w.startsWith('-')) gone.add(w.replace(/^\.\//, '').replace(/\/+$/, ''));
  }
  if (!gone.size) return;
  for (let k = raw.length - 1; k >= 0; k--) {
    const e = raw[k];
    const m = e?.tool === 'delete' ? /^(?:\.\/)?\.git\/modules\/(.+?)\/*$/.exec(e.path ?? '') : null;
    if (m && gone.has(m[1] ?? '')) raw.splice(k, 1);
  }
}

/**
 * A file built up over several writes of one line (`echo '#!/bin/sh' > f; echo 'PAYLOAD' >> f`):
 * what it holds at the end is judged whole, so the first line's shebang names the language of
 * the lines appended after it. A write that is not an append starts the file again.
 */
function assembledWrites(effects: Effect[]): Effect[] {
  const files = new Map<string, { text: string; parts: number; via: string }>();
  for (const e of effects) {
    if (e.tool !== 'write' || !e.path || e.content === undefined) continue;
    const prev = files.get(e.path);
    if (prev && e.append) {
      prev.text += prev.text.endsWith('\n') || !prev.text ? e.content : `\n${e.content}`;
      prev.parts++;
    } else files.set(e.path, { text: e.content, parts: 1, via: e.via });
  }
  return [...files]
    .filter(([, f]) => f.parts > 1)
    .map(([path, f]) => ({ tool: 'write', path, content: f.text, via: `${f.via} in ${f.parts} steps` }));
}

/** Prebuilt libraries and archives of compiled code that a build links or loads as they are. */
const PREBUILT = /\.(?:a|so(?:\.\d+)*|dylib|dll|lib|jar|aar|node|framework|xcframework|bundle)$/i;

/**
 * A prebuilt library copied from a scratch folder over one the project keeps
 * (`cp /tmp/libcrypto_patched.a third_party/openssl/lib/libcrypto.a`): the build links code whose
 * origin cannot be told, as installing a package file from /tmp does (`scratch-source`, asked).
 * Only a copy whose source is in a scratch folder and whose target is a library file counts.
 */
function scratchLibraries(effects: Effect[]): Effect[] {
  const prog = (e: Effect) => e.via.split(' ')[0] ?? '';
  // cp, install and rsync read the source; mv moves it away
  const sources = effects.filter(
    (e) =>
      (e.tool === 'read' || (e.tool === 'delete' && /\bmoves\b/.test(e.via))) &&
      !!e.path &&
      inScratch(e.path) &&
      PREBUILT.test(e.path),
  );
  for (const e of effects) {
    if (e.tool !== 'write' || !e.path || e.content || !PREBUILT.test(e.path) || inScratch(e.path)) continue;
    const from = sources.find((s) => prog(s) === prog(e));
    if (from?.path)
      return [
        dependency(['scratch-source', 'prebuilt', from.path], `${e.via}, a prebuilt library taken from ${from.path}`),
      ];
  }
  return [];
}

/** `kubectl apply|create|replace ... -f -` (or --filename=-). */
function kubeReadsStdin(argv: readonly string[]): boolean {
  if (!argv.some((w) => w === 'apply' || w === 'create' || w === 'replace')) return false;
  return argv.some(
    (w, i) => ((w === '-f' || w === '--filename') && argv[i + 1] === '-') || w === '--filename=-' || w === '-f-',
  );
}

/** The calls a write of `content` to `path` amounts to (what it plants). */
export function deriveFromWrite(path: string, content: string | undefined): Effect[] {
  const rc = startupWrite(path, content);
  const ssh = sshConfigWrite(path, content);
  return dedupe([
    ...(rc ? [rc] : []),
    ...(ssh ? [ssh] : []),
    ...plantedEffects(path, content),
    ...manifestFindings(path, content),
    ...tamperWrite(path, content),
    ...stagedSqlEffects(path, content),
    ...tunnelConfigWrite(path, content),
    ...hostSpecWrite(path, content),
    ...jobFileDeletes(path, content).map((command) => ({
      tool: 'exec' as const,
      command,
      via: `writes ${path.replace(/^.*\//, '')}, a job that deletes a dataset when it is submitted`,
    })),
    ...deviceEraseWrite(path, content),
  ]);
}
