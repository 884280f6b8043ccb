// GET /v1/events/stream: Server-Sent Events for live views (docs/api.md).
// The hub turns bus notifications into `data:` frames and writes each frame straight to every
// client's socket. A decision never waits for a browser: a client whose unsent backlog outgrows
// its bound is disconnected (it reconnects and re-queries), instead of slowing the emitter.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Bus, BusEvent } from '../src/audit/bus.js';
import { redactEventForDisplay } from '../src/audit/index.js';
import { SvcError } from './http-errors.js';
import { redact } from '../src/redact/index.js';
import { callSubject } from '../src/policy/shadow.js';

/** Comment frame interval; proxies and NATs drop silent connections after a minute or so. */
export const KEEPALIVE_MS = 15_000;
/** Frames written while the socket is backed up before the client counts as stalled. */
export const MAX_BACKLOG_FRAMES = 256;
/** Bytes queued for one client (ours plus the socket's) before it counts as stalled. */
export const MAX_BACKLOG_BYTES = 1024 * 1024;
/** Open streams at once; more would let one careless script exhaust file descriptors. */
export const MAX_CLIENTS = 1024;

const KEEPALIVE_FRAME = ': keepalive\n\n';
/**
 * How often open streams re-check their credential: a revoked agent token is noticed by every
 * other request within the token store's 250 ms re-read, so a stream must not outlive it longer
 * (this interval plus the store's 50 ms look-again bound for isActive).
 */
export const CREDENTIAL_RECHECK_MS = 200;

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
  // One stream per connection: ending it must also free the socket so close() never waits.
  Connection: 'close',
} as const;

export interface HubOptions {
  keepaliveMs?: number;
  maxBacklogFrames?: number;
  maxBacklogBytes?: number;
  maxClients?: number;
}

interface Client {
  res: ServerResponse;
  /** Frames written since the socket last reported backpressure; 0 while it keeps up. */
  backlog: number;
  /** False once the credential the stream was opened with is revoked (absent: cannot be). */
  valid?: () => boolean;
}

export class SseHub {
  private clients = new Set<Client>();
  private timer: NodeJS.Timeout | null = null;
  private recheck: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly maxFrames: number;
  private readonly maxBytes: number;
  private readonly maxClients: number;
  private readonly keepaliveMs: number;
  /** Clients disconnected for falling behind, since start (for tests and diagnostics). */
  dropped = 0;

  constructor(opts: HubOptions = {}) {
    this.keepaliveMs = opts.keepaliveMs ?? KEEPALIVE_MS;
    this.maxFrames = opts.maxBacklogFrames ?? MAX_BACKLOG_FRAMES;
    this.maxBytes = opts.maxBacklogBytes ?? MAX_BACKLOG_BYTES;
    this.maxClients = opts.maxClients ?? MAX_CLIENTS;
  }

  get size(): number {
    return this.clients.size;
  }

  get full(): boolean {
    return this.clients.size >= this.maxClients;
  }

  /** Subscribes to the bus; returns the unsubscribe function. */
  attach(bus: Bus): () => void {
    return bus.on((ev) => {
      // Redacting an event costs tens of microseconds; skip it when nobody is listening.
      if (this.clients.size === 0) return;
      const msg = toMessage(ev);
      if (msg) this.broadcast(msg);
    });
  }

  /** Takes over a response whose headers are not yet sent and starts streaming to it. */
  add(res: ServerResponse, valid?: () => boolean): void {
    if (this.closed) {
      res.destroy();
      return;
    }
    res.writeHead(200, SSE_HEADERS);
    res.socket?.setNoDelay(true);
    const client: Client = { res, backlog: 0, ...(valid ? { valid } : {}) };
    this.clients.add(client);
    res.on('close', () => this.clients.delete(client));
    res.on('drain', () => (client.backlog = 0));
    this.write(client, frame({ type: 'connected' }));
    this.startKeepalive();
    if (valid) this.startRecheck();
  }

  /** Ends streams whose credential was revoked; stops once no stream has one to check. */
  private startRecheck(): void {
    if (this.recheck) return;
    this.recheck = setInterval(() => {
      let checked = 0;
      for (const c of this.clients) {
        if (!c.valid) continue;
        checked++;
        if (!c.valid()) {
          this.clients.delete(c);
          c.res.end(frame({ type: 'revoked', message: 'the token of this stream was revoked' }));
        }
      }
      if (checked === 0 && this.recheck) {
        clearInterval(this.recheck);
        this.recheck = null;
      }
    }, CREDENTIAL_RECHECK_MS);
    this.recheck.unref();
  }

