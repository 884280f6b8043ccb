// Replay with calls decided ahead on worker threads gives, call for call, the decisions a single
// thread gives: labels set by earlier calls still change later answers (one label, both, or
// neither on the call), a set with counted rules is decided in order, and workers that fail leave
// their calls to the main thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { ManualClock } from '../../src/util/clock.js';
import { Engine } from '../../src/policy/engine.js';
import { parsePolicyText } from '../../src/policy/parse.js';
import type { ParsedPolicyFile } from '../../src/policy/ast.js';
import { answerAhead, Redecider, recordedCall, type RecordedCall } from '../../src/policy/replay.js';
import { AheadPipeline, AheadPool, type AheadRunner } from '../../src/policy/replay-ahead.js';

const TAINTS = `
version: "1"
default_action: allow
policies:
  - name: secret-reads
    match: { tool: [exec] }
    rules:
      - { action: allow, taint: { label: secret, for: 1h }, when: { command_matches: ["cat secret*"] } }
      - { action: allow, taint: { label: pii, for: 1h }, when: { command_matches: ["cat customers*"] } }
  - name: egress
    match: { tool: [exec] }
    rules:
      - { action: deny, when: { command_matches: ["curl *"], session_tainted: [secret] } }
      - { action: ask, when: { command_matches: ["curl *"], session_tainted: [pii] } }
      - { action: watch, when: { command_matches: ["scp *"], session_tainted: [secret, pii] } }
  - name: tidy
    match: { tool: [exec] }
    rules:
      - { action: ask, when: { command_matches: ["rm -rf *"] } }
`;

const COUNTED = `
version: "1"
default_action: allow
policies:
  - name: busy
    match: { tool: [exec] }
    rules:
      - { action: ask, when: { command_matches: ["curl *"], call_count: { gte: 3, window: 1h } } }
`;

function engine(yaml: string, clock: ManualClock): Engine {
  const f = parsePolicyText(yaml, 'test.yaml');
  return new Engine([f], f.defaultAction ?? 'allow', { clock, resolveSymlinks: false });
}

/** A log in which sessions read secrets and customer data, then reach out, over four hours. */
function calls(): RecordedCall[] {
  const commands = [
    'curl https://x',
    'scp a host:b',
    'cat secret.txt',
    'curl https://x',
    'rm -rf build',
    'cat customers.csv',
    'scp a host:b',
    'curl https://y',
    'ls',
  ];
  const out: RecordedCall[] = [];
  for (let i = 0; i < 240; i++) {
    const command = commands[(i * 7 + Math.floor(i / 9)) % commands.length] ?? 'ls';
    const rc = recordedCall({
      id: `e${i}`,
      // one call a minute; a record with no readable time keeps the clock where it was
      timestamp: i % 17 === 5 ? 'not a time' : new Date(Date.UTC(2026, 10, 20, 8, i)).toISOString(),
      agent: 'claude',
      session: `s${i % 5}`,
      tool: 'exec',
      request: { command: i % 11 === 0 ? `${command} ${i}` : command, source: 'tool' },
      decision: { action: 'allow', matched_policies: [] },
    });
    assert.ok(rc);
    out.push(rc);
  }
  return out;
}

type Answer = [string, string, string | undefined, number | undefined, string];

function inOrder(yaml: string): Answer[] {
  const clock = new ManualClock(0);
  const d = new Redecider(engine(yaml, clock), clock);
  return calls().map((rc) => {
    const x = d.decide(rc);
    return [rc.id, x.action, x.policy, x.rule, x.message];
  });
}

async function ahead(yaml: string, runner: (e: Engine) => AheadRunner): Promise<Answer[]> {
  const clock = new ManualClock(0);
  const e = engine(yaml, clock);
  const out: Answer[] = [];
  const pipe = new AheadPipeline(
    new Redecider(e, clock),
    (rc, x) => out.push([rc.id, x.action, x.policy, x.rule, x.message]),
    () => runner(e),
    7,
  );
  for (const rc of calls()) await pipe.push(rc);
  await pipe.finish();
  return out;
}

const pool = (e: Engine) =>
  new AheadPool(
    { files: e.files, defaultAction: e.defaultAction, defaultActionSet: e.defaultActionSet, home: homedir() },
    2,
  );

