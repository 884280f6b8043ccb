// Runs `svc serve` as a child process and waits for its "listening on" line.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const SVC_BIN = fileURLToPath(new URL('../../../bin/svc.js', import.meta.url));

export interface ServeChild {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `bin`: another build's bin/svc.js (benchmarks compare two builds). */
export function spawnServe(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 15000,
  bin = SVC_BIN,
): Promise<ServeChild> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', ...args], {
    env: { ...process.env, SERVICE_TOKEN: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start in ${timeoutMs} ms; stderr: ${err}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}; stderr: ${err}`));
    });
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({
          child,
          url: m[1]!,
          stderr: () => err,
          stop: (signal = 'SIGTERM') =>
            new Promise((res) => {
              if (child.exitCode !== null) return res(child.exitCode);
              child.once('exit', (code) => res(code));
              child.kill(signal);
            }),
        });
      }
    });
  });
}

/** Runs `svc ARGS` to completion. */
export function runSvc(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SVC_BIN, ...args], {
      env: { ...process.env, SERVICE_TOKEN: '', ...opts.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`svc ${args.join(' ')} timed out; stderr: ${stderr}`));
    }, opts.timeoutMs ?? 20000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}
