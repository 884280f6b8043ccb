// server/audit-routes.ts: every status code of the four audit endpoints, against a real server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, renameSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, BASIC_POLICY, type TestServer } from '../helpers/server.js';
import { TokenStore } from '../../src/auth/tokens.js';
import { ManualClock } from '../../src/util/clock.js';
import { auditFiles, input } from './helpers.js';

const SECRET = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
let srv: TestServer;
let off: TestServer;
let evalToken: string;
const clock = new ManualClock(Date.UTC(2026, 3, 14, 9));

before(async () => {
  srv = await startTestServer({ policy: BASIC_POLICY, clock });
  off = await startTestServer({ policy: BASIC_POLICY, args: ['--audit-dir', ''] });
  evalToken = new TokenStore(srv.dataDir).create('agent-a', ['eval']).token;
  // The token store re-reads its file on a timer: ask (a preview, which records nothing) until
  // the server knows the new token.
  for (let i = 0; ; i++) {
    const r = await srv.req(
      'POST',
      '/v1/preflight/exec',
      { agent: 'a', session: 's', params: { command: 'ls' } },
      evalToken,
    );
    if (r.status === 200) break;
    assert.ok(i < 400, 'the server never accepted the new token');
    await new Promise((res) => setTimeout(res, 25));
  }
  // Two tool calls through the real decision path, and a few direct events.
  assert.equal(
    (
      await srv.req('POST', '/v1/tool/exec', {
        agent: 'claude',
        session: 'main',
        run_id: 'r1',
        params: { command: `git push https://x:${SECRET}@github.com/o/r` },
      })
    ).status,
    200,
  );
  assert.equal(
    (await srv.req('POST', '/v1/tool/exec', { agent: 'claude', session: 'main', params: { command: 'rm -rf /' } }))
      .status,
    403,
  );
  for (let i = 0; i < 5; i++) await srv.ctx.audit!.append(input(i, { agent: 'codex', session: 'other' }));
});

after(async () => {
  await srv.stop();
  await off.stop();
});

const admin = (path: string) => srv.req('GET', path);

test('GET /v1/audit/events: 200 with the tool calls, newest first, redacted, filterable', async () => {
  const r = await admin('/v1/audit/events');
  assert.equal(r.status, 200);
  assert.equal(r.body.date, '2026-04-14');
  assert.equal(r.body.total_in_file, 7);
  assert.equal(r.body.next_offset, 0);
  assert.equal(r.body.events.length, 7);
  const calls = r.body.events.filter((e: any) => e.tool === 'exec' && e.agent === 'claude');
  assert.equal(calls.length, 2);
  const push = calls.find((e: any) => e.run_id === 'r1');
  assert.ok(push, 'run_id is recorded');
  assert.ok(!JSON.stringify(push).includes(SECRET), 'the secret is redacted for display');
  assert.equal(calls.find((e: any) => e.decision.action === 'deny')?.decision.matched_policies[0], 'block-destructive');
  for (const e of r.body.events) assert.match(e.hash, /^sha256:[0-9a-f]{64}$/);

  const f = await admin('/v1/audit/events?agent=codex&limit=2');
  assert.equal(f.body.events.length, 2);
  assert.equal(f.body.next_offset, 2);
  assert.equal((await admin('/v1/audit/events?run_id=r1')).body.events.length, 1);
  assert.equal((await admin('/v1/audit/events?action=deny&tool=exec')).body.events.length, 1);
  assert.equal((await admin('/v1/audit/events?session=other&offset=4')).body.events.length, 1);
  assert.equal((await admin('/v1/audit/events?date=2026-04-13')).body.total_in_file, 0);
});

test('GET /v1/audit/events: 400 for dates that are not real days or try to escape', async () => {
  for (const d of ['2026-13-01', '..%2F..%2Fetc', '2026-02-30', 'today', '2026-04-14%00']) {
    const r = await admin(`/v1/audit/events?date=${d}`);
    assert.equal(r.status, 400, d);
    assert.equal(r.body.code, 'invalid_date');
    assert.equal(typeof r.body.error, 'string');
  }
});

