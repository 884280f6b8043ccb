// What ships: a command that publishes, releases, deploys or merges, whatever surrounds it.
// `npx vercel --token T --prod`, `yarn workspace @a/b npm publish`, `python -m twine upload`,
// `./mvnw -B clean deploy`, `cargo +stable publish`, `doppler run -- npm publish` and
// `git push heroku main` all put code in front of users; matching their spellings one glob at a
// time misses the next spelling. The reading takes the runner and wrapper words off, finds the
// tool's subcommand among the words that are neither options nor option values, and compares it
// with the catalogue policies/catalogues/ship-commands.yaml. Its sentences (docs/shell-readings.md):
//   ship TOOL REST...             ships to users or to a shared environment
//   ship-local TOOL REST...       the same aimed at a target named as local (kind-dev, -n dev)
//   ship-rehearsal TOOL REST...   the same as a dry run, a snapshot or a help page: ships nothing
// The last two are exceptions for the deploy and publish policies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PACKAGE_ROOT } from '../util/version.js';
import { taskShip } from './ship-tasks.js';
import { hookShip } from './ship-hooks.js';
import { isInternalName, internalV4 } from './effects/fetch-readings.js';
import { table } from '../util/lookup-table.js';

interface Entry {
  /** Subcommand words, in order, as patterns. */
  path: RegExp[];
  /** Options that must be present. */
  flags: string[];
  /** Options that must be absent. */
  without: string[];
  /** The catalogue line, for explain. */
  source: string;
}

interface Tasks {
  yes: RegExp[];
  no: RegExp[];
}

export interface ShipData {
  commands: Map<string, Entry[]>;
  /** Each tool's first subcommand words: a global option's next word is not its value when it is one. */
  subcommands: Map<string, Set<string>>;
  tasks: Map<string, Tasks>;
  aliases: Map<string, string>;
  notShipping: RegExp[];
  localTargets: RegExp[];
  /** Programmers that write a board attached to this machine (device-local). */
  deviceTools: Set<string>;
  /** Words that make such a write one the next flash cannot undo (device-permanent). */
  devicePermanent: RegExp[];
  targetOptions: Set<string>;
  deployRemotes: RegExp[];
  deployBranches: RegExp[];
  /** Every first word this reading looks at (tools, their aliases, runners): the cheap gate. */
  firstWords: Set<string>;
}

/** `kind-*` as a whole-word, case-insensitive pattern. */
function wildcard(p: string, flags = 'i'): RegExp {
  return new RegExp('^' + p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*') + '$', flags);
}

function items(doc: unknown, section: string): string[] {
  const sections = (doc as { sections?: Record<string, unknown> } | null)?.sections;
  const list = sections?.[section];
  if (!Array.isArray(list)) throw new Error(`ship-commands catalogue: sections.${section} is not a list`);
  const out: string[] = [];
  for (const e of list as { items?: unknown }[]) {
    if (!Array.isArray(e?.items)) throw new Error(`ship-commands catalogue: an entry of ${section} has no items`);
    for (const i of e.items) out.push(String(i));
  }
  return out;
}

/** Runners that run the tool named after them (`npx vercel`), and how many words they take. */
const RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'uvx', 'corepack']);
/** `pnpm dlx X`, `npm exec X`, `pipx run X`, `bundle exec X`: a program and its run verb. */
const RUN_VERBS: Record<string, Set<string>> = table({
  npm: new Set(['exec', 'x']),
  pnpm: new Set(['dlx', 'exec']),
  yarn: new Set(['dlx', 'exec']),
  bun: new Set(['x']),
  pipx: new Set(['run']),
  uv: new Set(['run']),
  poetry: new Set(['run']),
  pdm: new Set(['run']),
  pipenv: new Set(['run']),
  hatch: new Set(['run']),
  bundle: new Set(['exec']),
  dotnet: new Set(['tool']),
  lerna: new Set(['exec']),
});
/** Wrappers that inject secrets or settings and run what follows `--`. */
const DASH_WRAPPERS = new Set([
  'doppler',
  'op',
  'infisical',
  'dotenv',
  'env-cmd',
  'cross-env',
  'dotenvx',
  'aws-vault',
  'chamber',
]);
/** Runner options that take a value (`npx -p vercel vercel`, `uvx --from twine twine`). */
const RUNNER_VALUE = new Set(['-p', '--package', '--from', '--with', '-c', '--call', '--spec', '--python']);
/** Workspace selectors of pnpm, yarn and npm that take a value. */
const FILTERS = new Set(['--filter', '-F', '--workspace', '-w', '--dir', '-C']);
const PYTHONS = /^python(?:\d(?:\.\d+)?)?$/;
/** First words that only look or sign in. */
const LOOKS = new Set(['list', 'ls', 'whoami', 'login', 'logout', 'status', 'help', 'version', 'info', 'token']);

