// What each session, credential and run did before the current call, for the session-aware
// `when` keys (docs/session-rules.md). The state is the engine's own: the gate records a call
// here after a decision that was not a dry run, and evaluation reads it through a SessionLookup.
// Everything is bounded: a least-recently-used map of sessions, a fixed number of events per
// session, a fixed number of taint keys, and events older than the longest window are dropped.
import { homedir } from 'node:os';
import type { Clock } from '../util/clock.js';
import { dropOldest } from '../util/drop-oldest.js';
import type { ToolCall } from './types.js';
import { readFields, type CallFields } from './accessors.js';
import { lexicalPath } from './paths.js';
import { normalizeDomain } from './glob.js';
import { EffectCache, effectsOf } from './effects/decide.js';
import type { SessionEvent, SessionLookup, TaintMark, TaintSpec } from './session-types.js';

export type { SessionEvent, SessionLookup, TaintMark, TaintSpec };

/** Sessions whose history is kept; the least recently used is dropped first. */
export const MAX_SESSIONS = 2048;
/** Events kept per session (the oldest goes first). */
export const MAX_EVENTS_PER_SESSION = 64;
/** Sessions, credentials and runs that can carry a taint label at once. */
export const MAX_TAINT_KEYS = 16_384;
/** Credentials and runs remembered per session (to show where a taint came from). */
const MAX_KEYS_PER_SESSION = 8;
/** Characters of a command (or path, URL) kept in an event. */
export const MAX_EVENT_TEXT = 256;
/** Events older than this are never read: the longest session_count window (also the rebuild horizon). */
export const MAX_HISTORY_MS = 24 * 3_600_000;
/** Derived effects (what an exec or MCP call amounts to) recorded per call. */
const MAX_DERIVED_EVENTS = 8;
/** Longest command whose derived effects are cached between records. */
const MAX_CACHED_COMMAND = 4096;
/** How long a taint lasts when the rule does not say (`taint: {label, for}` sets it). */
export const DEFAULT_TAINT_MS = 3_600_000;

export interface SessionSnapshot {
  session: string;
  events: SessionEvent[];
  taints: TaintMark[];
  limits: { sessions: number; events_per_session: number; taint_keys: number; history_ms: number };
}

/** At most MAX_EVENT_TEXT characters, copied: a slice would keep the whole (up to 2 MiB) command alive. */
function cut(s: string | undefined): string | undefined {
  if (s === undefined || s.length <= MAX_EVENT_TEXT) return s;
  return Buffer.from(s.slice(0, MAX_EVENT_TEXT), 'utf8').toString('utf8');
}

function domainOf(url: string): string | undefined {
  try {
    const h = new URL(url).hostname;
    return h ? normalizeDomain(h) : undefined;
  } catch {
    return undefined;
  }
}

/** The keys a call's taint lives on: its session, the credential that sent it, its run. */
export function taintKeys(call: Pick<ToolCall, 'session' | 'runId'>, credential: string | undefined): string[] {
  const keys: string[] = [];
  if (call.session) keys.push(`s:${call.session}`);
  if (credential) keys.push(`c:${credential}`);
  if (call.runId) keys.push(`r:${call.runId}`);
  return keys;
}

interface SessionEntry {
  events: SessionEvent[];
  /** The credential and run keys this session's calls carried. */
  keys: Set<string>;
}

