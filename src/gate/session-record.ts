// What a decision's audit record says about the taint labels it set, so the session state can be
// rebuilt from the log after a restart (src/gate/session-rebuild.ts reads the same fields).
import type { TaintMark } from '../policy/session-types.js';

/** The request key holding the taint marks a decision set. */
export const SESSION_TAINT_FIELD = 'session_taint';

/**
 * The request fields for a decision's marks. A call whose own params carry the field gets it
 * overwritten (empty when nothing was set), so the record only ever holds the server's marks.
 */
export function sessionRecordFields(marks: TaintMark[], params: Record<string, unknown>): Record<string, unknown> {
  if (!marks.length)
    return Object.prototype.hasOwnProperty.call(params, SESSION_TAINT_FIELD) ? { [SESSION_TAINT_FIELD]: [] } : {};
  return {
    [SESSION_TAINT_FIELD]: marks.map((m) => ({
      label: m.label,
      key: m.key,
      until: new Date(m.until).toISOString(),
      policy: m.policy,
    })),
  };
}

/** The marks of an audit record's request (malformed entries are skipped). */
export function marksOfRecord(request: Record<string, unknown>): TaintMark[] {
  const list = request[SESSION_TAINT_FIELD];
  if (!Array.isArray(list)) return [];
  const out: TaintMark[] = [];
  for (const m of list) {
    if (!m || typeof m !== 'object') continue;
    const { label, key, until, policy } = m as Record<string, unknown>;
    const t = typeof until === 'string' ? Date.parse(until) : NaN;
    if (typeof label !== 'string' || typeof key !== 'string' || !/^[scr]:/.test(key) || Number.isNaN(t)) continue;
    out.push({ label, key, until: t, policy: typeof policy === 'string' ? policy : '' });
  }
  return out;
}
