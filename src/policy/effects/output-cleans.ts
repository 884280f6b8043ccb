// Programs that empty the folder they are told to write into: a site generator, a bundler or a
// sync whose output folder is given on the command line deletes what that folder held before.
// Pointed at the project's own `public/` or `dist/` that is the build; pointed at a home folder,
// the root, a system folder, `..` or the project itself (`hugo --cleanDestinationDir -d ~`,
// `mkdocs build -d /home/dev`, `rsync -a --delete dist/ ~/`) it is `rm -rf` of that folder, and
// the delete rules decide it. A deploy target such as `/var/www/html` is not such a value: a
// site generated or synced there is the ordinary way to publish it.
//
// What empties the output, from each tool's own reference:
//   Hugo: `--cleanDestinationDir` removes files from the destination not found in static dirs.
//   Jekyll: "destination folders are cleaned on site builds" (Configuration, `destination`).
//   MkDocs: `build --clean` is the default ("remove old files from the site_dir before building").
//   Vite: `--emptyOutDir` empties outDir even when it is outside the project root.
//   webpack-cli: `--output-clean` cleans the output directory before emit.
//   Zola: `build --force` builds even when the output directory exists, by removing it.
//   Pelican: `-d`/`--delete-output-directory` deletes the output directory first.
//   Sphinx: `sphinx-build -M clean SOURCEDIR BUILDDIR` removes what BUILDDIR holds.
//   mdBook: `build` empties the destination (`-d`/`--dest-dir`); `clean` removes it.
//   tsup: `--clean` cleans the output directory (`-d`/`--out-dir`) before building.
//   Angular CLI: `ng build` deletes `--output-path` first (`deleteOutputPath` defaults to true).
//   AWS SAM: `sam build --build-dir DIR` "removes this directory and all of its content".
//   Storybook: `storybook build -o DIR` empties the output directory.
//   Docusaurus: `docusaurus build --out-dir DIR` removes the folder before writing it.
//   rsync: `--delete` (and `--del`, `--delete-before|during|delay|after|excluded`) removes files in
//   the destination that the source lacks; from a small source that is nearly all of it.
import { argvOption } from './operands.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import type { SimpleCommand } from './walk.js';
import { table } from '../../util/lookup-table.js';

interface OutputClean {
  /** Subcommands that build (none: the program itself builds). */
  verbs?: readonly string[];
  /** Options whose value is the output folder. */
  opts: readonly string[];
  /** Flags one of which must be present for the folder to be emptied (none: always). */
  cleanFlags?: readonly string[];
  /** Flags that turn the emptying off. */
  keepFlags?: readonly string[];
}

const OUTPUT_CLEANS: Record<string, OutputClean> = table({
  hugo: { opts: ['-d', '--destination'], cleanFlags: ['--cleanDestinationDir'] },
  jekyll: { verbs: ['build', 'b', 'serve', 's'], opts: ['-d', '--destination'] },
  mkdocs: { verbs: ['build'], opts: ['-d', '--site-dir'], keepFlags: ['--dirty', '--no-clean'] },
  vite: { verbs: ['build'], opts: ['--outDir', '--out-dir'], cleanFlags: ['--emptyOutDir', '--empty-out-dir'] },
  webpack: { opts: ['-o', '--output-path'], cleanFlags: ['--output-clean'] },
  'webpack-cli': { opts: ['-o', '--output-path'], cleanFlags: ['--output-clean'] },
  zola: { verbs: ['build'], opts: ['-o', '--output-dir'], cleanFlags: ['--force', '-f'] },
  pelican: { opts: ['-o', '--output'], cleanFlags: ['-d', '--delete-output-directory'] },
  mdbook: { verbs: ['build', 'clean', 'serve', 'watch'], opts: ['-d', '--dest-dir'] },
  tsup: { opts: ['-d', '--out-dir'], cleanFlags: ['--clean'] },
  ng: { verbs: ['build'], opts: ['--output-path'] },
  sam: { verbs: ['build'], opts: ['-b', '--build-dir'] },
  storybook: { verbs: ['build'], opts: ['-o', '--output-dir'] },
  'build-storybook': { opts: ['-o', '--output-dir'] },
  docusaurus: { verbs: ['build'], opts: ['--out-dir'] },
});

/** Package runners whose next word is the tool (`npx vite build`, `pnpm exec hugo`, `yarn dlx tsup`). */
const RUNNERS = new Set(['npx', 'pnpx', 'bunx']);
const RUNNER_VERBS = new Set(['exec', 'dlx', 'x']);

