// Scripts a command runs from disk (`bash deploy.sh`, `python3 /tmp/x.py`, `./run`, `source env.sh`):
// their code is not on the line, so the line alone cannot say what they do, and an agent can
// write a script in one call and run it in the next. Whoever decides the call for real (the gate,
// `svc policy explain`, the hooks' local fallback) reads each such file once, bounded, and puts
// its text on the call (`call.scripts`); the effects walk then reads it as if it were inline code
// (`bash -c TEXT`, `python3 -c TEXT`), and the audit record keeps it, so a replay decides the
// same text. Reading is bounded (a few files, the first SCRIPT_READ_BYTES of each) and never
// follows into system directories, whose programs are the machine's own.
import { isAbsolute, resolve } from 'node:path';
import { firstReadable, readHead, SCRIPT_READ_BYTES } from './script-read.js';
import { nearestPackageJson, PACKAGE_RUN, packageScript, packageScriptOf } from './package-scripts.js';
import { makeRecipe, makeRunOf } from './make-recipes.js';

import { homedir } from 'node:os';
import { basename, SHELLS } from './shell-wrappers.js';
import { simpleCommands, type SimpleCommand } from './effects/walk.js';
import { languageOfProgram } from './effects/interp/languages.js';
import { analyzeCode } from './effects/interp/code.js';
import type { Effect } from './effects/types.js';
import type { ScriptFile, ToolCall } from './types.js';

export { SCRIPT_READ_BYTES, slowMountPoints } from './script-read.js';

/** Scripts read for one call. */
export const MAX_SCRIPTS = 4;

/**
 * A line that could run a script: a word with a script's extension, a shell or an interpreter
 * named before a space, or a path where a command starts (after launchers). Most lines are none of
 * these and cost one scan; the rest are walked (simpleCommands) to find what runs.
 */
