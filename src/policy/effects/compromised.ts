// Installs of package versions known to carry malware (policies/catalogues/compromised-packages.yaml):
// `npm install event-stream@3.3.6`, `gem install rest-client -v 1.6.13`, `pip install
// ultralytics==8.3.41`, `go get github.com/boltdb-go/bolt@v1.3.1`. Each is a `dependency` call
// `compromised ECO NAME@VERSION`, which the standard profile denies. A name without a version
// installs the registry's current one and is left to the other supply-chain readings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { PACKAGE_ROOT } from '../../util/version.js';
import type { Effect } from './types.js';
import { dependency } from './supply.js';

type Eco = 'npm' | 'pypi' | 'gem' | 'crates' | 'go' | 'actions';
const ECOS: Eco[] = ['npm', 'pypi', 'gem', 'crates', 'go', 'actions'];

/** Per ecosystem, each listed name to its listed versions ('*' for all). */
export type Compromised = Map<Eco, Map<string, Set<string>>>;

export function loadCompromised(dir = join(PACKAGE_ROOT, 'policies', 'catalogues')): Compromised {
  const doc = parse(readFileSync(join(dir, 'compromised-packages.yaml'), 'utf8')) as {
    sections?: Record<string, { items?: unknown }[]>;
  } | null;
  const out: Compromised = new Map();
  for (const eco of ECOS) {
    const entries = doc?.sections?.[eco];
    if (!Array.isArray(entries)) throw new Error(`compromised-packages catalogue: sections.${eco} is not a list`);
    const names = new Map<string, Set<string>>();
    for (const e of entries) {
      if (!Array.isArray(e?.items)) throw new Error(`compromised-packages catalogue: an entry of ${eco} has no items`);
      for (const item of e.items) {
        const s = String(item);
        const at = s.lastIndexOf('@');
        if (at <= 0) throw new Error(`compromised-packages catalogue: ${s} is not NAME@VERSION`);
        const name = key(eco, s.slice(0, at));
        names.set(name, (names.get(name) ?? new Set()).add(s.slice(at + 1)));
      }
    }
    out.set(eco, names);
  }
  return out;
}

let loaded: Compromised | undefined;
function data(): Compromised {
  loaded ??= loadCompromised();
  return loaded;
}

/** PyPI names compare without case and separators (Django, django); the others as written, in lower case. */
function key(eco: Eco, name: string): string {
  const n = name.toLowerCase();
  return eco === 'pypi' ? n.replace(/[-_.]+/g, '-') : n;
}

