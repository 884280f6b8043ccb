// Shadow overhead: end-to-end POST /v1/tool/exec against real `svc serve` children with the
// shipped standard profile, with and without a shadow set (--shadow DIR: the same standard base
// plus a candidate file of ten more policies, so the shadow decides with a set larger than the
// live one). Every request sends a command the server has never seen (corpus exec commands, each
// with a distinct argument), so no evaluation cache helps either set; every server gets the same
// sequence of commands.
//
// The servers of one audit mode (audit on: every decision fsynced; off: the decision cost alone)
// run side by side for the whole measurement, and each round gives every one of them the same
// loads in turn (the order rotates and reverses from round to round), so a busy spell on this
// shared machine falls on all of them alike. The no-shadow server is the floor: each figure is
// printed beside it with the ratio of the medians, and the ratio taken inside each round (the
// steadier figure when the load moves). Server CPU is read from /proc/PID/task/*/schedstat (all
// threads, microsecond precision) around each load.
// --compare ROOT adds another build's servers (ROOT/bin/svc.js, e.g. the session's start build)
// to the same rounds, so a change is measured against its base in one run.
// Run: node dist/bench/shadow.bench.js [--requests N] [--rounds R] [--compare ROOT]
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnServe, SVC_BIN, type ServeChild } from '../test/helpers/spawn.js';
import { corpusCommands } from './corpus-commands.js';
import { BY_TOOL, candidatePolicy } from './candidate-policy.js';
import { processCpuMs, ratio, spread, type Spread } from './stats.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const REQUESTS = Number(arg('requests') ?? 2000);
const ROUNDS = Number(arg('rounds') ?? 5);
const COMPARE = arg('compare');
/** Requests each server gets before the first round (JIT, connection pool). */
const WARMUP = 500;
/** Concurrent connections of the second load. */
const CONNECTIONS = 16;

/** Ten policies a team might try out: denies, asks and watches over commands, paths and hosts. */
const CANDIDATE = candidatePolicy(BY_TOOL, true);
const POOL = corpusCommands();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Kind = 'shadow' | 'none';
type LoadName = 'serial' | 'conc16';

interface Server {
  build: string;
  kind: Kind;
  srv: ServeChild;
  dir: string;
  url: URL;
  token: string;
  /** The server's own count of commands sent: every server gets the same sequence. */
  seq: number;
}

interface Load {
  mean_ms: number;
  p50_ms: number;
  /** Server CPU (user + system, every thread) per request during this load. */
  cpu_us: number;
}

