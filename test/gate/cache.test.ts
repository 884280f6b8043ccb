// Which blocking decisions the gate lets the preload listener reuse (cacheable): only allows of a
// deterministic policy set, answered without waiting for the fsync, that no grant turned into one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Gate } from '../../src/gate/gate.js';
import { blockingReply } from '../../server/gate-reply.js';
import type { ApprovalsForGate } from '../../src/approvals/types.js';
import type { Identity } from '../../src/auth/tokens.js';
import { Bus } from '../../src/audit/bus.js';
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
      - action: watch
        when: { command_matches: ['curl*'] }
      - action: ask
        when: { command_matches: ['deploy*'] }
`;
const WHO: Identity = { kind: 'agent', agent: undefined, scopes: ['eval'], credentialOwner: 'local/preload' };

function gateOver(yaml: string, approvals: Partial<ApprovalsForGate> = {}) {
  const clock = new ManualClock(Date.now());
  const audit = new FakeAudit();
  const gate = new Gate({
    policies: { current: engineOf(yaml) },
    audit,
    approvals: {
      consumeOnceGrant: () => null,
      runGrantCovers: () => false,
      enqueue: async () => {
        throw new Error('no approvals here');
      },
      waitForResolution: async () => {
        throw new Error('no approvals here');
      },
      ...approvals,
    },
    clock,
    mode: 'enforce',
    bus: new Bus(),
    callCounts: new WindowCounter(clock, 60_000),
    callWebhook: async () => ({ action: 'deny', message: 'none' }),
  });
  return { gate, audit };
}

const ask = async (g: Gate, command: string, durableAllows = false, runId?: string) =>
  blockingReply(
    await g.decide({
      mode: 'blocking',
      source: 'socket',
      call: exec(command, runId ? { runId } : {}),
      identity: WHO,
      wait: false,
      durableAllows,
    }),
    g.mode,
  );

test('allow and watch from a deterministic set are cacheable; deny and ask are not', async () => {
  const { gate, audit } = gateOver(POLICY);
  const ls = await ask(gate, 'ls');
  assert.equal(ls.decision, 'allow');
  assert.equal(ls.cacheable, true);
  assert.equal((await ask(gate, 'curl x')).cacheable, true);
  assert.equal((await ask(gate, 'rm -rf /')).cacheable, false);
  const a = await ask(gate, 'deploy prod');
  assert.equal(a.decision, 'ask');
  assert.notEqual(a.cacheable, true);
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(audit.events.length, 4, 'every decision is audited');
});

test('an allow that waits for its fsync (--preload-durable) is never cacheable', async () => {
  const { gate } = gateOver(POLICY);
  assert.equal((await ask(gate, 'ls', true)).cacheable, false);
});

test('an ask turned into an allow by a run grant is not cacheable (grants expire)', async () => {
  const { gate } = gateOver(POLICY, { runGrantCovers: () => true });
  const r = await ask(gate, 'deploy prod', false, 'run-1');
  assert.equal(r.decision, 'allow');
  assert.equal(r.cacheable, false);
});

test('a set with a counter, expiry, one-time rule or webhook never yields cacheable allows', async () => {
  const { gate } = gateOver(POLICY + `      - action: ask\n        when: { call_count: { gte: 1000, window: 1m } }\n`);
  const r = await ask(gate, 'ls');
  assert.equal(r.allowed, true);
  assert.equal(r.cacheable, false);
});
