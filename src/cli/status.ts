// `svc status [--json]`: one screen about the running server: mode, policy layers, the last
// hour's decisions by action, pending asks, the latest denies and the audit log's health.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { parse, type Command } from './args.js';
import { api, errorText, serviceUrl } from './client.js';
import { defaultDataDir } from '../util/datadir.js';
import { pendingSubject, table } from './pending.js';
import { CANARY_RUN } from './doctor/canary.js';

const HOUR_MS = 3_600_000;
/** Pages of /v1/audit/events read for the last hour; beyond this the counts say "at least". */
const MAX_PAGES = 20;
const PAGE = 500;
const LAST_DENIES = 5;

export interface StatusReport {
  url: string;
  version?: string;
  mode?: string;
  uptime_seconds?: number;
  config_path?: string;
  layers: string[];
  policy_count?: number;
  rule_count?: number;
  policy_error?: string;
  /** Repositories' own layers the server has seen (docs/project-policy.md). */
  project_layers: Array<{
    root: string;
    files: string[];
    policy_count: number;
    rule_count: number;
    refused: string[];
    error?: string;
  }>;
  last_hour: { by_action: Record<string, number>; total: number; complete: boolean };
  pending: Array<{ id: string; tool: string; command: string; agent: string; created_at: string }>;
  last_denies: Array<{ timestamp: string; tool: string; subject: string; policy: string; message: string }>;
  audit: { verified: boolean | null; events?: number; problem?: string; note?: string };
}

/** A recorded request: the call's params, or (older records) the same fields at the top level. */
interface RecordedRequest {
  params?: unknown;
  command?: unknown;
  path?: unknown;
  file_path?: unknown;
  url?: unknown;
  tool_name?: unknown;
  /** Set on approval bookkeeping records, which are not decisions. */
  action?: unknown;
  service_phase?: unknown;
}

/** The fields of an audit event (GET /v1/audit/events) this screen reads. */
interface AuditEventView {
  timestamp: string;
  tool: string;
  run_id?: string;
  request?: RecordedRequest;
  decision?: { action?: string; matched_policies?: string[]; message?: string };
}

const cut = (s: unknown, n: number) => {
  const t = String(s ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ');
  return t.length > n ? t.slice(0, n - 1) + '…' : t;
};

function subject(req: RecordedRequest | undefined): string {
  if (!req) return '';
  const p: RecordedRequest = req.params && typeof req.params === 'object' ? (req.params as RecordedRequest) : req;
  return String(p.command ?? p.path ?? p.file_path ?? p.url ?? p.tool_name ?? req.command ?? '');
}

/** Events of the last hour, newest first, from today's (and, near midnight, yesterday's) log. */
async function lastHour(now: number): Promise<{ events: AuditEventView[]; complete: boolean }> {
  const since = now - HOUR_MS;
  const days = [new Date(now).toISOString().slice(0, 10)];
  const startDay = new Date(since).toISOString().slice(0, 10);
  if (startDay !== days[0]) days.push(startDay);
  const events: AuditEventView[] = [];
  for (const date of days) {
    let offset = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const r = await api('GET', `/v1/audit/events?date=${date}&limit=${PAGE}&offset=${offset}`);
      if (r.status !== 200) return { events, complete: false };
      let older = false;
      for (const ev of r.body.events ?? []) {
        if (Date.parse(ev.timestamp) < since) {
          older = true;
          break;
        }
        events.push(ev);
      }
      if (older || !r.body.next_offset) break;
      offset = r.body.next_offset;
      if (page === MAX_PAGES - 1) return { events, complete: false };
    }
  }
  return { events, complete: true };
}

/** Decision events only: approval bookkeeping and response checks are not decisions on a call. */
function isDecision(ev: AuditEventView): boolean {
  const req = ev.request ?? {};
  // svc's own records (tool "svc": a policy that did not load, a project file's refusals) are not calls.
  return (
    typeof req.action !== 'string' && req.service_phase !== 'response' && ev.tool !== 'approval' && ev.tool !== 'svc'
  );
}

export async function gatherStatus(now = Date.now()): Promise<StatusReport> {
  const health = await api('GET', '/healthz');
  const st = await api('GET', '/v1/status');
  if (st.status !== 200) throw new Error(`the server refused /v1/status: ${errorText(st)}`);
  const s = st.body ?? {};
  // policy_layers is what the server sends ({kind, name, path}); layers is an older spelling.
  const given = Array.isArray(s.policy_layers) ? s.policy_layers : s.layers;
  const layers: string[] = Array.isArray(given)
    ? given.map((l: any) =>
        typeof l === 'string' ? l : `${l.kind ? `${l.kind} ` : ''}${String(l.path ?? l.name ?? JSON.stringify(l))}`,
      )
    : s.config_path
      ? [String(s.config_path)]
      : [];
  const report: StatusReport = {
    url: serviceUrl(),
    version: health.body?.version,
    mode: s.mode ?? health.body?.mode,
    uptime_seconds: health.body?.uptime_seconds,
    config_path: s.config_path,
    layers,
    policy_count: s.policy_count,
    rule_count: s.rule_count,
    policy_error: s.policy_error,
    project_layers: Array.isArray(s.project_layers) ? s.project_layers : [],
    last_hour: { by_action: {}, total: 0, complete: true },
    pending: [],
    last_denies: [],
    audit: { verified: null },
  };
  const hour = await lastHour(now);
  for (const ev of hour.events.filter(isDecision)) {
    const a = String(ev.decision?.action ?? 'unknown');
    report.last_hour.by_action[a] = (report.last_hour.by_action[a] ?? 0) + 1;
    report.last_hour.total++;
  }
  report.last_hour.complete = hour.complete;
  const pend = await api('GET', '/v1/approvals');
  if (pend.status === 200) {
    report.pending = (pend.body.approvals ?? []).map((a: any) => ({
      id: a.id,
      tool: a.tool,
      command: pendingSubject(a),
      agent: a.agent,
      created_at: a.created_at,
    }));
  }
  const denies = await api('GET', `/v1/audit/events?action=deny&limit=${LAST_DENIES * 4}`);
  if (denies.status === 200) {
    // svc doctor's canary calls are denied on purpose; they are not news.
    const real = ((denies.body.events ?? []) as AuditEventView[])
      .filter((ev) => ev.run_id !== CANARY_RUN)
      .slice(0, LAST_DENIES);
    report.last_denies = real.map((ev) => ({
      timestamp: ev.timestamp,
      tool: ev.tool,
      subject: subject(ev.request),
      policy: (ev.decision?.matched_policies ?? [])[0] ?? '',
      message: ev.decision?.message ?? '',
    }));
  }
  report.audit = await auditHealth();
  return report;
}