export function loadShipData(dir = join(PACKAGE_ROOT, 'policies', 'catalogues')): ShipData {
  const doc = parse(readFileSync(join(dir, 'ship-commands.yaml'), 'utf8')) as unknown;
  const aliases = new Map<string, string>();
  for (const a of items(doc, 'aliases')) {
    const [from = '', to = ''] = a.split('=');
    if (!from || !to) throw new Error(`ship-commands catalogue: alias ${a} is not FROM=TOOL`);
    aliases.set(from.toLowerCase(), to.toLowerCase());
  }
  const commands = new Map<string, Entry[]>();
  const subcommands = new Map<string, Set<string>>();
  for (const c of items(doc, 'commands')) {
    const [tool = '', ...rest] = c.split(/\s+/);
    const e: Entry = { path: [], flags: [], without: [], source: c };
    const key = tool.toLowerCase();
    for (const w of rest) {
      if (w.startsWith('!')) e.without.push(w.slice(1));
      else if (w.startsWith('-')) e.flags.push(w);
      else {
        if (!e.path.length) subcommands.set(key, (subcommands.get(key) ?? new Set()).add(w.toLowerCase()));
        e.path.push(wildcard(w));
      }
    }
    const list = commands.get(key) ?? [];
    list.push(e);
    commands.set(key, list);
  }
  const tasks = new Map<string, Tasks>();
  for (const t of items(doc, 'tasks')) {
    const [tool = '', ...names] = t.split(/\s+/);
    tasks.set(tool.toLowerCase(), {
      yes: names.filter((n) => !n.startsWith('!')).map((p) => wildcard(p)),
      no: names.filter((n) => n.startsWith('!')).map((n) => wildcard(n.slice(1))),
    });
  }
  const firstWords = new Set<string>([...commands.keys(), ...tasks.keys(), ...aliases.keys(), 'git']);
  for (const r of [...RUNNERS, ...Object.keys(RUN_VERBS), ...DASH_WRAPPERS]) firstWords.add(r);
  for (const p of ['python', 'python3', 'py']) firstWords.add(p);
  return {
    commands,
    subcommands,
    tasks,
    aliases,
    // options are case-sensitive: -h is help, -H a host
    notShipping: items(doc, 'not-shipping').map((o) => wildcard(o, '')),
    localTargets: items(doc, 'local-targets').map((p) => wildcard(p)),
    deviceTools: new Set(items(doc, 'device-local').map((t) => t.toLowerCase())),
    devicePermanent: items(doc, 'device-permanent').map((p) => wildcard(p)),
    targetOptions: new Set(items(doc, 'target-options')),
    deployRemotes: items(doc, 'deploy-remotes').map((p) => wildcard(p)),
    deployBranches: items(doc, 'deploy-branches').map((p) => wildcard(p)),
    firstWords,
  };
}

let loaded: ShipData | undefined;
export function shipData(): ShipData {
  loaded ??= loadShipData();
  return loaded;
}

