// Hosts with their own ask prompt (Claude Code, Copilot) still get a pending approval on the
// server, because /v1/tool queues every ask. When the host later reports that the tool ran,
// the user said yes in the host's prompt: the hook then resolves that approval, so the queue
// and the audit trail tell the truth instead of showing an expiry. This file remembers which
// approval belongs to which host tool call, in small files under the data directory.
import { mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Entries older than this are stale (approvals expire long before). */
const STALE_MS = 60 * 60 * 1000;
/** Bounds the clean-up sweep. */
const MAX_SWEEP = 1000;
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

function fileFor(dir: string, host: string, toolCallId: string): string | undefined {
  return SAFE_ID.test(toolCallId) ? join(dir, `${host}-${toolCallId}.json`) : undefined;
}

export function rememberAsk(dir: string, host: string, toolCallId: string, approvalId: string, now = Date.now()): void {
  const file = fileFor(dir, host, toolCallId);
  if (!file) return;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify({ approval_id: approvalId, created: now }), { mode: 0o600 });
    sweep(dir, now);
  } catch {
    // Best effort: without the note the approval simply expires on the server.
  }
}

/** The approval noted for this tool call, removing the note. */
export function takeAsk(dir: string, host: string, toolCallId: string): string | undefined {
  const file = fileFor(dir, host, toolCallId);
  if (!file) return undefined;
  try {
    const note = JSON.parse(readFileSync(file, 'utf8')) as { approval_id?: unknown };
    unlinkSync(file);
    return typeof note.approval_id === 'string' ? note.approval_id : undefined;
  } catch {
    return undefined;
  }
}

function sweep(dir: string, now: number): void {
  const names = readdirSync(dir).slice(0, MAX_SWEEP);
  for (const name of names) {
    const p = join(dir, name);
    try {
      if (now - statSync(p).mtimeMs > STALE_MS) unlinkSync(p);
    } catch {
      // Another hook removed it first.
    }
  }
}
