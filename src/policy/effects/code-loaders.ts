// Settings that make a routine tool load code from a file at start, written where the tool reads
// them: a JVM agent in a dotenv file's JVM options variable (the options files themselves and
// debugger init files are read in lang-startup.ts and startup-plant.ts), a program Bazel runs on
// every build, a VS Code launch configuration's runtime, Jupyter's server
// settings, IPython's start-up lines. The file loaded is judged by where it is: a temporary
// folder, or a hidden file or folder tucked inside another folder (`~/.m2/.idx/agent.jar`,
// `~/.cache/.helper.py`), is where nothing a user installs lives; that is the `startup-program
// PATH FILE` reading (policy startup-readings), as for an editor's or git's programs. Agents
// from a tool's own store (`~/.m2/repository/.../jacoco-agent.jar`) and scripts in a tool's own
// folder (`~/.lldb/chisel/...`) pass.
// Sources: JVM "-javaagent" (java.lang.instrument), Gradle "Build Environment:
// org.gradle.jvmargs", Maven ".mvn/jvm.config", sbt ".jvmopts/.sbtopts", JAVA_TOOL_OPTIONS (JVM
// TI); Bazel "--workspace_status_command",
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

/** dotenv files a project's tools load: a JVM options variable there (JAVA_TOOL_OPTIONS,
 * MAVEN_OPTS, GRADLE_OPTS ...) loading an agent from a hidden or temporary place (the JVM options
 * files themselves are read in lang-startup.ts). */
const ENV_FILES = /(?:^|\/)\.env(?:\.[\w.-]+)?$|(?:^|\/)\.envrc$/;

function envJvmAgents(content: string, name: string): Effect[] {
  const out: Effect[] = [];
  for (const m of content.matchAll(
    /^\s*(?:export\s+)?(?:JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|JAVA_OPTS|MAVEN_OPTS|GRADLE_OPTS|SBT_OPTS)\s*=.*?-(?:javaagent|agentpath):([^\s"']+)/gm,
  ))
    if (m[1] && tuckedAway(m[1]))
      out.push(
        program(
          m[1],
          name,
          `${name} makes every JVM it starts load the agent ${m[1]}, from a hidden or temporary place`,
        ),
      );
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

/**
 * Build files that name a script the build tool runs on every build: PlatformIO `extra_scripts`
 * (`pre:`/`post:` SCons scripts, PlatformIO "Advanced Scripting"), Gradle `apply from:` (a script
 * plugin, Gradle "Script plugins", also from a URL), CMake `include()` and
 * `CMAKE_PROJECT_INCLUDE`. The script is judged by where it is kept, as other loaded programs.
 */
function buildScripts(lower: string, content: string, name: string): Effect[] {
  const found: string[] = [];
  if (/(?:^|\/)platformio\.ini$/.test(lower))
    for (const m of content.matchAll(/^\s*extra_scripts\s*=\s*((?:.*\n?(?:[ \t]+\S.*\n?)*))/gm))
      for (const item of (m[1] ?? '').split(/[\s,]+/)) if (item) found.push(item.replace(/^(?:pre|post):/, ''));
  if (/\.gradle(?:\.kts)?$/.test(lower))
    for (const m of content.matchAll(/\bapply\s*\(?\s*from\s*[:=]\s*(?:file\(|uri\()?\s*["']([^"']+)["']/g))
      if (m[1]) found.push(m[1]);
  if (/(?:^|\/)cmakelists\.txt$|\.cmake$/.test(lower))
    for (const m of content.matchAll(/\b(?:include|CMAKE_PROJECT_INCLUDE(?:_BEFORE)?)\s*\(?\s*["']?([^\s"')]+)/gi))
      if (m[1] && /[/.]/.test(m[1])) found.push(m[1]);
  const out: Effect[] = [];
  for (const f of found)
    if (tuckedAway(f) || /^https?:\/\//i.test(f))
      out.push(
        program(
          f,
          name,
          `${name} makes every build run ${f}, from ${/^https?:/i.test(f) ? 'another host' : 'a hidden or temporary place'}`,
        ),
      );
  return out;
}

/**
 * PHP's `auto_prepend_file`/`auto_append_file` (php.ini, a directory's .user.ini, Apache
 * .htaccess `php_value`, FPM pool `php_value[...]`): the file runs before or after every PHP
 * request. A firewall's documented prepend file in the site passes; one kept in a temporary or
 * hidden place, among uploads, or on another host is a request-time backdoor (PHP manual,
 * "php.ini directives": auto_prepend_file).
 */
function phpPrepends(content: string, name: string): Effect[] {
  const out: Effect[] = [];
  for (const m of content.matchAll(/\bauto_(?:prepend|append)_file\b\]?\s*(?:=\s*)?["']?([^\s"';]+)/g)) {
    const f = m[1] ?? '';
    if (!f || /^(?:none|off)$/i.test(f)) continue;
    if (tuckedAway(f) || /\/(?:wp-content\/)?uploads\//i.test(f) || /^(?:https?|ftp|data|php):/i.test(f))
      out.push(program(f, name, `${name} makes every PHP request run ${f} first`));
  }
  return out;
}

/** A Jupyter kernel spec's argv[0]: the program every notebook on that kernel starts. */
function kernelProgram(content: string, name: string): Effect[] {
  const first = /"argv"\s*:\s*\[\s*"([^"]+)"/.exec(content)?.[1];
  return first && tuckedAway(first)
    ? [program(first, name, `${name} makes every notebook start ${first}, from a hidden or temporary place`)]
    : [];
}

/** What a write of `content` to `path` makes a tool load at start. */
export function codeLoaders(path: string, content: string): Effect[] {
  const p = path.replace(/\\/g, '/');
  const lower = p.toLowerCase();
  const name = posix.basename(p);
  const out: Effect[] = [];
  if (ENV_FILES.test(lower)) out.push(...envJvmAgents(content, name));
  if (/(?:^|\/)(?:\.bazelrc|[\w.-]+\.bazelrc|bazel\.rc)$/.test(lower)) out.push(...bazelPrograms(content, name));
  if (/(?:^|\/)jupyter_(?:notebook|server|lab)_config\.(?:py|json)$/.test(lower))
    out.push(...jupyterServer(content, name));
  if (/(?:^|\/)ipython_(?:kernel_)?config\.py$/.test(lower)) out.push(...ipythonLines(content, name));
  out.push(...buildScripts(lower, content, name));
  if (
    /(?:^|\/)(?:php\.ini|\.user\.ini|\.htaccess|php-fpm\.conf)$|\/php(?:\/[\d.]+)?\/(?:fpm|cli|apache2)\/(?:php\.ini|pool\.d\/[^/]+\.conf)$|\/conf\.d\/[^/]+\.ini$/.test(
      lower,
    )
  )
    out.push(...phpPrepends(content, name));
  if (/\/jupyter\/kernels\/[^/]+\/kernel\.json$/.test(lower)) out.push(...kernelProgram(content, name));
  // VS Code launch configurations: the runtime or program a debug session starts (F5)
  if (/(?:^|\/)\.vscode\/launch\.json$|\.code-workspace$/.test(lower))
    for (const m of content.matchAll(
      /"(?:runtimeExecutable|program|debugServerPath|pythonPath|python)"\s*:\s*"([^"]+)"/g,
    ))
      if (m[1] && tuckedAway(m[1]))
        out.push(program(m[1], name, `${name} makes the debugger start ${m[1]}, from a hidden or temporary place`));
  return out.slice(0, 16);
}