/** `vercel@latest` -> vercel, `@vscode/vsce@2` -> @vscode/vsce, `/opt/bin/fly.exe` -> fly. */
function toolName(w: string, data: ShipData): string {
  let t = w.toLowerCase();
  if (!t.startsWith('@')) t = t.slice(t.lastIndexOf('/') + 1);
  const at = t.indexOf('@', 1);
  if (at > 0) t = t.slice(0, at);
  t = t.replace(/\.exe$/, '');
  return data.aliases.get(t) ?? t;
}

/** Skips options (and the values of runner options) from i; returns the first other index. */
function skipRunnerOptions(words: string[], i: number): number {
  while (i < words.length) {
    const w = words[i] ?? '';
    if (w === '--') return i + 1;
    if (!w.startsWith('-')) return i;
    i += RUNNER_VALUE.has(w) ? 2 : 1;
  }
  return i;
}

/** Where the shipped tool's own words start: after runners, wrappers and `yarn workspace X`. */
function unwrap(words: string[], data: ShipData): { tool: string; rest: string[] } | null {
  let i = 0;
  let w = [...words];
  for (let hops = 0; hops < 4 && i < w.length; hops++) {
    const t = toolName(w[i] ?? '', data);
    let next = w[i + 1] ?? '';
    // `pnpm -r exec X`, `pnpm --filter web exec X`: the runner's own options before its run verb
    let v = i + 1;
    while (RUN_VERBS[t] && (w[v] ?? '').startsWith('-') && v < i + 5) v += FILTERS.has(w[v] ?? '') ? 2 : 1;
    if (v > i + 1 && RUN_VERBS[t]?.has(w[v] ?? '')) {
      w = [...w.slice(0, i + 1), ...w.slice(v)];
      next = w[i + 1] ?? '';
    }
    if (RUNNERS.has(t)) i = skipRunnerOptions(w, i + 1);
    else if (RUN_VERBS[t]?.has(next) && !(t === 'dotnet' && next === 'tool')) i = skipRunnerOptions(w, i + 2);
    else if (t === 'dotnet' && next === 'tool' && w[i + 2] === 'run') i = skipRunnerOptions(w, i + 3);
    else if (DASH_WRAPPERS.has(t) && w.includes('--', i)) i = w.indexOf('--', i) + 1;
    else if ((PYTHONS.test(t) || t === 'py') && /(?:^|\/)setup\.py$/.test(next)) {
      // python setup.py sdist upload: the build script's own commands
      return { tool: 'setup.py', rest: w.slice(i + 2) };
    } else if (PYTHONS.test(t) || t === 'py') {
      const m = w.indexOf('-m', i);
      if (m < 0 || m > i + 3) return null;
      i = m + 1;
    } else if (t === 'yarn' && next === 'workspaces' && w[i + 2] === 'foreach') {
      // `yarn workspaces foreach -A npm publish`: yarn's own subcommand in every workspace
      let k = i + 3;
      while ((w[k] ?? '').startsWith('-')) k += /^--(?:from|include|exclude|since)$/.test(w[k] ?? '') ? 2 : 1;
      w = [...w.slice(0, i + 1), ...w.slice(k)];
      break;
    } else if ((t === 'yarn' || t === 'pnpm') && next === 'workspace' && w.length > i + 3) {
      // `yarn workspace @a/b npm publish` runs yarn's own subcommand inside the workspace.
      w = [...w.slice(0, i + 1), ...w.slice(i + 3)];
      break;
    } else break;
  }
  const first = w[i];
  if (first === undefined) return null;
  return { tool: toolName(first, data), rest: w.slice(i + 1) };
}

/** The words that are neither options nor their values: the subcommand path and operands. */
function positionals(rest: string[], subcommands: Set<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    if (w === '--') {
      out.push(...rest.slice(i + 1));
      break;
    }
    if (w.startsWith('+')) continue; // cargo +nightly
    if (w.startsWith('-')) {
      // A global option before the subcommand may take the next word as its value
      // (`npm --registry URL publish`, `kubectl -n prod apply`), unless that word is a subcommand.
      const next = rest[i + 1];
      if (
        !out.length &&
        !w.includes('=') &&
        next !== undefined &&
        !next.startsWith('-') &&
        !subcommands.has(next.toLowerCase())
      )
        i++;
      continue;
    }
    out.push(w);
  }
  return out;
}

