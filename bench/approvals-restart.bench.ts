// Restart time of the approval store with 1,000 approvals in its journal: all still pending, and
// all expired while the server was down (each expiry is a state change that must be journaled).
// Times ApprovalStore.open (replay, expiry, compaction) on real files with fsync. Prints JSON.
// Usage: node dist/bench/approvals-restart.bench.js
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApprovalStore } from '../src/approvals/store.js';
import { ManualClock } from '../src/util/clock.js';
import { Bus } from '../src/audit/bus.js';
import type { ApprovalRecord } from '../src/approvals/record.js';

const N = 1000;
const TIMEOUT = 120_000;

function open(dir: string, clock: ManualClock): ApprovalStore {
  return ApprovalStore.open({ dataDir: dir, timeoutMs: TIMEOUT, clock, audit: null, bus: new Bus(), log: () => {} });
}

/** A journal holding N approvals shaped like one the store itself wrote. */
async function journalWith(dir: string, clock: ManualClock): Promise<void> {
  const s = open(dir, clock);
  await s.enqueue({
    call: { tool: 'exec', agent: 'a', session: 's', params: { command: 'deploy 0' } },
    decision: { action: 'ask', message: 'm', matchedPolicies: ['p'], policy: 'p', evalDurationUs: 1 },
    credentialOwner: 'server/admin',
    auditId: 'EV-ask',
    source: 'tool',
  } as never);
  s.close();
  const line = readFileSync(join(dir, 'approvals.journal'), 'utf8')
    .split('\n')
    .find((l) => l.includes('"t":"approval"'))!;
  const proto = (JSON.parse(line) as { a: ApprovalRecord }).a;
  const lines: string[] = [];
  for (let i = 0; i < N; i++)
    lines.push(
      JSON.stringify({ t: 'approval', a: { ...proto, id: `${proto.id.slice(0, -4)}${String(i).padStart(4, '0')}` } }),
    );
  writeFileSync(join(dir, 'approvals.journal'), lines.join('\n') + '\n');
}

async function run(label: string, advanceMs: number): Promise<Record<string, unknown>> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-approvals-'));
  try {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    await journalWith(dir, clock);
    clock.advance(advanceMs);
    const t = performance.now();
    const s = open(dir, clock);
    const ms = performance.now() - t;
    const pending = s.pending().length;
    s.close();
    return { case: label, approvals: N, pending_after: pending, open_ms: Number(ms.toFixed(1)) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  JSON.stringify(
    {
      bench: 'approvals-restart',
      results: [await run('all pending', 1000), await run('all expired while down', TIMEOUT + 1000)],
    },
    null,
    2,
  ),
);