test('GET /v1/audit/export: the raw day as application/jsonl, secrets included (it is the evidence)', async () => {
  const res = await fetch(`${srv.url}/v1/audit/export?date=2026-04-14`, {
    headers: { authorization: `Bearer ${srv.token}` },
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type')!, /^application\/jsonl/);
  assert.match(res.headers.get('content-disposition')!, /attachment; filename="svc-audit-2026-04-14\.jsonl"/);
  const body = Buffer.from(await res.arrayBuffer());
  const dir = join(srv.dataDir, 'audit');
  const want = Buffer.concat(auditFiles(dir).map((f) => readFileSync(join(dir, f))));
  assert.ok(body.equals(want));
  assert.ok(body.toString().includes(SECRET));
});

test('GET /v1/audit/export: 400 without or with a bad date, 404 for a day without a log', async () => {
  assert.equal((await admin('/v1/audit/export')).status, 400);
  assert.equal((await admin('/v1/audit/export?date=')).status, 400);
  const bad = await admin('/v1/audit/export?date=../../etc/passwd');
  assert.equal(bad.status, 400);
  assert.equal(bad.body.code, 'invalid_date');
  const none = await admin('/v1/audit/export?date=2026-04-01');
  assert.equal(none.status, 404);
  assert.match(none.body.error, /no audit log found for 2026-04-01/);
});

test('GET /v1/audit/dates: 200 with the days, newest first', async () => {
  const r = await admin('/v1/audit/dates');
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { dates: ['2026-04-14'], configured: true });
});

test('GET /v1/audit/stats: 200 counts; 400 for bad dates and reversed ranges', async () => {
  const r = await admin('/v1/audit/stats');
  assert.equal(r.status, 200);
  assert.equal(r.body.total_events, 7);
  assert.equal(r.body.by_agent.codex, 5);
  assert.equal(r.body.by_agent.claude, 2);
  assert.equal(r.body.by_action.deny, 1);
  assert.equal(r.body.by_tool.exec, 7);
  assert.equal(r.body.by_session.other, 5);
  assert.equal((await admin('/v1/audit/stats?from=2026-04-01&to=2026-04-14')).body.total_events, 7);
  for (const q of ['from=2026-13-01', 'to=2026-02-30', 'from=2026-04-14&to=2026-04-13', 'from=x']) {
    const b = await admin(`/v1/audit/stats?${q}`);
    assert.equal(b.status, 400, q);
    assert.equal(typeof b.body.error, 'string');
  }
});

test('401 without or with a bad token, 403 with an eval-only token, on all four', async () => {
  for (const p of ['/v1/audit/events', '/v1/audit/dates', '/v1/audit/export?date=2026-04-14', '/v1/audit/stats']) {
    assert.equal((await srv.req('GET', p, undefined, null)).status, 401, p);
    assert.equal((await srv.req('GET', p, undefined, 'wrong')).status, 401, p);
    const e = await srv.req('GET', p, undefined, evalToken);
    assert.equal(e.status, 403, p);
    assert.equal(typeof e.body.error, 'string');
  }
});

test('503 on all four when auditing is off (--audit-dir "")', async () => {
  for (const p of ['/v1/audit/events', '/v1/audit/dates', '/v1/audit/export?date=2026-04-14', '/v1/audit/stats']) {
    const r = await off.req('GET', p);
    assert.equal(r.status, 503, p);
    assert.equal(r.body.code, 'audit_not_configured');
  }
});

test('GET /v1/audit/dates: 500 when the audit directory cannot be read', async () => {
  const dir = join(srv.dataDir, 'audit');
  renameSync(dir, dir + '.moved');
  writeFileSync(dir, 'not a directory');
  try {
    const r = await admin('/v1/audit/dates');
    assert.equal(r.status, 500);
    assert.equal(r.body.code, 'internal_error');
  } finally {
    rmSync(dir);
    renameSync(dir + '.moved', dir);
  }
});
