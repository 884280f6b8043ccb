// Files whose text runs later by itself: editor start-up files (Vim and Neovim: `!cmd`,
// `system()`, `jobstart()`, `vim.fn.system`, `os.execute`, `io.popen`; Emacs: `shell-command`,
// `start-process`, `call-process`), dev container hooks (devcontainer.json `initializeCommand`
// runs on the host, `onCreate`/`postCreate`/`postStart`/`postAttach` in the container), editor
// settings that start programs (VS Code terminal profiles and their environment, interpreter
// paths), git configuration values git runs (`alias.x = !cmd`, `core.pager`, `core.editor`,
// `core.sshCommand`, `core.fsmonitor`, `sequence.editor`, `diff.external`, `credential.helper`,
// `filter.*.clean/smudge/process`, `gpg.program`, `ProxyCommand`), and shell aliases or functions
// that redefine a command someone types with a password or key at hand (`alias sudo=...`).
// Each becomes what it plants: the command it runs (decided as any command; only a deny counts,
// as for other planted code), and a `startup` reading, decided by policy startup-readings:
//   startup-fetch URL FILE        code that runs later reaches a host that is no vendor's
//   startup-override NAME FILE    redefines sudo, su, ssh, git, gpg ... in a start-up file
//   startup-program PATH FILE     an editor made to run a program from a temporary or hidden place
//   startup-env NAME FILE         an editor's terminals get LD_PRELOAD, NODE_OPTIONS, BASH_ENV ...
// Sources: Vim `:help :!`, `:help system()`, Neovim `:help vim.system()`, GNU Emacs manual
// "Synchronous Processes", containers.dev "devcontainer.json reference" (lifecycle scripts),
// VS Code "Terminal Profiles" and "Python environments" docs, git-config(1), ssh_config(5).
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { isKnownRegistry, isVendorHost } from './supply-data.js';
import { namesAdmin } from './role-grants.js';

type StartupKind = 'vim' | 'emacs' | 'devcontainer' | 'vscode' | 'gitconfig' | 'shellrc' | 'toolrc' | 'envfile';

const STARTUP_KINDS: [RegExp, StartupKind][] = [
  [
    /(?:^|\/)(?:\.vimrc|_vimrc|\.gvimrc|\.exrc|\.nvimrc|\.ideavimrc)$|\/\.vim\/(?:plugin|autoload|ftplugin|after|ftdetect)\/.*\.vim$|\/\.config\/nvim\/.*\.(?:vim|lua)$|(?:^|\/)\.nvim\.lua$/,
    'vim',
  ],
  [/(?:^|\/)\.emacs$|\/\.emacs\.d\/.*\.el$|\/\.config\/emacs\/.*\.el$|(?:^|\/)\.dir-locals\.el$/, 'emacs'],
  [/(?:^|\/)\.devcontainer(?:\/[^/]+)?\/devcontainer\.json$|(?:^|\/)\.devcontainer\.json$/, 'devcontainer'],
  [
    /(?:^|\/)\.vscode\/settings\.json$|\.code-workspace$|\/(?:code|code - insiders|vscodium|cursor|windsurf)\/user\/settings\.json$/,
    'vscode',
  ],
  [/(?:^|\/)\.gitconfig$|(?:^|\/)\.git\/config$|\/\.config\/git\/config$|^\/etc\/gitconfig$/, 'gitconfig'],
  [
    /(?:^|\/)\.(?:bashrc|bash_profile|bash_login|bash_aliases|profile|zshrc|zprofile|zshenv|zlogin|kshrc|envrc)$|\/\.config\/fish\/.*\.fish$|(?:^|\/)\.git\/hooks\/[^/]+$|(?:^|\/)\.husky\/[^/_][^/]*$|\/(?:documents\/(?:windows)?powershell|\.config\/powershell)\/[\w.]*profile\.ps1$/,
    'shellrc',
  ],
];

/**
 * Start-up files of terminal multiplexers, database shells, debuggers and REPLs, and the lines
 * in them that run a shell command: tmux `run-shell`/`if-shell` (tmux(1)), screen `exec`
 * (screen(1)), psql `\!` (psql(1)), gdb `shell`/`!` (gdb "Shell Commands"), lldb
 * `platform shell`, sqlite3 `.shell`/`.system`, mysql `system`/`\!`.
 */
const TOOL_RC: [RegExp, RegExp][] = [
  [
    /(?:^|\/)\.tmux\.conf$|\/\.config\/tmux\/tmux\.conf$/,
    /^\s*(?:run-shell|run|if-shell|if)\s+(?:-\w+\s+)*(?:'([^']*)'|"([^"]*)"|(\S.*))$/,
  ],
  [/(?:^|\/)\.screenrc$/, /^\s*(?:exec|screen\s+-t\s+\S+\s+\d*)\s+(?:'([^']*)'|"([^"]*)"|(\S.*))$/],
  [/(?:^|\/)\.psqlrc(?:-[\d.]+)?$/, /^\s*\\!\s*()()(.+)$/],
  [/(?:^|\/)\.gdbinit$|\/gdb\/gdbinit$/, /^\s*(?:shell|!)\s*()()(.+)$/],
  // ~/.lldbinit, and ~/.lldbinit-Xcode (or -lldb, -PROGRAM) read by that program only (lldb "Customization")
  [/(?:^|\/)\.lldbinit(?:-[\w.-]+)?$|\/\.lldb\/[^/]+\.lldbinit$/, /^\s*platform\s+shell\s+()()(.+)$/],
  [/(?:^|\/)\.sqliterc$/, /^\s*\.(?:shell|system)\s+()()(.+)$/],
  [/(?:^|\/)\.my\.cnf$|(?:^|\/)\.mysqlrc$/, /^\s*(?:system|\\!)\s+()()(.+)$/],
];

/**
 * Debugger start-up lines that load code: gdb `source FILE` and `python-file`/`pyfile`, lldb
 * `command script import FILE` and `command source FILE` (gdb "Command Files", "Python
 * Commands"; lldb "Python Scripting"); and lines of Python they run (gdb `python`/`py`/`pi`,
 * lldb `script`).
 */
const DEBUGGER_LOADS =
  /^\s*(?:source|python-file|pyfile|command\s+script\s+import|command\s+source)\s+(?:-\w+\s+)*(\S+)\s*$/;
