#!/usr/bin/env node
// Instructions the shadow set's evaluation adds to the live one, for comparing builds on a loaded
// machine (server timings there wander by 2x from round to round; instruction counts do not):
// the live standard engine decides each call, then, with `both`, the shadow engine (the same
// base plus the candidate of shadow.bench.ts, sharing the live engine's analysis as the server
// does) decides the same call object. 600 calls warm up, then callgrind counts 500 more, every
// command unique. The difference between `both` and `live` is the shadow's cost per call.
// Run: valgrind --tool=callgrind --separate-threads=yes --instr-atstart=no \
//        node bench/callgrind-shadow.mjs ROOT both|live
// and read "totals:" of the file ending in -01 (the main thread; V8's compiler and GC threads, in
// the other files, move by 10-20% between runs of the same build).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';

const root = resolve(process.argv[2] ?? '.');
const both = process.argv[3] !== 'live';
const load = (p) => import(join(root, 'dist', p));
const { loadEngine } = await load('src/policy/engine.js');
const { SharedAnalysis } = await load('src/policy/shadow-cache.js');
const { corpusCommands } = await load('bench/corpus-commands.js');
const { BY_TOOL, candidatePolicy } = await load('bench/candidate-policy.js');

const pool = corpusCommands();
const dir = mkdtempSync(join(tmpdir(), 'svc-callgrind-shadow-'));
try {
  mkdirSync(join(dir, 'next'));
  writeFileSync(join(dir, 'next', 'candidate.yaml'), candidatePolicy(BY_TOOL, true));
  const standard = join(root, 'policies', 'standard.yaml');
  // As the server (server/start.ts): a shared analysis only beside a shadow set.
  const shared = both ? new SharedAnalysis(homedir()) : undefined;
  const live = loadEngine([standard], shared ? { shared } : {});
  const shadow = both ? loadEngine([standard, join(dir, 'next')], { shared, taints: false }) : null;
  const instrument = (on) =>
    execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(process.pid)], { stdio: 'ignore' });
  let seq = 0;
  for (const [n, measured] of [
    [600, false],
    [500, true],
  ]) {
    const calls = Array.from({ length: n }, () => ({
      tool: 'exec',
      agent: 'bench',
      session: 'bench',
      params: { command: `${pool[seq % pool.length]} u${seq++}` },
    }));
    if (measured) instrument(true);
    let differ = 0;
    for (const c of calls) {
      const l = live.evaluate(c, {});
      if (shadow && shadow.evaluate(c, { dryRun: true }).action !== l.action) differ++;
    }
    if (measured) instrument(false);
    console.log(`${measured ? 'measured' : 'warm-up'}: ${n} calls, ${differ} decided differently by the shadow`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
