// A shadow set takes more of the live set's work for the same call (perf21, issue 17): policy
// answers are looked up before its own gates (so a shadow reaching the live set's deny marks no
// command), the live set records the policies its gates closed, and the decisions of the calls a
// command amounts to that go no further (a read, a delete) are taken whole where both scopes for
// them are alike. None of it may change a decision: the shadow must decide exactly as the same set
// deciding alone, and still report where it differs from the live set, including where the
// difference lies in a derived call or in a policy placed before the shared ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { loadEngine, type LoadEngineOptions } from '../../src/policy/engine.js';
import { SharedAnalysis } from '../../src/policy/shadow-cache.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import type { Decision, ToolCall } from '../../src/policy/types.js';
import { tempDir } from '../helpers/server.js';
import { shippedCorpusSample, taintLookup } from './helpers.js';

const STANDARD = join(PACKAGE_ROOT, 'policies', 'standard.yaml');

const brief = (d: Decision) => JSON.stringify([d.action, d.policy, d.rule, d.message, d.matchedPolicies]);

/** Decides every call with the live set, then the shadow (sharing), and the shadow's set alone. */
function compare(
  candidate: string,
  calls: ToolCall[],
  liveOpts: LoadEngineOptions = {},
): { live: Decision; shadow: Decision }[] {
  const dir = tempDir('svc-perf21-');
  try {
    mkdirSync(join(dir, 'next'));
    writeFileSync(join(dir, 'next', 'candidate.yaml'), candidate);
    const shared = new SharedAnalysis(homedir());
    const live = loadEngine([STANDARD], { ...liveOpts, shared });
    const shadow = loadEngine([STANDARD, join(dir, 'next')], { shared, taints: false });
    const alone = loadEngine([STANDARD, join(dir, 'next')], { taints: false });
    const out: { live: Decision; shadow: Decision }[] = [];
    for (const session of [undefined, taintLookup(() => true)]) {
      for (const call of calls) {
        const l = live.evaluate(call, { session });
        const s = shadow.evaluate(call, { dryRun: true, session });
        const a = alone.evaluate(call, { dryRun: true, session });
        assert.equal(brief(s), brief(a), `${call.tool} ${JSON.stringify(call.params)}`);
        assert.equal(s.taints, undefined, 'a set deciding without taints carries none, even taken from the live set');
        out.push({ live: l, shadow: s });
      }
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const exec = (command: string): ToolCall => ({ tool: 'exec', agent: 'claude', session: 's1', params: { command } });

/** Commands whose effects are reads, deletes and writes the standard profile decides. */
const DERIVED = [
  'cat ~/.ssh/id_rsa',
  'cat README.md',
  'rm -rf /tmp/build-cache',
  'cat /etc/passwd | head -3',
  'head -c 100 ~/.aws/credentials',
  'tar czf /tmp/x.tgz ~/.ssh',
  'echo hi > notes.txt',
  'git status',
  'ls -la',
];

test('a candidate for exec only: the shadow decides the corpus as its set alone does', () => {
  const candidate = `version: "1"
policies:
  - name: no-make
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["make *", "* --flag-x*"] }
`;
  const calls = [
    ...DERIVED.map(exec),
    ...shippedCorpusSample().map((c) => ({ tool: c.tool, agent: 'claude', session: 's1', params: c.params })),
    exec('make deploy'),
  ];
  const r = compare(candidate, calls);
  const last = r[calls.length - 1];
  assert.ok(last);
  assert.equal(last.shadow.action, 'deny');
  assert.equal(last.shadow.policy, 'no-make');
  assert.notEqual(last.live.action, 'deny');
});

test('a candidate for reads: a derived read the live set allows is still decided by the shadow', () => {
  // The read `cat README.md` amounts to is in the candidate's scope: its live decision is not the shadow's.
  const candidate = `version: "1"
policies:
  - name: no-readme
    match: { tool: [read] }
    rules:
      - action: deny
        when: { path_matches: ["**/README.md"] }
`;
  const r = compare(candidate, DERIVED.map(exec));
  const readme = r[1];
  assert.ok(readme);
  assert.notEqual(readme.live.action, 'deny');
  assert.equal(readme.shadow.action, 'deny');
  assert.match(readme.shadow.message, /no-readme|denied/);
});

test('a candidate placed before the shared policies is matched even where the live set denies', () => {
  const candidate = `version: "1"
policies:
  - name: first-asks
    priority: -100
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["cat *"] }
`;
  const r = compare(candidate, DERIVED.map(exec));
  const key = r[0];
  assert.ok(key);
  assert.equal(key.live.action, 'deny');
  // deny still wins, but the shadow's matched policies name the candidate: it was matched.
  assert.equal(key.shadow.action, 'deny');
  assert.ok(key.shadow.matchedPolicies.includes('first-asks'));
});

test('a live set reading paths differently (no symlink resolution) shares no derived decision', () => {
  const candidate = `version: "1"
policies:
  - name: no-make
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["make *"] }
`;
  compare(candidate, DERIVED.map(exec), { resolveSymlinks: false });
});

test('a candidate naming a tool parameter: derived calls are decided with its limits', () => {
  const candidate = `version: "1"
policies:
  - name: big-content
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { tool_param_matches: { content: ["*secret*"] } }
`;
  compare(candidate, DERIVED.map(exec));
});
