// The long-lived process behind warm-svc.ts: runs `svc ARGS` requests one at a time through the
// same dispatcher as bin/svc.js (src/cli/run-cli.ts), with each request's environment and
// arguments, and sends back what it wrote and the status it returned.
import { runCli } from '../../src/cli/run-cli.js';
import { SVC_BIN } from './spawn.js';

export interface WarmRequest {
  id: number;
  args: string[];
  /** Set over the environment this process started with, as runSvc sets them over its own; null
   * unsets (as spawn leaves out a variable given as undefined). */
  env: Record<string, string | null>;
}
export interface WarmReply {
  id: number;
  code: number;
  stdout: string;
  stderr: string;
}

const startEnv = { ...process.env };
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

async function run(req: WarmRequest): Promise<WarmReply> {
  for (const k of Object.keys(process.env)) if (!(k in startEnv)) delete process.env[k];
  Object.assign(process.env, startEnv);
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
  try {
    const code = await runCli(req.args);
    return { id: req.id, code, stdout: out.text, stderr: err.text };
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
  }
}

let queue: Promise<unknown> = Promise.resolve();
process.on('message', (req: WarmRequest) => {
  queue = queue.then(async () => process.send?.(await run(req)));
});
// The test file that started this process has ended.
process.on('disconnect', () => process.exit(0));
