#!/usr/bin/env node
// Runs every benchmark in bench/ (compiled to dist/bench) one after another and prints their JSON.
// Usage: npm run bench [-- NAME...]   e.g. npm run bench -- http eval
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const compiled = new URL('../dist/bench/', import.meta.url).pathname;
const plain = new URL('./', import.meta.url).pathname;
const only = process.argv.slice(2);
const pick = (f) => !only.length || only.some((o) => f.startsWith(o));
// TypeScript benchmarks run compiled; a few are plain .mjs scripts (no compile step in the way).
const files = [
  ...readdirSync(compiled)
    .filter((f) => f.endsWith('.bench.js') && pick(f))
    .map((f) => compiled + f),
  ...readdirSync(plain)
    .filter((f) => f.endsWith('.bench.mjs') && pick(f))
    .map((f) => plain + f),
];
let failed = 0;
for (const f of files.sort()) {
  console.log(`\n== ${f.split('/').pop()}`);
  const r = spawnSync(process.execPath, [f], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
