// The YAML reader behind the policy parser: strict key checks against an allow-list (with
// "did you mean" hints), typed value accessors, merge keys, and line numbers for every problem.
import type { LineCounter, Node, Pair, YAMLMap } from 'yaml';
import { isMap, isScalar, isSeq } from '../util/yaml.js';
import { closest, type PolicyDiagnostic } from './policy-errors.js';

export class Reader {
  readonly diags: PolicyDiagnostic[] = [];
  constructor(
    readonly file: string,
    private readonly lc: LineCounter,
  ) {}

  line(node: Node | Pair | null | undefined): number {
    const n = (node && 'range' in node ? node : (node as Pair | undefined)?.key) as Node | undefined;
    const off = n?.range?.[0];
    return off === undefined ? 0 : this.lc.linePos(off).line;
  }

  error(node: Node | Pair | null | undefined, problem: string, key?: string, line?: number): void {
    this.diags.push({ file: this.file, line: line ?? this.line(node), col: 0, severity: 'error', key, problem });
  }

  warn(node: Node | null | undefined, problem: string, key?: string): void {
    this.diags.push({ file: this.file, line: this.line(node), col: 0, severity: 'warning', key, problem });
  }

  /** Pairs of a map, with unknown keys reported; null (and an error) when the node is not a map. */
  entries(
    node: Node | null | undefined,
    allowed: readonly string[],
    where: string,
    ctxLine: number,
  ): Map<string, Pair> | null {
    if (node === null || node === undefined || (isScalar(node) && node.value === null)) return new Map();
    if (!isMap(node)) {
      this.error(node, `${where} must be a mapping of keys to values`, undefined, this.line(node) || ctxLine);
      return null;
    }
    const out = new Map<string, Pair>();
    for (const pair of this.mergedItems(node as YAMLMap)) {
      const k = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (k === undefined) {
        this.error(pair.key as Node, `${where} has a key that is not a plain word`);
        continue;
      }
      if (!allowed.includes(k)) {
        const hint = closest(k, allowed);
        this.error(pair.key as Node, `unknown key "${k}" in ${where}${hint ? ` (did you mean ${hint}?)` : ''}`, k);
        continue;
      }
      out.set(k, pair);
    }
    return out;
  }

  /** Pairs of a map with YAML merge keys (`<<: *base`) expanded; explicit keys win. */
  private mergedItems(map: YAMLMap): Pair[] {
    const own = map.items.filter((p) => !(isScalar(p.key) && p.key.value === '<<'));
    const merges = map.items.filter((p) => isScalar(p.key) && p.key.value === '<<');
    if (!merges.length) return map.items as Pair[];
    const keys = new Set(own.map((p) => (isScalar(p.key) ? String(p.key.value) : '')));
    const out = own.slice() as Pair[];
    for (const m of merges) {
      const v = m.value as Node | null;
      const sources = isSeq(v) ? (v.items as Node[]) : [v];
      for (const src of sources) {
        if (!isMap(src)) {
          this.error(m.key as Node, 'a merge key (<<) must refer to a mapping');
          continue;
        }
        for (const p of this.mergedItems(src as YAMLMap)) {
          const k = isScalar(p.key) ? String(p.key.value) : '';
          if (!keys.has(k)) {
            keys.add(k);
            out.push(p);
          }
        }
      }
    }
    return out;
  }

  /** The value of an optional key; undefined when the key is absent or (reported) malformed. */
  str(pair: Pair | undefined, what: string): string | undefined {
    if (!pair) return undefined;
    const v = pair.value as Node | null;
    if (isScalar(v) && v.value !== null && typeof v.value !== 'object') return String(v.value);
    this.error(v ?? pair, `${what} must be a string`, keyOf(pair));
    return undefined;
  }

  bool(pair: Pair | undefined, what: string): boolean | undefined {
    if (!pair) return undefined;
    const v = pair.value as Node | null;
    if (isScalar(v) && typeof v.value === 'boolean') return v.value;
    this.error(v ?? pair, `${what} must be true or false`, keyOf(pair));
    return undefined;
  }

  int(pair: Pair | undefined, what: string): number | undefined {
    if (!pair) return undefined;
    const v = pair.value as Node | null;
    if (isScalar(v) && typeof v.value === 'number' && Number.isInteger(v.value)) return v.value;
    this.error(v ?? pair, `${what} must be a whole number`, keyOf(pair));
    return undefined;
  }

  /** A string or a list of strings (a single string is read as a one-element list). */
  strList(pair: Pair | undefined, what: string): { values: string[]; lines: number[] } | undefined {
    if (!pair) return undefined;
    const v = pair.value as Node | null;
    if (isScalar(v) && v.value !== null && typeof v.value !== 'object')
      return { values: [String(v.value)], lines: [this.line(v)] };
    if (isScalar(v) && v.value === null) return { values: [], lines: [] };
    if (!isSeq(v)) {
      this.error(v ?? pair, `${what} must be a list of strings`, keyOf(pair));
      return undefined;
    }
    const values: string[] = [];
    const lines: number[] = [];
    for (const item of v.items as Node[]) {
      if (isScalar(item) && item.value !== null && typeof item.value !== 'object') {
        values.push(String(item.value));
        lines.push(this.line(item));
      } else this.error(item, `${what} must be a list of strings; this item is not a string`, keyOf(pair));
    }
    return { values, lines };
  }
}

export function keyOf(pair: Pair): string | undefined {
  return isScalar(pair.key) ? String(pair.key.value) : undefined;
}
