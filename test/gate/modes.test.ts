// The decision core in each of its modes, without HTTP: what each may change (counts, grants,
// webhook calls, audit records, live events, approvals) and what it answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Gate, type GateDeps } from '../../src/gate/gate.js';
import { AuditUnavailableError } from '../../src/audit/types.js';
import type { ApprovalsForGate, ApprovalView, EnqueueRequest } from '../../src/approvals/types.js';
import type { Identity } from '../../src/auth/tokens.js';
import { Bus, type BusEvent } from '../../src/audit/bus.js';
import { ManualClock } from '../../src/util/clock.js';
import { WindowCounter } from '../../src/util/window-counter.js';
import { engineOf, exec } from '../policy/helpers.js';
import { FakeAudit } from '../approvals/helpers.js';

const POLICY = `default_action: allow
policies:
  - name: p
    match: { tool: exec }
    rules:
      - action: deny
        message: no
        when: { command_matches: ['rm -rf*'] }
      - action: ask
        message: a human decides
        when: { command_matches: ['deploy*'] }
      - action: webhook
        webhook: { url: "http://127.0.0.1:9/verify" }
        when: { command_matches: ['verify*'] }
  - name: keys
    rules:
      - action: deny
        message: key in output
        when: { response_matches: ['BEGIN PRIVATE KEY'] }
`;
const WHO: Identity = { kind: 'admin', scopes: ['eval', 'admin'], credentialOwner: 'server/admin' };

const view = (over: Partial<ApprovalView> = {}): ApprovalView => ({
  id: 'A1',
  status: 'pending',
  expires_at: '2030-01-01T00:00:00.000Z',
  action: {},
  redacted: false,
  message: '',
  ...over,
});

function harness(o: { mode?: 'enforce' | 'monitor'; approvals?: Partial<ApprovalsForGate> } = {}) {
  const clock = new ManualClock(Date.now());
  const audit = new FakeAudit();
  const bus = new Bus();
  const events: BusEvent[] = [];
  bus.on((e) => events.push(e));
  const webhookCalls: string[] = [];
  const queued: EnqueueRequest[] = [];
  const callCounts = new WindowCounter(clock, 60_000);
  const deps: GateDeps = {
    policies: { current: engineOf(POLICY) },
    audit,
    approvals: {
      consumeOnceGrant: () => null,
      runGrantCovers: () => false,
      enqueue: async (req) => (queued.push(req), view()),
      waitForResolution: async (id) => view({ id, status: 'approved', resolved_by: 'alice' }),
      ...o.approvals,
    },
    clock,
    mode: o.mode ?? 'enforce',
    bus,
    callCounts,
    callWebhook: async (_cfg, payload) => {
      webhookCalls.push(String((payload.params as Record<string, unknown>).command));
      return { action: 'allow', message: 'reviewed' };
    },
  };
  return { gate: new Gate(deps), audit, events, webhookCalls, queued, counted: () => callCounts.counts().exec ?? 0 };
}

test('preview: decides without counting, calling the webhook, recording or emitting', async () => {
  const h = harness();
  for (const cmd of ['rm -rf /', 'deploy x', 'verify y', 'ls']) {
    const r = await h.gate.decide({ mode: 'preview', call: exec(cmd), identity: WHO });
    assert.equal(r.enforced, false);
    assert.deepEqual(r.records, []);
    assert.deepEqual(r.events, []);
  }
  assert.equal(
    (await h.gate.decide({ mode: 'preview', call: exec('verify y'), identity: WHO })).decision.action,
    'webhook',
  );
  assert.deepEqual(h.webhookCalls, []);
  assert.equal(h.audit.events.length, 0);
  assert.equal(h.events.length, 0);
  assert.equal(h.counted(), 0);
  assert.equal(h.queued.length, 0);
});

test('enforce: records before answering, emits one decision event, queues an ask', async () => {
  const h = harness();
  const deny = await h.gate.decide({ mode: 'enforce', source: 'tool', call: exec('rm -rf /'), identity: WHO });
  assert.equal(deny.decision.action, 'deny');
  assert.equal(deny.enforced, true);
  assert.equal(deny.records.length, 1);
  assert.equal(deny.auditId, deny.records[0]!.id);
  assert.deepEqual(deny.events, [
    { type: 'decision', tool: 'exec', action: 'deny', policy: 'p', evalDurationUs: deny.decision.evalDurationUs },
  ]);
  const ask = await h.gate.decide({ mode: 'enforce', source: 'tool', call: exec('deploy x'), identity: WHO });
  assert.equal(ask.approval?.status, 'pending');
  assert.equal(h.queued.length, 1);
  assert.equal(h.queued[0]!.auditId, ask.auditId);
  const hook = await h.gate.decide({ mode: 'enforce', source: 'tool', call: exec('verify y'), identity: WHO });
  assert.equal(hook.decision.action, 'allow');
  assert.equal(hook.decision.message, 'reviewed');
  assert.deepEqual(h.webhookCalls, ['verify y']);
  assert.equal(h.counted(), 3);
});

