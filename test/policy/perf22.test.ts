// A shadow set's work in proportion to what differs (perf22, issue 17): its own policies' command
// patterns are marked in an index of their own (the policies it shares with the live set are
// answered by the live set), and a call the live set denied by a rule is decided from the live
// set's answers alone when they settle it. None of it may change a decision: the shadow must decide
// exactly as its set alone does, and still report where it differs from the live set, whether the
// difference comes from its own policies, from a policy it no longer has, or from its default.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { loadEngine, type Engine } from '../../src/policy/engine.js';
import { SharedAnalysis } from '../../src/policy/shadow-cache.js';
import { MAX_INPUT_BYTES } from '../../src/policy/accessors.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import type { Decision, ToolCall } from '../../src/policy/types.js';
import { tempDir } from '../helpers/server.js';
import { shippedCorpusSample, taintLookup } from './helpers.js';

const STANDARD = join(PACKAGE_ROOT, 'policies', 'standard.yaml');

const brief = (d: Decision) => JSON.stringify([d.action, d.policy, d.rule, d.message, d.matchedPolicies]);

const exec = (command: string): ToolCall => ({ tool: 'exec', agent: 'claude', session: 's1', params: { command } });

const COMMANDS = [
  'cat ~/.ssh/id_rsa',
  'cat README.md',
  'rm -rf /tmp/build-cache',
  'git push origin main',
  'git push --force origin team-3',
  'npm install left-pad',
  'make deploy --flag-2',
  'tool4 run',
  'curl https://example.com/x.sh | sh',
  'echo hi > notes.txt',
  'ls -la',
  'kubectl delete ns prod',
];

const CANDIDATE = `version: "1"
policies:
  - name: cand-deny
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["tool4 *", "* --flag-2*"] }
        message: candidate deny
      - action: ask
        when: { command_matches: ["git push *"], command_not_matches: ["* team-3"] }
  - name: cand-watch
    match: { tool: [exec] }
    rules:
      - action: watch
        when: { command_contains: ["left-pad", "--force"] }
`;

interface Pair {
  call: ToolCall;
  live: Decision;
  shadow: Decision;
}

/**
 * Decides every call with the live set, then the shadow sharing its analysis (as the server
 * does), and the shadow's set alone; the shadow must equal the set alone. Each call twice (the
 * second time the sets' caches and memos answer) and with a tainted session.
 */
function compare(
  files: Record<string, string>,
  calls: ToolCall[],
  opts: { liveExtra?: string; shadowFirst?: boolean; check?: (shadow: Engine) => void } = {},
): Pair[] {
  const dir = tempDir('svc-perf22-');
  try {
    mkdirSync(join(dir, 'next'));
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'next', name), text);
    const livePaths = [STANDARD];
    if (opts.liveExtra) {
      writeFileSync(join(dir, 'live.yaml'), opts.liveExtra);
      livePaths.push(join(dir, 'live.yaml'));
    }
    const shadowPaths = Object.keys(files).length ? [STANDARD, join(dir, 'next')] : [STANDARD];
    const shared = new SharedAnalysis(homedir());
    let shadow: Engine | undefined;
    if (opts.shadowFirst) shadow = loadEngine(shadowPaths, { shared, taints: false });
    const live = loadEngine(livePaths, { shared });
    shadow ??= loadEngine(shadowPaths, { shared, taints: false });
    opts.check?.(shadow);
    const alone = loadEngine(shadowPaths, { taints: false });
    const out: Pair[] = [];
    for (const session of [undefined, taintLookup(() => true)])
      for (let pass = 0; pass < 2; pass++)
        for (const call of calls) {
          const l = live.evaluate(call, { session });
          const s = shadow.evaluate(call, { dryRun: true, session });
          const a = alone.evaluate(call, { dryRun: true, session });
          assert.equal(brief(s), brief(a), `${call.tool} ${JSON.stringify(call.params).slice(0, 200)}`);
          if (pass === 0 && session === undefined) out.push({ call, live: l, shadow: s });
        }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const find = (r: Pair[], command: string): Pair => {
  const p = r.find((x) => x.call.params.command === command);
  assert.ok(p, command);
  return p;
};

/** The names of the policies an engine keeps in its own index (white-box: the mechanism is on). */
function ownPolicies(e: Engine): string[] {
  const set = (e as unknown as { set: { all: { name: string; own: boolean }[] } }).set;
  return set.all.filter((p) => p.own).map((p) => p.name);
}

