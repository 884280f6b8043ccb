// Tells people that a call waits for them: each new pending approval becomes one desktop
// notification and one message per configured webhook. Sending never delays or changes a
// decision: it runs after the approval is queued, failures are logged, retries are bounded
// with a doubling backoff, and a per-minute cap keeps a flood of asks from becoming a flood of
// messages.
import { dropOldest } from '../util/drop-oldest.js';
import { spawn } from 'node:child_process';
import { onPath } from '../util/which.js';
import type { Clock } from '../util/clock.js';
import type { Bus } from '../audit/bus.js';
import type { Signer } from '../auth/signing.js';
import { redactValue } from '../redact/index.js';
import { loadNotifyConfig, NotifyConfigError, type NotifyConfig, type WebhookTarget } from './notify-config.js';
import { plainText, webhookRequest, type AskNotice } from './format.js';

/** Approvals already announced, so a re-listed one is not announced twice (bounded). */
const MAX_SEEN = 5000;
/** One attempt may take this long before it counts as failed. */
const ATTEMPT_TIMEOUT_MS = 10_000;

export interface NotifierDeps {
  dataDir: string;
  bus: Bus;
  clock: Clock;
  /** The pending approvals (the store's list view). */
  approvals: { list(): { approvals: Record<string, unknown>[] } };
  signer?: Signer;
  /** The server's own address, known once it listens. */
  serverUrl: () => Promise<string>;
  log: (m: string) => void;
  env?: NodeJS.ProcessEnv;
  /** Tests replace the wait between retries. */
  sleep?: (ms: number) => Promise<void>;
}

export class Notifier {
  private seen = new Set<string>();
  private scheduled = false;
  private loaded: { config: NotifyConfig | null; stamp: string; error?: string } = { config: null, stamp: 'unread' };
  private sent: number[] = [];
  private suppressed = 0;
  private inflight = new Set<Promise<void>>();
  private closed = false;
  private unsubscribe: () => void;