function hasFlag(rest: string[], flag: string): boolean {
  return rest.some((w) => w === flag || w.startsWith(flag + '='));
}

/** The values the target options take (`--context kind-dev`, `-n=dev`), and registry-like operands. */
function targets(rest: string[], data: ShipData): string[] {
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i] ?? '';
    const eq = w.indexOf('=');
    const name = eq > 0 ? w.slice(0, eq) : w;
    if (!data.targetOptions.has(name)) continue;
    const v = eq > 0 ? w.slice(eq + 1) : rest[i + 1];
    // a registry given as a URL is named by its host (http://localhost:4873 -> localhost:4873)
    if (v !== undefined) out.push(/^[a-z+]+:\/\/([^/]+)/i.exec(v)?.[1] ?? v);
  }
  return out;
}

const PROD = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)/i;
/** The public registries' own upload hosts: a line naming one publishes there whatever else it names. */
const PUBLIC_REGISTRY =
  /(?:^|[/=@])(?:upload\.pypi\.org|pypi\.org|registry\.npmjs\.org|registry\.yarnpkg\.com|api\.nuget\.org|crates\.io|rubygems\.org)(?:[:/]|$)/i;

/** Whether the command names a local target, and nothing that names production. */
function local(rest: string[], ops: string[], data: ShipData): boolean {
  if (rest.some((w) => PROD.test(w) || PUBLIC_REGISTRY.test(w))) return false;
  // a promotion or a slot swap names where the release comes from (heroku pipelines:promote -a
  // app-staging), and ships it to the next stage: the target named is not where it lands
  if (ops.some((o) => /promot|swap/i.test(o))) return false;
  const named = targets(rest, data);
  // An image or chart reference on a local registry (localhost:5000/api:dev).
  for (const o of ops) {
    const host = /^(?:oci:\/\/|docker:\/\/)?([^/]+)\//.exec(o)?.[1];
    if (host && (host.includes('.') || host.includes(':') || host === 'localhost')) named.push(host);
  }
  // an inventory or values file names its environment in its last part (inventories/dev, dev.yml)
  const last = (t: string) => (t.split('/').pop() ?? t).replace(/\.[a-z]+$/i, '');
  // an mDNS name is one machine's, one label under .local (RFC 6762: myregistry.local:5000); a
  // host deeper under it (nexus.corp.local) is a server of a company's internal domain
  const mdns = (t: string) => /^[a-z0-9-]+\.local(?::\d+)?$/i.test(t);
  const one = (t: string) => mdns(t) || data.localTargets.some((r) => r.test(t) || r.test(last(t)));
  // a comma-separated host list (Ansible's inline inventory `-i localhost,`, Bolt's --targets a,b)
  // is local when every host it names is
  const all = (t: string) => {
    const hosts = t.split(',').filter((h) => h !== '');
    return hosts.length > 0 && hosts.every(one);
  };
  return named.some((t) => (t.includes(',') ? all(t) : one(t)));
}

/**
 * The tag a CI or a developer gives an image built from a branch or a merge request under review
 * (`:pr-1184`, `:mr-77`, `:feature-klarf-18`, `:fix-login`): no deployment pulls it by that name,
 * it is there for a review environment or a test run.
 */
