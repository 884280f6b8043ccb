// Reads the audit history for `svc rules suggest`: every ask and how a human resolved it.
// An approval's resolution event links to the ask it answered (request_audit_id); the ask holds
// the call as it was made.
import { join } from 'node:path';
import { listAuditFiles } from '../../audit/audit-file-names.js';
import { readLines } from '../../audit/audit-line-reader.js';
import type { AuditEvent } from '../../audit/types.js';

export interface Resolved {
  tool: string;
  /** The command, path or URL the call named. */
  subject: string;
  workdir?: string;
  agent: string;
  approved: boolean;
  by: string;
  at: string;
}

/** Request keys the server adds beside the tool's own parameters. */
const SUBJECT_KEYS = ['command', 'path', 'file_path', 'url'];

function subjectOf(req: Record<string, unknown>): string {
  for (const k of SUBJECT_KEYS) if (typeof req[k] === 'string' && req[k]) return req[k] as string;
  return '';
}

/** Human resolutions (approved or denied; expiry is nobody's decision) since `since` (YYYY-MM-DD). */
export async function readResolutions(
  auditDir: string,
  since: string,
): Promise<{ resolved: Resolved[]; events: number }> {
  const asks = new Map<string, { tool: string; subject: string; workdir?: string; agent: string }>();
  const resolved: Resolved[] = [];
  let events = 0;
  const files = (await listAuditFiles(auditDir)).filter((f) => f.date >= since);
  for (const f of files) {
    for await (const ln of readLines(join(auditDir, f.name))) {
      if (!ln.terminated || ln.overlong || !ln.buf.length) continue;
      let ev: AuditEvent;
      try {
        ev = JSON.parse(ln.buf.toString('utf8'));
      } catch {
        continue;
      }
      if (!ev || typeof ev !== 'object' || !ev.request) continue;
      events++;
      const req = ev.request as Record<string, unknown>;
      if (ev.decision?.action === 'ask' && typeof req.action !== 'string') {
        asks.set(ev.id, {
          tool: ev.tool,
          subject: subjectOf(req),
          workdir: typeof req.workdir === 'string' ? req.workdir : undefined,
          agent: ev.agent,
        });
        continue;
      }
      if (req.action !== 'approval_resolved' || req.bulk === true) continue;
      const by = String(req.resolved_by ?? '');
      if (!by || by === 'timeout') continue;
      const ask = typeof req.request_audit_id === 'string' ? asks.get(req.request_audit_id) : undefined;
      const tool = ask?.tool ?? String(req.tool ?? ev.tool);
      const subject = ask?.subject || String(req.command ?? '');
      if (!subject) continue;
      resolved.push({
        tool,
        subject,
        workdir: ask?.workdir,
        agent: ask?.agent ?? ev.agent,
        approved: req.resolution !== 'denied',
        by,
        at: ev.timestamp,
      });
    }
  }
  return { resolved, events };
}
