// `svc hook HOST`: the host hook adapter. Reads the host's JSON on stdin, asks the running
// server, prints the host's reply on stdout and always exits 0 with a well-formed reply.
// Kept light on purpose: it runs once per tool call, so it loads no server code.
import { onePositional, UsageError, type Command } from './args.js';

const help = `usage: svc hook HOST

Host hook adapter: reads the host's hook JSON on stdin, asks the running svc server
(POST /v1/tool/CLASS, so the call is audited and an ask is queued) and prints the
host's reply on stdout. HOST is one of: claude-code, codex, cursor, gemini, copilot, cline.
Install it into a host with 'svc setup HOST'.

environment:
  SERVICE_URL             server address (default: the protected-mode server named in
                          /etc/svc/service.json, else http://127.0.0.1:9090)
  SERVICE_TOKEN           bearer token (default: the token file in the data directory,
                          else the eval-only /etc/svc/agent-token of protected mode)
  SERVICE_HOME            data directory (default: the protected-mode server's, else ~/.svc)
  SERVICE_RUN             run ID for grouping approvals (default: the host's session id)
  SERVICE_SESSION         session label (default: <repo>/<branch> of the host's cwd)
  SERVICE_FAIL_OPEN=0     deny when the server is unreachable (otherwise the hook
                          decides locally with the same policies, records the decision
                          in <data-dir>/hook-spool.jsonl and says so; see docs/hosts.md)
  SERVICE_APPROVAL_WAIT   longest wait for an approval on hosts without their own
                          prompt (default 5m, never longer than the host's hook timeout)`;

/** A host that never closes stdin must not hold the tool call forever. */
const STDIN_TIMEOUT_MS = 10_000;
/** Equals MAX_STDIN_BYTES of integrations/hooks/hook-run.ts, which this file only imports lazily. */
const STDIN_LIMIT = 4 * 1024 * 1024;

function readStdin(): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.pause();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const timer = setTimeout(done, STDIN_TIMEOUT_MS);
    process.stdin.on('data', (c: Buffer) => {
      size += c.length;
      // The chunk that crosses the limit is kept, so runHook sees the payload is too large
      // (and says so) instead of a cut, unparsable one; anything after it is not read.
      chunks.push(c);
      if (size > STDIN_LIMIT) done();
    });
    process.stdin.on('end', done);
    process.stdin.on('error', done);
  });
}

export default {
  help,
  async run(argv: string[]): Promise<number> {
    // Both imports start at once: on this path every millisecond of loading is paid per tool call.
    const [{ isHost, loadAdapter, HOSTS }, { runHook }] = await Promise.all([
      import('../integrations/hooks/hosts.js'),
      import('../integrations/hooks/hook-run.js'),
    ]);
    const host = onePositional(argv, `expected one HOST (${HOSTS.join(', ')})`);
    if (host.startsWith('-')) throw new UsageError(`expected one HOST (${HOSTS.join(', ')})`);
    if (!isHost(host)) throw new UsageError(`unknown host "${host}" (expected ${HOSTS.join(', ')})`);
    const adapter = await loadAdapter(host);
    const stdin = await readStdin();
    let out: { stdout: string; stderr: string };
    try {
      out = await runHook(adapter, stdin);
    } catch (err) {
      // A bug must not become an allow: hosts treat a failed hook as "go ahead".
      const reason = `internal error in the svc hook (${(err as Error).message})`;
      let phase: 'pre' | 'post' = 'pre';
      try {
        phase = adapter.phaseOf(JSON.parse(stdin));
      } catch {
        // Unparseable input was already a pre-phase deny.
      }
      const reply = adapter.render(
        phase,
        phase === 'pre' ? { kind: 'deny', reason } : { kind: 'block', reason, replacement: '[REDACTED]' },
      );
      out = { stdout: JSON.stringify(reply.json) + '\n', stderr: `svc hook: ${reason}\n` };
    }
    if (out.stderr) process.stderr.write(out.stderr);
    await new Promise<void>((resolve) => process.stdout.write(out.stdout, () => resolve()));
    return 0;
  },
} satisfies Command;