test('enforce from preflight: the same decision, but an ask is never queued', async () => {
  const h = harness();
  const r = await h.gate.decide({ mode: 'enforce', source: 'preflight', call: exec('deploy x'), identity: WHO });
  assert.equal(r.decision.action, 'ask');
  assert.equal(r.approval, undefined);
  assert.equal(h.queued.length, 0);
  assert.equal(h.audit.events[0]!.request.source, 'preflight');
});

test('enforce: a used once grant is recorded as ask then allow, and put back when the allow cannot be recorded', async () => {
  let grants = 1;
  const h = harness({
    approvals: {
      consumeOnceGrant: () =>
        grants > 0 ? (grants--, view({ id: 'G1', status: 'approved', resolved_by: 'bob' })) : null,
      returnOnceGrant: () => void grants++,
    },
  });
  h.audit.failOn.add(2);
  await assert.rejects(
    h.gate.decide({ mode: 'enforce', source: 'tool', call: exec('deploy x'), identity: WHO }),
    (err: unknown) =>
      err instanceof AuditUnavailableError &&
      err.code === 'audit_unavailable' &&
      err.cause instanceof AuditUnavailableError,
  );
  assert.equal(grants, 1, 'the grant is back');
  const r = await h.gate.decide({ mode: 'enforce', source: 'tool', call: exec('deploy x'), identity: WHO });
  assert.equal(r.decision.action, 'allow');
  assert.equal(r.grant?.scope, 'once');
  assert.deepEqual(
    r.records.map((e) => e.decision.action),
    ['ask', 'allow'],
  );
  assert.equal(r.grant?.scope === 'once' && r.grant.askAuditId, r.records[0]!.id);
});

test('response: the output is judged and recorded on its own; a deny withholds it while enforcing', async () => {
  const h = harness();
  const r = await h.gate.decide({
    mode: 'response',
    source: 'tool',
    call: exec('cat k'),
    identity: WHO,
    response: '-----BEGIN PRIVATE KEY-----',
  });
  assert.equal(r.response?.decision.action, 'deny');
  assert.equal(r.response?.withheld, true);
  assert.equal(r.records.length, 2);
  const ask = await h.gate.decide({
    mode: 'response',
    source: 'tool',
    call: exec('deploy x'),
    identity: WHO,
    response: 'done',
  });
  assert.equal(h.queued.length, 0, 'a call that already ran is never queued');
  assert.equal(ask.response?.withheld, false);
  const mon = harness({ mode: 'monitor' });
  const m = await mon.gate.decide({
    mode: 'response',
    source: 'tool',
    call: exec('cat k'),
    identity: WHO,
    response: 'BEGIN PRIVATE KEY',
  });
  assert.equal(m.response?.withheld, false);
  assert.equal(m.enforced, false);
});

test('blocking: an ask waits for the human and the answer is the final decision', async () => {
  const h = harness();
  const r = await h.gate.decide({
    mode: 'blocking',
    source: 'socket',
    call: exec('deploy x'),
    identity: WHO,
    wait: true,
  });
  assert.equal(r.decision.action, 'allow');
  assert.match(r.decision.message, /^Approved by alice \(approval A1\)/);
  assert.equal(r.approval?.status, 'approved');
  const denied = harness({ approvals: { waitForResolution: async (id) => view({ id, status: 'expired' }) } });
  const d = await denied.gate.decide({
    mode: 'blocking',
    source: 'socket',
    call: exec('deploy x'),
    identity: WHO,
    wait: true,
  });
  assert.equal(d.decision.action, 'deny');
  assert.match(d.decision.message, /^Not run: nobody answered approval A1, so it expired/);
  const nowait = await h.gate.decide({
    mode: 'blocking',
    source: 'socket',
    call: exec('deploy y'),
    identity: WHO,
    wait: false,
  });
  assert.equal(nowait.decision.action, 'ask');
  assert.equal(h.queued.length, 1, 'a caller that cannot wait queues nothing');
});

test('monitor: recorded and emitted, never applied (no webhook, no grant, no queue)', async () => {
  const h = harness({
    mode: 'monitor',
    approvals: { consumeOnceGrant: () => assert.fail('no grant in monitor mode') },
  });
  for (const cmd of ['rm -rf /', 'deploy x', 'verify y']) {
    const r = await h.gate.decide({ mode: 'enforce', source: 'tool', call: exec(cmd), identity: WHO });
    assert.equal(r.enforced, false);
  }
  assert.deepEqual(h.webhookCalls, []);
  assert.equal(h.queued.length, 0);
  assert.equal(h.audit.events.length, 3);
  assert.equal(h.events.length, 3);
});
