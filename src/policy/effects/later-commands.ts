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
import { argvCommand, flowItems, keyedValues, type KeyedValue } from './keyed-values.js';
import { withoutVendorInstalls } from './supply.js';
import { SHELL_LITERAL } from './shell-literal.js';

interface CommandKeys {
  files: RegExp;
  /** Keys whose values are shell lines (a list: one command each). */
  lines: string[];
  /** Keys whose list values are one program's argv (`["bash", "-c", "..."]`). */
  argv?: string[];
  tool: string;
  /**
   * The tool's own substitutions, put in before the command is read: tox's `{homedir}` and
   * `{toxinidir}` (tox "Substitutions"), Task's `{{.HOME}}` and `{{.ROOT_DIR}}` (Task "Special
   * variables"; the environment's variables are template variables too). A home named so is `~`,
   * the project `.`, arguments the user passes nothing.
   */
  templates?: [RegExp, string][];
}

const TOX_TEMPLATES: [RegExp, string][] = [
  [/\{homedir\}/g, '~'],
  [/\{(?:toxinidir|tox_root)\}/g, '.'],
  [/\{(?:toxworkdir|work_dir)\}/g, '.tox'],
  [/\{(?:envtmpdir|env_tmp_dir)\}/g, '.tox/tmp'],
  [/\{(?:envdir|env_dir)\}/g, '.tox/env'],
  [/\{posargs(?::[^}]*)?\}/g, ''],
  [/\{env:HOME(?::[^}]*)?\}/g, '~'],
];

const TASK_TEMPLATES: [RegExp, string][] = [
  [/\{\{\s*\.(?:HOME|USERPROFILE)\s*\}\}/g, '~'],
  [/\{\{\s*\.(?:ROOT_DIR|TASKFILE_DIR|USER_WORKING_DIR|ROOT_TASKFILE)\s*\}\}/g, '.'],
  [/\{\{\s*\.CLI_ARGS\s*\}\}/g, ''],
];

