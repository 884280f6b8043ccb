// What an install or fetch-and-run command brings in: the package names it installs, checked
// against the popular names of their ecosystem (a name a letter or two away from a popular one
// is a look-alike), and packages fetched and run on the spot that are on no list (`npx -y x`,
// `uvx x`, `go run x@latest`, `cargo install --git URL`). Findings are dependency calls
// (supply.ts).
import { compromisedInstalls } from './compromised.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { dependency, nameFinding } from './supply.js';
import {
  isKnownOwner,
  deepLookalikeOf,
  isKnownRegistry,
  isPopular,
  isVendorHost,
  slugLookalike,
  lookalikeOf,
  slip,
  supplyData,
  type Ecosystem,
} from './supply-data.js';
import { unlistedInstalls } from './unlisted.js';
import { ownProjectConstraints, sourceFindings, thirdPartyCodeUrl } from './sources.js';
import { table } from '../../util/lookup-table.js';

/** Options that take the next word as their value, per tool (the value is not a package). */
const VALUE_FLAGS: Record<string, Set<string>> = table({
  npm: new Set([
    '--registry',
    '--prefix',
    '-w',
    '--workspace',
    '--tag',
    '--cache',
    '--userconfig',
    '-C',
    '--dir',
    '--filter',
    '-p',
    '--package',
    '--cwd',
    '--otp',
  ]),
  pypi: new Set([
    '-r',
    '--requirement',
    '-c',
    '--constraint',
    '-e',
    '--editable',
    '-i',
    '--index-url',
    '--extra-index-url',
    '--index',
    '--default-index',
    '-t',
    '-d',
    '--dest',
    '-b',
    '--build',
    '--src',
    '--target',
    '--prefix',
    '--root',
    '--trusted-host',
    '--allow-insecure-host',
    '-f',
    '--find-links',
    '--platform',
    '--python-version',
    '--python',
    '-p',
    '--only-binary',
    '--no-binary',
    '--group',
    '--optional',
    '--extra',
    '--with',
    '--from',
    '--spec',
    '-G',
    '--source',
  ]),
  crates: new Set([
    '--git',
    '--branch',
    '--tag',
    '--rev',
    '--path',
    '--version',
    '--vers',
    '-F',
    '--features',
    '--root',
    '--registry',
    '--index',
    '--bin',
    '--example',
    '--target',
    '--rename',
    '-p',
    '--package',
    '-j',
    '--jobs',
    '--profile',
  ]),
  go: new Set(['-o', '-tags', '-ldflags', '-gcflags', '-C', '-mod', '-modfile', '-p', '-exec', '-toolexec']),
  gem: new Set(['-v', '--version', '-s', '--source', '-i', '--install-dir', '-n', '--bindir', '--platform']),
  deno: new Set([
    '-o',
    '--output',
    '-n',
    '--name',
    '--root',
    '-c',
    '--config',
    '--import-map',
    '--lock',
    '--cert',
    '--target',
    '--include',
    '--location',
    '--seed',
    '--v8-flags',
  ]),
});

/** The operands of argv from `from` on: words that are not options or option values. */
function operands(argv: string[], from: number, eco: string): string[] {
  return operandWords(argv, from, VALUE_FLAGS[eco] ?? new Set<string>());
}

/** Words of argv from `from` on that are neither options nor the values of options in `takes`;
 * everything after `--` is an operand. */
