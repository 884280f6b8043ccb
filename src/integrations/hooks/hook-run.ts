// One hook invocation: host JSON in, the server's decision out in the host's own reply shape.
// Every path ends in a well-formed reply and exit 0: hosts treat a crash or a non-zero exit as
// a soft error and carry on, which would turn every failure into an allow.
import { join } from 'node:path';
import { dataDir, failOpen, serverToken, serverUrl, sessionLabel } from '../integration-config.js';
import {
  evaluateResponse,
  evaluateTool,
  waitForApproval,
  type ServerTarget,
  type ToolRequestBody,
  type Verdict,
} from '../ask-server.js';
import { distrustOf } from './listener-trust.js';
import { callJson } from '../http.js';
import { PayloadError } from './payload.js';
import type { HookCall, HookOutcome, HostAdapter, Phase } from './types.js';

/** One evaluation must come back well inside the shortest host hook timeout (Copilot: 30 s). */
export const HOOK_HTTP_TIMEOUT_MS = 5_000;
/** Resolving a host-approved ask is bookkeeping; it must not hold the host up. */
const RESOLVE_TIMEOUT_MS = 1_500;
/** Tool output larger than this cannot be sent for scanning (the API takes 1 MiB bodies). */
export const MAX_RESPONSE_TEXT_BYTES = 900 * 1024;
/** Stdin larger than this is not a hook payload. */
export const MAX_STDIN_BYTES = 4 * 1024 * 1024;
/** Used when the server blocks output without saying what to put in its place. */
export const DEFAULT_MARKER = '[REDACTED: sensitive content removed by svc]';

export interface HookResult {
  stdout: string;
  stderr: string;
}

interface Ctx {
  adapter: HostAdapter;
  env: NodeJS.ProcessEnv;
  target: ServerTarget;
  warnings: string[];
  /** Ends an approval wait early (the native client hung up). */
  signal?: AbortSignal;
  /** Set when the server at the URL is not the trusted one: treated as away. */
  distrust?: string;
  resolveHostApprovals: boolean;
}

export interface RunHookOptions {
  /**
   * Close the server's pending approval when the host reports that the tool ran (hosts with their
   * own prompt). Off when the caller's credential is not the caller's own (the server answering a
   * hook forwarded by another user): that user must not be able to approve by claiming a tool ran.
   */
  resolveHostApprovals?: boolean;
}

export async function runHook(
  adapter: HostAdapter,
  stdin: string,
  env: NodeJS.ProcessEnv = process.env,
  signal?: AbortSignal,
  opts: RunHookOptions = {},
): Promise<HookResult> {
  const url = serverUrl(env);
  const ctx: Ctx = {
    adapter,
    env,
    target: { url, token: serverToken(url, env), timeoutMs: HOOK_HTTP_TIMEOUT_MS },
    warnings: [],
    signal,
    distrust: distrustOf(url),
    resolveHostApprovals: opts.resolveHostApprovals !== false,
  };
  let phase: Phase = 'pre';
  let call: HookCall | undefined;
  let outcome: HookOutcome;
  try {
    if (Buffer.byteLength(stdin) > MAX_STDIN_BYTES)
      throw new PayloadError(`payload larger than ${MAX_STDIN_BYTES} bytes`);
    let payload: unknown;
    try {
      payload = JSON.parse(stdin);
    } catch {
      throw new PayloadError(stdin.trim() ? 'payload is not valid JSON' : 'empty payload on stdin');
    }
    phase = adapter.phaseOf(payload);
    call = adapter.parse(payload);
    phase = call.phase;
    outcome = call.phase === 'pre' ? await beforeTool(ctx, call) : await afterTool(ctx, call);
  } catch (err) {
    if (!(err instanceof PayloadError)) throw err;
    const reason = `malformed ${adapter.host} hook payload (${err.message})`;
    outcome = phase === 'pre' ? { kind: 'deny', reason } : { kind: 'block', reason, replacement: DEFAULT_MARKER };
  }
  const reply = adapter.render(phase, outcome, call);
  const stderr = [...ctx.warnings, ...(reply.stderr ? [reply.stderr] : [])].map((l) => l + '\n').join('');
  return { stdout: JSON.stringify(reply.json) + '\n', stderr };
}

