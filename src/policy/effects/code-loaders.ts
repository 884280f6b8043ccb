// Settings that make a routine tool load code from a file at start, written where the tool reads
// them: a JVM agent in the JVM options every Gradle, Maven or sbt build starts with, a Python
// script a debugger imports at launch, a program Bazel runs on every build, Jupyter's server
// settings, IPython's start-up lines. The file loaded is judged by where it is: a temporary
// folder, or a hidden file or folder tucked inside another folder (`~/.m2/.idx/agent.jar`,
// `~/.cache/.helper.py`), is where nothing a user installs lives; that is the `startup-program
// PATH FILE` reading (policy startup-readings), as for an editor's or git's programs. Agents
// from a tool's own store (`~/.m2/repository/.../jacoco-agent.jar`) and scripts in a tool's own
// folder (`~/.lldb/chisel/...`) pass.
// Sources: JVM "-javaagent" (java.lang.instrument), Gradle "Build Environment:
// org.gradle.jvmargs", Maven ".mvn/jvm.config", sbt ".jvmopts/.sbtopts", JAVA_TOOL_OPTIONS (JVM
// TI); LLDB "command script import", GDB "source"; Bazel "--workspace_status_command",
// "--run_under"; Jupyter Server "Config file and command line options"; IPython
// "InteractiveShellApp.exec_lines".
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { analyzeCode } from './interp/code.js';
import { PYTHON } from './interp/languages.js';
import { flowItems } from './keyed-values.js';

const TEMP =
  /^(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/|\/private\/tmp\/|\/private\/var\/folders\/|[A-Za-z]:[\\/](?:windows[\\/])?temp[\\/])/i;

/** Hidden folders tools keep inside a project or home folder (a virtualenv, node_modules/.bin,
 * Yarn's releases, wrappers, editors' and CI's settings): code there is installed, not tucked away. */
const TOOL_DIRS =
  /^\.(?:bin|venv|virtualenvs?|tox|nox|direnv|local|yarn|pnpm|pnpm-store|gradle|mvn|m2|idea|vscode|devcontainer|github|gitlab|husky|config|cargo|rustup|pyenv|rbenv|nvm|volta|sdkman|asdf|mise|conda|bun|deno|npm|node-gyp|pixi|lldb|gdb)$/i;

