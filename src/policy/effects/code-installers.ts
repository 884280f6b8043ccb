// Plugins, extensions, templates, pipelines and packages installed from WHERE they live: a URL, a
// repository, another server. Every tool spells it its own way (`mix archive.install URL`,
// `pulumi plugin install ... --server URL`, `wp plugin install URL`, `grafana-cli --pluginUrl URL`,
// `nextflow run owner/repo`, `curl URL | vcs import src`), and what it fetches runs, on the spot
// or at every later use of the tool. Which words name that place is data, one entry per tool
// (policies/catalogues/code-installers.yaml); this file reads every entry the same way and hands
// each place to the source reading of `pip install URL` (sources.ts):
//   a host that is no vendor's or registry's          untrusted-source (deny)
//   a code-host repository under an unknown owner     third-party-source (ask)
//   the tool's registry names, local files, owners the entry lists: nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../util/yaml.js';
import { PACKAGE_ROOT } from '../../util/version.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { imageSourceFindings, sourceFindings, sourceHost } from './sources.js';
import { table } from '../../util/lookup-table.js';

export interface CodeInstaller {
  programs: string[];
  command: string[][];
  eco: string;
  operands?: 'code' | 'image';
  shorthand: boolean;
  shorthandWith: string[];
  owners: Set<string>;
  codeFlags: string[];
  indexFlags: string[];
  /** Options whose value is no place of code (`-r 3.14.0`, `-profile test`): their values are not operands. */
  valueFlags: string[];
  /** Only the first operand names code; the words after it are the code's own arguments. */
  firstOperand: boolean;
  stdin: boolean;
}

let loaded: { byProgram: Map<string, CodeInstaller[]>; programs: string[] } | undefined;

function strings(v: unknown, what: string): string[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
    throw new Error(`code-installers catalogue: ${what} is not a list of strings`);
  return v as string[];
}

/** The catalogue, read once (a missing or malformed file throws: the caller fails closed). */
export function loadCodeInstallers(dir = join(PACKAGE_ROOT, 'policies', 'catalogues')): CodeInstaller[] {
  const doc = parse(readFileSync(join(dir, 'code-installers.yaml'), 'utf8')) as { installers?: unknown } | null;
  if (!Array.isArray(doc?.installers)) throw new Error('code-installers catalogue: installers is not a list');
  return (doc.installers as Record<string, unknown>[]).map((e, i) => {
    const programs = strings(e.programs, `installers[${i}].programs`);
    if (!programs.length || typeof e.eco !== 'string')
      throw new Error(`code-installers catalogue: installers[${i}] needs programs and eco`);
    const operands = e.operands;
    if (operands !== undefined && operands !== 'code' && operands !== 'image')
      throw new Error(`code-installers catalogue: installers[${i}].operands is code or image`);
    return {
      programs: programs.map((p) => p.toLowerCase()),
      command: strings(e.command, `installers[${i}].command`).map((c) => c.split(/\s+/)),
      eco: e.eco,
      operands,
      shorthand: e.shorthand === 'github',
      shorthandWith: strings(e['shorthand-with'], `installers[${i}].shorthand-with`),
      owners: new Set(strings(e.owners, `installers[${i}].owners`).map((o) => o.toLowerCase())),
      codeFlags: strings(e['code-flags'], `installers[${i}].code-flags`),
      indexFlags: strings(e['index-flags'], `installers[${i}].index-flags`),
      valueFlags: strings(e['value-flags'], `installers[${i}].value-flags`),
      firstOperand: e['first-operand'] === true,
      stdin: e.stdin === true,
    };
  });
}

function catalogue(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const byProgram = new Map<string, CodeInstaller[]>();
  for (const e of loadCodeInstallers())
    for (const p of e.programs) {
      const l = byProgram.get(p) ?? [];
      l.push(e);
      byProgram.set(p, l);
    }
  loaded = { byProgram, programs: [...byProgram.keys(), ...Object.keys(ONE_SHOT)] };
  return loaded;
}

