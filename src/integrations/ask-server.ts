// Asking the running server about one call, and waiting out an approval, for the clients
// that live outside it (host hooks, the MCP proxy). The server is the only place decisions
// are made and audited; this file only translates its replies into a small verdict.
import { outcomeMessage, type WaitEnd } from '../approvals/messages.js';
import { callJson, replyError, UnreachableError } from './http.js';

export interface ServerTarget {
  url: string;
  token?: string;
  /** Deadline for one HTTP exchange. */
  timeoutMs: number;
}

/**
 * Body of POST /v1/tool/{class} and /v1/preflight/{class}: what the clients send and what the
 * server reads (server/call.ts holds its JSON schema).
 */
export interface ToolRequestBody {
  agent: string;
  session: string;
  params: Record<string, unknown>;
  input?: Record<string, unknown>;
  run_id?: string;
  tool_call_id?: string;
  workdir?: string;
  cwd?: string;
  /** The tool's output, for the response-side check of a call that already ran. */
  response?: string;
  /** Preflight only: this is the real execution boundary (counts, once grants, audit). */
  enforce?: boolean;
  /** Preflight only, admin token only. */
  verification?: boolean;
  agent_depth?: number;
}

export type Verdict =
  | { kind: 'allow'; message: string }
  | { kind: 'deny'; message: string }
  | { kind: 'ask'; message: string; approvalId: string; expiresAt?: string }
  /** No answer at all: the fail-open setting decides. */
  | { kind: 'unreachable'; message: string }
  /** The server answered but refused or garbled the request: never treated as an allow. */
  | { kind: 'error'; message: string };

export function decisionMessage(body: any, fallback: string): string {
  const m = body && typeof body === 'object' ? (body.message ?? body.error) : undefined;
  return typeof m === 'string' && m ? m : fallback;
}

/** POST /v1/tool/{class}: 200 allow/watch, 202 queued ask, 403 deny (docs/api.md). */
export async function evaluateTool(target: ServerTarget, tool: string, body: ToolRequestBody): Promise<Verdict> {
  let reply;
  try {
    reply = await callJson(target.url, 'POST', `/v1/tool/${encodeURIComponent(tool)}`, body, target);
  } catch (err) {
    if (err instanceof UnreachableError) return { kind: 'unreachable', message: err.message };
    throw err;
  }
  const b = reply.body;
  if (reply.status === 200 && b && typeof b.allowed === 'boolean') {
    return b.allowed
      ? { kind: 'allow', message: decisionMessage(b, 'allowed') }
      : { kind: 'deny', message: decisionMessage(b, 'denied by policy') };
  }
  if (reply.status === 202 && b && typeof b.approval_id === 'string') {
    return {
      kind: 'ask',
      message: decisionMessage(b, 'approval required'),
      approvalId: b.approval_id,
      expiresAt: b.expires_at,
    };
  }
  if (reply.status === 403 && b && b.decision === 'deny') {
    return { kind: 'deny', message: decisionMessage(b, 'denied by policy') };
  }
  return { kind: 'error', message: `server refused the call (${replyError(reply)})` };
}

export interface ResponseVerdict {
  blocked: boolean;
  message: string;
  /** What the server put in place of the output (its redaction marker). */
  replacement?: string;
  /** The output could not be checked: the server is away, or it queued an approval instead. */
  unchecked?: 'unreachable' | 'queued';
}

/**
 * Sends a tool's output through the response rules. A response-side deny comes back as 200
 * with allowed false and the output replaced; a 403 means the request itself is now denied.
 */
