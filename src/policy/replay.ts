// Replaying recorded calls under another policy set: the call as its audit record holds it, the
// decision the policies gave it then, and a tally of what a candidate set would change. Reading
// the log is the caller's (src/cli/policy-replay.ts); this file only turns one record into a call
// and counts. See docs/shadow-and-replay.md.
import type { Decision, ToolCall } from './types.js';
import type { ParsedPolicyFile } from './ast.js';
import { briefOf, callSubject, pairKey, ruleLabel, type DecisionBrief } from './shadow.js';
import { SessionState, taintKeys } from './session-state.js';
import type { SessionLookup, TaintMark } from './session-types.js';
import { recordedScripts } from './script-files.js';
import { DeferredTaints, labelTtls, type DeferLimits } from './replay-taints.js';

/** How a record marks a value it does not hold in full. */
const REDACTED = '[REDACTED]';
const TRUNCATED = '... [truncated]';

/** Sources the decision core records; anything else is not a decided call. */
const CALL_SOURCES = new Set(['tool', 'preflight', 'socket', 'hook', 'mcp', 'preload']);
const ACTIONS = new Set(['allow', 'deny', 'ask', 'watch', 'webhook']);

/** Request keys the service adds beside the call's own params (docs/api.md, Audit). */
const SERVICE_KEYS = new Set([
  'source',
  'enforced',
  'approval_id',
  'approval_status',
  'approval_scope',
  'approval_resolved_by',
  'approval_policy_audit_id',
  'shadow_decision',
  'shadowed_params',
  // the taint marks the live decision set (the server overwrites an agent's own)
  'session_taint',
  'input',
  'workdir',
  'tool_call_id',
  'agent_depth',
  'script_files',
  'compacted',
  // records the hook's local fallback spooled while the server was down
  'spool_id',
  'reported_at',
  'reported_by_host',
  'reported_by_uid',
  'local_reason',
  'local_policy_set',
]);
/** What the preload listener adds about the process (not a parameter of the call). */
const PRELOAD_KEYS = new Set(['pid', 'ppid', 'path', 'exe', 'program', 'typed']);

