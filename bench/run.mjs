#!/usr/bin/env node
// Runs every benchmark in bench/ (compiled to dist/bench) one after another and prints their JSON.
// Usage: npm run bench [-- NAME...]   e.g. npm run bench -- http eval
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const dir = new URL('../dist/bench/', import.meta.url).pathname;
const only = process.argv.slice(2);
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.js') && (!only.length || only.some((o) => f.startsWith(o))));
let failed = 0;
for (const f of files.sort()) {
  console.log(`\n== ${f}`);
  const r = spawnSync(process.execPath, [dir + f], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
