#!/usr/bin/env node
// The shadow's share of engine time, sample-based (perf21): the live standard engine, then the shadow of
// callgrind-shadow.mjs on the same call object, each behind a named frame (LIVE, SHADOW) so a CPU profile
// splits them. Run: node --cpu-prof --cpu-prof-dir=D --cpu-prof-interval 200 bench/cpuprof-shadow.mjs ROOT 3000
// then: node bench/cpuprof-agg.mjs D/*.cpuprofile SHADOW (and LIVE).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
const root = resolve(process.argv[2] ?? '.');
const N = Number(process.argv[3] ?? 3000);
const load = (p) => import(join(root, 'dist', p));
const { loadEngine } = await load('src/policy/engine.js');
const { SharedAnalysis } = await load('src/policy/shadow-cache.js');
const { corpusCommands } = await load('bench/corpus-commands.js');
const { BY_TOOL, candidatePolicy } = await load('bench/candidate-policy.js');
const pool = corpusCommands();
const dir = mkdtempSync(join(tmpdir(), 'perf21-prof-'));
mkdirSync(join(dir, 'next'));
writeFileSync(join(dir, 'next', 'candidate.yaml'), candidatePolicy(BY_TOOL, true));
const standard = join(root, 'policies', 'standard.yaml');
const shared = new SharedAnalysis(homedir());
const live = loadEngine([standard], { shared });
const shadow = loadEngine([standard, join(dir, 'next')], { shared, taints: false });
function LIVE(c) {
  return live.evaluate(c, {});
}
function SHADOW(c) {
  return shadow.evaluate(c, { dryRun: true });
}
let seq = 0;
for (let i = 0; i < N; i++) {
  const k = seq++;
  const c = { tool: 'exec', agent: 'bench', session: 'bench', params: { command: `${pool[k % pool.length]} u${k}` } };
  LIVE(c);
  SHADOW(c);
}
rmSync(dir, { recursive: true, force: true });
