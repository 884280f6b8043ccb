// The decided calls of an audit log, in recorded order, for replay and diff: every file within
// the date filters is read a chunk at a time, each line parsed, and each decision record turned
// back into its call (src/policy/replay.ts). Lines that are not JSON are counted.
import { join } from 'node:path';
import { listAuditFiles } from '../audit/audit-file-names.js';
import { readLineTexts } from '../audit/audit-line-reader.js';
import { recordedCall, type RecordedCall } from '../policy/replay.js';

export interface AuditScan {
  auditDir: string;
  from?: string;
  to?: string;
  agent?: string;
}

/** Every decided call of the log within the filters, in recorded order; counts unreadable lines. */
export async function scanAudit(
  s: AuditScan,
  /** May return a promise: the next call is read once it settles. */
  onCall: (rc: RecordedCall) => Promise<void> | undefined | void,
  counts: { events: number; unreadable: number },
): Promise<void> {
  const files = (await listAuditFiles(s.auditDir)).filter(
    (f) => (!s.from || f.date >= s.from) && (!s.to || f.date <= s.to),
  );
  for (const f of files) {
    for await (const lines of readLineTexts(join(s.auditDir, f.name)))
      for (const text of lines) {
        if (!text) continue;
        let ev: unknown;
        try {
          ev = JSON.parse(text);
        } catch {
          counts.unreadable++;
          continue;
        }
        counts.events++;
        const rc = recordedCall(ev);
        if (!rc) continue;
        if (s.agent !== undefined && rc.call.agent !== s.agent) continue;
        const wait = onCall(rc);
        if (wait) await wait;
      }
  }
}
