// Cost of one host hook call as a host pays it (spawn, pipe the PreToolUse JSON in, read the
// reply), against a running `svc serve` child:
//   native        build/Release/svc-hook claude-code (the socket fast path)
//   node          node bin/svc.js hook claude-code (the portable path, HTTP)
//   native_away   svc-hook with no server (decides locally, the hooks' local fallback: its reply
//                 names the fallback, so only its exit status and the decision field are checked)
//   spawn_floor   /bin/true spawned the same way (what any hook pays before doing anything)
// Runs interleaved (4 native calls per node call) so background load hits every case alike.
// Prints one JSON object. Usage: node dist/bench/hook-fast.bench.js [NATIVE_RUNS] [NODE_RUNS]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hookClientPath } from '../src/cli/preload-path.js';
import { PACKAGE_ROOT } from '../src/util/version.js';

const NATIVE_RUNS = Number(process.argv[2] ?? 200);
const NODE_RUNS = Number(process.argv[3] ?? 50);
const WARMUP = 5;
const TARGET_P50_MS = 50;
const SVC_JS = join(PACKAGE_ROOT, 'bin', 'svc.js');
const SVC_HOOK = hookClientPath();

const payload = JSON.stringify({
  session_id: 'bench-session',
  cwd: PACKAGE_ROOT,
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'git status' },
  tool_use_id: 'toolu_bench',
});
const ALLOW = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}\n';

interface Stats {
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  const r = (x: number) => Math.round(x * 100) / 100;
  return { runs: s.length, p50: r(at(0.5)), p95: r(at(0.95)), max: r(s.at(-1)!) };
}

function time(cmd: string, args: string[], env: NodeJS.ProcessEnv, expect?: string | RegExp): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { input: payload, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} exited ${r.status}: ${r.stderr}`);
  const ok = expect === undefined || (typeof expect === 'string' ? r.stdout === expect : expect.test(r.stdout));
  if (!ok) throw new Error(`${cmd}: unexpected reply ${r.stdout} ${r.stderr}`);
  return ms;
}

async function startServer(dataDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const config = join(dataDir, 'policy.yaml');
  writeFileSync(config, 'version: "1"\ndefault_action: allow\npolicies: []\n');
  const env = { ...process.env };
  delete env.SERVICE_TOKEN;
  const proc = spawn(process.execPath, [SVC_JS, 'serve', '--port', '0', '--data-dir', dataDir, '--config', config], {
    env,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (c) => {
      out += c;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.on('exit', (code) => reject(new Error(`svc serve exited ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        proc.removeAllListeners('exit');
        proc.on('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'svc-hookfast-bench-'));
const server = await startServer(dataDir);
try {
  const base = { PATH: process.env.PATH, HOME: dataDir };
  const nativeEnv = { ...base, SERVICE_SOCKET: join(dataDir, 'svc.sock') };
  const awayEnv = { ...base, SERVICE_SOCKET: join(dataDir, 'absent.sock') };
  const nodeEnv = { ...base, SERVICE_HOME: dataDir, SERVICE_URL: server.url };
  const samples: Record<string, number[]> = { native: [], node: [], native_away: [], spawn_floor: [] };
  const perNode = Math.max(1, Math.round(NATIVE_RUNS / NODE_RUNS));
  for (let round = 0; round < WARMUP + NODE_RUNS; round++) {
    const keep = round >= WARMUP;
    for (let i = 0; i < perNode; i++) {
      const ms = time(SVC_HOOK, ['claude-code'], nativeEnv, ALLOW);
      if (keep && samples.native!.length < NATIVE_RUNS) samples.native!.push(ms);
    }
    const nodeMs = time(process.execPath, [SVC_JS, 'hook', 'claude-code'], nodeEnv, ALLOW);
    const awayMs = time(SVC_HOOK, ['claude-code'], awayEnv, /"permissionDecision":"(?:allow|deny|ask)"/);
    const floorMs = time('/bin/true', [], base);
    if (keep) {
      samples.node!.push(nodeMs);
      samples.native_away!.push(awayMs);
      samples.spawn_floor!.push(floorMs);
    }
  }
  const results = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)])) as Record<string, Stats>;
  const out = {
    bench: 'hook fast path (svc-hook claude-code) vs svc hook claude-code',
    node: process.version,
    unit: 'ms',
    results,
    speedup_p50: Math.round((results.node!.p50 / results.native!.p50) * 10) / 10,
    // Each p50 over the bare spawn's p50 measured in the same rounds (what any hook pays).
    x_floor_p50: Object.fromEntries(
      Object.entries(results).map(([k, v]) => [k, Math.round((v.p50 / results.spawn_floor!.p50) * 10) / 10]),
    ),
    target_native_p50_ms: TARGET_P50_MS,
    target_met: results.native!.p50 <= TARGET_P50_MS,
  };
  console.log(JSON.stringify(out, null, 2));
  if (!out.target_met) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
