#!/usr/bin/env node
// The 2 MiB command line (test/policy/big-command.ts: hundreds of nested constructs) decided by
// two or more builds in one process, interleaved: per round each build gets a fresh engine
// under policies/standard.yaml and a command never seen before, and its CPU time and wall time
// for Engine.evaluate are kept. Prints the median and range per build and the ratio to the first.
// Run: node bench/compare-big.mjs OLD_DIST NEW_DIST [ROUNDS]
import { join, resolve } from 'node:path';
import { ROOT } from './compare-builds.mjs';

const args = process.argv.slice(2);
const dists = args.filter((a) => !/^\d+$/.test(a)).map((d) => resolve(d));
const ROUNDS = Number(args.find((a) => /^\d+$/.test(a)) ?? 4);
if (dists.length < 1) {
  console.error('usage: node bench/compare-big.mjs DIST [DIST...] [ROUNDS]');
  process.exit(2);
}
const MiB = 1024 * 1024;
const builds = await Promise.all(
  dists.map(async (d) => ({
    dist: d,
    engine: await import(join(d, 'src/policy/engine.js')),
    big: await import(join(d, 'test/policy/big-command.js')),
  })),
);
const config = join(ROOT, 'policies', 'standard.yaml');
const cpu = builds.map(() => []);
const wall = builds.map(() => []);
const actions = builds.map(() => new Set());
// Round 0 warms each build's code up and is not counted.
for (let r = 0; r <= ROUNDS; r++) {
  const order = [...builds.keys()];
  if (r % 2) order.reverse();
  for (const k of order) {
    const b = builds[k];
    const engine = b.engine.loadEngine(config);
    const command = b.big.bigCommand(2 * MiB, 200, `\necho build ${k} round ${r}`);
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const action = engine.evaluate(
      { tool: 'exec', agent: 'bench', session: `big${r}`, params: { command } },
      { dryRun: true },
    ).action;
    const c = process.cpuUsage(c0);
    if (r === 0) continue;
    wall[k].push(performance.now() - t0);
    cpu[k].push((c.user + c.system) / 1000);
    actions[k].add(action);
  }
}
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const r1 = (x) => Math.round(x * 10) / 10;
console.log(
  JSON.stringify(
    {
      bench: 'compare-big',
      rounds: ROUNDS,
      unit: 'ms per 2 MiB evaluation (median, [min, max]); ratio: median / first build median',
      builds: builds.map((b, k) => ({
        dist: b.dist,
        actions: [...actions[k]],
        cpu_ms: r1(med(cpu[k])),
        cpu_range: [r1(Math.min(...cpu[k])), r1(Math.max(...cpu[k]))],
        wall_ms: r1(med(wall[k])),
        cpu_ratio: Math.round((med(cpu[k]) / med(cpu[0])) * 1000) / 1000,
      })),
    },
    null,
    2,
  ),
);
