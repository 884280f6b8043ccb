// The shadow set reuses the rule matches the live set found for the same call, for every policy
// the two sets have in common: its decisions must be exactly those it makes on its own, on
// every corpus call, with and without session state, including policies whose answers depend on
// the engine's own state (counted rules are never shared).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { loadEngine } from '../../src/policy/engine.js';
import { SharedAnalysis } from '../../src/policy/shadow-cache.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { ManualClock } from '../../src/util/clock.js';
import type { Decision, ToolCall } from '../../src/policy/types.js';
import { tempDir } from '../helpers/server.js';
import { shippedCorpusSample, taintLookup } from '../policy/helpers.js';

const STANDARD = join(PACKAGE_ROOT, 'policies', 'standard.yaml');

const CANDIDATE = `
version: "1"
policies:
  - name: no-force-push
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["git push *--force*", "git push -f *"] }
  - name: curl-asks
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["curl *"] }
  - name: third-read-asks
    match: { tool: [read] }
    rules:
      - action: ask
        when: { call_count: { gte: 3, window: 1h } }
`;

const LIVE_USER = `
version: "1"
policies:
  - name: third-read-asks
    match: { tool: [read] }
    rules:
      - action: ask
        when: { call_count: { gte: 3, window: 1h } }
`;

const brief = (d: Decision) => JSON.stringify([d.action, d.policy, d.rule, d.message, d.matchedPolicies, d.taints]);

test('shadow decisions with shared matches equal the shadow set deciding alone, on the corpus calls', () => {
  const dir = tempDir('svc-shared-');
  try {
    mkdirSync(join(dir, 'live'));
    mkdirSync(join(dir, 'next'));
    writeFileSync(join(dir, 'live', 'team.yaml'), LIVE_USER);
    writeFileSync(join(dir, 'next', 'team.yaml'), CANDIDATE);
    const clock = new ManualClock(Date.parse('2026-11-20T10:00:00Z'));
    const shared = new SharedAnalysis(homedir());
    const live = loadEngine([STANDARD, join(dir, 'live')], { shared, clock });
    const shadow = loadEngine([STANDARD, join(dir, 'next')], { shared, clock });
    const alone = loadEngine([STANDARD, join(dir, 'next')], { clock });
    const tainted = taintLookup(() => true, clock.now());
    const cases = shippedCorpusSample();
    assert.ok(cases.length > 200);
    let compared = 0;
    let differ = 0;
    for (const session of [undefined, tainted]) {
      for (const c of cases) {
        const call: ToolCall = { tool: c.tool, agent: 'claude', session: 's1', params: c.params };
        const l = live.evaluate(call, { session });
        // The shadow counts its own calls, as the server's shadow source does.
        shadow.counter.record(call.tool, clock.now());
        alone.counter.record(call.tool, clock.now());
        const s = shadow.evaluate(call, { dryRun: true, session });
        const a = alone.evaluate(call, { dryRun: true, session });
        assert.equal(brief(s), brief(a), `${c.tool} ${JSON.stringify(c.params)}`);
        compared++;
        if (l.action !== s.action) differ++;
      }
    }
    assert.equal(compared, cases.length * 2);
    assert.ok(differ > 0, 'the candidate changes some decisions, and the shadow still sees them');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
