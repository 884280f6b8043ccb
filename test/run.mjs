#!/usr/bin/env node
// Runs every compiled test file under dist/test with node's own test runner.
// Node 20's --test takes no globs, so the files are listed here. Pass a substring to filter.
// Small policy test files run several to a process (test/groups.mjs): each process pays node's
// start and the profile's compile once.
// Every file has a time limit (a hung listener fails its file instead of hanging the run), and
// the run ends with one summary line and the slowest files, read from the runner's TAP output.
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { spawn } from 'node:child_process';
import { planGroups, writeGroupEntries } from './groups.mjs';

const root = new URL('../dist/test/', import.meta.url).pathname;
/**
 * Per file, generous for a loaded 2-core machine; a file that needs longer is hung. Node 20 applies
 * --test-timeout to each file's process as a whole; a grouped file's suite carries the same limit,
 * and so does its group's process.
 */
const TEST_TIMEOUT_MS = Number(process.env.TEST_TIMEOUT_MS ?? 120_000);
// TEST_SLOWEST=N lists more files, for finding where the suite's time goes.
const SLOWEST_SHOWN = Number(process.env.TEST_SLOWEST ?? 8);

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
// The longest files start first: with two files at a time, a long one started last would run on
// alone at the end (longest first keeps both slots busy to the end). Measured in CI runs (a fresh
// HOME: the Go SDK's first build and vet of the standard library make it one of the longest there)
// and in full local runs; a file missing from this list just runs in its alphabetical place.
const LONGEST_FIRST = [
  'live/dashboard.test.js',
  'integrations/go-sdk.test.js',
  'shadow/replay.test.js',
  'policies/profiles.test.js',
  'preload/hook-fast.test.js',
  'setup/service.test.js',
  'policy/fuzz.test.js',
  'integrations/hooks.test.js',
  'onboarding/doctor-status.test.js',
  'server/serve.test.js',
  'integrations/python-sdk.test.js',
  'policy/effects-routes.test.js',
  'approvals/cli.test.js',
  'server/policy-layers.test.js',
  'cli-policy/test-command.test.js',
  'policy/shared-split.test.js',
  // the longest policy test files (measured at 4-8 s each): alone, they keep the groups short
  'policy/shell-readings.test.js',
  'policy/windows-readings.test.js',
  'policy/precision-readonly.test.js',
  'policy/invariance.test.js',
  'policy/second-order.test.js',
  'policy/effects-readings.test.js',
  'policy/scale-index.test.js',
];
const rank = (f) => {
  const i = LONGEST_FIRST.findIndex((n) => f.endsWith('/' + n));
  return i < 0 ? LONGEST_FIRST.length : i;
};
let files = walk(root).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
if (filter.length) files = files.filter((f) => filter.some((s) => f.includes(s)));
if (!files.length) {
  console.error('no test files found under dist/test (did tsc run?)');
  process.exit(1);
}
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const timesDir = mkdtempSync(join(tmpdir(), 'svc-test-times-'));
const timesFile = join(timesDir, 'times.jsonl');
// The longest files keep their own process and start first; the groups (each about as long as
// the longest files) follow, then the files run alone, shortest work last.
const { solo, groups } = planGroups(files, root, { alone: (f) => rank(f) < LONGEST_FIRST.length });
const entries = writeGroupEntries(groups, root, timesDir, TEST_TIMEOUT_MS);
const byRank = (f) => rank(f) < LONGEST_FIRST.length;
const units = [...solo.filter(byRank), ...entries, ...solo.filter((f) => !byRank(f))];
const reporter = new URL('./file-times-reporter.mjs', import.meta.url).pathname;
const args = [
  '--test',
  `--test-concurrency=${concurrency}`,
  `--test-timeout=${TEST_TIMEOUT_MS}`,
  '--test-reporter=tap',
  '--test-reporter-destination=stdout',
  `--test-reporter=${reporter}`,
  '--test-reporter-destination=/dev/null',
  ...units,
];
// Every temp dir a test makes lands in one directory of this run (TMPDIR), removed at the end, so
// no run leaves anything behind in /tmp whatever a test forgets. Sticky and world-writable like
// /tmp itself: the protected-mode tests hand files to throwaway users.
const runTmp = mkdtempSync(join(tmpdir(), 'svc-test-run-'));
chmodSync(runTmp, 0o1777);
const child = spawn(process.execPath, args, {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, TMPDIR: runTmp, SVC_TEST_TIMES: timesFile },
});

const counts = {};
let pending = '';
function line(l) {
  const m = /^# (tests|pass|fail|skipped|todo|cancelled|duration_ms) ([\d.]+)$/.exec(l);
  if (m) counts[m[1]] = Number(m[2]);
}
function fileTimes() {
  const perFile = new Map();
  let text = '';
  try {
    text = readFileSync(timesFile, 'utf8');
  } catch {
    return perFile;
  }
  for (const l of text.split('\n')) {
    if (!l) continue;
    const { file, name, ms } = JSON.parse(l);
    // A group's top-level suites are its files, named by their path under root.
    const f = file.startsWith(timesDir) ? name : relative(root, file);
    perFile.set(f, (perFile.get(f) ?? 0) + ms);
  }
  return perFile;
}
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  pending += chunk.toString('utf8');
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const l of lines) line(l);
});
child.on('close', (code, signal) => {
  if (pending) line(pending);
  let left = 0;
  try {
    left = readdirSync(runTmp).length;
  } catch {
    // nothing to count
  }
  // A server a failed test left behind may still be writing there: retry, and never let the
  // clean-up hide the run's result.
  try {
    rmSync(runTmp, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    if (left) console.log(`removed ${left} temp entries the tests left in ${runTmp}`);
  } catch (err) {
    console.log(`could not remove ${runTmp}: ${err.message}`);
  }
  const times = [...fileTimes()].sort((a, b) => b[1] - a[1]);
  const slow = times.slice(0, SLOWEST_SHOWN);
  if (slow.length) {
    console.log('\nslowest test files (summed test time):');
    for (const [f, ms] of slow) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${f}`);
    // The sum over files is steadier than the wall on a shared machine; both are printed so that
    // runs can be compared. A file starts and imports outside its tests' time: only the wall has it.
    const sum = times.reduce((a, [, ms]) => a + ms, 0);
    console.log(
      `  ${(sum / 1000).toFixed(1).padStart(6)} s  summed over ${times.length} of ${files.length} files, ` +
        `${(counts.duration_ms / 1000).toFixed(1)} s wall at concurrency ${concurrency}`,
    );
  }
  const failed = (counts.fail ?? 0) + (counts.cancelled ?? 0);
  console.log(`\n${counts.pass ?? 0} passed, ${failed} failed, ${(counts.skipped ?? 0) + (counts.todo ?? 0)} skipped`);
  rmSync(timesDir, { recursive: true, force: true });
  process.exit(signal ? 1 : (code ?? 1));
});
