// ArcSight Common Event Format lines for SIEMs (`--cef`). Sent as the syslog message when a
// syslog target is configured, otherwise written to stderr, one line per event.
import type { AuditEvent } from '../types.js';
import type { Anchor } from '../anchor.js';
import type { AuditSink } from './types.js';
import { table } from '../../util/lookup-table.js';

const CEF_SEVERITY: Record<string, number> = table({
  deny: 8,
  chain_break: 8,
  ask: 5,
  watch: 3,
  recovered: 5,
  allow: 1,
});

/** Header fields: backslash and pipe are escaped; line breaks become spaces' escapes. */
function hdr(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

/** Extension values: backslash and equals are escaped; line breaks as \n and \r. */
function ext(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/=/g, '\\=').replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

function str(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export function formatCef(ev: AuditEvent, version: string): string {
  const action = ev.decision.action;
  const name = ev.decision.message || `${action} ${ev.tool}`;
  const sev = CEF_SEVERITY[action] ?? 3;
  const pairs: Array<[string, string]> = [
    ['rt', String(Date.parse(ev.timestamp) || 0)],
    ['externalId', ev.id],
    ['act', action],
    ['suser', ev.agent],
    ['cs1Label', 'session'],
    ['cs1', ev.session],
    ['cs2Label', 'run_id'],
    ['cs2', ev.run_id ?? ''],
    ['cs3Label', 'policy'],
    ['cs3', ev.decision.matched_policies.join(',')],
    ['cs4Label', 'tool'],
    ['cs4', ev.tool],
    ['cs5Label', 'command'],
    ['cs5', str(ev.request.command)],
    ['filePath', str(ev.request.path ?? ev.request.file_path)],
    ['request', str(ev.request.url)],
    ['cs6Label', 'hash'],
    ['cs6', ev.hash],
  ];
  const extension = pairs
    .filter(([k, v]) => v !== '' || k.endsWith('Label'))
    .map(([k, v]) => `${k}=${ext(v)}`)
    .join(' ');
  return `CEF:0|svc|svc|${hdr(version)}|${hdr(action)}|${hdr(name)}|${sev}|${extension}`;
}

/** The anchor as a CEF line: the anchored event's id and hash, so a copy can be checked against the log. */
export function formatCefAnchor(a: Anchor, version: string): string {
  const pairs: Array<[string, string]> = [
    ['rt', String(Date.parse(a.timestamp) || 0)],
    ['externalId', a.event_id],
    ['act', 'anchor'],
    ['cnt', String(a.count)],
    ['cs6Label', 'hash'],
    ['cs6', a.last_hash],
    ['cs5Label', 'sig'],
    ['cs5', a.sig ?? ''],
  ];
  return `CEF:0|svc|svc|${hdr(version)}|anchor|audit anchor|1|${pairs.map(([k, v]) => `${k}=${ext(v)}`).join(' ')}`;
}

/** `--cef` without syslog: lines to a stream (stderr), dropped when the stream is backed up. */
export class CefStreamSink implements AuditSink {
  readonly name = 'cef';
  dropped = 0;
  constructor(
    private readonly out: NodeJS.WritableStream & { writableLength?: number },
    private readonly version: string,
    private readonly maxBufferedBytes = 1024 * 1024,
  ) {}

  send(ev: AuditEvent): void {
    if ((this.out.writableLength ?? 0) > this.maxBufferedBytes) {
      this.dropped++;
      return;
    }
    this.out.write(formatCef(ev, this.version) + '\n');
  }

  anchor(a: Anchor): void {
    if ((this.out.writableLength ?? 0) > this.maxBufferedBytes) return;
    this.out.write(formatCefAnchor(a, this.version) + '\n');
  }

  async close(): Promise<void> {}
}
