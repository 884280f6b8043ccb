// Which test files share one node process, for test/run.mjs. Every file under node --test is its
// own process, and a policy test file pays node's start, the engine's import (~0.3 s) and the
// standard profile's compile (~0.35 s) before its first test: paid ~200 times, that start-up was
// most of the suite's time. Files in GROUPED_DIRS are instead run in groups, one process each: an
// entry file imports the group's compiled files one after another, each inside a suite named for
// its file, so that a failure, a time-out and the per-file time still name the file (and the
// engine the effects helpers cache is compiled once per group).
//
// A file joins a group by being in one of those directories; nothing lists files by hand. A file
// that changes its process for the files after it stays on its own: by the marks below, in its own
// text or in any test helper it imports (the run's own per-test time limit also applies to it
// alone). TEST_ISOLATE=1 runs every file on its own, to see whether a failure depends on a group.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Directories (under dist/test) whose files are grouped. The policy tests decide calls with the
 * shipped profile and hold no process state; other directories start servers, swap HOME and
 * register process-wide metrics, so their files keep their own process.
 */
export const GROUPED_DIRS = ['policy/'];

/**
 * What makes a file a bad neighbour: it changes the working directory, the environment or the
 * clock for the whole process; starts a server, listens, spawns or watches files (a left-over
 * server, child or watcher keeps the process alive, and timed waits on a loaded machine are best
 * kept apart from others' work); hooks process events or exit codes; reads its own argv; or
 * reaches into globals. Read in the whole text, a test's data included: a command that merely
 * quotes one of these keeps its file alone too, which costs a start-up but never a leak.
 */
const KEEPS_TO_ITSELF = new RegExp(
  [
    String.raw`process\.chdir`,
    String.raw`process\.env(\.\w+|\[[^\]]+\])\s*=[^=]`,
    String.raw`delete process\.env`,
    String.raw`Object\.assign\(process\.env`,
    String.raw`mock\.(timers|method|module)`,
    String.raw`\.listen\(`,
    String.raw`createServer`,
    String.raw`\bstart\w*Server\b`,
    String.raw`node:child_process`,
    String.raw`node:worker_threads`,
    String.raw`process\.(on|once|exitCode|exit|argv|umask|set[ug]id|sete[ug]id|kill)\b`,
    String.raw`setInterval`,
    String.raw`setTimeout`,
    String.raw`\bwatch\w*\(`,
    String.raw`globalThis`,
  ].join('|'),
);

// Compiled import statements start a line (a test's data may quote an import, mid-line).
const IMPORT = /^(?:import|export)\b[^;'"]*?['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The test-side files a compiled file imports, transitively (src/ is shared code, not scanned). */
function testImports(file, root, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const dep = resolve(dirname(file), m[1]);
    if (dep.startsWith(root) && existsSync(dep)) testImports(dep, root, seen);
  }
  return seen;
}

/** The first mark that keeps a file to its own process, with where it is; null for a good neighbour. */
export function soloReason(file, root) {
  for (const f of testImports(file, root)) {
    const m = KEEPS_TO_ITSELF.exec(readFileSync(f, 'utf8'));
    if (m) return `${relative(root, f)}: ${m[0]}`;
  }
  return null;
}

/**
 * Splits `files` (already in run order) into the files run alone and groups of files run together.
 * `alone` files (the longest, started first for balance) are never grouped. A group takes files in
 * order up to `groupFiles` files or `groupBytes` of compiled code (a rough measure of a file's
 * work), so that a group runs for about as long as one of the longer single files: the run's time
 * limit applies to a group's process as to any file's, and it must hold on a loaded machine.
 */
export function planGroups(files, root, { alone = () => false, groupFiles = 6, groupBytes = 90_000 } = {}) {
  if (process.env.TEST_ISOLATE === '1') return { solo: files, groups: [] };
  const solo = [];
  const groupable = [];
  for (const f of files) {
    const rel = relative(root, f);
    if (alone(f) || !GROUPED_DIRS.some((d) => rel.startsWith(d)) || soloReason(f, root)) solo.push(f);
    else groupable.push(f);
  }
  const groups = [];
  let cur = [];
  let bytes = 0;
  for (const f of groupable) {
    const size = readFileSync(f).length;
    if (cur.length && (cur.length >= groupFiles || bytes + size > groupBytes)) {
      groups.push(cur);
      cur = [];
      bytes = 0;
    }
    cur.push(f);
    bytes += size;
  }
  if (cur.length) groups.push(cur);
  // A group of one is just that file (`node test/run.mjs one-file` runs it as it always ran).
  for (const g of groups.filter((g) => g.length === 1)) solo.push(g[0]);
  return { solo, groups: groups.filter((g) => g.length > 1) };
}

/**
 * Writes one entry file per group into dir: each test file is imported inside a suite named for
 * its path under root, with the per-file time limit, so its tests, hooks and failures stay its own.
 * Returns the entries' paths.
 */
export function writeGroupEntries(groups, root, dir, timeoutMs) {
  return groups.map((g, i) => {
    const lines = [
      `// Test files run in one process by test/run.mjs (test/groups.mjs).`,
      `import { describe } from 'node:test';`,
      ...g.map(
        (f) =>
          `describe(${JSON.stringify(relative(root, f))}, { timeout: ${timeoutMs} }, () => import(${JSON.stringify(pathToFileURL(f).href)}));`,
      ),
    ];
    const entry = join(dir, `group-${String(i + 1).padStart(2, '0')}.mjs`);
    writeFileSync(entry, lines.join('\n') + '\n');
    return entry;
  });
}
