#!/usr/bin/env node
// The 2 MiB command line (test/policy/big-command.ts) read by two builds in one process,
// interleaved, split into its two parts that do not depend on the rules: the command analysis
// (analyzeCommand) and the marking of the command index (markTexts, under policies/standard.yaml).
// CPU milliseconds per round; prints median and min per build and the ratios to the first.
// Run: node bench/compare-big-parts.mjs OLD_DIST NEW_DIST [ROUNDS]
import { join, resolve } from 'node:path';
import { ROOT } from './compare-builds.mjs';

const args = process.argv.slice(2);
const dists = args.filter((a) => !/^\d+$/.test(a)).map((d) => resolve(d));
const ROUNDS = Number(args.find((a) => /^\d+$/.test(a)) ?? 8);
if (dists.length !== 2) {
  console.error('usage: node bench/compare-big-parts.mjs OLD_DIST NEW_DIST [ROUNDS]');
  process.exit(2);
}
const MiB = 1024 * 1024;
const config = join(ROOT, 'policies', 'standard.yaml');
const builds = await Promise.all(
  dists.map(async (d) => {
    const engine = await import(join(d, 'src/policy/engine.js'));
    return {
      dist: d,
      shell: await import(join(d, 'src/policy/shell.js')),
      marks: await import(join(d, 'src/policy/command-marks.js')),
      big: await import(join(d, 'test/policy/big-command.js')),
      // the compiled set's command index (not part of the engine's public API)
      index: engine.loadEngine(config).set.commandIndex,
      analysis: [],
      marking: [],
    };
  }),
);
const cpu = (f) => {
  const c0 = process.cpuUsage();
  const r = f();
  const c = process.cpuUsage(c0);
  return [(c.user + c.system) / 1000, r];
};
// Round 0 warms each build up and is not counted.
for (let r = 0; r <= ROUNDS; r++) {
  for (const k of r % 2 ? [1, 0] : [0, 1]) {
    const b = builds[k];
    const command = b.big.bigCommand(2 * MiB, 200, `\necho build ${k} round ${r}`);
    const [ta, a] = cpu(() => b.shell.analyzeCommand(command));
    const raw = a.raw.includes('\\') ? a.raw.replace(/\\/g, '/') : a.raw;
    const [tm] = cpu(() => {
      b.index.begin();
      b.marks.markTexts(b.index, raw, b.marks.commandTexts(a));
    });
    if (r === 0) continue;
    b.analysis.push(ta);
    b.marking.push(tm);
  }
}
const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const r1 = (x) => Math.round(x * 10) / 10;
const ratio = (k, f) => Math.round((f(builds[1][k]) / f(builds[0][k])) * 1000) / 1000;
console.log(
  JSON.stringify(
    {
      bench: 'compare-big-parts',
      rounds: ROUNDS,
      unit: 'CPU ms per 2 MiB line (median, min)',
      builds: builds.map((b) => ({
        dist: b.dist,
        analysis: [r1(med(b.analysis)), r1(Math.min(...b.analysis))],
        marking: [r1(med(b.marking)), r1(Math.min(...b.marking))],
      })),
      ratio: {
        analysis: [ratio('analysis', med), ratio('analysis', (xs) => Math.min(...xs))],
        marking: [ratio('marking', med), ratio('marking', (xs) => Math.min(...xs))],
      },
    },
    null,
    2,
  ),
);
