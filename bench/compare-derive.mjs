#!/usr/bin/env node
// The effects walk alone (deriveFromCommand: what each command line amounts to), two builds in
// one process with rounds interleaved (A, B, B, A, ...): CPU per command line over the corpus
// mix's commands, each made unique, median over rounds. No policies, no rule matching, no
// analysis: the part of a first-seen evaluation that the per-command and whole-line readings cost.
// Run: node bench/compare-derive.mjs OLD_DIST NEW_DIST [rounds]
import { join } from 'node:path';
import { corpusCalls, loadBuilds, unique } from './compare-builds.mjs';

const [distA, distB, roundsArg] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: node bench/compare-derive.mjs OLD_DIST NEW_DIST [rounds]');
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 10);
const builds = await loadBuilds([distA, distB]);
const derive = await Promise.all(builds.map((b) => import(join(b.dist, 'src/policy/effects/derive.js'))));
const commands = corpusCalls(builds[0]).filter((c) => typeof c.params.command === 'string');
const perLine = [[], []];
// two warm-up rounds, then the measured ones
for (let r = 0; r < ROUNDS + 2; r++)
  for (const k of r % 2 ? [1, 0] : [0, 1]) {
    const lines = commands.map((c, i) => unique(c, `r${r}b${k}x${i}`).params.command);
    const c0 = process.cpuUsage();
    for (const line of lines) derive[k].deriveFromCommand(line);
    const u = process.cpuUsage(c0);
    if (r >= 2) perLine[k].push((u.user + u.system) / lines.length);
  }
const spread = (xs) => {
  const s = xs.slice().sort((a, b) => a - b);
  const r = (x) => Math.round(x * 10) / 10;
  return { min: r(s[0]), median: r(s[s.length >> 1]), max: r(s[s.length - 1]) };
};
const [a, b] = perLine.map(spread);
console.log(
  JSON.stringify(
    {
      bench: 'compare-derive',
      lines_per_round: commands.length,
      rounds: ROUNDS,
      unit: 'CPU microseconds per command line; min/median/max over interleaved rounds',
      builds: [
        { dist: builds[0].dist, derive_cpu_per_line: a },
        { dist: builds[1].dist, derive_cpu_per_line: b },
      ],
      ratio_of_medians: Math.round((b.median / a.median) * 1000) / 1000,
    },
    null,
    2,
  ),
);