export async function evaluateResponse(
  target: ServerTarget,
  tool: string,
  body: ToolRequestBody & { response: string },
): Promise<ResponseVerdict> {
  let reply;
  try {
    reply = await callJson(target.url, 'POST', `/v1/tool/${encodeURIComponent(tool)}`, body, target);
  } catch (err) {
    if (err instanceof UnreachableError) return { blocked: false, unchecked: 'unreachable', message: err.message };
    throw err;
  }
  const b = reply.body ?? {};
  if (reply.status === 200 && typeof b.response_policy_decision === 'string') {
    // The response side spoke: blocked when it denied and the server withheld the output
    // (in monitor mode it reports the deny but passes the output on).
    if (b.response_policy_decision !== 'deny' || b.response === body.response)
      return { blocked: false, message: decisionMessage(b, 'allowed') };
    const message =
      typeof b.response_policy_message === 'string' && b.response_policy_message
        ? b.response_policy_message
        : decisionMessage(b, 'tool output blocked by policy');
    return { blocked: true, message, replacement: typeof b.response === 'string' ? b.response : undefined };
  }
  if (reply.status === 200 && typeof b.allowed === 'boolean') {
    if (b.allowed) return { blocked: false, message: decisionMessage(b, 'allowed') };
    return {
      blocked: true,
      message: decisionMessage(b, 'tool output blocked by policy'),
      replacement: typeof b.response === 'string' ? b.response : undefined,
    };
  }
  if (reply.status === 403) return { blocked: true, message: decisionMessage(b, 'denied by policy') };
  if (reply.status === 202)
    return {
      blocked: false,
      unchecked: 'queued',
      message: 'the server queued an approval instead of checking the output',
    };
  return { blocked: true, message: `server refused the output check (${replyError(reply)})` };
}

export type ApprovalOutcome = { kind: 'approved'; resolvedBy?: string } | { kind: 'denied'; message: string };

/** Poll interval while waiting for a human; the same cadence the dashboard refreshes at. */
export const APPROVAL_POLL_MS = 500;

/**
 * Polls GET /v1/approvals/{id} until it leaves `pending` or `deadline` (epoch ms) passes.
 * Network and 5xx errors are retried until the deadline; everything that is not an explicit
 * approval ends as a denial with a reason.
 */
export async function waitForApproval(
  target: ServerTarget,
  approvalId: string,
  deadline: number,
  signal?: AbortSignal,
  /** The policy's reason for asking, repeated in the message when the call is blocked. */
  reason?: string,
): Promise<ApprovalOutcome> {
  const path = `/v1/approvals/${encodeURIComponent(approvalId)}`;
  const started = Date.now();
  const end = (e: WaitEnd): ApprovalOutcome => ({
    kind: 'denied',
    message: outcomeMessage(approvalId, e, { reason, serverUrl: target.url }),
  });
  for (;;) {
    if (signal?.aborted) return end({ kind: 'cancelled' });
    try {
      const reply = await callJson(target.url, 'GET', path, undefined, {
        token: target.token,
        timeoutMs: Math.max(100, Math.min(target.timeoutMs, deadline - Date.now())),
      });
      const status = reply.body?.status;
      if (reply.status === 200 && status === 'approved')
        return { kind: 'approved', resolvedBy: reply.body.resolved_by };
      if (reply.status === 200 && status === 'expired') return end({ kind: 'expired', afterMs: Date.now() - started });
      if (reply.status === 200 && typeof status === 'string' && status !== 'pending') {
        return end({
          kind: 'denied',
          by: typeof reply.body.resolved_by === 'string' ? reply.body.resolved_by : undefined,
        });
      }
      if (reply.status === 404 || reply.status === 410) return end({ kind: 'gone' });
      if (reply.status === 401 || reply.status === 403) {
        return end({ kind: 'unreadable', detail: `${replyError(reply)}; the token needs admin scope` });
      }
    } catch (err) {
      if (!(err instanceof UnreachableError)) throw err;
    }
    const left = deadline - Date.now();
    if (left <= 0) return end({ kind: 'gave-up', afterMs: Date.now() - started });
    await sleep(Math.min(APPROVAL_POLL_MS, left), signal);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((res) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      res();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
