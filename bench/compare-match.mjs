#!/usr/bin/env node
// Rule matching alone, two builds in one process: for every call of the corpus mix under the
// standard profile, the engine's decideOwn (the rules of the call's own scope, taints included;
// no analysis, no derived calls) timed on a prepared call, first with the command's match caches
// cleared (first-seen) and then again (repeated). Per call the minimum over K interleaved passes
// is kept, which filters a shared machine's load spikes; p50/p90/p99/mean are over calls.
// Run: node bench/compare-match.mjs OLD_DIST NEW_DIST [K]
import { join, resolve } from 'node:path';
import { corpusCalls, loadBuilds, ROOT } from './compare-builds.mjs';

const args = process.argv.slice(2);
const dists = args.filter((a) => !/^\d+$/.test(a)).map((d) => resolve(d));
const K = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
if (dists.length < 1) {
  console.error('usage: node bench/compare-match.mjs DIST [DIST...] [K]');
  process.exit(2);
}
const root = ROOT;
const builds = await loadBuilds(dists);
const calls = corpusCalls(builds[0]);
const engines = builds.map((b) => b.engine.loadEngine(join(root, 'policies', 'standard.yaml')));
const first = engines.map(() => calls.map(() => Infinity));
const again = engines.map(() => calls.map(() => Infinity));
const time = (e, c, prep) => {
  const t0 = process.hrtime.bigint();
  e.decideOwn(c, prep, true);
  return Number(process.hrtime.bigint() - t0) / 1000;
};
for (let pass = 0; pass <= K; pass++) {
  const order = [...engines.keys()];
  if (pass % 2) order.reverse();
  for (const k of order) {
    const e = engines[k];
    for (let i = 0; i < calls.length; i++) {
      const c = calls[i];
      const prep = e.prepare(c);
      if (prep.refusal) continue;
      const r = prep.view.cmd;
      // What a command seen for the first time has: no rule results, marks or answers kept.
      if (r) for (const f of ['own', 'granting', 'marks', 'decided']) if (f in r) r[f] = null;
      const a = time(e, c, prep);
      const b = time(e, c, e.prepare(c));
      if (pass === 0) continue; // warm-up
      first[k][i] = Math.min(first[k][i], a);
      again[k][i] = Math.min(again[k][i], b);
    }
  }
}
const q = (xs, f) => xs[Math.min(xs.length - 1, Math.floor(xs.length * f))];
const summary = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  const r = (x) => Math.round(x * 100) / 100;
  return { p50: r(q(s, 0.5)), p90: r(q(s, 0.9)), p99: r(q(s, 0.99)), mean: r(s.reduce((a, b) => a + b, 0) / s.length) };
};
console.log(
  JSON.stringify(
    {
      bench: 'compare-match',
      calls: calls.length,
      passes: K,
      unit: 'microseconds per call (min over passes), rule matching of the call itself',
      builds: dists.map((d, k) => ({ dist: d, first_seen: summary(first[k]), repeated: summary(again[k]) })),
    },
    null,
    2,
  ),
);
