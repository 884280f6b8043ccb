// Which node each YAML alias stands for, found in one pass over the document.
//
// The yaml package's own `Alias.resolve(doc)` walks the whole document for every alias it
// resolves, so a file with many aliases into large catalogues costs aliases x nodes to read (half
// of parsing the shipped profile). An alias names the last anchor of that name before it in
// document order; walking the nodes once in that order and keeping the latest anchor per name
// gives every alias its target in one pass.
import type { Alias, Document, Node } from 'yaml';
import { isAlias, isMap, isPair, isSeq } from '../util/yaml.js';

export type AliasTargets = Map<Alias, Node | undefined>;

/** The anchored node every alias of `doc` refers to (undefined: no such anchor before it). */
export function aliasTargets(doc: Document.Parsed): AliasTargets {
  const out: AliasTargets = new Map();
  const latest = new Map<string, Node>();
  // Document order, the order in which yaml's visit() meets the nodes: a node, then its
  // children; a pair's key before its value.
  const stack: unknown[] = [doc.contents];
  while (stack.length) {
    const n = stack.pop();
    if (n === null || n === undefined || typeof n !== 'object') continue;
    if (isAlias(n)) {
      out.set(n, latest.get(n.source));
      continue;
    }
    if (isPair(n)) {
      stack.push(n.value, n.key);
      continue;
    }
    const anchor = (n as { anchor?: unknown }).anchor;
    if (typeof anchor === 'string' && anchor) latest.set(anchor, n as Node);
    if (isMap(n) || isSeq(n)) for (let i = n.items.length - 1; i >= 0; i--) stack.push(n.items[i]);
  }
  return out;
}
