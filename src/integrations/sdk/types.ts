// Wire shapes of the svc HTTP API (docs/api.md), kept in the server's snake_case so
// the SDK, the docs and the audit trail all use the same names.

import type { FinalAction } from '../../policy/types.js';

/** A decision as a caller sees it: the engine's own type (a webhook is resolved before anyone hears). */
export type Action = FinalAction;

/** One tool call as the SDK takes it; agent and session default to the client's. */
export interface ToolCallInput {
  params: Record<string, unknown>;
  agent?: string;
  session?: string;
  runId?: string;
  toolCallId?: string;
  cwd?: string;
  workdir?: string;
  input?: Record<string, unknown>;
  /** Tool output to run through the response rules. */
  response?: string;
  agentDepth?: number;
}

/** docs/api.md. */
export interface Decision {
  allowed: boolean;
  decision: Action;
  message: string;
  eval_duration_us: number;
  policy?: string;
  suggestions?: string[];
  enforced?: boolean;
  policy_decision?: string;
  policy_message?: string;
  response_policy_decision?: string;
  response_policy_message?: string;
  action?: Record<string, unknown>;
  approval_id?: string;
  approval_status?: string;
  approval_scope?: string;
  approval_resolved_by?: string;
  approval_policy_audit_id?: string;
  expires_at?: string;
  response?: string;
  /** Set by the SDK when the server was unreachable and failOpen allowed the call. */
  fail_open?: boolean;
  [extra: string]: unknown;
}

/** docs/api.md. */
export interface PreflightResult {
  allowed: boolean;
  decision: Action;
  message: string;
  matched_policies: string[];
  eval_duration_us: number;
  enforced: boolean;
  enforcement_requested?: boolean;
  policy_decision?: string;
  policy_message?: string;
  suggestions?: string[];
  fail_open?: boolean;
  [extra: string]: unknown;
}

/** docs/api.md. */
export interface Approval {
  id: string;
  tool: string;
  command: string;
  action?: Record<string, unknown>;
  redacted?: boolean;
  agent: string;
  session: string;
  credential_owner?: string;
  message: string;
  status: string;
  run_id?: string;
  created_at: string;
  expires_at: string;
  resolved_at?: string;
  resolved_by?: string;
  [extra: string]: unknown;
}

export interface RunGroup {
  agent: string;
  session: string;
  run_id: string;
  credential_owner: string;
  count: number;
  earliest_created_at: string;
  items: Approval[];
}

export interface ApprovalList {
  approvals: Approval[];
  run_groups: RunGroup[];
  run_grant_ttl_ms: number;
}

export interface CreateApprovalRequest {
  tool: string;
  agent: string;
  params: Record<string, unknown>;
  event_id?: string;
  agent_depth?: number;
  session?: string;
  workdir?: string;
  input?: Record<string, unknown>;
  message?: string;
  run_id?: string;
  tool_call_id?: string;
}

export interface CreateApprovalResult {
  action_version: number;
  id: string;
  status: string;
  expires_at: string;
  message?: string;
}

export interface ResolveResult {
  id: string;
  status: string;
  approved: boolean;
  persisted: boolean;
}

export interface BulkResolveRequest {
  agent: string;
  session: string;
  run_id: string;
  action: 'approve' | 'deny';
  scope: 'pending' | 'run';
  ids: string[];
  resolved_by?: string;
}

export interface BulkResolveResult {
  resolved: number;
  ids: string[];
  reviewed_ids: string[];
  race_covered_ids: string[];
  scope: string;
  future_calls_authorized: boolean;
  grant_ttl_ms?: number;
  grant_expires_at?: string;
  [extra: string]: unknown;
}

export interface AutoAllowedRule {
  index: number;
  tool: string;
  command_pattern?: string;
  path_pattern?: string;
  name: string;
  created: string;
}

export interface LearnResult {
  rule_name: string;
  pattern: string;
  created: boolean;
  [extra: string]: unknown;
}

/** docs/api.md. */
export interface AuditEvent {
  id: string;
  timestamp: string;
  agent: string;
  session: string;
  run_id?: string;
  tool: string;
  request: Record<string, unknown>;
  decision: {
    action: string;
    matched_policies: string[];
    evaluation_time_us: number;
    message: string;
    suggestions?: string[];
  };
  prev_hash: string;
  hash: string;
  [extra: string]: unknown;
}

export interface AuditQuery {
  date?: string;
  limit?: number;
  offset?: number;
  tool?: string;
  action?: string;
  agent?: string;
  session?: string;
}

export interface AuditPage {
  events: AuditEvent[];
  total_in_file: number;
  next_offset: number;
  date: string;
}

export interface AuditStats {
  total_events: number;
  by_action: Record<string, number>;
  by_tool: Record<string, number>;
  by_agent: Record<string, number>;
  by_session: Record<string, number>;
}

export interface Status {
  config_path: string;
  mode: string;
  default_action: string;
  policy_count: number;
  rule_count: number;
  call_counts: Record<string, number>;
}

export interface PolicySummary {
  default_action: string;
  rules: Array<{ name: string; action: string; summary: string }>;
  summary: string;
}

export interface Health {
  status: string;
  mode: string;
  uptime_seconds: number;
  version: string;
}

export interface ReloadResult {
  success: boolean;
  policies_loaded: number;
  rules_total: number;
  reload_time_ms: number;
}

export interface TestRequest {
  command: string;
  tool?: string;
  agent?: string;
  session?: string;
}

export interface TestResult {
  command: string;
  tool: string;
  action: string;
  message: string;
  matched_policies: string[];
  policy_scope: string;
}

/** One SSE message (docs/api.md): connected, approvals, audit, audit_batch, or newer types. */
export interface StreamEvent {
  type: string;
  event?: AuditEvent;
  run_id?: string;
  [extra: string]: unknown;
}
