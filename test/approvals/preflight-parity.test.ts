// /v1/preflight with enforce is the same decision as /v1/tool minus the approval queue: a once
// grant survives a failed audit write, a webhook is asked only when the call is really about to
// run (never for a preview), and the dashboard and metrics hear of every enforced decision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootApp, fakeEngine, toolBody, type TestApp, type BootOptions } from './app.js';
import type { Decision, PolicyEngine, ToolCall } from '../../src/policy/types.js';

async function withApp(fn: (t: TestApp) => Promise<void>, o?: BootOptions) {
  const t = await bootApp(o);
  try {
    await fn(t);
  } finally {
    await t.destroy();
  }
}

/** The fake engine, plus `verify ...` commands that a webhook decides. */
const webhookEngine: PolicyEngine = {
  ...fakeEngine,
  evaluate(call: ToolCall, opts) {
    const cmd = String(call.params.command ?? '');
    if (!cmd.startsWith('verify')) return fakeEngine.evaluate(call, opts);
    const d: Decision = {
      action: 'webhook',
      message: 'a reviewer decides',
      policy: 'verify-hook',
      matchedPolicies: ['verify-hook'],
      evalDurationUs: 2,
      webhook: { url: 'http://127.0.0.1:9/verify', timeoutMs: 1000, failOpen: false },
    };
    return d;
  },
};

test('preflight enforce: a once grant consumed by a call whose audit write fails (503) is there for the retry', () =>
  withApp(async (t) => {
    const ask = await t.req('POST', '/v1/tool/exec', toolBody({ tool_call_id: 'tc-once' }));
    assert.equal(ask.status, 202);
    const body = toolBody({ tool_call_id: 'tc-once' });
    assert.equal(
      (await t.req('POST', `/v1/approvals/${ask.body.approval_id}/resolve`, { approved: true })).status,
      200,
    );
    t.audit.failOn.add(t.audit.attempts + 1);
    const failed = await t.req('POST', '/v1/preflight/exec', { ...body, enforce: true });
    assert.equal(failed.status, 503, JSON.stringify(failed.body));
    assert.equal(failed.body.code, 'audit_unavailable');
    const retry = await t.req('POST', '/v1/preflight/exec', { ...body, enforce: true });
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    assert.equal(retry.body.decision, 'allow', 'the grant came back after the 503');
    assert.equal(retry.body.approval_scope, 'once');
    assert.equal(retry.body.approval_id, ask.body.approval_id);
    const third = await t.req('POST', '/v1/preflight/exec', { ...body, enforce: true });
    assert.equal(third.body.decision, 'ask', 'used once, then it asks again');
  }));

test('preflight: a preview never calls the webhook; enforce does, and answers with its verdict', async () => {
  const calls: string[] = [];
  await withApp(
    async (t) => {
      const body = toolBody({ params: { command: 'verify the release' } });
      const preview = await t.req('POST', '/v1/preflight/exec', body);
      assert.equal(preview.status, 200, JSON.stringify(preview.body));
      assert.deepEqual(calls, [], 'a preview has no side effects, a webhook call included');
      assert.equal(preview.body.allowed, false);
      assert.equal(preview.body.enforced, false);
      const enforced = await t.req('POST', '/v1/preflight/exec', { ...body, enforce: true });
      assert.deepEqual(calls, ['verify the release']);
      assert.equal(enforced.body.decision, 'allow');
      assert.equal(enforced.body.message, 'reviewer agreed');
      assert.equal(enforced.body.allowed, true);
    },
    {
      engine: webhookEngine,
      callWebhook: async (_cfg, payload) => {
        calls.push(String((payload.params as Record<string, unknown>).command));
        return { action: 'allow', message: 'reviewer agreed' };
      },
    },
  );
});

test('preflight enforce emits a dashboard decision event like /v1/tool; a preview emits none', () =>
  withApp(async (t) => {
    const decisions = () => t.busEvents.filter((e) => e.type === 'decision');
    await t.req('POST', '/v1/preflight/exec', toolBody({ params: { command: 'rm -rf /tmp/x' } }));
    assert.equal(decisions().length, 0, 'a preview decides nothing');
    await t.req('POST', '/v1/preflight/exec', toolBody({ params: { command: 'rm -rf /tmp/x' }, enforce: true }));
    assert.deepEqual(decisions(), [
      { type: 'decision', tool: 'exec', action: 'deny', policy: 'block-destructive', evalDurationUs: 3 },
    ]);
    await t.req('POST', '/v1/tool/exec', toolBody({ params: { command: 'rm -rf /tmp/x' } }));
    assert.equal(decisions().length, 2);
    assert.deepEqual(decisions()[1], decisions()[0], 'the same event for the same decision');
  }));