const DEBUGGER_PYTHON = /^\s*(?:python|py|pi|script(?:\s+-l\s+python)?(?:\s+--)?)\s+(\S.*)$/;
const shellQuote = (t: string): string => `'${t.replace(/'/g, `'\\''`)}'`;

/** systemd environment.d files, ~/.pam_environment: NAME=value for every process of the session. */
const ENV_FILES = /\/environment\.d\/[^/]+\.conf$|(?:^|\/)\.pam_environment$|^\/etc\/environment$/;

export function startupKind(path: string): StartupKind | undefined {
  const lower = path.toLowerCase().replace(/\\/g, '/');
  if (TOOL_RC.some(([re]) => re.test(lower))) return 'toolrc';
  if (ENV_FILES.test(lower)) return 'envfile';
  const p = path.toLowerCase().replace(/\\/g, '/');
  for (const [re, k] of STARTUP_KINDS) if (re.test(p)) return k;
  return undefined;
}

/** A JSON / Vim / Lua / Lisp string literal's text. */
function unquote(lit: string): string {
  const q = lit[0];
  const body = lit.slice(1, -1);
  if (q === "'") return body.replace(/''/g, "'");
  return body.replace(/\\(["\\/bfnrt])/g, (_, c: string) =>
    c === 'n' ? '\n' : c === 't' ? '\t' : c === 'b' || c === 'f' || c === 'r' ? ' ' : c,
  );
}

const STR = `("(?:[^"\\\\\\n]|\\\\.)*"|'(?:[^'\\n]|'')*')`;

/** Vim script and Neovim Lua: the shell lines it runs. */
function vimCommands(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    // an Ex command line starting with ! (also after autocmd EVENT PATTERN, silent, exe, :)
    const bang =
      /^\s*(?:au(?:tocmd)?!?\s+\S+\s+\S+\s+)?(?:(?:sil(?:ent)?!?|exe(?:cute)?|call|nested|\+\+once|:)\s*)*!(?!=)(.+)$/.exec(
        line,
      );
    if (bang?.[1]) out.push(bang[1].trim());
  }
  const call = new RegExp(
    `\\b(?:system|systemlist|jobstart|termopen|vim\\.fn\\.system|vim\\.fn\\.systemlist|vim\\.fn\\.jobstart|vim\\.fn\\.termopen|vim\\.system|os\\.execute|io\\.popen|vim\\.loop\\.spawn|vim\\.uv\\.spawn)\\s*\\(?\\s*([\\[{]\\s*)?${STR}`,
    'g',
  );
  for (const m of text.matchAll(call)) {
    if (!m[2]) continue;
    if (m[1]) {
      // a list: the words after a shell and -c, or the argv
      const list = text.slice(m.index, text.indexOf(m[1].trim() === '[' ? ']' : '}', m.index) + 1);
      const words = [...list.matchAll(new RegExp(STR, 'g'))].map((w) => unquote(w[1] ?? ''));
      out.push(/sh$/.test(words[0] ?? '') && words[1] === '-c' ? (words[2] ?? '') : words.join(' '));
    } else out.push(unquote(m[2]));
  }
  return out;
}

/** Emacs Lisp: the shell lines and programs it runs. */
function emacsCommands(text: string): string[] {
  const out: string[] = [];
  const shell = new RegExp(
    `\\((?:shell-command|async-shell-command|shell-command-to-string|call-process-shell-command|process-lines)\\s+${STR}`,
    'g',
  );
  for (const m of text.matchAll(shell)) if (m[1]) out.push(unquote(m[1]));
  const shellNamed = new RegExp(`\\(start-process-shell-command\\s+${STR}\\s+\\S+\\s+${STR}`, 'g');
  for (const m of text.matchAll(shellNamed)) if (m[2]) out.push(unquote(m[2]));
  // (start-process NAME BUFFER PROGRAM ARGS...), (call-process PROGRAM INFILE BUFFER DISPLAY ARGS...)
  const proc = /\((start-process|call-process|make-process)\b([^()]*(?:\([^()]*\)[^()]*)*)\)/g;
  for (const m of text.matchAll(proc)) {
    const words = [...(m[2] ?? '').matchAll(new RegExp(STR, 'g'))].map((w) => unquote(w[1] ?? ''));
    const argv = m[1] === 'start-process' ? words.slice(1) : words;
    if (argv.length) out.push(/sh$/.test(argv[0] ?? '') && argv[1] === '-c' ? (argv[2] ?? '') : argv.join(' '));
  }
  return out;
}

/** JSON with comments and trailing commas (devcontainer.json, VS Code settings), else undefined. */
function jsonc(text: string): unknown {
  try {
    return JSON.parse(
      text
        .replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m, s: string | undefined) => s ?? '')
        .replace(/,(\s*[}\]])/g, '$1'),
    );
  } catch {
    return undefined;
  }
}

function commandValue(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return [v.map(String).join(' ')];
  if (v && typeof v === 'object') return Object.values(v).flatMap(commandValue);
  return [];
}

const DEVCONTAINER_HOOKS = [
  'initializeCommand',
  'onCreateCommand',
  'updateContentCommand',
  'postCreateCommand',
  'postStartCommand',
  'postAttachCommand',
];

/** A key's string values where the text is only a fragment (an edit), by pattern. */
function keyStrings(text: string, key: string): string[] {
  const re = new RegExp(`"${key.replace(/\./g, '\\.')}"\\s*:\\s*("(?:[^"\\\\]|\\\\.)*")`, 'g');
  return [...text.matchAll(re)].map((m) => unquote(m[1] ?? '""'));
}

function devcontainerCommands(text: string): string[] {
  const doc = jsonc(text) as Record<string, unknown> | undefined;
  if (doc && typeof doc === 'object')
    return DEVCONTAINER_HOOKS.flatMap((k) => commandValue(doc[k])).filter((c) => c.trim());
  return DEVCONTAINER_HOOKS.flatMap((k) => keyStrings(text, k));
}

/** Environment names that make every process of a shell or runtime load code. */
const LOADER_ENV =
  /^(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|NODE_OPTIONS|BASH_ENV|ENV|PROMPT_COMMAND|PYTHONSTARTUP|PERL5OPT|RUBYOPT|GIT_SSH_COMMAND|GIT_EXTERNAL_DIFF|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS)$/;

/** Whether NAME=value makes programs load code (NODE_OPTIONS for memory, -Xmx for Java do not). */
export function loadsCode(name: string, value: string): boolean {
  if (!LOADER_ENV.test(name)) return false;
  if (name === 'NODE_OPTIONS') return /(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader)\b/.test(value);
  if (/JAVA/.test(name)) return /-javaagent|-agentpath|-agentlib/.test(value);
  if (name === 'RUBYOPT' || name === 'PERL5OPT') return /-r|-M|-I/.test(value);
  return value.trim() !== '';
}
/** A program path in a temporary or hidden place (not a tool's own dot-directory). */
export const ODD_PROGRAM =
  /^(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|\/private\/tmp\/|[A-Za-z]:[\\/](?:windows[\\/])?temp[\\/])|[\\/]\.(?!venv\b|local\b|cargo\b|pyenv\b|nvm\b|rbenv\b|asdf\b|volta\b|deno\b|bun\b|conda\b|rustup\b|sdkman\b|config\b|vscode\b|tox\b|nox\b|poetry\b|pixi\b|mise\b|linuxbrew\b|lldb\b|gdb\b)[^\\/]+[\\/]/i;

