// The version-1 action review (docs/api.md): the complete represented input of a call, secrets
// redacted, plus display_text, the server's own JSON rendering of exactly those redacted fields.
// Clients show display_text as-is, so what an operator reads is what the server stored.
import { redactValue } from '../redact/index.js';

export const ACTION_VERSION = 1;

export interface ActionSource {
  tool: string;
  params: Record<string, unknown>;
  input?: Record<string, unknown>;
  agent: string;
  agentDepth?: number;
  session: string;
  runId?: string;
  toolCallId?: string;
  workdir?: string;
}

export interface ActionReview {
  action: Record<string, unknown>;
  /** True when redaction changed anything: such an approval can never become a permanent rule. */
  redacted: boolean;
  /** The one-line summary shown in lists: the command, path or URL (redacted). */
  command: string;
}

/** Builds the review. Optional context members appear only when the caller supplied them. */
export function buildActionReview(src: ActionSource): ActionReview {
  const fields: Record<string, unknown> = { version: ACTION_VERSION, tool: src.tool, params: src.params };
  if (src.input !== undefined) fields.input = src.input;
  fields.agent = src.agent;
  if (src.agentDepth !== undefined) fields.agent_depth = src.agentDepth;
  fields.session = src.session;
  if (src.runId) fields.run_id = src.runId;
  if (src.toolCallId) fields.tool_call_id = src.toolCallId;
  if (src.workdir) fields.workdir = src.workdir;

  const { value, redacted } = redactValue(fields);
  const safe = value as Record<string, unknown>;
  const action = { ...safe, display_text: JSON.stringify(safe, null, 2) };
  return { action, redacted, command: summarize(safe.params) };
}

/** The call's subject for one-line display: command, else path, else URL. */
export function summarize(params: unknown): string {
  if (!params || typeof params !== 'object') return '';
  const p = params as Record<string, unknown>;
  for (const key of ['command', 'path', 'file_path', 'url']) {
    if (typeof p[key] === 'string' && p[key]) return p[key] as string;
  }
  return '';
}
