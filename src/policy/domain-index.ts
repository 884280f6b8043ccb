// domain_matches lists as lookups: a rule of the shipped profile lists up to a few hundred hosts
// (catalogues of paste sites, metadata endpoints, development hosts), and every call with a
// domain tried each glob in turn. Most entries are a literal host or `*` before a literal
// suffix; those are answered by one Set lookup and by the suffixes that end the way the domain
// ends. Anything else (`?`, classes, escapes, more than one `*`) is tried as before.
import { normalizeDomain, type Glob } from './glob.js';

const META = /[*?[\\]/;
/** Suffixes are filed under their last characters; shorter ones are tried in turn. */
const TAIL = 4;

interface DomainIndex {
  exact: Set<string>;
  byTail: Map<string, string[]>;
  short: string[];
  rest: Glob[];
}

const built = new WeakMap<Glob[], DomainIndex>();

function build(list: Glob[]): DomainIndex {
  const ix: DomainIndex = { exact: new Set(), byTail: new Map(), short: [], rest: [] };
  for (const g of list) {
    // The text compileDomainGlob compiled (its source is the pattern as written).
    const p = normalizeDomain(g.source);
    if (p === '') ix.rest.push(g);
    else if (!META.test(p)) ix.exact.add(p);
    else if (p[0] === '*' && !META.test(p.slice(1))) {
      const suffix = p.slice(1);
      if (suffix.length < TAIL) ix.short.push(suffix);
      else {
        const tail = suffix.slice(-TAIL);
        const l = ix.byTail.get(tail);
        if (l) l.push(suffix);
        else ix.byTail.set(tail, [suffix]);
      }
    } else ix.rest.push(g);
  }
  return ix;
}

/**
 * A domain_matches list as literal hosts and `*suffix` suffixes, when every entry is one of
 * those (else undefined): what the policy gates file a domain rule under.
 */
export function domainKeys(list: { source: string }[]): { exact: string[]; suffixes: string[] } | undefined {
  const exact: string[] = [];
  const suffixes: string[] = [];
  for (const g of list) {
    const p = normalizeDomain(g.source);
    if (p === '') return undefined;
    if (!META.test(p)) exact.push(p);
    else if (p[0] === '*' && !META.test(p.slice(1))) suffixes.push(p.slice(1));
    else return undefined;
  }
  return { exact, suffixes };
}

/** `*` + suffix, as Go's filepath.Match reads it: the star takes any text without a '/'. */
function endsAs(d: string, suffix: string): boolean {
  return d.endsWith(suffix) && d.lastIndexOf('/', d.length - suffix.length - 1) < 0;
}

/** Whether some glob of a domain_matches list (compileDomainGlob) matches the normalized domain. */
export function anyDomainMatches(list: Glob[], d: string): boolean {
  let ix = built.get(list);
  if (!ix) built.set(list, (ix = build(list)));
  if (ix.exact.has(d)) return true;
  const tailed = d.length >= TAIL ? ix.byTail.get(d.slice(-TAIL)) : undefined;
  if (tailed) for (const s of tailed) if (endsAs(d, s)) return true;
  for (const s of ix.short) if (endsAs(d, s)) return true;
  for (const g of ix.rest) if (g.test(d)) return true;
  return false;
}
