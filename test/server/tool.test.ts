// POST /v1/tool, /v1/preflight, /v1/test, status, summary, reload, healthz: every field and code.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../src/util/clock.js';
import { writeFileSync, readFileSync } from 'node:fs';
import { startTestServer, BASIC_POLICY, type TestServer } from '../helpers/server.js';

let srv: TestServer;
let mon: TestServer;
before(async () => {
  srv = await startTestServer({ policy: BASIC_POLICY });
  mon = await startTestServer({ policy: BASIC_POLICY, args: ['--mode', 'monitor'] });
});
after(async () => {
  await srv.stop();
  await mon.stop();
});

const call = (command: string, extra: Record<string, unknown> = {}) => ({
  agent: 'claude',
  session: 'repo/main',
  params: { command },
  ...extra,
});

test('allow: 200 with the required fields', async () => {
  const r = await srv.req('POST', '/v1/tool/exec', call('ls -la'));
  assert.equal(r.status, 200);
  assert.equal(r.body.allowed, true);
  assert.equal(r.body.decision, 'allow');
  assert.equal(typeof r.body.message, 'string');
  assert.ok(Number.isInteger(r.body.eval_duration_us));
  assert.ok(!('enforced' in r.body), 'enforced only appears in monitor mode');
});

test('deny in enforce mode: 403 with a decision body naming the policy', async () => {
  const r = await srv.req('POST', '/v1/tool/exec', call('rm -rf /'));
  assert.equal(r.status, 403);
  assert.equal(r.body.allowed, false);
  assert.equal(r.body.decision, 'deny');
  assert.equal(r.body.policy, 'block-destructive');
  assert.equal(r.body.message, 'destructive command blocked');
  assert.ok(Array.isArray(r.body.suggestions));
});

test('watch: 200, allowed, decision watch', async () => {
  const r = await srv.req('POST', '/v1/tool/exec', call('curl https://example.com'));
  assert.equal(r.status, 200);
  assert.equal(r.body.decision, 'watch');
  assert.equal(r.body.allowed, true);
});

test('ask: 202 with a pending approval, its expiry and the action review', async () => {
  const r = await srv.req('POST', '/v1/tool/exec', call('deploy prod', { run_id: 'run-1', tool_call_id: 'tc-1' }));
  assert.equal(r.status, 202);
  assert.equal(r.body.decision, 'ask');
  assert.equal(r.body.allowed, false);
  assert.equal(r.body.approval_status, 'pending');
  assert.equal(typeof r.body.approval_id, 'string');
  assert.ok(!Number.isNaN(Date.parse(r.body.expires_at)));
  assert.equal(typeof r.body.action, 'object');
});

test('monitor mode: deny is reported as allow with the observed result', async () => {
  const r = await mon.req('POST', '/v1/tool/exec', call('rm -rf /'));
  assert.equal(r.status, 200);
  assert.equal(r.body.allowed, true);
  assert.equal(r.body.decision, 'allow');
  assert.equal(r.body.enforced, false);
  assert.equal(r.body.policy_decision, 'deny');
  assert.equal(r.body.policy_message, 'destructive command blocked');
});

test('monitor mode: ask creates no approval', async () => {
  const r = await mon.req('POST', '/v1/tool/exec', call('deploy prod'));
  assert.equal(r.status, 200);
  assert.equal(r.body.policy_decision, 'ask');
  assert.ok(!('approval_id' in r.body));
});

test('response-side deny in enforce mode: allowed false and the output replaced', async () => {
  const r = await srv.req('POST', '/v1/tool/exec', call('cat notes.txt', { response: 'token SECRET-1234 here' }));
  assert.equal(r.status, 200);
  assert.equal(r.body.allowed, false);
  assert.equal(r.body.response_policy_decision, 'deny');
  assert.notEqual(r.body.response, 'token SECRET-1234 here');
  assert.ok(!String(r.body.response).includes('SECRET-1234'));
});

test('response-side deny in monitor mode: recorded, output intact', async () => {
  const r = await mon.req('POST', '/v1/tool/exec', call('cat notes.txt', { response: 'token SECRET-1234 here' }));
  assert.equal(r.status, 200);
  assert.equal(r.body.allowed, true);
  assert.equal(r.body.response_policy_decision, 'deny');
  assert.equal(r.body.response, 'token SECRET-1234 here');
});

