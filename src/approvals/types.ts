// What the gate needs from the approval machinery (src/approvals implements it).
import type { ToolCall, Decision } from '../policy/types.js';
import { UnavailableError } from '../util/errors.js';

export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'expired';

/** The run scope a run grant is keyed by (docs/api.md): never inferred from run_id alone. */
export interface RunScope {
  agent: string;
  session: string;
  runId: string;
  credentialOwner: string;
}

/** The slice of an approval the gate reads; the store's own record type has more. */
export interface ApprovalView {
  id: string;
  status: ApprovalStatus;
  expires_at: string;
  resolved_by?: string;
  /** Audit id of the event that recorded the approval's resolution (approval_policy_audit_id). */
  resolution_audit_id?: string;
  /** The version-1 action review (docs/api.md) shown on the card. */
  action: Record<string, unknown>;
  redacted: boolean;
  message: string;
}

export interface EnqueueRequest {
  call: ToolCall;
  decision: Decision;
  credentialOwner: string;
  /** Audit id of the evaluation event that produced the ask. */
  auditId: string;
  /** Where the call came from; the socket and hooks wait for the resolution. */
  source: 'tool' | 'socket' | 'hook' | 'mcp';
}

export class QueueFullError extends UnavailableError {
  override name = 'QueueFullError';
  constructor(message: string) {
    super('approval_queue_full', message);
  }
}

export interface ApprovalsForGate {
  /** An approved exact retry (docs/api.md): consumes and returns the approval, at most once. */
  consumeOnceGrant(call: ToolCall, credentialOwner: string): ApprovalView | null;
  /**
   * Puts back a grant consumed for this call whose use could not be recorded (the audit write
   * failed, so the caller got 503 and the call did not run). No-op once it has expired.
   */
  returnOnceGrant?(call: ToolCall, credentialOwner: string): void;
  /** True while a live run grant covers this exact scope (docs/api.md). */
  runGrantCovers(scope: RunScope): boolean;
  /** Queues an ask; throws QueueFullError at capacity. Durable before it resolves. */
  enqueue(req: EnqueueRequest): Promise<ApprovalView>;
  /** Resolves when the approval leaves pending (approved, denied or expired). */
  waitForResolution(id: string, signal?: AbortSignal): Promise<ApprovalView>;
}
