#!/usr/bin/env node
// Two builds of the engine in one process, rounds interleaved (A, B, B, A, ...), so load on a
// shared machine lands on both: first-seen (every call unique, fresh engine) and repeated p50/p99
// of the corpus mix under the standard profile, per build, min/median/max over rounds.
// Also per build and round: the floor (the same passes on an engine with no policies: input
// checks, command analysis and effects, no rule matching), and first-seen calls to a long-lived
// engine whose caches are full (as in a server that has run for a while: every new command
// evicts the oldest entry of each cache).
// Both builds share one process, and the build loaded second measures ~1.3x slower on first-seen
// calls whichever it is (bench/RESULTS.md, 2026-11-27 18:15): run both orders and compare a build
// with the other in the same position.
// Run: node bench/compare-eval.mjs OLD_DIST NEW_DIST [rounds]
//   e.g. git archive 08161c7 | tar -x -C /tmp/old; (cd /tmp/old && ln -s $OLDPWD/node_modules && npx tsc -p .)
//        node bench/compare-eval.mjs /tmp/old/dist dist 10
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusCalls, loadBuilds, ROOT, unique } from './compare-builds.mjs';

const [distA, distB, roundsArg] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node bench/compare-eval.mjs OLD_DIST NEW_DIST [rounds] [--own-profiles]');
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 10);
const root = ROOT;
const builds = await loadBuilds([distA, distB]);
// By default both builds load this checkout's standard profile (the engines compared on the same
// rules); with --own-profiles each build loads the profile beside its own dist/ (what a user of
// that build gets, rules and engine together; needed when the profile format changed between them).
const ownProfiles = process.argv.includes('--own-profiles');
const configOf = (b) =>
  ownProfiles ? join(b.dist, '..', 'policies', 'standard.yaml') : join(root, 'policies', 'standard.yaml');
const base = corpusCalls(builds[0]);

const pass = (engine, calls) => {
  const t = [];
  const c0 = process.cpuUsage();
  for (const c of calls) {
    const t0 = process.hrtime.bigint();
    engine.evaluate(c, { dryRun: true });
    t.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  const cpu = process.cpuUsage(c0);
  t.sort((a, b) => a - b);
  // CPU per call over the pass (GC threads included): what a loaded machine moves least.
  return { p50: t[t.length >> 1], p99: t[Math.floor(t.length * 0.99)], cpu: (cpu.user + cpu.system) / calls.length };
};
const spread = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  const r = (x) => Math.round(x * 100) / 100;
  return { min: r(s[0]), median: r(s[s.length >> 1]), max: r(s[s.length - 1]) };
};
const emptyDir = mkdtempSync(join(tmpdir(), 'svc-compare-eval-'));
const empty = join(emptyDir, 'empty.yaml');
writeFileSync(empty, 'version: "1"\ndefault_action: allow\npolicies: []\n');
for (let w = 0; w < 3; w++)
  for (const b of builds) {
    const e = b.engine.loadEngine(configOf(b));
    const calls = base.map((c, i) => unique(c, `w${w}x${i}`));
    pass(e, calls);
    pass(e, calls);
    pass(b.engine.loadEngine(empty), calls);
  }
// Long-lived engines, their caches filled past their bounds (8,192 commands) with unique calls.
for (const b of builds) {
  b.full = b.engine.loadEngine(configOf(b));
  for (let w = 0; w < 10; w++)
    pass(
      b.full,
      base.map((c, i) => unique(c, `f${w}x${i}`)),
    );
}
const res = builds.map(() => ({
  first50: [],
  first99: [],
  firstCpu: [],
  rep50: [],
  rep99: [],
  repCpu: [],
  floor50: [],
  floorCpu: [],
  floorRep50: [],
  full50: [],
  fullCpu: [],
}));
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 ? [1, 0] : [0, 1];
  for (const k of order) {
    const b = builds[k];
    const e = b.engine.loadEngine(configOf(b));
    const calls = base.map((c, i) => unique(c, `b${k}r${r}x${i}`));
    const a = pass(e, calls);
    const c = pass(e, calls);
    res[k].first50.push(a.p50);
    res[k].first99.push(a.p99);
    res[k].firstCpu.push(a.cpu);
    res[k].repCpu.push(c.cpu);
    res[k].rep50.push(c.p50);
    res[k].rep99.push(c.p99);
    const fe = b.engine.loadEngine(empty);
    const f = pass(fe, calls);
    const fr = pass(fe, calls);
    res[k].floor50.push(f.p50);
    res[k].floorCpu.push(f.cpu);
    res[k].floorRep50.push(fr.p50);
    const full = pass(
      b.full,
      base.map((x, i) => unique(x, `full${k}r${r}x${i}`)),
    );
    res[k].full50.push(full.p50);
    res[k].fullCpu.push(full.cpu);
  }
}
rmSync(emptyDir, { recursive: true, force: true });
console.log(
  JSON.stringify(
    {
      bench: 'compare-eval',
      calls_per_round: base.length,
      rounds: ROUNDS,
      unit: 'microseconds per call; min/median/max over interleaved rounds',
      builds: builds.map((b, k) => ({
        dist: b.dist,
        first_seen_p50: spread(res[k].first50),
        first_seen_p99: spread(res[k].first99),
        first_seen_cpu_per_call: spread(res[k].firstCpu),
        repeated_p50: spread(res[k].rep50),
        repeated_p99: spread(res[k].rep99),
        repeated_cpu_per_call: spread(res[k].repCpu),
        floor_first_seen_p50: spread(res[k].floor50),
        floor_first_seen_cpu_per_call: spread(res[k].floorCpu),
        floor_repeated_p50: spread(res[k].floorRep50),
        full_caches_first_seen_p50: spread(res[k].full50),
        full_caches_first_seen_cpu_per_call: spread(res[k].fullCpu),
      })),
    },
    null,
    2,
  ),
);
