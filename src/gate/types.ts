// What goes into the one decision core and what comes out. No HTTP here: the server turns a
// GateResult into a status code and a reply body (server/gate-reply.ts).
import type { Decision, PolicyEngine, ToolCall, WebhookConfig } from '../policy/types.js';
import type { AuditEvent, AuditWriter } from '../audit/types.js';
import type { Clock } from '../util/clock.js';
import type { Bus, BusEvent } from '../audit/bus.js';
import type { WindowCounter } from '../util/window-counter.js';
import type { ApprovalsForGate, ApprovalView } from '../approvals/types.js';
import type { SessionLookup, TaintMark } from '../policy/session-types.js';

/** The per-session state the gate reads before a decision and records into after one. */
export interface SessionRecorder {
  lookup(call: ToolCall, credential: string): SessionLookup;
  record(call: ToolCall, credential: string, decision: Decision): TaintMark[];
}

export type WebhookCaller = (
  cfg: WebhookConfig,
  payload: Record<string, unknown>,
) => Promise<{ action: 'allow' | 'deny'; message: string }>;

/** A candidate policy set decided beside the live one (docs/shadow-and-replay.md). */
export interface ShadowPolicies {
  /**
   * The candidate's decision of a call, with no side effect anywhere (no once-rule used, no
   * webhook, no queue); null when no candidate is loaded.
   */
  decide(call: ToolCall, session?: SessionLookup): Decision | null;
}

export interface GateDeps {
  policies: { readonly current: PolicyEngine };
  audit: AuditWriter | null;
  approvals: ApprovalsForGate;
  clock: Clock;
  /** monitor: every decision is recorded but none is applied (no grants, no queue, no webhook). */
  mode: 'enforce' | 'monitor';
  bus: Bus;
  callCounts: WindowCounter;
  callWebhook: WebhookCaller;
  /** Decided beside the live set; only differences are recorded. */
  shadow?: ShadowPolicies;
  /** Session-aware rules' state (src/policy/session-state.ts); absent: none is kept. */
  sessions?: SessionRecorder;
  log?: (msg: string) => void;
}

/** Where a call came from; recorded in its audit event. */
export type Source = 'tool' | 'preflight' | 'socket' | 'hook' | 'mcp';

/** Who is asking, as far as the gate cares: grants are bound to the credential that earned them. */
export interface Caller {
  credentialOwner: string;
}

interface RequestBase {
  call: ToolCall;
  identity: Caller;
}

/**
 * The four ways a call reaches the gate:
 * - preview: what would happen, changing nothing (no count, no grant used, no webhook, no record);
 * - enforce: the call is about to run; a preflight source never queues an approval;
 * - response: the call already ran and reports its output, which response rules then judge;
 * - blocking: like enforce, but an ask waits for the human and the result is the final word.
 */
export type GateRequest =
  | (RequestBase & { mode: 'preview' })
  | (RequestBase & { mode: 'enforce'; source: 'tool' | 'preflight' | 'mcp' })
  | (RequestBase & { mode: 'response'; source: 'tool'; response: string })
  | (RequestBase & {
      mode: 'blocking';
      source: 'socket' | 'hook' | 'mcp';
      /** false when the caller cannot wait for a human: an ask is answered as an ask. */
      wait: boolean;
      signal?: AbortSignal;
      /** Extra fields for the audit record's request (pid, path...). */
      extraRequest?: Record<string, unknown>;
      /**
       * false: an allow is answered at once and its record appended right after, in the same
       * loop turn (written with the next ones within LAZY_FLUSH_MS). The preload socket uses
       * this so an exec costs microseconds, not an fsync; everything else waits for durability.
       */
      durableAllows?: boolean;
    });

/** A grant that turned an ask into an allow. */
export type GrantEffect =
  /** An approved exact retry, used up by this call; askAuditId is this call's own ask record. */
  | { scope: 'once'; approval: ApprovalView; askAuditId: string }
  /** A live run grant; approvalId when it approved the approval this call just queued. */
  | { scope: 'run'; approvalId?: string };

export interface ResponseOutcome {
  decision: Decision;
  /** The output must not reach the agent (a response deny while enforcing). */
  withheld: boolean;
}

export interface GateResult {
  /** The effective decision: after the webhook, grants and (blocking) the human's answer. */
  decision: Decision;
  /** The decision is applied: enforce mode and not a preview. */
  enforced: boolean;
  grant?: GrantEffect;
  /** enforce: the pending approval this ask queued; blocking: the approval as it was resolved. */
  approval?: ApprovalView;
  response?: ResponseOutcome;
  /** Id of the decision's audit record (absent for a preview, a lazy allow or auditing off). */
  auditId?: string;
  /** The audit records appended before this result (lazy allows are appended right after). */
  records: AuditEvent[];
  /** The live-view events emitted for this call. */
  events: BusEvent[];
  /** The same request would get the same answer at once (a deterministic, undelayed allow). */
  cacheable: boolean;
  /**
   * With `cacheable` (blocking mode): records one more identical request that was answered with
   * this result without being decided (`over`: request fields of its own, such as pid and ppid).
   */
  repeat?: (over: Record<string, unknown>) => void;
}