function post(s: Server, agent: http.Agent, command: string): Promise<number> {
  return new Promise((resolvePost, reject) => {
    const body = JSON.stringify({ agent: 'bench', session: 'bench', params: { command } });
    const t0 = performance.now();
    const req = http.request(
      {
        host: s.url.hostname,
        port: s.url.port,
        path: '/v1/tool/exec',
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${s.token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolvePost(performance.now() - t0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function load(s: Server, connections: number, n: number): Promise<Load> {
  const lat: number[] = [];
  let i = 0;
  // A pool per load: a connection left idle while the other servers are loaded would be closed
  // by the server's keep-alive timeout under the client's feet.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const pid = s.srv.child.pid ?? 0;
  const cpu0 = processCpuMs(pid);
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (i++ < n) {
        const k = s.seq++;
        lat.push(await post(s, agent, `${POOL[k % POOL.length]} u${k}`));
      }
    }),
  );
  const cpu_us = ((processCpuMs(pid) - cpu0) * 1000) / n;
  agent.destroy();
  lat.sort((a, b) => a - b);
  return {
    mean_ms: lat.reduce((t, x) => t + x, 0) / lat.length,
    p50_ms: percentile(lat, 50),
    cpu_us,
  };
}

async function start(build: string, bin: string, kind: Kind, audit: boolean): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-shadow-'));
  const shadowDir = join(dir, 'candidate');
  mkdirSync(shadowDir);
  writeFileSync(join(shadowDir, 'candidate.yaml'), CANDIDATE);
  const args = ['--data-dir', join(dir, 'data'), ...(audit ? [] : ['--audit-dir', ''])];
  if (kind === 'shadow') args.push('--shadow', shadowDir);
  const srv = await spawnServe(args, {}, 120_000, bin);
  const token = readFileSync(join(dir, 'data', 'token'), 'utf8').trim();
  return { build, kind, srv, dir, url: new URL(srv.url), token, seq: 0 };
}

async function stop(s: Server): Promise<void> {
  await s.srv.stop();
  rmSync(s.dir, { recursive: true, force: true });
}

async function differences(s: Server): Promise<number> {
  const res = await fetch(`${s.srv.url}/v1/policy/shadow`, { headers: { authorization: `Bearer ${s.token}` } });
  return ((await res.json()) as { differences_total: number }).differences_total;
}

/** One figure of the shadow server beside its floor (the no-shadow server of the same build). */
interface Figure {
  shadow: Spread;
  floor: Spread;
  /** Shadow median over floor median. */
  ratio: number;
  /** The ratio inside each round, min / median / max. */
  round_ratio: Spread;
}

function figure(shadow: number[], floor: number[]): Figure {
  const s = spread(shadow);
  const f = spread(floor);
  return {
    shadow: s,
    floor: f,
    ratio: ratio(s.median, f.median),
    round_ratio: spread(shadow.map((x, i) => x / (floor[i] ?? NaN))),
  };
}

const FIGURES = {
  cpu_us_per_request: (r: Record<LoadName, Load>) => (r.serial.cpu_us + r.conc16.cpu_us) / 2,
  serial_mean_ms: (r: Record<LoadName, Load>) => r.serial.mean_ms,
  serial_p50_ms: (r: Record<LoadName, Load>) => r.serial.p50_ms,
  conc16_mean_ms: (r: Record<LoadName, Load>) => r.conc16.mean_ms,
  conc16_p50_ms: (r: Record<LoadName, Load>) => r.conc16.p50_ms,
};

async function measureMode(builds: { name: string; bin: string }[], audit: boolean) {
  const servers: Server[] = [];
  try {
    for (const b of builds)
      for (const kind of ['none', 'shadow'] as const) servers.push(await start(b.name, b.bin, kind, audit));
    for (const s of servers) await load(s, 4, WARMUP);
    const rounds = new Map<Server, Record<LoadName, Load>[]>(servers.map((s) => [s, []]));
    for (let r = 0; r < ROUNDS; r++) {
      const order = servers.map((_, i) => servers[(i + r) % servers.length]!);
      if (r % 2) order.reverse();
      for (const s of order) {
        const serial = await load(s, 1, REQUESTS);
        const conc16 = await load(s, CONNECTIONS, REQUESTS);
        rounds.get(s)!.push({ serial, conc16 });
      }
    }
    const out: Record<string, unknown> = {};
    for (const b of builds) {
      const none = servers.find((s) => s.build === b.name && s.kind === 'none')!;
      const shadow = servers.find((s) => s.build === b.name && s.kind === 'shadow')!;
      const fig: Record<string, unknown> = {};
      for (const [name, pick] of Object.entries(FIGURES)) {
        fig[name] = figure(rounds.get(shadow)!.map(pick), rounds.get(none)!.map(pick));
      }
      fig.shadow_differences = await differences(shadow);
      fig.requests_per_server = WARMUP + 2 * REQUESTS * ROUNDS;
      out[b.name] = fig;
    }
    return out;
  } finally {
    for (const s of servers) await stop(s);
  }
}

const builds = [{ name: 'this', bin: SVC_BIN }];
if (COMPARE) builds.push({ name: 'compare', bin: join(resolve(COMPARE), 'bin', 'svc.js') });
const startedAt = new Date().toISOString();
const auditOn = await measureMode(builds, true);
const auditOff = await measureMode(builds, false);

const result = {
  bench: 'shadow overhead, POST /v1/tool/exec end to end',
  node: process.version,
  started: startedAt,
  ...(COMPARE ? { compare: resolve(COMPARE) } : {}),
  requests_per_load: REQUESTS,
  rounds: ROUNDS,
  unit: 'min/median/max over rounds; floor = the same build without a shadow set; ratio = shadow median / floor median',
  audit_on: auditOn,
  audit_off: auditOff,
  target: { ratio_at_most: 1.1 },
};
console.log(JSON.stringify(result, null, 2));

// The figures again, one line each, for a reader of `npm run bench`.
const r2 = (x: number) => (Math.round(x * 100) / 100).toFixed(2);
for (const [mode, byBuild] of [
  ['audit on', auditOn],
  ['audit off', auditOff],
] as const) {
  for (const [build, figs] of Object.entries(byBuild)) {
    for (const name of Object.keys(FIGURES)) {
      const f = (figs as Record<string, Figure>)[name]!;
      console.log(
        `${mode.padEnd(9)} ${build.padEnd(7)} ${name.padEnd(18)} shadow ${r2(f.shadow.median).padStart(8)}  floor ${r2(f.floor.median).padStart(8)}  ratio ${r2(f.ratio)} (per round ${r2(f.round_ratio.min)}-${r2(f.round_ratio.max)})`,
      );
    }
  }
}