/** `^1.2.3`, `=1.2.3`, `v1.2.3` -> 1.2.3. */
function plainVersion(v: string): string {
  return v.replace(/^[\^~=v]+/, '').replace(/^["']|["']$/g, '');
}

/** NAME and VERSION in one operand, in the ecosystem's spelling. */
function split(eco: Eco, op: string): { name: string; version?: string } | undefined {
  let m: RegExpExecArray | null;
  if (eco === 'pypi') {
    m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*(?:===?|@)\s*([A-Za-z0-9.+!-]+)$/.exec(op);
    if (m) return { name: m[1] ?? '', version: m[2] ?? '' };
    m = /^([A-Za-z0-9][A-Za-z0-9._-]*)$/.exec(op);
    return m ? { name: m[1] ?? '' } : undefined;
  }
  if (eco === 'gem') {
    m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?::(.+))?$/.exec(op);
    return m ? (m[2] ? { name: m[1] ?? '', version: m[2] } : { name: m[1] ?? '' }) : undefined;
  }
  const at = op.lastIndexOf('@');
  if (at > 0) return { name: op.slice(0, at), version: op.slice(at + 1) };
  return /^[@A-Za-z0-9][\w./@-]*$/.test(op) ? { name: op } : undefined;
}

const VERSION_FLAG = /^(?:-v|--version|--vers)$/;

/** Which ecosystem an install command fetches from (after `python -m`), or undefined. */
function ecosystemOf(name: string, sub: string, a: string[]): Eco | undefined {
  if (['npm', 'pnpm', 'yarn', 'bun'].includes(name))
    return /^(?:i|in|install|add|ci|exec|dlx|x|global)$/.test(sub) ? 'npm' : undefined;
  if (['npx', 'pnpx', 'bunx'].includes(name)) return 'npm';
  if (['pip', 'pip3', 'pipx', 'poetry', 'pdm', 'pipenv', 'uvx'].includes(name))
    return /^(?:install|add|download|run)$/.test(sub) || name === 'uvx' ? 'pypi' : undefined;
  if (name === 'uv')
    return sub === 'add' || (a[2] === 'install' && (sub === 'pip' || sub === 'tool')) ? 'pypi' : undefined;
  if (name === 'gem') return sub === 'install' ? 'gem' : undefined;
  if (name === 'cargo') return sub === 'add' || sub === 'install' ? 'crates' : undefined;
  if (name === 'go') return sub === 'get' || sub === 'install' || sub === 'run' ? 'go' : undefined;
  return undefined;
}

/** The `compromised` findings of an install command (program name already a base name). */
export function compromisedInstalls(name: string, sub: string, a: string[], out: Effect[]): void {
  const eco = ecosystemOf(name, sub, a);
  if (!eco) return;
  const listed = data().get(eco);
  if (!listed?.size) return;
  let flagVersion: string | undefined;
  for (let i = 1; i < a.length; i++) if (VERSION_FLAG.test(a[i] ?? '')) flagVersion = a[i + 1];
  for (const op of a.slice(1)) {
    if (op.startsWith('-')) continue;
    const s = split(eco, op);
    if (!s) continue;
    const versions = listed.get(key(eco, s.name));
    if (!versions) continue;
    const raw = s.version ?? flagVersion;
    const version = raw === undefined ? undefined : plainVersion(raw);
    if (versions.has('*') || (version !== undefined && versions.has(version)))
      out.push(dependency(['compromised', eco, `${s.name}@${version ?? 'latest'}`], `${name} ${sub} installs`.trim()));
  }
}

/**
 * A GitHub Action `uses:` reference to a listed action: at a listed ref, or, for `*`, at any ref
 * but a full commit SHA (the compromised owners moved their tags to the malicious commit, and a
 * tag is whatever its owner points it at).
 */
export function compromisedAction(ref: string): boolean {
  const at = ref.lastIndexOf('@');
  if (at <= 0) return false;
  const name = ref.slice(0, at).toLowerCase().split('/').slice(0, 2).join('/');
  const version = ref.slice(at + 1);
  const versions = data().get('actions')?.get(name);
  if (!versions) return false;
  return versions.has(version) || (versions.has('*') && !/^[0-9a-f]{40}$/i.test(version));
}

/** Manifests and lockfiles, by the ecosystem whose names they list. */
const MANIFESTS: [RegExp, Eco][] = [
  [/(?:^|\/)(?:package\.json|package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lock)$/, 'npm'],
  [
    /(?:^|\/)(?:(?:requirements|constraints)[^/]*\.(?:txt|in)|requirements\/[^/]+\.(?:txt|in)|pyproject\.toml|pipfile(?:\.lock)?|poetry\.lock|uv\.lock|setup\.(?:py|cfg))$/,
    'pypi',
  ],
  [/(?:^|\/)(?:gemfile(?:\.lock)?|[^/]+\.gemspec)$/, 'gem'],
  [/(?:^|\/)cargo\.(?:toml|lock)$/, 'crates'],
  [/(?:^|\/)go\.(?:mod|sum)$/, 'go'],
];

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A listed version pinned in a manifest or lockfile written to `path` (lower case, forward slashes). */
export function compromisedInManifest(path: string, content: string): Effect[] {
  const eco = MANIFESTS.find(([re]) => re.test(path))?.[1];
  if (!eco) return [];
  const lower = content.toLowerCase();
  const out: Effect[] = [];
  const file = path.split('/').pop() ?? path;
  for (const [name, versions] of data().get(eco) ?? []) {
    if (!lower.includes(name)) continue;
    // The name as a whole word, then (within the same entry) the version: "ua-parser-js": "^0.7.29",
    // ua-parser-js==0.7.29, gem 'rest-client', '1.6.13', github.com/boltdb-go/bolt v1.3.1.
    const word = `(?:^|[^\\w.-])${escape(name)}(?![\\w.-])`;
    for (const v of versions) {
      const re =
        v === '*'
          ? new RegExp(word)
          : new RegExp(`${word}[^\\n]{0,40}?[^\\w.]v?${escape(v)}(?![\\w.])|${word}@${escape(v)}(?![\\w.])`);
      if (re.test(lower)) {
        out.push(dependency(['compromised', eco, `${name}@${v === '*' ? 'any' : v}`], `writes ${file}`));
        break;
      }
    }
  }
  return out;
}
