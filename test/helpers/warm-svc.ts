// `svc ARGS` in a long-lived process of the test file's own, instead of a new process per call:
// the same dispatcher as bin/svc.js (src/cli/run-cli.ts) with the call's arguments and
// environment, minus node's start and the ~0.3 s import of the engine's code, which every spawned
// `svc test`, `svc policy explain`, `svc bench` or `svc hook` pays again. For tests of what a
// command decides and prints, given its arguments, environment, working directory and stdin; a
// test of the process itself (exit status as a process, a host's pipe closing, signals, a command
// that exits or serves) spawns it with runSvc. One process per test file, requests one at a
// time; it goes away with the file.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { WarmReply, WarmRequest } from './warm-svc-child.js';

const CHILD = fileURLToPath(new URL('./warm-svc-child.js', import.meta.url));
/** A request still unanswered after this is hung: the process is killed and the call fails. */
const WARM_TIMEOUT_MS = 60_000;

let child: ChildProcess | undefined;
let nextId = 1;
let tail: Promise<unknown> = Promise.resolve();
let pending: { id: number; resolve: (r: WarmReply) => void; reject: (e: Error) => void } | undefined;
/** What the process wrote around the dispatcher's writes (worker threads, stray output). */
let stray = { stdout: '', stderr: '' };

function idle(c: ChildProcess): void {
  c.unref();
  c.channel?.unref();
  (c.stdout as unknown as { unref(): void }).unref();
  (c.stderr as unknown as { unref(): void }).unref();
}

function busy(c: ChildProcess): void {
  c.ref();
  c.channel?.ref();
  (c.stdout as unknown as { ref(): void }).ref();
  (c.stderr as unknown as { ref(): void }).ref();
}

function start(): ChildProcess {
  const c = fork(CHILD, [], { env: { ...process.env }, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  c.stdout!.on('data', (d) => (stray.stdout += d));
  c.stderr!.on('data', (d) => (stray.stderr += d));
  c.on('message', (m: WarmReply) => {
    if (pending?.id !== m.id) return;
    const p = pending;
    pending = undefined;
    idle(c);
    p.resolve(m);
  });
  c.on('exit', (code, signal) => {
    if (child === c) child = undefined;
    const p = pending;
    pending = undefined;
    p?.reject(new Error(`the warm svc process ended (${signal ?? code}); stderr: ${stray.stderr}`));
  });
  return c;
}

function send(req: Omit<WarmRequest, 'id'>): Promise<WarmReply> {
  const c = (child ??= start());
  busy(c);
  stray = { stdout: '', stderr: '' };
  const id = nextId++;
  return new Promise<WarmReply>((resolve, reject) => {
    const timer = setTimeout(() => {
      c.kill('SIGKILL');
      reject(new Error(`svc ${req.args.join(' ')} (warm) timed out`));
    }, WARM_TIMEOUT_MS);
    pending = {
      id,
      resolve: (r) => {
        clearTimeout(timer);
        resolve(r);
      },
      reject: (e) => {
        clearTimeout(timer);
        reject(e);
      },
    };
    c.send({ id, ...req } satisfies WarmRequest);
  });
}

/**
 * Runs `svc ARGS` in the file's warm process; the result has runSvc's shape. `env` is set over
 * the test process's environment (SERVICE_TOKEN cleared, as runSvc does), or is the whole
 * environment with `exactEnv` (as spawn given `env`); `input` is what the command reads on stdin.
 */
export function warmSvc(
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; exactEnv?: boolean; input?: string; cwd?: string } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | null> = opts.exactEnv ? {} : { SERVICE_TOKEN: '' };
  for (const [k, v] of Object.entries(opts.env ?? {})) env[k] = v ?? null;
  const req = { args, env, exactEnv: opts.exactEnv, input: opts.input, cwd: opts.cwd };
  const result = tail.then(async () => {
    const r = await send(req);
    return { code: r.code, stdout: stray.stdout + r.stdout, stderr: stray.stderr + r.stderr };
  });
  tail = result.catch(() => undefined);
  return result;
}