const REVIEW_TAG = /^(?:(?:pr|mr)[-_.]?\d+|(?:feature|feat|fix|bugfix|hotfix|topic|review|wip|branch)[-_.][\w.-]+)$/i;
/**
 * A registry only the organisation's own machines reach: a name under an internal suffix (the
 * fetch reading's list: .internal, .corp, .lan, .local ...), a private address, or a cloud
 * provider's per-account registry that needs that account's login (Azure Container Registry
 * NAME.azurecr.io, Amazon ECR ACCOUNT.dkr.ecr.REGION.amazonaws.com, Google Artifact Registry
 * REGION-docker.pkg.dev). Docker Hub, ghcr.io, quay.io and the like hold anyone's namespace.
 */
function privateRegistry(host: string): boolean {
  const h = host.replace(/:\d+$/, '').toLowerCase();
  return (
    isInternalName(h) ||
    internalV4(h) === 'private' ||
    /^[a-z0-9]+\.azurecr\.io$/.test(h) ||
    /^\d{12}\.dkr\.ecr\.[a-z0-9-]+\.amazonaws\.com$/.test(h) ||
    /^[a-z0-9-]+-docker\.pkg\.dev$/.test(h)
  );
}

/**
 * `docker push REGISTRY/NAME:TAG` of a branch or merge-request build to the organisation's private
 * registry: it stores a review image; nothing users run changes until a release tag or a deploy
 * names it (which ask as before). A public registry, a release, `latest` or every tag
 * (--all-tags) stay a publish.
 */
function reviewImagePush(tool: string, rest: string[], ops: string[]): boolean {
  if (tool !== 'docker' && tool !== 'podman') return false;
  const at = ops[0] === 'push' ? 1 : ops[0] === 'image' && ops[1] === 'push' ? 2 : -1;
  const image = at < 0 ? undefined : ops[at];
  if (image === undefined || ops.length !== at + 1) return false;
  if (rest.some((w) => /^(?:-a|--all-tags)$/.test(w) || PROD.test(w))) return false;
  const m = /^([^/]+)\/[^:@]+:([^:/@]+)$/.exec(image);
  if (!m?.[1] || !m[2]) return false;
  return REVIEW_TAG.test(m[2]) && privateRegistry(m[1]);
}

/** Whether a command's words name a local or development target and nothing that names production (for tools the catalogue does not list). */
export function namesLocalTarget(rest: string[]): boolean {
  return local(rest, [], shipData());
}

/** GitHub/GitLab API routes that release, merge, deploy or start a workflow. */
const API_SHIP =
  /\/(?:releases|merges|deployments|dispatches)(?:$|[/?])|\/pulls\/[^/]+\/merge$|\/merge_requests\/[^/]+\/merge$|\/pipeline$/;

