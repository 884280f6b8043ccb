// Where third-party code comes from: the popular names of each ecosystem (for the look-alike
// check), the vendors' hosts and the official registries. The data lives in
// policies/catalogues/{popular-packages,supply-chain}.yaml so it can be extended without touching
// code; it is read once, on the first call that needs it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PACKAGE_ROOT } from '../../util/version.js';

export type Ecosystem = 'npm' | 'pypi' | 'crates' | 'go' | 'gem' | 'actions' | 'precommit' | 'images';

interface NameList {
  /** Every listed name (normalised): never a look-alike. */
  all: Set<string>;
  /** The names a look-alike is measured against (the most used first part of the list). */
  targets: string[];
}

export interface SupplyData {
  lists: Map<Ecosystem, NameList>;
  vendorHosts: string[];
  registries: string[];
}

let loaded: SupplyData | undefined;

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

/** Reads the catalogues (throws when they are missing or malformed: the caller fails closed). */
export function loadSupplyData(dir = join(PACKAGE_ROOT, 'policies', 'catalogues')): SupplyData {
  const lists = new Map<Ecosystem, NameList>();
  const chain = parse(readFileSync(join(dir, 'supply-chain.yaml'), 'utf8')) as unknown;
  const popular = parse(readFileSync(join(dir, 'popular-packages.yaml'), 'utf8')) as unknown;
  for (const doc of [section(popular, 'popular'), section(chain, 'popular')]) {
    for (const [eco, v] of Object.entries(doc)) {
      const entry = v as { names?: unknown; targets?: unknown } | null;
      if (!entry || typeof entry.names !== 'string')
        throw new Error(`supply-chain catalogue: popular.${eco}.names is not a string`);
      const names = entry.names.split(/\s+/).filter(Boolean);
      const e = eco as Ecosystem;
      const norm = names.map((n) => normalise(e, n));
      const count = typeof entry.targets === 'number' ? entry.targets : norm.length;
      lists.set(e, { all: new Set(norm), targets: norm.slice(0, count) });
    }
  }
  return { lists, vendorHosts: hosts(chain, 'vendor-hosts'), registries: hosts(chain, 'registries') };
}

export function supplyData(): SupplyData {
  loaded ??= loadSupplyData();
  return loaded;
}

function underAny(host: string, list: string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return list.some((d) => h === d || h.endsWith(`.${d}`));
}

/** A host (or a subdomain of one) whose install scripts and APIs builds legitimately use. */
export function isVendorHost(host: string): boolean {
  return underAny(host, supplyData().vendorHosts);
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
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

/** How far a name may be from a popular one and still be taken for it: short names are dense. */
function allowedEdits(name: string): number {
  if (name.length < 5) return 0;
  return name.length >= 10 ? 2 : 1;
}

/** The popular name `name` imitates (one or two edits away, or the same without separators). */
export function lookalikeOf(eco: Ecosystem, name: string): string | undefined {
  const list = supplyData().lists.get(eco);
  if (!list) return undefined;
  const n = normalise(eco, name);
  if (list.all.has(n)) return undefined;
  const max = allowedEdits(n);
  const bare = n.replace(/[-_.]/g, '');
  for (const t of list.targets) {
    if (t.length < 5) continue;
    if (bare === t.replace(/[-_.]/g, '')) return t;
    if (max && editDistance(n, t, max) <= max) return t;
  }
  return undefined;
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
function wrapsOwner(owner: string, listed: string): boolean {
  if (owner === listed) return false;
  const parts = owner.split(/[-_.]+/);
  if (parts.includes(listed)) return true;
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
