// Replay's taint labels with a denied call's derived taints worked out only when needed (issue 17).
// Replay's deciding threads leave out the taints of what a denied call amounts to (the walk of its
// effects, some 26-29% of a deciding thread's work: bench/RESULTS.md, perf23a) and mark the answer
// `taintsDeferred` (Engine's deferDeniedTaints). The reading thread, which applies taints in
// recorded order, keeps such a call as pending on its session, credential and run, and works its
// taints out (a full evaluation on its own engine) only when a later call's session_tainted test
// asks for a label the pending call could still carry and no label already held answers it.
//
// Exactness. A rule reads a label only as "carried or not" (session-match.ts, without a trace), so
// a session_tainted test's answer at time t is: some mark of that label on one of the call's keys
// with an end after t. Here each mark is kept with the position in recorded order of the call that
// set it, so the answer can be given as of any earlier call: a pending call's own evaluation (which
// may itself read labels, through what it amounts to) is worked out against exactly the marks and
// pending calls before it, whenever it is worked out. What is kept is bounded by time (KEPT_LIVES
// below); two things this cannot reproduce are refused with LazyTaintsUnsafe, and the caller then
// replays the log again with every taint worked out at once (the plain path):
//  - more distinct session, credential and run keys than SessionState holds (MAX_TAINT_KEYS): its
//    least recently used key would be dropped, and which one depends on the order of every touch;
//  - a question about a time before what is kept (a log whose times go back by hours).
import type { ToolCall } from './types.js';
import { SvcError } from '../util/errors.js';
import { at } from '../util/invariant.js';
import type { ParsedPolicyFile } from './ast.js';
import { MAX_TAINT_KEYS, taintKeys } from './session-state.js';
import type { SessionLookup, TaintMark, TaintSpec } from './session-types.js';

/** Thrown where deferred taints could give another answer than taints worked out at once. */
export class LazyTaintsUnsafe extends SvcError {
  constructor(why: string) {
    super('replay_taints_unsafe', `deferred taints cannot be replayed exactly here (${why})`);
  }
}

/** A time a log may step back by without a replay over (records of one server are in order). */
const SLACK_MS = 10 * 60_000;
/**
 * Lives of the longest label kept behind the latest time seen. A label read at time t may need the
 * pending calls of the life before t worked out, and each of those, if what it amounts to reads a
 * label, the life before it: this many steps of such a chain are kept, a longer one is refused.
 */
const KEPT_LIVES = 8;
/** Pending calls kept unresolved at most; beyond, the oldest are worked out (in recorded order). */
const MAX_PENDING = 100_000;
/** Defers between two prunings of what can no longer matter. */
const PRUNE_EVERY = 4096;
/** Resolutions remembered by memory key (those that read no label). */
const RESOLVED_ENTRIES = 16_384;

/** The bounds above, smaller in tests (so that a few thousand calls reach them). */
export interface DeferLimits {
  /** Distinct taint keys before deferring is refused (SessionState's MAX_TAINT_KEYS). */
  maxKeys: number;
  pruneEvery: number;
  maxPending: number;
}

const LIMITS: DeferLimits = { maxKeys: MAX_TAINT_KEYS, pruneEvery: PRUNE_EVERY, maxPending: MAX_PENDING };

/** A call whose derived taints were left out, on the keys it would have marked. */
interface Pending {
  seq: number;
  at: number;
  call: ToolCall;
  /** The memory key of the call (identical calls, identical taints for the same labels). */
  key: string;
  keys: string[];
  done: boolean;
}

/** A mark as kept: the position of the call that set it, and its end. */
interface Held {
  seq: number;
  until: number;
}

/** Longest time to live of each label the set's taint rules set (ms). */
export function labelTtls(files: readonly ParsedPolicyFile[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of files)
    for (const p of f.policies)
      for (const r of p.rules) {
        const t = r.taint;
        if (t) out.set(t.label, Math.max(out.get(t.label) ?? 0, t.ttlMs));
      }
  return out;
}

/**
 * What works a pending call's taints out: its full taints, decided at `at` with `session` as the
 * state before it; `read` is called when a rule consulted a label.
 */
export type Resolve = (call: ToolCall, at: number, session: SessionLookup) => TaintSpec[] | undefined;

export class DeferredTaints {
  /** Per key, per label the set tests: marks by position, ends rising (earlier-and-longer wins). */
  private readonly held = new Map<string, Map<string, Held[]>>();
  /** Per key, the pending calls on it in recorded order. */
  private readonly pending = new Map<string, Pending[]>();
  /** Every unresolved pending call in recorded order (for the bound and pruning). */
  private queue: Pending[] = [];
  private queueHead = 0;
  private unresolved = 0;
  private readonly seen = new Set<string>();
  /** Answers before this time can no longer be given (what they need was pruned). */
  private horizon = -Infinity;
  private maxAt = -Infinity;
  private defers = 0;
  private readonly resolved = new Map<string, TaintSpec[] | undefined>();
  private readonly maxTtl: number;
  /** Resolutions worked out (for the bench). */
  resolutions = 0;
  /** The position in recorded order of the call being decided. */
  private seq = 0;