async function auditHealth(): Promise<StatusReport['audit']> {
  const dataDir = defaultDataDir();
  const dir = join(dataDir, 'audit');
  if (!existsSync(dir))
    return { verified: null, note: `no audit directory at ${dir} (a server with another data dir, or auditing off)` };
  try {
    const { verifyChain } = await import('../audit/verify.js');
    const { anchorPath } = await import('../audit/anchor.js');
    const r = await verifyChain(dir, { anchorPath: anchorPath(dataDir) });
    return r.ok
      ? { verified: true, events: r.events }
      : {
          verified: false,
          events: r.events,
          problem: r.problem ? `${r.problem.file}:${r.problem.line}: ${r.problem.problem}` : 'chain broken',
        };
  } catch (err) {
    return { verified: null, note: `cannot read ${dir}: ${(err as Error).message}` };
  }
}

function ago(ts: string, now: number): string {
  const s = Math.max(0, Math.round((now - Date.parse(ts)) / 1000));
  return s < 60 ? `${s}s ago` : s < 3600 ? `${Math.floor(s / 60)}m ago` : `${Math.floor(s / 3600)}h ago`;
}

export function renderStatus(r: StatusReport, now = Date.now()): string {
  const out: string[] = [];
  out.push(
    `svc ${r.version ?? '?'} at ${r.url}: ${r.mode ?? '?'} mode${r.uptime_seconds !== undefined ? `, up ${Math.floor(r.uptime_seconds / 60)}m` : ''}`,
  );
  out.push(`policy: ${r.policy_count ?? '?'} policies, ${r.rule_count ?? '?'} rules`);
  for (const l of r.layers) out.push(`  layer ${l}`);
  if (r.policy_error) out.push(`  LOAD ERROR (the last good set is in force): ${r.policy_error}`);
  for (const p of r.project_layers) {
    out.push(`  project layer ${cut(p.root, 200)}: ${p.policy_count} policies, ${p.rule_count} rules`);
    for (const f of p.files) out.push(`    file ${cut(f, 200)}`);
    for (const m of p.refused) out.push(`    refused: ${cut(m, 300)}`);
    if (p.error) out.push(`    LOAD ERROR: ${cut(p.error, 300)}`);
  }
  const acts = Object.entries(r.last_hour.by_action).sort((a, b) => b[1] - a[1]);
  const counted = acts.length ? acts.map(([a, n]) => `${a} ${n}`).join(', ') : 'none';
  out.push(`last hour: ${r.last_hour.total} decisions${r.last_hour.complete ? '' : ' (at least)'}: ${counted}`);
  if (r.pending.length) {
    out.push(`pending asks: ${r.pending.length}`);
    const rows = [['ID', 'AGE', 'AGENT', 'TOOL', 'WHAT']];
    for (const p of r.pending.slice(0, 10))
      rows.push([cut(p.id, 40), ago(p.created_at, now), cut(p.agent, 20), cut(p.tool, 12), cut(p.command, 60)]);
    out.push(
      ...table(rows)
        .split('\n')
        .map((l) => '  ' + l),
    );
    out.push('  approve with: svc approve ID    deny with: svc deny ID');
  } else out.push('pending asks: none');
  if (r.last_denies.length) {
    out.push('last denies:');
    for (const d of r.last_denies)
      out.push(
        `  ${ago(d.timestamp, now).padEnd(8)} ${cut(d.tool, 8).padEnd(8)} ${cut(d.subject, 50)}  (${cut(d.policy, 30)}: ${cut(d.message, 60)})`,
      );
  } else out.push('last denies: none today');
  const a = r.audit;
  if (a.verified === true) out.push(`audit: chain intact (${a.events} events)`);
  else if (a.verified === false) out.push(`audit: CHAIN BROKEN at ${a.problem} (run: svc audit verify)`);
  else out.push(`audit: not checked (${a.note})`);
  return out.join('\n') + '\n';
}

export default {
  help: `usage: svc status [--json]

One screen about the running server: mode, policy layers and load errors, the last hour's
decisions by action, pending asks, the latest denies, and whether the audit chain verifies.
  --json   the same as JSON
Environment: SERVICE_URL (default http://127.0.0.1:9090), SERVICE_TOKEN (else the token file),
SERVICE_HOME (the data dir whose audit log is verified).`,
  options: { json: { type: 'boolean' } },
  async run(argv) {
    const { values } = parse(argv, { json: { type: 'boolean' } }, false);
    const r = await gatherStatus();
    process.stdout.write(values.json ? JSON.stringify(r, null, 2) + '\n' : renderStatus(r));
    return r.audit.verified === false || r.policy_error ? 1 : 0;
  },
} satisfies Command;
