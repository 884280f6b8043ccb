// The rule-matching answer for a call seen before, reused. A policy set does not change while an
// engine lives, so which rule decides a call (and which taints it puts on it) depends only on
// what the rules in scope read of the call: the command's readings, and for some rules the path
// readings, URL, domain, session id, agent depth or named parameters. Rules that read the clock
// (expires_at), the call counter, once-consumption or session history make a scope's answers
// unrepeatable: such scopes are never memoized (session history only when a lookup is given).
// A repeated `git status` thus costs one lookup instead of a pass over every rule in scope.
import type { Decision } from './types.js';
import type { CompiledPolicy, CompiledRule } from './compile.js';
import type { CallView, CommandReadings } from './match.js';
import { paramText } from './accessors.js';
import { FifoMap } from '../util/fifo-map.js';

/** What a rule reads of a call besides its command (bits), or VOLATILE. */
const PATH = 1;
const URL = 2;
const DOMAIN = 4;
const SESSION_ID = 8;
const DEPTH = 16;
const PARAMS = 32;
/** Session history: repeatable only when the call comes without a session lookup. */
const SESSION_STATE = 64;
const VOLATILE = 128;

/** Answers kept for calls without a command, or whose rules read more than the command. */
const MEMO_ENTRIES = 4096;
/** ...within this many characters of keys. */
const MEMO_CHARS = 2 * 1024 * 1024;

/**
 * The compiled `when` fields classified below. A field added later and not listed here makes its
 * rule VOLATILE (never memoized) until someone says what it reads: a new key cannot silently
 * get a stale answer.
 */
const KNOWN_FIELDS = new Set([
  // the command's readings alone
  'isDefault',
  'unconditional',
  'hasPositive',
  'command',
  'commandCompound',
  'contains',
  'commandNot',
  'env',
  'dynamic',
  // the response side, not read when a request is decided
  'responseMatch',
  'responseNot',
  // read below
  'path',
  'pathNot',
  'pathIndexed',
  'url',
  'domain',
  'session',
  'sessionNot',
  'agentDepth',
  'toolParams',
  'callCount',
  'sessions',
]);

function ruleReads(r: CompiledRule): number {
  const w = r.when;
  let m = 0;
  for (const k in w) if (!KNOWN_FIELDS.has(k)) m |= VOLATILE;
  if (r.expiresAt !== undefined || r.ast.once || w.callCount) m |= VOLATILE;
  if (w.path || w.pathNot) m |= PATH;
  if (w.url) m |= URL;
  if (w.domain) m |= DOMAIN;
  if (w.session || w.sessionNot) m |= SESSION_ID;
  if (w.agentDepth) m |= DEPTH;
  if (w.toolParams) m |= PARAMS;
  if (w.sessions) m |= SESSION_STATE;
  return m;
}

/**
 * Whether a rule answers a call the same every time it is asked: 'never' when it reads the clock,
 * counters, once-consumption or a field not classified above; 'sessionless' when it reads session
 * history (repeatable only for calls that come without session state).
 */
export function ruleRepeatable(r: CompiledRule): 'always' | 'sessionless' | 'never' {
  const m = ruleReads(r);
  if (m & VOLATILE) return 'never';
  return m & SESSION_STATE ? 'sessionless' : 'always';
}

/** How the answers of one scope (a list of policies in evaluation order) may be reused. */
interface Plan {
  /** Distinguishes scopes within one engine. */
  id: number;
  reads: number;
  /** Parameter names read by tool_param_matches, in a fixed order. */
  params: string[];
}

export class DecisionMemo {
  private readonly plans = new WeakMap<CompiledPolicy[], Plan>();
  private nextId = 0;
  private readonly byKey = new FifoMap<string, Decision>();
  private chars = 0;

  /**
   * Registers a scope list the engine keeps (one per tool): only those are memoized, since a list
   * made for one call (some policy's agent or session filter left out) would never be met again.
   */
  register(scope: CompiledPolicy[]): void {
    if (!this.plans.has(scope)) this.plans.set(scope, this.planFor(scope));
  }

  private planFor(scope: CompiledPolicy[]): Plan {
    let reads = 0;
    const params = new Set<string>();
    for (const p of scope)
      for (const r of p.rules) {
        reads |= ruleReads(r);
        for (const t of r.when.toolParams ?? []) params.add(t.name);
      }
    return { id: this.nextId++, reads, params: [...params].sort() };
  }

  /**
   * Where the answer for this call is kept: on the command's readings (a number) when the scope
   * reads nothing else, else a key string; null when the answer cannot be reused.
   */
  slot(scope: CompiledPolicy[], view: CallView, command: string | undefined): number | string | null {
    const plan = this.plans.get(scope);
    if (!plan) return null;
    const reads = plan.reads;
    if (reads & VOLATILE || (reads & SESSION_STATE && view.session !== undefined)) return null;
    if (!(reads & ~SESSION_STATE) && view.cmd) return plan.id;
    // JSON, so that no text a call carries (control characters included) can make two calls' keys
    // equal; which parts are present is fixed by the plan.
    const parts: unknown[] = [plan.id, command ?? null];
    if (reads & PATH) parts.push(view.paths ?? null, view.pathsRel ?? null);
    if (reads & URL) parts.push(view.url ?? null);
    if (reads & DOMAIN) parts.push(view.domain ?? null);
    if (reads & SESSION_ID) parts.push(view.call.session ?? '');
    if (reads & DEPTH) parts.push(view.call.agentDepth ?? 0);
    if (reads & PARAMS) {
      const call = view.call;
      for (const name of plan.params) parts.push(paramText(call.input?.[name] ?? call.params[name]) ?? null);
    }
    return JSON.stringify(parts);
  }

  get(slot: number | string, cmd: CommandReadings | undefined): Decision | undefined {
    const d = typeof slot === 'number' ? (cmd?.decidedIn === slot ? cmd.decided : undefined) : this.byKey.get(slot);
    return d ? cloneDecision(d) : undefined;
  }

  set(slot: number | string, cmd: CommandReadings | undefined, d: Decision): void {
    const kept = cloneDecision(d);
    if (typeof slot === 'number') {
      // One answer per command: a command comes with one tool (one scope) nearly always.
      if (cmd) {
        cmd.decided = kept;
        cmd.decidedIn = slot;
      }
      return;
    }
    while (this.byKey.size && (this.byKey.size >= MEMO_ENTRIES || this.chars + slot.length > MEMO_CHARS)) {
      const first = this.byKey.shift();
      if (!first) break;
      this.chars -= first[0].length;
    }
    if (slot.length > MEMO_CHARS) return;
    this.byKey.set(slot, kept);
    this.chars += slot.length;
  }
}

/** A copy the caller may change (the engine and its callers adjust decisions in place). */
export function cloneDecision(d: Decision): Decision {
  const c: Decision = { ...d, matchedPolicies: d.matchedPolicies.slice() };
  if (d.suggestions) c.suggestions = d.suggestions.slice();
  if (d.webhook) c.webhook = { ...d.webhook };
  if (d.ask) c.ask = { ...d.ask };
  if (d.taints) c.taints = d.taints.map((t) => ({ ...t }));
  return c;
}
