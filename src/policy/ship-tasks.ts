// What ships through a project's own task: `npm run deploy`, `make release`, `just publish 1.2`,
// `nx run-many -t deploy`, `./scripts/deploy.sh production`. The task's body is in a file the
// engine does not read, but projects name the task that ships after what it does (deploy,
// release, publish, ship, promote), so the name is the reading. A name that also says it only
// rehearses or describes (release-notes, deploy:check, publish-dry-run, build-release) ships
// nothing; one aimed at a non-production environment (deploy-staging, deploy:preview) is
// `ship-local`, unless production is named anywhere on the line.
//
// Sources: the run syntax of each runner's CLI reference: npm-run-script(1), yarn run, pnpm run,
// bun run, deno task, composer run-script, GNU make, just, Task (taskfile.dev), Rake, Mage,
// Invoke, nox -s, tox -e, Hatch and PDM scripts, poethepoet, cargo-make, Nx (run, run-many,
// affected), Turborepo, Lerna run.
import { posix } from 'node:path';
import { table } from '../util/lookup-table.js';

/** What a runner line names as its tasks, or null when the words are not a task run. */
type TaskFinder = (rest: string[]) => string[] | null;

/** The first word that is not an option (options with `=` or none: runners' own flags). */
function firstOperand(rest: string[]): string | undefined {
  return rest.find((w) => !w.startsWith('-'));
}

/** Operands before `--`, skipping options and `NAME=value` settings. */
function operands(rest: string[], valued: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (w === '--') break;
    if (w.startsWith('-')) {
      if (valued.has(w)) i++;
      continue;
    }
    if (/^[A-Za-z_][\w.]*=/.test(w)) continue;
    out.push(w);
  }
  return out;
}

/** The value of an option given as `-s X`, `--session X` or `--session=X` (every occurrence). */
function optionValues(rest: string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    for (const n of names) {
      if (w === n && rest[i + 1] !== undefined) out.push(...(rest[i + 1] ?? '').split(','));
      else if (w.startsWith(n + '=')) out.push(...w.slice(n.length + 1).split(','));
    }
  }
  return out;
}

/** `npm run X`, `pnpm -r run X`, `yarn X`: the script after a run verb, or the bare word. */
function scriptRunner(runVerbs: readonly string[], bare: boolean): TaskFinder {
  return (rest) => {
    const ops = operands(rest, new Set(['--filter', '-F', '--workspace', '-w', '--cwd', '-C', '--dir', '--prefix']));
    const [verb, name] = ops;
    if (verb !== undefined && runVerbs.includes(verb)) return name !== undefined ? [name] : null;
    return bare && verb !== undefined ? [verb] : null;
  };
}