/** A temporary folder, or a hidden name below the first folder of home or the project. */
export function tuckedAway(path: string): boolean {
  if (TEMP.test(path)) return true;
  const rel = path.replace(/^(?:~|\$HOME|\$\{HOME\}|\/(?:home|Users)\/[^/]+|\/root)\//, '').replace(/^\.\//, '');
  const parts = rel.split('/').filter(Boolean);
  return parts.slice(1).some((p) => p.startsWith('.') && p !== '..' && p !== '.' && !TOOL_DIRS.test(p));
}

const program = (path: string, file: string, via: string): Effect => ({
  tool: 'startup',
  command: `startup-program ${path.replace(/\s+/g, '_')} ${file}`,
  via,
});

/** Files whose text holds JVM options (or NAME=options lines naming them). */
const JVM_FILES =
  /(?:^|\/)(?:gradle\.properties|jvm\.config|maven\.config|\.jvmopts|\.sbtopts|\.mavenrc|mavenrc|\.env(?:\.[\w.-]+)?|\.envrc|environment)$/;

function jvmAgents(content: string, name: string): Effect[] {
  const out: Effect[] = [];
  for (const m of content.matchAll(/(?:^|[\s"'=])(?:-J)?-(?:javaagent|agentpath):([^\s"'=]+)/g)) {
    const jar = m[1] ?? '';
    if (tuckedAway(jar))
      out.push(
        program(jar, name, `${name} makes every JVM it starts load the agent ${jar}, from a hidden or temporary place`),
      );
  }
  return out;
}

/** Debugger start-up files and the lines in them that load a script. */
const DEBUGGER_LOADS: [RegExp, RegExp][] = [
  [/(?:^|\/)\.lldbinit(?:-[\w.-]+)?$/, /^\s*command\s+(?:script\s+import|source)\s+(?:-\w+\s+)*["']?([^\s"']+)/],
  [
    /(?:^|\/)\.gdbinit$|\/gdb\/gdbinit$/,
    /^\s*(?:source|python\s+exec\(open\(|add-auto-load-safe-path)\s*\(?["']?([^\s"')]+)/,
  ],
  [/(?:^|\/)\.pdbrc(?:\.py)?$/, /^\s*(?:import|exec\(open\()\s*\(?["']?([^\s"')]+)/],
];

function debuggerLoads(path: string, content: string, name: string): Effect[] {
  const out: Effect[] = [];
  for (const [file, line] of DEBUGGER_LOADS) {
    if (!file.test(path)) continue;
    for (const l of content.split('\n').slice(0, 2000)) {
      const src = line.exec(l)?.[1];
      if (src && /[/\\]/.test(src) && tuckedAway(src))
        out.push(program(src, name, `${name} makes the debugger load ${src}, from a hidden or temporary place`));
    }
  }
  return out;
}

/** .bazelrc: programs Bazel runs (workspace status on every build, a test wrapper), files it imports. */
function bazelPrograms(content: string, name: string): Effect[] {
  const out: Effect[] = [];
  for (const m of content.matchAll(
    /--(workspace_status_command|run_under|credential_helper)(?:=|\s+)(?:'([^']*)'|"([^"]*)"|(\S+))/g,
  )) {
    const value = (m[2] ?? m[3] ?? m[4] ?? '').replace(/^[\w*.-]+=(?=\/|~)/, '');
    const prog = value.trim().split(/\s+/)[0] ?? '';
    if (tuckedAway(prog))
      out.push(program(prog, name, `${name} makes Bazel run ${prog}, from a hidden or temporary place`));
    if (/\s/.test(value.trim()))
      out.push({ tool: 'exec', command: value, via: `plants a command in ${name} that Bazel runs`, onlyDeny: true });
  }
  for (const m of content.matchAll(/^\s*(?:try-)?import\s+(\S+)/gm))
    if (m[1] && tuckedAway(m[1]))
      out.push(program(m[1], name, `${name} makes Bazel load settings from ${m[1]}, a hidden or temporary place`));
  return out;
}

/** Jupyter's server settings (Python `c.ServerApp.ip = '0.0.0.0'` or JSON) as the command line they amount to. */
function jupyterServer(content: string, name: string): Effect[] {
  const setting = (key: string): string | undefined => {
    const py = new RegExp(
      `\\bc\\.(?:ServerApp|NotebookApp|IdentityProvider)\\.${key}\\s*=\\s*(?:u?"([^"]*)"|u?'([^']*)')`,
    ).exec(content);
    if (py) return py[1] ?? py[2] ?? '';
    const json = new RegExp(`"${key}"\\s*:\\s*"([^"]*)"`).exec(content);
    return json ? (json[1] ?? '') : undefined;
  };
  const ip = setting('ip');
  if (ip === undefined) return [];
  const args = [`--ServerApp.ip='${ip}'`];
  for (const k of ['token', 'password', 'port']) {
    const v = setting(k);
    if (v !== undefined) args.push(`--ServerApp.${k}='${v}'`);
  }
  return [
    {
      tool: 'exec',
      command: `jupyter server ${args.join(' ')}`,
      via: `${name} sets how every Jupyter server it starts listens`,
      onlyDeny: true,
    },
  ];
}

/** IPython's start-up lines and files (`c.InteractiveShellApp.exec_lines = [...]`), read as Python. */
function ipythonLines(content: string, name: string): Effect[] {
  const m = /\bc\.(?:InteractiveShellApp|TerminalIPythonApp)\.exec_lines\s*=\s*(\[[\s\S]*?\])/.exec(content);
  if (!m?.[1]) return [];
  const code = flowItems(m[1].replace(/\n/g, ' '))
    .filter((l) => !l.startsWith('%'))
    .join('\n');
  return analyzeCode(PYTHON, code, `plants start-up code in ${name}`).map((e) => ({ ...e, onlyDeny: true }));
}

/** What a write of `content` to `path` makes a tool load at start. */
export function codeLoaders(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  const lower = p.toLowerCase();
  const name = posix.basename(p);
  const out: Effect[] = [];
  if (JVM_FILES.test(lower)) out.push(...jvmAgents(content, name));
  out.push(...debuggerLoads(lower, content, name));
  if (/(?:^|\/)(?:\.bazelrc|[\w.-]+\.bazelrc|bazel\.rc)$/.test(lower)) out.push(...bazelPrograms(content, name));
  if (/(?:^|\/)jupyter_(?:notebook|server|lab)_config\.(?:py|json)$/.test(lower))
    out.push(...jupyterServer(content, name));
  if (/(?:^|\/)ipython_(?:kernel_)?config\.py$/.test(lower)) out.push(...ipythonLines(content, name));
  // VS Code launch configurations: the runtime or program a debug session starts (F5)
  if (/(?:^|\/)\.vscode\/launch\.json$|\.code-workspace$/.test(lower))
    for (const m of content.matchAll(
      /"(?:runtimeExecutable|program|debugServerPath|pythonPath|python)"\s*:\s*"([^"]+)"/g,
    ))
      if (m[1] && tuckedAway(m[1]))
        out.push(program(m[1], name, `${name} makes the debugger start ${m[1]}, from a hidden or temporary place`));
  return out.slice(0, 16);
}
