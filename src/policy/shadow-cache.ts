// What two engines over the same home directory can share: how a command reads (the shell
// analysis) and what it amounts to (its effects). Both depend on the command text alone, never on
// the policy set, so the live set and a shadow set beside it (docs/shadow-and-replay.md) pay for
// them once per command: the shadow then costs only its own rule matching.
import { analyzeCommand, type CommandAnalysis } from './shell.js';
import { EffectCache } from './effects/decide.js';
import type { Decision } from './types.js';

/** Distinct commands kept, and their characters in total (the engine's own cache bounds). */
const ENTRIES = 8192;
const CHARS = 8 * 1024 * 1024;

export class SharedAnalysis {
  readonly effects = new EffectCache();
  readonly matches = new MatchLog();
  private readonly map = new Map<string, { analysis: CommandAnalysis; size: number }>();
  private chars = 0;

  constructor(readonly home: string) {}

  analyze(command: string): CommandAnalysis {
    const hit = this.map.get(command);
    if (hit) return hit.analysis;
    const analysis = analyzeCommand(command, { home: this.home });
    const size = command.length + analysis.candidates.reduce((n, c) => n + c.length, 0);
    while (this.map.size && (this.map.size >= ENTRIES || this.chars + size > CHARS)) {
      const oldest = this.map.entries().next().value;
      if (!oldest) break;
      this.map.delete(oldest[0]);
      this.chars -= oldest[1].size;
    }
    this.map.set(command, { analysis, size });
    this.chars += size;
    return analysis;
  }
}

/**
 * Which rule of each policy matched, per call, as the engine that decided a call first found it;
 * the second engine deciding the same call object (the shadow, right after the live set) reuses
 * the answers of every policy the two sets have in common and matches only its own. A policy is
 * shared by content: the same file path and the same parsed text give the same id in both
 * engines. Policies whose answer depends on the engine's own state (once-rules, expiring rules,
 * call counts) are never shared. See docs/shadow-and-replay.md.
 */
export class MatchLog {
  private readonly ids = new Map<string, number>();
  private subject: object | null = null;
  private owner: object | null = null;
  /** Per call (the top-level call, or the effect a derived call was made from): policy id -> rule. */
  private readonly views = new Map<object, Map<number, number>>();
  /**
   * Whole decisions of derived calls, per effect, with the signature of the scope they were
   * decided in (Engine.scopeSig): an engine whose scope for the same derived call has the same
   * signature would decide it alike, and takes the decision as it is.
   */
  private readonly decisions = new Map<object, { sig: string; decision: Decision }>();

  /**
   * The policy ids each engine over this log shares, and whether it decides each call first (the
   * live set, a project layer) or after one (a shadow set): weakly held, a reloaded set's engine
   * drops out once collected.
   */
  private readonly holders: { engine: WeakRef<object>; ids: ReadonlySet<number>; first: boolean }[] = [];

  /** Records the policy ids an engine shares (Engine's constructor). */
  register(engine: object, ids: number[], first: boolean): void {
    for (let i = this.holders.length - 1; i >= 0; i--) if (!this.holders[i]?.engine.deref()) this.holders.splice(i, 1);
    this.holders.push({ engine: new WeakRef(engine), ids: new Set(ids), first });
  }

  /**
   * Which of these ids some engine deciding first has: the policies whose answers a set deciding
   * after it can expect to take from it. Only where a set files its patterns depends on this (a
   * set loaded before the live one, or a live set reloaded since, still decides the same).
   */
  heldByFirst(ids: number[]): Set<number> {
    const out = new Set<number>();
    for (const h of this.holders) {
      if (!h.first || !h.engine.deref()) continue;
      for (const id of ids) if (h.ids.has(id)) out.add(id);
    }
    return out;
  }

  /** A stable id for a policy's content (bounded: ids of sets long gone are dropped). */
  idOf(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      if (this.ids.size >= 65_536) this.ids.clear();
      id = this.ids.size + 1;
      this.ids.set(key, id);
    }
    return id;
  }

  /**
   * Called as an engine starts deciding `call`: true when another engine has just decided the
   * same call object (its answers are there to reuse), false when this engine starts the log.
   */
  open(call: object, engine: object): boolean {
    if (this.subject === call && this.owner !== engine) return true;
    this.subject = call;
    this.owner = engine;
    this.firstDenied = false;
    this.views.clear();
    if (this.decisions.size) this.decisions.clear();
    return false;
  }

  /** The engine that opened the log denied the call itself by a rule (before any derived call). */
  private firstDenied = false;

  denied(call: object): void {
    if (call === this.subject) this.firstDenied = true;
  }

  /** Whether the engine that opened the log for `call` denied it by a rule (Engine.answered). */
  deniedFirst(call: object): boolean {
    return this.firstDenied && call === this.subject;
  }

  /** Keeps the decision of the derived call made from `key` (by the engine that opened the log). */
  keepDecision(key: object, sig: string, decision: Decision): void {
    this.decisions.set(key, { sig, decision });
  }

  /** The decision kept for the derived call made from `key`, when it was decided in a scope like `sig`. */
  decisionFor(key: object, sig: string): Decision | undefined {
    const e = this.decisions.get(key);
    return e !== undefined && e.sig === sig ? e.decision : undefined;
  }

  /** The answers kept for one call of the log (made when recording). */
  results(key: object, record: boolean): Map<number, number> | undefined {
    let m = this.views.get(key);
    if (!m && record) {
      m = new Map();
      this.views.set(key, m);
    }
    return m;
  }
}