  /** Sends one JSON message to every client. Never blocks and never throws. */
  broadcast(msg: Record<string, unknown>): void {
    if (this.clients.size === 0) return;
    const data = frame(msg);
    for (const c of this.clients) this.write(c, data);
  }

  /** Ends every stream (server shutdown). Stalled clients are cut instead of flushed. */
  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.recheck) clearInterval(this.recheck);
    this.recheck = null;
    for (const c of this.clients) {
      if (c.res.writableLength > 0) c.res.destroy();
      else c.res.end();
    }
    this.clients.clear();
  }

  private write(c: Client, data: string): void {
    const res = c.res;
    if (res.destroyed || res.writableEnded) {
      this.clients.delete(c);
      return;
    }
    if (c.backlog >= this.maxFrames || res.writableLength + data.length > this.maxBytes) {
      this.drop(c);
      return;
    }
    if (!res.write(data) || c.backlog > 0) c.backlog++;
  }

  private drop(c: Client): void {
    this.clients.delete(c);
    this.dropped++;
    c.res.destroy();
  }

  private startKeepalive(): void {
    if (this.timer || this.keepaliveMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.clients.size === 0) return;
      for (const c of this.clients) this.write(c, KEEPALIVE_FRAME);
    }, this.keepaliveMs);
    this.timer.unref();
  }
}

function frame(msg: Record<string, unknown>): string {
  // JSON.stringify never emits raw newlines, so one `data:` line always holds the whole message.
  return `data: ${JSON.stringify(msg)}\n\n`;
}

/** The wire message for a bus event, or null for events live views do not stream. */
export function toMessage(ev: BusEvent): Record<string, unknown> | null {
  switch (ev.type) {
    case 'approvals':
      return { type: 'approvals' };
    case 'audit':
      return { type: 'audit', event: redactEventForDisplay(ev.event) };
    case 'audit_batch':
      return { type: 'audit_batch', run_id: ev.run_id };
    case 'shadow_diff':
      return shadowDiffMessage(ev);
    default:
      return null;
  }
}

/** The call as the audit view shows it (secrets redacted), with both answers. */
function shadowDiffMessage(ev: Extract<BusEvent, { type: 'shadow_diff' }>): Record<string, unknown> {
  const c = ev.call;
  return {
    type: 'shadow_diff',
    tool: c.tool,
    agent: c.agent,
    session: c.session,
    ...(c.runId ? { run_id: c.runId } : {}),
    subject: redact(callSubject(c.params)).text,
    live: ev.live,
    shadow: ev.shadow,
  };
}

interface EventsContext {
  bus: Bus;
  opts: { sseKeepaliveMs?: number };
  /** Per-agent tokens, re-checked for revocation while a stream opened with one is open. */
  tokens?: { isActive(id: string): boolean };
}

const errorBody = {
  type: 'object',
  properties: { error: { type: 'string' }, code: { type: 'string' } },
};

export default async function events(app: FastifyInstance, ctx: EventsContext): Promise<void> {
  const hub = new SseHub({ keepaliveMs: ctx.opts.sseKeepaliveMs });
  const detach = hub.attach(ctx.bus);
  // preClose runs before the HTTP server stops accepting and waits for open connections.
  app.addHook('preClose', async () => {
    detach();
    hub.close();
  });

  app.get(
    '/v1/events/stream',
    {
      config: { auth: 'admin', allowQueryToken: true },
      schema: {
        querystring: {
          type: 'object',
          properties: { token: { type: 'string', maxLength: 4096 } },
        },
        response: { '4xx': errorBody, '5xx': errorBody },
      },
    },
    (request, reply) => {
      if (hub.full) {
        reply.send(new SvcError('too_many_streams', 'too many open event streams'));
        return;
      }
      reply.hijack();
      const res = reply.raw;
      if (request.method === 'HEAD') {
        res.writeHead(200, SSE_HEADERS);
        res.end();
        return;
      }
      // The stream outlives every request timeout the server may have configured.
      request.raw.socket.setTimeout(0);
      const id = request.identity;
      const tokens = ctx.tokens;
      const tokenId = id?.kind === 'agent' ? id.tokenId : undefined;
      hub.add(res, tokens && tokenId ? () => tokens.isActive(tokenId) : undefined);
    },
  );
}