export class SessionState {
  private readonly effects = new EffectCache();
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly taints = new Map<string, Map<string, TaintMark>>();
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly clock: Clock,
    private readonly home: string = homedir(),
  ) {}

  /** Called when a key gets a label it did not carry (cached allows must then be dropped). */
  onNewTaint(fn: () => void): void {
    this.listeners.push(fn);
  }

  lookup(call: Pick<ToolCall, 'session' | 'runId'>, credential?: string): SessionLookup {
    const now = this.clock.now();
    const session = call.session;
    const keys = taintKeys(call, credential);
    return {
      now,
      history: () => {
        const list = session ? this.sessions.get(session)?.events : undefined;
        if (!list) return [];
        const from = now - MAX_HISTORY_MS;
        return list[0] && list[0].t >= from ? list : list.filter((e) => e.t >= from);
      },
      tainted: (label) => {
        for (const k of keys) {
          const m = this.taints.get(k)?.get(label);
          if (m && m.until > now) {
            this.touch(this.taints, k);
            return m;
          }
        }
        return undefined;
      },
    };
  }

  /**
   * Records a decided call: its own event, what it amounts to, and the taint labels its decision
   * carries (on its session, credential and run). Returns the marks set, for the audit record.
   */
  record(
    call: ToolCall,
    credential: string | undefined,
    decision: { action: string; taints?: TaintSpec[] },
    at: number = this.clock.now(),
  ): TaintMark[] {
    if (call.session) {
      let entry = this.sessions.get(call.session);
      if (entry) this.touch(this.sessions, call.session);
      else {
        if (this.sessions.size >= MAX_SESSIONS) dropOldest(this.sessions);
        entry = { events: [], keys: new Set() };
        this.sessions.set(call.session, entry);
      }
      for (const ev of this.eventsOf(call, decision.action, at)) {
        if (entry.events.length >= MAX_EVENTS_PER_SESSION) entry.events.shift();
        entry.events.push(ev);
      }
      for (const k of taintKeys({ session: '', runId: call.runId }, credential)) {
        if (entry.keys.size >= MAX_KEYS_PER_SESSION) dropOldest(entry.keys);
        entry.keys.add(k);
      }
    }
    const marks: TaintMark[] = [];
    for (const t of decision.taints ?? []) {
      for (const key of taintKeys(call, credential))
        marks.push({ label: t.label, key, until: at + t.ttlMs, policy: t.policy });
    }
    this.restoreTaints(marks, at);
    return marks;
  }

  /** Puts taint marks back (from the audit log at start, or from record). */
  restoreTaints(marks: TaintMark[], now: number = this.clock.now()): void {
    let fresh = false;
    for (const m of marks) {
      if (m.until <= now) continue;
      let labels = this.taints.get(m.key);
      if (labels) this.touch(this.taints, m.key);
      else {
        if (this.taints.size >= MAX_TAINT_KEYS) dropOldest(this.taints);
        labels = new Map();
        this.taints.set(m.key, labels);
      }
      const old = labels.get(m.label);
      if (!old || old.until <= now) fresh = true;
      if (!old || old.until < m.until) labels.set(m.label, { ...m });
    }
    if (fresh) for (const fn of this.listeners) fn();
  }

  /** Everything known about one session id: its events and the taints on it (by any key it had). */
  snapshot(session: string): SessionSnapshot {
    const now = this.clock.now();
    const entry = this.sessions.get(session);
    const events = (entry?.events ?? []).filter((e) => e.t >= now - MAX_HISTORY_MS);
    // The credentials and runs this session's calls carried are read too, so the operator sees
    // a taint that reached it from another session id.
    const taints = [`s:${session}`, ...(entry?.keys ?? [])].flatMap((k) => this.marksOn(k));
    return {
      session,
      events: events.map((e) => ({ ...e })),
      taints,
      limits: {
        sessions: MAX_SESSIONS,
        events_per_session: MAX_EVENTS_PER_SESSION,
        taint_keys: MAX_TAINT_KEYS,
        history_ms: MAX_HISTORY_MS,
      },
    };
  }

  /** Live taint marks on a credential or run key (for the session view). */
  marksOn(key: string): TaintMark[] {
    const now = this.clock.now();
    return [...(this.taints.get(key)?.values() ?? [])].filter((m) => m.until > now);
  }

  get size(): { sessions: number; taintKeys: number } {
    return { sessions: this.sessions.size, taintKeys: this.taints.size };
  }

  private touch<V>(map: Map<string, V>, key: string): void {
    const v = map.get(key);
    if (v === undefined) return;
    map.delete(key);
    map.set(key, v);
  }

  private eventsOf(call: ToolCall, action: string, t: number): SessionEvent[] {
    let fields: CallFields = {};
    try {
      fields = readFields(call);
    } catch {
      // an ambiguous call is denied by the engine; its tool is still part of the history
    }
    const own = this.event(call.tool, action, t, fields);
    const out = [own];
    // Long commands get a throw-away cache: the kept one would hold thousands of them alive.
    const cache = (fields.command?.length ?? 0) <= MAX_CACHED_COMMAND ? this.effects : new EffectCache();
    try {
      const effects = effectsOf(call, fields.command, fields.path, cache);
      for (const e of effects.slice(0, MAX_DERIVED_EVENTS)) {
        const ev = this.event(e.tool, action, t, {
          command: e.command,
          path: e.path,
          url: e.url,
          workdir: fields.workdir,
        });
        ev.via = cut(e.via);
        out.push(ev);
      }
    } catch {
      // what the call amounts to could not be read: the engine refused it, its own event stays
    }
    return out;
  }

  private event(tool: string, action: string, t: number, f: CallFields): SessionEvent {
    const ev: SessionEvent = { t, tool, action };
    if (f.command !== undefined) ev.command = cut(f.command);
    if (f.path !== undefined) ev.path = cut(lexicalPath(f.path, f.workdir, this.home));
    if (f.url !== undefined) {
      ev.url = cut(f.url);
      const d = domainOf(f.url);
      if (d) ev.domain = d;
    }
    if (f.domain !== undefined) ev.domain = normalizeDomain(f.domain);
    return ev;
  }
}
