// A build told to run a program kept in a scratch folder. Compilers and package managers take,
// besides the code they build, the programs they call while building: the linker and the
// compiler wrapper of cargo (`linker`, `rustc-wrapper`, `RUSTC_WRAPPER`, `CARGO_TARGET_*_LINKER`,
// the test `runner`), the `-toolexec`/`-exec` of the go command (also through GOFLAGS and
// `go env -w`), the C toolchain of make and configure (`CC`, `CXX`, `LD`), the JVM agent of
// Maven and Gradle (`-javaagent:` in JAVA_TOOL_OPTIONS), npm's `script-shell`, Gradle init
// scripts (`-I`), and the programs git calls (`core.pager`, `core.fsmonitor`, `core.sshCommand`,
// `diff.external` ...). Pointed at a file in /tmp, /var/tmp, /dev/shm or Downloads, every build
// from then on (CI's too, when the setting is committed) runs that file with the build's access
// and its secrets, and sees and can rewrite every artifact: the shape of build hijacks such as
// SolarWinds' SUNSPOT, which swapped sources as the compiler ran. Tools do live in such places
// only while someone is trying them, and a real wrapper (sccache, clang, mold, delta) is named
// by a program name or an installed path: those are left alone.
//
// Read as `build-hook TOOL SETTING PATH` (policy build-hooks-from-scratch).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency } from './supply.js';
import { table } from '../../util/lookup-table.js';
import { FOREIGN_FOLDER } from './foreign-folders.js';

/** Folders where files are put to be thrown away or that anything downloaded lands in. */
const SCRATCH =
  /^(?:\.\.\/)+Downloads\/|^(?:\/private)?(?:\/tmp|\/var\/tmp|\/dev\/shm)\/|^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/Downloads\/|^\$\{?TMPDIR\}?\/|^%TEMP%\\|^C:\\Users\\Public\\|^C:\\Windows\\Temp\\/i;

/**
 * Folders that hold code other people put there: students' submissions an autograder collects,
 * customers' or users' uploads, an inbox of files received, a case's evidence, malware samples
 * and mail attachments (foreign-folders.ts). Their package files and setup scripts were written
 * by someone else, so installing them runs their install hooks like a package from Downloads
 * (reading, compiling or testing them in a sandbox is another matter, and is not this).
 */
const OTHERS_UPLOADS = FOREIGN_FOLDER;

/** Downloads on Windows, in either slash (`C:\Users\dev\Downloads\x`, `C:/Users/dev/Downloads/x`). */
const WINDOWS_DOWNLOADS = /^[A-Za-z]:[/\\]Users[/\\][^/\\]+[/\\]Downloads[/\\]/i;

/** Whether a path is in a scratch folder (/tmp, /var/tmp, /dev/shm, Downloads, TMPDIR). */
export function inScratch(path: string): boolean {
  return SCRATCH.test(path);
}

/** A line can hold a hook into a scratch folder only when it names one. */
export const SUPPLY_HOOK_HINT =
  /submission|upload|incoming|untrusted|evidence|malware|malicious|quarantin|infected|suspicious|attachments|mail downloads|\/tmp\/|\/\.cache\/|\/\.local\/share\/|\/dev\/shm\/|\/Downloads\/|TMPDIR|%TEMP%|\\Users\\Public\\|\\Windows\\Temp\\/i;

/** Environment variables whose value is the program a build tool runs (the first word of it). */
const PROGRAM_VARS =
  /^(?:RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|RUSTC|RUSTDOC|CARGO_BUILD_RUSTC(?:_WRAPPER|_WORKSPACE_WRAPPER)?|CARGO_BUILD_RUSTDOC|CARGO_TARGET_\w+_(?:LINKER|RUNNER)|CC|CXX|CPP|LD|AR|FC|HOSTCC|CC_\w+|CXX_\w+|npm_config_script_shell|NPM_CONFIG_SCRIPT_SHELL|GIT_PAGER|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_EXEC_PATH)$/;
/** Variables holding go flags or JVM options, read for the program options inside them. */
const FLAG_VARS =
  /^(?:GOFLAGS|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|MAVEN_OPTS|GRADLE_OPTS|CARGO_ENCODED_RUSTFLAGS)$/;
