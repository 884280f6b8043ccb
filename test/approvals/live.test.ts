// With the real policy engine: a persisted approval and a learned rule load as durable allows,
// so the same command passes without asking; deleting the rule makes it ask again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, ASK_DEPLOY_POLICY as POLICY } from '../helpers/server.js';

test('persist and learn write rules the engine loads: the exact command is allowed, a variant still asks', async () => {
  const s = await startTestServer({ policy: POLICY });
  try {
    const call = (command: string) => s.req('POST', '/v1/tool/exec', { agent: 'a', session: 's', params: { command } });
    const asked = await call('deploy prod *');
    assert.equal(asked.status, 202);
    const r = await s.req('POST', `/v1/approvals/${asked.body.approval_id}/resolve`, { approved: true, persist: true });
    assert.equal(r.body.persisted, true);
    assert.equal((await call('deploy prod *')).status, 200, 'the exact command is now allowed');
    assert.equal((await call('deploy prod everything')).status, 202, 'the escaped * matches only itself');

    const learned = await s.req('POST', '/v1/rules/learn', { tool: 'exec', args: 'deploy staging', decision: 'allow' });
    assert.equal(learned.status, 201);
    assert.equal((await call('deploy staging')).status, 200);
    const del = await s.req('DELETE', `/v1/rules/auto-allowed/${learned.body.rule_name}`);
    assert.equal(del.status, 200);
    assert.equal((await call('deploy staging')).status, 202, 'asks again once the rule is gone');
    const list = await s.req('GET', '/v1/rules/auto-allowed');
    assert.equal(list.body.rules.length, 1);
    assert.ok(list.body.rules[0].created);
  } finally {
    await s.stop();
  }
});
