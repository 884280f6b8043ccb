#!/usr/bin/env node
// What each line reading (src/policy/effects/line-readings.ts) costs on the corpus mix, on one
// long-lived engine deciding first-seen calls: how many lines open it (its gate passes), the CPU
// time its `read` takes, and on how many lines it adds an effect. A reading that opens on many
// lines and adds on few is a candidate for a narrower gate. Wall-clock per reading: on a shared
// machine read the shares within one run, not the microseconds across runs.
// Run: node bench/reading-costs.mjs [DIST] [--passes N] [--warmup N]
import { join, resolve } from 'node:path';
import { corpusCalls, loadBuilds, unique } from './compare-builds.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const dist = resolve(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'dist');
const PASSES = arg('passes', 4);
const WARMUP = arg('warmup', 4);
const [build] = await loadBuilds([dist]);
const lr = await import(join(dist, 'src/policy/effects/line-readings.js'));
const config = join(dist, '..', 'policies', 'standard.yaml');
const base = corpusCalls(build);

const stats = lr.LINE_READINGS.map((r) => ({ name: r.name, runs: 0, adds: 0, samples: [] }));
let counting = false;
lr.LINE_READINGS.forEach((r, i) => {
  const read = r.read;
  const s = stats[i];
  r.read = (line, out) => {
    if (!counting) return read(line, out);
    const n = out.length;
    const t = process.hrtime.bigint();
    read(line, out);
    s.samples.push(Number(process.hrtime.bigint() - t));
    s.runs++;
    if (out.length !== n) s.adds++;
  };
});
const engine = build.engine.loadEngine(config);
let evalNs = 0n;
for (let r = 0; r < WARMUP + PASSES; r++) {
  counting = r >= WARMUP;
  const calls = base.map((c, i) => unique(c, `rc${r}x${i}`));
  const t = process.hrtime.bigint();
  for (const c of calls) engine.evaluate(c, { dryRun: true });
  if (counting) evalNs += process.hrtime.bigint() - t;
}
// A read preempted by another process counts its wait too: the top 1% of each reading's samples
// are dropped and the rest scaled to all runs (robust to a loaded machine, biased a little low).
for (const s of stats) {
  const xs = s.samples.sort((a, b) => a - b);
  const keep = xs.slice(0, Math.max(1, Math.ceil(xs.length * 0.99)));
  s.ns = xs.length ? (keep.reduce((a, x) => a + x, 0) / keep.length) * xs.length : 0;
}
const calls = base.length * PASSES;
const totalNs = stats.reduce((a, s) => a + s.ns, 0);
const ev = Number(evalNs);
console.log(
  `${calls} first-seen calls in ${PASSES} passes after ${WARMUP} warm-up passes; evaluate ${(ev / calls / 1000).toFixed(1)} us/call (wall); line readings' reads ${(totalNs / calls / 1000).toFixed(1)} us/call (${((100 * totalNs) / ev).toFixed(1)}% of evaluate)`,
);
console.log('reading                  runs/call  adds/run   us/call  share-of-evaluate');
for (const s of [...stats].sort((a, b) => b.ns - a.ns).slice(0, 40))
  console.log(
    `${s.name.padEnd(24)} ${(s.runs / calls).toFixed(3).padStart(9)} ${(s.runs ? s.adds / s.runs : 0).toFixed(3).padStart(9)} ${(s.ns / calls / 1000).toFixed(2).padStart(9)} ${((100 * s.ns) / ev).toFixed(2).padStart(8)}%`,
  );