/** Options whose value is a program or an agent the tool loads: go, the JVM, npm, gradle. */
const PROGRAM_OPTION = /^-{1,2}(toolexec|exec|script-shell|javaagent|init-script|I)(?:[=:](.*))?$/;
/** Which of those options each tool takes (the JVM's `-javaagent:` in any option variable). */
const TOOL_OPTIONS: Record<string, ReadonlySet<string>> = table({
  go: new Set(['toolexec', 'exec']),
  npm: new Set(['script-shell']),
  pnpm: new Set(['script-shell']),
  gradle: new Set(['init-script', 'I']),
  gradlew: new Set(['init-script', 'I']),
  java: new Set(['javaagent']),
});
/** cargo `--config KEY=VALUE` and config-file keys that name a program cargo runs. */
const CARGO_KEYS = /(?:^|\.)(?:linker|runner|rustc-wrapper|rustc-workspace-wrapper|rustc|rustdoc)$/;
/** git settings whose value is a program git runs (`git -c K=V`, `git config K V`). */
const GIT_KEYS =
  /^(?:core\.(?:pager|editor|fsmonitor|sshcommand|askpass|hookspath)|sequence\.editor|diff\.external|diff\.\w+\.(?:command|textconv)|merge\.\w+\.driver|filter\.\w+\.(?:clean|smudge|process)|gpg(?:\.\w+)?\.program|credential\.helper|pager\.\w+|interactive\.difffilter)$/i;

const unquote = (v: string) => v.replace(/^["']|["']$/g, '');

/** The program a setting's value runs: its first word, quotes removed, when it is in a scratch folder. */
function scratchProgram(value: string): string | undefined {
  const first = unquote(unquote(value.trim()).trim().split(/\s+/)[0] ?? '');
  return SCRATCH.test(first) || WINDOWS_DOWNLOADS.test(first) || HIDDEN_HOME.test(first) ? first : undefined;
}

/** A package file or folder to install that no registry vouches for: a scratch folder's or other people's uploads. */
function unvouchedSource(value: string): string | undefined {
  const p = scratchProgram(value);
  if (p) return p;
  const first = unquote(unquote(value.trim()).trim().split(/\s+/)[0] ?? '');
  return OTHERS_UPLOADS.test(first) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(first) ? first : undefined;
}

/**
 * Hidden folders of the home directory that hold caches and data, not programs a build should
 * run: a linker or compiler wrapper there (~/.cache/ld-wrap/ld) was put by whoever set it. Tools
 * installed per user live in ~/.cargo/bin, ~/.local/bin or a package manager's folder.
 */
const HIDDEN_HOME =
  /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/\.(?:cache|local\/share|[^/]*tmp[^/]*)\//i;

/** Program options inside a flags variable's value (`-toolexec=/tmp/x -mod=mod`, `-javaagent:/tmp/a.jar`). */
function flagHooks(tool: string, value: string, out: [string, string, string][]): void {
  const words = unquote(value).split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const m = PROGRAM_OPTION.exec(words[i] ?? '');
    if (!m || !m[1]) continue;
    const p = scratchProgram(m[2] ?? words[i + 1] ?? '');
    if (p) out.push([tool, `-${m[1]}`, p]);
  }
}

function envHook(name: string, value: string, out: [string, string, string][]): void {
  if (PROGRAM_VARS.test(name)) {
    const p = scratchProgram(value);
    if (p) out.push([toolOfVar(name), name, p]);
  } else if (FLAG_VARS.test(name)) flagHooks(toolOfVar(name), value, out);
}

function toolOfVar(name: string): string {
  if (/^(?:RUST|CARGO)/.test(name)) return 'cargo';
  if (name === 'GOFLAGS') return 'go';
  if (/JAVA|MAVEN|GRADLE/.test(name)) return 'jvm';
  if (/^npm_config|^NPM_CONFIG/.test(name)) return 'npm';
  if (/^GIT_/.test(name)) return 'git';
  return 'make';
}

/** The hooks one simple command sets, as [tool, setting, program]. */
function commandHooks(c: SimpleCommand, out: [string, string, string][]): void {
  for (const a of c.assigns) envHook(a.name, a.value, out);
  const argv = c.argv;
  const prog = basename(argv[0] ?? '').toLowerCase();
  // export/declare/setenv NAME=value, and make's NAME=value operands
  if (/^(?:export|declare|typeset|readonly|local|make|gmake|setenv)$/.test(prog)) {
    for (const w of argv.slice(1)) {
      const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(w);
      if (m?.[1]) envHook(m[1], m[2] ?? '', out);
    }
    if (prog === 'setenv' && argv[1] && argv[2]) envHook(argv[1], argv[2], out);
  }
  if (prog === 'go' && argv[1] === 'env') {
    for (const w of argv.slice(2)) {
      const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(w);
      if (m?.[1]) envHook(m[1], m[2] ?? '', out);
    }
  }
  const opts = TOOL_OPTIONS[prog];
  if (opts) {
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i] ?? '';
      if (w === '--') break;
      const m = PROGRAM_OPTION.exec(w);
      if (!m?.[1] || !opts.has(m[1])) continue;
      const p = scratchProgram(m[2] ?? argv[i + 1] ?? '');
      if (p) out.push([prog, `-${m[1]}`, p]);
    }
  }
  if (prog === 'npm' || prog === 'pnpm' || prog === 'yarn') {
    // npm config set script-shell /tmp/sh
    const i = argv.indexOf('set');
    if (i > 0 && /^(?:config|c)$/.test(argv[i - 1] ?? '')) {
      const kv = argv.slice(i + 1).join(' ');
      const m = /^(script-shell|shell)[=\s]+(\S+)/.exec(kv);
      const p = m?.[2] ? scratchProgram(m[2]) : undefined;
      if (m?.[1] && p) out.push([prog, m[1], p]);
    }
  }
  if (prog === 'cargo') {
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i] ?? '';
      if (w === '--') break;
      const v = w === '--config' ? argv[++i] : w.startsWith('--config=') ? w.slice(9) : undefined;
      const m = v !== undefined ? /^([\w.\-"]+?)\s*=\s*(.+)$/s.exec(v) : null;
      const key = (m?.[1] ?? '').replace(/"/g, '');
      const p = m?.[2] ? scratchProgram(m[2]) : undefined;
      if (p && CARGO_KEYS.test(key)) out.push(['cargo', key, p]);
    }
  }
  if (prog === 'git') {
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i] ?? '';
      const kv = w === '-c' ? argv[++i] : undefined;
      const m = kv !== undefined ? /^([^=]+)=(.*)$/s.exec(kv) : null;
      if (m?.[1] && GIT_KEYS.test(m[1])) {
        const p = scratchProgram(m[2] ?? '');
        if (p) out.push(['git', m[1].toLowerCase(), p]);
      }
      if (w === 'config') {
        // git config [--global|--local|--system|--add|--replace-all] KEY VALUE
        const rest = argv.slice(i + 1).filter((x) => !x.startsWith('-'));
        const key = rest[0] ?? '';
        const p = rest[1] !== undefined ? scratchProgram(rest[1]) : undefined;
        if (p && GIT_KEYS.test(key)) out.push(['git', key.toLowerCase(), p]);
        break;
      }
    }
  }
}