  constructor(
    /** The labels the set tests, and the longest life a rule gives each. */
    private readonly ttls: ReadonlyMap<string, number>,
    private readonly labels: readonly string[],
    private readonly resolve: Resolve,
    private readonly limits: DeferLimits = LIMITS,
  ) {
    let m = 0;
    for (const l of labels) m = Math.max(m, ttls.get(l) ?? 0);
    this.maxTtl = m;
  }

  /** The next call in recorded order, decided at `at`; its lookup (what its rules may read). */
  begin(call: Pick<ToolCall, 'session' | 'runId'>, credential: string | undefined, at: number): SessionLookup {
    this.seq++;
    const keys = taintKeys(call, credential);
    for (const k of keys)
      if (!this.seen.has(k)) {
        this.seen.add(k);
        if (this.seen.size > this.limits.maxKeys)
          throw new LazyTaintsUnsafe(`more than ${this.limits.maxKeys} taint keys`);
      }
    if (at > this.maxAt) this.maxAt = at;
    return this.lookupAsOf(keys, Infinity, at);
  }

  /** Marks set by the current call's decision (as SessionState.record would set them). */
  restore(
    call: Pick<ToolCall, 'session' | 'runId'>,
    credential: string | undefined,
    taints: TaintSpec[],
    at: number,
  ): void {
    this.mark(taintKeys(call, credential), taints, this.seq, at);
  }

  /** The current call was denied and its derived taints left out; `own` are its own rules'. */
  defer(call: ToolCall, credential: string | undefined, key: string, own: TaintSpec[] | undefined, at: number): void {
    const keys = taintKeys(call, credential);
    if (own?.length) this.mark(keys, own, this.seq, at);
    // Nothing reads a label with no key to carry it, and a set whose rules test no label reads none.
    if (!keys.length || !this.labels.length) return;
    const p: Pending = { seq: this.seq, at, call, key, keys, done: false };
    const known = this.resolved.get(key);
    if (known !== undefined || this.resolved.has(key)) {
      // Identical call, taints already worked out without reading a label: apply them now.
      p.done = true;
      this.mark(keys, known, p.seq, at);
      return;
    }
    for (const k of keys) {
      let list = this.pending.get(k);
      if (!list) this.pending.set(k, (list = []));
      list.push(p);
    }
    this.queue.push(p);
    this.unresolved++;
    while (this.unresolved > this.limits.maxPending) {
      const oldest = this.queue[this.queueHead++];
      if (oldest && !oldest.done) this.work(oldest);
    }
    if (++this.defers % this.limits.pruneEvery === 0) this.prune();
  }

  /**
   * The state as the call at position `seq` (exclusive) saw it at time `t`. Its answers may work
   * pending calls out on the resolving engine: never to be read during an evaluation on that engine.
   */
  private lookupAsOf(keys: string[], seq: number, t: number): SessionLookup {
    return {
      now: t,
      history: () => [],
      tainted: (label) => (this.carriesSafely(keys, label, seq, t) ? markOf(label, keys, t) : undefined),
    };
  }

  /** Whether some key carries `label` at `t` from a call before position `seq`. */
  private carries(keys: string[], label: string, seq: number, t: number): boolean {
    for (const k of keys) if (this.heldAt(k, label, seq, t)) return true;
    // (A mark held still answers yes before the horizon; no needs what was pruned.)
    if (t < this.horizon) throw new LazyTaintsUnsafe('a record earlier than what is kept');
    const ttl = this.ttls.get(label) ?? 0;
    for (const k of keys) {
      const list = this.pending.get(k);
      if (!list) continue;
      // Newest first: the likeliest to last until t.
      for (let i = list.length - 1; i >= 0; i--) {
        const p = at(list, i);
        if (p.done || p.seq >= seq || p.at + ttl <= t) continue;
        this.work(p);
        if (this.heldAt(k, label, seq, t)) return true;
      }
    }
    return false;
  }

  private heldAt(key: string, label: string, seq: number, t: number): boolean {
    const list = this.held.get(key)?.get(label);
    if (!list?.length) return false;
    // Ends rise with the position: the last mark before `seq` lasts longest.
    let i = list.length - 1;
    while (i >= 0 && at(list, i).seq >= seq) i--;
    return i >= 0 && at(list, i).until > t;
  }

