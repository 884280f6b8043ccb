// Startup: from spawning `svc serve` to its first 200 on POST /v1/tool/exec, with the shipped
// profile, polled over loopback: the first start on an empty data dir, a restart of it (empty
// journal; parsed policies cached by the first start), and a restart with N approvals in the
// journal. Floors measured in the same rounds: spawning `node -e 0` to its exit, and a bare
// fastify app (one POST route answering {}) to its first 200, polled the same way. Each figure is
// min / median / max over interleaved rounds, with the server's own CPU time to that first answer
// (user + system of every thread, from getrusage of the child once it exits: it is stopped right
// after the first 200, so it covers start-up plus one request). `to_lock_ms` is when the data dir's
// lock first names the new process: until then the preload library and svc-hook cannot tell a
// restart from a stopped server (the fail-open window of a restart, preload/svc_check.c).
// --compare BIN also starts another build's bin/svc.js in the same interleaved rounds (e.g. the
// commit before a change), so a before/after pair shares the machine's load.
// Run: node dist/bench/startup.bench.js [--rounds R] [--approvals N] [--compare OTHER/bin/svc.js]
import http from 'node:http';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SVC_BIN } from '../test/helpers/spawn.js';
import { PACKAGE_ROOT } from '../src/util/version.js';
import { ratio, spread } from './stats.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ROUNDS = arg('rounds', 7);
const APPROVALS = arg('approvals', 1000);
const compareAt = process.argv.indexOf('--compare');
const COMPARE = compareAt > 0 ? process.argv[compareAt + 1] : undefined;

function post(port: number, token: string): Promise<number> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ agent: 'bench', session: 'bench', params: { command: 'git status' } });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/tool/exec',
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

interface Start {
  /** Spawn to the first 200. */
  ms: number;
  /** Spawn to svc.lock naming the child. */
  lock_ms: number;
  /** Spawn to the "listening on" line. */
  listening_ms: number;
  /** Server CPU (user + system) up to the first 200 and its exit. */
  cpu_ms: number;
}

// The floor: fastify alone, one route, listening, first 200 (no token: the poll sends one anyway).
const BARE_FASTIFY = `
const app = require('fastify')({ logger: false });
app.post('/v1/tool/exec', async () => ({ allowed: true }));
app.listen({ port: Number(process.argv[1]), host: '127.0.0.1' }).then(() => console.log('listening on'));
`;

