#!/usr/bin/env node
// Instructions of the whole `svc serve` process per exec checked through the preload library
// (issue 16, item 4: "report instruction counts beside wall-clock figures"), the figure
// bench/preload.bench.ts gives as server CPU per checked exec, counted in a way the load of this
// shared machine cannot move.
//
// The real server (ROOT/bin/svc.js serve --socket S, the shipped standard profile) runs under
// `valgrind --tool=callgrind --instr-atstart=no`; this script, outside valgrind, is the loader. A
// shell started with LD_PRELOAD=libsvc.so and SERVICE_SOCKET=S runs WARMUP then MEASURED
// `/bin/true` commands (each a fork and an execve the library checks on the socket): `same` runs
// the one command again and again (after the first, a cached allow), `distinct` gives each its own
// argument (every one first-seen). Instrumentation is on only around the measured shell
// (`callgrind_control -i on|off`), after the server has gone idle (an allow is answered before
// its audit record is written). Counted: every thread of the server; not counted: the kernel.
//
// Run: node bench/callgrind-preload.mjs ROOT same|distinct [--warmup N] [--execs N]
// Prints one JSON line: instructions in total and on the main thread, per measured exec.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { callgrindTotals, serveUnderCallgrind } from './callgrind-serve.mjs';

const root = resolve(process.argv[2] ?? '.');
const distinct = process.argv[3] === 'distinct';
const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const WARMUP = opt('warmup', 300);
const MEASURED = opt('execs', 300);

const { preloadLibraryPath } = await import(join(root, 'dist', 'src', 'cli', 'preload-path.js'));
const lib = preloadLibraryPath();
const dir = mkdtempSync(join(tmpdir(), 'svc-cg-preload-'));
const socket = join(dir, 'svc.sock');
const settle = (ms) => new Promise((r) => setTimeout(r, ms));

/** One shell under the preload library running n `/bin/true` commands from `from` on. */
function shell(from, n) {
  const lines = [];
  for (let i = from; i < from + n; i++) lines.push(distinct ? `/bin/true u${i}` : '/bin/true');
  const r = spawnSync('/bin/sh', ['-c', lines.join('\n')], {
    env: { PATH: '/usr/bin:/bin', HOME: dir, LD_PRELOAD: lib, SERVICE_SOCKET: socket },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`the checked shell exited ${r.status}`);
}

let server;
try {
  server = await serveUnderCallgrind(root, dir, ['--port', '0', '--data-dir', join(dir, 'data'), '--socket', socket]);
  shell(0, WARMUP);
  await settle(3000);
  server.instrument(true);
  shell(WARMUP, MEASURED);
  await settle(3000);
  server.instrument(false);
  await server.stop();
  const { total: all, main } = callgrindTotals(dir);
  console.log(
    JSON.stringify({
      bench: 'svc serve instructions per exec checked through the preload library',
      commands: distinct ? 'distinct (each first-seen)' : 'same (cached allow)',
      execs: MEASURED,
      per_exec_all_threads: Math.round(all / MEASURED),
      per_exec_main_thread: Math.round(main / MEASURED),
    }),
  );
} finally {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