/** The programs the catalogue names (the line reading's gate). */
export function codeInstallerPrograms(): readonly string[] {
  return catalogue().programs;
}

/** Where in argv an entry's install command ends (1 when it names none) and its words, or undefined. */
function commandAt(e: CodeInstaller, a: readonly string[]): { end: number; words: string[] } | undefined {
  if (!e.command.length) return { end: 1, words: [] };
  for (const words of e.command)
    for (let i = 1; i + words.length <= a.length; i++)
      if (words.every((w, k) => a[i + k] === w)) return { end: i + words.length, words };
  return undefined;
}

const URL_IN = /(?:git\+|hg\+)?(?:https?|git|ssh|ftp):\/\/[^\s'"<>]+|^git@[\w.-]+:[\w./-]+/i;
/** `github.com/owner/name`, `gitlab.com/group/name`: a host and a path, no scheme. */
const HOST_PATH = /^(?:[a-z0-9-]+\.)+[a-z]{2,}\/[\w.-]+\/[\w./-]+$/i;
/** `owner/name`, `gh:owner/name`, `github:owner/name` (no file extension: `pipelines/main.nf` is a file). */
const SHORTHAND = /^(?:gh:|github:)?([\w-][\w.-]*)\/([\w-][\w-]*)(?:@[\w.-]+)?$/;
const CODE_HOST_OWNER =
  /^(?:https?|git|ssh):\/\/(?:[^@/]*@)?(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|raw\.githubusercontent\.com|gist\.githubusercontent\.com)\/([\w.-]+)\//i;

/** The place a word names as code: a URL in it, a host/path, or (for entries that take it) GitHub shorthand. */
function codePlace(e: CodeInstaller, w: string, a: readonly string[]): string | undefined {
  const url = URL_IN.exec(w)?.[0]?.replace(/[),;]+$/, '');
  if (url) return url;
  if (HOST_PATH.test(w) && sourceHost(w)) return `https://${w}`;
  const shorthand = e.shorthand && (!e.shorthandWith.length || e.shorthandWith.some((f) => a.includes(f)));
  const m = shorthand ? SHORTHAND.exec(w) : null;
  if (m?.[1] && m[2] && !w.startsWith('.')) return `https://github.com/${m[1]}/${m[2]}`;
  return undefined;
}

/** A code-host URL under an owner whose repositories are the tool's own published set. */
function ownersOwn(e: CodeInstaller, url: string): boolean {
  const o = CODE_HOST_OWNER.exec(url)?.[1]?.toLowerCase();
  return !!o && e.owners.has(o);
}

function code(e: CodeInstaller, w: string, via: string, out: Effect[], a: readonly string[]): void {
  const place = codePlace(e, w, a);
  if (place && !ownersOwn(e, place)) sourceFindings(e.eco, place, `${via} installs code from ${place}`, out, 'code');
}

/** Values of `flag` in argv: `--flag VALUE` and `--flag=VALUE`. */
function flagValues(a: readonly string[], flag: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === flag && a[i + 1] !== undefined) out.push(a[++i] ?? '');
    else if (w.startsWith(`${flag}=`)) out.push(w.slice(flag.length + 1));
  }
  return out;
}

function readEntry(e: CodeInstaller, a: readonly string[], name: string, out: Effect[]): void {
  const at = commandAt(e, a);
  if (!at) return;
  const { end } = at;
  const via = [name, ...at.words].join(' ');
  const flagged = new Set<number>();
  for (const f of [...e.codeFlags, ...e.indexFlags, ...e.valueFlags])
    for (let i = 1; i < a.length; i++) if (a[i] === f) flagged.add(i + 1);
  for (const f of e.codeFlags) for (const v of flagValues(a, f)) code(e, v, `${via} ${f}`, out, a);
  for (const f of e.indexFlags)
    for (const v of flagValues(a, f))
      if (sourceHost(v)) sourceFindings(e.eco, v, `${via} ${f} installs from ${v}`, out, 'index');
  if (!e.operands) return;
  for (let i = end; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '--') break;
    if (w.startsWith('-') || flagged.has(i)) continue;
    if (e.operands === 'image') {
      const ref = /^(?:docker|oras):\/\/(.+)$/i.exec(w)?.[1];
      if (ref) out.push(...imageSourceFindings(ref, `${via} ${w}`));
    } else code(e, w, via, out, a);
    // `nextflow run PIPELINE --outdir results/x`: what follows the pipeline is its parameters
    if (e.firstOperand) break;
  }
}

