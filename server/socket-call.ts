// Maps one preload-socket request (CONTRACT.md "Preload socket protocol") onto the same gate that
// /v1/tool uses, so an exec under LD_PRELOAD is decided, audited and approved like any other call.
import type { Gate } from '../src/approvals/gate.js';
import type { Identity } from '../src/auth/tokens.js';
import type { ToolCall } from '../src/policy/types.js';

export interface PreloadRequest {
  v?: number;
  tool?: string;
  agent?: string;
  session?: string;
  run_id?: string;
  command?: string;
  argv?: string[];
  path?: string;
  cwd?: string;
  pid?: number;
  ppid?: number;
  /** false when the library must not wait for a human (SERVICE_PRELOAD_ASK=deny). */
  wait?: boolean;
  truncated?: boolean;
}

type Reply = { decision: 'allow' | 'deny' | 'ask' | 'watch'; allowed: boolean; message: string; cacheable?: boolean };

const s = (v: unknown) => (typeof v === 'string' ? v : '');

export async function socketCall(
  gate: Gate,
  identity: Identity,
  req: PreloadRequest,
  peer: { pid: number; uid: number },
  /** The connection's hang-up signal, read only when the call waits for a human. */
  ctl?: { readonly signal: AbortSignal },
  durableAllows = false,
): Promise<Reply> {
  if (typeof req.command !== 'string' || req.command === '') {
    return { decision: 'deny', allowed: false, message: 'malformed preload request: command missing' };
  }
  if (req.truncated) {
    // The library cut a huge command to fit its stack buffer; the unseen tail could be anything.
    return { decision: 'deny', allowed: false, message: 'command too long to check; refused' };
  }
  const call: ToolCall = {
    tool: 'exec',
    agent: s(req.agent) || 'preload',
    session: s(req.session),
    runId: s(req.run_id) || undefined,
    params: { command: req.command },
    workdir: s(req.cwd) || undefined,
  };
  const extra: Record<string, unknown> = { source: 'preload', pid: peer.pid || req.pid, ppid: req.ppid };
  if (req.path) extra.path = req.path;
  const wait = req.wait !== false;
  try {
    return await gate.decideBlocking(call, identity, 'socket', {
      wait,
      extraRequest: extra,
      durableAllows,
      // A getter: creating an AbortController for every exec is measurable, and only asks need it.
      get signal() {
        return ctl?.signal;
      },
    });
  } catch (err) {
    // A decision that cannot be recorded is not given: the exec is refused, saying why.
    if ((err as { code?: string }).code === 'audit_unavailable') {
      return { decision: 'deny', allowed: false, message: 'the audit log cannot take records (disk full?); refused rather than run unrecorded' };
    }
    throw err;
  }
}
