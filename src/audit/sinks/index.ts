// Fan-out to the configured secondary sinks. Events are handed over after they are durable and
// after the appenders' promises are resolved, then processed on a later turn of the event loop
// (setImmediate), so neither redaction nor a slow or dead sink ever delays a decision.
import type { AuditEvent } from '../types.js';
import type { Anchor } from '../anchor.js';
import { redactEventForDisplay } from '../display.js';
import { parseSyslogTarget, SyslogSink } from './syslog.js';
import { CefStreamSink } from './cef.js';
import { WebhookSink, type WebhookOptions } from './audit-webhook-sink.js';
import type { AuditSink } from './types.js';

export type { AuditSink } from './types.js';
export { SyslogSink, parseSyslogTarget, formatSyslog } from './syslog.js';
export { CefStreamSink, formatCef } from './cef.js';
export { WebhookSink, checkWebhookUrl } from './audit-webhook-sink.js';

/** Events waiting for the sinks' turn; beyond this they are dropped (and counted). */
export const MAX_FANOUT_QUEUE = 10_000;

export interface SinkConfig {
  syslog?: string;
  cef?: boolean;
  webhookUrl?: string;
  webhook?: Partial<Omit<WebhookOptions, 'url' | 'version' | 'log'>>;
  /** Where --cef lines go without syslog (default stderr). */
  cefStream?: NodeJS.WritableStream;
  version: string;
  log: (msg: string) => void;
}

/** Validates the options and builds the sinks; throws a clear error for a bad target. */
export function createSinks(c: SinkConfig): AuditSink[] {
  const sinks: AuditSink[] = [];
  if (c.syslog) sinks.push(new SyslogSink(parseSyslogTarget(c.syslog), { cef: c.cef, version: c.version, log: c.log }));
  else if (c.cef) sinks.push(new CefStreamSink(c.cefStream ?? process.stderr, c.version));
  if (c.webhookUrl) sinks.push(new WebhookSink({ ...c.webhook, url: c.webhookUrl, version: c.version, log: c.log }));
  return sinks;
}

export class SinkFanout {
  private queue: AuditEvent[] = [];
  private scheduled = false;
  /** Events dropped before reaching any sink because the hand-over queue was full. */
  overflow = 0;

  constructor(
    readonly sinks: AuditSink[],
    private readonly log: (msg: string) => void,
  ) {}

  push(ev: AuditEvent): void {
    if (!this.sinks.length) return;
    if (this.queue.length >= MAX_FANOUT_QUEUE) {
      this.overflow++;
      return;
    }
    this.queue.push(ev);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.run());
    }
  }

  anchor(a: Anchor): void {
    for (const s of this.sinks) s.anchor?.(a);
  }

  private run(): void {
    this.scheduled = false;
    const batch = this.queue;
    this.queue = [];
    for (const ev of batch) {
      const shown = redactEventForDisplay(ev);
      for (const s of this.sinks) {
        try {
          s.send(shown);
        } catch (err) {
          this.log(`audit sink ${s.name}: ${(err as Error).message}`);
        }
      }
    }
  }

  /** Dropped events per sink name (plus "fanout"), for metrics. */
  dropped(): Record<string, number> {
    const out: Record<string, number> = { fanout: this.overflow };
    for (const s of this.sinks) out[s.name] = (out[s.name] ?? 0) + s.dropped;
    return out;
  }

  async close(): Promise<void> {
    if (this.scheduled) this.run();
    await Promise.all(
      this.sinks.map((s) => s.close().catch((err) => this.log(`audit sink ${s.name}: ${(err as Error).message}`))),
    );
  }
}
