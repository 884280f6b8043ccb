// What an agent is told about a call that waits for a human, and about how the wait ended.
// Agents act on these sentences, so each one says, in plain words: which approval it is (its
// id), where a human approves it, whether the call ran, and what the agent can do next.
import { formatDuration } from '../util/duration.js';

export interface WaitInfo {
  /** The approval id. */
  id: string;
  /** The policy's reason for asking. */
  reason?: string;
  /** The server's address, when the caller knows it: the dashboard is <url>/dashboard. */
  serverUrl?: string;
  /** How long the caller will wait. */
  waitMs?: number;
}

/** A wait's length as people say it: whole seconds, minutes or hours. */
function human(ms: number): string {
  return formatDuration(ms >= 1000 ? Math.round(ms / 1000) * 1000 : ms);
}

function where(id: string, serverUrl?: string): string {
  const dash = serverUrl ? `the dashboard at ${serverUrl.replace(/\/+$/, '')}/dashboard` : 'the svc dashboard';
  return `"svc approve ${id}" (or "svc deny ${id}") in a terminal, or ${dash}`;
}

function because(reason?: string): string {
  const r = reason?.trim().replace(/[.\s]+$/, '');
  return r ? ` It needs approval because: ${r}.` : '';
}

/** The call is held (or left to the host's own prompt) until a human answers. */
export function waitingMessage(w: WaitInfo): string {
  const wait = w.waitMs ? ` for up to ${human(w.waitMs)}` : '';
  return `Waiting${wait} for a human to approve this call (approval ${w.id}); it has not run.${because(w.reason)} To approve: ${where(w.id, w.serverUrl)}.`;
}

export type WaitEnd =
  | { kind: 'approved'; by?: string }
  | { kind: 'denied'; by?: string }
  /** Nobody answered before the approval expired on the server. */
  | { kind: 'expired'; afterMs?: number }
  /** The caller stopped waiting while the approval was still pending. */
  | { kind: 'gave-up'; afterMs?: number }
  /** The server no longer knows the approval. */
  | { kind: 'gone' }
  | { kind: 'cancelled' }
  /** The waiter cannot read the approval (e.g. its token lacks the scope). */
  | { kind: 'unreadable'; detail: string };

/** How the wait ended, for the agent: whether the call ran and what to do now. */
export function outcomeMessage(id: string, end: WaitEnd, o: { reason?: string; serverUrl?: string } = {}): string {
  const after = (ms?: number) => (ms ? ` after ${human(ms)}` : '');
  switch (end.kind) {
    case 'approved':
      return `Approved by ${end.by ?? 'an operator'} (approval ${id}); the call goes ahead.`;
    case 'denied':
      return `Not run: ${end.by ? `${end.by} denied` : 'a human denied'} approval ${id}, so svc blocked the call.${because(o.reason)} Do not retry it as it is; ask the user what to do instead.`;
    case 'expired':
      return `Not run: nobody answered approval ${id}${after(end.afterMs)}, so it expired and svc blocked the call.${because(o.reason)} To run it, retry and ask the user to approve the new request: ${where('ID', o.serverUrl)} (svc pending lists the ids).`;
    case 'gave-up':
      return `Not run: approval ${id} was not resolved in time (stopped waiting${after(end.afterMs)}), so svc blocked the call.${because(o.reason)} It can still be approved until it expires: ${where(id, o.serverUrl)}; after that the identical retry goes through once.`;
    case 'gone':
      return `Not run: the server no longer has approval ${id} (it expired or was resolved long ago, or the server restarted), so svc blocked the call. Retry to ask again.`;
    case 'cancelled':
      return `Not run: the wait for approval ${id} was cancelled (the client hung up), so svc blocked the call.`;
    case 'unreadable':
      return `Not run: cannot follow approval ${id} (${end.detail}), so svc blocked the call. A human can still approve it: ${where(id, o.serverUrl)}; then retry.`;
  }
}
