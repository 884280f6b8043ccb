// `svc mcp [--filter-tools] -- CMD...`: MCP stdio proxy. Our stdin/stdout face the MCP client;
// CMD is the MCP server, started with piped stdin/stdout (its stderr passes straight through).
import { UsageError, parse, type Command } from './args.js';

const help = `usage: svc mcp [options] -- CMD [ARGS...]

Runs the MCP server CMD behind a policy check. Speaks MCP's stdio transport (one JSON-RPC
message per line) with the client on stdin/stdout. Every tools/call is evaluated by the
running svc server (POST /v1/tool/mcp or /v1/tool/mcp-destructive) before CMD sees it:
  deny    the client gets JSON-RPC error -32001 with the policy's message
  ask     the call waits for an approval (svc approve ID, or the dashboard)
  allow   the call goes through; its result is checked by the response rules and
          replaced by the redaction marker (isError true) when they deny it; secrets in
          an allowed result (keys, tokens, passwords, private keys) become [REDACTED]
Tools whose names say they delete, drop, wipe... (or that declare destructiveHint) are
evaluated as mcp-destructive. Everything else passes through untouched.

options:
  --filter-tools        hide from tools/list the tools the policy always denies
  --no-redact           pass secrets in allowed results through as they are
  --agent NAME          agent name sent to the server (default mcp-client)
  --session LABEL       session label (default $SERVICE_SESSION, else <repo>/<branch>)
  --approval-wait D     longest wait for an approval (default 5m)

environment: SERVICE_URL, SERVICE_TOKEN, SERVICE_HOME, SERVICE_RUN (run ID when a call has
none in params._meta.run_id), SERVICE_FAIL_OPEN=0 (deny when the server is unreachable).`;

const DEFAULT_APPROVAL_WAIT_MS = 5 * 60_000;
/** After the client hangs up, the server gets this long to exit on its own. */
const CHILD_EXIT_GRACE_MS = 5_000;

export default {
  help,
  async run(argv: string[]): Promise<number> {
    const dd = argv.indexOf('--');
    if (dd < 0 || dd === argv.length - 1) throw new UsageError('expected -- followed by the MCP server command');
    const { values, positionals } = parse(argv.slice(0, dd), {
      'filter-tools': { type: 'boolean' },
      'no-redact': { type: 'boolean' },
      agent: { type: 'string' },
      session: { type: 'string' },
      'approval-wait': { type: 'string' },
    });
    if (positionals.length)
      throw new UsageError(`unexpected argument "${positionals[0]}" (put the server command after --)`);
    const command = argv.slice(dd + 1);
    let approvalWaitMs = DEFAULT_APPROVAL_WAIT_MS;
    if (values['approval-wait'] !== undefined) {
      const { parseDuration } = await import('../util/duration.js');
      try {
        approvalWaitMs = parseDuration(values['approval-wait'] as string);
      } catch (err) {
        throw new UsageError((err as Error).message, { cause: err });
      }
    }
    const { runMcpProxy } = await import('../integrations/mcp/mcp-process.js');
    return runMcpProxy({
      command,
      filterTools: values['filter-tools'] === true,
      redactSecrets: values['no-redact'] !== true,
      agent: (values.agent as string | undefined) ?? 'mcp-client',
      session: values.session as string | undefined,
      approvalWaitMs,
      graceMs: CHILD_EXIT_GRACE_MS,
    });
  },
} satisfies Command;
