#!/usr/bin/env node
// Instructions of one first-seen pass of the corpus mix (every call unique, a fresh engine with
// the build's own standard profile), for comparing builds on a loaded machine: run under
// callgrind with instrumentation off, it makes one pass to warm up, then switches
// instrumentation on around a second pass on another fresh engine only.
// Run: valgrind --tool=callgrind --instr-atstart=no node bench/callgrind-first-seen.mjs DIST
// and read "I refs" (all threads: V8's compiler and GC threads count too, so runs differ by a few %).
// With `--settled N` one long-lived engine decides N uncounted passes of unique calls first and
// the counted pass is its next one (a server that has run a while: compilation mostly done, so
// the count is mostly the engine's own code, which a change to a reading moves).
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { corpusCalls, loadBuilds, unique } from './compare-builds.mjs';

const [build] = await loadBuilds([process.argv[2] ?? 'dist']);
const config = join(build.dist, '..', 'policies', 'standard.yaml');
const base = corpusCalls(build);
const instrument = (on) =>
  execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(process.pid)], { stdio: 'ignore' });
const at = process.argv.indexOf('--settled');
const settled = at > 0 ? Number(process.argv[at + 1]) : 0;
const longLived = settled > 0 ? build.engine.loadEngine(config) : undefined;
const passes = settled > 0 ? settled + 1 : 2;
for (let r = 0; r < passes; r++) {
  const engine = longLived ?? build.engine.loadEngine(config);
  const calls = base.map((c, i) => unique(c, `cg${r}x${i}`));
  if (r === passes - 1) instrument(true);
  let stopped = 0;
  for (const c of calls) if (engine.evaluate(c, { dryRun: true }).action !== 'allow') stopped++;
  if (r === passes - 1) instrument(false);
  console.log(`round ${r}: ${calls.length} calls, ${stopped} not allowed`);
}