  constructor(private readonly d: NotifierDeps) {
    // Approvals that exist at start were announced by the previous run (or are stale).
    for (const a of d.approvals.list().approvals) this.seen.add(String(a.id));
    this.unsubscribe = d.bus.on((e) => {
      if (e.type !== 'approvals' || this.scheduled || this.closed) return;
      // Coalesce a burst of changes, and never list the store from inside its own emit.
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.scan();
      });
    });
  }

  /** The current configuration, re-read when the file changed. */
  private config(): NotifyConfig | null {
    try {
      const next = loadNotifyConfig(this.d.dataDir);
      if (next.stamp === this.loaded.stamp) return this.loaded.config;
      this.loaded = next;
      if (next.config) this.d.log(`notify: ${describe(next.config)}`);
    } catch (err) {
      const msg = (err as Error).message;
      if (this.loaded.error !== msg) this.d.log(`notify: off: ${msg}`);
      this.loaded = { config: null, stamp: 'error', error: msg };
      if (!(err instanceof NotifyConfigError)) throw err;
    }
    return this.loaded.config;
  }

  private scan(): void {
    const fresh = this.d.approvals
      .list()
      .approvals.filter((a) => a.status === 'pending' && !this.seen.has(String(a.id)));
    if (!fresh.length) return;
    for (const a of fresh) {
      this.seen.add(String(a.id));
      if (this.seen.size > MAX_SEEN) dropOldest(this.seen);
    }
    const cfg = this.config();
    if (!cfg) return;
    for (const a of fresh) this.track(this.announce(cfg, a));
  }

  private track(p: Promise<void>): void {
    const t = p.catch((err) => this.d.log(`notify: ${(err as Error).message}`)).finally(() => this.inflight.delete(t));
    this.inflight.add(t);
  }

  /** True when one more notification fits in the per-minute cap. */
  private admit(cfg: NotifyConfig): boolean {
    const now = this.d.clock.now();
    while ((this.sent[0] ?? Infinity) <= now - 60_000) this.sent.shift();
    if (this.sent.length >= cfg.maxPerMinute) {
      if (this.suppressed++ === 0)
        this.d.log(
          `notify: more than ${cfg.maxPerMinute} asks in a minute; holding back notifications (svc pending lists them all)`,
        );
      return false;
    }
    if (this.suppressed) {
      this.d.log(
        `notify: ${this.suppressed} notification${this.suppressed > 1 ? 's' : ''} held back by the per-minute cap`,
      );
      this.suppressed = 0;
    }
    this.sent.push(now);
    return true;
  }

  private async announce(cfg: NotifyConfig, a: Record<string, unknown>): Promise<void> {
    if (!this.admit(cfg)) return;
    const notice = await this.notice(cfg, a);
    const jobs: Promise<void>[] = [];
    if (cfg.desktop) jobs.push(this.desktop(notice));
    for (const w of cfg.webhooks) jobs.push(this.post(cfg, w, notice));
    await Promise.all(jobs);
  }

  private async notice(cfg: NotifyConfig, a: Record<string, unknown>): Promise<AskNotice> {
    const base = (cfg.publicUrl ?? (await this.d.serverUrl())).replace(/\/+$/, '');
    const id = String(a.id);
    const { value } = redactValue({
      subject: subjectOf(a),
      agent: String(a.agent ?? ''),
      reason: String(a.message ?? ''),
    });
    const now = this.d.clock.now();
    const q = this.d.signer?.query(id, now, cfg.linkTtlMs);
    const signed = q ? `sig=${encodeURIComponent(q.sig)}&exp=${q.exp}` : '';
    const page = (approved: boolean) =>
      `${base}/dashboard/resolve.html?id=${encodeURIComponent(id)}&${signed}&approved=${approved}`;
    return {
      id,
      tool: String(a.tool ?? ''),
      agent: value.agent,
      subject: value.subject,
      reason: value.reason,
      expiresAt: String(a.expires_at ?? ''),
      approveUrl: page(true),
      denyUrl: page(false),
      resolveUrl: `${base}/v1/approvals/${encodeURIComponent(id)}/resolve?${signed}`,
      dashboardUrl: `${base}/dashboard/`,
    };
  }

  private desktop(n: AskNotice): Promise<void> {
    const env = this.d.env ?? process.env;
    const bin = onPath('notify-send', env);
    if (!bin) return Promise.resolve();
    return new Promise((resolve) => {
      // Arguments, never a shell: the text is the agent's.
      const child = spawn(
        bin,
        ['--app-name=svc', '--urgency=normal', `svc: approval needed (${n.tool})`, plainText(n)],
        { env, stdio: 'ignore' },
      );
      child.on('error', (err) => {
        this.d.log(`notify: notify-send failed: ${err.message}`);
        resolve();
      });
      child.on('close', () => resolve());
    });
  }

  private async post(cfg: NotifyConfig, w: WebhookTarget, n: AskNotice): Promise<void> {
    const req = webhookRequest(w, n);
    const sleep = this.d.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref()));
    let delay = cfg.retryBackoffMs;
    let last = '';
    for (let attempt = 0; attempt <= cfg.retries; attempt++) {
      if (attempt > 0) {
        await sleep(delay);
        delay *= 2;
      }
      if (this.closed) return;
      try {
        const res = await fetch(req.url, {
          method: 'POST',
          headers: req.headers,
          body: JSON.stringify(req.body),
          redirect: 'error',
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) return;
        last = `HTTP ${res.status}`;
        // A 4xx other than 429 will not get better by asking again.
        if (res.status < 500 && res.status !== 429) break;
      } catch (err: any) {
        last = err?.cause?.code ?? err?.name ?? 'network error';
      }
    }
    this.d.log(`notify: ${w.type} webhook ${hostOf(w.url)} failed for approval ${n.id} (${last})`);
  }

  /** Announces what is new now and waits until it is sent (tests). */
  async flush(): Promise<void> {
    this.scan();
    await this.idle();
  }

  /** Waits for notifications in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    await this.idle();
  }
}

/** What the call would do: an MCP tool with its arguments, else the command, path or URL. */
function subjectOf(a: Record<string, unknown>): string {
  const action = a.action as Record<string, unknown> | undefined;
  const params = action?.params as Record<string, unknown> | undefined;
  if (params && typeof params.tool_name === 'string') {
    const { tool_name, ...args } = params;
    return `${tool_name} ${JSON.stringify(args)}`;
  }
  return String(a.command ?? '');
}

/** Only the host of a webhook URL is logged; the path is the secret. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '?';
  }
}

function describe(c: NotifyConfig): string {
  const parts = [...(c.desktop ? ['desktop'] : []), ...c.webhooks.map((w) => `${w.type} (${hostOf(w.url)})`)];
  return `on: ${parts.join(', ') || 'nothing configured'}; at most ${c.maxPerMinute} a minute`;
}

/** Starts the notifier; the returned function stops it (for the server's shutdown list). */
export function startNotifier(d: NotifierDeps): () => Promise<void> {
  const n = new Notifier(d);
  return () => n.close();
}
