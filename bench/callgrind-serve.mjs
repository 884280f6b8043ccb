// The real `svc serve` under callgrind, for the scripts that count the server's instructions per
// request (callgrind-server-shadow.mjs) or per checked exec (callgrind-preload.mjs): started with
// instrumentation off, switched on and off around the measured work, stopped so callgrind writes
// one file per thread, and those files' "totals:" summed (cg.out-01 is the main thread).
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Starts ROOT/bin/svc.js serve ARGS under callgrind writing to DIR/cg.out; resolves once it listens. */
export async function serveUnderCallgrind(root, dir, args) {
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${join(dir, 'cg.out')}`,
      process.execPath,
      join(root, 'bin', 'svc.js'),
      'serve',
      ...args,
    ],
    { env: { ...process.env, SERVICE_TOKEN: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = await new Promise((res, rej) => {
    let text = '';
    // valgrind makes start-up slow, the more so on a loaded machine
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      rej(new Error(`serve did not start; stderr: ${stderr.slice(-2000)}`));
    }, 900_000);
    child.on('exit', (code) => rej(new Error(`serve exited with ${code}; stderr: ${stderr.slice(-2000)}`)));
    child.stdout.on('data', (d) => {
      text += d;
      const m = /listening on (http:\/\/\S+)/.exec(text);
      if (m) {
        clearTimeout(timer);
        res(new URL(m[1]));
      }
    });
  });
  return {
    child,
    url,
    instrument: (on) =>
      execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(child.pid)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    /** SIGTERM, and wait for the exit that writes the counts. */
    stop: () =>
      new Promise((res) => {
        child.removeAllListeners('exit');
        if (child.exitCode !== null) return res();
        child.once('exit', res);
        child.kill('SIGTERM');
      }),
  };
}

/** The instrumented instructions of every thread and of the main thread, from DIR's cg.out-* files. */
export function callgrindTotals(dir) {
  let total = 0;
  let main = 0;
  for (const f of readdirSync(dir).filter((n) => n.startsWith('cg.out'))) {
    const m = /^totals:\s+(\d+)/m.exec(readFileSync(join(dir, f), 'utf8'));
    const n = m ? Number(m[1]) : 0;
    total += n;
    if (f.endsWith('-01')) main = n;
  }
  return { total, main };
}
