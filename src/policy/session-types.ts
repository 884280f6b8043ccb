// The shapes session-aware evaluation shares between the state, the engine and the gate
// (docs/session-rules.md). No imports, so every side can depend on it.

export interface SessionEvent {
  /** Epoch ms of the decision. */
  t: number;
  tool: string;
  /** The decision's action (allow, deny, ask, watch). */
  action: string;
  command?: string;
  /** Absolute lexical path (joined onto the working directory, ~ expanded). */
  path?: string;
  url?: string;
  domain?: string;
  /** Set when the event is something the call amounts to (a read by `cat`, a fetch by `curl`). */
  via?: string;
}

/** A taint label a rule asks for, as the engine reports it on a decision. */
export interface TaintSpec {
  label: string;
  ttlMs: number;
  /** The policy whose rule set it. */
  policy: string;
}

/** A taint label as stored: on which key, until when. */
export interface TaintMark {
  label: string;
  /** s:<session>, c:<credential owner> or r:<run id>. */
  key: string;
  until: number;
  policy: string;
}

/** What evaluation may read of the state for one call (no writes). */
export interface SessionLookup {
  readonly now: number;
  /** This session's earlier calls, oldest first (empty without a session id). */
  history(): readonly SessionEvent[];
  /** The live mark of a label on the session, its credential or its run. */
  tainted(label: string): TaintMark | undefined;
}
