// The live-view plugins (events, metrics, dashboard) behind the real auth hook, over a context
// whose moving parts are plain objects, so these tests control every input. The full server is
// exercised by integration.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAuth } from '../../server/auth.js';
import { errorHandler } from '../../server/http-errors.js';
import events from '../../server/event-stream.js';
import metrics from '../../server/metrics.js';
import dashboard from '../../server/dashboard.js';
import type { ServerContext } from '../../server/context.js';
import { TokenStore } from '../../src/auth/tokens.js';
import { Bus } from '../../src/audit/bus.js';
import { ManualClock } from '../../src/util/clock.js';
import { WindowCounter } from '../../src/util/window-counter.js';

export interface LiveServer {
  app: FastifyInstance;
  url: string;
  port: number;
  bus: Bus;
  clock: ManualClock;
  adminToken: string;
  evalToken: string;
  /** Pending approvals the fake queue reports (for the gauge). */
  pending: unknown[];
  close(): Promise<void>;
}

export async function startLive(o: { metrics?: boolean; sseKeepaliveMs?: number } = {}): Promise<LiveServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-live-'));
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
  const tokens = new TokenStore(dataDir);
  const evalToken = tokens.create('agent-one', ['eval']).token;
  const adminToken = 'live-admin-token-0123456789abcdef0123456789abcdef';
  const bus = new Bus();
  const pending: unknown[] = [];
  const engine = {
    policyCount: 3,
    ruleCount: 7,
    defaultAction: 'ask',
    summary: () => ({ default_action: 'ask', rules: [], summary: '' }),
  };
  const ctx = {
    opts: {
      host: '127.0.0.1',
      port: 0,
      dataDir,
      configPath: join(dataDir, 'p.yaml'),
      mode: 'enforce',
      approvalTimeoutMs: 120_000,
      metrics: o.metrics ?? false,
      socketPath: '',
      auditDir: null,
      sseKeepaliveMs: o.sseKeepaliveMs,
    },
    clock,
    adminToken,
    tokens,
    policies: { current: engine, lastError: null, reload: () => engine },
    audit: null,
    approvals: { pending: () => pending },
    gate: {},
    bus,
    callCounts: new WindowCounter(clock, 3_600_000),
    startedAt: clock.now(),
    log: () => {},
  } as unknown as ServerContext;
  const app = Fastify({ logger: false });
  try {
    // The same error and not-found shapes as server/app.ts.
    app.setErrorHandler(errorHandler({ bodyLimit: 1024 * 1024, log: () => {} }));
    app.setNotFoundHandler((req, reply) => {
      reply.code(404).send({ error: `not found: ${req.method} ${req.url.split('?')[0]}`, code: 'not_found' });
    });
    registerAuth(app, ctx);
    for (const plugin of [events, metrics, dashboard] as Array<
      (a: FastifyInstance, c: ServerContext) => Promise<void>
    >) {
      await app.register(async (instance) => plugin(instance, ctx));
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await app.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const port = (app.server.address() as { port: number }).port;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    port,
    bus,
    clock,
    adminToken,
    evalToken,
    pending,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One SSE connection read frame by frame. */
export interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Parsed `data:` messages in arrival order. */
  messages: any[];
  /** Raw text received so far (comments included). */
  raw: string;
  ended: boolean;
  /** Resolves when `pred` holds for the messages so far (checked on every chunk). */
  until(pred: (s: Stream) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
}

export function openStream(
  url: string,
  opts: { token?: string; query?: string; method?: string } = {},
): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const path = `/v1/events/stream${opts.query ? `?${opts.query}` : ''}`;
    const req = http.request(`${url}${path}`, { method: opts.method ?? 'GET', headers, agent: false }, (res) => {
      const waiters = new Set<() => void>();
      let buf = '';
      const s: Stream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        messages: [],
        raw: '',
        ended: false,
        until(pred, timeoutMs = 5000) {
          if (pred(s)) return Promise.resolve();
          return new Promise((ok, fail) => {
            const check = () => {
              if (pred(s)) {
                clearTimeout(t);
                waiters.delete(check);
                ok();
              }
            };
            const t = setTimeout(() => {
              waiters.delete(check);
              fail(
                new Error(
                  `stream condition not met in ${timeoutMs} ms; got ${s.messages.length} messages, raw tail ${JSON.stringify(s.raw.slice(-200))}`,
                ),
              );
            }, timeoutMs);
            waiters.add(check);
          });
        },
        close() {
          req.destroy();
        },
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        s.raw += chunk;
        if (s.raw.length > 1_000_000) s.raw = s.raw.slice(-100_000);
        buf += chunk;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (frame.startsWith('data: ')) s.messages.push(JSON.parse(frame.slice(6)));
        }
        for (const w of [...waiters]) w();
      });
      const done = () => {
        s.ended = true;
        for (const w of [...waiters]) w();
      };
      res.on('end', done);
      res.on('close', done);
      res.on('error', done);
      resolve(s);
    });
    req.on('error', reject);
    req.end();
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
