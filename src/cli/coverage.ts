// `svc coverage HOST [--since DATE] [--json]`: did every tool call the host made pass through
// svc? Reads the host's own transcripts and the audit log, matches each call to the decision that
// covered it, and lists the calls no decision covered (docs/coverage.md).
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse, UsageError, type Command } from './args.js';
import { defaultDataDir } from '../util/datadir.js';
import { parseDuration } from '../util/duration.js';
import { listAuditFiles } from '../audit/audit-file-names.js';
import { readLines } from '../audit/audit-line-reader.js';
import type { AuditEvent } from '../audit/types.js';
import { claudeCodeTranscripts } from '../integrations/coverage/claude-code-transcripts.js';
import { codexTranscripts } from '../integrations/coverage/codex-rollouts.js';
import { DEFAULT_WINDOW_MS, reconcile } from '../integrations/coverage/reconcile.js';
import type { Coverage, DecisionRecord, HostCall, TranscriptReader } from '../integrations/coverage/types.js';
import { table } from '../util/lookup-table.js';

const READERS: Record<string, TranscriptReader> = table({
  'claude-code': claudeCodeTranscripts,
  codex: codexTranscripts,
});
/** Without --since: the last week. */
const DEFAULT_SINCE_MS = 7 * 86_400_000;
/** Uncovered calls listed in the text report (all of them are in --json). */
const SHOWN = 50;
const SOURCES = new Set(['tool', 'preflight', 'socket', 'hook', 'mcp']);

const help = `usage: svc coverage HOST [--since DATE] [--json] [--transcripts DIR] [--audit-dir DIR] [--window DURATION]

Reads the host's own record of the tool calls it made and reconciles it with svc's audit log:
every call is matched to the svc decision that covered it (by the host's call id, which the hook
records as tool_call_id; else by the host's session, a time window and the same command, path or
URL), and the calls no decision covered are listed (hook not installed, server down with the
fail-open fallback off, a tool the hook does not see). Exit 0 when every call is covered, 1 when
some are not, 64 on bad arguments.

Hosts: claude-code (~/.claude/projects/*/SESSION.jsonl, or $CLAUDE_CONFIG_DIR/projects)
       codex       ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl, CODEX_HOME default ~/.codex)
Other hosts keep no transcript svc can read (docs/coverage.md).

  --since DATE        calls from this day (YYYY-MM-DD, UTC) or instant (RFC 3339); default 7 days ago
  --transcripts DIR   where the host's transcripts are (default above)
  --audit-dir DIR     the audit log (default <data-dir>/audit)
  --data-dir DIR      default $SERVICE_HOME, else ~/.svc
  --window DURATION   how far a decision may be from its call when matched without an id (default 2m)
  --json              machine-readable report`;

function parseSince(text: string | undefined, now: number): number {
  if (text === undefined) return now - DEFAULT_SINCE_MS;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(text + 'T00:00:00Z') : NaN;
  const t = Number.isNaN(day) && /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : day;
  if (Number.isNaN(t)) throw new UsageError(`--since "${text}" is not a date (YYYY-MM-DD) or an RFC 3339 instant`);
  if (t > now) throw new UsageError(`--since ${text} is in the future`);
  return t;
}

function strings(v: unknown): string[] {
  return typeof v === 'string' && v ? [v] : [];
}

/** The decisions of the audit log from `since` on (tool decisions only, not response records). */
export async function auditDecisions(dir: string, since: number): Promise<DecisionRecord[]> {
  const fromDay = new Date(since).toISOString().slice(0, 10);
  const out: DecisionRecord[] = [];
  for (const f of await listAuditFiles(dir)) {
    if (f.date < fromDay) continue;
    for await (const { buf, overlong } of readLines(join(dir, f.name))) {
      if (overlong) continue;
      let ev: AuditEvent;
      try {
        ev = JSON.parse(buf.toString('utf8')) as AuditEvent;
      } catch {
        continue;
      }
      const t = Date.parse(ev?.timestamp ?? '');
      const req = ev?.request;
      if (Number.isNaN(t) || t < since - DEFAULT_WINDOW_MS || !req || typeof req !== 'object') continue;
      if (req.service_phase === 'response') continue;
      if (ev.source !== 'client-reported' && !(typeof req.source === 'string' && SOURCES.has(req.source))) continue;
      const input = req.input && typeof req.input === 'object' ? (req.input as Record<string, unknown>) : {};
      const r: DecisionRecord = {
        auditId: ev.id,
        t,
        agent: ev.agent,
        session: ev.session,
        tool: ev.tool,
        targets: [
          ...strings(req.command),
          ...strings(req.path),
          ...strings(req.file_path),
          ...strings(req.url),
          ...strings(input.command),
          ...strings(input.file_path),
          ...strings(input.path),
          ...strings(input.url),
        ],
        action: ev.decision?.action ?? '',
      };
      if (ev.run_id) r.runId = ev.run_id;
      if (typeof req.tool_call_id === 'string' && req.tool_call_id) r.toolCallId = req.tool_call_id;
      out.push(r);
    }
  }
  return out;
}

