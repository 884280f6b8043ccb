// The infra-sources catalogue (policies/catalogues/infra-sources.yaml) and the near-spelling
// test of its namespaces, kept apart from infra-sources.ts so that supply.ts can ask whether an
// image's owner is a look-alike without an import cycle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../util/yaml.js';
import { PACKAGE_ROOT } from '../../util/version.js';
import { editDistance } from './supply-data.js';

export interface InfraData {
  registryHosts: Set<string>;
  moduleNamespaces: string[];
  providerNamespaces: string[];
  imageNamespaces: string[];
  keyservers: Set<string>;
}

let data: InfraData | undefined;

function items(doc: unknown, section: string): string[] {
  const list = (doc as { sections?: Record<string, unknown> } | null)?.sections?.[section];
  if (!Array.isArray(list)) throw new Error(`infra-sources catalogue: sections.${section} is not a list`);
  const out: string[] = [];
  for (const e of list as { items?: unknown }[])
    for (const i of Array.isArray(e.items) ? e.items : []) if (typeof i === 'string') out.push(i.toLowerCase());
  return out;
}

/** The catalogue, read once (a missing or malformed file throws: the caller fails closed). */
export function infraData(dir = join(PACKAGE_ROOT, 'policies', 'catalogues')): InfraData {
  if (data) return data;
  const doc = parse(readFileSync(join(dir, 'infra-sources.yaml'), 'utf8')) as unknown;
  data = {
    registryHosts: new Set(items(doc, 'registry-hosts')),
    moduleNamespaces: items(doc, 'module-namespaces'),
    providerNamespaces: items(doc, 'provider-namespaces'),
    imageNamespaces: items(doc, 'image-namespaces'),
    keyservers: new Set(items(doc, 'keyservers')),
  };
  return data;
}

/**
 * The listed name `name` is a near spelling of: one edit for names under eight letters, two
 * from eight; a name that only adds a prefix or suffix to a listed one (jenkinsci, bitnamicharts)
 * is that publisher's other account, not a look-alike.
 */
export function nearName(name: string, listed: readonly string[]): string | undefined {
  const n = name.toLowerCase();
  if (n.length < 5 || listed.includes(n)) return undefined;
  // letters that read as others at a glance: rn/m, vv/w, cl/d, 0/o, 1/l
  const seen = n.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/cl/g, 'd').replace(/0/g, 'o').replace(/1/g, 'l');
  if (seen !== n && listed.includes(seen)) return seen;
  for (const l of listed) {
    if (l.length < 5 || n.startsWith(l) || n.endsWith(l) || l.startsWith(n) || l.endsWith(n)) continue;
    const max = l.length >= 8 ? 2 : 1;
    if (Math.abs(l.length - n.length) > max) continue;
    if (editDistance(n, l, max) <= max) return l;
  }
  return undefined;
}

/** The official or verified Docker Hub namespace that an image's owner (`owner/name`) is a near spelling of. */
export function nearImageOwner(path: string): string | undefined {
  const [owner = '', name = '', more] = path.toLowerCase().split('/');
  if (!owner || !name || more !== undefined) return undefined;
  return nearName(owner, infraData().imageNamespaces);
}
