// Bounded records: an event whose JSON line would exceed MAX_EVENT_BYTES keeps its identity and
// decision but has its oversized parts replaced by their size and digest, noted in
// request.compacted, so one giant payload cannot bloat the log or a reader's memory.
import { createHash } from 'node:crypto';

export const MAX_EVENT_BYTES = 2 * 1024 * 1024;
const MAX_FIELD_CHARS = 4096;
const MAX_MESSAGE_CHARS = 16 * 1024;

interface Shape {
  agent: string;
  session: string;
  run_id?: string;
  tool: string;
  request: Record<string, unknown>;
  decision: { message: string; suggestions?: string[]; matched_policies: string[] };
}

function digest(text: string): string {
  return 'sha256:' + createHash('sha256').update(text, 'utf8').digest('hex');
}

function cut(s: string, max: number): string {
  return s.length > max ? s.slice(0, max) + '... [truncated]' : s;
}

/** Shrinks `ev` in place so its JSON fits; `size(ev)` measures the serialized line. */
export function compactEvent<T extends Shape>(ev: T, size: (e: T) => number): void {
  if (size(ev) <= MAX_EVENT_BYTES) return;
  const reqJson = JSON.stringify(ev.request);
  const kept: Record<string, unknown> = {};
  // The phase and approval links stay: they are small and say what the record is.
  for (const k of ['service_phase', 'request_audit_id', 'response_bytes', 'action', 'kind', 'approval_id', 'command']) {
    const v = ev.request[k];
    if (v !== undefined && (typeof v !== 'string' || v.length <= MAX_FIELD_CHARS)) kept[k] = v;
  }
  ev.request = {
    ...kept,
    compacted: { original_json_bytes: Buffer.byteLength(reqJson, 'utf8'), sha256: digest(reqJson) },
  };
  if (size(ev) <= MAX_EVENT_BYTES) return;
  delete ev.request.command;
  ev.decision.message = cut(ev.decision.message, MAX_MESSAGE_CHARS);
  ev.decision.suggestions = (ev.decision.suggestions ?? []).slice(0, 16).map((s) => cut(s, MAX_FIELD_CHARS));
  ev.decision.matched_policies = ev.decision.matched_policies.slice(0, 64).map((s) => cut(s, MAX_FIELD_CHARS));
  ev.agent = cut(ev.agent, MAX_FIELD_CHARS);
  ev.session = cut(ev.session, MAX_FIELD_CHARS);
  ev.tool = cut(ev.tool, MAX_FIELD_CHARS);
  if (ev.run_id !== undefined) ev.run_id = cut(ev.run_id, MAX_FIELD_CHARS);
}
