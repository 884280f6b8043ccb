// Replay's decider: identical calls under a deterministic set give one answer, but the memory of
// answers never hides what a rule of the set can see (the session, the agent), and a set with
// counted rules decides every call afresh at its recorded time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../src/util/clock.js';
import { Engine } from '../../src/policy/engine.js';
import { parsePolicyText } from '../../src/policy/parse.js';
import { Redecider, recordedCall } from '../../src/policy/replay.js';

function engine(yaml: string, clock = new ManualClock(0)): Engine {
  const f = parsePolicyText(yaml, 'test.yaml');
  return new Engine([f], f.defaultAction ?? 'allow', { clock, resolveSymlinks: false });
}

function rec(command: string, session: string, agent = 'claude', at = '2026-11-20T10:00:00.000Z') {
  const rc = recordedCall({
    id: `${command}-${session}`,
    timestamp: at,
    agent,
    session,
    tool: 'exec',
    request: { command, source: 'tool' },
    decision: { action: 'allow', matched_policies: [] },
  });
  assert.ok(rc);
  return rc;
}

test('a rule on the session is seen: the same command in two sessions is decided apart', () => {
  const e = engine(`
version: "1"
default_action: allow
policies:
  - name: prod-session
    match: { tool: [exec], session: ["prod-*"] }
    rules:
      - { action: deny, when: { command_matches: ["kubectl *"] } }
`);
  const d = new Redecider(e, new ManualClock(0));
  assert.equal(d.decide(rec('kubectl delete pod x', 'dev-1')).action, 'allow');
  assert.equal(d.decide(rec('kubectl delete pod x', 'prod-1')).action, 'deny');
});

test('a rule on the agent is seen', () => {
  const e = engine(`
version: "1"
default_action: allow
policies:
  - name: codex-no-push
    match: { tool: [exec], agent: ["codex"] }
    rules:
      - { action: deny, when: { command_matches: ["git push*"] } }
`);
  const d = new Redecider(e, new ManualClock(0));
  assert.equal(d.decide(rec('git push', 's', 'claude')).action, 'allow');
  assert.equal(d.decide(rec('git push', 's', 'codex')).action, 'deny');
});

test('a counted rule decides every call afresh, at its recorded time', () => {
  const clock = new ManualClock(0);
  const e = engine(
    `
version: "1"
default_action: allow
policies:
  - name: busy
    match: { tool: [exec] }
    rules:
      - { action: ask, when: { command_matches: ["curl *"], call_count: { gte: 3, window: 1h } } }
`,
    clock,
  );
  const d = new Redecider(e, clock);
  const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 10, m)).toISOString();
  const got = [0, 1, 2, 90].map((m) => d.decide(rec('curl https://x', 's', 'a', at(m))).action);
  assert.deepEqual(
    got,
    ['allow', 'allow', 'ask', 'allow'],
    'the fourth call is two hours later: the window has emptied',
  );
});

test('remembered answers never hide a taint: the same call is decided apart before and after, and the label expires', () => {
  const clock = new ManualClock(0);
  const e = engine(
    `
version: "1"
default_action: allow
policies:
  - name: secret-reads
    match: { tool: [exec] }
    rules:
      - { action: allow, taint: { label: secret, for: 1h }, when: { command_matches: ["cat secret*"] } }
  - name: no-egress
    match: { tool: [exec] }
    rules:
      - { action: deny, when: { command_matches: ["curl *"], session_tainted: secret } }
`,
    clock,
  );
  const d = new Redecider(e, clock);
  const at = (m: number) => new Date(Date.UTC(2026, 10, 20, 10, m)).toISOString();
  const got = [
    d.decide(rec('curl https://x', 's1', 'a', at(0))).action,
    d.decide(rec('cat secret.txt', 's1', 'a', at(1))).action,
    d.decide(rec('curl https://x', 's1', 'a', at(2))).action,
    d.decide(rec('curl https://x', 's2', 'a', at(3))).action,
    d.decide(rec('curl https://x', 's1', 'a', at(4))).action,
    d.decide(rec('curl https://x', 's1', 'a', at(70))).action,
  ];
  assert.deepEqual(got, ['allow', 'allow', 'deny', 'allow', 'deny', 'allow'], 'the label lasts an hour');
  assert.equal(d.hits, 3, 'an identical call with the same labels on it is answered from memory');
});

test('the memory of answers is bounded by its keys characters too: long calls are forgotten, and decided again alike', () => {
  const e = engine(`
version: "1"
default_action: allow
policies:
  - name: no-curl
    match: { tool: [exec] }
    rules:
      - { action: deny, when: { command_matches: ["curl *"] } }
`);
  let evaluations = 0;
  const counting = {
    evaluate: (c: Parameters<Engine['evaluate']>[0], o: Parameters<Engine['evaluate']>[1]) => (
      evaluations++,
      e.evaluate(c, o)
    ),
    deterministic: e.deterministic,
    counter: e.counter,
    files: e.files,
  };
  // Room for 1,000 entries but 4,000 characters of keys: two 1,000-character calls fill a generation.
  const long = (n: number) => `curl https://x/${n}/${'a'.repeat(1000)}`;
  const d = new Redecider(counting, new ManualClock(0), 1000, undefined, 4000);
  for (const n of [1, 2, 3, 4, 5]) assert.equal(d.decide(rec(long(n), 's')).action, 'deny');
  assert.equal(evaluations, 5);
  assert.equal(d.decide(rec(long(5), 's')).action, 'deny', 'the newest is still remembered');
  assert.equal(evaluations, 5);
  assert.equal(d.decide(rec(long(1), 's')).action, 'deny', 'the oldest was dropped with its generation');
  assert.equal(evaluations, 6);
  // Short calls are many more within the same characters.
  const short = new Redecider(counting, new ManualClock(0), 1000, undefined, 4000);
  for (let n = 0; n < 20; n++) short.decide(rec(`curl https://x/${n}`, 's'));
  const before = evaluations;
  for (let n = 0; n < 20; n++) assert.equal(short.decide(rec(`curl https://x/${n}`, 's')).action, 'deny');
  assert.equal(evaluations, before, 'twenty short calls are all remembered');
});
