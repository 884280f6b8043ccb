// Where third-party code comes from: the popular names of each ecosystem (for the look-alike
// check), the vendors' hosts and the official registries. The data lives in
// policies/catalogues/{popular-packages,supply-chain}.yaml so it can be extended without touching
// code; it is read once, on the first call that needs it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../util/yaml.js';
import { PACKAGE_ROOT } from '../../util/version.js';
import { table } from '../../util/lookup-table.js';

export type Ecosystem =
  | 'npm'
  | 'pypi'
  | 'crates'
  | 'go'
  | 'gem'
  | 'actions'
  | 'precommit'
  | 'images'
  | 'taps'
  | 'psgallery'
  | 'vscode'
  | 'dbt'
  | 'nuget'
  | 'packagist';

interface NameList {
  /** Every listed name (normalised): never a look-alike. */
  all: Set<string>;
  /** The names a look-alike is measured against (the most used first part of the list), by length. */
  byLength: Map<number, string[]>;
  /** The same names without separators (crossenv for cross-env), to the name. */
  bare: Map<string, string>;
  /** npm scopes of listed names, with the names listed under each (the part after the slash). */
  scopes: Map<string, string[]>;
  /** The names owner/repo sources are measured against. */
  targets: string[];
}

const bareOf = (n: string) => n.replace(/[-_.]/g, '');

function nameList(names: string[], count: number): NameList {
  const byLength = new Map<number, string[]>();
  const bare = new Map<string, string>();
  const scopes = new Map<string, string[]>();
  for (const n of names) {
    // tens of thousands of names, few scoped: look at the first character before anything else
    if (n.charCodeAt(0) !== 64) continue;
    const slash = n.indexOf('/');
    if (slash < 2) continue;
    const scope = n.slice(0, slash);
    const under = scopes.get(scope);
    if (under) under.push(n.slice(slash + 1));
    else scopes.set(scope, [n.slice(slash + 1)]);
  }
  for (const t of names.slice(0, count)) {
    if (t.length < 5) continue;
    const list = byLength.get(t.length) ?? [];
    list.push(t);
    byLength.set(t.length, list);
    if (!bare.has(bareOf(t))) bare.set(bareOf(t), t);
  }
  return { all: new Set(names), byLength, bare, scopes, targets: names.slice(0, count) };
}

export interface SupplyData {
  lists: Map<Ecosystem, NameList>;
  vendorHosts: string[];
  registries: string[];
  /** Indexes vendors document for their own packages (PyTorch, NVIDIA, GitHub Packages): as good as a registry. */
  trustedIndexes: string[];
  /** Well-known third parties' mirrors, chart repositories and caches: a human confirms them. */
  knownSources: string[];
  /** Code-host owners whose install scripts are the vendors' own (Homebrew, nvm-sh, rust-lang ...). */
  installerOwners: string[];
  /** Ansible Galaxy namespaces of Red Hat, the community and certified vendors. */
  galaxyNamespaces: string[];
  /** Environment variables naming where a tool downloads from (lower case). */
  downloadVariables: string[];
  /** Hugging Face organisations whose models' own code is the vendor's (lower case). */
  modelOwners: string[];
  /** Image registries where one vendor publishes only its own products (mcr.microsoft.com). */
  vendorImageRegistries: string[];
}

let loaded: SupplyData | undefined;

/**
 * pip requirement and constraint files: `requirements.txt`, `requirements-dev.in`,
 * `constraints.txt`, and the files of a `requirements/` folder (`requirements/base.txt`,
 * `requirements/dev.txt`), the layout pip-tools and cookiecutter projects use.
 */
export const PIP_REQUIREMENTS =
  /(?:^|\/)(?:requirements|constraints)[^/]*\.(?:txt|in)$|(?:^|\/)requirements\/[^/]+\.(?:txt|in)$/;

/** PyPI compares names case-insensitively with `-`, `_` and `.` the same (one project). */
export function normalise(eco: Ecosystem, name: string): string {
  const n = name.toLowerCase();
  return eco === 'pypi' ? n.replace(/[-_.]+/g, '-') : n;
}