/** Spawns `svc serve` (or, with bin 'fastify', the bare fastify floor) and polls until the first 200. */
async function startOnce(dataDir: string, port: number, bin = SVC_BIN): Promise<Start> {
  const t0 = performance.now();
  const bare = bin === 'fastify';
  const child = spawn(
    process.execPath,
    bare
      ? ['-e', BARE_FASTIFY, String(port)]
      : [bin, 'serve', '--port', String(port), '--data-dir', dataDir, '--socket', join(dataDir, 's.sock')],
    { env: { ...process.env, SERVICE_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'], cwd: PACKAGE_ROOT },
  );
  let listening = NaN;
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
    if (Number.isNaN(listening) && out.includes('listening on')) listening = performance.now() - t0;
  });
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number>((resolve) => {
    child.on('exit', () => resolve(0));
  });
  let ms = NaN;
  let lockMs = NaN;
  try {
    const tokenFile = join(dataDir, 'token');
    const lockFile = join(dataDir, 'svc.lock');
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serve exited: ${err}`);
      if (performance.now() - t0 > 20_000) throw new Error(`no 200 in 20 s: ${err}`);
      if (Number.isNaN(lockMs) && !bare && lockNames(lockFile, child.pid)) lockMs = performance.now() - t0;
      const token = bare ? 'x' : existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '';
      if (token && (await post(port, token)) === 200) {
        ms = performance.now() - t0;
        break;
      }
      // Polling faster than this would steal the CPU the server needs to start.
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    child.kill('SIGKILL');
  }
  await exited;
  return { ms, lock_ms: lockMs, listening_ms: listening, cpu_ms: childCpuMs() };
}

function lockNames(file: string, pid: number | undefined): boolean {
  try {
    return readFileSync(file, 'utf8').trim() === String(pid);
  } catch {
    return false;
  }
}

// process.resourceUsage() has no children; /proc/self/stat fields 16/17 (cutime, cstime) count
// the CPU of waited-for children.
let lastChildCpu = 0;
function childCpuMs(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const total = ((Number(f[13]) || 0) + (Number(f[14]) || 0)) * 10;
  const d = total - lastChildCpu;
  lastChildCpu = total;
  return d;
}

async function nodeFloor(): Promise<{ ms: number; cpu: number }> {
  const t0 = performance.now();
  await new Promise<void>((resolve) => spawn(process.execPath, ['-e', '0']).on('exit', () => resolve()));
  const ms = performance.now() - t0;
  return { ms, cpu: childCpuMs() };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** A data dir whose approvals journal holds n pending approvals, written by a real server. */
async function dirWithApprovals(n: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-start-'));
  await startOnce(dir, await freePort());
  const { ApprovalStore } = await import('../src/approvals/store.js');
  const { systemClock } = await import('../src/util/clock.js');
  const { Bus } = await import('../src/audit/bus.js');
  const s = ApprovalStore.open({
    dataDir: dir,
    timeoutMs: 3_600_000,
    clock: systemClock,
    audit: null,
    bus: new Bus(),
    log: () => {},
  });
  await s.enqueue({
    call: { tool: 'exec', agent: 'a', session: 's', params: { command: 'deploy 0' } },
    decision: { action: 'ask', message: 'm', matchedPolicies: ['p'], policy: 'p', evalDurationUs: 1 },
    credentialOwner: 'server/admin',
    auditId: 'EV-ask',
    source: 'tool',
  } as never);
  s.close();
  const journal = join(dir, 'approvals.journal');
  const line = readFileSync(journal, 'utf8')
    .split('\n')
    .find((l) => l.includes('"t":"approval"'));
  if (!line) throw new Error('no approval line in the journal');
  const proto = (JSON.parse(line) as { a: { id: string } }).a;
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `${proto.id.slice(0, -4)}${String(i).padStart(4, '0')}`;
    lines.push(JSON.stringify({ t: 'approval', a: { ...proto, id } }));
  }
  writeFileSync(journal, lines.join('\n') + '\n');
  return dir;
}

const empty: Start[] = [];
const restart: Start[] = [];
const withApprovals: Start[] = [];
const other = { empty: [] as Start[], restart: [] as Start[] };
const floors: number[] = [];
const floorCpu: number[] = [];
const fastify: Start[] = [];
const approvalsDir = await dirWithApprovals(APPROVALS);
try {
  for (let r = 0; r < ROUNDS; r++) {
    const f = await nodeFloor();
    floors.push(f.ms);
    floorCpu.push(f.cpu);
    fastify.push(await startOnce(tmpdir(), await freePort(), 'fastify'));
    const dir = mkdtempSync(join(tmpdir(), 'svc-bench-start-'));
    try {
      empty.push(await startOnce(dir, await freePort()));
      restart.push(await startOnce(dir, await freePort()));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    withApprovals.push(await startOnce(approvalsDir, await freePort()));
    if (COMPARE) {
      const d = mkdtempSync(join(tmpdir(), 'svc-bench-start-'));
      try {
        other.empty.push(await startOnce(d, await freePort(), COMPARE));
        other.restart.push(await startOnce(d, await freePort(), COMPARE));
      } finally {
        rmSync(d, { recursive: true, force: true });
      }
    }
  }
} finally {
  rmSync(approvalsDir, { recursive: true, force: true });
}

const floor = spread(floors);
const fastifyMs = spread(fastify.map((x) => x.ms));
const fastifyCpu = spread(fastify.map((x) => x.cpu_ms));
const summarize = (xs: Start[]) => {
  const ms = spread(xs.map((x) => x.ms));
  const cpu = spread(xs.map((x) => x.cpu_ms));
  return {
    to_first_200_ms: ms,
    to_lock_ms: spread(xs.map((x) => x.lock_ms)),
    to_listening_ms: spread(xs.map((x) => x.listening_ms)),
    server_cpu_ms: cpu,
    over_node_floor: ratio(ms.median, floor.median),
    over_bare_fastify: ratio(ms.median, fastifyMs.median),
    cpu_over_bare_fastify: ratio(cpu.median, fastifyCpu.median),
  };
};
console.log(
  JSON.stringify(
    {
      bench: 'startup: spawn svc serve to the first 200 on POST /v1/tool/exec',
      node: process.version,
      rounds: ROUNDS,
      unit: 'min/median/max over interleaved rounds',
      node_e_0_ms: floor,
      node_e_0_cpu_ms: spread(floorCpu),
      bare_fastify: { to_first_200_ms: fastifyMs, cpu_ms: fastifyCpu },
      first_start_empty_data_dir: summarize(empty),
      restart_empty_journal: summarize(restart),
      [`journal_with_${APPROVALS}_approvals`]: summarize(withApprovals),
      ...(COMPARE
        ? {
            compare_bin: COMPARE,
            compare_first_start: summarize(other.empty),
            compare_restart_empty_journal: summarize(other.restart),
          }
        : {}),
      targets: { restart_empty_journal_ms: 300, journal_replay_ms: 1000 },
    },
    null,
    2,
  ),
);
