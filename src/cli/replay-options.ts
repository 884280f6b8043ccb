// What `svc policy replay` and `svc policy diff` read from their command lines besides the sets:
// the audit log's place and the date and agent filters. Light on purpose: a bad argument is
// reported before either command loads the engine.
import { join, resolve } from 'node:path';
import { statSync } from 'node:fs';
import { UsageError } from './args.js';
import { isValidDate } from '../audit/audit-file-names.js';

function dateOption(v: unknown, name: string): string | undefined {
  if (v === undefined) return undefined;
  if (!isValidDate(v))
    throw new UsageError(`${name} "${String(v)}" is not a date: use YYYY-MM-DD, a real calendar day`);
  return v;
}

export function auditDirOf(values: Record<string, unknown>, dataDir: string): string {
  const dir = resolve((values['audit-dir'] as string | undefined) ?? join(dataDir, 'audit'));
  let ok = false;
  try {
    ok = statSync(dir).isDirectory();
  } catch {
    /* below */
  }
  if (!ok) throw new Error(`no audit log at ${dir} (give --audit-dir or --data-dir)`);
  return dir;
}

export function scanOptions(values: Record<string, unknown>): { from?: string; to?: string; agent?: string } {
  const from = dateOption(values.from, '--from');
  const to = dateOption(values.to, '--to');
  if (from && to && to < from) throw new UsageError(`--to ${to} is before --from ${from}`);
  const agent = values.agent as string | undefined;
  if (agent !== undefined && !agent) throw new UsageError('--agent needs a name');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(agent !== undefined ? { agent } : {}) };
}