function section(doc: unknown, key: string): Record<string, unknown> {
  const v = (doc as Record<string, unknown> | null)?.[key];
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

function hosts(doc: unknown, key: string): string[] {
  const v = (doc as Record<string, unknown> | null)?.[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((h) => h.toLowerCase()) : [];
}

/**
 * The popular-names file is tens of thousands of words in folded scalars: read in its own
 * layout (`  ECO:` / `    targets: N` / `    names: >-` / indented words) in a few
 * milliseconds, and through the YAML parser when it has been written another way.
 */
function readPopular(text: string): unknown {
  const out: Record<string, { targets?: number; names: string }> = {};
  let eco: string | undefined;
  let inNames = false;
  let words: string[] = [];
  const flush = () => {
    const e = eco !== undefined ? out[eco] : undefined;
    if (e) e.names = words.join(' ');
    words = [];
  };
  let sawTop = false;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (line === 'popular:') {
      sawTop = true;
      continue;
    }
    let m: RegExpExecArray | null;
    if (inNames && line.startsWith('      ')) {
      words.push(line.trim());
      continue;
    }
    inNames = false;
    if ((m = /^  ([a-z]+):$/.exec(line))) {
      flush();
      eco = m[1];
      if (eco !== undefined) out[eco] = { names: '' };
    } else if ((m = /^    targets: (\d+)$/.exec(line))) {
      const e = eco !== undefined ? out[eco] : undefined;
      if (e) e.targets = Number(m[1]);
    } else if (/^    names: >-$/.test(line) && eco !== undefined) {
      inNames = true;
    } else return parse(text) as unknown;
  }
  flush();
  return sawTop ? { popular: out } : (parse(text) as unknown);
}

/** Reads the catalogues (throws when they are missing or malformed: the caller fails closed). */
export function loadSupplyData(dir = join(PACKAGE_ROOT, 'policies', 'catalogues')): SupplyData {
  const lists = new Map<Ecosystem, NameList>();
  const merged = new Map<Ecosystem, { names: string[]; targets: number }>();
  const chain = parse(readFileSync(join(dir, 'supply-chain.yaml'), 'utf8')) as unknown;
  const popular = readPopular(readFileSync(join(dir, 'popular-packages.yaml'), 'utf8'));
  for (const doc of [section(popular, 'popular'), section(chain, 'popular')]) {
    for (const [eco, v] of Object.entries(doc)) {
      const entry = v as { names?: unknown; targets?: unknown } | null;
      if (!entry || typeof entry.names !== 'string')
        throw new Error(`supply-chain catalogue: popular.${eco}.names is not a string`);
      const names = entry.names.split(/\s+/).filter(Boolean);
      const e = eco as Ecosystem;
      const norm = names.map((n) => normalise(e, n));
      // A second list of an ecosystem adds names (well-known ones a download table lacks) after
      // the first list's, which keeps its targets.
      const prev = merged.get(e);
      if (prev) prev.names.push(...norm);
      else merged.set(e, { names: norm, targets: typeof entry.targets === 'number' ? entry.targets : norm.length });
    }
  }
  for (const [e, { names, targets }] of merged) lists.set(e, nameList(names, targets));
  return {
    lists,
    vendorHosts: hosts(chain, 'vendor-hosts'),
    registries: hosts(chain, 'registries'),
    trustedIndexes: hosts(chain, 'trusted-indexes'),
    knownSources: hosts(chain, 'known-sources'),
    installerOwners: hosts(chain, 'installer-owners'),
    galaxyNamespaces: hosts(chain, 'galaxy-namespaces'),
    downloadVariables: hosts(chain, 'download-variables'),
    modelOwners: hosts(chain, 'model-owners'),
    vendorImageRegistries: hosts(chain, 'vendor-image-registries'),
  };
}

export function supplyData(): SupplyData {
  loaded ??= loadSupplyData();
  return loaded;
}

const hostSets = new WeakMap<readonly string[], Set<string>>();

/**
 * Whether `h` is one of the hosts of `list` or under one (`h === d || h.endsWith('.' + d)`),
 * by looking up `h` and each part of it after a dot: the catalogue lists hold dozens of hosts
 * and download and source readings ask for every URL of every line.
 */
export function underHosts(h: string, list: readonly string[]): boolean {
  let set = hostSets.get(list);
  if (!set) {
    set = new Set(list);
    hostSets.set(list, set);
  }
  if (set.has(h)) return true;
  for (let i = h.indexOf('.'); i >= 0; i = h.indexOf('.', i + 1)) if (set.has(h.slice(i + 1))) return true;
  return false;
}

function underAny(host: string, list: string[]): boolean {
  return underHosts(host.toLowerCase().replace(/\.$/, ''), list);
}

/** A host (or a subdomain of one) whose install scripts and APIs builds legitimately use. */
export function isVendorHost(host: string): boolean {
  return underAny(host, supplyData().vendorHosts);
}

/** A registry where one vendor publishes only its own images (its code is that vendor's product). */
export function isVendorImageRegistry(host: string): boolean {
  return underAny(host, supplyData().vendorImageRegistries);
}

/** A default or vendor-official package or image registry. */
export function isKnownRegistry(host: string): boolean {
  return underAny(host, supplyData().registries);
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, adjacent
 * transpositions), or max + 1 as soon as it is certain to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const w = b.length + 1;
  let prev2 = new Uint16Array(w);
  let prev = new Uint16Array(w);
  let cur = new Uint16Array(w);
  for (let j = 0; j < w; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j < w; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[b.length] ?? max + 1;
}

/**
 * editDistance(a, b, 1) <= 1, without a table: with p letters equal at the front and q at the
 * back, one substitution (or none) leaves p + q >= length - 1, an insertion or deletion leaves
 * p + q >= the shorter length, and an adjacent transposition leaves p + q = length - 2 around
 * the swapped pair. A look-alike check measures hundreds of names; this allocates nothing.
 */
export function withinOneEdit(a: string, b: string): boolean {
  const la = a.length;
  const lb = b.length;
  if (la - lb > 1 || lb - la > 1) return false;
  const m = la < lb ? la : lb;
  let p = 0;
  while (p < m && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  if (p === m) return true; // equal, or one letter added at the end
  let q = 0;
  while (q < m - p && a.charCodeAt(la - 1 - q) === b.charCodeAt(lb - 1 - q)) q++;
  if (la !== lb) return p + q >= m;
  if (p + q >= la - 1) return true;
  return p + q === la - 2 && a.charCodeAt(p) === b.charCodeAt(p + 1) && a.charCodeAt(p + 1) === b.charCodeAt(p);
}

/**
 * The popular name `name` imitates: the same without separators (crossenv, cross-env), or one
 * edit away (reqeusts, requests) for names of five letters or more (shorter ones are too dense
 * to tell). Differences in digits only (node20 / node18, elasticsearch7) are versions, not
 * imitations, and a name under an npm scope the list knows is published by that scope's owner.
 */
export function lookalikeOf(eco: Ecosystem, name: string): string | undefined {
  const list = supplyData().lists.get(eco);
  if (!list) return undefined;
  const n = normalise(eco, name);
  if (list.all.has(n) || n.length < 5) return undefined;
  const scope = /^(@[^/]+)\//.exec(n)?.[1];
  if (scope) {
    const under = list.scopes.get(scope);
    if (under) return scopedLookalike(scope, n.slice(scope.length + 1), under);
    // an unlisted scope one edit from a listed one (@shopfiy for @shopify, @angluar for
    // @angular): npm scopes are organisations, and a near spelling of a known one is how scope
    // squats read; short scopes (five letters or fewer with the @) are too dense to tell
    if (scope.length > 5)
      for (const listed of list.scopes.keys())
        if (listed.length > 5 && withinOneEdit(scope, listed)) return `${listed}/${n.slice(scope.length + 1)}`;
  }
  const sameBare = list.bare.get(bareOf(n));
  if (sameBare) return sameBare;
  const padded = paddedName(list, n);
  if (padded) return padded;
  const glyph = homoglyphOf(list, n);
  if (glyph) return glyph;
  const letters = n.replace(/[0-9]/g, '');
  for (let len = n.length - 1; len <= n.length + 1; len++) {
    for (const t of list.byLength.get(len) ?? []) {
      if (!withinOneEdit(n, t)) continue;
      // versions: digits only at the end of both (node20, elasticsearch7); a digit inside the
      // name (python3-dateutil) is an imitation
      if (letters === t.replace(/[0-9]/g, '') && /^[^0-9]*[0-9]*$/.test(n) && /^[^0-9]*[0-9]*$/.test(t)) continue;
      return t;
    }
  }
  return undefined;
}

/**
 * A popular name anywhere on the list (not only among the first `targets`) one edit from `name`,
 * for names of eight letters or more: long names are sparse enough there (create-reakt-app for
 * create-react-app, rank 22,753). Used where a name is run rather than declared.
 */
export function deepLookalikeOf(eco: Ecosystem, name: string): string | undefined {
  const list = supplyData().lists.get(eco);
  const n = normalise(eco, name);
  if (!list || n.length < 8 || list.all.has(n)) return undefined;
  const letters = n.replace(/[0-9]/g, '');
  for (const t of list.all) {
    if (Math.abs(t.length - n.length) > 1 || !withinOneEdit(n, t)) continue;
    if (letters === t.replace(/[0-9]/g, '')) continue;
    return t;
  }
  return undefined;
}

/** Words squatters add to a vendor's package name (claude-code-helper, sdk-utils). */
const FILLER =
  /^(?:helpers?|utils?|tools?|cli|plus|pro|extra|fix(?:ed)?|patch(?:ed)?|lite|official|latest|new|next|updated?|secure)$/;

/**
 * A name under a scope the list knows that is not listed there: only the scope's owner
 * publishes under it, yet agents are steered to near spellings of the owner's packages
 * (@types/nodee, @anthropic-ai/claude-codes), which a private registry, a mirror or a later
 * registration can serve. It imitates a listed sibling one edit away (five letters or more,
 * digits-only differences being versions), or, in a vendor's small scope, a listed sibling
 * with a filler word added (claude-code-helper). Large scopes (@types, @aws-sdk, @babel) hold
 * thousands of real siblings, too dense for the added-word test.
 */
function scopedLookalike(scope: string, rest: string, under: string[]): string | undefined {
  const small = under.length <= 12;
  for (const t of under) {
    if (t === rest) return undefined;
  }
  for (const t of under) {
    if (rest.length >= 5 && t.length >= 4 && withinOneEdit(rest, t)) {
      if (rest.replace(/[0-9]/g, '') === t.replace(/[0-9]/g, '')) continue;
      if (small || slip(rest, t)) return `${scope}/${t}`;
    }
    if (small && rest.startsWith(`${t}-`) && FILLER.test(rest.slice(t.length + 1))) return `${scope}/${t}`;
  }
  return undefined;
}

/**
 * A slip of the fingers between two names one edit apart: two neighbouring letters swapped, or a
 * letter doubled or undoubled (nodee, nod). Real siblings in a large scope differ otherwise
 * (client-sso / client-ssm, cookie / cookies), so only these count there.
 */
export function slip(a: string, b: string): boolean {
  const [l, s] = a.length >= b.length ? [a, b] : [b, a];
  if (l.length === s.length) {
    let i = 0;
    while (i < l.length && l[i] === s[i]) i++;
    return i + 1 < l.length && l[i] === s[i + 1] && l[i + 1] === s[i] && l.slice(i + 2) === s.slice(i + 2);
  }
  let i = 0;
  while (i < s.length && l[i] === s[i]) i++;
  return i > 0 && l[i] === l[i - 1] && l.slice(i + 1) === s.slice(i);
}

/** Filler words real packages seldom end in (a release claiming to be the fixed or official one). */
const RARE_FILLER = /^(?:pro|official|latest|fixed|patched|secure|updated|premium|free|original|real)$/;

/**
 * A listed name padded with filler words, the shape of names agents invent and squatters then
 * register (huggingface-cli-tools, requests-official): two or more filler words, or one that
 * real packages seldom use. One common word (jest-cli, gulp-util) is how real companions are
 * named, so it is left alone.
 */
function paddedName(list: NameList, n: string): string | undefined {
  const parts = n.split(/[-_.]/);
  let k = parts.length;
  let rare = false;
  while (k > 1) {
    const w = parts[k - 1] ?? '';
    if (!FILLER.test(w) && !RARE_FILLER.test(w)) break;
    if (RARE_FILLER.test(w)) rare = true;
    k--;
  }
  const stripped = parts.length - k;
  if (stripped === 0 || (stripped < 2 && !rare)) return undefined;
  for (let j = k; j >= 1; j--) {
    const base = n.slice(0, parts.slice(0, j).join('-').length);
    if (base.length >= 4 && list.all.has(base)) return base;
    if (j < k) break; // one word more may be part of the name (huggingface-cli for huggingface)
  }
  return undefined;
}

/** Digits that pass for letters inside a word (PowerShe1lGet, l0dash): 1 for l, 0 for o. */
const GLYPHS: Record<string, string> = table({ '1': 'l', '0': 'o' });

/**
 * A name that spells a listed one with digits for look-alike letters, alone or with a word added
 * (PowerShe1lGet-Tools for PowerShellGet, reque5ts is not: 5 is left alone). Only digits between
 * two letters are read as letters, so versions (web3, node18) and numbers (i18n) stay themselves.
 */
function homoglyphOf(list: NameList, n: string): string | undefined {
  const folded = n.replace(/(?<=[a-z])[01](?=[a-z])/g, (d) => GLYPHS[d] ?? d);
  if (folded === n) return undefined;
  if (list.all.has(folded)) return folded;
  for (let i = folded.length - 1; i > 0; i--)
    if ('-_.'.includes(folded[i] ?? '') && list.all.has(folded.slice(0, i))) return folded.slice(0, i);
  return undefined;
}

let owners: Set<string> | undefined;

/**
 * Owners (organisations) the catalogues name: the owners of listed actions, hook repositories,
 * Go modules on code hosts and taps, and the installer owners. Code under them on a code host is
 * the vendor's; under anyone else it is a third party's.
 */
export function isKnownOwner(owner: string): boolean {
  if (!owners) {
    const set = new Set<string>(supplyData().installerOwners);
    for (const eco of ['actions', 'precommit', 'taps', 'go', 'dbt'] as const)
      for (const n of supplyData().lists.get(eco)?.all ?? []) {
        const parts = n.split('/');
        const o =
          eco === 'go' ? (/^(?:github\.com|gitlab\.com)$/.test(parts[0] ?? '') ? parts[1] : undefined) : parts[0];
        if (o) set.add(o);
      }
    owners = set;
  }
  return owners.has(owner.toLowerCase());
}

/** Whether an npm scope has names on the popular list (@babel, @aws-sdk): a scope nobody lists
 * is a private organisation's, whose packages no public list can hold. */
export function isListedScope(scope: string): boolean {
  return supplyData().lists.get('npm')?.scopes.has(scope.toLowerCase()) ?? false;
}

/** Whether a name is on the ecosystem's list of popular names. */
export function isPopular(eco: Ecosystem, name: string): boolean {
  return supplyData().lists.get(eco)?.all.has(normalise(eco, name)) ?? false;
}

export interface SlugMatch {
  /** The listed owner/repo it imitates. */
  of: string;
  /** The owner poses as the listed one (a near spelling, or the listed name with words added). */
  impersonates: boolean;
}

/** Owners that wrap a listed owner's name: psf-black for psf, actions-tools-org for actions. */
export function wrapsOwner(owner: string, listed: string): boolean {
  if (owner === listed) return false;
  for (const sep of ['-', '_', '.'])
    if (owner.startsWith(listed + sep) || owner.endsWith(sep + listed) || owner.includes(sep + listed + sep))
      return true;
  return listed.length >= 4 && editDistance(owner, listed, 1) <= 1;
}

/**
 * An owner/repo source (a GitHub action, a hook repository, a Go module on a code host) that
 * imitates a listed one: the same repository under a look-alike or unrelated owner, or a near
 * spelling of the listed owner.
 */
export function slugLookalike(eco: Ecosystem, slug: string, host = ''): SlugMatch | undefined {
  const list = supplyData().lists.get(eco);
  if (!list) return undefined;
  const prefix = host ? `${host.toLowerCase()}/` : '';
  const [owner = '', repo = ''] = slug.toLowerCase().split('/');
  if (!owner || !repo) return undefined;
  for (const t of list.all)
    if (t === `${prefix}${owner}/${repo}` || t.startsWith(`${prefix}${owner}/${repo}/`)) return undefined;
  let weak: SlugMatch | undefined;
  for (const t of list.targets) {
    if (!t.startsWith(prefix)) continue;
    const [lo = '', lr = ''] = t.slice(prefix.length).split('/');
    if (owner === lo) continue; // the vendor's own organisation: nobody else can publish there
    const sameRepo = repo === lr;
    const nearRepo = sameRepo || (lr.length >= 5 && editDistance(repo, lr, 1) <= 1);
    if (!nearRepo) continue;
    if (wrapsOwner(owner, lo)) return { of: t, impersonates: true };
    if (sameRepo && lr.length >= 4) weak ??= { of: t, impersonates: false };
  }
  return weak;
}

/**
 * Words an impostor adds to a project's or an organisation's name to make an owner that reads as
 * its own (Alamofire-dev, dart-lang-x, laravel-community, the-tidyverse): GitHub handles taken for
 * the fork-squats of dependency-confusion write-ups and of the 2023-2025 repository "star-jacking"
 * campaigns. Real organisations that follow the pattern are the projects' own (below).
 */
const OWNER_AFFIX =
  /^(?:x|dev|devs|js|io|hq|official|org|team|community|fork|forks|oss|inc|tools|mirror|pkg|pkgs|lib|libs|project|ng|fast|cdn|new|real|the|my|get|src|hub|main|core|go|app)$/;
/**
 * Organisations named after their project with one of those words: the projects' own homes
 * (each the owner its project's README and install guide name: foundry-rs in the Foundry Book's
 * installation and Docker pages, wasmer-io on wasmer.io, gitui-org in gitui's README).
 */
const PROJECT_ORGS =
  /^(?:foundry-rs|wasmer-io|gitui-org|pytest-dev|tox-dev|pylint-dev|vitest-dev|sphinx-doc|nodejs|golang|mkdocs|jestjs|vuejs|sveltejs|angular|reactjs|expressjs|socketio|chartjs|threejs|videojs|mochajs|nestjs|nuxt|emberjs|preactjs|solidjs|cheeriojs|vercel|date-fns|lodash|pnpm|denoland|hapijs|fastify|koajs|gruntjs|gulpjs|eslint|prettier|babel|webpack|rollup|vitejs|remix-run|tokio-rs|serde-rs|clap-rs|diesel-rs|rust-lang|rustwasm|python-poetry|python-pillow|pypa|tiangolo)$/;

/**
 * An unknown owner made of a project's or a known organisation's name and an impostor's word:
 * the repository name itself wrapped (alamofire-dev/alamofire, prom-node-exporter/node-exporter),
 * or a known owner wrapped (dart-lang-x/http). Answers the name it poses as.
 */
export function affixedOwner(owner: string, repo: string): string | undefined {
  const o = owner.toLowerCase();
  const r = repo.toLowerCase().replace(/\.git$/, '');
  if (PROJECT_ORGS.test(o) || isKnownOwner(o)) return undefined;
  const parts = o.split(/[-_.]/);
  if (parts.length < 2) return undefined;
  for (const [base, word] of [
    [parts.slice(0, -1).join('-'), parts[parts.length - 1] ?? ''],
    [parts.slice(1).join('-'), parts[0] ?? ''],
  ] as const) {
    const affix = OWNER_AFFIX.test(word) || /^\d+$/.test(word);
    if (!base || base.length < 3) continue;
    const flat = (s: string) => s.replace(/[-_.]/g, '');
    if (affix && (isKnownOwner(base) || flat(base) === flat(r))) return `${base}/${r}`;
  }
  // any prefix or suffix around the full repository name (prom-node-exporter/node-exporter)
  if (
    r.length >= 6 &&
    o !== r &&
    (o.endsWith(`-${r}`) || o.startsWith(`${r}-`)) &&
    !OWNER_AFFIX.test(o.replace(r, '').replace(/-/g, ''))
  )
    return `${r}/${r}`;
  return undefined;
}
