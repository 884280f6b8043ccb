// Authentication (docs/api.md): every endpoint with no, bad, eval-only and admin credentials.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, BASIC_POLICY, type TestServer } from '../helpers/server.js';
import { TokenStore } from '../../src/auth/tokens.js';

let srv: TestServer;
let evalToken: string;
let adminAgentToken: string;
let revokedToken: string;

before(async () => {
  srv = await startTestServer({ policy: BASIC_POLICY, args: ['--metrics'] });
  const store = new TokenStore(srv.dataDir);
  evalToken = store.create('agent-a', ['eval']).token;
  adminAgentToken = store.create('ops', ['admin']).token;
  const r = store.create('agent-b', ['eval']);
  revokedToken = r.token;
  store.revoke(r.record.id);
  // The server re-reads tokens.json at most every 250 ms: wait until it answers for both.
  await untilStatus(() => srv.req('POST', '/v1/tool/exec', toolBody, evalToken), 200);
  await untilStatus(() => srv.req('POST', '/v1/tool/exec', toolBody, revokedToken), 401);
});

/** Asks again until the server gives `status` (the token store re-reads its file on a timer). */
async function untilStatus(ask: () => Promise<{ status: number }>, status: number): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if ((await ask()).status === status) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  assert.fail(`never got ${status}`);
}
after(() => srv.stop());

const toolBody = { agent: 'a', session: 's', params: { command: 'ls' } };

// [method, path, body, auth class]
const ENDPOINTS: Array<[string, string, unknown, 'eval' | 'admin']> = [
  ['POST', '/v1/tool/exec', toolBody, 'eval'],
  ['POST', '/v1/preflight/exec', toolBody, 'eval'],
  ['POST', '/v1/approvals', { action_version: 1, tool: 'exec', agent: 'a', params: { command: 'ls' } }, 'admin'],
  ['GET', '/v1/approvals', undefined, 'admin'],
  ['GET', '/v1/approvals/NOPE', undefined, 'admin'],
  ['POST', '/v1/approvals/NOPE/resolve', { approved: true }, 'admin'],
  [
    'POST',
    '/v1/approvals/bulk-resolve',
    { agent: 'a', session: 's', run_id: 'r', action: 'approve', scope: 'pending', ids: ['x'] },
    'admin',
  ],
  ['GET', '/v1/rules/auto-allowed', undefined, 'admin'],
  ['POST', '/v1/rules/learn', { tool: 'exec', args: 'ls -la', decision: 'allow' }, 'admin'],
  ['DELETE', '/v1/rules/auto-allowed/nope', undefined, 'admin'],
  ['GET', '/v1/audit/events', undefined, 'admin'],
  ['GET', '/v1/audit/dates', undefined, 'admin'],
  ['GET', '/v1/audit/export?date=2026-01-01', undefined, 'admin'],
  ['GET', '/v1/audit/stats', undefined, 'admin'],
  ['GET', '/v1/status', undefined, 'admin'],
  ['GET', '/v1/policy/summary', undefined, 'admin'],
  ['POST', '/v1/policy/reload', undefined, 'admin'],
  ['POST', '/v1/test', { command: 'ls' }, 'admin'],
  ['GET', '/metrics', undefined, 'admin'],
];

for (const [method, path, body, scope] of ENDPOINTS) {
  test(`${method} ${path}: no credential -> 401`, async () => {
    const r = await srv.req(method, path, body, null);
    assert.equal(r.status, 401);
    assert.equal(typeof r.body.error, 'string');
    assert.equal(r.body.code, 'unauthorized');
  });
  test(`${method} ${path}: bad credential -> 401`, async () => {
    assert.equal((await srv.req(method, path, body, 'nope-not-a-token')).status, 401);
    assert.equal((await srv.req(method, path, body, 'svc_' + '0'.repeat(48))).status, 401);
    assert.equal((await srv.req(method, path, body, revokedToken)).status, 401);
  });
  test(`${method} ${path}: eval-only credential -> ${scope === 'eval' ? 'accepted' : '403'}`, async () => {
    const r = await srv.req(method, path, body, evalToken);
    if (scope === 'eval') assert.ok(r.status !== 401 && r.status !== 403, `got ${r.status}`);
    else {
      assert.equal(r.status, 403);
      assert.equal(r.body.code, 'forbidden');
    }
  });
  test(`${method} ${path}: admin credential -> accepted`, async () => {
    const r = await srv.req(method, path, body);
    assert.ok(r.status !== 401 && r.status !== 403, `got ${r.status}: ${JSON.stringify(r.body)}`);
    const r2 = await srv.req(method, path, body, adminAgentToken);
    if (scope === 'admin')
      assert.ok(r2.status !== 401 && r2.status !== 403, `admin-scoped agent token got ${r2.status}`);
    // a per-agent token without eval scope is refused on the eval endpoints.
    else assert.equal(r2.status, 403, 'a per-agent token needs eval scope to evaluate');
  });
}

test('GET /v1/events/stream accepts ?token= and rejects bad tokens', async () => {
  const ok = await fetch(`${srv.url}/v1/events/stream?token=${srv.token}`);
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
  assert.equal((await fetch(`${srv.url}/v1/events/stream?token=bad`)).status, 401);
  assert.equal((await fetch(`${srv.url}/v1/events/stream`)).status, 401);
  const ev = await fetch(`${srv.url}/v1/events/stream?token=${evalToken}`);
  assert.equal(ev.status, 403);
});

test('a query token is not accepted on other endpoints', async () => {
  const r = await fetch(`${srv.url}/v1/status?token=${srv.token}`);
  assert.equal(r.status, 401);
});

test('healthz and the dashboard need no credential', async () => {
  assert.equal((await srv.req('GET', '/healthz', undefined, null)).status, 200);
  const d = await fetch(`${srv.url}/dashboard`, { redirect: 'manual' });
  assert.equal(d.status, 301);
  assert.equal(d.headers.get('location'), '/dashboard/');
  assert.equal((await fetch(`${srv.url}/dashboard/`)).status, 200);
});

test('Authorization without the Bearer scheme is 401', async () => {
  const r = await fetch(`${srv.url}/v1/status`, { headers: { authorization: `Token ${srv.token}` } });
  assert.equal(r.status, 401);
});

test('a per-agent token overrides the agent in the request', async () => {
  const r = await srv.req(
    'POST',
    '/v1/tool/exec',
    { agent: 'someone-else', session: 's', params: { command: 'ls' } },
    evalToken,
  );
  assert.equal(r.status, 200);
  const ev = await srv.req('GET', '/v1/audit/events?limit=500');
  const mine = ev.body.events.filter((e: any) => e.agent === 'agent-a');
  assert.ok(mine.length >= 1, 'audit shows the token agent');
  assert.ok(!ev.body.events.some((e: any) => e.agent === 'someone-else'));
});

test('a token created while the server runs is accepted within 1 s', async () => {
  const t = new TokenStore(srv.dataDir).create('late', ['eval']).token;
  await untilStatus(() => srv.req('POST', '/v1/tool/exec', toolBody, t), 200);
});