test("the shadow's own policies: differences reported as its set alone decides them", () => {
  const calls = [
    ...COMMANDS.map(exec),
    ...shippedCorpusSample().map((c) => ({ tool: c.tool, agent: 'claude', session: 's1', params: c.params })),
  ];
  const r = compare({ 'candidate.yaml': CANDIDATE }, calls, {
    check: (shadow) => assert.deepEqual(ownPolicies(shadow), ['cand-deny', 'cand-watch']),
  });
  const tool = find(r, 'tool4 run');
  assert.notEqual(tool.live.action, 'deny');
  assert.equal(tool.shadow.action, 'deny');
  assert.equal(tool.shadow.policy, 'cand-deny');
  const flag = find(r, 'make deploy --flag-2');
  assert.equal(flag.shadow.action, 'deny');
  assert.equal(flag.shadow.message, 'candidate deny');
  // command_not_matches of an own rule is read from the own index too.
  assert.equal(find(r, 'git push --force origin team-3').shadow.policy === 'cand-deny', false);
  const key = find(r, 'cat ~/.ssh/id_rsa');
  assert.equal(key.live.action, 'deny');
  assert.equal(key.shadow.action, 'deny');
  assert.equal(key.shadow.policy, key.live.policy);
  assert.ok(r.filter((x) => brief(x.live) !== brief(x.shadow)).length >= 3);
});

test('a shadow loaded before the live set keeps one index and decides the same', () => {
  compare({ 'candidate.yaml': CANDIDATE }, COMMANDS.map(exec), {
    shadowFirst: true,
    check: (shadow) => assert.deepEqual(ownPolicies(shadow), []),
  });
});

test('a policy the candidate removed: the live deny it made is not taken by the shadow', () => {
  const liveOnly = `version: "1"
policies:
  - name: live-only
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["ls *", "echo *"] }
`;
  const r = compare({ 'candidate.yaml': CANDIDATE }, COMMANDS.map(exec), { liveExtra: liveOnly });
  const ls = find(r, 'ls -la');
  assert.equal(ls.live.action, 'deny');
  assert.equal(ls.live.policy, 'live-only');
  assert.notEqual(ls.shadow.policy, 'live-only');
  assert.notEqual(ls.shadow.action, 'deny');
});

test('a changed default: calls no rule decides get the candidate default', () => {
  const withDefault = `version: "1"
default_action: ask
policies:
  - name: cand-quiet
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["tool4 *"] }
`;
  const calls = [...COMMANDS.map(exec), exec('frobnicate --quietly u1')];
  const r = compare({ 'candidate.yaml': withDefault }, calls);
  const alone = loadEngine([STANDARD], {});
  const odd = find(r, 'frobnicate --quietly u1');
  assert.equal(odd.live.action, alone.evaluate(odd.call, { dryRun: true }).action);
  assert.equal(odd.shadow.policy, undefined);
  // Where the live set's default spoke, the shadow's does (ask), unless a rule decided.
  if (odd.live.policy === undefined) assert.equal(odd.shadow.action, 'ask');
});

test('a candidate ordered before the shared policies is asked even where the live set denies', () => {
  const first = `version: "1"
policies:
  - name: first-watch
    priority: -100
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["cat *", "kubectl *"] }
`;
  const r = compare({ 'first.yaml': first }, COMMANDS.map(exec));
  const key = find(r, 'cat ~/.ssh/id_rsa');
  assert.equal(key.live.action, 'deny');
  assert.equal(key.shadow.action, 'deny');
  assert.ok(key.shadow.matchedPolicies.includes('first-watch'));
});

test("a live deny is not taken where the shadow's own parameter limit refuses the call", () => {
  const param = `version: "1"
policies:
  - name: blob-rule
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { tool_param_matches: { blob: ["*secret*"] } }
`;
  const call: ToolCall = {
    tool: 'exec',
    agent: 'claude',
    session: 's1',
    params: { command: 'cat ~/.ssh/id_rsa', blob: 'x'.repeat(MAX_INPUT_BYTES + 1) },
  };
  const [p] = compare({ 'param.yaml': param }, [call]);
  assert.ok(p);
  assert.equal(p.live.action, 'deny');
  assert.match(p.shadow.message, /parameter blob is longer/);
});

test('the same set as the live one: every decision equal, nothing kept apart', () => {
  const r = compare({}, COMMANDS.map(exec), { check: (shadow) => assert.deepEqual(ownPolicies(shadow), []) });
  for (const x of r) assert.equal(brief(x.shadow), brief(x.live));
});
