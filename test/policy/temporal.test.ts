// Time and state: call_count windows, expires_at, once-rules (docs/policy.md sections 4-5), with a
// ManualClock instead of sleeping.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, chmodSync, chownSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ManualClock } from '../../src/util/clock.js';
import { loadEngine, CallCounter } from '../../src/policy/engine.js';
import { engineOf, exec, fetchCall, policyDir, HOME } from './helpers.js';

const COUNT = `default_action: allow
policies:
  - name: fetch-rate
    match: { tool: [fetch, web_fetch] }
    rules:
      - action: ask
        message: too many fetches
        when:
          call_count: { gte: 3, window: 1m }
`;

test('call_count: the Nth call in the window fires; calls age out of the window', () => {
  const clock = new ManualClock();
  const e = engineOf(COUNT, { clock });
  const go = () => e.evaluate(fetchCall('https://x.io'), { dryRun: false }).action;
  assert.equal(go(), 'allow');
  clock.advance(10_000);
  assert.equal(go(), 'allow');
  clock.advance(10_000);
  assert.equal(go(), 'ask');
  clock.advance(45_000); // the first call is now 65 s old
  assert.equal(go(), 'ask', 'calls 2, 3 and 4 are within the minute');
  clock.advance(61_000);
  assert.equal(go(), 'allow', 'only this call is left in the window');
});

test('call_count: dry runs neither count nor see themselves', () => {
  const clock = new ManualClock();
  const e = engineOf(COUNT, { clock });
  for (let i = 0; i < 5; i++) assert.equal(e.evaluate(fetchCall('https://x.io'), { dryRun: true }).action, 'allow');
  assert.deepEqual(e.callCounts(), {});
});

test('call_count: counted per tool; calls of unrelated tools are not recorded', () => {
  const clock = new ManualClock();
  const e = engineOf(COUNT, { clock });
  e.evaluate(fetchCall('https://x.io'), { dryRun: false });
  e.evaluate({ ...fetchCall('https://x.io'), tool: 'web_fetch' }, { dryRun: false });
  e.evaluate(exec('ls'), { dryRun: false });
  assert.deepEqual(e.callCounts(), { fetch: 1, web_fetch: 1 });
});

test("call_count: an explicit tool counts that tool, from another tool's rule", () => {
  const clock = new ManualClock();
  const e = engineOf(
    `default_action: allow
policies:
  - name: exec-after-many-reads
    match: { tool: exec }
    rules:
      - action: deny
        when: { call_count: { tool: read, gte: 2, window: 1h } }
`,
    { clock },
  );
  const readCall = { tool: 'read', agent: 'a', session: '', params: { file_path: '/x' } };
  assert.equal(e.evaluate(exec('ls'), { dryRun: false }).action, 'allow');
  e.evaluate(readCall, { dryRun: false });
  e.evaluate(readCall, { dryRun: false });
  assert.equal(e.evaluate(exec('ls'), { dryRun: false }).action, 'deny');
});

test('call_count: a shared counter carries counts across reloads', () => {
  const clock = new ManualClock();
  const counter = new CallCounter();
  const d = policyDir({ 'p.yaml': COUNT });
  const a = loadEngine(d, { clock, counter });
  a.evaluate(fetchCall('https://x.io'), { dryRun: false });
  a.evaluate(fetchCall('https://x.io'), { dryRun: false });
  const b = loadEngine(d, { clock, counter });
  assert.equal(b.evaluate(fetchCall('https://x.io'), { dryRun: false }).action, 'ask');
});

test('call_count: the counter is bounded and refuses new tools when full', () => {
  const c = new CallCounter();
  for (let i = 0; i < 1024; i++) assert.ok(c.record(`t${i}`, 0));
  assert.equal(c.record('one-more', 0), false);
  for (let i = 0; i < 1500; i++) c.record('t0', 1);
  assert.equal(c.count('t0', 10, 1), 1000, 'newest 1000 timestamps kept');
  assert.equal(c.record('x'.repeat(300), 0), false);
});

test('expires_at: the rule applies until the instant, then it is skipped', () => {
  const clock = new ManualClock(Date.parse('2026-03-01T11:59:59Z'));
  const e = engineOf(
    `default_action: allow
policies:
  - name: temp-block
    rules:
      - action: deny
        expires_at: "2026-03-01T12:00:00Z"
        when: { command_matches: ['deploy*'] }
`,
    { clock },
  );
  assert.equal(e.evaluate(exec('deploy prod'), { dryRun: true }).action, 'deny');
  clock.advance(1000);
  assert.equal(e.evaluate(exec('deploy prod'), { dryRun: true }).action, 'allow');
  const x = e.explain(exec('deploy prod'));
  assert.equal(x.rules[0]!.status, 'skipped');
  assert.match(x.rules[0]!.reason, /expired/);
});

test('expires_at: timezone offsets are honoured (13:00+02:00 is 11:00Z)', () => {
  const clock = new ManualClock(Date.parse('2026-03-01T10:59:00Z'));
  const e = engineOf(
    `policies:\n  - name: p\n    rules: [{ action: deny, expires_at: "2026-03-01T13:00:00+02:00", when: { command_matches: ['x'] } }]\n  - name: rest\n    rules: [{ action: allow }]\n`,
    { clock },
  );
  assert.equal(e.evaluate(exec('x'), { dryRun: true }).action, 'deny');
  clock.set(Date.parse('2026-03-01T11:30:00Z'));
  assert.equal(e.evaluate(exec('x'), { dryRun: true }).action, 'allow');
});

