// The one decision every framework adapter makes before a tool runs: ask svc, wait for a
// human on ask, and either return (the call may run) or throw DeniedError. With the server
// away it throws too (decision "unavailable") unless the client was made with failOpen, so a
// framework never runs a tool it could not get an answer for.
import { DeniedError, NetworkError, type Client, type Decision } from '../index.js';

export interface CheckOptions {
  agent?: string;
  session?: string;
  /** Groups one task's calls for bulk approval; with toolCallId it makes an approval a once-only grant. */
  runId?: string;
  /** The framework's id of this call (recorded in the audit log). */
  toolCallId?: string;
  /** Longest wait for a human on ask (default: until the approval expires). 0 refuses at once. */
  approvalWaitMs?: number;
}

/** A bound used when the server sends no expiry: its default approval timeout plus slack. */
const DEFAULT_APPROVAL_WAIT_MS = 125_000;
/** Waiting this long past the expiry lets the final status be read. */
const EXPIRY_SLACK_MS = 5_000;

function approvalWait(expiresAt: string | undefined, cap: number | undefined): number {
  let wait = DEFAULT_APPROVAL_WAIT_MS;
  const at = expiresAt ? Date.parse(expiresAt) : NaN;
  if (Number.isFinite(at)) wait = at - Date.now() + EXPIRY_SLACK_MS;
  if (cap !== undefined) wait = Math.min(wait, cap);
  return Math.max(wait, 0);
}

/** The refusal's message is what the model reads, so it says who refused and why. */
function refusal(toolClass: string, decision: string, reason: string): string {
  return `svc refused this ${toolClass} call (${decision}): ${reason}`;
}

/** Resolves with the allowing decision, or throws DeniedError (the tool must not run). */
export async function checkCall(
  svc: Client,
  toolClass: string,
  params: Record<string, unknown>,
  o: CheckOptions = {},
): Promise<Decision> {
  const call = { params, agent: o.agent, session: o.session, runId: o.runId, toolCallId: o.toolCallId };
  let d: Decision;
  try {
    d = await svc.evaluate(toolClass, call);
  } catch (err) {
    if (err instanceof NetworkError) {
      throw new DeniedError(
        refusal(toolClass, 'unavailable', `the svc server could not be reached (fail closed): ${err.message}`),
        toolClass,
        'unavailable',
        undefined,
        undefined,
        undefined,
      );
    }
    throw err;
  }
  if (d.allowed) return d;
  if (d.decision !== 'ask' || !d.approval_id) {
    throw new DeniedError(refusal(toolClass, d.decision, d.message), toolClass, d.decision, d.policy, d.approval_id, d);
  }
  const final = await svc.approvals.wait(d.approval_id, { timeoutMs: approvalWait(d.expires_at, o.approvalWaitMs) });
  if (final.status !== 'approved') {
    throw new DeniedError(
      refusal(toolClass, 'ask', `approval ${final.status}: ${d.message}`),
      toolClass,
      'ask',
      d.policy,
      d.approval_id,
      final,
    );
  }
  if (!o.runId || !o.toolCallId)
    return { ...d, allowed: true, decision: 'allow', message: `approved by ${final.resolved_by ?? 'an operator'}` };
  // Spend the once-only grant so the audit log shows the approved call being made.
  const retry = await svc.evaluate(toolClass, call);
  if (!retry.allowed)
    throw new DeniedError(
      refusal(toolClass, retry.decision, retry.message),
      toolClass,
      retry.decision,
      retry.policy,
      retry.approval_id,
      retry,
    );
  return retry;
}
