// Builders for every kind of audit event the service writes, so routes and the approval
// machinery never assemble events by hand. Each returns an AuditInput for AuditWriter.append.
//
// `request` of a tool event is the call's params (plus input, workdir, tool_call_id,
// agent_depth when known), so request.command / request.path read as in the peer system.
// Params named like the keys the service sets for the response phase (SERVICE_KEYS) are moved to
// request.shadowed_params, so an agent cannot make its call look like a response-phase record
// and nothing it sent is lost.
import type { AuditDecision, AuditInput } from './types.js';

export const RECOVERY_KIND = 'audit_recovery';
export const CHAIN_BREAK_KIND = 'audit_chain_break';
/** Agent name on the log's own records (recovery, chain break). */
export const SERVICE_AGENT = 'svc';

const SERVICE_KEYS = ['service_phase', 'request_audit_id', 'response_bytes', 'response_flags', 'shadowed_params'] as const;

/** The parts of a ToolCall (src/policy/types.ts) an event records. */
export interface CallLike {
  tool: string;
  agent: string;
  session: string;
  runId?: string;
  toolCallId?: string;
  params: Record<string, unknown>;
  input?: Record<string, unknown>;
  workdir?: string;
  agentDepth?: number;
}

/** The parts of a Decision (src/policy/types.ts) an event records. */
export interface DecisionLike {
  action: string;
  message: string;
  matchedPolicies: string[];
  evalDurationUs: number;
  suggestions?: string[];
}

export function auditDecision(d: DecisionLike, action: string = d.action): AuditDecision {
  return {
    action,
    matched_policies: [...d.matchedPolicies],
    evaluation_time_us: Math.max(0, Math.round(d.evalDurationUs)),
    message: d.message,
    suggestions: [...(d.suggestions ?? [])],
  };
}

function plainDecision(action: string, message: string): AuditDecision {
  return { action, matched_policies: [], evaluation_time_us: 0, message, suggestions: [] };
}

function callRequest(call: CallLike): Record<string, unknown> {
  const req: Record<string, unknown> = { ...call.params };
  const shadowed: Record<string, unknown> = {};
  for (const k of SERVICE_KEYS) {
    if (Object.prototype.hasOwnProperty.call(req, k)) {
      shadowed[k] = req[k];
      delete req[k];
    }
  }
  if (Object.keys(shadowed).length) req.shadowed_params = shadowed;
  if (call.input !== undefined) req.input = call.input;
  if (call.workdir) req.workdir = call.workdir;
  if (call.toolCallId) req.tool_call_id = call.toolCallId;
  if (call.agentDepth) req.agent_depth = call.agentDepth;
  return req;
}

function identity(c: { agent: string; session: string; runId?: string }): Pick<AuditInput, 'agent' | 'session' | 'run_id'> {
  return c.runId ? { agent: c.agent, session: c.session, run_id: c.runId } : { agent: c.agent, session: c.session };
}

export interface DecisionEventOptions {
  /**
   * The action recorded; defaults to the policy's. Monitor mode records the observed action and
   * passes `extra: { enforced: false }`, so the log says what the policy wanted.
   */
  action?: string;
  /** Extra request keys (e.g. enforced, approval_id, policy, preflight). */
  extra?: Record<string, unknown>;
}

/** One tool evaluation (POST /v1/tool, /v1/preflight with enforce, the preload socket). */
export function decisionEvent(call: CallLike, decision: DecisionLike, opts: DecisionEventOptions = {}): AuditInput {
  return {
    ...identity(call),
    tool: call.tool,
    request: { ...callRequest(call), ...opts.extra },
    decision: auditDecision(decision, opts.action),
  };
}

export interface ResponseEventOptions {
  /** id of the request-phase event this response belongs to. */
  requestAuditId: string;
  /** The tool output; only its UTF-8 byte length is recorded, never the text. */
  response: string;
  /** e.g. ["response-evaluated", "response-redacted"]. */
  flags?: string[];
  extra?: Record<string, unknown>;
}

/** The response-phase event that follows a non-empty tool response (SPEC 2.10). */
export function responseEvent(call: CallLike, decision: DecisionLike, opts: ResponseEventOptions): AuditInput {
  const request: Record<string, unknown> = {
    ...callRequest(call),
    ...opts.extra,
    service_phase: 'response',
    request_audit_id: opts.requestAuditId,
    response_bytes: Buffer.byteLength(opts.response, 'utf8'),
  };
  if (opts.flags?.length) request.response_flags = [...opts.flags];
  return { ...identity(call), tool: call.tool, request, decision: auditDecision(decision) };
}

/** The approval an event is about. */
export interface ApprovalRef {
  id: string;
  tool: string;
  command?: string;
  agent: string;
  session: string;
  runId?: string;
  toolCallId?: string;
}

export type Resolution = 'approved' | 'denied' | 'always_allowed';

export interface ResolutionOptions {
  resolution: Resolution;
  resolvedBy: string;
  persistRequested?: boolean;
}

function approvalRequest(a: ApprovalRef, action: string): Record<string, unknown> {
  const req: Record<string, unknown> = { action, tool: a.tool, approval_id: a.id };
  if (a.command !== undefined) req.command = a.command;
  if (a.toolCallId) req.tool_call_id = a.toolCallId;
  return req;
}