function describe(c: HostCall): string {
  const what =
    c.target === undefined
      ? ''
      : ` ${JSON.stringify(c.target.length > 100 ? c.target.slice(0, 97) + '...' : c.target)}`;
  return `${new Date(c.t).toISOString()}  session ${c.session || '?'}  ${c.tool}${what}  (${c.file}:${c.line})`;
}

export function formatCoverage(r: Coverage, since: number): string {
  const byId = r.covered.filter((x) => x.by === 'tool_call_id').length;
  const lines = [
    `${r.host}: ${r.calls} tool call${r.calls === 1 ? '' : 's'} since ${new Date(since).toISOString()} in ${r.files} transcript file${r.files === 1 ? '' : 's'}`,
    `  covered by an svc decision: ${r.covered.length} (${byId} by call id, ${r.covered.length - byId} by session and time)`,
    `  not covered: ${r.uncovered.length}`,
  ];
  if (r.skippedLines) lines.push(`  transcript lines that were not JSON (skipped): ${r.skippedLines}`);
  for (const c of r.uncovered.slice(0, SHOWN)) lines.push(`    ${describe(c)}`);
  if (r.uncovered.length > SHOWN) lines.push(`    ... ${r.uncovered.length - SHOWN} more (--json lists them all)`);
  return lines.join('\n');
}

async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    since: { type: 'string' },
    json: { type: 'boolean' },
    transcripts: { type: 'string' },
    'audit-dir': { type: 'string' },
    'data-dir': { type: 'string' },
    window: { type: 'string' },
  });
  if (positionals.length !== 1)
    throw new UsageError(positionals.length ? `give one HOST (got ${positionals.length})` : 'missing HOST');
  const host = positionals[0] ?? '';
  const reader = READERS[host];
  if (!reader)
    throw new UsageError(
      `no transcript reader for "${host}": use ${Object.keys(READERS).join(' or ')} (docs/coverage.md lists the hosts that keep none)`,
    );
  const now = Date.now();
  const since = parseSince(values.since as string | undefined, now);
  let windowMs = DEFAULT_WINDOW_MS;
  if (values.window !== undefined) {
    try {
      windowMs = parseDuration(String(values.window));
    } catch (err) {
      throw new UsageError((err as Error).message);
    }
    if (windowMs <= 0 || windowMs > 3_600_000) throw new UsageError('--window must be more than 0 and at most 1h');
  }
  const dataDir = resolve((values['data-dir'] as string | undefined) ?? defaultDataDir());
  const auditDir = resolve((values['audit-dir'] as string | undefined) ?? join(dataDir, 'audit'));
  const dir = resolve((values.transcripts as string | undefined) ?? reader.defaultDir(process.env, homedir()));

  const read = await reader.read(dir, since).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT')
      throw new Error(`no ${host} transcripts at ${dir} (is ${host} installed for this user?)`);
    throw err;
  });
  const records = await auditDecisions(auditDir, since).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') throw new Error(`no audit log at ${auditDir} (--audit-dir, or --data-dir)`);
    throw err;
  });
  const report: Coverage = {
    ...reconcile(host, read.calls, records, windowMs),
    files: read.files,
    skippedLines: read.skippedLines,
  };
  if (values.json) {
    const call = (c: HostCall) => ({
      session: c.session,
      id: c.id ?? null,
      tool: c.tool,
      time: new Date(c.t).toISOString(),
      target: c.target ?? null,
      file: c.file,
      line: c.line,
    });
    process.stdout.write(
      JSON.stringify(
        {
          host,
          since: new Date(since).toISOString(),
          transcripts: dir,
          audit_dir: auditDir,
          calls: report.calls,
          files: report.files,
          skipped_lines: report.skippedLines,
          covered: report.covered.map((x) => ({
            ...call(x.call),
            by: x.by,
            audit_id: x.record.auditId,
            action: x.record.action,
          })),
          uncovered: report.uncovered.map(call),
        },
        null,
        2,
      ) + '\n',
    );
  } else process.stdout.write(formatCoverage(report, since) + '\n');
  return report.uncovered.length ? 1 : 0;
}

export default { help, run, usageExitCode: 64 } satisfies Command;