test('decided ahead on two workers: the same decisions, in the same order, as on one thread', async () => {
  const want = inOrder(TAINTS);
  const actions = new Set(want.map((a) => `${a[1]} ${a[2] ?? ''}`));
  // the log exercises every rule: no label, one, and both on a call
  for (const a of ['deny egress', 'ask egress', 'watch egress', 'ask tidy', 'allow secret-reads', 'allow '])
    assert.ok(actions.has(a), `the log reaches ${a}`);
  let answered = 0;
  let tainted = 0;
  const counted = (e: Engine): AheadRunner => {
    const p = pool(e);
    return {
      run: async (b) => {
        const answers = await p.run(b);
        for (const a of answers) if (a) (answered++, a.tainted && tainted++);
        return answers;
      },
      close: () => p.close(),
    };
  };
  assert.deepEqual(await ahead(TAINTS, counted), want);
  assert.ok(answered > 20, `the workers answered ${answered} calls`);
  assert.ok(tainted > 0, 'and some with every label on the call');
});

test('a set with counted rules is decided in recorded order, nothing ahead', async () => {
  let asked = 0;
  const counting: AheadRunner = {
    run: (b) => ((asked += b.calls.length), Promise.resolve(b.calls.map(() => null))),
    close: () => Promise.resolve(),
  };
  const want = inOrder(COUNTED);
  assert.ok(want.some((a) => a[1] === 'ask'));
  assert.deepEqual(await ahead(COUNTED, () => counting), want);
  assert.equal(asked, 0);
});

test('workers that give no answer, or cannot start, leave every call to the main thread: same decisions', async () => {
  const want = inOrder(TAINTS);
  const silent: AheadRunner = {
    run: (b) => Promise.resolve(b.calls.map(() => null)),
    close: () => Promise.resolve(),
  };
  assert.deepEqual(await ahead(TAINTS, () => silent), want);
  const broken = () =>
    new AheadPool(
      { files: [{} as ParsedPolicyFile], defaultAction: 'allow', defaultActionSet: true, home: homedir() },
      2,
    );
  assert.deepEqual(await ahead(TAINTS, broken), want);
});

const ONE_LABEL = `
version: "1"
default_action: allow
policies:
  - name: secret-reads
    match: { tool: [exec] }
    rules:
      - { action: allow, taint: { label: secret, for: 1h }, when: { command_matches: ["cat secret*"] } }
  - name: egress
    match: { tool: [exec] }
    rules:
      - { action: deny, when: { command_matches: ["curl *"], session_tainted: [secret] } }
      - { action: ask, when: { command_matches: ["scp *"] } }
`;

test('answers worked out ahead cover both label sets, even once dropped from memory: the replay thread decides nothing itself', async () => {
  const want = inOrder(ONE_LABEL);
  assert.ok(want.some((a) => a[1] === 'deny') && want.some((a) => a[1] === 'allow' && a[2] === undefined));
  const clock = new ManualClock(0);
  const e = engine(ONE_LABEL, clock);
  let here = 0;
  const evaluate = e.evaluate.bind(e);
  e.evaluate = (c, o) => (here++, evaluate(c, o));
  // Another engine answers ahead in this thread, as a worker would.
  const aheadClock = new ManualClock(0);
  const other = engine(ONE_LABEL, aheadClock);
  const runner: AheadRunner = {
    run: (b) => Promise.resolve(b.calls.map((c) => answerAhead(other, aheadClock, c.call, c.now, b.labels))),
    close: () => Promise.resolve(),
  };
  const out: Answer[] = [];
  // Room for 4 answers only: most calls' answers are dropped between being read and their turn.
  const pipe = new AheadPipeline(
    new Redecider(e, clock, 4),
    (rc, x) => out.push([rc.id, x.action, x.policy, x.rule, x.message]),
    () => runner,
    7,
  );
  const log = calls();
  for (const rc of log.slice(0, log.length - (log.length % 7))) await pipe.push(rc);
  await pipe.finish();
  assert.deepEqual(out, want.slice(0, out.length));
  assert.equal(out.length, log.length - (log.length % 7));
  assert.equal(here, 0, 'no call was decided on the replay thread');
});
