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
import { SessionState } from '../../src/policy/session-state.js';
import type { BusEvent } from '../../src/audit/bus.js';
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

function gateOver(
  yaml: string,
  approvals: Partial<ApprovalsForGate> = {},
  more: { sessions?: boolean; shadow?: boolean } = {},
) {
  const clock = new ManualClock(Date.now());
  const audit = new FakeAudit();
  const bus = new Bus();
  const busEvents: BusEvent[] = [];
  bus.on((e) => busEvents.push(e));
  const callCounts = new WindowCounter(clock, 60_000);
  const sessions = more.sessions ? new SessionState(clock) : undefined;
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
    bus,
    callCounts,
    callWebhook: async () => ({ action: 'deny', message: 'none' }),
    ...(sessions ? { sessions } : {}),
    ...(more.shadow ? { shadow: { decide: () => null } } : {}),
  });
  return { gate, audit, clock, busEvents, callCounts, sessions };
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

const settle = () => new Promise((r) => setTimeout(r, 20));
const blocking = (g: Gate, command: string) =>
  g.decide({
    mode: 'blocking',
    source: 'socket',
    call: exec(command),
    identity: WHO,
    wait: false,
    durableAllows: false,
  });

test('repeat records one more identical call from the cached result: counted, audited as a cache hit, not evaluated', async () => {
  const { gate, audit, busEvents, callCounts, sessions } = gateOver(POLICY, {}, { sessions: true });
  const r = await blocking(gate, 'curl x');
  assert.equal(r.cacheable, true);
  assert.ok(r.repeat, 'a cacheable result carries repeat');
  await settle();
  r.repeat({ pid: 41, ppid: 40 });
  r.repeat({ pid: 42, ppid: 40 });
  await settle();
  assert.equal(audit.events.length, 3);
  const [first, ...hits] = audit.events;
  assert.equal(first!.request.cache, undefined);
  for (const [i, h] of hits.entries()) {
    assert.deepEqual(h.request, { command: 'curl x', source: 'socket', pid: 41 + i, ppid: 40, cache: 'hit' });
    assert.equal(h.decision.action, 'watch');
    assert.deepEqual(h.decision.matched_policies, first!.decision.matched_policies);
    assert.equal(h.decision.message, first!.decision.message);
    assert.equal(h.decision.evaluation_time_us, 0);
    assert.equal(h.session, first!.session);
  }
  assert.equal(callCounts.counts().exec, 3, 'each repeat is a call');
  const decisions = busEvents.filter((e) => e.type === 'decision');
  assert.deepEqual(
    decisions.map((e) => e.type === 'decision' && e.cached === true),
    [false, true, true],
  );
  assert.equal(sessions!.snapshot('repo/main').events.filter((e) => e.command === 'curl x').length, 3);
});

test('no repeat with a shadow set (its answer is recorded too) or for a result that is not cacheable', async () => {
  const { gate } = gateOver(POLICY, {}, { shadow: true });
  const r = await blocking(gate, 'ls');
  assert.equal(r.cacheable, true);
  assert.equal(r.repeat, undefined);
  const plain = gateOver(POLICY);
  assert.equal((await blocking(plain.gate, 'rm -rf /')).repeat, undefined);
});

test('an allow that read a live taint is not cacheable (it changes when the taint expires)', async () => {
  const { gate, clock } = gateOver(
    `default_action: allow
policies:
  - name: t
    match: { tool: exec }
    rules:
      - action: watch
        taint: { label: secret, for: 30m }
        when: { command_matches: ['cat secret*'] }
      - action: watch
        message: tainted session
        when: { session_tainted: secret, command_matches: ['curl*'] }
`,
    {},
    { sessions: true },
  );
  const before = await ask(gate, 'curl x');
  assert.equal(before.decision, 'allow');
  assert.equal(before.cacheable, true, 'no live taint was read');
  assert.equal((await ask(gate, 'cat secret.txt')).cacheable, true);
  const tainted = await ask(gate, 'curl x');
  assert.equal(tainted.decision, 'watch');
  assert.equal(tainted.message, 'tainted session');
  assert.equal(tainted.cacheable, false, 'this answer rests on a taint that expires');
  clock.advance(31 * 60_000);
  const after = await ask(gate, 'curl x');
  assert.equal(after.decision, 'allow');
  assert.equal(after.cacheable, true);
});