export interface RecordedCall {
  id: string;
  timestamp: string;
  call: ToolCall;
  /** What the policies decided then (before any grant or the human's answer). */
  recorded: { action: string; policy: string };
  /** Fields the record does not hold in full (redacted, truncated or compacted), as paths. */
  redacted: string[];
  /** The credential that sent the call, where the record names it (its taint marks do). */
  credential?: string;
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/**
 * Paths of string leaves that are marked redacted or truncated. A path is spelt only for a marked
 * leaf, from one stack of keys pushed and popped on the way down: nearly every record has none,
 * and replay reads every record.
 */
function markedLeaves(v: unknown, path: (string | number)[], out: string[], depth = 0): void {
  if (depth > 32 || out.length > 64) return;
  if (typeof v === 'string') {
    if (v.includes(REDACTED) || v.endsWith(TRUNCATED)) out.push(spell(path));
    return;
  }
  if (!v || typeof v !== 'object') return;
  if (Array.isArray(v))
    for (let i = 0; i < v.length; i++) {
      path.push(i);
      markedLeaves(v[i], path, out, depth + 1);
      path.pop();
    }
  else
    for (const k in v) {
      if (!Object.hasOwn(v, k)) continue;
      path.push(k);
      markedLeaves((v as Record<string, unknown>)[k], path, out, depth + 1);
      path.pop();
    }
}

/** A leaf's path as the report spells it: `a.b[2].c`. */
function spell(path: readonly (string | number)[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${p}` : p;
  return s;
}

/**
 * The call a decision record holds, or null for any other record (responses, approvals, the
 * log's and the service's own events). An agent's parameter that collided with a service key
 * is put back from `shadowed_params`.
 */
export function recordedCall(ev: unknown): RecordedCall | null {
  const e = obj(ev);
  const req = obj(e?.request);
  const dec = obj(e?.decision);
  if (!e || !req || !dec || typeof e.tool !== 'string') return null;
  const source = req.source;
  const spooled = e.source === 'client-reported';
  if (!spooled && !(typeof source === 'string' && CALL_SOURCES.has(source))) return null;
  if (req.service_phase === 'response') return null;
  if (typeof dec.action !== 'string' || !ACTIONS.has(dec.action)) return null;
  const params: Record<string, unknown> = {};
  for (const k in req) {
    if (!Object.hasOwn(req, k) || SERVICE_KEYS.has(k)) continue;
    if (source === 'preload' && PRELOAD_KEYS.has(k)) continue;
    params[k] = req[k];
  }
  const shadowed = obj(req.shadowed_params);
  if (shadowed) Object.assign(params, shadowed);
  const call: ToolCall = {
    tool: e.tool,
    agent: typeof e.agent === 'string' ? e.agent : '',
    session: typeof e.session === 'string' ? e.session : '',
    params,
  };
  if (typeof e.run_id === 'string' && e.run_id) call.runId = e.run_id;
  if (typeof req.tool_call_id === 'string') call.toolCallId = req.tool_call_id;
  const input = obj(req.input);
  if (input) call.input = input;
  if (typeof req.workdir === 'string') call.workdir = req.workdir;
  if (typeof req.agent_depth === 'number') call.agentDepth = req.agent_depth;
  // the scripts' text as the live decision read it (the files may have changed since)
  const scripts = recordedScripts(req.script_files);
  if (scripts?.length) call.scripts = scripts;
  const redacted: string[] = [];
  markedLeaves(params, [], redacted);
  if (input) markedLeaves(input, ['input'], redacted);
  if (obj(req.compacted)) redacted.push('(compacted request)');
  const matched = Array.isArray(dec.matched_policies) ? dec.matched_policies : [];
  // The record names the sending credential only in the keys of the taint marks it set.
  let credential: string | undefined;
  if (Array.isArray(req.session_taint))
    for (const m of req.session_taint) {
      const key = obj(m)?.key;
      if (typeof key === 'string' && key.startsWith('c:')) {
        credential = key.slice(2);
        break;
      }
    }
  // A grant or a human turned the policies' ask into this allow; the policies said ask.
  const granted = typeof req.approval_scope === 'string';
  return {
    id: typeof e.id === 'string' ? e.id : '',
    timestamp: typeof e.timestamp === 'string' ? e.timestamp : '',
    call,
    recorded: {
      action: granted ? 'ask' : dec.action,
      policy: typeof matched[0] === 'string' ? matched[0] : '',
    },
    redacted,
    ...(credential ? { credential } : {}),
  };
}

export interface ChangeExample {
  id: string;
  timestamp: string;
  tool: string;
  agent: string;
  subject: string;
  recorded: { action: string; policy: string };
  candidate: DecisionBrief;
  /** Fields of the record not held in full; the candidate decided what was recorded. */
  redacted?: string[];
}

export interface ChangeRow {
  /** "recorded->candidate" action pair. */
  pair: string;
  /** The candidate's deciding rule ("policy rule N", or "(default)"). */
  rule: string;
  count: number;
  examples: ChangeExample[];
}

export interface ReplayReport {
  /** Records read (every line that parsed). */
  events: number;
  /** Decided calls among them, re-decided under the candidate. */
  calls: number;
  changed: number;
  /** Calls whose record does not hold every field in full. */
  redacted: number;
  /** Of the changed calls, how many had such fields. */
  changedRedacted: number;
  /** Lines that were not JSON (a torn last line, a foreign file). */
  unreadable: number;
  byPair: Record<string, number>;
  rows: ChangeRow[];
}

/** Changed decisions counted by action pair and candidate rule, a few examples each (bounded). */
export class ReplayTally {
  private readonly rows = new Map<string, ChangeRow>();
  readonly report: Omit<ReplayReport, 'rows'> = {
    events: 0,
    calls: 0,
    changed: 0,
    redacted: 0,
    changedRedacted: 0,
    unreadable: 0,
    byPair: {},
  };

  constructor(private readonly examplesPerRow = 3) {}

  /** Counts one re-decided call; returns whether its decision changed. */
  add(rc: RecordedCall, candidate: Decision): boolean {
    const r = this.report;
    r.calls++;
    if (rc.redacted.length) r.redacted++;
    if (rc.recorded.action === candidate.action) return false;
    r.changed++;
    if (rc.redacted.length) r.changedRedacted++;
    const brief = briefOf(candidate);
    const pair = pairKey(rc.recorded.action, candidate.action);
    r.byPair[pair] = (r.byPair[pair] ?? 0) + 1;
    const rule = ruleLabel(brief);
    const key = `${pair}\0${rule}`;
    let row = this.rows.get(key);
    if (!row) {
      row = { pair, rule, count: 0, examples: [] };
      this.rows.set(key, row);
    }
    row.count++;
    if (row.examples.length < this.examplesPerRow) {
      const ex: ChangeExample = {
        id: rc.id,
        timestamp: rc.timestamp,
        tool: rc.call.tool,
        agent: rc.call.agent,
        subject: callSubject(rc.call.params),
        recorded: rc.recorded,
        candidate: brief,
      };
      if (rc.redacted.length) ex.redacted = rc.redacted;
      row.examples.push(ex);
    }
    return true;
  }

  result(): ReplayReport {
    const rows = [...this.rows.values()].sort((a, b) => b.count - a.count || a.pair.localeCompare(b.pair));
    return { ...this.report, byPair: { ...this.report.byPair }, rows };
  }
}

/** A clock replay sets to each record's time. */
export interface SettableClock {
  now(): number;
  set(ms: number): void;
}

/**
 * Answers remembered for identical calls (at most; those least recently used go first). Every call
 * never seen before takes a place too, so the bound must leave room for the calls a log repeats
 * beside a stretch of one-off calls: on the replay bench's log (2,649 repeated calls, every fifth
 * call one-off) 8,192 places let 23,000 repeats be decided again (an evaluation each, 10% of the
 * run's evaluations), 32,768 none.
 */
export const REPLAY_MEMO_ENTRIES = 32_768;
/** ...and within this many characters of keys, so that long calls cannot make it large. */
export const REPLAY_MEMO_CHARS = 32 * 1024 * 1024;

/**
 * The answers remembered for one key: one answer whatever labels the call carries, when no rule
 * reached a session_tainted test; else an answer per set of labels the call carried.
 */
export interface Remembered {
  any?: Decision;
  /** By the labels string (each label the set tests that the call carries, then a comma). */
  byLabels?: Map<string, Decision>;
}

/**
 * An answer worked out ahead of the recorded order, as if the call carried no taint label; and,
 * where some rule reached a session_tainted test, the answer as if it carried every label the set
 * tests.
 */
export interface AheadAnswer {
  decision: Decision;
  /** Some rule read a taint label: the answer holds only for the labels assumed. */
  readsTaint: boolean;
  tainted?: Decision;
}

/** What Redecider.decide may be given for a call: its memory key, and an answer from ahead. */
export interface Ahead {
  key: string;
  answer?: AheadAnswer;
  /** The answers remembered for the key when the call was read (they may be dropped since). */
  kept?: Remembered;
  /** The record's time as Date.parse read it (NaN when it has none), when the caller has read it. */
  at?: number;
}

/**
 * A deterministic set's answers to a call at `now` (see AheadAnswer); `labels` are the labels the
 * set tests, or undefined when it reads no session state. Nothing else of the session is shown:
 * Redecider.decide uses these answers only where the labels are the ones assumed.
 */
export function answerAhead(
  engine: { evaluate(call: ToolCall, o: { dryRun: boolean; session?: SessionLookup }): Decision },
  clock: SettableClock,
  call: ToolCall,
  now: number,
  labels: readonly string[] | undefined,
): AheadAnswer {
  clock.set(now);
  let readsTaint = false;
  const lookup = (mark: (label: string) => TaintMark | undefined): SessionLookup | undefined =>
    labels && {
      now,
      history: () => [],
      tainted: (label) => {
        readsTaint = true;
        return mark(label);
      },
    };
  const decision = engine.evaluate(call, { dryRun: true, session: lookup(() => undefined) });
  if (!readsTaint) return { decision, readsTaint };
  // The same call reaches the same first session_tainted test whatever it answers.
  const tainted = engine.evaluate(call, {
    dryRun: true,
    // Only whether a label is on the call decides (explain alone shows the mark's details).
    session: lookup((label) => (labels?.includes(label) ? { label, key: '', until: now + 1, policy: '' } : undefined)),
  });
  return { decision, readsTaint, tainted };
}

export interface RedeciderOptions {
  /**
   * Answers worked out ahead may carry `taintsDeferred` (Engine's deferDeniedTaints): their
   * derived taints are worked out on this engine only when a later call reads a label they could
   * set (replay-taints.ts). Decide may then throw LazyTaintsUnsafe (replay again without).
   */
  deferTaints?: boolean;
  /** Smaller bounds for deferred taints (tests). */
  deferLimits?: DeferLimits;
}

/** What a set's rules can read of the session state (docs/session-rules.md). */
interface SessionUse {
  /** session_after / session_count: the history of earlier calls. */
  history: boolean;
  /** The labels session_tainted tests. */
  labels: string[];
}

/** The taint labels some rule of these files tests with session_tainted. */
export function testedLabels(files: readonly ParsedPolicyFile[]): string[] {
  return sessionUse(files).labels;
}

/**
 * Whether a Redecider over an engine of these files (`deterministic`: its answer) can take answers
 * with deferred taints: every call keyed, and the session read through labels alone.
 */
export function canDeferTaints(files: readonly ParsedPolicyFile[], deterministic: boolean): boolean {
  const u = sessionUse(files);
  return deterministic && !u.history && u.labels.length > 0;
}

function sessionUse(files: readonly ParsedPolicyFile[]): SessionUse {
  const labels = new Set<string>();
  let history = false;
  for (const f of files)
    for (const p of f.policies)
      for (const r of p.rules) {
        if (r.when.session_after || r.when.session_count) history = true;
        for (const l of r.when.session_tainted ?? []) labels.add(l);
      }
  return { history, labels: [...labels] };
}

/**
 * Decides recorded calls under one engine as dry runs at their recorded time, in the order given,
 * rebuilding the session state as it goes (each call joins its session's history with the
 * candidate's decision, and the candidate's taint labels go on its session, credential and run),
 * so session-aware rules see what they would have seen. A set with call counts, expiries,
 * once-rules, webhooks or history rules decides every call afresh; any other set gives an
 * identical call, with the same taint labels on it, the same answer, so those answers are
 * remembered (bounded) rather than decided again: logs repeat the same calls a great deal.
 */
export class Redecider {
  /**
   * Remembered answers in two generations: new and used ones go into `young`; when it is half the
   * bound, it becomes `old` and the old one is dropped. Roughly least recently used, without the
   * delete and re-insert a strict order costs on every hit.
   */
  private young = new Map<string, Remembered>();
  private old = new Map<string, Remembered>();
  /** Characters of the keys in `young`. */
  private youngChars = 0;
  /** Whether any policy of the set looks at the agent id, or at the session id. */
  private readonly byAgent: boolean;
  private readonly bySession: boolean;
  private readonly use: SessionUse;
  /** The labels string of a call that carries every label the set tests. */
  private readonly allLabels: string;
  /** Present when some rule reads the session state (and taints are not deferred). */
  private readonly state: SessionState | undefined;
  /**
   * Present instead of `state` when answers may come with their derived taints deferred
   * (RedeciderOptions.deferTaints): the labels, with deferred calls worked out only when read.
   */
  private readonly lazy: DeferredTaints | undefined;
  /** Memo hits, for the report. */
  hits = 0;

  constructor(
    private readonly engine: {
      evaluate(call: ToolCall, o: { dryRun: boolean; session?: SessionLookup }): Decision;
      readonly deterministic: boolean;
      readonly counter: { record(tool: string, now: number): boolean };
      readonly files: readonly ParsedPolicyFile[];
    },
    private readonly clock: SettableClock,
    private readonly maxEntries = REPLAY_MEMO_ENTRIES,
    home?: string,
    private readonly maxChars = REPLAY_MEMO_CHARS,
    opts: RedeciderOptions = {},
  ) {
    const policies = engine.files.flatMap((f) => f.policies);
    this.byAgent = policies.some((p) => p.match.agent.length > 0);
    this.bySession = policies.some(
      (p) => p.match.session.length > 0 || p.rules.some((r) => (r.when.session_matches?.length ?? 0) > 0),
    );
    this.use = sessionUse(engine.files);
    this.allLabels = this.use.labels.map((l) => `${l},`).join('');
    // Deferred taints need every call keyed (a set deciding afresh is never decided ahead) and are
    // read through labels alone (no history rule).
    if (opts.deferTaints && canDeferTaints(engine.files, engine.deterministic))
      this.lazy = new DeferredTaints(
        labelTtls(engine.files),
        this.use.labels,
        (call, at, session) => {
          const saved = this.clock.now();
          this.clock.set(at);
          try {
            return this.engine.evaluate(call, { dryRun: true, session }).taints;
          } finally {
            this.clock.set(saved);
          }
        },
        opts.deferLimits,
      );
    else if (this.use.history || this.use.labels.length) this.state = new SessionState(clock, home);
  }

  /** Deferred calls worked out so far (0 without deferred taints). */
  get resolutions(): number {
    return this.lazy?.resolutions ?? 0;
  }

  /**
   * The key identical calls share in the memory of answers (everything a rule of this set can look
   * at; run and tool-call ids never are), or undefined when this set decides every call afresh.
   */
  keyOf(rc: RecordedCall): string | undefined {
    if (!this.engine.deterministic || this.use.history) return undefined;
    const c = rc.call;
    return JSON.stringify([
      c.tool,
      this.byAgent ? c.agent : '',
      this.bySession ? c.session : '',
      c.workdir ?? null,
      c.agentDepth ?? 0,
      c.params,
      c.input ?? null,
      // the text of the scripts it ran, as recorded: the same line over another text is another call
      c.scripts ?? null,
    ]);
  }

  /** The answers remembered for this key, if any (without touching their recency). */
  recall(key: string): Remembered | undefined {
    return this.young.get(key) ?? this.old.get(key);
  }

  /** The taint labels the set tests, or undefined when no rule reads the session state. */
  get sessionLabels(): readonly string[] | undefined {
    return this.state || this.lazy ? this.use.labels : undefined;
  }

  /**
   * Decides one call in recorded order. `ahead`, when given, is the call's key and possibly an
   * answer worked out beforehand by answerAhead (another thread): used where the call carries
   * no label the set tests, or where no session_tainted test was reached.
   */
  decide(rc: RecordedCall, ahead?: Ahead): Decision {
    const t = ahead?.at ?? Date.parse(rc.timestamp);
    if (Number.isFinite(t)) this.clock.set(t);
    const e = this.engine;
    const c = rc.call;
    const state = this.state;
    const lazy = this.lazy;
    const session = lazy ? lazy.begin(c, rc.credential, this.clock.now()) : state?.lookup(c, rc.credential);
    let d: Decision;
    const key = ahead?.key ?? this.keyOf(rc);
    if (key === undefined) {
      e.counter.record(c.tool, this.clock.now());
      d = e.evaluate(c, { dryRun: true, session });
    } else d = this.remembered(key, session, c, ahead?.answer, ahead?.kept);
    if (lazy && key !== undefined) {
      const at = this.clock.now();
      if (d.taintsDeferred) lazy.defer(c, rc.credential, key, d.taints, at);
      else if (d.taints?.length) lazy.restore(c, rc.credential, d.taints, at);
    } else if (state) {
      if (this.use.history) state.record(c, rc.credential, d, this.clock.now());
      else if (d.taints?.length) {
        const at = this.clock.now();
        const marks: TaintMark[] = [];
        for (const tt of d.taints)
          for (const key of taintKeys(c, rc.credential))
            marks.push({ label: tt.label, key, until: at + tt.ttlMs, policy: tt.policy });
        state.restoreTaints(marks, at);
      }
    }
    return d;
  }

  /**
   * The answer for an identical call, or a new one remembered. An answer that read no taint label
   * (no rule got as far as its session_tainted test) holds whatever labels the call carries;
   * one that did is kept for the labels the call carried. An answer worked out ahead that read one
   * is kept for both label sets it was worked out for (none, every one), so that the same call
   * seen later with the other set is not decided again on this thread.
   */
  private remembered(
    key: string,
    session: SessionLookup | undefined,
    c: ToolCall,
    answer: AheadAnswer | undefined,
    held: Remembered | undefined,
  ): Decision {
    let kept = this.hit(key);
    // Remembered when the call was read and dropped since (a long window ahead): still its answers.
    if (!kept && held) {
      kept = held;
      this.remember(key, held);
    }
    if (kept?.any) {
      this.hits++;
      return kept.any;
    }
    // The labels the set tests that this call carries: the only session state its rules read.
    let labels = '';
    // With deferred taints, reading a label may work pending calls out on the engine, which must
    // not happen during an evaluation: every label is read here, and the engine shown these answers.
    const carried = this.lazy ? new Set<string>() : undefined;
    if (session)
      for (const l of this.use.labels)
        if (session.tainted(l)) {
          labels += `${l},`;
          carried?.add(l);
        }
    const byLabels = kept?.byLabels?.get(labels);
    if (byLabels) {
      this.hits++;
      return byLabels;
    }
    let decision: Decision;
    let readsTaint = false;
    // An answer worked out with no label on the call is this call's answer when it carries none
    // (every session_tainted test then reads the same), or when no such test was reached.
    if (answer && (!answer.readsTaint || !labels)) ({ decision, readsTaint } = answer);
    else if (answer?.tainted && labels === this.allLabels) {
      decision = answer.tainted;
      readsTaint = true;
    } else {
      const probe: SessionLookup | undefined = session && {
        now: session.now,
        history: () => session.history(),
        tainted: (label) => {
          readsTaint = true;
          if (carried) return carried.has(label) ? { label, key: '', until: session.now + 1, policy: '' } : undefined;
          return session.tainted(label);
        },
      };
      decision = this.engine.evaluate(c, { dryRun: true, session: probe });
    }
    if (!readsTaint) {
      this.remember(key, { any: decision });
      return decision;
    }
    const r: Remembered = kept?.byLabels ? kept : { byLabels: new Map() };
    const map = r.byLabels ?? new Map<string, Decision>();
    r.byLabels = map;
    if (answer?.readsTaint) {
      map.set('', answer.decision);
      if (answer.tainted) map.set(this.allLabels, answer.tainted);
    }
    map.set(labels, decision);
    if (r !== kept) this.remember(key, r);
    return decision;
  }

  private hit(key: string): Remembered | undefined {
    const young = this.young.get(key);
    if (young) return young;
    const hit = this.old.get(key);
    // Used again: it moves up, so the calls a log repeats stay and one-off calls go first.
    if (hit) this.remember(key, hit);
    return hit;
  }

  private remember(key: string, r: Remembered): void {
    if (this.young.size >= this.maxEntries / 2 || this.youngChars + key.length > this.maxChars / 2) {
      this.old = this.young;
      this.young = new Map();
      this.youngChars = 0;
    }
    if (!this.young.has(key)) this.youngChars += key.length;
    this.young.set(key, r);
  }
}
