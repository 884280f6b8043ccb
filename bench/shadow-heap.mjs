#!/usr/bin/env node --expose-gc
// Heap a shadow set keeps beside the live one, in process: the live standard engine decides N
// unique corpus calls (as bench/callgrind-shadow.mjs makes them), with `shadow` the shadow
// engine (the same base plus the candidate of shadow.bench.ts, sharing the live engine's
// analysis as the server does) decides each call after it. After a full GC, prints the heap
// used once loaded and after the calls, in MB. Compare `none` and `shadow` of one build, and
// builds with each other: node --expose-gc bench/shadow-heap.mjs ROOT none|shadow [N]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? '.');
const withShadow = process.argv[3] === 'shadow';
const n = Number(process.argv[4] ?? 3000);
const load = (p) => import(join(root, 'dist', p));
const { loadEngine } = await load('src/policy/engine.js');
const { SharedAnalysis } = await load('src/policy/shadow-cache.js');
const { corpusCommands } = await load('bench/corpus-commands.js');
const { BY_TOOL, candidatePolicy } = await load('bench/candidate-policy.js');

const mb = () => {
  global.gc();
  global.gc();
  return (process.memoryUsage().heapUsed / 1024 / 1024).toFixed(1);
};
const pool = corpusCommands();
const dir = mkdtempSync(join(tmpdir(), 'svc-shadow-heap-'));
try {
  mkdirSync(join(dir, 'next'));
  writeFileSync(join(dir, 'next', 'candidate.yaml'), candidatePolicy(BY_TOOL, true));
  const standard = join(root, 'policies', 'standard.yaml');
  const before = mb();
  const shared = withShadow ? new SharedAnalysis(homedir()) : undefined;
  const live = loadEngine([standard], shared ? { shared } : {});
  const shadow = withShadow ? loadEngine([standard, join(dir, 'next')], { shared, taints: false }) : null;
  const loaded = mb();
  let differ = 0;
  for (let i = 0; i < n; i++) {
    const c = { tool: 'exec', agent: 'bench', session: 'bench', params: { command: `${pool[i % pool.length]} u${i}` } };
    const l = live.evaluate(c, {});
    if (shadow && shadow.evaluate(c, { dryRun: true }).action !== l.action) differ++;
  }
  const after = mb();
  console.log(
    `${withShadow ? 'shadow' : 'none'}: heap ${before} MB at start, ${loaded} MB loaded, ${after} MB after ${n} calls (${differ} differ)`,
  );
  // Keep the engines alive until measured.
  if (!live || (withShadow && !shadow)) process.exit(1);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
