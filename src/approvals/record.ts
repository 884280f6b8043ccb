// The approval record the store keeps, and the JSON views the API serves from it.
import type { ApprovalStatus, ApprovalView, RunScope } from './types.js';

export type ApprovalSource = 'tool' | 'socket' | 'hook' | 'mcp' | 'external';

export interface ApprovalRecord {
  id: string;
  /** 1 for complete versioned requests, 0 for the legacy POST /v1/approvals form. */
  action_version: 0 | 1;
  source: ApprovalSource;
  tool: string;
  command: string;
  action: Record<string, unknown>;
  redacted: boolean;
  agent: string;
  session: string;
  run_id: string;
  tool_call_id: string;
  credential_owner: string;
  message: string;
  status: ApprovalStatus;
  created_at: number;
  expires_at: number;
  resolved_at?: number;
  resolved_by?: string;
  resolution_audit_id?: string;
  persisted?: boolean;
  /** Owner-bound fingerprint of the unredacted call; only a hash ever reaches disk. */
  fingerprint?: string;
  /** Audit id of the evaluation event that asked (tool calls), or the hook's event id. */
  audit_id?: string;
  event_id?: string;
  policy?: string;
}

/** A once-only grant (docs/api.md): lets the identical retry through one time. */
export interface OnceGrant {
  key: string;
  approval_id: string;
  resolved_by: string;
  resolution_audit_id?: string;
  message: string;
  approval_expires_at: number;
  expires_at: number;
}

export const iso = (ms: number) => new Date(ms).toISOString();

export function scopeOf(rec: ApprovalRecord): RunScope {
  return { agent: rec.agent, session: rec.session, runId: rec.run_id, credentialOwner: rec.credential_owner };
}

/** Grouping and grants need every part of the scope; a run id alone never identifies a run. */
export function scopeComplete(s: RunScope): boolean {
  return !!(s.agent.trim() && s.session.trim() && s.runId.trim() && s.credentialOwner);
}

export function scopeKey(s: RunScope): string {
  return JSON.stringify([s.agent, s.session, s.runId, s.credentialOwner]);
}

export function viewOf(rec: ApprovalRecord): ApprovalView {
  return {
    id: rec.id,
    status: rec.status,
    expires_at: iso(rec.expires_at),
    resolved_by: rec.resolved_by,
    resolution_audit_id: rec.resolution_audit_id,
    action: rec.action,
    redacted: rec.redacted,
    message: rec.message,
  };
}

/** An item of GET /v1/approvals. */
export function listItem(rec: ApprovalRecord): Record<string, unknown> {
  const item: Record<string, unknown> = {
    id: rec.id,
    action_version: rec.action_version,
    tool: rec.tool,
    command: rec.command,
    action: rec.action,
    redacted: rec.redacted,
    agent: rec.agent,
    session: rec.session,
    credential_owner: rec.credential_owner,
    message: rec.message,
    status: rec.status,
    run_id: rec.run_id,
    created_at: iso(rec.created_at),
    expires_at: iso(rec.expires_at),
  };
  if (rec.tool_call_id) item.tool_call_id = rec.tool_call_id;
  return item;
}

/** GET /v1/approvals/{id}: the resolution fields appear once it left pending. */
export function detail(rec: ApprovalRecord): Record<string, unknown> {
  const out = listItem(rec);
  delete out.credential_owner;
  if (rec.status !== 'pending') {
    if (rec.resolved_at !== undefined) out.resolved_at = iso(rec.resolved_at);
    if (rec.resolved_by !== undefined) out.resolved_by = rec.resolved_by;
    out.persisted = rec.persisted ?? false;
  }
  return out;
}

/** The fields a journal line carries: everything but transient flags. */
export function persistable(rec: ApprovalRecord): ApprovalRecord {
  const { committing: _c, ...rest } = rec as ApprovalRecord & { committing?: boolean };
  return rest;
}
