// /v1/tool (docs/api.md): 503 when the required audit record cannot be made durable; the response phase
// withholds the output in that case; monitor mode stays audit-only and answers anyway.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, BASIC_POLICY } from '../helpers/server.js';
import { AuditUnavailableError } from '../../src/audit/types.js';

const call = (command: string, extra: Record<string, unknown> = {}) => ({
  agent: 'a',
  session: 's',
  params: { command },
  ...extra,
});

/** Makes the next `failFrom`-th and later appends fail like a full disk. */
function breakAudit(audit: any, failFrom = 1) {
  const real = audit.append.bind(audit);
  let n = 0;
  audit.append = (input: unknown) =>
    ++n >= failFrom ? Promise.reject(new AuditUnavailableError('no space left on device')) : real(input);
  return () => (audit.append = real);
}

test('enforce: an undurable decision is a 503, never an unrecorded allow or deny', async () => {
  const srv = await startTestServer({ policy: BASIC_POLICY });
  try {
    const restore = breakAudit(srv.ctx.audit);
    for (const cmd of ['ls', 'rm -rf /', 'deploy prod']) {
      const r = await srv.req('POST', '/v1/tool/exec', call(cmd));
      assert.equal(r.status, 503, cmd);
      assert.equal(r.body.code, 'audit_unavailable');
      assert.equal(typeof r.body.error, 'string');
    }
    assert.equal(
      (await srv.req('GET', '/v1/approvals')).body.approvals.length,
      0,
      'no approval without its audit record',
    );
    restore();
    assert.equal((await srv.req('POST', '/v1/tool/exec', call('ls'))).status, 200, 'recovers once the disk does');
  } finally {
    await srv.stop();
  }
});

test('enforce: the response is withheld when its response-phase event cannot be persisted', async () => {
  const srv = await startTestServer({ policy: BASIC_POLICY });
  try {
    breakAudit(srv.ctx.audit, 2); // the request event lands, the response event does not
    const r = await srv.req('POST', '/v1/tool/exec', call('cat notes', { response: 'the tool output' }));
    assert.equal(r.status, 503);
    assert.ok(!JSON.stringify(r.body).includes('the tool output'));
  } finally {
    await srv.stop();
  }
});

test('monitor: audit failures do not block the answer', async () => {
  const srv = await startTestServer({ policy: BASIC_POLICY, args: ['--mode', 'monitor'] });
  try {
    breakAudit(srv.ctx.audit);
    const r = await srv.req('POST', '/v1/tool/exec', call('rm -rf /'));
    assert.equal(r.status, 200);
    assert.equal(r.body.policy_decision, 'deny');
  } finally {
    await srv.stop();
  }
});
