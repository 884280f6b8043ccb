// Builders for the audit events of tool evaluations and of the log itself (approval events are
// built in src/approvals/audit-events.ts). Each returns an AuditInput for AuditWriter.append.
//
// `request` of a tool event is the call's params (plus input, workdir, tool_call_id,
// agent_depth when known), so request.command / request.path read the same for every integration.
// Params named like the keys the service sets for the response phase (SERVICE_KEYS) are moved to
// request.shadowed_params, so an agent cannot make its call look like a response-phase record
// and nothing it sent is lost.
import type { AuditDecision, AuditInput } from './types.js';

export const RECOVERY_KIND = 'audit_recovery';
export const CHAIN_BREAK_KIND = 'audit_chain_break';
/** Recorded at start when the anchor was missing, unsigned or not verifiable, and replaced. */
export const ANCHOR_RESET_KIND = 'audit_anchor_reset';
/** Agent name on the log's own records (recovery, chain break). */
export const SERVICE_AGENT = 'svc';

const SERVICE_KEYS = [
  'service_phase',
  'request_audit_id',
  'response_bytes',
  'response_flags',
  'shadowed_params',
  'shadow_decision',
  'script_files',
] as const;

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
  /** Scripts the command runs, as read when decided: recorded so a replay decides the same text. */
  scripts?: ReadonlyArray<{ path: string; runner: string; content: string; truncated?: boolean }>;
}

/** The parts of a Decision (src/policy/types.ts) an event records. */
export interface DecisionLike {
  action: string;
  message: string;
  matchedPolicies: string[];
  evalDurationUs: number;
  suggestions?: string[];
  /** A project's policy file decided (docs/project-policy.md). */
  policyFile?: string;
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
  if (call.scripts?.length) req.script_files = call.scripts;
  return req;
}

function identity(c: {
  agent: string;
  session: string;
  runId?: string;
}): Pick<AuditInput, 'agent' | 'session' | 'run_id'> {
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
    request: {
      ...callRequest(call),
      ...opts.extra,
      ...(decision.policyFile ? { policy_file: decision.policyFile } : {}),
    },
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

/** The response-phase event that follows a non-empty tool response (docs/api.md). */
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

/** Written by the log itself after cutting an interrupted (never acknowledged) last line. */
export function recoveryEvent(r: { file: string; line: number; bytesCut: number; reason: string }): AuditInput {
  return {
    agent: SERVICE_AGENT,
    session: '',
    tool: 'audit',
    request: { kind: RECOVERY_KIND, file: r.file, line: r.line, bytes_cut: r.bytesCut, reason: r.reason },
    decision: plainDecision(
      'recovered',
      `cut ${r.bytesCut} bytes of an incomplete last line at ${r.file}:${r.line} (it was never acknowledged)`,
    ),
  };
}

/**
 * First event of a new chain segment (--audit-start-new-chain). Its prev_hash is "": the old
 * chain could not be verified, so the new segment does not claim to extend it. It names the
 * first problem (file, line), which `svc audit verify` then accepts as acknowledged, and keeps
 * the hash of the last event that did verify, for the record.
 */
export function chainBreakEvent(b: {
  file: string;
  line: number;
  problem: string;
  lastVerifiedHash: string;
}): AuditInput {
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

/**
 * A record of svc's own state that an operator must be able to find later: a policy load that
 * failed, a policy file that disappeared, an unclean stop. `kind` names it; `detail` is kept as is.
 */
export function serviceEvent(
  kind: string,
  action: string,
  message: string,
  detail: Record<string, unknown> = {},
): AuditInput {
  return {
    agent: SERVICE_AGENT,
    session: '',
    tool: 'svc',
    request: { kind, ...detail },
    decision: plainDecision(action, message),
  };
}