const RSYNC_DELETES = /^--(?:delete|del|delete-before|delete-during|delete-delay|delete-after|delete-excluded)$/;

export const OUTPUT_CLEAN_PROGRAMS: readonly string[] = [
  ...Object.keys(OUTPUT_CLEANS),
  'sphinx-build',
  'rsync',
  ...RUNNERS,
  'pnpm',
  'yarn',
  'bun',
  'npm',
];

/**
 * A folder that is more than a build's output: the root, a home folder or a folder directly in
 * one (`~/project`, `~/.config`), a top-level system folder, `..` and above, or the project
 * itself (`.`).
 */
const WIDE =
  /^(?:\/|~|\$HOME|\$\{HOME\}|\/(?:home|Users)\/[^/]+|\/root|\/(?:etc|usr|var|opt|srv|bin|lib|boot|data|mnt)|\.\.(?:\/\.\.)*|\.|(?:~|\$HOME|\$\{HOME\}|\/(?:home|Users)\/[^/]+)\/[^/]+)\/?\*?$/;

const HOME_CHILD = /^(?:~|\$HOME|\$\{HOME\}|\/(?:home|Users)\/[^/]+)\/[^/]+\/?$/;

function unquote(w: string): string {
  return w.replace(/^(["'])(.*)\1$/, '$2');
}

function has(argv: readonly string[], flags: readonly string[]): boolean {
  return argv.some((w) => flags.some((f) => w === f || w.startsWith(`${f}=`)) && !/=(?:false|0)$/i.test(w));
}

function unwrapped(argv: readonly string[]): readonly string[] {
  let a = argv;
  for (let n = 0; n < 3; n++) {
    const tool = basename(a[0] ?? '');
    let i = 1;
    if ((tool === 'pnpm' || tool === 'yarn' || tool === 'bun' || tool === 'npm') && RUNNER_VERBS.has(a[1] ?? '')) i = 2;
    else if (!RUNNERS.has(tool)) return a;
    while (i < a.length && (a[i] ?? '').startsWith('-')) i += /^(?:-p|--package)$/.test(a[i] ?? '') ? 2 : 1;
    a = a.slice(i);
  }
  return a;
}

/** The folder a command empties, when the line gives it. */
function emptied(c: SimpleCommand): { dir: string; how: string } | undefined {
  const a = unwrapped(c.argv);
  const tool = basename(a[0] ?? '');
  if (tool === 'rsync') {
    if (!a.some((w) => RSYNC_DELETES.test(w))) return undefined;
    const operands = a.slice(1).filter((w) => !w.startsWith('-'));
    const dest = operands[operands.length - 1];
    // a remote destination (host:path) is another machine's deploy folder
    if (operands.length < 2 || dest === undefined || /^[^/]*:/.test(dest)) return undefined;
    // a folder in a home (`~/mirror/`) is where mirrors and backups are kept in sync: only wider ones
    if (HOME_CHILD.test(unquote(dest))) return undefined;
    return { dir: dest, how: 'rsync --delete removes what the source lacks from' };
  }
  if (tool === 'sphinx-build') {
    const m = a.indexOf('-M');
    if (m < 0 || a[m + 1] !== 'clean') return undefined;
    const operands = a.slice(m + 2).filter((w) => !w.startsWith('-'));
    const dir = operands[1];
    return dir === undefined ? undefined : { dir, how: 'sphinx-build -M clean removes' };
  }
  const spec = OUTPUT_CLEANS[tool];
  if (!spec) return undefined;
  if (spec.verbs) {
    const verb = a.slice(1).find((w) => !w.startsWith('-'));
    if (verb === undefined || !spec.verbs.includes(verb)) return undefined;
  }
  if (spec.cleanFlags && !has(a, spec.cleanFlags)) return undefined;
  if (spec.keepFlags && has(a, spec.keepFlags)) return undefined;
  const dir = argvOption(a, spec.opts);
  return dir === undefined ? undefined : { dir, how: `${tool} empties its output folder` };
}

export function outputCleanEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const e = emptied(c);
    if (!e) continue;
    const dir = unquote(e.dir);
    if (!WIDE.test(dir)) continue;
    out.push({ tool: 'exec', command: `rm -rf ${dir}`, via: `${e.how} ${dir}: it deletes what ${dir} holds` });
  }
}