export function operandWords(argv: string[], from: number, takes: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (let i = from; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') {
      out.push(...argv.slice(i + 1));
      break;
    }
    if (w.startsWith('-')) {
      if (!w.includes('=') && takes.has(w)) i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

/** Operands after `--`: the arguments of the program run, never packages. */
function beforeDoubleDash(argv: string[]): string[] {
  const i = argv.indexOf('--');
  return i < 0 ? argv : argv.slice(0, i);
}

/** A registry package name in an npm operand (`name@1`, `@scope/name@^2`, `alias@npm:real`). */
function npmName(op: string): string | undefined {
  if (/^(?:\.{0,2}\/|~|file:|git[+:]|https?:|github:|gitlab:|bitbucket:|link:|workspace:)/.test(op)) return undefined;
  // an alias (`x@npm:y`, `@scope/x@npm:y@1`) installs y under x's name
  const alias = /^(?:@[^/@\s]+\/)?[^@]+@npm:(.+)$/.exec(op);
  const w = alias?.[1] ?? op;
  const m = /^(@[^/@\s]+\/[^@\s]+|[^@/\s]+)(?:@.*)?$/.exec(w);
  return m?.[1];
}

/** A PyPI project in a pip operand (`requests[socks]>=2`, `Django==5.0`). */
function pypiName(op: string): string | undefined {
  if (/^(?:\.{0,2}\/|~|file:|git\+|https?:|[A-Za-z]:\\)|\.(?:whl|tar\.gz|zip)$/.test(op) || op === '.')
    return undefined;
  const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(op);
  return m?.[1];
}

function plainName(op: string): string | undefined {
  const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:@.*)?$/.exec(op);
  return m?.[1];
}

/** A Go module path in an operand (`github.com/x/y/cmd/z@latest`), with its version. */
function goModule(op: string): { path: string; version?: string } | undefined {
  const [path = '', version] = op.split('@');
  if (!/^[a-z0-9.-]+\.[a-z]{2,}\//i.test(path)) return undefined;
  return version === undefined ? { path } : { path, version };
}

function names(eco: Ecosystem, ops: string[]): string[] {
  const pick = eco === 'npm' ? npmName : eco === 'pypi' ? pypiName : plainName;
  return ops.map(pick).filter((n): n is string => !!n);
}

function checkNames(eco: Ecosystem, list: string[], via: string, out: Effect[], argv?: string[]): void {
  const before = out.length;
  for (const n of list) {
    const f = nameFinding(eco, n, via);
    if (f) out.push(f);
  }
  // an install (argv given) of names no list holds, when no look-alike was found
  if (argv && out.length === before) unlistedInstalls(eco, list, argv, via, out);
}

/** A package fetched and run on the spot: a look-alike, or one on no popular list. */
function remoteRun(eco: Ecosystem, name: string | undefined, via: string, out: Effect[]): void {
  if (!name) return;
  const f = nameFinding(eco, name, via);
  if (f) out.push(f);
  else if (!isPopular(eco, name)) out.push(dependency(['runs-unlisted', eco, name], via));
}

function goFindings(argv: string[], sub: string, via: string, out: Effect[]): void {
  const ops = operands(beforeDoubleDash(argv), 2, 'go');
  for (const op of sub === 'run' ? ops.slice(0, 1) : ops) {
    const mod = goModule(op);
    if (!mod) continue;
    const [host = '', owner = '', repo = ''] = mod.path.toLowerCase().split('/');
    if (host === 'github.com' && owner && repo) {
      const m = slugLookalike('go', `${owner}/${repo}`, host);
      if (m) {
        out.push(dependency([m.impersonates ? 'impersonates' : 'lookalike', 'go', mod.path, 'of', m.of], via));
        continue;
      }
    }
    // `go run path@version` downloads the module and runs it there and then
    if (sub === 'run' && mod.version !== undefined && !isPopularGo(mod.path))
      out.push(dependency(['runs-unlisted', 'go', op], via));
    // `go install path@latest` (or @branch) builds whatever an unknown owner last pushed into a
    // program on PATH; a release tag or commit pins what was reviewed, and listed modules and
    // known owners' tools (gopls, golangci-lint) are the everyday case; a module on its own
    // domain (sigs.k8s.io, mvdan.cc) is served by whoever owns that domain
    else if (
      sub === 'install' &&
      mod.version !== undefined &&
      !/^v\d|^[0-9a-f]{7,40}$/i.test(mod.version) &&
      !isPopularGo(mod.path) &&
      /^(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)$/.test(host) &&
      !isKnownOwner(owner)
    )
      out.push(dependency(['installs-unlisted', 'go', op], `${via} builds the newest push of a module on no list`));
  }
}

/**
 * `composer [global] require VENDOR/PACKAGE[:CONSTRAINT]`: a vendor posing as a listed one (one
 * edit away, or its name wrapped) with a listed package's name or a near one. A package under an
 * unrelated vendor that shares a common name (framework, console) is no finding here.
 */
function composerFindings(a: string[], out: Effect[]): void {
  // `composer config [-g] allow-plugins true`: every package's Composer plugin runs, not only the
  // ones the project named (getcomposer.org, "allow-plugins": true allows all plugins)
  const cfg = a.indexOf('config');
  if (cfg > 0 && a.includes('allow-plugins') && /^(?:true|1)$/i.test(a[a.indexOf('allow-plugins') + 1] ?? ''))
    out.push(
      dependency(['scripts-forced', 'packagist', 'allow-plugins'], 'composer config lets every package run its plugin'),
    );
  const at = a.findIndex((w) => w === 'require');
  if (at < 0) return;
  for (const w of a.slice(at + 1)) {
    if (w.startsWith('-')) continue;
    const slug = /^([\w.-]+\/[\w.-]+)/.exec(w)?.[1]?.toLowerCase();
    if (!slug || isPopular('packagist', slug)) continue;
    const m = slugLookalike('packagist', slug);
    if (m?.impersonates) out.push(dependency(['lookalike', 'packagist', slug, 'of', m.of], `composer require ${slug}`));
  }
}

/**
 * NuGet package IDs: a near spelling of a listed ID. Under a first dotted part that is a listed
 * vendor's (AWSSDK.Ses beside AWSSDK.Sqs, NUnit.Core beside xunit.core) the prefix is that
 * vendor's, usually reserved on nuget.org, and real siblings differ by a letter: only a
 * slip of the fingers (swapped or doubled letters) counts there.
 */
export function nugetFindings(ids: string[], via: string, out: Effect[]): void {
  for (const id of ids) {
    if (!/^[A-Za-z0-9][\w.-]*$/.test(id) || isPopular('nuget', id)) continue;
    const of = lookalikeOf('nuget', id);
    if (!of) continue;
    const n = id.toLowerCase();
    const vendorPrefix = n.includes('.') && nugetPrefixes().has(n.split('.')[0] ?? '');
    if (vendorPrefix && !slip(n, of)) continue;
    out.push(dependency(['lookalike', 'nuget', id, 'of', of], via));
  }
}

let prefixes: Set<string> | undefined;
/** The first dotted parts of listed NuGet IDs (microsoft, awssdk, serilog, nunit): vendors' prefixes. */
function nugetPrefixes(): Set<string> {
  if (!prefixes) {
    prefixes = new Set<string>();
    for (const n of supplyData().lists.get('nuget')?.all ?? [])
      if (n.includes('.')) prefixes.add(n.split('.')[0] ?? '');
    for (const n of supplyData().lists.get('nuget')?.all ?? []) if (!n.includes('.')) prefixes.add(n);
  }
  return prefixes;
}

/** NuGet options that take the next word as their value. */
const NUGET_VALUE =
  /^(?:-v|--version|-s|--source|-f|--framework|--package-directory|-o|--output|-version|-source|-outputdirectory|-projectname|-configfile|--tool-path|--configfile|--add-source|-n)$/i;

/** The package IDs of `dotnet add [PROJECT] package ID`, `dotnet tool install ID`, `nuget install ID`, `Install-Package ID`, `paket add ID`. */
function nugetIds(name: string, a: string[]): string[] {
  const lower = a.map((w) => w.toLowerCase());
  let from = -1;
  if (name === 'dotnet') {
    if (lower[1] === 'add') from = lower.indexOf('package') + 1;
    else if (lower[1] === 'tool' && (lower[2] === 'install' || lower[2] === 'update')) from = 3;
  } else if (name === 'nuget' && lower[1] === 'install') from = 2;
  else if (name === 'paket' && lower[1] === 'add') from = 2;
  else if (name === 'install-package') from = 1;
  if (from <= 0) return [];
  const out: string[] = [];
  for (let i = from; i < a.length; i++) {
    const w = a[i] ?? '';
    if (NUGET_VALUE.test(w)) i++;
    else if (/^-name$|^-id$/i.test(w)) out.push(a[++i] ?? '');
    else if (!w.startsWith('-') && !/\.(?:config|csproj|fsproj|vbproj|sln)$/i.test(w)) {
      out.push(w);
      if (name !== 'install-package') break;
    }
  }
  return out;
}

/** A Go module path under a listed module (golang.org/x/tools/cmd/stringer under golang.org/x/tools). */
function isPopularGo(path: string): boolean {
  const parts = path.split('/');
  for (let i = parts.length; i >= 2; i--) if (isPopular('go', parts.slice(0, i).join('/'))) return true;
  return false;
}

const NPM_INSTALL = /^(?:i|in|ins|inst|insta|instal|install|isnt|isnta|isntal|isntall|add|ci)$/;

/** Programs read here (anything else is skipped at the first look). */
const PROGRAMS = new Set([
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'npx',
  'pnpx',
  'bunx',
  'pip',
  'pip3',
  'uv',
  'uvx',
  'pipx',
  'jbang',
]);
for (const n of ['poetry', 'pdm', 'pipenv', 'cargo', 'go', 'gem', 'brew', 'deno', 'composer']) PROGRAMS.add(n);

/**
 * `npm pkg set scripts.postinstall="curl ... | sh"` writes package.json's scripts: read as that
 * write, so the lifecycle-script reading of package.json (docs/effects.md) decides what it plants.
 */
function scriptsSet(pairs: string[], out: Effect[]): void {
  const scripts: Record<string, string> = {};
  for (const p of pairs) {
    const m = /^scripts\.([\w:-]+)=(.*)$/s.exec(p);
    if (m?.[1] && m[2] !== undefined) scripts[m[1]] = m[2];
  }
  if (Object.keys(scripts).length)
    out.push({
      tool: 'write',
      path: 'package.json',
      content: JSON.stringify({ scripts }, null, 2),
      via: 'npm pkg set writes package.json scripts',
    });
}

/**
 * `--ignore-scripts=false` (or `--ignore-scripts false`, `--config.ignore-scripts=false`,
 * `config set ignore-scripts false`): the default already runs install scripts, so saying it
 * overrides a project's `ignore-scripts=true`, the setting that keeps packages' install scripts
 * from running.
 */
function scriptsForced(a: string[]): boolean {
  for (let i = 1; i < a.length; i++) {
    const w = (a[i] ?? '').replace(/^--config\./, '--');
    if (/^--ignore-scripts=(?:false|0)$/i.test(w)) return true;
    // pnpm 10 and bun run no dependency's build scripts unless allowed: these allow them all
    if (/^--dangerously-?allow-?all-?builds(?:=true)?$/i.test(w) || (w === '--trust' && a[1] === 'install'))
      return true;
    if (w === 'trust' && a[i - 1] === 'pm' && a.includes('--all')) return true;
    // Yarn Berry runs no dependency's build scripts unless enableScripts is on (yarnpkg.com, "enableScripts")
    if (/^enableScripts$/i.test(w) && a[i - 1] === 'set' && /^(?:true|1)$/i.test(a[i + 1] ?? '')) return true;
    if (w === '--ignore-scripts' && /^(?:false|0)$/i.test(a[i + 1] ?? '')) return true;
    if (
      /^ignore-scripts(?:=(?:false|0))?$/i.test(w) &&
      a[i - 1] === 'set' &&
      (w.includes('=') || /^(?:false|0)$/i.test(a[i + 1] ?? ''))
    )
      return true;
  }
  return false;
}

/** PowerShell cmdlets that fetch modules from a gallery (names compared without case). */
const PS_INSTALL = new Set([
  'install-module',
  'install-psresource',
  'save-module',
  'save-psresource',
  'install-script',
]);
const PS_VALUE =
  /^-(?:repository|requiredversion|minimumversion|maximumversion|version|scope|credential|proxy|path|literalpath)$/i;

/** Module names of `Install-Module -Name A,B` or `Install-Module A`. */
function psModules(a: string[]): string[] {
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (/^-name$/i.test(w)) return (a[i + 1] ?? '').split(',').filter(Boolean);
    if (/^-name:/i.test(w)) return w.slice(6).split(',').filter(Boolean);
  }
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (PS_VALUE.test(w)) i++;
    else if (!w.startsWith('-')) return w.split(',').filter(Boolean);
  }
  return [];
}