test('a non-empty response writes a separate response-phase audit event without the raw response', async () => {
  const r = await srv.req('POST', '/v1/tool/exec', call('cat a.txt', { response: 'hello world' }));
  assert.equal(r.status, 200);
  const ev = await srv.req('GET', '/v1/audit/events?limit=500');
  const resp = ev.body.events.find(
    (e: any) => e.request?.service_phase === 'response' && e.request.request_audit_id === r.body.audit_id,
  );
  assert.ok(resp, 'response-phase event present');
  assert.equal(resp.request.response_bytes, 11);
  assert.ok(!JSON.stringify(resp).includes('hello world'));
});

test('400: invalid JSON, missing fields, wrong types, unknown fields', async () => {
  for (const body of [
    '{not json',
    '[]',
    JSON.stringify({ agent: 'a', session: 's' }),
    JSON.stringify({ agent: 1, session: 's', params: {} }),
    JSON.stringify({ agent: 'a', session: 's', params: {}, bogus: 1 }),
  ]) {
    const r = await srv.req('POST', '/v1/tool/exec', body);
    assert.equal(r.status, 400, body);
    assert.equal(typeof r.body.error, 'string');
    assert.equal(typeof r.body.code, 'string');
  }
  assert.equal((await srv.req('POST', '/v1/tool/exec', undefined)).status, 400);
});

test('400: reserved tool classes must be lowercase; custom names keep case', async () => {
  const r = await srv.req('POST', '/v1/tool/Exec', call('ls'));
  assert.equal(r.status, 400);
  assert.match(r.body.error, /canonical/);
  assert.equal((await srv.req('POST', '/v1/preflight/EXEC', call('ls'))).status, 400);
  assert.equal((await srv.req('POST', '/v1/tool/MyTool', call('ls'))).status, 200);
  assert.equal((await srv.req('POST', '/v1/tool/bad%20name', call('ls'))).status, 400);
});

test('400: conflicting command aliases', async () => {
  const r = await srv.req('POST', '/v1/tool/exec', {
    agent: 'a',
    session: 's',
    params: { command: 'ls', cmd: 'rm -rf /' },
  });
  assert.equal(r.status, 400);
  assert.equal(r.body.code, 'invalid_tool_input');
  const r2 = await srv.req('POST', '/v1/tool/exec', {
    agent: 'a',
    session: 's',
    params: { command: 'ls' },
    input: { command: 'rm -rf /' },
  });
  assert.equal(r2.status, 400);
});

test('413: bodies over 1 MiB are refused and the server keeps serving', async () => {
  const big = JSON.stringify(call('x'.repeat(1024 * 1024 + 10)));
  const r = await srv.req('POST', '/v1/tool/exec', big);
  assert.equal(r.status, 413);
  assert.equal(r.body.code, 'body_too_large');
  assert.equal((await srv.req('POST', '/v1/tool/exec', call('ls'))).status, 200);
});

test('unmatched routes: 404 JSON', async () => {
  const r = await srv.req('GET', '/v1/nope');
  assert.equal(r.status, 404);
  assert.equal(r.body.code, 'not_found');
  assert.equal((await srv.req('GET', '/v1/events')).status, 404);
  assert.equal((await srv.req('POST', '/v1/status')).status, 404);
});

test('workdir precedence resolves relative paths (params.workdir wins over top-level cwd)', async () => {
  const policy =
    BASIC_POLICY +
    `
  - name: no-shadow
    match: { tool: [read] }
    rules:
      - action: deny
        when: { path_matches: ["/etc/shadow"] }
        message: no shadow
`;
  const s = await startTestServer({ policy });
  try {
    const r = await s.req('POST', '/v1/tool/read', {
      agent: 'a',
      session: 's',
      params: { path: 'shadow', workdir: '/etc' },
      cwd: '/tmp',
    });
    assert.equal(r.status, 403);
    const r2 = await s.req('POST', '/v1/tool/read', {
      agent: 'a',
      session: 's',
      params: { path: 'shadow' },
      input: { cwd: '/etc' },
      workdir: '/tmp',
    });
    assert.equal(r2.status, 403);
    const r3 = await s.req('POST', '/v1/tool/read', {
      agent: 'a',
      session: 's',
      params: { path: 'shadow' },
      cwd: '/tmp',
    });
    assert.equal(r3.status, 200);
  } finally {
    await s.stop();
  }
});

