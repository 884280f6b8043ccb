// Commands kept in configuration files that a routine command runs later: a task runner's task,
// an infrastructure tool's provisioner, a hosting platform's build step, a workspace's start-up
// task, a Python project's script table, any npm/composer script. Writing one plants the command;
// it is decided now as the command it is (only a deny counts, as for other planted code), so a
// fetch piped into a shell, a shell handed to a host or secrets sent out are stopped in `tox.ini`
// as on the command line, and `pytest {posargs}` or `npm run build` pass.
//
// The catalogue (file, keys whose values are commands, the tool that runs them) comes from each
// tool's reference: tox "tox.ini: commands, commands_pre, commands_post"; Task "Taskfile schema:
// cmds, cmd"; Gitpod ".gitpod.yml tasks: before, init, command"; mise "Tasks: run" and
// "Hooks: enter, leave, cd, preinstall, postinstall"; Terraform "local-exec provisioner: command"
// and "external data source: program"; Netlify "File-based configuration: command, ignore";
// Vercel "vercel.json: buildCommand, installCommand, devCommand, ignoreCommand"; Fly.io
// "fly.toml: release_command"; Render "Blueprint spec: buildCommand, startCommand,
// preDeployCommand"; Railway "Config as code"; Replit ".replit: run, onBoot"; Heroku "app.json
// scripts: postdeploy, pr-predestroy"; Nixpacks "cmds"; Nx "nx:run-commands: command,
// commands"; AWS CodeBuild "buildspec commands"; Deno "deno.json tasks"; poethepoet, PDM,
// Hatch, Rye and taskipy script tables in pyproject.toml; just "recipes"; npm "scripts".
import { posix } from 'node:path';
import type { Effect } from './types.js';
import { argvCommand, keyedValues, type KeyedValue } from './keyed-values.js';
import { withoutVendorInstalls } from './supply.js';

interface CommandKeys {
  files: RegExp;
  /** Keys whose values are shell lines (a list: one command each). */
  lines: string[];
  /** Keys whose list values are one program's argv (`["bash", "-c", "..."]`). */
  argv?: string[];
  tool: string;
}

/** Patterns are lower-cased path tails. */
const CATALOGUE: CommandKeys[] = [
  { files: /(?:^|\/)(?:tox\.ini|setup\.cfg)$/, lines: ['commands', 'commands_pre', 'commands_post'], tool: 'tox' },
  { files: /(?:^|\/)taskfile(?:\.dist)?\.ya?ml$/, lines: ['cmds', 'cmd'], tool: 'task' },
  { files: /(?:^|\/)\.gitpod\.ya?ml$/, lines: ['init', 'before', 'command', 'prebuild'], tool: 'Gitpod' },
  {
    files: /(?:^|\/)\.?(?:mise|rtx)(?:\.[\w-]+)?\.toml$|(?:^|\/)\.(?:mise|config\/mise)\/config(?:\.[\w-]+)?\.toml$/,
    lines: ['run', 'run_windows', 'enter', 'leave', 'cd', 'preinstall', 'postinstall'],
    tool: 'mise',
  },
  { files: /\.tf$/, lines: ['command'], argv: ['program'], tool: 'terraform' },
  { files: /(?:^|\/)netlify\.toml$/, lines: ['command', 'ignore'], tool: 'Netlify' },
  {
    files: /(?:^|\/)(?:vercel|now)\.json$/,
    lines: ['buildcommand', 'installcommand', 'devcommand', 'ignorecommand'],
    tool: 'Vercel',
  },
  { files: /(?:^|\/)fly(?:\.[\w-]+)?\.toml$/, lines: ['release_command'], argv: ['cmd'], tool: 'fly deploy' },
  {
    files: /(?:^|\/)(?:render\.ya?ml|railway\.json|railway\.toml)$/,
    lines: ['buildcommand', 'startcommand', 'predeploycommand'],
    tool: 'the hosting platform',
  },
  { files: /(?:^|\/)\.replit$/, lines: ['onboot', 'build'], argv: ['run'], tool: 'Replit' },
  { files: /(?:^|\/)app\.json$/, lines: ['postdeploy', 'pr-predestroy', 'predestroy'], tool: 'Heroku' },
  { files: /(?:^|\/)nixpacks\.toml$/, lines: ['cmds', 'cmd'], tool: 'Nixpacks' },
  { files: /(?:^|\/)project\.json$/, lines: ['command', 'commands'], tool: 'nx' },
  { files: /(?:^|\/)(?:buildspec|amplify)\.ya?ml$/, lines: ['commands'], tool: 'the build service' },
];

