// What leaves for display and other systems: secrets redacted, chain fields intact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactEventForDisplay } from '../../src/audit/display.js';
import { decisionEvent, responseEvent } from '../../src/audit/audit-event-builders.js';
import type { AuditEvent } from '../../src/audit/types.js';

const hash = 'sha256:' + 'ab'.repeat(32);

test('redactEventForDisplay redacts request, message and suggestions, and keeps id and hashes', () => {
  const ev: AuditEvent = {
    id: '01KDY0200R909MNNKAR7C9E06G',
    timestamp: '2026-01-01T00:00:00.000Z',
    schema: 'service.audit.v1',
    agent: 'a',
    session: 's',
    tool: 'exec',
    request: { command: 'curl -H "Authorization: Bearer sk-abcdefghijklmnopqrstuvwxyz0123"', password: 'hunter2' },
    decision: {
      action: 'deny',
      matched_policies: [],
      evaluation_time_us: 1,
      message: 'key AKIAIOSFODNN7EXAMPLE',
      suggestions: ['use ghp_' + 'a'.repeat(36)],
    },
    prev_hash: hash,
    hash,
  };
  const shown = redactEventForDisplay(ev);
  assert.equal(shown.redacted, true);
  assert.equal(shown.hash, hash);
  assert.equal(shown.prev_hash, hash);
  assert.equal(shown.id, ev.id);
  const text = JSON.stringify(shown);
  for (const s of ['sk-abcdefghijklmnopqrstuvwxyz0123', 'hunter2', 'AKIAIOSFODNN7EXAMPLE', 'ghp_aaaa'])
    assert.ok(!text.includes(s), s);
  assert.equal((ev.request as any).password, 'hunter2', 'the original is untouched');
  assert.equal(
    redactEventForDisplay({
      ...ev,
      request: { command: 'ls' },
      decision: { ...ev.decision, message: 'ok', suggestions: [] },
    }).redacted,
    undefined,
  );
});

const call = {
  tool: 'exec',
  agent: 'claude',
  session: 'main',
  runId: 'r1',
  toolCallId: 'tc1',
  params: { command: 'ls', service_phase: 'response' },
  workdir: '/w',
};
const decision = { action: 'allow', message: 'ok', matchedPolicies: ['p'], evalDurationUs: 12.6 };

test('decisionEvent: params as request, run_id, integer time; a param cannot pose as a service key', () => {
  const e = decisionEvent(call, decision, { extra: { enforced: false } });
  assert.equal(e.run_id, 'r1');
  assert.equal(e.request.command, 'ls');
  assert.equal(e.request.workdir, '/w');
  assert.equal(e.request.tool_call_id, 'tc1');
  assert.equal(e.request.enforced, false);
  assert.ok(!('service_phase' in e.request));
  assert.deepEqual(e.request.shadowed_params, { service_phase: 'response' });
  assert.equal(e.decision.evaluation_time_us, 13);
  assert.deepEqual(e.decision.suggestions, []);
  assert.ok(!('run_id' in decisionEvent({ ...call, runId: undefined }, decision)));
});

test('responseEvent: phase, link and byte count, never the response text', () => {
  const e = responseEvent(call, decision, {
    requestAuditId: 'REQ',
    response: 'héllo secret output',
    flags: ['response-evaluated'],
  });
  assert.equal(e.request.service_phase, 'response');
  assert.equal(e.request.request_audit_id, 'REQ');
  assert.equal(e.request.response_bytes, Buffer.byteLength('héllo secret output'));
  assert.ok(!JSON.stringify(e).includes('secret output'));
});
