#!/usr/bin/env node
// Instructions of one warm evaluation of the 2 MiB command line (test/policy/big-command.ts)
// under the standard profile, for comparing builds on a loaded machine: run under callgrind with
// instrumentation off, it evaluates once to warm up, then switches instrumentation on around the
// second evaluation only (a fresh engine each time, as bench/compare-big.mjs does).
// Run: valgrind --tool=callgrind --instr-atstart=no node bench/callgrind-big.mjs DIST
// and read "I refs" (all threads: V8's compiler and GC threads count too, so runs differ by ~5%).
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
import { ROOT } from './compare-builds.mjs';

const dist = resolve(process.argv[2] ?? 'dist');
const engines = await import(join(dist, 'src/policy/engine.js'));
const big = await import(join(dist, 'test/policy/big-command.js'));
const config = join(ROOT, 'policies', 'standard.yaml');
const instrument = (on) =>
  execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(process.pid)], { stdio: 'ignore' });
for (let r = 0; r < 2; r++) {
  const engine = engines.loadEngine(config);
  const command = big.bigCommand(2 * 1024 * 1024, 200, `\necho round ${r}`);
  if (r === 1) instrument(true);
  const action = engine.evaluate(
    { tool: 'exec', agent: 'bench', session: `big${r}`, params: { command } },
    { dryRun: true },
  ).action;
  if (r === 1) instrument(false);
  console.log(`round ${r}: ${action}`);
}
