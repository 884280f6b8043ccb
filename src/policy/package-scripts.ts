// package.json scripts a package manager runs by name (`npm run build`, `yarn test`, a bare
// `npm ci` and the project's own lifecycle scripts): where their text comes from.
import { resolve } from 'node:path';
import { basename } from './shell-wrappers.js';
import { firstReadable } from './script-read.js';

/** A package.json script a line runs: its name (INSTALL_SCRIPTS for a bare install). */
export interface PackageRun {
  word: 'package.json';
  runner: 'sh';
  npmScript: string;
}

/** A package manager running a package.json script, by name (cheap first test). */
export const PACKAGE_RUN = /(?:^|[\s;&|(/])(?:npm|pnpm|yarn|bun)\s/;
/** yarn's and pnpm's own commands: `yarn add` is not a script named add. */
const PM_COMMANDS = new Set([
  'add',
  'audit',
  'bin',
  'cache',
  'config',
  'create',
  'dedupe',
  'dlx',
  'exec',
  'info',
  'init',
  'install',
  'i',
  'link',
  'list',
  'ls',
  'login',
  'logout',
  'outdated',
  'pack',
  'publish',
  'rebuild',
  'remove',
  'rm',
  'root',
  'store',
  'unlink',
  'up',
  'update',
  'upgrade',
  'upgrade-interactive',
  'version',
  'versions',
  'why',
  'workspace',
  'workspaces',
  'import',
  'fetch',
  'patch',
  'patch-commit',
  'prune',
  'deploy',
  'env',
  'setup',
  'plugin',
  'node',
  'set',
  'constraints',
  'explain',
  'npm',
  'help',
  'x',
  'global',
  'licenses',
  'owner',
  'tag',
  'team',
  'check',
  'generate-lock-entry',
  'policies',
  'unplug',
  'stage',
  'search',
  'whoami',
  'pm',
  'build',
  'outdated',
]);

/** The name under which a bare `npm install` / `npm ci` reads the project's lifecycle scripts. */
const INSTALL_SCRIPTS = '(install)';

/** `npm run X`, `npm test`, `yarn X`, `pnpm run X`, `bun run X`: the script named, if any. */
export function packageScriptOf(argv: string[]): PackageRun | undefined {
  const pm = basename(argv[0] ?? '');
  if (pm !== 'npm' && pm !== 'pnpm' && pm !== 'yarn' && pm !== 'bun') return undefined;
  // options before the command (`npm --silent run x`); a workspace's script lives elsewhere
  if (argv.some((w) => /^(?:--workspace|-w|--filter|--prefix|-C|--cwd|--dir)(?:=|$)/.test(w))) return undefined;
  const words = argv.slice(1).filter((w) => !w.startsWith('-'));
  const first = words[0];
  if (first === undefined) return undefined;
  let name: string | undefined;
  if (first === 'run' || first === 'run-script' || first === 'rum' || first === 'urn') name = words[1];
  else if (
    pm === 'npm' &&
    (first === 'test' ||
      first === 't' ||
      first === 'tst' ||
      first === 'start' ||
      first === 'stop' ||
      first === 'restart')
  )
    name = first.startsWith('t') ? 'test' : first;
  else if ((pm === 'yarn' || pm === 'pnpm') && !PM_COMMANDS.has(first)) name = first;
  else if (pm === 'pnpm' && (first === 'test' || first === 'start')) name = first;
  // a bare install runs the project's own lifecycle scripts
  if ((first === 'install' || first === 'i' || first === 'ci') && words.length === 1) name = INSTALL_SCRIPTS;
  if (name === undefined || !/^[\w:.@/()-]+$/.test(name)) return undefined;
  return { word: 'package.json', runner: 'sh', npmScript: name };
}

/** The nearest package.json at or above dir (a few levels), as npm finds it, read once. */
export function nearestPackageJson(dir: string): { path: string; text: string; truncated: boolean } | undefined {
  const candidates: string[] = [];
  for (let d = dir, i = 0; i < 6; i++) {
    candidates.push(`${d === '/' ? '' : d}/package.json`);
    const up = resolve(d, '..');
    if (up === d) break;
    d = up;
  }
  return firstReadable(candidates);
}

/** The text `npm run NAME` runs from a package.json: pre, the script, post. */
export function packageScript(head: { text: string; truncated: boolean }, name: string): string | undefined {
  if (head.truncated) return undefined;
  let scripts: unknown;
  try {
    scripts = (JSON.parse(head.text) as { scripts?: unknown }).scripts;
  } catch {
    return undefined; // npm refuses a broken package.json too
  }
  if (!scripts || typeof scripts !== 'object') return undefined;
  const at = (k: string) => {
    const v = (scripts as Record<string, unknown>)[k];
    return typeof v === 'string' ? v : undefined;
  };
  const names = name === INSTALL_SCRIPTS ? ['preinstall', 'install', 'postinstall', 'prepare'] : [name];
  if (names.every((n) => at(n) === undefined)) return undefined;
  const parts = names
    .flatMap((n) => (name === INSTALL_SCRIPTS ? [at(n)] : [at(`pre${n}`), at(n), at(`post${n}`)]))
    .filter((x): x is string => x !== undefined);
  return parts.join('\n');
}
