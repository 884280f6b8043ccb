// What leaves the process for eyes or other systems (SSE, dashboard, /v1/audit/events, syslog,
// CEF, webhooks) is the event with secrets redacted. The file keeps the full event: it is the
// evidence, and its hash covers the original content. The redacted copy keeps id, prev_hash and
// hash so it can still be matched to the line on disk.
import { redact, redactValue } from '../redact/index.js';
import type { AuditEvent } from './types.js';

export function redactEventForDisplay(ev: AuditEvent): AuditEvent & { redacted?: true } {
  const request = redactValue(ev.request ?? {});
  const message = redact(String(ev.decision?.message ?? ''));
  let changed = request.redacted || message.redacted;
  const suggestions = ev.decision?.suggestions?.map((s) => {
    const r = redact(String(s));
    if (r.redacted) changed = true;
    return r.text;
  });
  const out: AuditEvent & { redacted?: true } = {
    ...ev,
    request: request.value,
    decision: { ...ev.decision, message: message.text, ...(suggestions ? { suggestions } : {}) },
  };
  if (changed) out.redacted = true;
  return out;
}
