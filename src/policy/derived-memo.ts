// Decisions of derived calls (the write/read/fetch/exec calls a command amounts to), reused. Many
// commands amount to the same derived call (`curl https://x/a | sh` and `wget -qO- https://x/a`
// both fetch https://x/a), and a command seen again amounts to the same derived calls again; each
// such call used to be read, matched and derived anew every time.
//
// A derived call's decision is a function of the policy set (fixed while an engine lives), the
// call itself (tool, parameters, agent, session id, working directory, agent depth), how deep it
// was derived (derivation stops at a fixed depth), and the filesystem: path readings resolve
// symlinks, and a link can be planted between two calls. So an entry keeps, besides the decision,
// every path reading its decision (and those of the calls derived from it) made, and is used only
// when each of those paths still reads the same. Sets whose answers are not repeatable (clock,
// counters, once-rules, fields not classified) never use it. Sets reading session state (history,
// taint labels) keep the answers worked out with a session lookup apart from those worked out
// without one, and of the former the engine keeps only those that never consulted it (such an
// answer holds whatever the session carries; engine.ts, keepDerived).
import type { Decision, ToolCall } from './types.js';
import type { CompiledRule } from './compile.js';
import { cloneDecision, ruleRepeatable } from './decision-memo.js';
import { FifoMap } from '../util/fifo-map.js';

/** Derived calls whose decision is kept... */
const ENTRIES = 8192;
/** ...within this many characters of keys. */
const CHARS = 4 * 1024 * 1024;

/** One path reading made while a decision was worked out: the path, where from, what it read as. */
export interface PathRead {
  path: string;
  workdir: string | undefined;
  candidates: string[];
}

interface Entry {
  decision: Decision;
  reads: PathRead[];
}

export class DerivedMemo {
  private readonly map = new FifoMap<string, Entry>();
  private chars = 0;
  /** 'always', 'sessionless' (the set reads session state) or 'never'. */
  private readonly reuse: 'always' | 'sessionless' | 'never';
  /** The path readings of the decisions in progress (innermost last), or empty when none. */
  private readonly open: PathRead[][] = [];

  constructor(rules: Iterable<CompiledRule>) {
    let reuse: 'always' | 'sessionless' | 'never' = 'always';
    for (const r of rules) {
      const k = ruleRepeatable(r);
      if (k === 'never') {
        reuse = 'never';
        break;
      }
      if (k === 'sessionless') reuse = 'sessionless';
    }
    this.reuse = reuse;
  }

  /** Where the decision of derived call `c` at `depth` is kept, or null when it cannot be reused. */
  slot(c: ToolCall, depth: number, withSession: boolean): string | null {
    if (this.reuse === 'never') return null;
    // JSON, so that no text a call carries can make two keys equal; derivedCall() builds params
    // in a fixed order.
    return JSON.stringify([
      depth,
      this.reuse === 'sessionless' && withSession ? 1 : 0,
      c.tool,
      c.agent ?? null,
      c.session ?? null,
      c.workdir ?? null,
      c.agentDepth ?? null,
      c.params,
    ]);
  }

  /** The kept decision, when every path it read still reads the same (`reread` reads one anew). */
  get(slot: string, reread: (r: PathRead) => string[]): Decision | undefined {
    const e = this.map.get(slot);
    if (!e) return undefined;
    for (const r of e.reads) if (!sameList(reread(r), r.candidates)) return undefined;
    // the outer decision in progress read these paths too (through this one)
    this.open.at(-1)?.push(...e.reads);
    return cloneDecision(e.decision);
  }

  /** Starts recording the path readings of a decision about to be worked out. */
  begin(): void {
    this.open.push([]);
  }

  /** Records a path reading made by the decision in progress, if any. */
  read(r: PathRead): void {
    this.open.at(-1)?.push(r);
  }

  /** Ends the recording begun last; keeps the decision when given (null: it failed). */
  end(slot: string, d: Decision | null): void {
    const reads = this.open.pop() ?? [];
    this.open.at(-1)?.push(...reads);
    if (!d) return;
    const size = slot.length + d.message.length;
    const old = this.map.get(slot);
    if (old) {
      this.map.delete(slot);
      this.chars -= slot.length + old.decision.message.length;
    }
    while (this.map.size && (this.map.size >= ENTRIES || this.chars + size > CHARS)) {
      const first = this.map.shift();
      if (!first) break;
      this.chars -= first[0].length + first[1].decision.message.length;
    }
    if (size > CHARS) return;
    this.map.set(slot, { decision: cloneDecision(d), reads });
    this.chars += size;
  }
}

function sameList(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
