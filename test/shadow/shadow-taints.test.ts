// The shadow set's engine works out no taints (LoadEngineOptions.taints false): its answers are
// only compared with the live ones, never recorded into a session. Dropping them must not change
// a single action, deciding rule or message, on every corpus call, with and without a tainted
// session; and the server's shadow source loads its engines that way.
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
import { openShadowSource } from '../../server/shadow-source.js';
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
  - name: no-egress-after-secret
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["curl *"], session_tainted: secret }
        message: this session read a secret
`;

const answer = (d: Decision) => JSON.stringify([d.action, d.policy, d.rule, d.message, d.matchedPolicies]);

test('a shadow engine without taints decides every corpus call as the same set with them', () => {
  const dir = tempDir('svc-shadow-taints-');
  try {
    mkdirSync(join(dir, 'next'));
    writeFileSync(join(dir, 'next', 'team.yaml'), CANDIDATE);
    const clock = new ManualClock(Date.parse('2026-11-20T10:00:00Z'));
    const shared = new SharedAnalysis(homedir());
    const live = loadEngine([STANDARD], { shared, clock });
    const shadow = loadEngine([STANDARD, join(dir, 'next')], { shared, clock, taints: false });
    const full = loadEngine([STANDARD, join(dir, 'next')], { clock });
    const tainted = taintLookup(() => true, clock.now());
    const cases = shippedCorpusSample();
    assert.ok(cases.length > 200);
    let withTaints = 0;
    for (const session of [undefined, tainted]) {
      for (const c of cases) {
        const call: ToolCall = { tool: c.tool, agent: 'claude', session: 's1', params: c.params };
        live.evaluate(call, { session });
        const s = shadow.evaluate(call, { dryRun: true, session });
        const f = full.evaluate(call, { dryRun: true, session });
        assert.equal(answer(s), answer(f), `${c.tool} ${JSON.stringify(c.params)}`);
        assert.equal(s.taints, undefined, 'the shadow works out no taints');
        if (f.taints?.length) withTaints++;
      }
    }
    assert.ok(withTaints > 10, 'the same set with taints puts them on some of these calls');
    // The live engine still puts them on: `cat ~/.ssh/id_rsa` reads a key.
    const read = live.evaluate({
      tool: 'exec',
      agent: 'claude',
      session: 's2',
      params: { command: 'cat ~/.ssh/id_rsa' },
    });
    assert.ok(read.taints?.length, 'the live set taints a session that reads a key');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the server's shadow source loads its engine without taints", async () => {
  const dir = tempDir('svc-shadow-taints-');
  writeFileSync(join(dir, 'team.yaml'), CANDIDATE);
  const source = openShadowSource(dir, () => ({ spec: dir, display: dir, paths: [STANDARD, dir], layers: [] }), {
    clock: new ManualClock(Date.parse('2026-11-20T10:00:00Z')),
    log: () => {},
  });
  try {
    const call: ToolCall = { tool: 'exec', agent: 'claude', session: 's1', params: { command: 'cat ~/.ssh/id_rsa' } };
    const d = source.decide(call);
    assert.ok(d, 'the shadow set decides');
    assert.equal(d.taints, undefined);
    const full = loadEngine([STANDARD, dir]).evaluate(call, { dryRun: true });
    assert.ok(full.taints?.length, 'the same set would put taints on the call');
    assert.equal(answer(d), answer(full));
  } finally {
    await source.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
