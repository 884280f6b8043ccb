// At start, the session state is rebuilt from the tail of the audit log: the decisions of the
// last MAX_HISTORY_MS (at most MAX_REBUILD_EVENTS of them), replayed oldest first, with the
// taint marks their records carry. A decision that depended on a session's past before a
// restart depends on the same past after it (docs/session-rules.md).
import path from 'node:path';
import { listAuditFiles } from '../audit/audit-file-names.js';
import { readLinesBackward } from '../audit/audit-line-reader.js';
import type { AuditEvent } from '../audit/types.js';
import type { ToolCall } from '../policy/types.js';
import { MAX_HISTORY_MS, type SessionState } from '../policy/session-state.js';
import { marksOfRecord } from './session-record.js';

/** Most audit events read back at start (newest first), whatever their age. */
export const MAX_REBUILD_EVENTS = 200_000;
const SOURCES = new Set(['tool', 'preflight', 'socket', 'hook', 'mcp']);
const ACTIONS = new Set(['allow', 'deny', 'ask', 'watch']);

export interface RebuildResult {
  events: number;
  taints: number;
  /** The read stopped at MAX_REBUILD_EVENTS before reaching the horizon. */
  truncated: boolean;
}

/** A recorded tool decision (not a response phase, approval, or the log's own record). */
function isToolDecision(ev: AuditEvent): boolean {
  const req = ev.request;
  if (!req || typeof req !== 'object' || !ev.decision || !ACTIONS.has(ev.decision.action)) return false;
  if (req.service_phase === 'response') return false;
  return ev.source === 'client-reported' || (typeof req.source === 'string' && SOURCES.has(req.source));
}

export async function rebuildSessions(state: SessionState, auditDir: string, now: number): Promise<RebuildResult> {
  const horizon = now - MAX_HISTORY_MS;
  const picked: { t: number; ev: AuditEvent }[] = [];
  let truncated = false;
  const files = (await listAuditFiles(auditDir)).reverse();
  scan: for (const f of files) {
    // Files of days before the horizon's day hold nothing newer than it.
    if (Date.parse(f.date + 'T23:59:59.999Z') < horizon) break;
    for await (const buf of readLinesBackward(path.join(auditDir, f.name))) {
      let ev: AuditEvent;
      try {
        ev = JSON.parse(buf.toString('utf8')) as AuditEvent;
      } catch {
        continue;
      }
      const t = Date.parse(ev?.timestamp ?? '');
      if (Number.isNaN(t)) continue;
      if (t < horizon) break scan;
      if (!isToolDecision(ev)) continue;
      if (picked.length >= MAX_REBUILD_EVENTS) {
        truncated = true;
        break scan;
      }
      picked.push({ t, ev });
    }
  }
  let taints = 0;
  for (let i = picked.length - 1; i >= 0; i--) {
    const p = picked[i];
    if (!p) continue;
    const { ev, t } = p;
    const req = ev.request;
    const call: ToolCall = { tool: ev.tool, agent: ev.agent, session: ev.session ?? '', params: req };
    if (ev.run_id) call.runId = ev.run_id;
    if (typeof req.workdir === 'string') call.workdir = req.workdir;
    state.record(call, undefined, { action: ev.decision.action }, t);
    const marks = marksOfRecord(req);
    if (marks.length) {
      state.restoreTaints(marks, now);
      taints += marks.length;
    }
  }
  return { events: picked.length, taints, truncated };
}
