// The live views inside the whole server: real decisions, approvals and audit events reach the
// SSE stream and the metrics, and shutting down never waits for an open stream.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer } from '../helpers/server.js';
import { openStream } from './harness.js';

const POLICY = `
version: "1"
default_action: allow
policies:
  - name: ask-me
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["ask-me *"] }
        message: needs a human
  - name: no-rm
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["rm -rf *"] }
        message: no
`;

const call = (command: string, extra: Record<string, unknown> = {}) => ({
  agent: 'ag',
  session: 'se',
  params: { command },
  ...extra,
});

test('decisions, resolutions and bulk resolutions are announced on the stream', async () => {
  const srv = await startTestServer({ policy: POLICY });
  try {
    const s = await openStream(srv.url, { query: `token=${srv.token}` });
    await s.until((x) => x.messages.length >= 1);

    const allowed = await srv.req('POST', '/v1/tool/exec', call('ls --token=supersecretvalue'));
    assert.equal(allowed.status, 200);
    await s.until((x) => x.messages.some((m) => m.type === 'audit' && m.event.id === allowed.body.audit_id));
    const ev = s.messages.find((m) => m.type === 'audit').event;
    assert.equal(ev.decision.action, 'allow');
    assert.doesNotMatch(JSON.stringify(ev), /supersecretvalue/);

    const asked = await srv.req('POST', '/v1/tool/exec', call('ask-me one'));
    assert.equal(asked.status, 202);
    await s.until((x) => x.messages.some((m) => m.type === 'approvals'));
    const count = s.messages.length;
    const r = await srv.req('POST', `/v1/approvals/${asked.body.approval_id}/resolve`, { approved: true });
    assert.equal(r.status, 200);
    await s.until((x) => x.messages.slice(count).some((m) => m.type === 'approvals'));

    const ids = [];
    for (const c of ['ask-me a', 'ask-me b'])
      ids.push((await srv.req('POST', '/v1/tool/exec', call(c, { run_id: 'run-9' }))).body.approval_id);
    const bulk = await srv.req('POST', '/v1/approvals/bulk-resolve', {
      agent: 'ag',
      session: 'se',
      run_id: 'run-9',
      action: 'deny',
      scope: 'pending',
      ids,
    });
    assert.equal(bulk.status, 200, JSON.stringify(bulk.body));
    await s.until((x) => x.messages.some((m) => m.type === 'audit_batch'));
    assert.deepEqual(
      s.messages.find((m) => m.type === 'audit_batch'),
      { type: 'audit_batch', run_id: 'run-9' },
    );

    // Shutdown ends the stream instead of waiting for the client to leave.
    const t = performance.now();
    await srv.stop();
    assert.ok(performance.now() - t < 3000);
    await s.until((x) => x.ended);
  } catch (err) {
    await srv.stop().catch(() => {});
    throw err;
  }
});

test('--metrics counts real decisions and reads the live queue; without it /metrics is a 404', async () => {
  const on = await startTestServer({ policy: POLICY, args: ['--metrics'] });
  const off = await startTestServer({ policy: POLICY });
  try {
    assert.equal((await on.req('POST', '/v1/tool/exec', call('ls'))).status, 200);
    assert.equal((await on.req('POST', '/v1/tool/exec', call('rm -rf /tmp/x'))).status, 403);
    assert.equal((await on.req('POST', '/v1/tool/exec', call('ask-me now'))).status, 202);
    const res = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${on.token}` } });
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.match(text, /^service_decisions_total\{action="allow",policy="none"\} 1$/m);
    assert.match(text, /^service_decisions_total\{action="deny",policy="no-rm"\} 1$/m);
    assert.match(text, /^service_decisions_total\{action="ask",policy="ask-me"\} 1$/m);
    assert.match(text, /^service_eval_duration_seconds_count 3$/m);
    assert.match(text, /^service_pending_approvals 1$/m);
    assert.match(text, /^service_policy_count 2$/m);
    assert.match(text, /^service_uptime_seconds \d/m);
    assert.match(text, /^process_cpu_user_seconds_total /m);

    const disabled = await off.req('GET', '/metrics');
    assert.equal(disabled.status, 404);
    assert.equal(typeof disabled.body.error, 'string');
    assert.equal(typeof disabled.body.code, 'string');
  } finally {
    await on.stop();
    await off.stop();
  }
});
