// Turns the gate's result into what each caller is answered: the /v1/tool status and body, the
// /v1/preflight body, the preload socket's line. Monitor mode is shaped here, once, for all three.
import type { Decision } from '../src/policy/types.js';
import { grantRecordFields, isAllowed, type GateResult } from '../src/gate/gate.js';

/** Replaces tool output that a response rule denied. */
export const RESPONSE_REDACTION_MARKER = '[REDACTED: sensitive content removed by svc]';

type Body = Record<string, unknown>;

/**
 * Monitor mode observes and never applies: the effective answer is always allow, and the
 * policy's own answer is reported beside it.
 */
export function monitorView(d: Decision): {
  decision: string;
  allowed: true;
  message: string;
  policy_decision: string;
  policy_message: string;
} {
  const message = isAllowed(d.action)
    ? d.message
    : `monitor mode observed ${d.action}; action allowed${d.message ? `: ${d.message}` : ''}`;
  return {
    decision: isAllowed(d.action) ? d.action : 'allow',
    allowed: true,
    message,
    policy_decision: d.action,
    policy_message: d.message,
  };
}

/** POST /v1/tool: 403 for an enforced deny, 202 for a queued ask, otherwise 200. */
export function toolReply(
  r: GateResult,
  mode: 'enforce' | 'monitor',
  response?: string,
): { status: number; body: Body } {
  const d = r.decision;
  const body: Body = {
    allowed: isAllowed(d.action),
    decision: d.action,
    message: d.message,
    eval_duration_us: d.evalDurationUs,
    suggestions: d.suggestions ?? [],
  };
  if (d.policy) body.policy = d.policy;
  if (r.auditId) body.audit_id = r.auditId;
  Object.assign(body, grantRecordFields(r.grant));
  if (mode === 'monitor') Object.assign(body, { enforced: false }, monitorView(d));

  let status = 200;
  if (r.enforced && d.action === 'deny') status = 403;
  else if (r.enforced && d.action === 'ask' && r.approval) {
    status = 202;
    Object.assign(body, {
      approval_id: r.approval.id,
      approval_status: r.approval.status,
      expires_at: r.approval.expires_at,
      action: r.approval.action,
    });
  }
  if (r.response) {
    const rd = r.response.decision;
    body.response_policy_decision = rd.action;
    body.response_policy_message = rd.message;
    if (r.response.withheld) {
      Object.assign(body, {
        allowed: false,
        decision: 'deny',
        message: rd.message || 'tool output withheld by response policy',
      });
      body.response = RESPONSE_REDACTION_MARKER;
    } else {
      body.response = response;
    }
  }
  return { status, body };
}

/** POST /v1/preflight: always 200; the decision is in the body. */
export function preflightReply(r: GateResult, mode: 'enforce' | 'monitor', enforcementRequested: boolean): Body {
  const d = r.decision;
  const body: Body = {
    allowed: isAllowed(d.action),
    decision: d.action,
    message: d.message,
    matched_policies: d.matchedPolicies,
    eval_duration_us: d.evalDurationUs,
    enforced: r.enforced,
    enforcement_requested: enforcementRequested,
    ...grantRecordFields(r.grant),
  };
  if (d.suggestions?.length) body.suggestions = d.suggestions;
  if (mode === 'monitor') Object.assign(body, monitorView(d));
  return body;
}

export interface BlockingReply {
  decision: 'allow' | 'deny' | 'ask' | 'watch';
  allowed: boolean;
  message: string;
  /** The same request would get the same answer (the preload listener may reuse it). */
  cacheable?: boolean;
}

/** The preload socket: the final word (an ask here is one the caller could not wait for). */
export function blockingReply(r: GateResult, mode: 'enforce' | 'monitor'): BlockingReply {
  if (mode === 'monitor') {
    const m = monitorView(r.decision);
    return {
      decision: m.decision as BlockingReply['decision'],
      allowed: true,
      message: m.message,
      cacheable: r.cacheable,
    };
  }
  const action = r.decision.action;
  if (action === 'ask') return { decision: 'ask', allowed: false, message: r.decision.message };
  // An unresolved webhook cannot reach here while enforcing; refuse rather than guess if it does.
  if (action === 'webhook')
    return { decision: 'deny', allowed: false, message: 'webhook decision missing; call blocked' };
  return { decision: action, allowed: isAllowed(action), message: r.decision.message, cacheable: r.cacheable };
}
