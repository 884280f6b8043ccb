#!/usr/bin/env node
// The analysis floor of two builds, A/B in one process: evaluate() of the corpus mix against an
// engine with no policies (input checks, command analysis, effects; no rule matching), every call
// unique, a fresh engine per round, rounds interleaved (A, B, B, A, ...). Prints the median CPU
// per call and p50 of each build and the median of the per-round ratios B/A with their range:
// on a shared machine a ratio taken inside one round moves less than either figure. Run it with
// the same dist twice (A/A) to see what position alone does to the ratio.
// Run: node bench/compare-floor.mjs OLD_DIST NEW_DIST [rounds] [--standard]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusCalls, loadBuilds, ROOT, timePass, unique } from './compare-builds.mjs';

const [distA, distB, roundsArg] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node bench/compare-floor.mjs OLD_DIST NEW_DIST [rounds] [--standard]');
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 16);
const root = ROOT;
const builds = await loadBuilds([distA, distB]);
const base = corpusCalls(builds[0]);
const tmp = mkdtempSync(join(tmpdir(), 'svc-compare-floor-'));
const empty = join(tmp, 'empty.yaml');
writeFileSync(empty, 'version: "1"\ndefault_action: allow\npolicies: []\n');
const config = process.argv.includes('--standard') ? join(root, 'policies', 'standard.yaml') : empty;
const cpu = [[], []];
const p50 = [[], []];
try {
  // Two warm-up rounds per build, then the measured ones.
  for (let r = -2; r < ROUNDS; r++)
    for (const k of r % 2 ? [1, 0] : [0, 1]) {
      const b = builds[k];
      const e = b.engine.loadEngine(config);
      const calls = base.map((c, i) => unique(c, `b${k}r${r}x${i}`));
      const { times: t, cpu: perCall } = timePass(e, calls);
      t.sort((x, y) => x - y);
      if (r < 0) continue;
      cpu[k].push(perCall);
      p50[k].push(t[t.length >> 1]);
    }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
const median = (xs) => xs.slice().sort((x, y) => x - y)[xs.length >> 1];
const ratio = (a, b) => {
  const r = a.map((v, i) => b[i] / v).sort((x, y) => x - y);
  const round = (x) => Math.round(x * 1000) / 1000;
  return { median: round(r[r.length >> 1]), min: round(r[0]), max: round(r[r.length - 1]) };
};
const r2 = (x) => Math.round(x * 10) / 10;
console.log(
  JSON.stringify(
    {
      bench: 'compare-floor',
      config: config === empty ? 'no policies' : 'standard',
      calls_per_round: base.length,
      rounds: ROUNDS,
      unit: 'microseconds per call, median over rounds; ratios B/A per round',
      cpu_per_call: { a: r2(median(cpu[0])), b: r2(median(cpu[1])), ratio: ratio(cpu[0], cpu[1]) },
      p50: { a: r2(median(p50[0])), b: r2(median(p50[1])), ratio: ratio(p50[0], p50[1]) },
    },
    null,
    2,
  ),
);