/** Run ID (docs/api.md): SERVICE_RUN, the payload's session/task id, the host's conversation variable. */
export function runIdFor(adapter: HostAdapter, call: HookCall, env: NodeJS.ProcessEnv): string {
  if (env.SERVICE_RUN) return env.SERVICE_RUN;
  if (call.sessionId) return call.sessionId;
  for (const name of adapter.conversationEnv) {
    const id = env[name];
    if (id) return id;
  }
  return '';
}

function baseBody(ctx: Ctx, call: HookCall): Omit<ToolRequestBody, 'params'> {
  const body: Omit<ToolRequestBody, 'params'> = {
    agent: ctx.adapter.host,
    session: sessionLabel(call.cwd, ctx.env),
    input: call.input,
  };
  const runId = runIdFor(ctx.adapter, call, ctx.env);
  if (runId) body.run_id = runId;
  if (call.toolCallId) body.tool_call_id = call.toolCallId;
  if (call.cwd) body.cwd = call.cwd;
  return body;
}

/** The server is away and SERVICE_FAIL_OPEN=0: deny without looking further. */
function closedDeny(message: string): { kind: 'deny'; reason: string } {
  return { kind: 'deny', reason: `the svc server is unreachable (${message}) and fail-open is off` };
}

function localInfo(ctx: Ctx, call: HookCall) {
  const runId = runIdFor(ctx.adapter, call, ctx.env);
  return {
    agent: ctx.adapter.host,
    session: sessionLabel(call.cwd, ctx.env),
    runId: runId || undefined,
    toolCallId: call.toolCallId,
    cwd: call.cwd,
  };
}

/** The server is away: the same policies decide here (see local.ts), or SERVICE_FAIL_OPEN=0 denies. */
async function unreachable(ctx: Ctx, call: HookCall, message: string): Promise<HookOutcome> {
  if (!failOpen(ctx.env)) return closedDeny(message);
  const { decideLocally } = await import('./local.js');
  const o = await decideLocally(ctx.adapter, call, localInfo(ctx, call), dataDir(ctx.env), message);
  ctx.warnings.push(
    `svc: server unreachable (${message}); ${o.kind === 'defer' ? 'no decision, the host decides' : `decided ${o.kind} locally`}`,
  );
  return o;
}

/** How long a host without its own prompt waits for a human, within its hook timeout. */
export async function approvalWaitMs(adapter: HostAdapter, env: NodeJS.ProcessEnv): Promise<number> {
  const raw = env.SERVICE_APPROVAL_WAIT;
  if (raw) {
    // Loaded only here: every module on the hook path costs start-up time on each tool call.
    const { parseDuration } = await import('../../util/duration.js');
    try {
      return Math.min(parseDuration(raw), adapter.maxApprovalWaitMs);
    } catch {
      // An unreadable override falls back to the host's bound.
    }
  }
  return adapter.maxApprovalWaitMs;
}