/** The dependency calls an install or fetch-and-run command amounts to. */
export function installEffects(argv: string[], out: Effect[]): void {
  let a = argv;
  let name = basename(a[0] ?? '');
  if (/^pip-?[0-9.]+$/.test(name)) name = 'pip'; // pip3.12, pip-3.11
  if (/^(?:dotnet|nuget|paket|install-package)(?:\.exe)?$/i.test(name)) {
    const n = name.toLowerCase().replace(/\.exe$/, '');
    nugetFindings(nugetIds(n, a), `${n} installs`, out);
    return;
  }
  if (PS_INSTALL.has(name.toLowerCase())) {
    checkNames('psgallery', psModules(a), `${name} installs`, out);
    return;
  }
  if (!PROGRAMS.has(name) && !name.startsWith('python')) return;
  // python -m pip ..., python3 -m uv ...
  if (/^python[0-9.]*$/.test(name) && a[1] === '-m' && a[2]) {
    a = a.slice(2);
    name = a[0] ?? '';
  }
  const sub = a[1] ?? '';
  const via = `${name} ${sub}`.trim();
  compromisedInstalls(name, sub, a, out);
  // uvx --from git+URL, pipx run --spec URL, uv tool run --from URL: code from wherever the URL says
  const from = name === 'uvx' || name === 'pipx' || name === 'uv' ? fromOption(a) : undefined;
  if (from && /^(?:git\+|hg\+)?(?:https?|git|ssh):\/\//.test(from)) {
    out.push(dependency(['runs-unlisted', 'pypi', from], `${via} runs code from ${from}`));
    return;
  }
  // uv tool install git+URL, uv run --with URL, pipx install URL: a package built from that URL
  // or repository, judged by who serves it (an unknown host, an owner posing as the project)
  if (name === 'uv' || name === 'uvx' || name === 'pipx')
    for (let i = 1; i < a.length; i++) {
      const w = a[i] ?? '';
      const v = w === '--with' || w === '-w' ? (a[i + 1] ?? '') : w.startsWith('--with=') ? w.slice(7) : w;
      if (/^(?:-c|--constraint)$/.test(a[i - 1] ?? '') && ownProjectConstraints(v, a)) continue;
      if (/^(?:git\+)?(?:https?|ssh):\/\//.test(v) && !/^https?:\/\/[^/]+\/.*\.py(?:[?#]|$)/.test(v))
        sourceFindings('pypi', v, `${via} installs from ${v}`, out, 'code');
    }
  // jbang URL: the Java source at the URL compiled and run (jbang.dev)
  if (name === 'jbang') {
    const target = a.slice(1).find((w) => !w.startsWith('-') && w !== 'run');
    if (target && remoteCode(target))
      out.push({ tool: 'exec', command: `curl -fsSL ${target} | sh`, via: `jbang runs code from ${target}` });
  }
  if ((name === 'npm' || name === 'pnpm') && sub === 'pkg' && a[2] === 'set') scriptsSet(a.slice(3), out);
  // npm 7-8's `npm set-script NAME CMD` is the same write
  if (name === 'npm' && sub === 'set-script' && a[2] && a[3] !== undefined)
    scriptsSet([`scripts.${a[2]}=${a.slice(3).join(' ')}`], out);
  if (['npm', 'pnpm', 'yarn', 'bun'].includes(name) && scriptsForced(a))
    out.push(
      dependency(['scripts-forced', 'npm', ...a.slice(1, 6)], `${via} runs install scripts the project turned off`),
    );
  // deno run / bun run of a URL: code fetched from the network and run, as with curl | sh
  // uv run URL: uv downloads the script and runs it (docs.astral.sh/uv, "Running scripts")
  // pipx run URL: the same for a script pipx downloads (pipx.pypa.io, "pipx run")
  if ((name === 'uv' || name === 'pipx') && sub === 'run') {
    const target = operands(a, 2, 'pypi').find((w) => !w.startsWith('-'));
    if (target && remoteCode(target))
      out.push({ tool: 'exec', command: `curl -fsSL ${target} | python3`, via: `${via} runs code from ${target}` });
  }
  if ((name === 'deno' || name === 'bun') && ['run', 'install', 'x', 'compile', 'eval'].includes(sub)) {
    // deno eval CODE: a module imported from a URL in the code is fetched and run the same way
    const target =
      sub === 'eval'
        ? /\bimport\s*\(?\s*["'`](https?:\/\/[^"'`\s]+)/.exec(a.slice(2).join(' '))?.[1]
        : operands(a, 2, 'deno').find((w) => !w.startsWith('-'));
    if (target && remoteCode(target))
      out.push({ tool: 'exec', command: `curl -fsSL ${target} | sh`, via: `${name} ${sub} runs code from ${target}` });
  }
  switch (name) {
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun': {
      if (NPM_INSTALL.test(sub) || (name === 'yarn' && sub === 'global' && a[2] === 'add')) {
        checkNames('npm', names('npm', operands(a, sub === 'global' ? 3 : 2, 'npm')), `${via} installs`, out, a);
      } else if (
        (name === 'npm' && (sub === 'exec' || sub === 'x')) ||
        sub === 'dlx' ||
        (name === 'bun' && sub === 'x')
      ) {
        const pkg = a.find((w) => w.startsWith('--package='))?.slice('--package='.length);
        // `npm exec --yes -- NAME ARGS`: the package is the first word after `--` when none comes before
        const dd = a.indexOf('--');
        const first = operands(beforeDoubleDash(a), 2, 'npm')[0] ?? (dd > 0 ? a[dd + 1] : undefined);
        remoteRun('npm', npmName(pkg ?? first ?? ''), `${via} runs`, out);
      }
      return;
    }
    case 'npx':
    case 'pnpx':
    case 'bunx': {
      const ops = operands(beforeDoubleDash(a), 1, 'npm');
      // npx -p PKG CMD / --package PKG CMD: the package installed is the option's value
      // (only before the command: `npx tsc -p tsconfig.json` is tsc's -p)
      const pIndex = a.findIndex((w) => w === '-p' || w === '--package');
      const cmdIndex = a.findIndex(
        (w, i) => i > 0 && !w.startsWith('-') && a[i - 1] !== '-p' && a[i - 1] !== '--package',
      );
      const pValue = pIndex > 0 && (cmdIndex < 0 || pIndex < cmdIndex) ? a[pIndex + 1] : undefined;
      const pkg = npmName(
        a.find((w) => w.startsWith('--package='))?.slice('--package='.length) ?? pValue ?? ops[0] ?? '',
      );
      // npx without --yes runs a local binary first and asks before downloading
      const fetches = name !== 'npx' || a.some((w) => w === '-y' || w === '--yes');
      if (fetches) remoteRun('npm', pkg, `${name} runs`, out);
      else if (pkg) {
        const before = out.length;
        checkNames('npm', [pkg], `${name} runs`, out);
        // without a TTY (an agent's shell) npx installs a missing package without asking
        // (docs.npmjs.com, npx: "--yes is assumed"): a near spelling of a listed name is fetched
        const near = out.length > before ? undefined : deepLookalikeOf('npm', pkg);
        if (near) out.push(dependency(['lookalike', 'npm', pkg, 'of', near], `${name} runs ${pkg}`));
      }
      return;
    }
    case 'pip':
    case 'pip3':
      if (sub === 'install' || sub === 'download')
        checkNames(
          'pypi',
          names('pypi', operands(a, 2, 'pypi')),
          `${via} installs`,
          out,
          sub === 'install' ? a : undefined,
        );
      return;
    case 'uv':
      if (sub === 'pip' && a[2] === 'install')
        checkNames('pypi', names('pypi', operands(a, 3, 'pypi')), 'uv pip install', out, a);
      else if (sub === 'add') checkNames('pypi', names('pypi', operands(a, 2, 'pypi')), 'uv add installs', out, a);
      else if (sub === 'tool' && a[2] === 'install')
        checkNames('pypi', names('pypi', operands(a, 3, 'pypi')), 'uv tool install', out, a);
      else if (sub === 'tool' && a[2] === 'run')
        remoteRun('pypi', pypiName(fromOption(a) ?? operands(a, 3, 'pypi')[0] ?? ''), 'uv tool run', out);
      return;
    case 'uvx':
      remoteRun('pypi', pypiName(fromOption(a) ?? operands(a, 1, 'pypi')[0] ?? ''), 'uvx runs', out);
      return;
    case 'pipx':
      if (sub === 'run') remoteRun('pypi', pypiName(fromOption(a) ?? operands(a, 2, 'pypi')[0] ?? ''), 'pipx run', out);
      else if (sub === 'install') checkNames('pypi', names('pypi', operands(a, 2, 'pypi')), 'pipx install', out, a);
      return;
    case 'poetry':
    case 'pdm':
    case 'pipenv':
      if (sub === 'add' || sub === 'install')
        checkNames('pypi', names('pypi', operands(a, 2, 'pypi')), `${via} installs`, out, a);
      return;
    case 'cargo': {
      if (sub !== 'add' && sub !== 'install') return;
      const git = a.find((w, i) => w.startsWith('--git=') || a[i - 1] === '--git');
      if (sub === 'install' && git) {
        out.push(dependency(['runs-unlisted', 'crates', git.replace(/^--git=/, '')], 'cargo install --git'));
        return;
      }
      checkNames('crates', names('crates', operands(a, 2, 'crates')), `${via} installs`, out);
      return;
    }
    case 'go':
      if (sub === 'get' || sub === 'install' || sub === 'run') goFindings(a, sub, `go ${sub}`, out);
      return;
    case 'brew': {
      // a tap is a third party's formula repository: its formulas run as the user
      const taps = sub === 'tap' ? a.slice(2, 3) : sub === 'install' ? operands(a, 2, 'brew') : [];
      for (const t of taps) {
        // a formula file of the project (`./Formula/tool.rb`, `packaging/homebrew/cli.rb`) is its
        // own build recipe, as `pip install .` is; one in a scratch folder is read by supply-hooks.ts
        if (sub === 'install' && /\.rb$/.test(t) && !/^(?:\/|~|\$)|:/.test(t) && !/(?:^|\/)\.\.(?:\/|$)/.test(t))
          continue;
        const tap = t.split('/').slice(0, 2).join('/').toLowerCase();
        if (t.split('/').length < (sub === 'tap' ? 2 : 3) || tap.startsWith('homebrew/')) continue;
        if (!isPopular('taps', tap)) out.push(dependency(['runs-unlisted', 'taps', tap], `brew ${sub}`));
      }
      return;
    }
    case 'gem':
      if (sub === 'install') checkNames('gem', names('gem', operands(a, 2, 'gem')), 'gem install', out);
      return;
    case 'composer':
      composerFindings(a, out);
      return;
  }
}

/** A script URL served by someone other than a vendor: a foreign host, or anyone's repository on a code host. */
function remoteCode(target: string): boolean {
  const h = /^https?:\/\//.test(target) ? hostOfUrl(target) : undefined;
  return !!h && ((!isVendorHost(h) && !isKnownRegistry(h)) || thirdPartyCodeUrl(target));
}

function hostOfUrl(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

/** uvx --from PKG cmd / pipx run --spec PKG cmd: the package is the option's value. */
function fromOption(a: string[]): string | undefined {
  for (let i = 0; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '--from' || w === '--spec') return a[i + 1];
    if (w.startsWith('--from=') || w.startsWith('--spec=')) return w.slice(w.indexOf('=') + 1);
  }
  return undefined;
}
