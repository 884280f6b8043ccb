// The private fingerprint of a tool call (docs/api.md): what a once-only grant and pending-approval
// de-duplication are bound to. Computed from the UNREDACTED call so a redacted card can never
// widen what it authorizes, and bound to the credential owner so another token cannot use it.
import { createHash } from 'node:crypto';
import type { ToolCall } from '../policy/types.js';

/** JSON with object keys sorted at every depth, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    return text === undefined ? 'null' : text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** SHA-256 over the call's complete identity and payload, bound to the credential owner. */
export function callFingerprint(call: ToolCall, credentialOwner: string): string {
  const identity = canonicalJson({
    agent: call.agent,
    agent_depth: call.agentDepth ?? 0,
    session: call.session,
    run_id: call.runId ?? '',
    tool_call_id: call.toolCallId ?? '',
    tool: call.tool,
    workdir: call.workdir ?? '',
    params: call.params ?? {},
    input: call.input ?? null,
    // the text of the scripts it runs, as read when decided: an approval of one text is not an
    // approval of another put in the same file before the retry (absent: as before scripts were read)
    ...(call.scripts?.length ? { scripts: call.scripts } : {}),
  });
  return sha256(`svc-approval-fingerprint-v1\0${identity}\0${credentialOwner}`);
}