const RUNNERS: Record<string, TaskFinder> = table({
  npm: scriptRunner(['run', 'run-script', 'rum', 'urn'], false),
  yarn: scriptRunner(['run'], true),
  pnpm: scriptRunner(['run', 'run-script'], true),
  bun: scriptRunner(['run'], false),
  deno: scriptRunner(['task'], false),
  composer: scriptRunner(['run', 'run-script'], false),
  hatch: scriptRunner(['run'], false),
  pdm: scriptRunner(['run'], false),
  poe: (rest) => (firstOperand(rest) !== undefined ? [firstOperand(rest) ?? ''] : null),
  make: (rest) => operands(rest, new Set(['-f', '-C', '--file', '--directory', '-j', '-I', '-o', '-W'])),
  gmake: (rest) => operands(rest, new Set(['-f', '-C', '--file', '--directory', '-j', '-I', '-o', '-W'])),
  just: (rest) => operands(rest, new Set(['-f', '--justfile', '-d', '--working-directory', '--set'])).slice(0, 1),
  task: (rest) => operands(rest, new Set(['-t', '--taskfile', '-d', '--dir', '-o', '--output'])),
  rake: (rest) => operands(rest, new Set(['-f', '--rakefile', '-C', '--directory', '-I'])),
  fab: (rest) => operands(rest, new Set(['-H', '--hosts', '-f', '--fabfile', '-i', '-S', '--ssh-config'])),
  mage: (rest) => operands(rest, new Set(['-d', '-w', '-t'])),
  invoke: (rest) => operands(rest, new Set(['-c', '--collection', '-r', '--search-root', '-f', '--config'])),
  inv: (rest) => operands(rest, new Set(['-c', '--collection', '-r', '--search-root', '-f', '--config'])),
  nox: (rest) => optionValues(rest, ['-s', '--session', '--sessions', '-e']),
  tox: (rest) => optionValues(rest, ['-e', '--env']),
  cargo: (rest) => (rest[0] === 'make' || rest[0] === 'run-script' ? operands(rest.slice(1)).slice(0, 1) : null),
  nx: (rest) => {
    const ops = operands(rest, new Set(['-t', '--target', '--targets', '-p', '--projects', '--configuration', '-c']));
    const targets = optionValues(rest, ['-t', '--target', '--targets']);
    if (ops[0] === 'run' && ops[1]) return [ops[1].slice(ops[1].lastIndexOf(':') + 1)];
    if (ops[0] === 'run-many' || ops[0] === 'affected') return targets;
    // `nx release version` and `nx release changelog` only prepare one
    if (ops[0] === 'release') return [ops.slice(0, 2).join('-')];
    return ops[0] !== undefined ? [ops[0]] : null;
  },
  turbo: (rest) => {
    const ops = operands(rest, new Set(['--filter', '-F', '--concurrency', '--cache-dir', '--graph']));
    return ops[0] === 'run' ? ops.slice(1) : ops;
  },
  lerna: (rest) => {
    const ops = operands(rest, new Set(['--scope', '--ignore', '--since', '--concurrency']));
    return ops[0] === 'run' ? ops.slice(1, 2) : null;
  },
});

/** Package managers and their runners, which start a monorepo runner by name. */
const PACKAGE_RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'pnpm', 'yarn', 'bun', 'npm']);
const MONOREPO_RUNNERS = new Set(['nx', 'turbo', 'lerna']);

/** Interpreters a script is handed to (`bash scripts/deploy.sh prod`). */
const SCRIPT_HOSTS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'pwsh', 'powershell', 'python', 'python3', 'node']);

/** The words of a task name: deploy-prod, release:npm, publishDocs, deploy_staging. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words that make a task ship. */
// (not `upload`: `make upload` flashes a board on the desk in embedded projects)
const SHIPS = new Set(['deploy', 'release', 'publish', 'ship', 'promote', 'rollout']);
/** Words that make it only rehearse, describe, prepare or build. */
const REHEARSES = new Set([
  'dry',
  'dryrun',
  'notes',
  'changelog',
  'check',
  'checks',
  'lint',
  'test',
  'tests',
  'plan',
  'diff',
  'status',
  'list',
  'ls',
  'verify',
  'validate',
  'build',
  'builds',
  'bundle',
  'compile',
  'draft',
  'snapshot',
  'prepare',
  'version',
  'bump',
  'help',
  'info',
  'log',
  'logs',
  'clean',
  'config',
  'setup',
]);
/** Words that name an environment nobody outside the team uses. */
const NOT_PROD = new Set([
  'staging',
  'stage',
  'stg',
  'preview',
  'review',
  'qa',
  'uat',
  'dev',
  'development',
  'local',
  'localhost',
  'sandbox',
  'test',
  'testing',
  'ci',
  'canary',
  'beta',
  'nightly',
  'docker',
  'kind',
  'minikube',
]);
const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)/i;

export interface TaskShip {
  kind: 'ship' | 'ship-local' | 'ship-rehearsal';
  /** The runner or script, and the task name found, for explain. */
  from: string;
}

/**
 * Options of runners and shells that print, list or check instead of running: make -n,
 * rake -n/-T, just --show, task --summary, bash -n (syntax check only).
 */
const PRINTS_ONLY = new Set([
  '-n',
  '--just-print',
  '--recon',
  '--question',
  '--dry',
  '--dry-run',
  '--dryrun',
  '--noop',
  '--check',
  '--help',
  '-h',
  '--list',
  '-T',
  '--tasks',
  '-P',
  '--prereqs',
  '--where',
  '--show',
  '--summary',
  '--evaluate',
  '--dump',
]);

