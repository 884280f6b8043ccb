// GET /metrics: Prometheus text format from a private registry (docs/api.md, /metrics).
// Counters are fed by bus `decision` events; gauges are read from live state at scrape time,
// so a scrape never reports a stale queue length or policy count.
import type { FastifyInstance } from 'fastify';
// prom-client is loaded only when --metrics is on (about 60 ms of start-up CPU otherwise).
import type { Registry } from 'prom-client';
import type { Bus } from '../src/audit/bus.js';
import type { Clock } from '../src/util/clock.js';

/** Evaluations take microseconds; webhook rules can take up to the 0.1 s bucket and beyond. */
export const EVAL_BUCKETS = [1e-6, 5e-6, 1e-5, 5e-5, 1e-4, 5e-4, 1e-3, 5e-3, 1e-2, 5e-2, 0.1];

/** Live values the gauges read when Prometheus scrapes. */
export interface MetricsSource {
  pendingApprovals(): number;
  policyCount(): number;
  uptimeSeconds(): number;
}

export interface ServiceMetrics {
  registry: Registry;
  /** Stops listening to the bus. */
  detach(): void;
}

export async function createMetrics(bus: Bus, source: MetricsSource): Promise<ServiceMetrics> {
  const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const decisions = new Counter({
    name: 'service_decisions_total',
    help: 'Policy decisions by action and deciding policy.',
    labelNames: ['action', 'policy'] as const,
    registers: [registry],
  });
  const evalDuration = new Histogram({
    name: 'service_eval_duration_seconds',
    help: 'Time spent evaluating a tool call against the policies.',
    buckets: EVAL_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'service_pending_approvals',
    help: 'Approvals waiting for an operator.',
    registers: [registry],
    collect() {
      this.set(source.pendingApprovals());
    },
  });
  new Gauge({
    name: 'service_policy_count',
    help: 'Policies currently loaded.',
    registers: [registry],
    collect() {
      this.set(source.policyCount());
    },
  });
  new Gauge({
    name: 'service_uptime_seconds',
    help: 'Seconds since the server started.',
    registers: [registry],
    collect() {
      this.set(source.uptimeSeconds());
    },
  });

  const shadowDiffs = new Counter({
    name: 'service_shadow_differences_total',
    help: 'Calls the shadow policy set decided differently from the live set, by live and shadow action.',
    labelNames: ['live', 'shadow'] as const,
    registers: [registry],
  });

  const detach = bus.on((ev) => {
    if (ev.type === 'shadow_diff') shadowDiffs.inc({ live: ev.live.action, shadow: ev.shadow.action });
    if (ev.type !== 'decision') return;
    decisions.inc({ action: ev.action, policy: ev.policy || 'none' });
    // a repeat answered from the preload reply cache was not evaluated
    if (!ev.cached) evalDuration.observe(ev.evalDurationUs / 1e6);
  });
  return { registry, detach };
}

interface MetricsContext {
  opts: { metrics: boolean };
  bus: Bus;
  clock: Clock;
  startedAt: number;
  policies: { readonly current: { readonly policyCount: number } };
  approvals: { pending(): readonly unknown[] };
}

export default async function metrics(app: FastifyInstance, ctx: MetricsContext): Promise<void> {
  // Disabled metrics are simply not routed: /metrics then answers like any unknown path (404).
  if (!ctx.opts.metrics) return;
  const m = await createMetrics(ctx.bus, {
    pendingApprovals: () => ctx.approvals.pending().length,
    policyCount: () => ctx.policies.current.policyCount,
    uptimeSeconds: () => Math.max(0, (ctx.clock.now() - ctx.startedAt) / 1000),
  });
  app.addHook('onClose', async () => m.detach());

  app.get(
    '/metrics',
    {
      config: { auth: 'admin' },
      schema: {
        response: {
          '4xx': { type: 'object', properties: { error: { type: 'string' }, code: { type: 'string' } } },
        },
      },
    },
    async (_request, reply) => {
      const body = await m.registry.metrics();
      return reply.type(m.registry.contentType).send(body);
    },
  );
}