test('preflight: a preview is non-mutating and never 403', async () => {
  const before = (await srv.req('GET', '/v1/audit/events?limit=500')).body.total_in_file;
  const r = await srv.req('POST', '/v1/preflight/exec', call('rm -rf /'));
  assert.equal(r.status, 200);
  assert.equal(r.body.decision, 'deny');
  assert.equal(r.body.allowed, false);
  assert.deepEqual(r.body.matched_policies, ['block-destructive']);
  assert.equal(r.body.enforced, false);
  assert.ok(Number.isInteger(r.body.eval_duration_us));
  const after = (await srv.req('GET', '/v1/audit/events?limit=500')).body.total_in_file;
  assert.equal(after, before, 'a preview writes no audit');
  const st = (await srv.req('GET', '/v1/status')).body;
  const counted = st.call_counts.exec ?? 0;
  await srv.req('POST', '/v1/preflight/exec', call('ls'));
  assert.equal((await srv.req('GET', '/v1/status')).body.call_counts.exec ?? 0, counted);
});

test('preflight with enforce: audited, counted, enforced true', async () => {
  const before = (await srv.req('GET', '/v1/status')).body.call_counts.exec ?? 0;
  const r = await srv.req('POST', '/v1/preflight/exec', call('ls', { enforce: true }));
  assert.equal(r.status, 200);
  assert.equal(r.body.enforced, true);
  assert.equal(r.body.enforcement_requested, true);
  assert.equal((await srv.req('GET', '/v1/status')).body.call_counts.exec, before + 1);
});

test('preflight in monitor mode with enforce: audit-only, observed result reported', async () => {
  const r = await mon.req('POST', '/v1/preflight/exec', call('rm -rf /', { enforce: true }));
  assert.equal(r.status, 200);
  assert.equal(r.body.enforcement_requested, true);
  assert.equal(r.body.enforced, false);
  assert.equal(r.body.decision, 'allow');
  assert.equal(r.body.policy_decision, 'deny');
});

test('preflight: verification with enforce is 400; verification alone is a preview', async () => {
  assert.equal(
    (await srv.req('POST', '/v1/preflight/exec', call('ls', { verification: true, enforce: true }))).status,
    400,
  );
  assert.equal((await srv.req('POST', '/v1/preflight/exec', call('ls', { verification: true }))).status, 200);
  assert.equal((await srv.req('POST', '/v1/tool/exec', call('ls', { verification: true }))).status, 400);
});

test('POST /v1/test: offline evaluation', async () => {
  const r = await srv.req('POST', '/v1/test', { command: 'rm -rf /' });
  assert.equal(r.status, 200);
  assert.deepEqual(
    { command: r.body.command, tool: r.body.tool, action: r.body.action, policy_scope: r.body.policy_scope },
    { command: 'rm -rf /', tool: 'exec', action: 'deny', policy_scope: 'global' },
  );
  assert.deepEqual(r.body.matched_policies, ['block-destructive']);
  assert.equal(typeof r.body.message, 'string');
  assert.equal((await srv.req('POST', '/v1/test', { command: 'git status' })).body.action, 'allow');
  assert.equal((await srv.req('POST', '/v1/test', {})).status, 400);
  assert.equal((await srv.req('POST', '/v1/test', 'not json')).status, 400);
  assert.equal((await srv.req('POST', '/v1/test', { command: '/etc/passwd', tool: 'read' })).status, 200);
});

test('GET /healthz, /v1/status, /v1/policy/summary shapes', async () => {
  const h = await srv.req('GET', '/healthz', undefined, null);
  assert.equal(h.body.status, 'ok');
  assert.equal(h.body.mode, 'enforce');
  assert.ok(Number.isInteger(h.body.uptime_seconds));
  assert.match(h.body.version, /^\d+\.\d+\.\d+/);
  const s = await srv.req('GET', '/v1/status');
  assert.equal(s.status, 200);
  assert.equal(typeof s.body.config_path, 'string');
  assert.equal(s.body.mode, 'enforce');
  assert.equal(s.body.default_action, 'allow');
  assert.equal(s.body.policy_count, 4);
  assert.equal(s.body.rule_count, 4);
  assert.equal(typeof s.body.call_counts, 'object');
  assert.equal((await mon.req('GET', '/v1/status')).body.mode, 'monitor');
  const p = await srv.req('GET', '/v1/policy/summary');
  assert.equal(p.body.default_action, 'allow');
  assert.equal(typeof p.body.summary, 'string');
  assert.ok(p.body.rules.length >= 4);
  for (const r of p.body.rules) assert.deepEqual(Object.keys(r).sort(), ['action', 'name', 'summary']);
});