async function beforeTool(ctx: Ctx, call: HookCall): Promise<HookOutcome> {
  const body = baseBody(ctx, call);
  let ask: HookOutcome | undefined;
  // Targets are checked in order; the first deny wins. A host with its own prompt still has
  // every target checked, so a deny behind an ask is not hidden by the prompt.
  for (const t of call.targets) {
    const v: Verdict = ctx.distrust
      ? { kind: 'unreachable', message: ctx.distrust }
      : await evaluateTool(ctx.target, t.tool, { ...body, params: t.params });
    switch (v.kind) {
      case 'allow':
        continue;
      case 'deny':
      case 'error':
        return { kind: 'deny', reason: v.message };
      case 'unreachable': {
        // Every target is decided locally; an ask the server already queued still stands.
        const o = await unreachable(ctx, call, v.message);
        if (o.kind === 'deny' || !ask) return o;
        return { ...ask, notice: o.notice };
      }
      case 'ask':
        if (ctx.adapter.nativeAsk) {
          if (call.toolCallId && !ask) {
            const { rememberAsk } = await import('./ask-state.js');
            rememberAsk(join(dataDir(ctx.env), 'hook-asks'), ctx.adapter.host, call.toolCallId, v.approvalId);
          }
          ask ??= { kind: 'ask', reason: `${v.message} (approval ${v.approvalId})` };
          continue;
        }
        {
          const expires = v.expiresAt ? Date.parse(v.expiresAt) : NaN;
          let deadline = Date.now() + (await approvalWaitMs(ctx.adapter, ctx.env));
          if (Number.isFinite(expires)) deadline = Math.min(deadline, expires + 1_000);
          const r = await waitForApproval(ctx.target, v.approvalId, deadline, ctx.signal, v.message);
          if (r.kind !== 'approved') return { kind: 'deny', reason: r.message };
        }
        continue;
    }
  }
  return ask ?? { kind: 'allow' };
}

async function afterTool(ctx: Ctx, call: HookCall): Promise<HookOutcome> {
  if (call.acknowledgeOnly) return { kind: 'allow' };
  if (ctx.adapter.nativeAsk && call.toolCallId && ctx.resolveHostApprovals)
    await resolveHostApproved(ctx, call.toolCallId);
  const text = call.responseText ?? '';
  const [t] = call.targets;
  if (text === '' || !t) return { kind: 'allow' };
  if (Buffer.byteLength(text) > MAX_RESPONSE_TEXT_BYTES) {
    return {
      kind: 'block',
      reason: `tool output is larger than ${MAX_RESPONSE_TEXT_BYTES} bytes and cannot be checked`,
      replacement: DEFAULT_MARKER,
    };
  }
  const v = ctx.distrust
    ? { blocked: false, unchecked: 'unreachable' as const, message: ctx.distrust, replacement: undefined }
    : await evaluateResponse(ctx.target, t.tool, { ...baseBody(ctx, call), params: t.params, response: text });
  if (v.blocked) return { kind: 'block', reason: v.message, replacement: v.replacement ?? DEFAULT_MARKER };
  if (v.unchecked === 'unreachable') {
    if (!failOpen(ctx.env)) return { kind: 'block', reason: closedDeny(v.message).reason, replacement: DEFAULT_MARKER };
    const { checkResponseLocally } = await import('./local.js');
    const o = await checkResponseLocally(ctx.adapter, call, localInfo(ctx, call), dataDir(ctx.env), v.message, text);
    ctx.warnings.push(`svc: server unreachable (${v.message}); tool output checked locally`);
    return o.kind === 'block' ? { ...o, replacement: o.replacement || DEFAULT_MARKER } : o;
  }
  return { kind: 'allow' };
}

/** The tool ran, so the user approved the host's prompt: close the server's pending approval. */
async function resolveHostApproved(ctx: Ctx, toolCallId: string): Promise<void> {
  const { takeAsk } = await import('./ask-state.js');
  const id = takeAsk(join(dataDir(ctx.env), 'hook-asks'), ctx.adapter.host, toolCallId);
  if (!id) return;
  try {
    await callJson(
      ctx.target.url,
      'POST',
      `/v1/approvals/${encodeURIComponent(id)}/resolve`,
      { approved: true, resolved_by: `${ctx.adapter.host} prompt` },
      { token: ctx.target.token, timeoutMs: RESOLVE_TIMEOUT_MS },
    );
  } catch {
    // The approval then expires on the server; the tool has already run either way.
  }
}