interface VscodeFindings {
  commands: string[];
  env: [string, string][];
  programs: string[];
}

function vscodeFindings(text: string): VscodeFindings {
  const f: VscodeFindings = { commands: [], env: [], programs: [] };
  const doc = jsonc(text);
  const entries: [string, unknown][] = [];
  if (doc && typeof doc === 'object') {
    entries.push(...Object.entries(doc as Record<string, unknown>));
    // a .code-workspace file keeps its settings under "settings"
    const ws = (doc as Record<string, unknown>)['settings'];
    if (ws && typeof ws === 'object') entries.push(...Object.entries(ws as Record<string, unknown>));
  }
  for (const [k, v] of entries) {
    if (/^terminal\.integrated\.profiles\./.test(k) && v && typeof v === 'object')
      for (const p of Object.values(v as Record<string, unknown>)) {
        if (!p || typeof p !== 'object') continue;
        const prof = p as Record<string, unknown>;
        const path = Array.isArray(prof['path']) ? String(prof['path'][0] ?? '') : String(prof['path'] ?? '');
        const args = Array.isArray(prof['args']) ? prof['args'].map(String) : [];
        if (/sh(?:\.exe)?$/.test(path) && (args[0] === '-c' || args[0] === '-lc')) f.commands.push(args[1] ?? '');
        else if (path) f.commands.push([path, ...args].join(' '));
        if (path && ODD_PROGRAM.test(path)) f.programs.push(path);
      }
    else if (/^terminal\.integrated\.(?:shellArgs|shell)\./.test(k)) f.commands.push(...commandValue(v));
    else if (/^terminal\.integrated\.env\./.test(k) && v && typeof v === 'object')
      for (const [n, val] of Object.entries(v as Record<string, unknown>)) f.env.push([n, String(val)]);
    else if (
      /(?:^|\.)(?:defaultInterpreterPath|pythonPath|executablePath|nodePath|path|serverPath|binaryPath)$/i.test(k)
    ) {
      for (const s of commandValue(v)) if (ODD_PROGRAM.test(s)) f.programs.push(s);
    }
  }
  if (!entries.length) {
    // an edit: the fragment's string values
    for (const m of text.matchAll(/"([\w.]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) {
      const k = m[1] ?? '';
      const v = unquote(`"${m[2] ?? ''}"`);
      if (LOADER_ENV.test(k)) f.env.push([k, v]);
      else if (/(?:Path|path)$/.test(k) && ODD_PROGRAM.test(v)) f.programs.push(v);
    }
  }
  return f;
}

/** The `section.key` / value pairs of a git-config text; a line with no section header
 * (`core.fsmonitor = X`, the form `git config K V` is read into) keeps its dotted key. */
function gitSettings(text: string): [string, string][] {
  const out: [string, string][] = [];
  let section = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const sec = /^\[\s*([\w.-]+)(?:\s+"[^"]*")?\s*\]\s*(.*)$/.exec(line);
    if (sec) {
      section = (sec[1] ?? '').toLowerCase();
      if (!sec[2]) continue;
    }
    const kv = /^([\w.-]+(?:\.[^=\s]+)?)\s*=\s*(.*)$/.exec(sec?.[2] ?? line);
    if (!kv) continue;
    out.push([`${section ? section + '.' : ''}${(kv[1] ?? '').toLowerCase()}`, (kv[2] ?? '').trim()]);
  }
  return out;
}

/** git-config values git runs as commands. */
function gitCommands(text: string): string[] {
  const out: string[] = [];
  for (const [key, raw] of gitSettings(text)) {
    let value = raw;
    if (/^".*"$/.test(value)) value = value.slice(1, -1).replace(/\\"/g, '"');
    if (key.startsWith('alias.') && value.startsWith('!')) out.push(value.slice(1));
    else if (
      /^(?:core\.(?:pager|editor|sshcommand|fsmonitor|askpass|gitproxy)|sequence\.editor|diff\.external|pager\.\w+|gpg\.program|gpg\.\w+\.program|credential\.helper|interactive\.difffilter|web\.browser)$/.test(
        key,
      ) ||
      /^(?:filter|diff|merge)\.[^.]+\.(?:clean|smudge|process|textconv|command|driver)$/.test(key) ||
      /^(?:filter|diff|merge)\.(?:clean|smudge|process|textconv|command|driver)$/.test(key)
    ) {
      if (key === 'credential.helper' && !value.startsWith('!')) continue; // a named helper (store, osxkeychain)
      out.push(value.replace(/^!/, ''));
    }
    // ssh -o ProxyCommand=... inside sshCommand
    const proxy = /ProxyCommand\s*=?\s*(?:'([^']*)'|"([^"]*)"|(\S+))/i.exec(value);
    if (proxy) out.push(proxy[1] ?? proxy[2] ?? proxy[3] ?? '');
  }
  return out.filter((c) => c.trim());
}

/**
 * Files a git configuration includes (`include.path`, `includeIf.<cond>.path`) that someone other
 * than the user may control: a path relative to the repository (it ships with the checkout), or a
 * temporary place. An include under the user's home (`~/.gitconfig-work`) is the documented use.
 */
function gitIncludes(text: string): string[] {
  const out: string[] = [];
  for (const [key, raw] of gitSettings(text)) {
    if (!/^include(?:if)?\.(?:.*\.)?path$/.test(key)) continue;
    const value = raw.replace(/^"(.*)"$/, '$1');
    if (/^(?:~\/|\$HOME\/|\/home\/|\/Users\/)/.test(value) && !/\/tmp\//.test(value)) continue;
    out.push(value);
  }
  return out;
}

/** Commands a user types with a password, key or token at hand: redefining them captures it. */
const GUARDED_COMMANDS =
  /^(?:sudo|su|doas|ssh|scp|sftp|git|gpg|gpg2|passwd|pass|op|bw|aws|gcloud|az|kubectl|docker|npm|pip|pip3|mysql|psql|login|ssh-add|ssh-keygen|vault|gh|curl|cd|ls)$/;

/** `alias ls='ls --color=auto'`, `alias git=hub`: the same command with options, or a known wrapper. */
function sameOrWrapper(name: string, value: string): boolean {
  const [first = '', ...rest] = value.trim().split(/\s+/);
  if (/[;|&<>`$]/.test(value)) return false;
  // the command itself given options only (`ls --color=auto`); an operand (`sudo evil`) runs something else
  return (
    (first === name && rest.every((w) => w.startsWith('-'))) ||
    /^(?:hub|lab|eza|exa|lsd|colorls|podman|nerdctl|pnpm|uv|z|zoxide|__zoxide_z|gitui|lazygit)$/.test(first)
  );
}

/** `alias sudo=...`, `function sudo { ... }`, `sudo() { ... }` in a start-up file, unless it only adds options. */
function overrides(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\balias\s+(?:-g\s+)?([\w-]+)=(?:'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+))/g)) {
    const name = m[1] ?? '';
    const value = (m[2] ?? m[3] ?? m[4] ?? '').trim();
    if (!GUARDED_COMMANDS.test(name)) continue;
    // `alias ls='ls --color=auto'`, `alias git=hub`: the same command with options, or a known wrapper
    if (sameOrWrapper(name, value)) continue;
    out.push(name);
  }
  for (const m of text.matchAll(
    /(?:^|[\s;])(?:function\s+([\w-]+)\s*(?:\(\s*\))?|([\w-]+)\s*\(\s*\))\s*\{([^}]*)\}/g,
  )) {
    const name = m[1] ?? m[2] ?? '';
    if (!GUARDED_COMMANDS.test(name)) continue;
    const body = m[3] ?? '';
    // a wrapper that only calls the real command with options (`git() { command git "$@"; }`)
    if (/^\s*(?:command|builtin)\s+[\w-]+\s+[^;|&<>`]*;?\s*$/.test(body)) continue;
    out.push(name);
  }
  return out;
}

function hostOf(url: string): string | undefined {
  return /^[a-z]+:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(url)?.[1]?.toLowerCase();
}

/** Hosts code reaches: URLs, and curl/wget/nc operands written without a scheme. */
export function reachedUrls(cmd: string): string[] {
  const out = new Set<string>();
  for (const u of cmd.match(/\b(?:https?|ftp|wss?):\/\/[^\s'"`)<>\\|;]+/g) ?? []) out.add(u);
  for (const m of cmd.matchAll(
    /\b(?:curl|wget|nc|ncat|http|https)\b(?:\s+-{1,2}[\w-]+(?:[= ][^\s-][^\s]*)?)*\s+([a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:\/[^\s'"`|;)]*)?)/gi,
  ))
    if (m[1] && !/^\d+$/.test(m[1])) out.add(`http://${m[1]}`);
  for (const m of cmd.matchAll(/\/dev\/(?:tcp|udp)\/([^/\s]+)\/(\d+)/g)) out.add(`tcp://${m[1]}:${m[2]}`);
  return [...out];
}

function reading(words: string[], via: string): Effect {
  return {
    tool: 'startup',
    command: words.map((w) => w.replace(/\s+/g, '_').slice(0, 200) || '_').join(' '),
    via,
  };
}

/** What writing `content` to a start-up file at `path` plants; undefined when `path` is none. */
export function startupPlant(path: string, content: string): Effect[] | undefined {
  const kind = startupKind(path);
  if (!kind) return undefined;
  const name = posix.basename(path.replace(/\\/g, '/'));
  const via = `plants code in ${name}`;
  const out: Effect[] = [];
  let commands: string[] = [];
  if (kind === 'vim') commands = vimCommands(content);
  else if (kind === 'emacs') commands = emacsCommands(content);
  else if (kind === 'devcontainer') commands = devcontainerCommands(content);
  else if (kind === 'gitconfig') {
    commands = gitCommands(content);
    for (const c of commands) {
      // the program git runs, or one the shell line it runs starts (`sh -c "(/tmp/.p &); less"`)
      const prog = c
        .trim()
        .split(/[\s;&|()'"]+/)
        .find((w) => ODD_PROGRAM.test(w) || /^(?:\/private)?\/(?:tmp|var\/tmp|dev\/shm)\/\./.test(w));
      if (prog)
        out.push(
          reading(['startup-program', prog, name], `${name} makes git run ${prog}, in a temporary or hidden place`),
        );
    }
    for (const inc of gitIncludes(content))
      out.push(reading(['startup-include', inc, name], `${name} makes git load the settings in ${inc} as its own`));
  } else if (kind === 'shellrc') commands = [content];
  else if (kind === 'toolrc') {
    const lower = path.toLowerCase().replace(/\\/g, '/');
    const line = TOOL_RC.find(([re]) => re.test(lower))?.[1];
    for (const l of content.split('\n')) {
      const m = line?.exec(l);
      if (m) commands.push((m[1] || m[2] || m[3] || '').trim());
      // a debugger's start-up file loading a script file, or running a line of Python itself
      const file = DEBUGGER_LOADS.exec(l)?.[1]?.replace(/^["']|["']$/g, '');
      if (file && /gdbinit|lldbinit/.test(lower) && ODD_PROGRAM.test(file.replace(/^~/, '/home/_')))
        out.push(
          reading(
            ['startup-program', file, name],
            `${name} makes the debugger load ${file}, in a temporary or hidden place`,
          ),
        );
      const py = DEBUGGER_PYTHON.exec(l)?.[1];
      if (py && /gdbinit|lldbinit/.test(lower)) {
        commands.push(`python3 -c ${shellQuote(py)}`);
        // Python that opens a file from a temporary or hidden place to run it (exec(open(F).read()))
        const f = /\b(?:exec|execfile|runpy\.run_path|import_module)\s*\(\s*(?:open\s*\(\s*)?["']([^"']+)["']/.exec(
          py,
        )?.[1];
        if (f && ODD_PROGRAM.test(f.replace(/^~/, '/home/_')))
          out.push(
            reading(
              ['startup-program', f, name],
              `${name} makes the debugger run ${f}, in a temporary or hidden place`,
            ),
          );
      }
    }
  } else if (kind === 'envfile') {
    for (const m of content.matchAll(
      /^\s*(?:export\s+)?([A-Za-z_]\w*)\s*(?:DEFAULT\s*=\s*|OVERRIDE\s*=\s*|=)\s*["']?([^"'\n]*)/gm,
    ))
      if (loadsCode(m[1] ?? '', m[2] ?? '')) {
        out.push(
          reading(
            ['startup-env', m[1] ?? '', name],
            `${name} gives every process ${m[1] ?? ''}=${(m[2] ?? '').slice(0, 60)}`,
          ),
        );
        out.push({
          tool: 'exec',
          command: `export ${m[1] ?? ''}=${m[2] ?? ''}`,
          via: `${name} sets ${m[1] ?? ''} for every process`,
        });
      }
  } else {
    const f = vscodeFindings(content);
    commands = f.commands;
    for (const [n, v] of f.env)
      if (loadsCode(n, v)) {
        out.push(reading(['startup-env', n, name], `${name} gives every terminal ${n}=${v.slice(0, 60)}`));
        out.push({ tool: 'exec', command: `export ${n}=${v}`, via: `${name} sets ${n} for its terminals` });
      }
    for (const p of f.programs)
      out.push(
        reading(['startup-program', p, name], `${name} makes the editor run ${p}, in a temporary or hidden place`),
      );
  }
  // a database shell, debugger, multiplexer or editor made to run a program kept in a temporary
  // or hidden place: what runs is not in the write (git's and editors' settings are read above)
  if (kind === 'toolrc' || kind === 'vim' || kind === 'emacs' || kind === 'devcontainer')
    for (const c of commands) {
      const prog =
        c
          .trim()
          .split(/\s+/)[0]
          ?.replace(/^["']|["']$/g, '') ?? '';
      if (ODD_PROGRAM.test(prog))
        out.push(
          reading(
            ['startup-program', prog, name],
            `${name} makes its tool run ${prog}, in a temporary or hidden place`,
          ),
        );
    }
  // shell start-up files and hooks are planted as scripts already (content.ts); .bash_aliases is not
  if (kind !== 'shellrc' || /\.bash_aliases$/.test(path))
    for (const c of commands) out.push({ tool: 'exec', command: c, via, onlyDeny: true });
  for (const c of commands)
    for (const u of reachedUrls(c)) {
      const h = hostOf(u);
      if (!h || /^(?:localhost|127\.[\d.]+|\[::1\])$/.test(h) || isVendorHost(h) || isKnownRegistry(h)) continue;
      out.push(reading(['startup-fetch', u, name], `${via} that reaches ${h} each time it runs`));
    }
  if (kind === 'shellrc' || kind === 'vim' || kind === 'emacs')
    for (const n of overrides(content))
      out.push(reading(['startup-override', n, name], `${name} redefines ${n}, a command typed with secrets at hand`));
  return out;
}

/** A user's systemd units and their drop-ins (systemd.unit(5): ~/.config/systemd/user). */
const USER_UNIT =
  /\/\.config\/systemd\/user\/(?:[^/]+\.(?:service|timer|socket|path|target|mount)|[^/]+\.d\/[^/]+\.conf)$/;
/** Lines of a unit that run a program (systemd.service(5) Exec*, systemd.socket(5) Exec*). */
const UNIT_EXEC = /^\s*Exec[A-Za-z]*\s*=\s*[-@:+!]*(.*)$/gm;
/** Commands that fetch, connect out, decode or open a shell on a socket: not a service's own program. */
const UNIT_ODD =
  /\/dev\/(?:tcp|udp)\/|\b(?:curl|wget|nc|ncat|netcat|socat|telnet|base64|xxd|openssl)\b|\b(?:bash|sh|zsh)\s+-i\b/;

/** Interpreters whose first operand is the script they run. */
const UNIT_INTERPRETER =
  /^(?:python[0-9.]*|node|nodejs|bash|sh|zsh|dash|perl|ruby|php[0-9.]*|deno|bun|lua[0-9.]*|pwsh|powershell|osascript|java)$/;

/**
 * A user's systemd unit, read by what it runs: `startup-write NAME plain` when every Exec line
 * starts a program kept in an ordinary place that fetches nothing and opens no connection (a
 * project's dev server, a sync tool); `code` when a line fetches, connects out, decodes, opens a
 * shell on a socket or runs a program from a temporary or hidden place, and when the text is not
 * known (`cp`, `curl -o`). Its commands are also planted (content.ts), so a deny of any counts.
 */
function unitWrite(path: string, content: string | undefined): Effect {
  const name = posix.basename(path.replace(/\\/g, '/'));
  const odd = (c: string): boolean => {
    const words = c.trim().split(/\s+/);
    const prog = words[0] ?? '';
    if (ODD_PROGRAM.test(prog) || UNIT_ODD.test(c)) return true;
    // an interpreter started on a script kept in a temporary place or under a hidden name
    // (`/usr/bin/python3 /tmp/.cache_sync.py`): what runs is that script, not the interpreter
    const script = UNIT_INTERPRETER.test(posix.basename(prog))
      ? words.slice(1).find((w) => !w.startsWith('-'))
      : undefined;
    if (script && (ODD_PROGRAM.test(script) || /^\.[^/\\]+$/.test(posix.basename(script)))) return true;
    return reachedUrls(c).some((u) => {
      const h = hostOf(u);
      return !!h && !/^(?:localhost|127\.[\d.]+|\[::1\]|0\.0\.0\.0)$/.test(h) && !isVendorHost(h);
    });
  };
  // a timer, path or socket unit starts a service on its own schedule or trigger: what it starts is not in it
  const scheduled = /\.(?:timer|path|socket)$/.test(name);
  const plain =
    !scheduled &&
    content !== undefined &&
    // text that reads as a unit (a section header); anything else is not known to be harmless
    /^\s*\[(?:Unit|Service|Install)\]\s*$/m.test(content) &&
    content.length < 64 * 1024 &&
    ![...content.matchAll(UNIT_EXEC)].some((m) => odd(m[1] ?? ''));
  return reading(
    ['startup-write', name, plain ? 'plain' : 'code'],
    plain
      ? `adds a login service ${name} that runs the project's own programs`
      : content === undefined || scheduled
        ? `writes the login service ${name} with text not shown on the line, or a trigger that starts one later`
        : `adds a login service ${name} that fetches, connects out or runs a program from a hidden place`,
  );
}

/** A user's shell start-up files (system-wide ones stay with persistence-files). */
const HOME_RC =
  /(?:^|[/\\])\.(?:bashrc|bash_profile|bash_login|bash_logout|bash_aliases|profile|zshrc|zprofile|zshenv|zlogin|zlogout|kshrc|mkshrc|xprofile|xinitrc|xsessionrc|xsession)$|[/\\]\.config[/\\]fish[/\\](?:config\.fish|conf\.d[/\\][^/\\]+\.fish|functions[/\\][^/\\]+\.fish)$|[/\\](?:Documents[/\\](?:Windows)?PowerShell|\.config[/\\]powershell)[/\\][\w.]*profile\.ps1$/i;

export function isHomeRc(path: string): boolean {
  return HOME_RC.test(path) && !/^\/etc\//.test(path);
}

/** Environment settings tools document for start-up files (install guides of nvm, Go, pyenv, Android, Java ...;
 * fzf's and bat's READMEs for their default command and options; the pager, as the editor). */
const PLAIN_ENV =
  /^(?:PATH|MANPATH|INFOPATH|FPATH|CDPATH|NVM_DIR|PNPM_HOME|BUN_INSTALL|VOLTA_HOME|DENO_INSTALL|FNM_DIR|N_PREFIX|GOPATH|GOROOT|GOBIN|CARGO_HOME|RUSTUP_HOME|PYENV_ROOT|PIPX_HOME|PIPX_BIN_DIR|POETRY_HOME|WORKON_HOME|VIRTUAL_ENV_DISABLE_PROMPT|RBENV_ROOT|SDKMAN_DIR|JAVA_HOME|ANDROID_HOME|ANDROID_SDK_ROOT|FLUTTER_ROOT|DOTNET_ROOT|DOTNET_CLI_TELEMETRY_OPTOUT|HOMEBREW_NO_ANALYTICS|HOMEBREW_NO_AUTO_UPDATE|EDITOR|VISUAL|LANG|LANGUAGE|LC_[A-Z]+|TERM|COLORTERM|CLICOLOR|LSCOLORS|LS_COLORS|fish_user_paths|fish_function_path|fish_complete_path|fish_greeting|HISTSIZE|HISTFILESIZE|HISTCONTROL|SAVEHIST|TZ|XDG_[A-Z_]+_HOME|GPG_TTY|DOCKER_BUILDKIT|COMPOSE_DOCKER_CLI_BUILD|KUBE_EDITOR|STARSHIP_CONFIG|ZSH|ZSH_THEME|PS1|PS2|PROMPT|RPROMPT|PYTHONDONTWRITEBYTECODE|PIP_REQUIRE_VIRTUALENV|NODE_ENV|GOPRIVATE_DISABLED|ZDOTDIR|PAGER|MANPAGER|LESS|RIPGREP_CONFIG_PATH|FZF_DEFAULT_COMMAND|FZF_DEFAULT_OPTS|FZF_CTRL_T_COMMAND|FZF_CTRL_T_OPTS|FZF_ALT_C_COMMAND|FZF_ALT_C_OPTS|BAT_THEME|BAT_STYLE)$/;
/** Cloud CLIs' default profile, project, region and context (AWS, gcloud, Azure CLI environment references). */
const CLOUD_SELECT =
  /^(?:AWS_PROFILE|AWS_DEFAULT_PROFILE|AWS_REGION|AWS_DEFAULT_REGION|CLOUDSDK_CORE_PROJECT|CLOUDSDK_COMPUTE_REGION|CLOUDSDK_COMPUTE_ZONE|GOOGLE_CLOUD_PROJECT|GCLOUD_PROJECT|AZURE_DEFAULTS_GROUP|AZURE_DEFAULTS_LOCATION)$/;
/** Runtime option variables: plain unless their value loads code (loadsCode). */
const RUNTIME_OPTIONS = /^(?:NODE_OPTIONS|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JAVA_OPTS|MAVEN_OPTS|GRADLE_OPTS)$/;
/** Tools whose documented shell set-up is `eval "$(TOOL ...)"` (their own output, nothing fetched). */
const INIT_TOOLS =
  /^(?:direnv|starship|zoxide|pyenv|pyenv-virtualenv|rbenv|nodenv|goenv|jenv|plenv|mise|rtx|fnm|brew|\/opt\/homebrew\/bin\/brew|\/home\/linuxbrew\/\.linuxbrew\/bin\/brew|\/usr\/local\/bin\/brew|thefuck|atuin|mcfly|fzf|oh-my-posh|conda|micromamba|register-python-argcomplete|kubectl|helm|gh|rustup|uv|uvx|pip|poetry|npm|volta|just|task|op|ssh-agent|dircolors|gdircolors|keychain)$/;
/** Places a start-up file may source: under home, in tool directories, not temporary ones. */
// SDKs installed system-wide document a setup script to source from start-up files: ROS
// (/opt/ros/DISTRO/setup.bash), Intel oneAPI (/opt/intel/oneapi/setvars.sh), Yocto SDKs
// (/opt/poky/VERSION/environment-setup-*), Xilinx (/opt/Xilinx/.../settings64.sh), Lmod
// (/etc/profile.d/): root's directories, not a place an agent's write lands.
const SOURCE_OK =
  /^["']?(?:~|\$HOME|\$\{HOME\}|\$[A-Z_]+_(?:DIR|HOME|ROOT)|\$\{[A-Z_]+_(?:DIR|HOME|ROOT)\}|\/usr\/share|\/usr\/local\/share|\/opt\/homebrew|\/etc\/bash_completion|\/etc\/profile\.d\/|\/opt\/(?!homebrew)[\w.+-]+\/[\w.+/-]+$)/;
/** Variables a number or a yes/no cannot make dangerous are still kept out when their name says
 * they load code, redirect traffic or history, or switch a guard off. */
const GUARDED_ENV =
  /PROXY|HIST|PROMPT|^PS\d|^LD_|^DYLD_|OPTIONS?$|OPT$|^SVC|PATH$|LIB$|^ENV$|BASH_ENV|DISABLE|BYPASS|SKIP|INSECURE|VERIFY|TLS|SSL/i;
const TEMP = /\/tmp\b|\/dev\/shm|\/var\/tmp|\/\.\w*cache\b/i;

/**
 * An alias's or abbreviation's text that runs ordinary commands only: variables may be expanded
 * (`squeue -u $USER`) and commands piped or chained (`git log --oneline | head`), but nothing is
 * substituted, redirected or sent to the background.
 */
function plainAliasValue(v: string): boolean {
  return !/[;<>`&]|\$\(/.test(v.replace(/&&/g, ''));
}

/** Conditionals around start-up lines that only test: `if [ -f ~/.x ]; then`, `fi`, fish `if status is-interactive`. */
const STRUCTURE =
  /^(?:(?:if|elif)\s+(?:\[\[?\s+[^;`$()]*\]\]?|test\s+[^;`$()]*|command\s+-v\s+[\w.-]+(?:\s+>\s*\/dev\/null)?(?:\s+2>&1)?|type\s+-q\s+[\w.-]+|status\s+(?:--)?is-(?:interactive|login))\s*(?:;\s*then)?|then|else|fi|end)$/;

/** fish's autoloaded functions: `~/.config/fish/functions/NAME.fish` defines NAME, run when typed. */
const FISH_FUNCTION_FILE = /\/\.config\/fish\/functions\/[^/]+\.fish$/;
/** fish functions run by fish itself, not by a user typing them (fish "Prompt", "Greeting", event handlers). */
const FISH_AUTORUN = /^fish_(?:prompt|right_prompt|greeting|title|mode_prompt|command_not_found|postexec|preexec)$/;

/**
 * A fish function file that defines an ordinary command (`function ll --wraps ls` ... `end`):
 * nothing in it runs until the user types the name, so it is plain when the name is no command
 * typed with secrets at hand and none fish runs by itself, no `--on-*` option makes it an event
 * handler, and each body line is one simple command: no network tool, interpreter, substitution,
 * redirection, pipe into a shell or `eval`/`source`.
 */
function fishFunctionPlain(file: string, content: string): boolean {
  const lines = content
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const head =
    /^function\s+([\w.-]+)((?:\s+(?:--wraps(?:=|\s+)\S+|-w\s+\S+|--description(?:=|\s+)(?:'[^']*'|"[^"]*"|\S+)|-d\s+(?:'[^']*'|"[^"]*"|\S+)|--argument-names(?:\s+[\w]+)+|-a(?:\s+[\w]+)+))*)\s*$/.exec(
      lines[0] ?? '',
    );
  if (!head || lines[lines.length - 1] !== 'end') return false;
  const fn = head[1] ?? '';
  if (fn !== file.replace(/\.fish$/, '') || GUARDED_COMMANDS.test(fn) || FISH_AUTORUN.test(fn)) return false;
  return lines
    .slice(1, -1)
    .every(
      (l) =>
        !/[`;&<>()]|\b(?:eval|source|curl|wget|nc|ncat|socat|telnet|base64|xxd|openssl|python[\d.]*|perl|ruby|node|php|bash|sh|zsh|fish)\b/.test(
          l,
        ) && /^[\w.-]+(?:\s+(?:\$argv|[^\s|]+))*(?:\s*\|\s*[\w.-]+(?:\s+[^\s|]+)*)*$/.test(l),
    );
}

/**
 * PowerShell profile lines that only set up the shell (about_Profiles; Set-Alias, Import-Module,
 * PSReadLine's options, `$env:` variables, and the documented `oh-my-posh init pwsh |
 * Invoke-Expression` / `Invoke-Expression (&starship init powershell)` set-up of a listed tool);
 * undefined for a line that is not PowerShell of these kinds.
 */
function plainPowerShellLine(l: string): boolean | undefined {
  const alias =
    /^(?:Set|New)-Alias\s+(?:-Name\s+)?([\w]+)\s+(?:-Value\s+)?([\w.-]+)(?:\s+-(?:Option|Scope)\s+\w+)*$/i.exec(l);
  if (alias) return !GUARDED_COMMANDS.test((alias[1] ?? '').toLowerCase());
  // a module by name from the module path, not a file
  if (/^Import-Module\s+(?:-Name\s+)?[\w.-]+(?:\s+-(?:DisableNameChecking|Force|Global))*$/i.test(l))
    return !/\.(?:ps[md]?1|dll)\b/i.test(l);
  if (/^Set-PSReadLine(?:Option|KeyHandler)\b/i.test(l))
    return !/[{}]|-ScriptBlock|-AddToHistoryHandler|-CommandValidationHandler/i.test(l);
  const env = /^\$env:([A-Za-z_]\w*)\s*(\+?=)\s*(.+)$/i.exec(l);
  if (env) {
    const [name = '', , value = ''] = [env[1], env[2], env[3]];
    if (/[`]|\$\(|\|/.test(value) || /\\temp\\|\$env:te?mp|\/tmp\//i.test(value)) return false;
    if (/^path$/i.test(name) || PLAIN_ENV.test(name.toUpperCase())) return true;
    return (
      /^["']?(?:-?\d+|true|false)["']?$/i.test(value.trim()) &&
      /^[A-Za-z][A-Za-z0-9]+_\w+$/.test(name) &&
      !GUARDED_ENV.test(name)
    );
  }
  const piped =
    /^(?:&\s*)?([\w.-]+)\s+init\s+(?:pwsh|powershell)\b(?:[^|;`$(){}]|\$env:\w+)*\|\s*(?:Invoke-Expression|iex)$/i.exec(
      l,
    );
  const wrapped =
    /^(?:Invoke-Expression|iex)\s+\(\s*&\s*(?:\{\s*\(\s*)?([\w.-]+)\s+init\s+(?:pwsh|powershell)\b[^;`$]*\)$/i.exec(l);
  const tool = piped?.[1] ?? wrapped?.[1];
  if (tool !== undefined) return INIT_TOOLS.test(tool.toLowerCase());
  return undefined;
}

/** One line of a start-up file that only sets up the shell (nothing fetched, run or redefined). */
function plainRcLine(line: string): boolean {
  const l = line.trim().replace(/;$/, '');
  if (!l || l.startsWith('#')) return true;
  if (/`|\$\((?!\s*(?:[\w/.-]+)\s+(?:shellenv|init|hook|activate|env|completion|-s|shell|--prefix|root)\b)/.test(l))
    return false;
  if (
    /\b(?:curl|wget|nc|ncat|socat|telnet|base64|xxd|openssl|python[\d.]*|perl|ruby|node|php|bash\s+-c|sh\s+-c)\b/.test(
      l,
    )
  )
    return false;
  const env = /^(?:export\s+|declare\s+-x\s+|typeset\s+-x\s+|set\s+-[gUx]{1,2}\s+)?([A-Za-z_]\w*)(?:=|\s+)(.*)$/.exec(
    l,
  );
  if (env && PLAIN_ENV.test(env[1] ?? '') && (/=/.test(l) || /^set\s+-[gUx]/.test(l))) return !TEMP.test(env[2] ?? '');
  // the cloud profile, project or region a shell starts with is a setting, unless it names an administrator
  if (env && CLOUD_SELECT.test(env[1] ?? '') && /=/.test(l))
    return !namesAdmin(env[2] ?? '') && !/[$`;|&<>]/.test(env[2] ?? '');
  // runtime flags (a heap size, source maps) are settings; a flag that loads a module is code
  if (env && RUNTIME_OPTIONS.test(env[1] ?? '') && /=/.test(l))
    return (
      !loadsCode(env[1] ?? '', env[2] ?? '') &&
      !/-javaagent|-agentpath|-agentlib|[$`;|&<>]/.test(env[2] ?? '') &&
      !TEMP.test(env[2] ?? '')
    );
  // a tool's cache put elsewhere (NXF_SINGULARITY_CACHEDIR=/scratch/u/sif, PIP_CACHE_DIR=~/.cache/pip):
  // an absolute or home path outside temporary places; a cache holds what the tool downloads again
  if (
    env &&
    /^(?:export\s+|set\s+-[gUx]{1,2}\s+)/.test(l) &&
    /^[A-Za-z][A-Za-z0-9]*_\w*CACHE(?:_?DIR)?$/.test(env[1] ?? '')
  ) {
    const v = (env[2] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
    if (/^(?:\/|~\/|\$HOME\/|\$\{HOME\}\/)[\w./+-]*$/.test(v) && !TEMP.test(v) && !v.includes('..')) return true;
  }
  // memory and stack sizes for a runtime (NXF_OPTS='-Xms1g -Xmx4g', NODE_OPTIONS=--max-old-space-size=4096):
  // those flags load nothing
  if (env && /^(?:export\s+|set\s+-[gUx]{1,2}\s+)/.test(l) && /(?:_OPTS|_OPTIONS)$/.test(env[1] ?? '')) {
    const v = (env[2] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
    if (
      v !== '' &&
      v
        .split(/\s+/)
        .every((w) =>
          /^(?:-Xm[sxn]\d+[kKmMgG]?|-Xss\d+[kKmMgG]?|-XX:(?:Max|Initial|Min)RAMPercentage=[\d.]+|--max-old-space-size=\d+|--max-semi-space-size=\d+)$/.test(
            w,
          ),
        )
    )
      return true;
  }
  // a tool's setting given a number or a yes/no (ROS_DOMAIN_ID=42, OMP_NUM_THREADS=8): tools
  // name their variables TOOL_SETTING, so a bare name (EVIL=1) is no tool's and stays code
  if (
    env &&
    /^(?:export\s+|set\s+-[gUx]{1,2}\s+)/.test(l) &&
    /^[A-Za-z][A-Za-z0-9]+_\w+$/.test(env[1] ?? '') &&
    !GUARDED_ENV.test(env[1] ?? '')
  )
    if (/^["']?(?:-?\d+(?:\.\d+)?|true|false|yes|no|on|off)["']?$/i.test((env[2] ?? '').trim())) return true;
  if (/^(?:fish_add_path|path\+=|fpath\+=|path=\(|fpath=\()/.test(l)) return !TEMP.test(l);
  const alias = /^alias\s+(?:-g\s+)?([\w.-]+)=(?:'([^']*)'|"([^"]*)"|(\S+))$/.exec(l);
  if (alias) {
    const value = alias[2] ?? alias[3] ?? alias[4] ?? '';
    return GUARDED_COMMANDS.test(alias[1] ?? '') ? sameOrWrapper(alias[1] ?? '', value) : plainAliasValue(value);
  }
  // fish abbreviations expand as typed, like aliases (fish `abbr --add NAME EXPANSION`)
  const abbr = /^abbr\s+(?:-a|--add)\s+(?:-[gU]\s+|--(?:global|universal)\s+)?([\w.-]+)\s+(.+)$/.exec(l);
  if (abbr)
    return (
      !GUARDED_COMMANDS.test(abbr[1] ?? '') && plainAliasValue((abbr[2] ?? '').replace(/^'(.*)'$|^"(.*)"$/, '$1$2'))
    );
  const eval_ = /^eval\s+"\$\(\s*([\w/.-]+)\s+[^)`;|&]*\)"$/.exec(l);
  if (eval_) return INIT_TOOLS.test(eval_[1] ?? '');
  // the same set-up in fish (`starship init fish | source`) and by process substitution in
  // bash and zsh (`source <(kubectl completion zsh)`): the tool's own output, nothing fetched
  const piped =
    /^([\w/.-]+)\s+[^`;|&<>()$]*\|\s*source$/.exec(l) ?? /^(?:source|\.)\s+<\(\s*([\w/.-]+)\s+[^`;|&<>()$]*\)$/.exec(l);
  if (piped) return INIT_TOOLS.test(piped[1] ?? '');
  // environment modules (Lmod, Environment Modules): `module load gcc/12`, `module use ~/modulefiles`
  // set search paths from module files the site or the user keeps, as a PATH line does; a module
  // directory must be absolute or under home (one in the checkout is the project's code)
  const mod =
    /^(?:module\s+(load|add|use|unload|rm|purge|restore|swap|switch|try-load|try-add|reset)|ml)((?:\s+[\w./$@{}~+:-]+)*)$/.exec(
      l,
    );
  if (mod)
    return (
      !TEMP.test(l) &&
      (mod[1] !== 'use' ||
        (mod[2] ?? '')
          .trim()
          .split(/\s+/)
          .every((w) => w.startsWith('-') || /^(?:~|\$HOME|\$\{HOME\}|\/)/.test(w)))
    );
  // the frame around those lines: a test of a file or a command's presence, fish's interactive check
  if (STRUCTURE.test(l)) return true;
  const ps = plainPowerShellLine(l);
  if (ps !== undefined) return ps;
  const src =
    /^(?:\[\[?\s+-[sfer]\s+("[^"]+"|\S+)\s+\]\]?\s+&&\s+)?(?:source|\\?\.)\s+("[^"]+"|\S+)(?:\s+--\S+)*$/.exec(l);
  if (src) return SOURCE_OK.test(src[2] ?? '') && !TEMP.test(src[2] ?? '') && !(src[2] ?? '').includes('..');
  return /^(?:set\s+-o\s+\w+|setopt\s+[\w\s]+|unsetopt\s+[\w\s]+|shopt\s+-[su]\s+[\w\s]+|bindkey\s+(?:-[ev]|'[^']*'\s+[\w-]+|"[^"]*"\s+[\w-]+)|autoload\s+-U?z?\s+[\w\s-]+|typeset\s+-g?U\s+(?:path|PATH|fpath|FPATH|manpath|cdpath)(?:\s+(?:path|PATH|fpath|FPATH|manpath|cdpath))*|compinit|autoload\s+-Uz\s+compinit\s+&&\s+compinit|zstyle\s+.*|plugins=\([\w\s-]*\)|source\s+\$ZSH\/oh-my-zsh\.sh|complete\s+-C\s+\S+\s+\w+|stty\s+-ixon)$/.test(
    l,
  );
}

/**
 * A write to a user's shell start-up file, read by what it holds: `startup-write FILE plain` for
 * settings only (PATH entries, tool directories, aliases of ordinary commands, `eval "$(direnv
 * hook bash)"`-style set-up, sourcing a tool's file under home); `code` for anything else, and
 * when the text is not known (`cp`, `sed -i`, a file piped in).
 */
export function startupWrite(path: string, content: string | undefined): Effect | undefined {
  if (USER_UNIT.test(path.replace(/\\/g, '/'))) return unitWrite(path, content);
  if (!isHomeRc(path)) return undefined;
  const name = posix.basename(path.replace(/\\/g, '/'));
  const plain =
    content !== undefined &&
    content.split('\n').length <= 200 &&
    (FISH_FUNCTION_FILE.test(path.replace(/\\/g, '/'))
      ? fishFunctionPlain(name, content)
      : content.split('\n').every(plainRcLine));
  const via = plain
    ? `adds shell settings to ${name}`
    : content === undefined
      ? `writes ${name} with text not shown on the line`
      : `adds commands to ${name}, which runs in every new shell`;
  return reading(['startup-write', name, plain ? 'plain' : 'code'], via);
}