/**
 * Variables naming the configuration file a tool reads instead of the user's: a file in a
 * scratch folder chooses the registries, mirrors and plugins of every command that follows.
 */
const CONFIG_VARS =
  /^(?:TF_CLI_CONFIG_FILE|TERRAFORM_CONFIG|NPM_CONFIG_USERCONFIG|npm_config_userconfig|NPM_CONFIG_GLOBALCONFIG|PIP_CONFIG_FILE|UV_CONFIG_FILE|POETRY_CONFIG_DIR|CARGO_HOME|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GEMRC|BUNDLE_GEMFILE|NUGET_CONFIG_FILE|GRADLE_USER_HOME|CONDARC|YARN_RC_FILENAME)$/;
/** Package managers' install verbs (after the program): what they are given is installed and its hooks run. */
const INSTALLS: Record<string, RegExp> = table({
  npm: /^(?:install|i|add|ci|isntall|in)$/,
  pnpm: /^(?:add|install|i)$/,
  yarn: /^(?:add|install)$/,
  bun: /^(?:add|install|i)$/,
  pip: /^(?:install|download)$/,
  pip3: /^(?:install|download)$/,
  uv: /^(?:add|pip|tool)$/,
  pipx: /^(?:install|inject)$/,
  poetry: /^add$/,
  cargo: /^install$/,
  gem: /^install$/,
  dotnet: /^(?:tool|add)$/,
  composer: /^require$/,
  go: /^install$/,
  brew: /^(?:install|reinstall)$/,
  // vcpkg's overlay ports are port recipes (portfile.cmake) vcpkg runs to build (learn.microsoft.com, "Overlay ports")
  vcpkg: /^install$/,
});
/** Options whose value is a folder to install from or a config file to read. */
const SOURCE_OPTION =
  /^(?:--find-links|-f|--path|--add-source|--source|--userconfig|--config-file|--local|--global-config|-c|--constraint)$/;

/** Options whose value is where an install writes (its target, cache or log), not a source. */
const DESTINATION_OPTION =
  /^(?:-d|--dest|--destination|-t|--target|--prefix|--root|--cache-dir|--src|--log|--report|-o|--output|--pack-destination|--install-dir|--bindir|--modules-folder|--global-folder|--cache-folder|--store-dir)$/;

