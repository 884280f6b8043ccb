#!/usr/bin/env node
// End-to-end cost of one host hook call as a host pays it: spawn `node bin/svc.js hook
// claude-code`, pipe a PreToolUse payload in, read the reply, against a running server.
// Prints p50/p95/max in ms, with `node -e 0` (the floor any Node hook pays) for reference.
// The cases run round-robin so background load spreads evenly over them.
//   node bench/hook.bench.mjs [RUNS]        (default 60; run `npx tsc -p .` first)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../', import.meta.url).pathname;
const SVC = join(ROOT, 'bin', 'svc.js');
const RUNS = Number(process.argv[2] ?? 60);
const WARMUP = 3;
const payload = JSON.stringify({
  session_id: 'bench-session',
  cwd: ROOT,
  hook_event_name: 'PreToolUse',
  tool_name: 'Bash',
  tool_input: { command: 'git status' },
  tool_use_id: 'toolu_bench',
});

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { runs: s.length, p50: at(0.5), p95: at(0.95), max: s.at(-1) };
}

function time(args, input, env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { input, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`exit ${r.status}: ${r.stderr}`);
  return { ms, out: r.stdout };
}

/** Runs the cases round-robin, so load from other processes hits them all alike. */
function interleaved(cases) {
  const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const [name, c] of Object.entries(cases)) {
      const { ms, out } = time(c.args, c.input, c.env);
      if (c.check) c.check(out);
      if (round >= WARMUP) samples[name].push(ms);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, stats(v)]));
}

async function startServer(dataDir) {
  const config = join(dataDir, 'policy.yaml');
  writeFileSync(config, 'version: "1"\ndefault_action: allow\npolicies: []\n');
  const proc = spawn(process.execPath, [SVC, 'serve', '--port', '0', '--data-dir', dataDir, '--config', config], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (c) => {
      out += c;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    proc.on('exit', (code) => reject(new Error(`svc serve exited ${code}`)));
  });
  return { proc, url, token: readFileSync(join(dataDir, 'token'), 'utf8').trim() };
}

const dataDir = mkdtempSync(join(tmpdir(), 'svc-hookbench-'));
const server = await startServer(dataDir);
try {
  const env = {
    PATH: process.env.PATH,
    HOME: dataDir,
    SERVICE_HOME: dataDir,
    SERVICE_URL: server.url,
    SERVICE_TOKEN: server.token,
  };
  const hookArgs = [SVC, 'hook', 'claude-code'];
  const r = interleaved({
    floor: { args: ['-e', '0'], input: '', env },
    hook: {
      args: hookArgs,
      input: payload,
      env,
      check: (out) => {
        if (!out.includes('"permissionDecision":"allow"')) throw new Error(`unexpected reply ${out}`);
      },
    },
    away: { args: hookArgs, input: payload, env: { ...env, SERVICE_URL: 'http://127.0.0.1:9' } },
  });
  const { floor, hook, away } = r;
  const fmt = (s) =>
    `p50 ${s.p50.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  max ${s.max.toFixed(1)} ms  (${s.runs} runs)`;
  console.log(`node -e 0 (floor)             ${fmt(floor)}`);
  console.log(`svc hook claude-code, server  ${fmt(hook)}`);
  console.log(`svc hook claude-code, no srv  ${fmt(away)}`);
  console.log(`hook cost above the floor: p50 ${(hook.p50 - floor.p50).toFixed(1)} ms`);
} finally {
  server.proc.kill('SIGTERM');
  await new Promise((r) => server.proc.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