test('POST /v1/policy/reload: 200, 429 within a second, 500 on a broken file keeping the old set', async () => {
  const clock = new ManualClock(Date.UTC(2026, 3, 14, 9));
  const s = await startTestServer({ policy: BASIC_POLICY, clock });
  try {
    const ok = await s.req('POST', '/v1/policy/reload');
    assert.equal(ok.status, 200);
    assert.deepEqual(Object.keys(ok.body).sort(), ['policies_loaded', 'reload_time_ms', 'rules_total', 'success']);
    assert.equal(ok.body.success, true);
    assert.equal(ok.body.policies_loaded, 4);
    assert.equal((await s.req('POST', '/v1/policy/reload')).status, 429);
    clock.advance(1001);
    const file = s.ctx.opts.configPath;
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('command_matches', 'command_match'));
    const bad = await s.req('POST', '/v1/policy/reload');
    assert.equal(bad.status, 500);
    assert.equal(bad.body.success, false);
    assert.match(bad.body.error, /command_match/);
    // The last good set still decides.
    assert.equal((await s.req('POST', '/v1/tool/exec', call('rm -rf /'))).status, 403);
    const st = await s.req('GET', '/v1/status');
    assert.match(st.body.policy_error, /command_match/);
  } finally {
    await s.stop();
  }
});

test('a post-tool report of an ask call runs the response rules and queues no second approval', async () => {
  const before = (await srv.req('GET', '/v1/approvals')).body.approvals.length;
  const r = await srv.req('POST', '/v1/tool/exec', call('deploy prod', { response: 'deployed SECRET-99' }));
  assert.equal(r.status, 200);
  assert.equal(r.body.response_policy_decision, 'deny');
  assert.ok(!('approval_id' in r.body));
  assert.equal((await srv.req('GET', '/v1/approvals')).body.approvals.length, before);
});

test('hot reload: an edit to the policy file applies without a restart; a broken edit keeps the last good set', async () => {
  const s = await startTestServer({ policy: BASIC_POLICY });
  try {
    const file = s.ctx.opts.configPath;
    const waitFor = async (pred: () => Promise<boolean>) => {
      for (let i = 0; i < 50; i++) {
        if (await pred()) return true;
        await new Promise((r) => setTimeout(r, 100));
      }
      return false;
    };
    writeFileSync(file, readFileSync(file, 'utf8').replace('"rm -rf *"', '"rm -rf *", "shred *"'));
    assert.ok(
      await waitFor(async () => (await s.req('POST', '/v1/tool/exec', call('shred x'))).status === 403),
      'edit applied',
    );
    writeFileSync(file, 'policies: [oops');
    assert.ok(
      await waitFor(async () => typeof (await s.req('GET', '/v1/status')).body.policy_error === 'string'),
      'error reported',
    );
    assert.equal((await s.req('POST', '/v1/tool/exec', call('shred x'))).status, 403, 'last good set still decides');
  } finally {
    await s.stop();
  }
});

test('a live run grant lets /v1/tool and /v1/preflight through at once, in that exact run only', async () => {
  const s = await startTestServer({ policy: BASIC_POLICY });
  try {
    const ids: string[] = [];
    for (const cmd of ['deploy a', 'deploy b']) {
      const r = await s.req('POST', '/v1/tool/exec', call(cmd, { run_id: 'run-g' }));
      assert.equal(r.status, 202);
      ids.push(r.body.approval_id);
    }
    const b = await s.req('POST', '/v1/approvals/bulk-resolve', {
      agent: 'claude',
      session: 'repo/main',
      run_id: 'run-g',
      action: 'approve',
      scope: 'run',
      ids,
    });
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.equal(b.body.future_calls_authorized, true);
    const pf = await s.req('POST', '/v1/preflight/exec', call('deploy c', { run_id: 'run-g' }));
    assert.equal(pf.body.decision, 'allow');
    assert.equal(pf.body.approval_scope, 'run');
    const t = await s.req('POST', '/v1/tool/exec', call('deploy c', { run_id: 'run-g' }));
    assert.equal(t.status, 200);
    assert.equal(t.body.approval_scope, 'run');
    assert.equal((await s.req('POST', '/v1/tool/exec', call('deploy c', { run_id: 'run-other' }))).status, 202);
    assert.equal(
      (await s.req('POST', '/v1/tool/exec', call('rm -rf /', { run_id: 'run-g' }))).status,
      403,
      'a grant never beats a deny',
    );
  } finally {
    await s.stop();
  }
});
