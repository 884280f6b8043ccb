// Audit log throughput with fsync on: one sequential writer vs 16 concurrent writers (group
// commit), append latency, verification speed, and stats over a day of 1 million events
// (streamed: peak RSS stays flat). Prints one JSON object.
// Usage: node dist/bench/audit.bench.js [--quick]
import { mkdtempSync, rmSync, createWriteStream, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAuditLog } from '../src/audit/log.js';
import { countingFs } from '../src/audit/fsio.js';
import { verifyChain } from '../src/audit/verify.js';
import { AuditReader } from '../src/audit/reader.js';
import { systemClock } from '../src/util/clock.js';
import type { AuditInput } from '../src/audit/types.js';

const quick = process.argv.includes('--quick');
const SEQ_EVENTS = quick ? 300 : 2000;
const CONC_EVENTS = quick ? 2000 : 16_000;
const STATS_EVENTS = quick ? 100_000 : 1_000_000;

const inputOf = (i: number): AuditInput => ({
  agent: `agent-${i % 7}`,
  session: `session-${i % 3}`,
  run_id: `run-${i % 11}`,
  tool: i % 4 ? 'exec' : 'read',
  request: { command: `git status --short # ${i}`, workdir: '/home/user/project' },
  decision: {
    action: i % 10 ? 'allow' : 'deny',
    matched_policies: ['standard'],
    evaluation_time_us: 14,
    message: 'allowed by default',
  },
});

function pct(sorted: number[], p: number): number {
  return Number(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!.toFixed(3));
}

async function writers(concurrency: number, total: number) {
  const data = mkdtempSync(join(tmpdir(), 'svc-bench-audit-'));
  try {
    const io = countingFs();
    const log = await openAuditLog({ dir: join(data, 'audit'), dataDir: data, fs: io });
    const lat: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          const i = next++;
          const s = performance.now();
          await log.append(inputOf(i));
          lat.push(performance.now() - s);
        }
      }),
    );
    const ms = performance.now() - t0;
    const fsyncs = io.counts.fsync;
    await log.close();
    lat.sort((a, b) => a - b);
    return {
      writers: concurrency,
      events: total,
      events_per_s: Math.round((total / ms) * 1000),
      fsyncs,
      events_per_fsync: Number((total / fsyncs).toFixed(1)),
      append_ms_p50: pct(lat, 50),
      append_ms_p99: pct(lat, 99),
      dir: data,
    };
  } catch (err) {
    rmSync(data, { recursive: true, force: true });
    throw err;
  }
}

async function verifySpeed(dir: string, events: number) {
  const t0 = performance.now();
  const r = await verifyChain(dir);
  const ms = performance.now() - t0;
  if (!r.ok || r.events !== events) throw new Error(`verify failed: ${JSON.stringify(r.problem)}`);
  return { events, ms: Math.round(ms), events_per_s: Math.round((events / ms) * 1000) };
}

async function statsOverBigDay() {
  const data = mkdtempSync(join(tmpdir(), 'svc-bench-stats-'));
  try {
    const file = join(data, '2026-01-01.jsonl');
    const out = createWriteStream(file);
    for (let i = 0; i < STATS_EVENTS; i++) {
      const line =
        JSON.stringify({
          id: String(i).padStart(26, '0'),
          timestamp: '2026-01-01T00:00:00.000Z',
          schema: 'service.audit.v1',
          ...inputOf(i),
          prev_hash: 'sha256:' + '0'.repeat(64),
          hash: 'sha256:' + '1'.repeat(64),
        }) + '\n';
      if (!out.write(line)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((r) => out.end(() => r()));
    const bytes = statSync(file).size;
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const t0 = performance.now();
    const s = await new AuditReader(data, systemClock).stats('2026-01-01', '2026-01-01');
    const ms = performance.now() - t0;
    clearInterval(sampler);
    if (s.total_events !== STATS_EVENTS) throw new Error('stats miscounted');
    return {
      events: STATS_EVENTS,
      file_mib: Math.round(bytes / 1048576),
      ms: Math.round(ms),
      events_per_s: Math.round((STATS_EVENTS / ms) * 1000),
      rss_growth_mib: Math.round((peak - rssBefore) / 1048576),
    };
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

const one = await writers(1, SEQ_EVENTS);
const sixteen = await writers(16, CONC_EVENTS);
const verify = await verifySpeed(join(sixteen.dir, 'audit'), CONC_EVENTS);
for (const r of [one, sixteen]) rmSync(r.dir, { recursive: true, force: true });
const stats = await statsOverBigDay();
const strip = ({ dir: _d, ...rest }: typeof one) => rest;
process.stdout.write(
  JSON.stringify(
    {
      bench: 'audit',
      fsync: true,
      one_writer: strip(one),
      sixteen_writers: strip(sixteen),
      verify,
      stats_one_day: stats,
    },
    null,
    2,
  ) + '\n',
);