/** `gh api -X POST repos/o/r/releases ...`: the route when it ships (fields without -X mean POST). */
function apiShip(rest: string[]): string | null {
  const route = rest.slice(1).find((w) => !w.startsWith('-') && w.includes('/'));
  // a tag ref created through the Git database API (`repos/o/r/git/refs -f ref=refs/tags/v3.0.0`)
  // is the pushed version tag a release workflow starts from, as `git push origin v3.0.0` is
  const tagRef = !!route && /\/git\/refs\/?$/.test(route) && rest.some((w) => /^ref=refs\/tags\//.test(w));
  if (!route || (!API_SHIP.test(route.split('?')[0] ?? route) && !tagRef)) return null;
  // starting a workflow ships when the workflow or its inputs say so (deploy.yml, env=production)
  if (/\/dispatches(?:$|[/?])/.test(route) && !rest.some((w) => /release|deploy|publish|prod/i.test(w))) return null;
  let method = '';
  let fields = false;
  for (let i = 1; i < rest.length; i++) {
    const w = rest[i] ?? '';
    const m = /^(?:-X|--method)(?:=)?(.*)$/.exec(w);
    if (m) method = (m[1] || rest[i + 1] || '').toUpperCase();
    if (/^(?:-f|-F|--field|--raw-field|--input)(?:=|$)/.test(w)) fields = true;
  }
  const writes = method ? method !== 'GET' : fields;
  return writes ? route : null;
}

/**
 * Whether a word of the line is a not-shipping option. `-h` followed by a server's address is the
 * host option of the tools that take one (`caprover deploy -h https://captain.acme.io`, `docker
 * -H`-style flags), not a help page: the command still ships.
 */
function rehearsalAt(rest: readonly string[], i: number, data: ShipData): boolean {
  const w = rest[i] ?? '';
  if (!data.notShipping.some((r) => r.test(w))) return false;
  if (w === '-h' && /^(?:[a-z][a-z0-9+.-]*:\/\/|[\w-]+(?:\.[\w-]+)+(?::\d+)?$|[\w.-]+:\d+$)/i.test(rest[i + 1] ?? ''))
    return false;
  return true;
}

const PROD_BRANCH_PART = /^(?:prod|production|prd|live)$/i;

/** `git push` that releases (a version tag) or deploys (a platform remote, a production branch). */
function gitShip(words: string[], data: ShipData): { rest: string; why: string } | null {
  let i = 1;
  while (i < words.length && (words[i] ?? '').startsWith('-')) i += /^-[Cc]$/.test(words[i] ?? '') ? 2 : 1;
  // `git subtree push --prefix dist origin gh-pages` pushes a directory's history to a branch
  if (words[i] === 'subtree' && words[i + 1] === 'push') {
    const r = words.slice(i + 2);
    const p = r.findIndex((w) => w === '--prefix' || w === '-P');
    words = [...words.slice(0, i), 'push', ...(p >= 0 ? [...r.slice(0, p), ...r.slice(p + 2)] : r)];
  }
  if (words[i] !== 'push') return null;
  const rest = words.slice(i + 1);
  if (rest.some((w, k) => rehearsalAt(rest, k, data) || w === '-n')) return null;
  const ops = rest.filter((w) => !w.startsWith('-'));
  const why: string[] = [];
  // `--tags` alone pushes whatever tags exist, routine in most projects; a version tag named
  // on the line is a release.
  const [remote, ...refs] = ops;
  // --follow-tags pushes the annotated tags a version bump just made (npm version, cargo release)
  if (rest.includes('--follow-tags')) why.push('annotated tags');
  if (remote !== undefined) {
    const host = /^(?:[a-z]+:\/\/)?(?:[^@/]+@)?([^/:]+)/i.exec(remote)?.[1] ?? '';
    if (data.deployRemotes.some((r) => r.test(remote) || r.test(host))) why.push(`remote ${remote}`);
  }
  for (const ref of refs) {
    const dst = (ref.includes(':') ? ref.slice(ref.lastIndexOf(':') + 1) : ref).replace(/^\+/, '');
    const branch = dst.replace(/^refs\/heads\//, '');
    if (/^refs\/tags\//.test(dst) || /^v?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?$/.test(dst)) why.push(`tag ${dst}`);
    else if (data.deployBranches.some((r) => r.test(branch))) why.push(`branch ${branch}`);
    // a production environment named as one part of the branch's path (release/prod,
    // deploy/production, env/live): the branch an environment-per-branch pipeline deploys
    else if (branch.split('/').some((p) => PROD_BRANCH_PART.test(p))) why.push(`branch ${branch}`);
  }
  if (!why.length) return null;
  return { rest: words.slice(1).join(' '), why: why.join(', ') };
}

/**
 * The ship readings of one simple command (program name first, already a base name): `ship ...`
 * or `ship-local ...`, or nothing. Costs one set lookup for any other program.
 */
export interface ShipReading {
  text: string;
  /** What was found, for explain: `npm publish`. */
  from: string;
}

export function shipReadings(words: string[]): ShipReading[] {
  const data = shipData();
  const first = words[0] ?? '';
  // a project's own task or script named for shipping (npm run deploy, make release, ./deploy.sh)
  const task = taskShip(words);
  if (task) return [{ text: `${task.kind} ${words.join(' ')}`, from: task.from }];
  // a write to a platform's deploy hook or release/merge API (curl -X POST .../build_hooks/ID)
  const hook = hookShip(words);
  if (hook) return [hook];
  // the cheap gate: a set lookup; only a first word with a version or a suffix (vercel@3, fly.exe) is normalised
  if (!data.firstWords.has(first) && !(/[@.]/.test(first) && data.firstWords.has(toolName(first, data)))) return [];
  const u = first === 'git' ? { tool: 'git', rest: words.slice(1) } : unwrap(words, data);
  if (!u) return [];
  const { tool, rest } = u;
  if (tool === 'git') {
    const g = gitShip(['git', ...rest], data);
    return g ? [{ text: `ship git ${g.rest}`.trim(), from: `git push (${g.why})` }] : [];
  }
  if ((tool === 'gh' || tool === 'glab') && rest[0] === 'api') {
    const api = apiShip(rest);
    return api ? [{ text: `ship ${tool} ${rest.join(' ')}`, from: `${tool} api ${api}` }] : [];
  }
  const entries = data.commands.get(tool);
  const tasks = data.tasks.get(tool);
  if (!entries && !tasks) return [];
  const rehearsal = rest.some((_, k) => rehearsalAt(rest, k, data));
  const ops = positionals(rest, data.subcommands.get(tool) ?? new Set());
  let hit: string | null = null;
  for (const e of entries ?? []) {
    if (e.path.length > ops.length) continue;
    // a tool that ships when run bare (surge, gh-pages) does not with a look verb (surge list)
    if (!e.path.length && LOOKS.has((ops[0] ?? '').toLowerCase())) continue;
    if (!e.path.every((r, k) => r.test(ops[k] ?? ''))) continue;
    if (!e.flags.every((f) => hasFlag(rest, f)) || e.without.some((f) => hasFlag(rest, f))) continue;
    hit = e.source;
    break;
  }
  // A task that publishes to this machine only (publishToMavenLocal) is a local target.
  let localTask = false;
  if (!hit && tasks) {
    // sbt scopes a task by project and configuration (`api/Docker/publish`, the older
    // `docker:publish`): the task is the last part, as with a Gradle `:project:` path
    const name = (o: string) =>
      o.startsWith(':') ? o.slice(o.lastIndexOf(':') + 1) : tool === 'sbt' ? (o.split(/[/:]/).pop() ?? o) : o;
    // goals are any words that are not options (a global option such as -B takes no value here)
    const goals = rest.filter((w) => !w.startsWith('-') && !w.startsWith('+'));
    const task = goals.find(
      (o) => tasks.yes.some((r) => r.test(name(o)) || r.test(o)) && !tasks.no.some((r) => r.test(name(o))),
    );
    const stays = goals.find((o) => tasks.no.some((r) => r.test(name(o))));
    if (task !== undefined) hit = `${tool} ${task}`;
    else if (stays !== undefined) {
      hit = `${tool} ${stays}`;
      localTask = true;
    }
  }
  if (!hit) return [];
  // a board on this machine's port or probe, written where the next flash undoes it
  const board = data.deviceTools.has(tool) && !rest.some((w) => data.devicePermanent.some((r) => r.test(w)));
  // a playbook run on this machine as root (--become, -b, -K, ansible_become) changes the machine
  // itself, as sudo does: not a local target
  const becomes =
    /^ansible(?:-playbook)?$/.test(tool) &&
    rest.some((w) => /^-[A-Za-z]*[bK][A-Za-z]*$|^--(?:become|ask-become-pass)|ansible_become/.test(w)) &&
    rest.some((w) => /(?:^|,)(?:localhost|127\.0\.0\.1)(?:,|$)|^(?:--connection=)?local$/.test(w));
  const kind = rehearsal
    ? 'ship-rehearsal'
    : localTask || board || (!becomes && local(rest, ops, data)) || reviewImagePush(tool, rest, ops)
      ? 'ship-local'
      : 'ship';
  return [{ text: `${kind} ${tool} ${rest.join(' ')}`.trim(), from: hit }];
}
