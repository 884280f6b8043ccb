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
  private readonly views = new Map<object, AnswerTable>();
  /**
   * The tables of the calls decided so far, reused by the next call: the live set records ~100
   * answers a call (every policy its gates closed, too), and a Map per call was garbage on
   * every request of a server with a shadow set.
   */
  private readonly tables: AnswerTable[] = [];
  private tablesUsed = 0;
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
    this.tablesUsed = 0;
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
  results(key: object, record: boolean): AnswerTable | undefined {
    let m = this.views.get(key);
    if (!m && record) {
      m = this.tables[this.tablesUsed];
      if (m) m.clear();
      else {
        m = new AnswerTable(this.ids.size);
        // A call with very many derived calls does not keep its tables for good.
        if (this.tables.length < MAX_KEPT_TABLES) this.tables.push(m);
      }
      this.tablesUsed++;
      this.views.set(key, m);
    }
    return m;
  }
}

/** Answer tables a log keeps for reuse (calls a command amounts to, plus the call itself). */
const MAX_KEPT_TABLES = 64;

/**
 * Policy id -> the index of the rule that matched (-1: none), for one call; a negative id is the
 * same policy read for the durable pass. Get and set as a Map<number, number>, without
 * allocating per call: a value is there only when its stamp is the table's current one, so
 * clearing is one increment.
 */
export class AnswerTable {
  private values: Int32Array;
  private stamps: Uint32Array;
  private stamp = 1;

  constructor(ids: number) {
    this.values = new Int32Array(2 * ids + 2);
    this.stamps = new Uint32Array(2 * ids + 2);
  }

  private static slot(key: number): number {
    return key < 0 ? -2 * key + 1 : 2 * key;
  }

  get(key: number): number | undefined {
    const i = AnswerTable.slot(key);
    return i < this.stamps.length && this.stamps[i] === this.stamp ? this.values[i] : undefined;
  }

  set(key: number, value: number): void {
    const i = AnswerTable.slot(key);
    if (i >= this.stamps.length) {
      // An id handed out after this table was made (a set loaded since).
      const n = Math.max(i + 1, 2 * this.stamps.length);
      const values = new Int32Array(n);
      const stamps = new Uint32Array(n);
      values.set(this.values);
      stamps.set(this.stamps);
      this.values = values;
      this.stamps = stamps;
    }
    this.values[i] = value;
    this.stamps[i] = this.stamp;
  }

  /** Forgets every answer. */
  clear(): void {
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    } else this.stamp++;
  }
}