const SCRIPT_EXT = /\.(?:sh|bash|zsh|ksh|py|pyw|js|mjs|cjs|ts|mts|rb|pl|pm|php|lua|r|ps1|psm1|tcl)\b/i;
const RUNNER_WORD =
  /(?:^|[\s;&|(`/])(?:(?:ba|z|da|k|a|mk|c|tc|fi|ya|rba|po|ok)?sh|source|python[\d.]*|pypy[\d.]*|py|node(?:js)?|deno|bun|tsx|ts-node|perl[\d.]*|ruby[\d.]*|php[\d.]*|lua[\d.]*|luajit|Rscript|pwsh|powershell(?:\.exe)?|osascript|\.)\s/;
const PATH_AT_COMMAND =
  /(?:^|[;&|(\n]|\$\()\s*(?:\w+=\S*\s+)*(?:(?:sudo|doas)\s+(?:-\S+\s+)*|env\s+|nohup\s+|exec\s+|timeout\s+\S+\s+|nice\s+|time\s+)*(?:\.{0,2}\/|~\/|[\w.-]+\/)/;
const mayRunScript = (line: string) => SCRIPT_EXT.test(line) || RUNNER_WORD.test(line) || PATH_AT_COMMAND.test(line);
/** The machine's own programs and libraries: not read (the agent's scripts live elsewhere). */
const SYSTEM_DIR =
  /^\/(?:usr|bin|sbin|lib|lib32|lib64|libx32|etc|proc|sys|dev|boot|snap|nix\/store|opt\/homebrew\/(?:bin|Cellar))(?:\/|$)/;
/** Programs a package manager installed (node_modules/.bin, a virtualenv's bin): the package's
 * code, not a script the agent wrote; reading them on every run would cost every build. */
const INSTALLED_DIR = /\/(?:node_modules|site-packages|\.venv|venv|\.tox|\.cargo\/bin|go\/bin)\//;
/** Options of a shell or an interpreter that take the next word as their value. */
const VALUE_OPTIONS = new Set([
  '-o',
  '+o',
  '-O',
  '+O',
  '--rcfile',
  '--init-file',
  '-W',
  '-X',
  '-r',
  '--require',
  '--import',
  '--loader',
  '-I',
  '-M',
  '--input-type',
  '--env-file',
  '-C',
]);
/** Interpreters whose first operand is a subcommand (`go build`, `deno fmt`), not a script. */
const SUBCOMMANDS = new Set(['go', 'deno', 'bun', 'dart', 'crystal', 'scala-cli']);
/** Builtins that run a file in the current shell. */
const SOURCES = new Set(['source', '.']);

/** Where a shebang line says a file runs: `#!/usr/bin/env python3` -> python3. */
function shebangRunner(text: string): string | undefined {
  const m = /^#!\s*(\S+)(?:[ \t]+(\S+))?/.exec(text);
  if (!m) return undefined;
  const prog = basename(m[1] ?? '');
  if (prog === 'env') {
    const next = (m[2] ?? '').startsWith('-S') ? undefined : m[2];
    return next ? basename(next) : undefined;
  }
  return prog;
}

/** The script a simple command runs and the program that runs it, if it names one. */
function scriptOf(c: SimpleCommand): { word: string; runner: string } | undefined {
  const argv = c.argv;
  const first = argv[0];
  if (first === undefined) return undefined;
  const name = basename(first);
  if (SOURCES.has(first) && argv[1]) return { word: argv[1], runner: 'sh' };
  const lang = SHELLS.has(name) ? undefined : languageOfProgram(name);
  if (SHELLS.has(name) || lang) {
    let seenRun = false;
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i] ?? '';
      // code on the line (bash -c, python -c/-m, node -e ...) is read by the effects walk itself;
      // '-' is stdin
      const inline = lang
        ? lang.inline.includes(w) ||
          w === lang.moduleFlag ||
          lang.inline.some((f) => f.length === 2 && /^-[a-zA-Z]+$/.test(w) && w.endsWith(f.slice(1)))
        : /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w);
      if (w === '-' || inline) return undefined;
      if (w === '--') return argv[i + 1] ? { word: argv[i + 1] ?? '', runner: name } : undefined;
      if (VALUE_OPTIONS.has(w)) {
        i++;
        continue;
      }
      if (w.startsWith('-') || w.startsWith('+')) continue;
      // `deno run x.ts`, `go run main.go`: a subcommand first; only `run` runs a file
      if (SUBCOMMANDS.has(name) && !seenRun) {
        if (w !== 'run' && !(name === 'bun' && SCRIPT_EXT.test(w))) return undefined;
        if (w === 'run') {
          seenRun = true;
          continue;
        }
      }
      return { word: w, runner: name };
    }
    return undefined;
  }
  // a program named by a path runs that file: its shebang (or its extension) says how
  if (first.includes('/')) return { word: first, runner: '' };
  return undefined;
}

/** A script a line names: a file (`word`, as written), or a package.json script (`npmScript`). */
export interface NamedScript {
  word: string;
  runner: string;
  /** The directory the line had changed to (`cd DIR && ...`) before it, as written. */
  dir?: string;
  /** The package.json script run (`npm run build`, `yarn test`): its name. */
  npmScript?: string;
  /** A make run: the Makefiles it would try, in order, and its targets. */
  make?: { targets: string[]; files: string[] };
}