/** Installs of a package file or folder kept in a scratch folder, and config files read from one. */
function scratchSources(c: SimpleCommand, out: [string, string][]): void {
  for (const a of c.assigns) if (CONFIG_VARS.test(a.name) && scratchProgram(a.value)) out.push([a.name, a.value]);
  const argv = c.argv;
  let prog = basename(argv[0] ?? '').toLowerCase();
  let i = 1;
  if (/^python[0-9.]*$/.test(prog) && argv[1] === '-m') {
    prog = argv[2] ?? '';
    i = 3;
  }
  if (/^pip[0-9.]+$/.test(prog)) prog = 'pip';
  if (prog === 'export')
    for (const w of argv.slice(1)) {
      const m = /^([A-Za-z_]\w*)=(.*)$/s.exec(w);
      if (m?.[1] && CONFIG_VARS.test(m[1]) && scratchProgram(m[2] ?? '')) out.push([m[1], m[2] ?? '']);
    }
  const verb = INSTALLS[prog];
  if (!verb || !verb.test(argv[i] ?? '')) return;
  for (let j = i + 1; j < argv.length; j++) {
    const w = argv[j] ?? '';
    if (DESTINATION_OPTION.test(w)) {
      j++; // where things are written, not where they come from
      continue;
    }
    if (DESTINATION_OPTION.test(w.split('=')[0] ?? '')) continue;
    const eq = /^(--[\w-]+)=(.*)$/s.exec(w);
    const value = eq ? eq[2] : SOURCE_OPTION.test(w) ? undefined : w;
    if (value === undefined) continue;
    const p = unvouchedSource(value.replace(/^file:/, ''));
    if (p) out.push([`${prog} ${argv[i] ?? ''}`, p]);
  }
}

/**
 * An install of the package in the working directory, which runs its own build and lifecycle
 * scripts: `npm install`/`npm ci`/`yarn`/`pnpm install` with no package named, `pip install .`
 * (or `-e .`), `python setup.py install|develop`, `make install`.
 */
function installsHere(argv: readonly string[]): boolean {
  const prog = basename(argv[0] ?? '').toLowerCase();
  const ops = argv.slice(2).filter((w) => !w.startsWith('-'));
  if (/^(?:npm|pnpm|bun)$/.test(prog)) return /^(?:install|i|ci)$/.test(argv[1] ?? '') && !ops.length;
  if (prog === 'yarn') return argv.length === 1 || (argv[1] === 'install' && !ops.length);
  if (/^pip[\d.]*$/.test(prog)) return argv[1] === 'install' && ops.some((w) => w === '.' || w === './');
  if (/^python[\d.]*$/.test(prog)) return argv[1] === 'setup.py' && /^(?:install|develop)$/.test(argv[2] ?? '');
  return prog === 'make' && argv[1] === 'install';
}

/** `build-hook TOOL SETTING PATH` for each build program a line points at a scratch folder;
 * `scratch-source VIA PATH` for each package or tool configuration taken from one. */
export function supplyHookEffects(cmds: readonly SimpleCommand[], out: Effect[]): void {
  const found: [string, string, string][] = [];
  const sources: [string, string][] = [];
  let here: string | undefined;
  for (const c of cmds) {
    commandHooks(c, found);
    scratchSources(c, sources);
    // `cd DIR && npm install`: the package in DIR is installed, its lifecycle scripts run
    const name = basename(c.argv[0] ?? '').toLowerCase();
    // (only other people's uploads: a scratch folder is also where a clone of a known project is built)
    if (name === 'cd' || name === 'pushd') here = OTHERS_UPLOADS.test(`${c.argv[1] ?? ''}/`) ? c.argv[1] : undefined;
    else if (here && installsHere(c.argv)) sources.push([c.argv.slice(0, 2).join(' '), here]);
  }
  for (const [tool, setting, path] of found)
    out.push(dependency(['build-hook', tool, setting, path], 'sets a build program'));
  for (const [via, path] of sources) out.push(dependency(['scratch-source', via, path], `${via} takes ${path}`));
}

/** The same for a cargo configuration file's text: `linker = "/tmp/cc"`, `rustc-wrapper = ...`. */
export function cargoConfigHooks(pairs: readonly [string, string][], via: string, out: Effect[]): void {
  for (const [k, v] of pairs) {
    const p = CARGO_KEYS.test(k) ? scratchProgram(v) : undefined;
    if (p) out.push(dependency(['build-hook', 'cargo', k, p], via));
  }
}
