// Which policies can possibly fire for a call, from the word and fragment indexes' marks, so a
// set of thousands of rules costs a call only the policies whose patterns it mentions.
// A rule is gated by its command group (command_matches / command_contains: one of those lists
// must have a marked pattern, or the group fails in either reading) or, without one, by its path
// group; a rule with an unindexed pattern, or with neither group, is always a candidate, and so
// is its policy. Skipping a policy none of whose rules can match leaves every decision as it was.
import type { WordIndex } from './word-index.js';
import { domainKeys } from './domain-index.js';

/** What the gates read of a compiled rule and policy (compile.ts builds the gates: no import back). */
interface IndexedList {
  list: number;
  hasUnkeyed: boolean;
}
interface GatedRule {
  when: {
    isDefault: boolean;
    /** Its command lists are in the set's own index (compile.ts CompiledSet.ownIndex). */
    own?: true;
    unconditional: boolean;
    command?: IndexedList;
    contains?: IndexedList;
    pathIndexed?: IndexedList;
    url?: unknown;
    domain?: { source: string }[];
  };
}
interface GatedPolicy {
  order: number;
  rules: GatedRule[];
}

/** Below this many policies, trying each is cheaper than working out which to try. */
const GATE_MIN_POLICIES = 8;

type Gate =
  | { index: 'command' | 'own' | 'path'; lists: number[] }
  | { index: 'url' | 'domain' }
  | { index: 'hosts'; exact: string[]; suffixes: string[] }
  | null;

function ruleGate(r: GatedRule): Gate {
  const w = r.when;
  if (w.isDefault || w.unconditional) return null;
  if (w.command || w.contains) {
    if (w.command?.hasUnkeyed || w.contains?.hasUnkeyed) return null;
    const lists: number[] = [];
    if (w.command) lists.push(w.command.list);
    if (w.contains) lists.push(w.contains.list);
    return { index: w.own ? 'own' : 'command', lists };
  }
  if (w.pathIndexed && !w.pathIndexed.hasUnkeyed) return { index: 'path', lists: [w.pathIndexed.list] };
  // These groups fail on a call without the field (match.ts: missing()).
  if (w.domain) {
    // Hosts and `*suffix` patterns open the policy only for a domain they match.
    const keys = domainKeys(w.domain);
    return keys ? { index: 'hosts', ...keys } : { index: 'domain' };
  }
  if (w.url) return { index: 'url' };
  return null;
}

export class PolicyGates {
  /** Per list of each index, the orders of the gated policies it can open. */
  private readonly byCommandList = new Map<number, number[]>();
  /** The same for the lists of the own index (a shadow set's candidate policies). */
  private readonly byOwnList = new Map<number, number[]>();
  private readonly byPathList = new Map<number, number[]>();
  /** Gated policies with a rule that needs a URL / a domain. */
  private readonly byUrl: number[] = [];
  private readonly byDomain: number[] = [];
  /** Gated policies with a rule naming this host, or a `*suffix` with this suffix. */
  private readonly byHost = new Map<string, number[]>();
  private readonly bySuffix = new Map<string, number[]>();
  /** Per policy order: 1 when gated (skipped unless opened). */
  private readonly gated: Uint8Array;
  private readonly open: Int32Array;
  private epoch = 0;

  constructor(policies: GatedPolicy[]) {
    const n = policies.reduce((m, p) => Math.max(m, p.order + 1), 0);
    this.gated = new Uint8Array(n);
    this.open = new Int32Array(n);
    for (const p of policies) {
      const gates = p.rules.map(ruleGate);
      if (!gates.length || gates.some((g) => g === null)) continue;
      this.gated[p.order] = 1;
      for (const g of gates) {
        if (!g) continue;
        if (g.index === 'hosts') {
          for (const [keys, map] of [
            [g.exact, this.byHost],
            [g.suffixes, this.bySuffix],
          ] as const)
            for (const k of keys) {
              const list = map.get(k) ?? [];
              if (list[list.length - 1] !== p.order) list.push(p.order);
              map.set(k, list);
            }
          continue;
        }
        if (!('lists' in g)) {
          const list = g.index === 'url' ? this.byUrl : this.byDomain;
          if (list[list.length - 1] !== p.order) list.push(p.order);
          continue;
        }
        const map = g.index === 'command' ? this.byCommandList : g.index === 'own' ? this.byOwnList : this.byPathList;
        for (const l of g.lists) {
          const list = map.get(l) ?? [];
          if (list[list.length - 1] !== p.order) list.push(p.order);
          map.set(l, list);
        }
      }
    }
  }

  /** Whether any policy is gated at all (else there is nothing to compute per call). */
  get useful(): boolean {
    // Asked on every call: worked out once (the gates never change after construction).
    if (this.usefulKnown === undefined)
      this.usefulKnown = this.gated.length >= GATE_MIN_POLICIES && this.gated.some((g) => g === 1);
    return this.usefulKnown;
  }
  private usefulKnown: boolean | undefined;

  /**
   * Opens the policies the marks of this call allow. `command` is the command index when its
   * marks belong to this call (the call has a command and it was marked), else null.
   */
  compute(command: WordIndex | null, path: WordIndex | null, url: boolean, domain: string | undefined): number {
    const e = ++this.epoch;
    const open = this.open;
    if (url) for (const o of this.byUrl) open[o] = e;
    if (domain !== undefined) {
      for (const o of this.byDomain) open[o] = e;
      for (const o of this.byHost.get(domain) ?? []) open[o] = e;
      // `*suffix`: the star takes any text without a '/', so every ending after the last '/'.
      if (this.bySuffix.size)
        for (let i = domain.lastIndexOf('/') + 1; i <= domain.length; i++)
          for (const o of this.bySuffix.get(domain.slice(i)) ?? []) open[o] = e;
    }
    for (const [index, map] of [
      [command, this.byCommandList],
      [path, this.byPathList],
    ] as const) {
      if (!index) continue;
      const touched = index.touched;
      for (let i = 0; i < touched.length; i++) {
        const orders = map.get(touched[i] ?? -1);
        if (orders) for (let k = 0; k < orders.length; k++) open[orders[k] ?? 0] = e;
      }
    }
    return e;
  }

  /**
   * Opens, for the call whose compute() returned `epoch`, the policies the marks of one command
   * index allow (`own`: the set's own index), when compute() was given no command index: a set
   * with an own index marks each of its two indexes only when a policy filed in it is asked about.
   * Nothing is opened once the epoch is stale (mayFire then answers true for every policy).
   */
  openCommand(index: WordIndex, own: boolean, epoch: number): void {
    if (epoch !== this.epoch) return;
    const map = own ? this.byOwnList : this.byCommandList;
    const open = this.open;
    const touched = index.touched;
    for (let i = 0; i < touched.length; i++) {
      const orders = map.get(touched[i] ?? -1);
      if (orders) for (let k = 0; k < orders.length; k++) open[orders[k] ?? 0] = epoch;
    }
  }

  /** Whether the policy may fire for the call whose compute() returned `epoch` (true once stale). */
  mayFire(p: GatedPolicy, epoch: number): boolean {
    return this.gated[p.order] !== 1 || this.open[p.order] === epoch || epoch !== this.epoch;
  }
}
