// The report of `svc policy replay` and `svc policy diff` as text: the changed decisions by
// action pair and deciding rule, with examples.
import type { ReplayReport } from '../policy/replay.js';

const n = (x: number) => x.toLocaleString('en-US');

export interface ReportLabels {
  /** The two sides' names in the table header. */
  from: string;
  to: string;
  /** What was decided: "recorded calls", "cases". */
  what: string;
}

const REPLAY_LABELS: ReportLabels = { from: 'RECORDED', to: 'CANDIDATE', what: 'recorded calls' };

export function formatReplay(r: ReplayReport, head: string, l: ReportLabels = REPLAY_LABELS): string {
  const out: string[] = [head];
  const replay = l === REPLAY_LABELS;
  out.push(
    replay
      ? `Re-decided ${n(r.calls)} recorded calls (${n(r.events)} audit events read${r.unreadable ? `, ${n(r.unreadable)} unreadable lines skipped` : ''}).`
      : `Decided ${n(r.calls)} ${l.what} under both sets${r.unreadable ? ` (${n(r.unreadable)} unreadable lines skipped)` : ''}.`,
  );
  if (r.redacted)
    out.push(
      `${n(r.redacted)} calls had fields the record holds redacted or truncated; they were decided as recorded (${n(r.changedRedacted)} of them changed).`,
    );
  if (!r.changed) {
    out.push(replay ? 'No decision would change.' : 'The two sets decide every one alike.');
    return out.join('\n');
  }
  const pct = r.calls ? ((r.changed / r.calls) * 100).toFixed(2) : '0';
  out.push(`${n(r.changed)} decisions ${replay ? 'would change' : 'differ'} (${pct}%).`, '');
  const title = `${l.from} -> ${l.to}`;
  const w1 = Math.max(title.length, ...r.rows.map((x) => x.pair.length + 2));
  const w2 = Math.max(7, ...r.rows.map((x) => n(x.count).length + 2));
  out.push(`${title.padEnd(w1)}${'COUNT'.padStart(w2)}  RULE (${l.to === 'B' ? 'B' : l.to.toLowerCase()})`);
  for (const row of r.rows)
    out.push(`${row.pair.replace('->', ' -> ').padEnd(w1)}${n(row.count).padStart(w2)}  ${row.rule}`);
  if (r.rows.some((row) => row.examples.length)) out.push('', 'Examples:');
  for (const row of r.rows) {
    if (!row.examples.length) continue;
    out.push(`  ${row.pair.replace('->', ' -> ')}  ${row.rule}`);
    for (const e of row.examples) {
      const subject = e.subject.length > 100 ? e.subject.slice(0, 100) + '...' : e.subject;
      const was = e.recorded.policy ? ` (${replay ? 'was' : 'A'}: ${e.recorded.policy})` : '';
      const red = e.redacted ? `  [redacted in the record: ${e.redacted.join(', ')}]` : '';
      out.push(`    ${e.timestamp || e.id} ${e.agent} ${e.tool}: ${subject}${was}${red}`);
    }
  }
  return out.join('\n');
}
