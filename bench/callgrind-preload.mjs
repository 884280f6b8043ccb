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
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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
const out = join(dir, 'cg.out');
const socket = join(dir, 'svc.sock');
const child = spawn(
  'valgrind',
  [
    '--tool=callgrind',
    '--instr-atstart=no',
    '--separate-threads=yes',
    `--callgrind-out-file=${out}`,
    process.execPath,
    join(root, 'bin', 'svc.js'),
    'serve',
    '--port',
    '0',
    '--data-dir',
    join(dir, 'data'),
    '--socket',
    socket,
  ],
  { env: { ...process.env, SERVICE_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
);
let stderr = '';
child.stderr.on('data', (d) => (stderr += d));
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

try {
  await new Promise((res, rej) => {
    let text = '';
    const timer = setTimeout(() => rej(new Error(`serve did not start; stderr: ${stderr.slice(-2000)}`)), 900_000);
    child.on('exit', (code) => rej(new Error(`serve exited with ${code}; stderr: ${stderr.slice(-2000)}`)));
    child.stdout.on('data', (d) => {
      text += d;
      if (/listening on http/.test(text)) {
        clearTimeout(timer);
        res();
      }
    });
  });
  shell(0, WARMUP);
  await settle(3000);
  execFileSync('callgrind_control', ['-i', 'on', String(child.pid)], { stdio: 'ignore' });
  shell(WARMUP, MEASURED);
  await settle(3000);
  execFileSync('callgrind_control', ['-i', 'off', String(child.pid)], { stdio: 'ignore' });
  child.removeAllListeners('exit');
  await new Promise((res) => {
    child.once('exit', res);
    child.kill('SIGTERM');
  });
  // one file per thread (`cg.out-01` is the main thread); each ends with its "totals:" line
  let all = 0;
  let main = 0;
  for (const f of readdirSync(dir).filter((n) => n.startsWith('cg.out'))) {
    const m = /^totals:\s+(\d+)/m.exec(readFileSync(join(dir, f), 'utf8'));
    const n = m ? Number(m[1]) : 0;
    all += n;
    if (f.endsWith('-01')) main = n;
  }
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
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
