// The session-aware `when` keys on the engine with an injected clock: session_after,
// session_count over a window, session_tainted with a rule's taint (and its lifetime), the
// bounds of the state, and the load errors a wrong spelling gets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine, parsePolicyText, PolicyLoadError } from '../../src/policy/engine.js';
import { MAX_EVENTS_PER_SESSION, MAX_SESSIONS, SessionState } from '../../src/policy/session-state.js';
import { ManualClock } from '../../src/util/clock.js';
import type { ToolCall } from '../../src/policy/types.js';

const POLICY = `
version: "1"
default_action: allow
policies:
  - name: after-env-read
    match: { tool: [exec] }
    rules:
      - action: ask
        message: pushing after reading .env
        when:
          command_matches: ['git push*']
          session_after: { tool: read, path_matches: ['**/.env'] }
  - name: burst
    match: { tool: [fetch] }
    rules:
      - action: deny
        message: too many fetches
        when:
          domain_matches: ['*']
          session_count: { within: 10m, at_least: 3, tool: fetch }
  - name: mark
    match: { tool: [read] }
    rules:
      - action: watch
        taint: { label: pii, for: 30m }
        when: { path_matches: ['/data/customers/**'] }
  - name: pii-egress
    match: { tool: [fetch] }
    rules:
      - action: ask
        message: pii session
        when: { session_tainted: pii }
`;

function setup() {
  const clock = new ManualClock();
  const engine = new Engine([parsePolicyText(POLICY, 'p.yaml')], 'allow', { clock, home: '/home/u' });
  const state = new SessionState(clock, '/home/u');
  const run = (c: ToolCall, cred = 'tok-a', dryRun = false) => {
    const d = engine.evaluate(c, { dryRun, session: state.lookup(c, cred) });
    if (!dryRun) state.record(c, cred, d);
    return d;
  };
  return { clock, engine, state, run };
}

const c = (tool: string, params: Record<string, unknown>, session = 's1', runId?: string): ToolCall => ({
  tool,
  agent: 'a',
  session,
  params,
  workdir: '/home/u/app',
  ...(runId ? { runId } : {}),
});

test('session_after: a push is asked only after the same session read .env', () => {
  const { run } = setup();
  assert.equal(run(c('exec', { command: 'git push origin main' })).action, 'allow');
  run(c('read', { path: '.env' }));
  assert.equal(run(c('exec', { command: 'git push origin main' })).action, 'ask');
  assert.equal(run(c('exec', { command: 'git push origin main' }, 's2')).action, 'allow', 'another session');
});

test('session_after sees what a command amounts to (cat reads the file)', () => {
  const { run } = setup();
  run(c('exec', { command: 'cat .env | head -3' }));
  assert.equal(run(c('exec', { command: 'git push' })).action, 'ask');
});

test('session_count: the third fetch within ten minutes is denied; the window slides', () => {
  const { run, clock } = setup();
  const f = () => run(c('fetch', { url: 'https://example.com/a' })).action;
  assert.equal(f(), 'allow');
  clock.advance(60_000);
  assert.equal(f(), 'allow');
  clock.advance(60_000);
  assert.equal(f(), 'allow', 'two earlier calls: not yet');
  assert.equal(f(), 'deny', 'three earlier calls within 10m');
  clock.advance(10 * 60_000);
  assert.equal(f(), 'allow', 'the first three left the window');
});

test('taint with a lifetime; a dry run neither taints nor counts', () => {
  const { run, clock } = setup();
  const egress = (s = 's1', cred = 'tok-a') => run(c('fetch', { url: 'https://x.example/' }, s), cred).action;
  run(c('read', { path: '/data/customers/all.csv' }), 'tok-a', true);
  assert.equal(egress(), 'allow', 'dry run did not taint');
  const d = run(c('read', { path: '/data/customers/all.csv' }));
  assert.deepEqual(
    d.taints?.map((t) => t.label),
    ['pii'],
  );
  assert.equal(egress(), 'ask');
  assert.equal(egress('new-session'), 'ask', 'the credential carries it');
  assert.equal(egress('new-session', 'tok-b'), 'allow', 'another credential, another session');
  clock.advance(30 * 60_000 + 1);
  assert.equal(egress(), 'allow', 'expired');
});

test('without session state (svc test, bench) session keys never match', () => {
  const { engine } = setup();
  const d = engine.evaluate(c('fetch', { url: 'https://x.example/' }), { dryRun: true });
  assert.equal(d.action, 'allow');
});

test('explain shows why a session key held', () => {
  const { engine, state, run } = setup();
  run(c('read', { path: '.env' }));
  const call = c('exec', { command: 'git push' });
  const x = engine.explain(call, state.lookup(call, 'tok-a'));
  assert.equal(x.decision.action, 'ask');
  const rule = x.rules.find((r) => r.policy === 'after-env-read');
  assert.match(JSON.stringify(rule), /earlier call matched: read \\"\/home\/u\/app\/.env\\"/);
});

test('the state is bounded: sessions LRU and events per session', () => {
  const { state, clock } = setup();
  for (let i = 0; i < MAX_EVENTS_PER_SESSION + 10; i++)
    state.record(c('exec', { command: `echo ${i}` }), 't', { action: 'allow' });
  const snap = state.snapshot('s1');
  assert.equal(snap.events.length, MAX_EVENTS_PER_SESSION);
  assert.equal(snap.events.at(-1)?.command, `echo ${MAX_EVENTS_PER_SESSION + 9}`);
  for (let i = 0; i < MAX_SESSIONS + 5; i++)
    state.record(c('exec', { command: 'ls' }, `x${i}`), 't', { action: 'allow' });
  assert.equal(state.size.sessions, MAX_SESSIONS);
  assert.equal(state.snapshot('s1').events.length, 0, 'the least recently used session went first');
  clock.advance(1);
});

test('load errors name the problem', () => {
  const bad = (when: string, rule = '') =>
    assert.throws(
      () =>
        parsePolicyText(
          `version: "1"\npolicies:\n  - name: p\n    rules:\n      - action: ask\n${rule}        when: ${when}\n`,
          'bad.yaml',
        ),
      PolicyLoadError,
    );
  bad('{ session_count: { within: 10m, tool: read } }');
  bad('{ session_count: { within: 48h, at_least: 2, tool: read } }');
  bad('{ session_count: { within: 10m, at_least: 0, tool: read } }');
  bad('{ session_after: { tool: read, pathmatches: [x] } }');
  bad('{ session_after: {} }');
  bad('{ session_after: { action: [block] } }');
  bad('{ session_tainted: Secret! }');
  bad('{ command_matches: [x] }', '        taint: { label: secret, for: never }\n');
  bad('{ command_matches: [x] }', '        taint: [a, b]\n');
  try {
    parsePolicyText(
      'version: "1"\npolicies:\n  - name: p\n    rules:\n      - action: ask\n        when: { session_after: { tol: read } }\n',
      'bad.yaml',
    );
  } catch (err) {
    assert.match((err as Error).message, /unknown key "tol" in session_after \(did you mean tool\?\)/);
  }
});