const ONCE = `# learned rules
default_action: deny
policies:
  # keep this comment
  - name: one-time
    match: { tool: exec }
    rules:
      - action: allow
        once: true
        message: approved once
        when: { command_matches: ['make deploy'] }
      - action: allow
        when: { command_matches: ['make test'] }
  - name: only-once
    match: { tool: exec }
    rules:
      - action: allow
        once: true
        when: { command_matches: ['make release'] }
`;

test('once: an enforced allow removes the rule from its file, keeping comments', () => {
  const d = policyDir({ 'p.yaml': ONCE });
  let consumed = 0;
  const e = loadEngine(d, { home: HOME, onOnceConsumed: () => consumed++ });
  assert.equal(e.evaluate(exec('make deploy'), { dryRun: true }).action, 'allow', 'a dry run does not consume');
  assert.equal(consumed, 0);
  const first = e.evaluate(exec('make deploy'), { dryRun: false });
  assert.equal(first.action, 'allow');
  assert.equal(first.message, 'approved once');
  assert.equal(consumed, 1);
  const text = readFileSync(join(d, 'p.yaml'), 'utf8');
  assert.match(text, /# keep this comment/);
  assert.doesNotMatch(text, /make deploy/);
  assert.match(text, /make test/);
  assert.equal(e.evaluate(exec('make deploy'), { dryRun: false }).action, 'deny', 'the same engine no longer uses it');
  assert.equal(
    loadEngine(d).evaluate(exec('make deploy'), { dryRun: true }).action,
    'deny',
    'a reload does not see it',
  );
  assert.equal(loadEngine(d).evaluate(exec('make test'), { dryRun: true }).action, 'allow');
});

test('once: consuming the last rule of a policy removes the policy', () => {
  const d = policyDir({ 'p.yaml': ONCE });
  const e = loadEngine(d);
  assert.equal(e.evaluate(exec('make release'), { dryRun: false }).action, 'allow');
  const reloaded = loadEngine(d);
  assert.equal(reloaded.policyCount, 1);
});

test('once: when the rule cannot be removed the call is denied (fail closed)', () => {
  const d = policyDir({ 'p.yaml': ONCE });
  const e = loadEngine(d);
  writeFileSync(join(d, 'p.yaml'), 'default_action: deny\npolicies: []\n'); // changed under the engine
  const r = e.evaluate(exec('make deploy'), { dryRun: false });
  assert.equal(r.action, 'deny');
  assert.match(r.message, /one-time authorization could not be claimed/);
});

const isRoot = process.getuid?.() === 0;
const hasSetpriv = spawnSync('sh', ['-c', 'command -v setpriv']).status === 0;

test(
  'once: a read-only directory also fails closed',
  { skip: isRoot && !hasSetpriv && 'root ignores directory modes and setpriv is missing to drop it' },
  (t) => {
    const d = policyDir({ 'p.yaml': ONCE });
    if (!isRoot) {
      const e = loadEngine(d);
      chmodSync(d, 0o500);
      try {
        assert.equal(e.evaluate(exec('make deploy'), { dryRun: false }).action, 'deny');
      } finally {
        chmodSync(d, 0o700);
      }
      return;
    }
    // Root writes anywhere, so the same check runs as nobody (uid 65534) in a child process.
    const NOBODY = 65534;
    const enginePath = new URL('../../src/policy/engine.js', import.meta.url).pathname;
    const probe = spawnSync('setpriv', [
      `--reuid=${NOBODY}`,
      `--regid=${NOBODY}`,
      '--clear-groups',
      '--',
      process.execPath,
      '-e',
      `require('fs').accessSync(${JSON.stringify(enginePath)})`,
    ]);
    if (probe.status !== 0) {
      t.skip('this checkout is not readable by uid 65534');
      return;
    }
    for (const f of readdirSync(d)) chownSync(join(d, f), NOBODY, NOBODY);
    chownSync(d, NOBODY, NOBODY);
    chmodSync(d, 0o500);
    const engineUrl = new URL('../../src/policy/engine.js', import.meta.url).href;
    const script = `import(${JSON.stringify(engineUrl)}).then(({ loadEngine }) => {
    const e = loadEngine(${JSON.stringify(d)});
    const call = { tool: 'exec', agent: 'a', session: 's', params: { command: 'make deploy' } };
    process.stdout.write(e.evaluate(call, { dryRun: false }).action);
  });`;
    try {
      const r = spawnSync(
        'setpriv',
        [
          `--reuid=${NOBODY}`,
          `--regid=${NOBODY}`,
          '--clear-groups',
          '--',
          process.execPath,
          '--input-type=module',
          '-e',
          script,
        ],
        { encoding: 'utf8' },
      );
      assert.equal(r.stdout, 'deny', r.stderr);
    } finally {
      chmodSync(d, 0o700);
    }
  },
);

test('once: a deny elsewhere still wins and nothing is consumed', () => {
  const d = policyDir({
    'p.yaml':
      ONCE +
      `  - name: no-deploy\n    match: { tool: exec }\n    rules: [{ action: deny, when: { command_matches: ['make deploy'] } }]\n`,
  });
  const e = loadEngine(d);
  assert.equal(e.evaluate(exec('make deploy'), { dryRun: false }).action, 'deny');
  assert.match(readFileSync(join(d, 'p.yaml'), 'utf8'), /make deploy/);
});
