// `--audit-webhook URL`: events POSTed as JSON arrays in batches. One request in flight at a
// time; a failed batch (network error, timeout, non-2xx) is retried with exponential backoff
// and given up after maxAttempts. The queue is bounded: events that do not fit, and batches
// given up on, are counted in `dropped` (exposed for metrics). Redirects are not followed.
// Anchors travel in the same batches as objects with `"kind":"audit_anchor"`, so a receiver's
// copy can prove to `svc audit verify --against-sink` that nothing was cut (docs/audit-anchors.md).
import type { AuditEvent } from '../types.js';
import type { Anchor } from '../anchor.js';
import type { AuditSink } from './types.js';

/** An anchor as the webhook sends it: the anchor's members, marked apart from events. */
export type WebhookAnchor = Anchor & { kind: 'audit_anchor' };
type Item = AuditEvent | WebhookAnchor;

export interface WebhookOptions {
  url: string;
  version: string;
  log: (msg: string) => void;
  /** Events per POST. */
  batchMax?: number;
  /** How long a partial batch waits for company. */
  flushIntervalMs?: number;
  /** Events held while the receiver is slow or down. */
  maxQueue?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Attempts per batch, the first included. */
  maxAttempts?: number;
  timeoutMs?: number;
  /** How long close() keeps trying to deliver what is queued. */
  closeTimeoutMs?: number;
}

export const WEBHOOK_DEFAULTS = {
  batchMax: 100,
  flushIntervalMs: 1000,
  maxQueue: 10_000,
  retryBaseMs: 500,
  retryMaxMs: 30_000,
  maxAttempts: 6,
  timeoutMs: 5000,
  closeTimeoutMs: 2000,
};

export function checkWebhookUrl(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new Error(`invalid --audit-webhook "${url}": not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new Error(`invalid --audit-webhook "${url}": use http:// or https://`);
  return u;
}

export class WebhookSink implements AuditSink {
  readonly name = 'webhook';
  dropped = 0;
  /** Batches delivered (tests, diagnostics). */
  delivered = 0;
  private readonly o: Required<Omit<WebhookOptions, 'url' | 'version' | 'log'>>;
  private queue: Item[] = [];
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private closing = false;
  private closeDeadline = Infinity;
  private wake: (() => void) | null = null;
  private inflight: AbortController | null = null;
  private lastError = '';

  constructor(private readonly opts: WebhookOptions) {
    checkWebhookUrl(opts.url);
    this.o = { ...WEBHOOK_DEFAULTS, ...dropUndefined(opts) } as WebhookSink['o'];
  }

  send(ev: AuditEvent): void {
    this.enqueue(ev);
  }

  anchor(a: Anchor): void {
    this.enqueue({ kind: 'audit_anchor', ...a });
  }

  private enqueue(ev: Item): void {
    if (this.closing) return;
    if (this.queue.length >= this.o.maxQueue) {
      this.dropped++;
      return;
    }
    this.queue.push(ev);
    if (this.pumping) return;
    if (this.queue.length >= this.o.batchMax) this.start();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.start(), this.o.flushIntervalMs);
      this.timer.unref();
    }
  }

  private start(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pumping) this.pumping = this.pump().finally(() => (this.pumping = null));
  }

  private async pump(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue.slice(0, this.o.batchMax);
      let ok = false;
      for (let attempt = 1; attempt <= this.o.maxAttempts && !ok; attempt++) {
        if (attempt > 1) {
          const delay = Math.min(this.o.retryMaxMs, this.o.retryBaseMs * 2 ** (attempt - 2));
          if (Date.now() + delay > this.closeDeadline) break;
          await this.sleep(delay);
        }
        ok = await this.post(batch);
      }
      this.queue.splice(0, batch.length);
      if (ok) this.delivered++;
      else this.dropped += batch.length;
      if (this.closing && Date.now() > this.closeDeadline) break;
      // A partial batch waits for company unless we are closing.
      if (!this.closing && this.queue.length > 0 && this.queue.length < this.o.batchMax) {
        this.timer = setTimeout(() => this.start(), this.o.flushIntervalMs);
        this.timer.unref();
        return;
      }
    }
  }

  private async post(batch: Item[]): Promise<boolean> {
    const timeout = Math.max(1, Math.min(this.o.timeoutMs, this.closeDeadline - Date.now()));
    const ctl = new AbortController();
    const timer = setTimeout(() => ctl.abort(new Error(`no answer within ${timeout} ms`)), timeout);
    timer.unref();
    this.inflight = ctl;
    try {
      const res = await fetch(this.opts.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': `svc/${this.opts.version}` },
        body: JSON.stringify(batch),
        redirect: 'manual',
        signal: ctl.signal,
      });
      await res.arrayBuffer().catch(() => {});
      if (res.status >= 200 && res.status < 300) {
        this.lastError = '';
        return true;
      }
      this.warn(`audit webhook: ${this.opts.url} answered ${res.status}`);
    } catch (err) {
      this.warn(`audit webhook: ${this.opts.url}: ${(err as Error).message}`);
    } finally {
      clearTimeout(timer);
      this.inflight = null;
    }
    return false;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      // While closing, the wait must keep the process alive so close() can finish.
      if (!this.closing) t.unref();
      this.wake = () => {
        clearTimeout(t);
        this.wake = null;
        resolve();
      };
    });
  }

  private warn(msg: string): void {
    if (msg === this.lastError) return;
    this.lastError = msg;
    this.opts.log(msg);
  }

  /** Tries to deliver what is queued for up to closeTimeoutMs; the rest counts as dropped. */
  async close(): Promise<void> {
    this.closing = true;
    this.closeDeadline = Date.now() + this.o.closeTimeoutMs;
    this.wake?.();
    if (this.queue.length && !this.pumping) this.start();
    // A request already in flight gets until the deadline, not its full timeout.
    const cut = setTimeout(() => this.inflight?.abort(new Error('closing')), this.o.closeTimeoutMs);
    if (this.pumping) await this.pumping;
    clearTimeout(cut);
    if (this.timer) clearTimeout(this.timer);
    this.dropped += this.queue.length;
    this.queue = [];
  }
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
