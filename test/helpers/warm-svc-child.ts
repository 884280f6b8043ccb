// The long-lived process behind warm-svc.ts: runs `svc ARGS` requests one at a time through the
// same dispatcher as bin/svc.js (src/cli/run-cli.ts), with each request's environment and
// arguments, and sends back what it wrote and the status it returned.
import { Readable } from 'node:stream';
import { runCli } from '../../src/cli/run-cli.js';
import { SVC_BIN } from './spawn.js';

export interface WarmRequest {
  id: number;
  args: string[];
  /** Set over the environment this process started with, as runSvc sets them over its own; null
   * unsets (as spawn leaves out a variable given as undefined). */
  env: Record<string, string | null>;
  /** The environment is exactly `env` (as spawn given a whole env), not `env` over this one's. */
  exactEnv?: boolean;
  /** What the command reads on stdin (ended after it); unset: an empty, ended stdin. */
  input?: string;
  /** The working directory of the call; unset: this process's own. */
  cwd?: string;
}
export interface WarmReply {
  id: number;
  code: number;
  stdout: string;
  stderr: string;
}

const startEnv = { ...process.env };
const startCwd = process.cwd();
const stdoutWrite = process.stdout.write;
const stderrWrite = process.stderr.write;

function capture(sink: { text: string }): typeof process.stdout.write {
  return ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    sink.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const cb = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (cb) process.nextTick(cb);
    return true;
  }) as typeof process.stdout.write;
}

/** Stands in for the process's stdin during one call: a stream of `input` that then ends. */
function stdinOf(input: string): NodeJS.ReadStream {
  return Readable.from(input ? [Buffer.from(input, 'utf8')] : []) as unknown as NodeJS.ReadStream;
}

async function run(req: WarmRequest): Promise<WarmReply> {
  for (const k of Object.keys(process.env)) if (req.exactEnv || !(k in startEnv)) delete process.env[k];
  if (!req.exactEnv) Object.assign(process.env, startEnv);
  for (const [k, v] of Object.entries(req.env)) {
    if (v === null) delete process.env[k];
    else process.env[k] = v;
  }
  process.argv = [process.execPath, SVC_BIN, ...req.args];
  process.exitCode = undefined;
  const out = { text: '' };
  const err = { text: '' };
  process.stdout.write = capture(out);
  process.stderr.write = capture(err);
  Object.defineProperty(process, 'stdin', { value: stdinOf(req.input ?? ''), configurable: true, writable: true });
  process.chdir(req.cwd ?? startCwd);
  try {
    const code = await runCli(req.args);
    return { id: req.id, code, stdout: out.text, stderr: err.text };
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
    process.chdir(startCwd);
  }
}

let queue: Promise<unknown> = Promise.resolve();
process.on('message', (req: WarmRequest) => {
  queue = queue.then(async () => process.send?.(await run(req)));
});
// The test file that started this process has ended.
process.on('disconnect', () => process.exit(0));