/** make, gmake, bmake (cheap first test). */
const MAKE_RUN = /(?:^|[\s;&|(/])[gb]?make\b/;

/** The scripts a command line runs from disk, cheaply ruled out for most lines. */
export function scriptsNamed(command: string): NamedScript[] {
  if (!mayRunScript(command) && !PACKAGE_RUN.test(command) && !MAKE_RUN.test(command)) return [];
  const out: NamedScript[] = [];
  let dir: string | undefined;
  for (const c of simpleCommands(command)) {
    // `cd web && bash x.sh`: relative words are read from there (a literal cd only)
    if (c.argv[0] === 'cd' || c.argv[0] === 'pushd') {
      const to = c.argv.find((w, i) => i > 0 && !w.startsWith('-'));
      dir = to === undefined || /[$`*?[]/.test(to) ? undefined : dir && !/^[/~]/.test(to) ? `${dir}/${to}` : to;
      continue;
    }
    const s = scriptOf(c) ?? packageScriptOf(c.argv) ?? makeRunOf(c.argv);
    if (!s) continue;
    const named: NamedScript = dir === undefined ? s : { ...s, dir };
    if (!out.some((o) => o.word === named.word && o.npmScript === named.npmScript && o.dir === named.dir))
      out.push(named);
    if (out.length >= MAX_SCRIPTS) break;
  }
  return out;
}

/** The scripts an exec call runs, read from disk now; [] for any other call or line. */
export function readScripts(call: ToolCall, home = homedir()): ScriptFile[] {
  if (call.tool.toLowerCase() !== 'exec') return [];
  const command = call.params['command'];
  if (typeof command !== 'string') return [];
  const out: ScriptFile[] = [];
  const abs = (word: string, from: string) => {
    const expanded = word === '~' || word.startsWith('~/') ? home + word.slice(1) : word;
    return isAbsolute(expanded) ? resolve(expanded) : resolve(from, expanded);
  };
  for (const { word, runner, dir, npmScript, make } of scriptsNamed(command)) {
    if (/[$`*?[]/.test(word)) continue; // not known before the shell runs
    const from = dir === undefined ? (call.workdir ?? process.cwd()) : abs(dir, call.workdir ?? process.cwd());
    if (make !== undefined) {
      const file = firstReadable(make.files.map((f) => abs(f, from)));
      const text = file && makeRecipe(file.text, make.targets);
      if (file && text)
        out.push({ path: `${file.path}#${make.targets.join(',') || '(default)'}`, runner, content: text });
      continue;
    }
    if (npmScript !== undefined) {
      const file = nearestPackageJson(from);
      const text = file && packageScript(file, npmScript);
      if (file && text) out.push({ path: `${file.path}#scripts.${npmScript}`, runner, content: text });
      continue;
    }
    const path = abs(word, from);
    if (SYSTEM_DIR.test(path) || (!runner && INSTALLED_DIR.test(path))) continue;
    const head = readHead(path);
    if (!head) continue;
    const by = runner || shebangRunner(head.text) || (/\.(?:sh|bash)$/.test(path) ? 'sh' : '');
    if (!by) continue;
    out.push({ path, runner: by, content: head.text, ...(head.truncated ? { truncated: true } : {}) });
  }
  return out;
}

/** The call with the scripts it runs read onto it (the same call when it runs none). */
export function withScripts(call: ToolCall, home?: string): ToolCall {
  if (call.scripts !== undefined) return call;
  const scripts = readScripts(call, home);
  return scripts.length ? { ...call, scripts } : call;
}

/** What running each script amounts to: its text read as the code its runner runs. */
export function scriptEffects(call: ToolCall): Effect[] {
  const out: Effect[] = [];
  for (const s of call.scripts ?? []) {
    const via = `${s.runner} runs ${s.path}${s.truncated ? ` (its first ${SCRIPT_READ_BYTES} bytes)` : ''}, read when decided`;
    if (SHELLS.has(s.runner) || s.runner === 'sh') {
      out.push({ tool: 'exec', command: s.content, via });
      continue;
    }
    const lang = languageOfProgram(s.runner);
    if (lang) out.push(...analyzeCode(lang, s.content, via));
  }
  return out;
}

/** The scripts of a recorded call (the audit record's `script_files`), or undefined. */
export function recordedScripts(v: unknown): ScriptFile[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: ScriptFile[] = [];
  for (const x of v) {
    if (!x || typeof x !== 'object') continue;
    const r = x as Record<string, unknown>;
    if (typeof r['path'] !== 'string' || typeof r['runner'] !== 'string' || typeof r['content'] !== 'string') continue;
    out.push({
      path: r['path'],
      runner: r['runner'],
      content: r['content'],
      ...(r['truncated'] === true ? { truncated: true } : {}),
    });
  }
  return out;
}
