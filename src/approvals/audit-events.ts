// The audit records the approval machinery writes (docs/api.md): resolutions (single and
// bulk, with the run-scope fields and their deprecated aliases), expiry, auto-approval, run-grant
// publication authorization and durable-rule persistence.
import type { AuditInput } from '../audit/types.js';
import type { ApprovalRecord } from './record.js';

export interface BulkAuditInfo {
  scope: 'pending' | 'run';
  grantTtlMs?: number;
  raceCovered?: boolean;
}

function base(rec: ApprovalRecord): Pick<AuditInput, 'agent' | 'session' | 'run_id' | 'tool'> {
  return { agent: rec.agent, session: rec.session, ...(rec.run_id ? { run_id: rec.run_id } : {}), tool: rec.tool };
}

function decision(action: string, message: string): AuditInput['decision'] {
  return { action, matched_policies: [], evaluation_time_us: 0, message };
}

export function resolutionEvent(
  rec: ApprovalRecord,
  o: { approved: boolean; by: string; persistRequested: boolean; bulk?: BulkAuditInfo },
): AuditInput {
  const resolution = o.approved ? (o.persistRequested ? 'always_allowed' : 'approved') : 'denied';
  const request: Record<string, unknown> = {
    action: 'approval_resolved',
    tool: rec.tool,
    command: rec.command,
    resolution,
    resolved_by: o.by,
    approval_id: rec.id,
    persist_requested: o.approved && o.persistRequested,
  };
  if (rec.tool_call_id) request.tool_call_id = rec.tool_call_id;
  if (rec.event_id) request.event_id = rec.event_id;
  if (rec.audit_id) request.request_audit_id = rec.audit_id;
  if (o.bulk) {
    const future = o.bulk.scope === 'run';
    request.bulk = true;
    request.approval_scope = o.bulk.scope;
    request.future_calls_requested = future;
    request.auto_approve = future; // deprecated alias of future_calls_requested
    if (future && o.bulk.grantTtlMs !== undefined) {
      request.grant_ttl_ms = o.bulk.grantTtlMs;
      request.auto_approve_ttl_seconds = Math.ceil(o.bulk.grantTtlMs / 1000); // deprecated alias
    }
    if (o.bulk.raceCovered) request.race_covered = true;
  }
  const verb = o.approved ? 'approved' : 'denied';
  return {
    ...base(rec),
    request,
    decision: decision(verb, `${o.bulk ? 'bulk ' : ''}approval ${verb} by ${o.by}`),
  };
}

export function expiryEvent(rec: ApprovalRecord): AuditInput {
  return {
    ...base(rec),
    request: { action: 'approval_expired', tool: rec.tool, command: rec.command, approval_id: rec.id },
    decision: decision('deny', 'approval timed out; call blocked'),
  };
}

export function autoApprovalEvent(rec: ApprovalRecord, grantExpiresAt: string): AuditInput {
  const request: Record<string, unknown> = {
    action: 'approval_auto_approved',
    tool: rec.tool,
    command: rec.command,
    approval_id: rec.id,
    approval_scope: 'run',
    grant_expires_at: grantExpiresAt,
  };
  if (rec.event_id) request.event_id = rec.event_id;
  return { ...base(rec), request, decision: decision('allow', 'auto-approved by bulk-resolve') };
}

export function publicationEvent(o: {
  agent: string;
  session: string;
  runId: string;
  credentialOwner: string;
  approvalIds: string[];
  reviewedIds: string[];
  raceCoveredIds: string[];
  grantTtlMs: number;
  grantExpiresAt: string;
  by: string;
}): AuditInput {
  return {
    agent: o.agent,
    session: o.session,
    run_id: o.runId,
    tool: 'approval',
    request: {
      action: 'run_approval_publication_authorized',
      approval_scope: 'run',
      approval_ids: o.approvalIds,
      reviewed_approval_ids: o.reviewedIds,
      race_covered_ids: o.raceCoveredIds,
      credential_owner: o.credentialOwner,
      future_calls_requested: true,
      auto_approve: true,
      publication_authorized: true,
      grant_ttl_ms: o.grantTtlMs,
      auto_approve_ttl_seconds: Math.ceil(o.grantTtlMs / 1000),
      grant_expires_at: o.grantExpiresAt,
      resolved_by: o.by,
    },
    decision: decision('authorized', `future-call grant publication authorized by ${o.by}`),
  };
}

export function persistenceEvent(rec: ApprovalRecord, by: string, policyPath: string, ruleName: string): AuditInput {
  return {
    ...base(rec),
    request: {
      action: 'approval_persistence_authorized',
      tool: rec.tool,
      command: rec.command,
      resolved_by: by,
      approval_id: rec.id,
      policy_path: policyPath,
      rule_name: ruleName,
    },
    decision: decision('always_allowed', `durable allow persistence authorized by ${by}`),
  };
}
