// Builds the real fastify app around a real approval store, with a small fake policy engine
// (deploy* asks, rm -rf* denies, the rest is allowed) and a controllable audit log, so the
// approval routes can be exercised with inject on a ManualClock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import type { ServerContext } from '../../server/context.js';
import { Gate, type WebhookCaller } from '../../src/gate/gate.js';
import { openApprovals } from '../../src/approvals/index.js';
import type { ApprovalStore } from '../../src/approvals/store.js';
import { TokenStore } from '../../src/auth/tokens.js';
import { Bus, type BusEvent } from '../../src/audit/bus.js';
import { ManualClock } from '../../src/util/clock.js';
import { WindowCounter } from '../../src/util/window-counter.js';
import type { Decision, PolicyEngine, ToolCall } from '../../src/policy/types.js';
import { FakeAudit } from './helpers.js';

export const ADMIN = 'admin-token-0123456789abcdef0123456789abcdef';

function decide(call: ToolCall): Decision {
  const cmd = String(call.params.command ?? call.params.path ?? '');
  const d = (action: Decision['action'], policy: string, message: string): Decision => ({
    action,
    message,
    policy,
    matchedPolicies: [policy],
    evalDurationUs: 3,
  });
  if (cmd.startsWith('deploy') || call.tool === 'mcp.custom') return d('ask', 'ask-deploy', 'deploys need a human');
  if (cmd.startsWith('rm -rf')) return d('deny', 'block-destructive', 'destructive command blocked');
  return d('allow', 'allow-rest', 'allowed');
}

export const fakeEngine: PolicyEngine = {
  evaluate: decide,
  evaluateResponse: () => ({ action: 'allow', message: '', matchedPolicies: [], evalDurationUs: 1 }),
  defaultAction: 'allow',
  policyCount: 3,
  ruleCount: 3,
  summary: () => ({ default_action: 'allow', rules: [], summary: 'fake' }),
};

export interface TestApp {
  app: FastifyInstance;
  ctx: ServerContext;
  store: ApprovalStore;
  clock: ManualClock;
  audit: FakeAudit;
  busEvents: BusEvent[];
  dataDir: string;
  reloads(): number;
  req(method: string, url: string, body?: unknown, token?: string | null): Promise<{ status: number; body: any }>;
  restart(): Promise<TestApp>;
  close(): Promise<void>;
  destroy(): Promise<void>;
}

export interface BootOptions {
  dataDir?: string;
  clock?: ManualClock;
  timeoutMs?: number;
  /** Replaces the fake engine (e.g. one with a webhook rule). */
  engine?: PolicyEngine;
  /** Replaces the webhook caller (which denies by default). */
  callWebhook?: WebhookCaller;
}

export async function bootApp(o: BootOptions = {}): Promise<TestApp> {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'svc-routes-'));
  const clock = o.clock ?? new ManualClock(Date.now());
  const bus = new Bus();
  const busEvents: BusEvent[] = [];
  bus.on((e) => busEvents.push(e));
  const audit = new FakeAudit();
  let reloads = 0;
  const engine = o.engine ?? fakeEngine;
  const policies = { current: engine, lastError: null, reload: () => (reloads++, engine), display: 'fake', close() {} };
  const log = () => undefined;
  const timeoutMs = o.timeoutMs ?? 120_000;
  const approvals = await openApprovals({ dataDir, clock, timeoutMs, audit, bus, policies, log });
  const callCounts = new WindowCounter(clock, 3_600_000);
  const gate = new Gate({
    policies,
    audit,
    approvals,
    clock,
    mode: 'enforce',
    bus,
    callCounts,
    callWebhook: o.callWebhook ?? (async () => ({ action: 'deny', message: 'no webhook in tests' })),
  });
  const ctx: ServerContext = {
    opts: {
      host: '127.0.0.1',
      port: 0,
      dataDir,
      configPath: 'fake',
      mode: 'enforce',
      approvalTimeoutMs: timeoutMs,
      metrics: false,
      socketPath: join(dataDir, 'svc.sock'),
      auditDir: null,
    },
    clock,
    adminToken: ADMIN,
    tokens: new TokenStore(dataDir, () => clock.now()),
    policies: policies as any,
    audit,
    approvals: approvals as any,
    gate,
    bus,
    callCounts,
    startedAt: clock.now(),
    log,
  };
  const app = await buildApp(ctx);
  const t: TestApp = {
    app,
    ctx,
    store: approvals,
    clock,
    audit,
    busEvents,
    dataDir,
    reloads: () => reloads,
    async req(method, url, body, token = ADMIN) {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      let payload: string | undefined;
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = typeof body === 'string' ? body : JSON.stringify(body);
      }
      const res = await app.inject({ method: method as any, url, headers, payload });
      let parsed: any = res.body;
      try {
        parsed = res.body ? JSON.parse(res.body) : undefined;
      } catch {
        /* not JSON */
      }
      return { status: res.statusCode, body: parsed };
    },
    async restart() {
      await t.close();
      return bootApp({ ...o, dataDir, clock, timeoutMs });
    },
    async close() {
      await app.close();
      approvals.close();
    },
    async destroy() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

export function toolBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    agent: 'claude-code',
    session: 's1',
    run_id: 'run-1',
    tool_call_id: `tc-${Math.random().toString(36).slice(2)}`,
    workdir: '/work/project',
    params: { command: 'deploy prod' },
    ...over,
  };
}
