// Shadow overhead: end-to-end POST /v1/tool/exec latency against a real `svc serve` child with the
// shipped standard profile, with and without a shadow set (--shadow DIR: the same standard base
// plus a candidate file of ten more policies, so the shadow decides with a set larger than the
// live one). Every request sends a command never sent before (corpus exec commands, each with a
// distinct argument), so no evaluation cache helps either set. Rounds interleave shadow and
// no-shadow servers (a new server each time, order alternating), audit on (every decision
// fsynced) and off (the decision cost exposed); each figure is min/median/max over rounds, and
// the ratio is shadow over no-shadow medians from the same run.
// Run: node dist/bench/shadow.bench.js [--requests N] [--rounds R]
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServe } from '../test/helpers/spawn.js';
import { corpusCommands } from './corpus-commands.js';
import { BY_TOOL, candidatePolicy } from './candidate-policy.js';
import { ratio, spread } from './stats.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const REQUESTS = arg('requests', 2000);
const ROUNDS = arg('rounds', 5);

/** Ten policies a team might try out: denies, asks and watches over commands, paths and hosts. */
const CANDIDATE = candidatePolicy(BY_TOOL, true);

const POOL = corpusCommands();
let seq = 0;
const uniqueCommand = () => `${POOL[seq % POOL.length]} u${seq++}`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Load {
  mean_ms: number;
  p50_ms: number;
  p99_ms: number;
  throughput: number;
}

async function load(base: URL, token: string, connections: number, n: number): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const lat: number[] = [];
  const one = (command: string) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({ agent: 'bench', session: 'bench', params: { command } });
      const t0 = performance.now();
      const req = http.request(
        {
          host: base.hostname,
          port: base.port,
          path: '/v1/tool/exec',
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            lat.push(performance.now() - t0);
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  let i = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (i++ < n) await one(uniqueCommand());
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  lat.sort((a, b) => a - b);
  return {
    mean_ms: +(lat.reduce((s, x) => s + x, 0) / lat.length).toFixed(3),
    p50_ms: +percentile(lat, 50).toFixed(3),
    p99_ms: +percentile(lat, 99).toFixed(3),
    throughput: Math.round(n / elapsed),
  };
}

type Kind = 'shadow' | 'none';
interface Run {
  serial: Load;
  conc16: Load;
  differences: number;
  /** Server CPU (user + system) per request over both loads: what each request costs the server,
   * far less sensitive to other processes on the machine than wall-clock latency. */
  cpu_us_per_request: number;
}

/** utime + stime of a process in microseconds (Linux /proc; clock ticks of 10 ms). */
function cpuUs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * 10_000;
}

async function oneServer(kind: Kind, audit: boolean): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-shadow-'));
  const shadowDir = join(dir, 'candidate');
  mkdirSync(shadowDir);
  writeFileSync(join(shadowDir, 'candidate.yaml'), CANDIDATE);
  const args = ['--data-dir', join(dir, 'data'), ...(audit ? [] : ['--audit-dir', ''])];
  if (kind === 'shadow') args.push('--shadow', shadowDir);
  const srv = await spawnServe(args, {}, 120_000);
  try {
    const token = readFileSync(join(dir, 'data', 'token'), 'utf8').trim();
    const url = new URL(srv.url);
    await load(url, token, 4, 500); // warm the JIT and the connection pool
    const pid = srv.child.pid ?? 0;
    const cpu0 = cpuUs(pid);
    const serial = await load(url, token, 1, REQUESTS);
    const conc16 = await load(url, token, 16, REQUESTS);
    const cpu_us_per_request = Math.round((cpuUs(pid) - cpu0) / (2 * REQUESTS));
    let differences = 0;
    if (kind === 'shadow') {
      const res = await fetch(`${srv.url}/v1/policy/shadow`, { headers: { authorization: `Bearer ${token}` } });
      differences = ((await res.json()) as { differences_total: number }).differences_total;
    }
    return { serial, conc16, differences, cpu_us_per_request };
  } finally {
    await srv.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const runs: Record<string, Run[]> = {};
for (let r = 0; r < ROUNDS; r++) {
  for (const audit of [true, false]) {
    const order: Kind[] = r % 2 ? ['none', 'shadow'] : ['shadow', 'none'];
    for (const k of order) (runs[`${audit ? 'audit' : 'noaudit'}_${k}`] ??= []).push(await oneServer(k, audit));
  }
}

const summary: Record<string, unknown> = {};
for (const audit of ['audit', 'noaudit']) {
  const s = runs[`${audit}_shadow`] ?? [];
  const n = runs[`${audit}_none`] ?? [];
  const fig = (xs: Run[], pick: (r: Run) => number) => spread(xs.map(pick));
  const out: Record<string, unknown> = {};
  for (const load of ['serial', 'conc16'] as const) {
    const sMean = fig(s, (r) => r[load].mean_ms);
    const nMean = fig(n, (r) => r[load].mean_ms);
    out[load] = {
      shadow: {
        mean_ms: sMean,
        p50_ms: fig(s, (r) => r[load].p50_ms),
        p99_ms: fig(s, (r) => r[load].p99_ms),
        throughput_per_s: fig(s, (r) => r[load].throughput),
      },
      no_shadow: {
        mean_ms: nMean,
        p50_ms: fig(n, (r) => r[load].p50_ms),
        p99_ms: fig(n, (r) => r[load].p99_ms),
        throughput_per_s: fig(n, (r) => r[load].throughput),
      },
      mean_latency_ratio: ratio(sMean.median, nMean.median),
      p50_latency_ratio: ratio(fig(s, (r) => r[load].p50_ms).median, fig(n, (r) => r[load].p50_ms).median),
    };
  }
  out.shadow_differences_per_server = spread(s.map((r) => r.differences));
  const cs = spread(s.map((r) => r.cpu_us_per_request));
  const cn = spread(n.map((r) => r.cpu_us_per_request));
  out.server_cpu_us_per_request = { shadow: cs, no_shadow: cn, ratio: ratio(cs.median, cn.median) };
  summary[audit === 'audit' ? 'audit_on' : 'audit_off'] = out;
}

console.log(
  JSON.stringify(
    {
      bench: 'shadow overhead, POST /v1/tool/exec end to end',
      node: process.version,
      requests_per_load: REQUESTS,
      rounds: ROUNDS,
      unit: 'min/median/max over rounds; ratios are shadow over no-shadow medians',
      ...summary,
      target: { latency_ratio_at_most: 1.1 },
    },
    null,
    2,
  ),
);