/** pyproject.toml tables whose every key is a task name and every value a command. */
const SCRIPT_TABLES =
  /^tool\.(?:poe\.tasks|pdm\.scripts|rye\.scripts|taskipy\.tasks|hatch\.envs\.[\w.-]+\.scripts)(?:\.[\w-]+)?$/;

// a vendor's documented installer (`curl -sSfL .../golangci-lint/.../install.sh | sh`) is how
// task files install their tools, as CI steps do (supply.ts)
const shell = (command: string, via: string): Effect[] => {
  const c = withoutVendorInstalls(command);
  return c.trim() ? [{ tool: 'exec', command: c, via, onlyDeny: true }] : [];
};

/** npm/composer/deno scripts that run without being named: routine ones, and the pre/post hooks
 * npm runs around any script (docs.npmjs.com "scripts: pre & post scripts"). A script someone
 * starts by its own name (`db:reset`, `deploy`) is that person's choice when they run it. */
const ROUTINE_SCRIPT =
  /^(?:pre|post)[\w:-]+$|^(?:test|start|build|dev|serve|lint|check|watch|format|typecheck|compile|ci|default)(?::[\w-]+)?$/;

function commandsOf(v: KeyedValue, argv: boolean): string[] {
  if (argv && v.list) return [argvCommand(v.items)];
  return v.items;
}

