// `svc policy explain --session ID` without a command: what the running server's session-aware
// rules know about that session (docs/session-rules.md), read from GET /v1/sessions/ID.
import { api } from './client.js';

interface SessionBody {
  session: string;
  kept?: boolean;
  events: { t: string; tool: string; action: string; command?: string; path?: string; url?: string; via?: string }[];
  taints: { label: string; key: string; until: string; policy: string }[];
  limits?: { sessions: number; events_per_session: number; taint_keys: number; history_ms: number };
}

export function formatSession(b: SessionBody): string {
  const out = [`Session:   ${b.session}`];
  if (!b.taints.length) out.push('Taints:    none');
  else {
    out.push('Taints:');
    for (const t of b.taints)
      out.push(`  ${t.label} on ${t.key} until ${t.until} (set by policy ${t.policy || 'unknown'})`);
  }
  out.push(b.events.length ? `Calls (${b.events.length}, oldest first):` : 'Calls:     none recorded');
  for (const e of b.events) {
    const what = e.path ?? e.url ?? e.command ?? '';
    out.push(
      `  ${e.t}  ${e.action.padEnd(5)} ${e.tool} ${JSON.stringify(what).slice(0, 100)}${e.via ? `  (${e.via})` : ''}`,
    );
  }
  if (b.limits)
    out.push(
      '',
      `Limits: ${b.limits.sessions} sessions, ${b.limits.events_per_session} calls each, ${b.limits.taint_keys} tainted keys, ${b.limits.history_ms / 3_600_000}h of history.`,
    );
  return out.join('\n');
}

export async function showSession(id: string, json: boolean): Promise<number> {
  const res = await api('GET', `/v1/sessions/${encodeURIComponent(id)}`);
  if (res.status !== 200) {
    const msg = typeof res.body === 'object' && res.body ? res.body.error : String(res.body);
    process.stderr.write(`svc: cannot read session ${JSON.stringify(id)} (${res.status}): ${msg}\n`);
    return 1;
  }
  process.stdout.write(json ? JSON.stringify(res.body, null, 2) + '\n' : formatSession(res.body as SessionBody) + '\n');
  return 0;
}