/** Runners that fetch a package and run it: `npx degit`, `uvx cookiecutter`, `pipx run copier`, `pnpm dlx tiged`. */
const ONE_SHOT: Record<string, string[]> = table({
  npx: [],
  pnpx: [],
  bunx: [],
  uvx: [],
  pipx: ['run'],
  pnpm: ['dlx'],
  yarn: ['dlx'],
  npm: ['exec', 'x'],
  bun: ['x'],
});
/** Their options that take a value (`--from SPEC`, `-p PKG`, `--with DEP`, `--spec SPEC`). */
const ONE_SHOT_TAKES = new Set(['--from', '-p', '--package', '--with', '--spec', '--python', '--index-url']);

/** The command a one-shot runner runs, as its own argv (`npx -y degit o/r d` -> `degit o/r d`). */
export function oneShotArgv(argv: readonly string[]): string[] | undefined {
  const verbs = ONE_SHOT[basename(argv[0] ?? '').toLowerCase()];
  if (!verbs) return undefined;
  let i = 1;
  if (verbs.length) {
    if (!verbs.includes(argv[1] ?? '')) return undefined;
    i = 2;
  }
  for (; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') return argv.slice(i + 1).map(String);
    if (!w.startsWith('-')) break;
    if (!w.includes('=') && ONE_SHOT_TAKES.has(w)) i++;
  }
  const rest = argv.slice(i);
  if (!rest.length) return undefined;
  // the package name without its version (degit@2.8.4, @scope/tool@1)
  return [(rest[0] ?? '').replace(/(?<=.)@[^/]*$/, ''), ...rest.slice(1)];
}

function entriesOf(argv: readonly string[]): { name: string; list: CodeInstaller[] } | undefined {
  const name = basename(argv[0] ?? '')
    .toLowerCase()
    .replace(/\.exe$/, '');
  const list = catalogue().byProgram.get(name);
  return list ? { name, list } : undefined;
}

/** The code-installer readings of a line's simple commands. */
export function codeInstallerEffects(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    if (c.argv.length < 2) continue;
    const argv = oneShotArgv(c.argv) ?? c.argv;
    const found = entriesOf(argv);
    if (found) for (const e of found.list) readEntry(e, argv, found.name, out);
  }
}

/**
 * Whether `argv` is a tool that takes the list of what it fetches and builds on standard input
 * (`vcs import src`), and the stream from `url` is not one of the tool's own published lists:
 * then what `url` serves decides which code is checked out and built.
 */
export function buildsFromStdin(argv: readonly string[], url: string): string | undefined {
  const found = entriesOf(argv);
  for (const e of found?.list ?? [])
    if (e.stdin && !ownersOwn(e, url)) {
      const at = commandAt(e, argv);
      if (at) return [found?.name ?? '', ...at.words].join(' ');
    }
  return undefined;
}

/**
 * The operands an installer entry installs as code (`wp plugin install /tmp/seo.zip`, `cordova
 * plugin add ./plugin`): a file downloaded earlier in the line and named here is installed and run.
 */
export function installedOperands(argv: readonly string[]): string[] {
  const a = oneShotArgv(argv) ?? argv;
  const out: string[] = [];
  for (const e of entriesOf(a)?.list ?? []) {
    const at = e.operands === 'code' ? commandAt(e, a) : undefined;
    if (!at) continue;
    for (const w of a.slice(at.end)) if (!w.startsWith('-')) out.push(w);
  }
  return out;
}