/** Values of every key in the TOML tables `table` matches (`name = "cmd"`, `name = { cmd = "..." }`, arrays). */
function tableCommands(text: string, table: RegExp): string[] {
  const out: string[] = [];
  let inside = false;
  for (const line of text.split('\n').slice(0, 2000)) {
    const sec = /^\s*\[+([^\]]+)\]+\s*$/.exec(line);
    if (sec) {
      inside = table.test((sec[1] ?? '').trim().replace(/["']/g, ''));
      continue;
    }
    if (!inside) continue;
    const kv = /^\s*["']?[\w.:-]+["']?\s*=\s*(.+)$/.exec(line);
    if (!kv?.[1]) continue;
    const v = kv[1].trim();
    // an inline table: its cmd / shell / script value
    const inner = /\b(?:cmd|shell|script|call)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/.exec(v);
    if (v.startsWith('{')) {
      if (inner) out.push(inner[1] ?? inner[2] ?? '');
      continue;
    }
    for (const m of v.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)) out.push((m[1] ?? m[2] ?? '').replace(/\\"/g, '"'));
  }
  return out;
}

/** Every script of a package.json / composer.json / deno.json: `npm run x`, `composer x`, `deno task x` run them. */
function scriptValues(text: string, field: 'scripts' | 'tasks'): string[] {
  try {
    const doc = JSON.parse(text) as Record<string, unknown>;
    const table = doc[field];
    if (!table || typeof table !== 'object') return [];
    return Object.entries(table as Record<string, unknown>)
      .filter(([k]) => ROUTINE_SCRIPT.test(k))
      .map(([, v]) => v)
      .flatMap((v) =>
        typeof v === 'string'
          ? [v]
          : Array.isArray(v)
            ? v.filter((x): x is string => typeof x === 'string')
            : v && typeof v === 'object' && typeof (v as Record<string, unknown>)['command'] === 'string'
              ? [(v as Record<string, string>)['command'] ?? '']
              : [],
      );
  } catch {
    // an edit's fragment: its "name": "command" pairs
    return [...text.matchAll(/"([\w:.@/-]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/g)]
      .filter((m) => ROUTINE_SCRIPT.test(m[1] ?? ''))
      .map((m) => (m[2] ?? '').replace(/\\(["\\])/g, '$1'));
  }
}

/** Recipe lines of a justfile: indented lines under a `name args:` header. */
function justRecipes(text: string): string {
  return text
    .split('\n')
    .slice(0, 2000)
    .filter((l) => /^[ \t]+\S/.test(l))
    .map((l) => l.trim().replace(/^[@-]+/, ''))
    .join('\n');
}

/** Files a tool sources as shell before it runs: Maven's launcher (`~/.mavenrc`, `/etc/mavenrc`,
 * Maven "Configuring Maven: .mavenrc"), direnv's own library (`~/.direnvrc`, direnv-stdlib(1)). */
const SOURCED = /(?:^|\/)(?:\.mavenrc|mavenrc|\.direnvrc|direnvrc)$/;

/** XDG autostart entries (`~/.config/autostart/*.desktop`): `Exec=` runs at every log-in. */
const AUTOSTART = /\/autostart\/[^/]+\.desktop$/;

/** Python task files whose calls run shell lines: nox `session.run(...)`, invoke/fabric `c.run(...)`,
 * `local(...)`, `sudo(...)` (nox.thea.codes, pyinvoke.org, fabfile.org). */
const PY_TASKS = /(?:^|\/)(?:noxfile|tasks|fabfile|dodo)\.py$/;

function pythonTaskCalls(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(
    /\b(?:\w+\.)?(?:run|run_always|run_install|local|sudo)\(\s*((?:(?:[rfb]?"(?:[^"\\\n]|\\.)*"|[rfb]?'(?:[^'\\\n]|\\.)*')\s*,\s*)*(?:[rfb]?"(?:[^"\\\n]|\\.)*"|[rfb]?'(?:[^'\\\n]|\\.)*'))/g,
  )) {
    const words = [...(m[1] ?? '').matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'/g)].map((w) => w[1] ?? w[2] ?? '');
    out.push(argvCommand(words));
  }
  return out;
}

/** The commands a write of `content` to `path` keeps for a routine command to run later. */
export function laterCommands(path: string, content: string): Effect[] {
  const p = path.toLowerCase().replace(/\\/g, '/');
  const name = posix.basename(p);
  const out: Effect[] = [];
  for (const entry of CATALOGUE) {
    if (!entry.files.test(p)) continue;
    const via = `plants a command in ${name} that ${entry.tool} runs`;
    const argv = new Set(entry.argv ?? []);
    for (const v of keyedValues(content, new Set([...entry.lines, ...argv])))
      for (const c of commandsOf(v, argv.has(v.key))) out.push(...shell(c, via));
  }
  if (/(?:^|\/)pyproject\.toml$/.test(p))
    for (const c of tableCommands(content, SCRIPT_TABLES))
      out.push(...shell(c, `plants a task in ${name} that its task runner runs`));
  if (/(?:^|\/)(?:package|composer)\.json$/.test(p))
    for (const c of scriptValues(content, 'scripts')) out.push(...shell(c, `plants a script in ${name}`));
  if (/(?:^|\/)deno\.jsonc?$/.test(p))
    for (const c of scriptValues(content, 'tasks')) out.push(...shell(c, `plants a task in ${name}`));
  if (/(?:^|\/)\.?justfile$|\.just$/.test(p)) out.push(...shell(justRecipes(content), `plants a recipe in ${name}`));
  if (SOURCED.test(p)) out.push(...shell(content, `plants code in ${name}, which its tool sources before it runs`));
  if (AUTOSTART.test(p))
    for (const m of content.matchAll(/^\s*Exec\s*=\s*(.+)$/gm))
      out.push(...shell(m[1] ?? '', `plants a log-in program in ${name}`));
  if (PY_TASKS.test(p)) for (const c of pythonTaskCalls(content)) out.push(...shell(c, `plants a command in ${name}`));
  return out.slice(0, 32);
}