/** Patterns are lower-cased path tails. */
const CATALOGUE: CommandKeys[] = [
  {
    files: /(?:^|\/)(?:tox\.ini|setup\.cfg)$/,
    lines: ['commands', 'commands_pre', 'commands_post'],
    tool: 'tox',
    templates: TOX_TEMPLATES,
  },
  { files: /(?:^|\/)taskfile(?:\.dist)?\.ya?ml$/, lines: ['cmds', 'cmd'], tool: 'task', templates: TASK_TEMPLATES },
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
  {
    files: /(?:^|\/)(?:buildspec|amplify|apprunner)\.ya?ml$/,
    lines: ['commands', 'command'],
    tool: 'the build service',
  },
  // Packer's shell provisioner and Terraform's remote-exec: `inline` lines run on the machine built
  { files: /\.pkr\.(?:hcl|json)$|(?:^|\/)packer\.json$/, lines: ['inline', 'execute_command'], tool: 'packer build' },
  { files: /\.tf$/, lines: ['inline'], tool: 'terraform apply on the remote machine' },
  // cloud-init user data: `runcmd`/`bootcmd` run as root at the machine's first boot
  {
    files: /(?:^|\/)(?:user-data|[\w.-]*cloud-init[\w.-]*\.ya?ml|[\w.-]*cloud-config[\w.-]*\.ya?ml)$/,
    lines: ['runcmd', 'bootcmd'],
    tool: 'cloud-init',
  },
  // Skaffold, DevSpace, Okteto, Helmfile, Garden hooks; Renovate post-upgrade tasks; GoReleaser hooks
  {
    files: /(?:^|\/)(?:skaffold|devspace|okteto|helmfile|garden)(?:\.[\w-]+)?\.ya?ml$/,
    lines: ['buildcommand', 'commands'],
    argv: ['command'],
    tool: 'the dev tool',
  },
  {
    files: /(?:^|\/)(?:\.github\/)?renovate\.json5?$|(?:^|\/)\.renovaterc(?:\.json)?$/,
    lines: ['commands'],
    tool: 'Renovate',
  },
  { files: /(?:^|\/)\.goreleaser\.ya?ml$/, lines: ['hooks', 'pre', 'post', 'cmd'], tool: 'goreleaser' },
  // git hook runners configured by file (lint-staged, simple-git-hooks) and semantic-release's exec plugin
  {
    files: /(?:^|\/)\.lintstagedrc(?:\.json|\.ya?ml)?$|(?:^|\/)\.simple-git-hooks\.json$/,
    lines: ['*'],
    tool: 'git commit',
  },
  {
    files: /(?:^|\/)\.releaserc(?:\.json|\.ya?ml)?$/,
    lines: [
      'verifyconditionscmd',
      'analyzecommitscmd',
      'preparecmd',
      'publishcmd',
      'successcmd',
      'failcmd',
      'verifyreleasecmd',
      'generatenotescmd',
    ],
    tool: 'semantic-release',
  },
  // Cloudflare's and Firebase's build and deploy hooks, DDEV and Lando hooks (DDEV's exec-host runs on the host)
  { files: /(?:^|\/)wrangler\.toml$/, lines: ['command'], tool: 'wrangler' },
  { files: /(?:^|\/)firebase\.json$/, lines: ['predeploy', 'postdeploy'], tool: 'firebase deploy' },
  { files: /(?:^|\/)\.ddev\/config(?:\.[\w-]+)?\.ya?ml$/, lines: ['exec', 'exec-host'], tool: 'ddev start' },
  {
    files: /(?:^|\/)\.lando(?:\.[\w-]+)?\.yml$/,
    lines: ['build', 'build_as_root', 'run', 'run_as_root', 'cmd'],
    tool: 'lando start',
  },
  { files: /(?:^|\/)\.ebextensions\/[^/]+\.config$/, lines: ['command'], tool: 'Elastic Beanstalk' },
  { files: /(?:^|\/)\.platform\.app\.yaml$/, lines: ['build', 'deploy', 'post_deploy'], tool: 'Platform.sh' },
  { files: /(?:^|\/)devbox\.json$/, lines: ['init_hook'], tool: 'devbox shell' },
  { files: /(?:^|\/)\.zed\/tasks\.json$/, lines: ['command'], tool: 'Zed' },
  // aider runs its lint and test commands after every edit it makes (aider.chat, "Linting and testing")
  { files: /(?:^|\/)\.aider\.conf\.ya?ml$/, lines: ['lint-cmd', 'test-cmd'], tool: 'aider' },
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
 * starts by its own name (`db:reset`, `deploy`) is that person's choice when they run it; `clean`
 * is run as routinely as `build`, by people and agents alike, trusting it to remove build output. */
const ROUTINE_SCRIPT =
  /^(?:pre|post)[\w:-]+$|^(?:test|start|build|dev|serve|lint|check|watch|format|typecheck|compile|ci|default|clean)(?::[\w-]+)?$/;

function commandsOf(v: KeyedValue, argv: boolean): string[] {
  if (argv && v.list) return [argvCommand(v.items)];
  // a list item that is itself a flow list (cloud-init's `- [ sh, -c, '...' ]`) is an argv
  return v.items.map((i) => (/^\[[\s\S]*\]$/.test(i.trim()) ? argvCommand(flowItems(i)) : i));
}

/** A JSON document's values of the keys in `keys` at any depth ('*': every string value), or
 * undefined when the text is no JSON (an edit's fragment, YAML, TOML). */
function jsonValues(text: string, keys: ReadonlySet<string>): KeyedValue[] | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  const out: KeyedValue[] = [];
  const all = keys.has('*');
  const walk = (node: unknown, depth: number): void => {
    if (depth > 12 || !node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
      const named = all || keys.has(k.toLowerCase());
      if (named && typeof v === 'string') out.push({ key: k.toLowerCase(), items: [v], list: false, line: 0 });
      else if (named && Array.isArray(v) && v.every((x) => typeof x === 'string'))
        out.push({ key: k.toLowerCase(), items: v as string[], list: true, line: 0 });
      else walk(v, depth + 1);
    }
  };
  walk(doc, 0);
  return out;
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

/** Recipe lines of a justfile: indented lines under a `name args:` header, just's own
 * expressions for the home and the project's directory put in (just manual, "Functions":
 * home_directory(), env_var('HOME'), env('HOME'), justfile_directory(), invocation_directory()). */
function justRecipes(text: string): string {
  return text
    .split('\n')
    .slice(0, 2000)
    .filter((l) => /^[ \t]+\S/.test(l))
    .map((l) =>
      l
        .trim()
        .replace(/^[@-]+/, '')
        .replace(/\{\{\s*(?:home_directory\(\s*\)|env(?:_var)?\(\s*['"]HOME['"]\s*\))\s*\}\}/g, '~')
        .replace(/\{\{\s*(?:justfile_directory|invocation_directory|source_directory)\(\s*\)\s*\}\}/g, '.'),
    )
    .join('\n');
}

/** CMake's variables for the home and the project's folders, as the paths they stand for. */
const CMAKE_VARS: [RegExp, string][] = [
  [/\$ENV\{HOME\}|\$ENV\{USERPROFILE\}/g, '~'],
  [/\$\{(?:CMAKE_(?:CURRENT_)?SOURCE_DIR|PROJECT_SOURCE_DIR|CMAKE_CURRENT_LIST_DIR)\}/g, '.'],
  [/\$\{CMAKE_COMMAND\}/g, 'cmake'],
  [/\$\{(?:CMAKE_(?:CURRENT_)?BINARY_DIR|PROJECT_BINARY_DIR)\}/g, 'build'],
];

/** The commands a CMake text runs: its file removes as rm, its COMMAND argv as a command line. */
function cmakeCommands(text: string): string[] {
  const t = CMAKE_VARS.reduce((x, [re, to]) => x.replace(re, to), text.slice(0, 64 * 1024));
  const out: string[] = [];
  const words = (s: string) =>
    [...s.matchAll(/"((?:[^"\\]|\\.)*)"|([^\s"()]+)/g)].map((w) => w[1] ?? w[2] ?? '').filter(Boolean);
  const quote = (w: string) => (/^[\w./~:@%+=,-]+$/.test(w) ? w : `'${w.replace(/'/g, '')}'`);
  for (const m of t.matchAll(/\bfile\s*\(\s*(REMOVE_RECURSE|REMOVE)\b([^)]*)\)/gi)) {
    const paths = words(m[2] ?? '');
    if (paths.length) out.push(`rm ${/recurse/i.test(m[1] ?? '') ? '-rf' : '-f'} ${paths.map(quote).join(' ')}`);
  }
  for (const m of t.matchAll(
    /\bCOMMAND\s+([^)]*?)(?=\s+(?:COMMAND|WORKING_DIRECTORY|OUTPUT_VARIABLE|RESULT_VARIABLE|DEPENDS|OUTPUT|COMMENT|VERBATIM|BYPRODUCTS|USES_TERMINAL)\b|\))/g,
  )) {
    const argv = words(m[1] ?? '');
    if (argv.length) out.push(argv.map(quote).join(' '));
  }
  return out;
}

