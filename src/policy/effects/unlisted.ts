// Installs of names no list of popular packages holds. npm and PyPI have lists deep enough (npm's
// 50,000 and PyPI's 15,000 most downloaded names, policies/catalogues/popular-packages.yaml) that a name
// missing from them is seldom what a project depends on, and often a name an agent was steered
// to or invented: a package suggested by injected text (a README, an issue, a web page), or a
// plausible name nobody owned until a squatter registered it for the agents that guess it.
// Such an install is asked, not denied: the name may be real and wanted.
import type { Effect } from './types.js';
import { dependency } from './supply.js';
import { isListedScope, isPopular, type Ecosystem } from './supply-data.js';

/** Ecosystems whose lists are deep enough to read absence from them. */
const DEEP: ReadonlySet<Ecosystem> = new Set<Ecosystem>(['npm', 'pypi']);

/**
 * Options that choose where packages come from. With one, the source readings decide the index
 * (an unknown one is denied there), and a private registry's own packages are on no public list.
 */
const SOURCE_OPTION =
  /^(?:--registry|-i|--index-url|--extra-index-url|--index|--default-index|-f|--find-links|--no-index|--pypi-mirror|--source|-w|--workspace|--filter|-F)(?:=|$)/;

/** A name given with its own source (`x@github:o/r`, `x@file:../x`, `x @ git+https://...`): the
 * source readings decide where it comes from. */
const NAMED_SOURCE = /@\s*(?!npm:)(?:[a-z][\w+.-]*:|\.{0,2}\/)/i;

/** Scoped npm names whose scope is published only by its owner and is too large to list whole. */
const OWNED_LARGE_SCOPES = new Set(['@types']);

/** A name an install brings in that no list holds (and that is not a private scope's). */
export function unlisted(eco: Ecosystem, name: string): boolean {
  if (isPopular(eco, name)) return false;
  if (eco !== 'npm' || !name.startsWith('@')) return true;
  const scope = name.slice(0, name.indexOf('/')).toLowerCase();
  return !OWNED_LARGE_SCOPES.has(scope) && isListedScope(scope);
}

/**
 * A scoped npm name no list holds whose package is a popular one's under a scope with a word
 * added or dropped (`@kubernetes-dev/client-node` for `@kubernetes/client-node`, `@aws-sdk-v3/
 * client-s3`): the scope poses as the publisher's. A private organisation's own scope shares no
 * package name with a popular scope this way.
 */
function scopeLookalike(name: string): string | undefined {
  const m = /^@([\w.-]+)\/([\w.-]+)$/.exec(name.toLowerCase());
  if (!m?.[1] || !m[2] || isPopular('npm', name)) return undefined;
  const parts = m[1].split(/[-_.]/);
  if (parts.length < 2) return undefined;
  for (let i = 1; i < parts.length; i++)
    for (const s of [parts.slice(0, i).join('-'), parts.slice(i).join('-')]) {
      const real = `@${s}/${m[2]}`;
      if (s && isPopular('npm', real)) return real;
    }
  return undefined;
}

/** `installs-unlisted ECO NAME` for each name of an install no list holds. */
export function unlistedInstalls(eco: Ecosystem, names: string[], argv: string[], via: string, out: Effect[]): void {
  if (!DEEP.has(eco) || names.length === 0) return;
  if (argv.some((w) => SOURCE_OPTION.test(w) || NAMED_SOURCE.test(w))) return;
  for (const n of names) {
    const real = eco === 'npm' ? scopeLookalike(n) : undefined;
    if (real) out.push(dependency(['lookalike', eco, n, 'of', real], `${via} (${n} poses as ${real})`));
    else if (unlisted(eco, n)) out.push(dependency(['installs-unlisted', eco, n], via));
  }
}
