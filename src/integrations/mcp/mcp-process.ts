// Process plumbing for `svc mcp`: start the MCP server, connect both pipes to the proxy, pass
// signals on, and leave with the server's exit code.
import { spawn } from 'node:child_process';
import { failOpen, serverToken, serverUrl, sessionLabel } from '../integration-config.js';
import { readLines } from './stdio-lines.js';
import { McpProxy } from './proxy.js';
import { errorReply, ERR } from './jsonrpc.js';

/** One HTTP exchange with the svc server. */
const HTTP_TIMEOUT_MS = 10_000;
/** After the server exits, its last output has this long to arrive. */
const STDOUT_DRAIN_MS = 2_000;

export interface McpRunOptions {
  command: string[];
  filterTools: boolean;
  /** false: pass secrets in allowed tool results through unredacted (--no-redact). */
  redactSecrets: boolean;
  agent: string;
  session?: string;
  approvalWaitMs: number;
  graceMs: number;
  env?: NodeJS.ProcessEnv;
}

export function runMcpProxy(opts: McpRunOptions): Promise<number> {
  const env = opts.env ?? process.env;
  const url = serverUrl(env);
  const warn = (line: string) => process.stderr.write(line + '\n');
  const [program, ...args] = opts.command;
  if (program === undefined) return Promise.reject(new Error('svc mcp: no server command given'));
  const child = spawn(program, args, { stdio: ['pipe', 'pipe', 'inherit'], env });

  const writeLine = (stream: NodeJS.WritableStream, line: string) => {
    try {
      stream.write(line + '\n');
    } catch {
      // The other side is gone; the exit handlers below end the proxy.
    }
  };
  child.stdin.on('error', () => undefined);
  process.stdout.on('error', () => undefined);

  const proxy = new McpProxy(
    {
      target: { url, token: serverToken(url, env), timeoutMs: HTTP_TIMEOUT_MS },
      agent: opts.agent,
      session: opts.session ?? sessionLabel(process.cwd(), env),
      filterTools: opts.filterTools,
      redactSecrets: opts.redactSecrets,
      failOpen: failOpen(env),
      approvalWaitMs: opts.approvalWaitMs,
      defaultRunId: env.SERVICE_RUN,
      warn,
    },
    { toClient: (l) => writeLine(process.stdout, l), toChild: (l) => writeLine(child.stdin, l) },
  );

  return new Promise<number>((resolve) => {
    let markChildDone!: () => void;
    const childDone = new Promise<void>((r) => (markChildDone = r));
    let finished = false;
    const finish = async (code: number) => {
      if (finished) return;
      finished = true;
      await proxy.drain();
      const s = proxy.stats;
      warn(
        `svc mcp: ${s.evaluated} calls evaluated, ${s.denied} refused, ${s.redacted} results withheld, ${s.hidden} tools hidden`,
      );
      process.stdin.pause();
      resolve(code);
    };

    child.on('error', (err) => {
      warn(`svc mcp: cannot start ${opts.command[0]}: ${err.message}`);
      void finish(127);
    });
    child.on('exit', (code, signal) => {
      const n = signal
        ? 128 + (({ SIGINT: 2, SIGTERM: 15, SIGKILL: 9, SIGHUP: 1 } as Record<string, number>)[signal] ?? 1)
        : (code ?? 1);
      // Replies already read from the server are still delivered; a grandchild holding the
      // pipe open does not keep us waiting.
      const late = setTimeout(markChildDone, STDOUT_DRAIN_MS);
      void childDone.then(() => {
        clearTimeout(late);
        return finish(n);
      });
    });
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(sig, () => child.kill(sig));
    }

    readLines(process.stdin, {
      line: (l) => proxy.onClientLine(l),
      overflow: () => {
        writeLine(
          process.stdout,
          JSON.stringify(errorReply(null, ERR.invalidRequest, 'svc mcp: message too large; closing')),
        );
        child.kill('SIGTERM');
      },
      end: () => {
        // The client hung up: nobody will read answers to held calls, so stop waiting for
        // approvals, close the server's stdin, and give it a moment to exit by itself.
        proxy.abandonPending();
        void proxy.drain().then(() => {
          child.stdin.end();
          setTimeout(() => child.kill('SIGTERM'), opts.graceMs).unref();
        });
      },
    });
    readLines(child.stdout, {
      line: (l) => proxy.onChildLine(l),
      overflow: () => {
        warn('svc mcp: the MCP server sent a message larger than the limit; stopping it');
        child.kill('SIGTERM');
      },
      end: () => markChildDone(),
    });
  });
}