/** Files a tool sources as shell before it runs: Maven's launcher (`~/.mavenrc`, `/etc/mavenrc`,
 * Maven "Configuring Maven: .mavenrc"), direnv's own library (`~/.direnvrc`, direnv-stdlib(1)). */
const SOURCED = /(?:^|\/)(?:\.mavenrc|mavenrc|\.direnvrc|direnvrc)$|(?:^|\/)\.ssh\/rc$/;

/** XDG autostart entries (`~/.config/autostart/*.desktop`): `Exec=` runs at every log-in; a
 * launcher in `applications/` runs when the user opens the application it names. */
const AUTOSTART = /\/(?:autostart|applications)\/[^/]+\.desktop$/;

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

/** Every key of a small config (lint-staged's globs, simple-git-hooks' hook names). */
function everyKey(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/^\s*["']?([^"':=\s][^"':=]*)["']?\s*[:=]/gm)].map((m) => (m[1] ?? '').trim().toLowerCase()),
  );
}

/** Code in a text that other tools run, by pattern: Nix `shellHook = '' ... '';` (nix develop, nix-shell),
 * Vagrant's `provision "shell", inline: "..."`, `//go:generate CMD` (go generate), Earthly's `RUN`,
 * pylint's `init-hook = "PYTHON"`, Maven's exec plugin (`<executable>` and its `<argument>`s) and
 * antrun `<exec executable=... ><arg value=.../>`. */
