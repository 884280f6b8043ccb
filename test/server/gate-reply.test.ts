// The gate's result as each caller hears it: /v1/tool status and body, /v1/preflight body, the
// preload socket's line. Monitor mode reads the same on all three.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockingReply, preflightReply, toolReply, RESPONSE_REDACTION_MARKER } from '../../server/gate-reply.js';
import type { GateResult } from '../../src/gate/gate.js';
import type { Decision } from '../../src/policy/types.js';

const decision = (action: Decision['action'], message = 'destructive command blocked'): Decision => ({
  action,
  message,
  policy: 'p',
  matchedPolicies: ['p'],
  evalDurationUs: 7,
});
const result = (d: Decision, over: Partial<GateResult> = {}): GateResult => ({
  decision: d,
  enforced: true,
  records: [],
  events: [],
  cacheable: false,
  ...over,
});

test('enforcing: a deny is 403 on /v1/tool, 200 on preflight, a deny line on the socket', () => {
  const r = result(decision('deny'));
  assert.equal(toolReply(r, 'enforce').status, 403);
  assert.equal(toolReply(r, 'enforce').body.decision, 'deny');
  assert.equal(preflightReply(r, 'enforce', true).decision, 'deny');
  assert.deepEqual(blockingReply(r, 'enforce'), {
    decision: 'deny',
    allowed: false,
    message: 'destructive command blocked',
    cacheable: false,
  });
});

test('monitor mode: every caller hears the same effective allow and the observed answer', () => {
  const r = result(decision('deny'), { enforced: false });
  const tool = toolReply(r, 'monitor');
  const pre = preflightReply(r, 'monitor', true);
  const line = blockingReply(r, 'monitor');
  const expected = 'monitor mode observed deny; action allowed: destructive command blocked';
  assert.equal(tool.status, 200);
  for (const body of [tool.body, pre]) {
    assert.equal(body.allowed, true);
    assert.equal(body.decision, 'allow');
    assert.equal(body.message, expected);
    assert.equal(body.policy_decision, 'deny');
    assert.equal(body.policy_message, 'destructive command blocked');
    assert.equal(body.enforced, false);
  }
  assert.deepEqual(line, { decision: 'allow', allowed: true, message: expected, cacheable: false });
  const watch = result(decision('watch', 'watched'), { enforced: false });
  assert.equal(toolReply(watch, 'monitor').body.message, 'watched', 'an allowed answer is reported as is');
});

test('a withheld response is replaced by the marker; a kept one is echoed', () => {
  const withheld = result(decision('allow', 'ok'), {
    response: { decision: decision('deny', 'key in output'), withheld: true },
  });
  const out = toolReply(withheld, 'enforce', 'secret');
  assert.equal(out.status, 200);
  assert.equal(out.body.allowed, false);
  assert.equal(out.body.response, RESPONSE_REDACTION_MARKER);
  assert.equal(out.body.response_policy_decision, 'deny');
  const kept = result(decision('allow', 'ok'), { response: { decision: decision('allow', ''), withheld: false } });
  assert.equal(toolReply(kept, 'enforce', 'fine').body.response, 'fine');
});
