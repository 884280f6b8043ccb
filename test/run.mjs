#!/usr/bin/env node
// Runs every compiled test file under dist/test with node's own test runner.
// Node 20's --test takes no globs, so the files are listed here. Pass a substring to filter.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = new URL('../dist/test/', import.meta.url).pathname;
const filter = process.argv.slice(2);
function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (name.endsWith('.test.js')) out.push(p);
  }
  return out;
}
let files = walk(root);
if (filter.length) files = files.filter((f) => filter.some((s) => f.includes(s)));
if (!files.length) {
  console.error('no test files found under dist/test (did tsc run?)');
  process.exit(1);
}
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const r = spawnSync(process.execPath, ['--test', `--test-concurrency=${concurrency}`, ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
