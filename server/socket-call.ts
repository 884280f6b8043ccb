// Maps one preload-socket request (docs/preload.md) onto the same gate that
// /v1/tool uses, so an exec under LD_PRELOAD is decided, audited and approved like any other call.
import type { Gate } from '../src/gate/gate.js';
import { blockingReply, type BlockingReply } from './gate-reply.js';
import type { Identity } from '../src/auth/tokens.js';
import type { ToolCall } from '../src/policy/types.js';
import { isContentHash, readExec, readingUsesAgentFiles } from './preload-exec.js';

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
  /** v2 (see server/preload-exec.ts) */
  api?: string;
  exe?: string;
  exe_id?: string;
  exe_size?: number;
  env?: Record<string, string>;
}

/** With `repeat` (a cacheable allow): records an identical request answered from the cache. */
type Reply = BlockingReply & {
  repeat?: (exec: { peer: { pid: number }; pid?: number; ppid?: number }) => void;
};

const s = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * A cached reply's `repeat`: each exec answered with it is recorded with its own pid (the
 * connection's, else the line's) and ppid; `pid` and `ppid` are the decided request's, which a
 * line shares when those members were part of the cache key. Built out here so that the up to
 * 4,096 kept ones hold only these three values, not the whole request and its connection state.
 */
function repeatWith(
  repeat: (over: Record<string, unknown>) => void,
  pid: number | undefined,
  ppid: number | undefined,
): NonNullable<Reply['repeat']> {
  return (e) => repeat({ pid: e.peer.pid || (e.pid ?? pid), ppid: e.ppid ?? ppid });
}

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
  // v2: the real program under an innocent name, and environment variables that run code
  const facts =
    req.v === 2
      ? {
          command: req.command,
          argv: req.argv,
          path: req.path,
          exe: req.exe,
          exeHash: req.exe_id,
          exeSize: req.exe_size,
          cwd: req.cwd,
          api: req.api,
          env: req.env,
        }
      : undefined;
  const reading = facts ? await readExec(facts) : undefined;
  const params: Record<string, unknown> = { command: reading?.command ?? req.command };
  if (req.env && Object.keys(req.env).length) params.env = req.env;
  const call: ToolCall = {
    tool: 'exec',
    agent: s(req.agent) || 'preload',
    session: s(req.session),
    runId: s(req.run_id) || undefined,
    params,
    workdir: s(req.cwd) || undefined,
  };
  const extra: Record<string, unknown> = { source: 'preload', pid: peer.pid || req.pid, ppid: req.ppid };
  if (req.path) extra.path = req.path;
  if (req.exe && req.exe !== req.path) extra.exe = req.exe;
  if (req.exe_id && isContentHash(req.exe_id)) extra.exe_id = req.exe_id;
  if (reading?.program) extra.program = reading.program;
  if (reading && reading.command !== req.command) extra.typed = req.command;
  const wait = req.wait !== false;
  try {
    const r = await gate.decide({
      mode: 'blocking',
      source: 'socket',
      call,
      identity,
      wait,
      extraRequest: extra,
      durableAllows,
      // A getter: creating an AbortController for every exec is measurable, and only asks need it.
      get signal() {
        return ctl?.signal;
      },
    });
    const reply: Reply = blockingReply(r, gate.mode);
    if (reply.cacheable && facts && readingUsesAgentFiles(facts)) reply.cacheable = false;
    const repeat = r.repeat;
    if (reply.cacheable && repeat) {
      reply.repeat = repeatWith(repeat, req.pid, req.ppid);
    }
    return reply;
  } catch (err) {
    // A decision that cannot be recorded is not given: the exec is refused, saying why.
    if ((err as { code?: string }).code === 'audit_unavailable') {
      return {
        decision: 'deny',
        allowed: false,
        message: 'the audit log cannot take records (disk full?); refused rather than run unrecorded',
      };
    }
    throw err;
  }
}
