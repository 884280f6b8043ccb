// Answers a host hook forwarded over the preload socket by svc-hook (the native fast path of
// `svc hook HOST`): the same adapter and runHook as the Node command, run in the server's own
// process against its own HTTP endpoint, so every decision still goes through /v1/tool (audit,
// approvals) and the reply is byte for byte what `svc hook HOST` would have printed.
import { isHost, loadAdapter } from '../src/integrations/hooks/hosts.js';
import { runHook } from '../src/integrations/hooks/hook-run.js';
import type { HostAdapter, Phase } from '../src/integrations/hooks/types.js';
import type { HookReply, HookRequest } from './preload-socket.js';

/** A reply line longer than this is not sent: svc-hook would take it as malformed and fail
 * open. Only a post-phase copy of a huge tool output can get there; it is re-rendered without
 * the copy (the host then drops the output). */
export const MAX_HOOK_REPLY_LINE = 16 * 1024 * 1024;
/** The hook's own settings; everything else (server address, token, data dir) is the server's. */
const FORWARDED_ENV = ['SERVICE_RUN', 'SERVICE_SESSION', 'SERVICE_FAIL_OPEN', 'SERVICE_APPROVAL_WAIT'];
const REDACTED = '[REDACTED]';

export interface HookCallOptions {
  /** The server's own base URL; resolves once the HTTP listener is up. */
  url(): Promise<string>;
  /** Sent as SERVICE_TOKEN: the hook's calls are the server's own. */
  token: string;
  /** SERVICE_HOME for the adapters' small state (pending host-prompt approvals). */
  dataDir: string;
}

/** A listener on every interface is reached over loopback. */
export function loopbackUrl(url: string): string {
  const u = new URL(url);
  if (u.hostname === '0.0.0.0') u.hostname = '127.0.0.1';
  else if (u.hostname === '[::]') u.hostname = '[::1]';
  return u.origin;
}

function phaseOf(adapter: HostAdapter, payload: string): Phase {
  try {
    return adapter.phaseOf(JSON.parse(payload));
  } catch {
    return 'pre';
  }
}

/** The deny (pre) or block (post) reply for the host, without any copy of the tool output. */
function refusal(adapter: HostAdapter, payload: string, reason: string): string {
  const phase = phaseOf(adapter, payload);
  const reply = adapter.render(
    phase,
    phase === 'pre' ? { kind: 'deny', reason } : { kind: 'block', reason, replacement: REDACTED },
  );
  return JSON.stringify(reply.json) + '\n';
}

export function hookCall(
  o: HookCallOptions,
): (req: HookRequest, peer: unknown, ctl?: { readonly signal: AbortSignal }) => Promise<HookReply> {
  return async (req, peer, ctl) => {
    // The hook runs with the server's admin token: a peer of another uid (protected mode's agents)
    // must not get to close approvals by reporting that a tool ran.
    const peerUid = (peer as { uid?: unknown } | undefined)?.uid;
    const ownPeer = typeof peerUid !== 'number' || peerUid === process.getuid?.();
    if (!isHost(req.host)) return { stdout: '', stderr: `svc hook: unknown host "${req.host}"\n`, exit: 2 };
    const adapter = await loadAdapter(req.host);
    const env: NodeJS.ProcessEnv = {};
    for (const name of [...FORWARDED_ENV, ...adapter.conversationEnv]) {
      if (typeof req.env[name] === 'string') env[name] = req.env[name];
    }
    env.SERVICE_URL = loopbackUrl(await o.url());
    env.SERVICE_TOKEN = o.token;
    env.SERVICE_HOME = o.dataDir;
    let out: HookReply;
    try {
      // The client hanging up ends an approval wait instead of polling until the deadline.
      out = { ...(await runHook(adapter, req.payload, env, ctl?.signal, { resolveHostApprovals: ownPeer })), exit: 0 };
    } catch (err) {
      // A bug must not become an allow: hosts treat a failed hook as "go ahead" (as src/cli/hook.ts).
      const reason = `internal error in the svc hook (${(err as Error).message})`;
      return { stdout: refusal(adapter, req.payload, reason), stderr: `svc hook: ${reason}\n`, exit: 0 };
    }
    if (Buffer.byteLength(JSON.stringify(out)) > MAX_HOOK_REPLY_LINE) {
      const reason = `the hook reply is larger than ${MAX_HOOK_REPLY_LINE} bytes`;
      return { stdout: refusal(adapter, req.payload, reason), stderr: out.stderr, exit: 0 };
    }
    return out;
  };
}