/** A single resolution (POST /v1/approvals/{id}/resolve). */
export function resolutionEvent(a: ApprovalRef, r: ResolutionOptions): AuditInput {
  return {
    ...identity(a),
    tool: a.tool,
    request: {
      ...approvalRequest(a, 'approval_resolved'),
      resolution: r.resolution,
      resolved_by: r.resolvedBy,
      persist_requested: r.persistRequested === true,
    },
    decision: plainDecision(r.resolution, `approval ${r.resolution} by ${r.resolvedBy}`),
  };
}

export interface BulkResolutionOptions {
  resolution: 'approved' | 'denied';
  resolvedBy: string;
  scope: 'pending' | 'run';
  /** Run scope only: the grant's lifetime. */
  grantTtlMs?: number;
}

/**
 * One approval resolved by bulk-resolve. approval_scope, future_calls_requested and grant_ttl_ms
 * are authoritative; auto_approve and auto_approve_ttl_seconds are the deprecated aliases that
 * service.audit.v1 keeps (SPEC 9.4).
 */
export function bulkResolutionEvent(a: ApprovalRef, r: BulkResolutionOptions): AuditInput {
  const future = r.scope === 'run';
  const request: Record<string, unknown> = {
    ...approvalRequest(a, 'approval_resolved'),
    resolution: r.resolution,
    resolved_by: r.resolvedBy,
    bulk: true,
    approval_scope: r.scope,
    future_calls_requested: future,
    auto_approve: future,
  };
  if (future && r.grantTtlMs !== undefined) {
    request.grant_ttl_ms = Math.ceil(r.grantTtlMs);
    request.auto_approve_ttl_seconds = Math.ceil(r.grantTtlMs / 1000);
  }
  return {
    ...identity(a),
    tool: a.tool,
    request,
    decision: plainDecision(r.resolution, `bulk ${r.resolution} by ${r.resolvedBy}`),
  };
}

export interface RunGrantAuthorization {
  agent: string;
  session: string;
  runId: string;
  approvalIds: string[];
  reviewedIds: string[];
  raceCoveredIds: string[];
  credentialOwner: string;
  grantTtlMs: number;
  /** ISO date-time of the candidate expiry. */
  grantExpiresAt: string;
  resolvedBy: string;
}

/**
 * `run_approval_publication_authorized` (SPEC part 6): written immediately before a run grant can
 * be observed. It records intent, so it never claims future_calls_authorized.
 */
export function runGrantAuthorizedEvent(g: RunGrantAuthorization): AuditInput {
  return {
    agent: g.agent,
    session: g.session,
    run_id: g.runId,
    tool: 'approval',
    request: {
      action: 'run_approval_publication_authorized',
      approval_scope: 'run',
      approval_ids: [...g.approvalIds],
      reviewed_approval_ids: [...g.reviewedIds],
      race_covered_ids: [...g.raceCoveredIds],
      credential_owner: g.credentialOwner,
      future_calls_requested: true,
      auto_approve: true,
      publication_authorized: true,
      grant_ttl_ms: Math.ceil(g.grantTtlMs),
      auto_approve_ttl_seconds: Math.ceil(g.grantTtlMs / 1000),
      grant_expires_at: g.grantExpiresAt,
      resolved_by: g.resolvedBy,
    },
    decision: plainDecision('authorized', `future-call grant publication authorized by ${g.resolvedBy}`),
  };
}

/** A pending approval that timed out: the call it held was not run. */
export function expiryEvent(a: ApprovalRef): AuditInput {
  return {
    ...identity(a),
    tool: a.tool,
    request: { ...approvalRequest(a, 'approval_expired'), resolution: 'expired', resolved_by: 'timeout' },
    decision: plainDecision('deny', 'approval timed out; the call was not run'),
  };
}

/** persist:true on an approval, written before the exact allow rule is stored. */
export function persistenceAuthorizedEvent(a: ApprovalRef, p: { resolvedBy: string; policyPath: string }): AuditInput {
  return {
    ...identity(a),
    tool: a.tool,
    request: { ...approvalRequest(a, 'approval_persistence_authorized'), resolved_by: p.resolvedBy, policy_path: p.policyPath },
    decision: plainDecision('authorized', `durable allow persistence authorized by ${p.resolvedBy}`),
  };
}

/** Written by the log itself after cutting an interrupted (never acknowledged) last line. */
export function recoveryEvent(r: { file: string; line: number; bytesCut: number; reason: string }): AuditInput {
  return {
    agent: SERVICE_AGENT,
    session: '',
    tool: 'audit',
    request: { kind: RECOVERY_KIND, file: r.file, line: r.line, bytes_cut: r.bytesCut, reason: r.reason },
    decision: plainDecision('recovered', `cut ${r.bytesCut} bytes of an incomplete last line at ${r.file}:${r.line} (it was never acknowledged)`),
  };
}

/**
 * First event of a new chain segment (--audit-start-new-chain). Its prev_hash is "": the old
 * chain could not be verified, so the new segment does not claim to extend it. It names the
 * first problem (file, line), which `svc audit verify` then accepts as acknowledged, and keeps
 * the hash of the last event that did verify, for the record.
 */
export function chainBreakEvent(b: { file: string; line: number; problem: string; lastVerifiedHash: string }): AuditInput {
  return {
    agent: SERVICE_AGENT,
    session: '',
    tool: 'audit',
    request: {
      kind: CHAIN_BREAK_KIND,
      broken_file: b.file,
      broken_line: b.line,
      problem: b.problem,
      last_verified_hash: b.lastVerifiedHash,
    },
    decision: plainDecision('chain_break', `new chain segment started: ${b.file}:${b.line}: ${b.problem}`),
  };
}
