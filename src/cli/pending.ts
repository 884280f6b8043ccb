// `svc pending`: the approval queue as a table (id, age, agent, run, tool, command).
import { parse, type Command } from './args.js';
import { api, errorText } from './client.js';

const MAX_COMMAND = 60;

function age(createdAt: string, now: number): string {
  const s = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** One line of untrusted text: control characters shown escaped, long text cut. */
function cell(text: unknown, max = Infinity): string {
  const s = String(text ?? '').replace(/[\u0000-\u001f\u007f]/g, (c) => (c === '\n' ? '\\n' : c === '\t' ? ' ' : '?'));
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** An MCP call shows its tool name and arguments; other calls their command or path. */
export function pendingSubject(a: any): string {
  const params = a.action?.params;
  if (params && typeof params === 'object' && typeof params.tool_name === 'string') {
    const { tool_name, ...args } = params;
    return `${tool_name} ${JSON.stringify(args)}`;
  }
  return String(a.command ?? '');
}

export function table(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ')).join('\n');
}

export default {
  help: `usage: svc pending [--json]

Lists the approvals waiting for a decision on the running server: id, age, agent, run, tool and
command (for an MCP call: the MCP tool's name and its arguments, secrets redacted). Runs with two or more pending calls can be approved together:
  svc approve --run AGENT/SESSION/RUN [--future]
Options:
  --json   print the server's JSON (approvals and run groups) instead of a table
Environment: SERVICE_URL (default http://127.0.0.1:9090), SERVICE_TOKEN (else the token file).`,
  async run(argv) {
    const { values } = parse(argv, { json: { type: 'boolean' } }, false);
    const r = await api('GET', '/v1/approvals');
    if (r.status !== 200) {
      process.stderr.write(`svc pending: ${errorText(r)}\n`);
      return 1;
    }
    if (values.json) {
      process.stdout.write(JSON.stringify(r.body, null, 2) + '\n');
      return 0;
    }
    const items: any[] = r.body.approvals ?? [];
    if (!items.length) {
      process.stdout.write('no pending approvals\n');
      return 0;
    }
    const now = Date.now();
    const rows = [['ID', 'AGE', 'AGENT', 'RUN', 'TOOL', 'COMMAND']];
    for (const a of items) {
      rows.push([
        cell(a.id),
        age(a.created_at, now),
        cell(a.agent, 24),
        cell(a.run_id || '-', 24),
        cell(a.tool, 16),
        cell(pendingSubject(a), MAX_COMMAND),
      ]);
    }
    process.stdout.write(table(rows) + '\n');
    for (const g of r.body.run_groups ?? []) {
      process.stdout.write(
        `run ${cell(g.agent)}/${cell(g.session)}/${cell(g.run_id)}: ${g.count} pending (svc approve --run ${cell(g.agent)}/${cell(g.session)}/${cell(g.run_id)})\n`,
      );
    }
    return 0;
  },
} satisfies Command;