  /**
   * Works a pending call's taints out, as of its own place in recorded order. The evaluation runs
   * on the reading thread's engine, which is not re-entrant: a label its rules ask about that the
   * marks held cannot answer at once (it needs other pending calls worked out) is answered "not
   * carried" and noted; the labels noted are then worked out outside any evaluation and the call
   * evaluated again with them (an evaluation that consulted a label keeps nothing in the engine's
   * memories: Engine.keepDerived).
   */
  private work(p: Pending): void {
    if (p.done) return;
    p.done = true;
    this.unresolved--;
    this.resolutions++;
    const fixed = new Map<string, boolean>();
    let taints: TaintSpec[] | undefined;
    let read = false;
    for (;;) {
      const needs: string[] = [];
      const session: SessionLookup = {
        now: p.at,
        history: () => [],
        tainted: (label) => {
          read = true;
          let v = fixed.get(label);
          if (v === undefined) {
            v = this.quick(p.keys, label, p.seq, p.at);
            if (v === undefined) {
              needs.push(label);
              v = false;
            }
          }
          return v ? markOf(label, p.keys, p.at) : undefined;
        },
      };
      taints = this.resolve(p.call, p.at, session);
      if (!needs.length) break;
      for (const l of needs) if (!fixed.has(l)) fixed.set(l, this.carriesSafely(p.keys, l, p.seq, p.at));
    }
    if (!read) {
      if (this.resolved.size >= RESOLVED_ENTRIES) this.resolved.delete(this.resolved.keys().next().value as string);
      this.resolved.set(p.key, taints);
    }
    this.mark(p.keys, taints, p.seq, p.at);
  }

  /** carries(), where a chain of pending calls too long for the stack is refused, not guessed. */
  private carriesSafely(keys: string[], label: string, seq: number, t: number): boolean {
    try {
      return this.carries(keys, label, seq, t);
    } catch (err) {
      if (err instanceof RangeError) throw new LazyTaintsUnsafe('a chain of pending calls too long to work out');
      throw err;
    }
  }

  /** carries() when no pending call needs working out for it; else undefined. */
  private quick(keys: string[], label: string, seq: number, t: number): boolean | undefined {
    // (Never throws: it is asked during an evaluation, which would turn a throw into a deny.)
    for (const k of keys) if (this.heldAt(k, label, seq, t)) return true;
    if (t < this.horizon) return undefined;
    const ttl = this.ttls.get(label) ?? 0;
    for (const k of keys) {
      const list = this.pending.get(k);
      if (list)
        for (let i = list.length - 1; i >= 0; i--) {
          const p = at(list, i);
          if (!p.done && p.seq < seq && p.at + ttl > t) return undefined;
        }
    }
    return false;
  }

  /** Keeps marks of the labels the set tests (no other label is ever read). */
  private mark(keys: string[], taints: TaintSpec[] | undefined, seq: number, at: number): void {
    for (const t of taints ?? []) {
      if (!this.labels.includes(t.label)) continue;
      const until = at + t.ttlMs;
      // SessionState.restoreTaints keeps no mark that has already ended.
      if (until <= at) continue;
      for (const k of keys) {
        let byLabel = this.held.get(k);
        if (!byLabel) this.held.set(k, (byLabel = new Map()));
        let list = byLabel.get(t.label);
        if (!list) byLabel.set(t.label, (list = []));
        insertHeld(list, seq, until);
      }
    }
  }

  /**
   * Drops what no later question can need: questions are asked at a current call's time (at least
   * the latest time seen less SLACK_MS, else refused) or as of a pending call worked out for one,
   * itself at most KEPT_LIVES lives of a label before it (else refused).
   */
  private prune(): void {
    const horizon = this.maxAt - SLACK_MS - KEPT_LIVES * this.maxTtl;
    if (!(horizon > this.horizon)) return;
    this.horizon = horizon;
    const gone = (p: Pending) => p.done || p.at + this.maxTtl <= horizon;
    for (const [k, list] of this.pending) {
      const kept = list.filter((p) => !gone(p));
      if (kept.length) this.pending.set(k, kept);
      else this.pending.delete(k);
    }
    const q = this.queue.slice(this.queueHead).filter((p) => {
      if (p.done) return false;
      if (p.at + this.maxTtl > horizon) return true;
      // Can no longer be asked about: never worked out.
      p.done = true;
      this.unresolved--;
      return false;
    });
    this.queue = q;
    this.queueHead = 0;
    for (const [k, byLabel] of this.held) {
      for (const [l, list] of byLabel) {
        let i = 0;
        while (i < list.length && at(list, i).until <= horizon) i++;
        if (i === list.length) byLabel.delete(l);
        else if (i) list.splice(0, i);
      }
      if (!byLabel.size) this.held.delete(k);
    }
  }
}

/** A mark for a rule to read (only whether there is one matters to a decision). */
function markOf(label: string, keys: string[], t: number): TaintMark {
  return { label, key: keys[0] ?? '', until: t + 1, policy: '' };
}

/**
 * Adds a mark to a list ordered by position with rising ends: a mark set earlier and lasting at
 * least as long answers every question a later, shorter one would, so only the others are kept.
 */
function insertHeld(list: Held[], seq: number, until: number): void {
  let i = list.length;
  while (i > 0 && at(list, i - 1).seq > seq) i--;
  // list[i - 1] is the latest at or before seq: the longest such.
  if (i > 0 && at(list, i - 1).until >= until) return;
  let j = i;
  while (j < list.length && at(list, j).until <= until) j++;
  list.splice(i, j - i, { seq, until });
}