/**
 * An over-the-air update sent to devices (`ota_push.py`, `fota-rollout.sh`, `fleet_update`): a
 * deploy to whatever runs the firmware. `ota_server.py`, a local server a board on the desk pulls
 * from, names no sending.
 */
const OTA = new Set(['ota', 'fota', 'fleet']);
const SENDS = new Set(['push', 'update', 'rollout', 'send', 'trigger', 'start', 'create', 'deploy']);
function overTheAir(w: string[]): boolean {
  return w.some((x) => OTA.has(x)) && w.some((x) => SENDS.has(x));
}

/** How a task name ships: null when it does not name shipping. */
function judge(name: string, line: string[]): TaskShip['kind'] | null {
  const w = nameWords(name);
  if (!w.some((x) => SHIPS.has(x)) && !overTheAir(w)) return null;
  // PowerShell's common -WhatIf parameter (about_CommonParameters) describes what a script
  // that supports it would change and changes nothing; its parameters ignore case
  if (
    w.some((x) => REHEARSES.has(x)) ||
    line.some((x) => PRINTS_ONLY.has(x.replace(/=.*$/, '')) || /^-whatif(?::\$true)?$/i.test(x))
  )
    return 'ship-rehearsal';
  if (line.some((x) => PROD.test(x))) return 'ship';
  return w.some((x) => NOT_PROD.has(x)) || line.some((x) => NOT_PROD.has(x.replace(/^[\w-]+=/, '').toLowerCase()))
    ? 'ship-local'
    : 'ship';
}

/** The cheap gate: the first word is a runner, a script host, or a file named for shipping. */
export function mayRunTask(first: string): boolean {
  return (
    first in RUNNERS || SCRIPT_HOSTS.has(first) || /(?:deploy|release|publish|ship|promote|ota|fleet)/i.test(first)
  );
}

/**
 * The ship reading of a project task or script run by this simple command (program name first),
 * or null. `npm run deploy:prod` -> ship; `make deploy-staging` -> ship-local;
 * `npm run release:notes` -> ship-rehearsal.
 */
export function taskShip(words: string[]): TaskShip | null {
  const first = words[0] ?? '';
  if (!mayRunTask(first) && !PACKAGE_RUNNERS.has(first)) return null;
  // `npx nx run web:deploy`, `pnpm turbo run deploy`, `yarn lerna run publish`: a monorepo
  // runner started through the package manager
  if (PACKAGE_RUNNERS.has(first)) {
    let i = 1;
    while ((words[i] ?? '').startsWith('-')) i++;
    if (words[i] === 'exec' || words[i] === 'dlx' || words[i] === 'x') i++;
    while ((words[i] ?? '').startsWith('-')) i++;
    const tool = words[i] ?? '';
    if (MONOREPO_RUNNERS.has(tool)) return taskShip(words.slice(i));
    if (!mayRunTask(first)) return null;
  }
  const rest = words.slice(1);
  const finder = Object.prototype.hasOwnProperty.call(RUNNERS, first) ? RUNNERS[first] : undefined;
  if (finder) {
    for (const name of finder(rest) ?? []) {
      const kind = judge(name, rest);
      if (kind) return { kind, from: `${first} ${name}` };
    }
    return null;
  }
  // a script run by path or handed to an interpreter: its file name is the task name
  let script = first;
  let args = rest;
  if (SCRIPT_HOSTS.has(first)) {
    const i = rest.findIndex((w) => !w.startsWith('-'));
    if (i < 0 || rest.slice(0, i).some((w) => w === '-c' || w === '-e' || w === '-Command')) return null;
    script = rest[i] ?? '';
    // the shell's own options count too (bash -n deploy.sh reads it without running it)
    args = [...rest.slice(0, i), ...rest.slice(i + 1)];
  }
  const base = posix.basename(script.replace(/\\/g, '/'));
  if (!/\.(?:sh|bash|zsh|ps1|py|js|mjs|rb)$/i.test(base) && !script.includes('/')) return null;
  const kind = judge(base.replace(/\.[a-z0-9]+$/i, ''), args);
  return kind ? { kind, from: `the script ${base}` } : null;
}
