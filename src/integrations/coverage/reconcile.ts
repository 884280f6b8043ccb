// Matching a host's tool calls to the svc decisions that covered them (docs/coverage.md). By id
// first: the hooks send the host's call id as tool_call_id. Otherwise by the host's session
// (the hooks send it as run_id), a time window around the call and the same command, path or
// URL. Each decision covers at most one call.
import type { Coverage, DecisionRecord, HostCall } from './types.js';

/** How far a decision may be from the transcript line of its call (the line is written after). */
export const DEFAULT_WINDOW_MS = 120_000;

export function reconcile(
  host: string,
  calls: HostCall[],
  records: DecisionRecord[],
  windowMs = DEFAULT_WINDOW_MS,
): Omit<Coverage, 'files' | 'skippedLines'> {
  const byId = new Map<string, DecisionRecord[]>();
  const bySession = new Map<string, DecisionRecord[]>();
  for (const r of records) {
    if (r.toolCallId) {
      const l = byId.get(r.toolCallId) ?? [];
      l.push(r);
      byId.set(r.toolCallId, l);
    }
    for (const s of new Set([r.runId, r.session])) {
      if (!s) continue;
      const l = bySession.get(s) ?? [];
      l.push(r);
      bySession.set(s, l);
    }
  }
  const used = new Set<DecisionRecord>();
  const covered: Coverage['covered'] = [];
  const uncovered: HostCall[] = [];
  const sorted = [...calls].sort((a, b) => a.t - b.t);
  for (const call of sorted) {
    // One host call may have been decided as several targets: any of them covers it.
    const idHit = call.id ? byId.get(call.id)?.[0] : undefined;
    if (idHit) {
      for (const r of byId.get(call.id ?? '') ?? []) used.add(r);
      covered.push({ call, by: 'tool_call_id', record: idHit });
      continue;
    }
    const near = (bySession.get(call.session) ?? []).find(
      (r) =>
        !used.has(r) &&
        !r.toolCallId &&
        Math.abs(r.t - call.t) <= windowMs &&
        call.target !== undefined &&
        r.targets.includes(call.target),
    );
    if (near) {
      used.add(near);
      covered.push({ call, by: 'session_window', record: near });
    } else uncovered.push(call);
  }
  return { host, calls: calls.length, covered, uncovered };
}