const PATTERNED: [RegExp, (text: string) => string[]][] = [
  // (an edit's fragment may stop before the closing '';)
  [/\.nix$/, (t) => [...t.matchAll(/\bshellHook\s*=\s*''([\s\S]*?)(?:'';|(?![\s\S]))/g)].map((m) => m[1] ?? '')],
  [
    /(?:^|\/)vagrantfile$/,
    (t) =>
      [
        ...t.matchAll(/\binline\s*:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|<<-?~?(\w+)\n([\s\S]*?)\n\s*\3\b)/g),
      ].map((m) => m[1] ?? m[2] ?? m[4] ?? ''),
  ],
  [/\.go$/, (t) => [...t.matchAll(/^\/\/go:generate\s+(.+)$/gm)].map((m) => m[1] ?? '')],
  // CMake runs file(REMOVE_RECURSE ...) and file(REMOVE ...) when the project is configured,
  // execute_process(COMMAND ...) too, and a custom command's or target's COMMAND at build time
  // (cmake.org, file(), execute_process(), add_custom_command()): read as the rm or the command
  // they are, with the home and the project's directories put in
  [/(?:^|\/)cmakelists\.txt$|\.cmake$/, cmakeCommands],
  // autotools inputs (configure.ac, *.m4, Makefile.am/.in): m4 and make around shell; the lines
  // that read as a fetch, a pipe into a shell or /dev/tcp, m4's [ ] quotes taken off
  [
    /(?:^|\/)(?:configure\.(?:ac|in)|makefile\.(?:am|in))$|\.m4$/,
    (t) =>
      t
        .split('\n')
        .slice(0, 2000)
        .map((l) =>
          l
            .replace(/^\t/, '')
            .replace(/[[\]]/g, ' ')
            .replace(/^\s*[A-Z_]+\(\s*\w*\s*,/, ''),
        )
        .filter((l) => SHELL_LITERAL.test(l)),
  ],
  // workflow managers run their rules' and processes' shell strings, and Snakemake its onstart/
  // onsuccess/onerror handlers (snakemake.readthedocs.io, "Rules: shell" and "Handlers";
  // nextflow.io docs, "Process: script"): the string lines that read as a fetch or a pipe
  [
    /(?:^|\/)snakefile$|\.smk$|\.nf$|(?:^|\/)nextflow\.config$/,
    (t) =>
      t
        .split('\n')
        .slice(0, 2000)
        .map((l) =>
          l
            .trim()
            .replace(/^(?:shell|script)\s*[:(]\s*/, '')
            .replace(/^(?:r|f)?(?:"{3}|'{3}|["'])|(?:"{3}|'{3}|["'])\s*\)?\s*$/g, ''),
        )
        .filter((l) => SHELL_LITERAL.test(l)),
  ],
  // Mix aliases run `cmd ...` entries as shell commands (hexdocs.pm/mix, Mix.Task "cmd")
  [
    /(?:^|\/)mix\.exs$/,
    (t) => [...t.matchAll(/"cmd\s+((?:[^"\\]|\\.)+)"/g)].map((m) => (m[1] ?? '').replace(/\\"/g, '"')),
  ],
  // Serverless Framework lifecycle hooks (serverless-plugin-scripts: `'before:deploy:deploy': CMD`)
  [
    /(?:^|\/)serverless(?:\.[\w-]+)?\.ya?ml$/,
    (t) =>
      [...t.matchAll(/^\s*["']?(?:before|after):[\w:-]+["']?\s*:\s*(.+)$/gm)].map((m) =>
        (m[1] ?? '').replace(/^["']|["']$/g, ''),
      ),
  ],
  [/(?:^|\/)earthfile$/, (t) => [...t.matchAll(/^\s*RUN\s+(?:--[\w-]+(?:=\S+)?\s+)*(.+)$/gm)].map((m) => m[1] ?? '')],
  [
    /(?:^|\/)(?:\.pylintrc|pylintrc|setup\.cfg)$/,
    (t) =>
      [...t.matchAll(/^\s*init-hook\s*=\s*["']?(.+?)["']?\s*$/gm)].map(
        (m) => `python3 -c '${(m[1] ?? '').replace(/'/g, `'\\''`)}'`,
      ),
  ],
  [
    /(?:^|\/)pom\.xml$/,
    (t) => [
      ...[
        ...t.matchAll(/<executable>([^<]+)<\/executable>\s*(?:<[^>]*>\s*)*?(?:<arguments>([\s\S]*?)<\/arguments>)?/g),
      ].map((m) =>
        argvCommand([
          m[1] ?? '',
          ...[...(m[2] ?? '').matchAll(/<argument>([^<]*)<\/argument>/g)].map((a) => xml(a[1] ?? '')),
        ]),
      ),
      ...[...t.matchAll(/<exec\b[^>]*\bexecutable="([^"]+)"[^>]*>([\s\S]*?)<\/exec>/g)].map((m) =>
        argvCommand([
          m[1] ?? '',
          ...[...(m[2] ?? '').matchAll(/<arg\s+(?:value|line)="([^"]*)"/g)].map((a) => xml(a[1] ?? '')),
        ]),
      ),
    ],
  ],
];

function xml(v: string): string {
  return v
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** package.json fields whose values git hook runners run on commit or push: simple-git-hooks,
 * yorkie's gitHooks, husky 4's husky.hooks, lint-staged. */
function packageHooks(text: string): string[] {
  try {
    const doc = JSON.parse(text) as Record<string, unknown>;
    const husky = doc['husky'] as Record<string, unknown> | undefined;
    const tables = [doc['simple-git-hooks'], doc['gitHooks'], husky?.['hooks'], doc['lint-staged']];
    return tables.flatMap((t) =>
      t && typeof t === 'object'
        ? Object.values(t as Record<string, unknown>).flatMap((v) =>
            typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [],
          )
        : [],
    );
  } catch {
    return [];
  }
}

/** Whether `path` is a file this catalogue reads commands from (for edits in place, whose text is
 * known only from the command line). */
export function keepsCommands(path: string): boolean {
  const p = path.toLowerCase().replace(/\\/g, '/');
  return (
    CATALOGUE.some((e) => e.files.test(p)) ||
    PATTERNED.some(([files]) => files.test(p)) ||
    /(?:^|\/)(?:pyproject\.toml|package\.json|composer\.json|deno\.jsonc?|\.?justfile)$|\.just$/.test(p) ||
    SOURCED.test(p) ||
    AUTOSTART.test(p) ||
    PY_TASKS.test(p)
  );
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
    const names = new Set([...entry.lines, ...argv]);
    const values =
      jsonValues(content, names) ?? keyedValues(content, entry.lines.includes('*') ? everyKey(content) : names);
    for (const v of values)
      for (const c of commandsOf(v, argv.has(v.key)))
        out.push(
          ...shell(
            (entry.templates ?? []).reduce((t, [re, to]) => t.replace(re, to), c),
            via,
          ),
        );
  }
  if (/(?:^|\/)pyproject\.toml$/.test(p))
    for (const c of tableCommands(content, SCRIPT_TABLES))
      out.push(...shell(c, `plants a task in ${name} that its task runner runs`));
  if (/(?:^|\/)(?:package|composer)\.json$/.test(p))
    for (const c of scriptValues(content, 'scripts')) out.push(...shell(c, `plants a script in ${name}`));
  if (/(?:^|\/)deno\.jsonc?$/.test(p))
    for (const c of scriptValues(content, 'tasks')) out.push(...shell(c, `plants a task in ${name}`));
  if (/(?:^|\/)\.?justfile$|\.just$/.test(p)) out.push(...shell(justRecipes(content), `plants a recipe in ${name}`));
  for (const [files, read] of PATTERNED)
    if (files.test(p))
      for (const c of read(content)) out.push(...shell(c, `plants a command in ${name} that its tool runs`));
  if (/(?:^|\/)package\.json$/.test(p))
    for (const c of packageHooks(content)) out.push(...shell(c, `plants a git hook command in ${name}`));
  if (SOURCED.test(p)) out.push(...shell(content, `plants code in ${name}, which its tool sources before it runs`));
  if (AUTOSTART.test(p))
    for (const m of content.matchAll(/^\s*Exec\s*=\s*(.+)$/gm))
      out.push(...shell(m[1] ?? '', `plants a log-in program in ${name}`));
  if (PY_TASKS.test(p)) for (const c of pythonTaskCalls(content)) out.push(...shell(c, `plants a command in ${name}`));
  return out.slice(0, 32);
}
