// Shared fixtures for the approval library tests: a temp data dir, a controllable audit log and
// a store on a ManualClock.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '../../src/util/clock.js';
import { Bus, type BusEvent } from '../../src/audit/bus.js';
import { AuditUnavailableError, type AuditEvent, type AuditInput, type AuditWriter } from '../../src/audit/types.js';
import { ApprovalStore } from '../../src/approvals/store.js';
import { AutoAllowedRules } from '../../src/approvals/auto-allowed.js';
import type { ToolCall } from '../../src/policy/types.js';
import type { EnqueueRequest } from '../../src/approvals/types.js';
import { SvcError } from '../../src/util/errors.js';
import { statusOf } from '../../server/http-errors.js';

export const TIMEOUT = 120_000;

/** An audit log that records, can fail on chosen writes, and can hold writes until released. */
export class FakeAudit implements AuditWriter {
  events: AuditEvent[] = [];
  attempts = 0;
  /** 1-based attempt numbers that fail. */
  failOn = new Set<number>();
  /** While set, each append waits for a release() before completing. */
  holding = false;
  private held: Array<() => void> = [];
  private waitingForHold: Array<() => void> = [];
  private n = 0;

  async append(input: AuditInput): Promise<AuditEvent> {
    const attempt = ++this.attempts;
    if (this.holding) {
      await new Promise<void>((resolve) => {
        this.held.push(resolve);
        this.waitingForHold.splice(0).forEach((f) => f());
      });
    }
    if (this.failOn.has(attempt)) throw new AuditUnavailableError('audit disk is full');
    const ev = {
      ...input,
      id: `EV${String(++this.n).padStart(4, '0')}`,
      timestamp: '',
      schema: 'service.audit.v1',
      prev_hash: '',
      hash: '',
    } as AuditEvent;
    this.events.push(ev);
    return ev;
  }
  /** Resolves once some append is parked on the hold. */
  parked(): Promise<void> {
    if (this.held.length) return Promise.resolve();
    return new Promise((r) => this.waitingForHold.push(r));
  }
  /** Lets the oldest held append continue. */
  release(): void {
    this.held.shift()?.();
  }
  releaseAll(): void {
    this.holding = false;
    this.held.splice(0).forEach((f) => f());
  }
  onEvent(): () => void {
    return () => undefined;
  }
  async close(): Promise<void> {}
  actions(): string[] {
    return this.events.map((e) => String(e.request.action ?? e.decision.action));
  }
}

export interface Fixture {
  dir: string;
  clock: ManualClock;
  audit: FakeAudit;
  bus: Bus;
  busEvents: BusEvent[];
  store: ApprovalStore;
  rules: AutoAllowedRules;
  reloads: number;
  logs: string[];
  reopen(): ApprovalStore;
  cleanup(): void;
}

/** Runs a test body against a fresh fixture and removes it afterwards, whatever happens. */
export async function withFixture(
  fn: (f: Fixture) => Promise<void>,
  o: Parameters<typeof fixture>[0] = {},
): Promise<void> {
  const f = fixture(o);
  try {
    await fn(f);
  } finally {
    f.cleanup();
  }
}

export function fixture(o: { capacity?: number; timeoutMs?: number; dir?: string } = {}): Fixture {
  const dir = o.dir ?? mkdtempSync(join(tmpdir(), 'svc-approvals-'));
  const clock = new ManualClock();
  const audit = new FakeAudit();
  const bus = new Bus();
  const busEvents: BusEvent[] = [];
  bus.on((e) => busEvents.push(e));
  const logs: string[] = [];
  const f = {
    dir,
    clock,
    audit,
    bus,
    busEvents,
    reloads: 0,
    logs,
  } as Fixture;
  f.rules = new AutoAllowedRules({ policiesDir: join(dir, 'policies'), clock, reload: () => f.reloads++ });
  const open = () =>
    ApprovalStore.open({
      dataDir: dir,
      timeoutMs: o.timeoutMs ?? TIMEOUT,
      clock,
      audit,
      bus,
      log: (m) => logs.push(m),
      capacity: o.capacity,
      rules: f.rules,
    });
  f.store = open();
  f.reopen = () => {
    f.store.close();
    f.store = open();
    return f.store;
  };
  f.cleanup = () => {
    f.store.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return f;
}

export function call(over: Partial<ToolCall> = {}): ToolCall {
  return {
    tool: 'exec',
    agent: 'claude-code',
    session: 's1',
    runId: 'run-1',
    toolCallId: `tc-${Math.random().toString(36).slice(2)}`,
    params: { command: 'deploy prod' },
    workdir: '/work/project',
    ...over,
  };
}

export function ask(c: ToolCall, owner = 'server/admin', extra: Partial<EnqueueRequest> = {}): EnqueueRequest {
  return {
    call: c,
    decision: {
      action: 'ask',
      message: 'deploys need a human',
      matchedPolicies: ['ask-deploy'],
      policy: 'ask-deploy',
      evalDurationUs: 5,
    },
    credentialOwner: owner,
    auditId: 'EV-ask',
    source: 'tool',
    ...extra,
  };
}

/** The HTTP status a rejected promise would be answered with, or 'ok'. */
export async function outcome(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (err: any) {
    if (err instanceof SvcError) return statusOf(err);
    throw err;
  }
}
