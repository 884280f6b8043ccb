// The approval routes through the real fastify app: every step of the life of an approval (docs/approvals.md), every
// status code listed for the approval endpoints (401/403 included), signed URLs, per-agent token
// binding and a restart with pending approvals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bootApp, toolBody, type TestApp } from './app.js';

async function withApp(fn: (t: TestApp) => Promise<void>, o?: Parameters<typeof bootApp>[0]) {
  const t = await bootApp(o);
  try {
    await fn(t);
  } finally {
    await t.destroy();
  }
}

async function askVia(t: TestApp, over: Record<string, unknown> = {}, token?: string) {
  const body = toolBody(over);
  const r = await t.req('POST', '/v1/tool/exec', body, token);
  assert.equal(r.status, 202, JSON.stringify(r.body));
  return { body, id: r.body.approval_id as string, res: r.body };
}

const create = (t: TestApp, body: Record<string, unknown>, token?: string | null) =>
  t.req('POST', '/v1/approvals', body, token);
const V1 = {
  action_version: 1,
  tool: 'exec',
  agent: 'claude-code',
  session: 's1',
  run_id: 'run-1',
  params: { command: 'kubectl delete pod foo' },
};

test('(none) -> pending from /v1/tool: 202 ask with approval id, expiry and the action review', () =>
  withApp(async (t) => {
    const { id, res, body } = await askVia(t);
    assert.equal(res.decision, 'ask');
    assert.equal(res.allowed, false);
    assert.equal(res.approval_status, 'pending');
    assert.match(id, /^[0-9A-Z]{26}$/);
    assert.equal(res.expires_at, new Date(t.clock.now() + 120_000).toISOString());
    assert.equal(res.action.version, 1);
    assert.equal(res.action.tool_call_id, body.tool_call_id);
    assert.equal(typeof res.action.display_text, 'string');
    assert.ok(t.busEvents.some((e) => e.type === 'approvals'));
    const list = await t.req('GET', '/v1/approvals');
    assert.equal(list.status, 200);
    assert.equal(list.body.approvals.length, 1);
    const item = list.body.approvals[0];
    for (const k of [
      'id',
      'tool',
      'command',
      'action',
      'redacted',
      'agent',
      'session',
      'credential_owner',
      'message',
      'status',
      'run_id',
      'created_at',
      'expires_at',
    ]) {
      assert.ok(k in item, `list item has ${k}`);
    }
    assert.equal(item.command, 'deploy prod');
    assert.equal(item.credential_owner, 'server/admin');
    assert.equal(list.body.run_grant_ttl_ms, 120_000);
    const detail = await t.req('GET', `/v1/approvals/${id}`);
    assert.equal(detail.status, 200);
    for (const k of [
      'id',
      'tool',
      'command',
      'agent',
      'session',
      'message',
      'status',
      'created_at',
      'expires_at',
      'action',
      'redacted',
    ]) {
      assert.ok(k in detail.body, `detail has ${k}`);
    }
    assert.equal(detail.body.status, 'pending');
  }));

test('(none) -> pending from POST /v1/approvals: versioned 201 and legacy 201 (session hook, action_version 0)', () =>
  withApp(async (t) => {
    const v = await create(t, {
      ...V1,
      input: { cmd: 'x' },
      agent_depth: 1,
      event_id: 'ev-1',
      workdir: '/w',
      tool_call_id: 'tc',
      message: 'needs approval',
    });
    assert.equal(v.status, 201);
    assert.deepEqual(Object.keys(v.body).sort(), ['action_version', 'expires_at', 'id', 'status']);
    assert.equal(v.body.action_version, 1);
    assert.equal(v.body.status, 'pending');
    const legacy = await create(t, {
      tool: 'exec',
      command: 'kubectl delete pod foo',
      agent: 'claude-code',
      path: '/tmp',
      message: 'needs approval',
    });
    assert.equal(legacy.status, 201);
    assert.equal(legacy.body.action_version, 0);
    const d = await t.req('GET', `/v1/approvals/${legacy.body.id}`);
    assert.equal(d.body.session, 'hook');
    assert.equal(d.body.tool, 'exec');
    assert.equal(d.body.agent, 'claude-code');
    assert.equal(d.body.message, 'needs approval');
    assert.equal(d.body.command, 'kubectl delete pod foo');
  }));

test('POST /v1/approvals rejects malformed requests with 400', () =>
  withApp(async (t) => {
    const bad: unknown[] = [
      '{',
      '[]',
      { ...V1, action_version: 2 },
      { ...V1, action_version: '1' },
      { ...V1, command: 'ls' },
      { ...V1, surprise: true },
      { ...V1, params: 'ls' },
      { ...V1, params: undefined },
      { ...V1, tool: undefined },
      { ...V1, agent: '' },
      { ...V1, agent_depth: -1 },
      { ...V1, input: [] },
      { ...V1, tool: 'Exec' },
      { tool: 'exec', agent: 'a', command: 'ls', params: { command: 'ls' } },
      { tool: 'exec', agent: 'a', command: 'ls', color: 'red' },
      { tool: 'exec', agent: 'a', command: 5 },
    ];
    for (const b of bad) assert.equal((await create(t, b as any)).status, 400, JSON.stringify(b));
    assert.equal(t.store.list().approvals.length, 0);
  }));

test('auth on every approval endpoint: 401 without or with a bad token, 403 for an eval-only token', () =>
  withApp(async (t) => {
    const { token: evalTok } = t.ctx.tokens.create('claude-code', ['eval']);
    const { id } = await askVia(t);
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/v1/approvals', V1],
      ['GET', '/v1/approvals'],
      ['GET', `/v1/approvals/${id}`],
      ['POST', `/v1/approvals/${id}/resolve`, { approved: true }],
      [
        'POST',
        '/v1/approvals/bulk-resolve',
        { agent: 'a', session: 's', run_id: 'r', action: 'approve', scope: 'pending', ids: [id] },
      ],
    ];
    for (const [m, u, b] of calls) {
      assert.equal((await t.req(m, u, b, null)).status, 401, `${m} ${u} no token`);
      assert.equal((await t.req(m, u, b, 'wrong')).status, 401, `${m} ${u} bad token`);
      assert.equal((await t.req(m, u, b, evalTok)).status, 403, `${m} ${u} eval token`);
    }
    assert.equal(t.store.get(id)!.status, 'pending');
  }));

test('pending -> approved: 200 {id,status,approved,persisted}; the exact /v1/tool retry passes once, then asks again', () =>
  withApp(async (t) => {
    const { id, body } = await askVia(t);
    const r = await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true, resolved_by: 'operator' });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { id, status: 'approved', approved: true, persisted: false });
    assert.ok(t.busEvents.filter((e) => e.type === 'approvals').length >= 2);
    const retry = await t.req('POST', '/v1/tool/exec', body);
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    assert.equal(retry.body.allowed, true);
    assert.equal(retry.body.decision, 'allow');
    assert.equal(retry.body.approval_id, id);
    assert.equal(retry.body.approval_status, 'approved');
    assert.equal(retry.body.approval_scope, 'once');
    assert.equal(retry.body.approval_resolved_by, 'operator');
    assert.ok(retry.body.approval_policy_audit_id);
    const again = await t.req('POST', '/v1/tool/exec', body);
    assert.equal(again.status, 202);
    assert.notEqual(again.body.approval_id, id);
    // A changed payload is evaluated normally.
    const changed = await t.req('POST', '/v1/tool/exec', { ...body, tool_call_id: 'tc-new' });
    assert.equal(changed.status, 202);
    const detail = await t.req('GET', `/v1/approvals/${id}`);
    assert.equal(detail.body.status, 'approved');
    assert.equal(detail.body.resolved_by, 'operator');
    assert.ok(detail.body.resolved_at);
  }));

test('POST /v1/preflight with enforce consumes the once grant; a preview does not', () =>
  withApp(async (t) => {
    const { id, body } = await askVia(t);
    await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true });
    const preview = await t.req('POST', '/v1/preflight/exec', body);
    assert.equal(preview.body.decision, 'ask');
    const enforced = await t.req('POST', '/v1/preflight/exec', { ...body, enforce: true });
    assert.equal(enforced.status, 200);
    assert.equal(enforced.body.decision, 'allow');
    assert.equal(enforced.body.approval_scope, 'once');
    const second = await t.req('POST', '/v1/preflight/exec', { ...body, enforce: true });
    assert.equal(second.body.decision, 'ask');
    assert.equal((await t.req('POST', '/v1/tool/exec', body)).status, 202, 'the grant was used by preflight');
  }));

test('pending -> denied; then any resolve is 410 (replay), unknown id 404, bad bodies 400', () =>
  withApp(async (t) => {
    const { id } = await askVia(t);
    for (const b of [
      '{',
      { approved: 'yes' },
      {},
      { approved: true, persist: 'no' },
      { approved: true, extra: 1 },
      { approved: true, resolved_by: 7 },
    ]) {
      assert.equal((await t.req('POST', `/v1/approvals/${id}/resolve`, b)).status, 400, JSON.stringify(b));
    }
    const r = await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: false });
    assert.deepEqual(r.body, { id, status: 'denied', approved: false, persisted: false });
    assert.equal((await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: false })).status, 410);
    assert.equal((await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true })).status, 410);
    assert.equal(
      (await t.req('POST', '/v1/approvals/01ZZZZZZZZZZZZZZZZZZZZZZZZ/resolve', { approved: true })).status,
      404,
    );
    assert.equal((await t.req('GET', '/v1/approvals/01ZZZZZZZZZZZZZZZZZZZZZZZZ')).status, 404);
  }));

test('two concurrent resolvers on one id: exactly one 200', () =>
  withApp(async (t) => {
    const { id } = await askVia(t);
    const rs = await Promise.all([
      t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true }),
      t.req('POST', `/v1/approvals/${id}/resolve`, { approved: false }),
      t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true }),
    ]);
    assert.deepEqual(rs.map((r) => r.status).sort(), [200, 410, 410]);
  }));

test('persist: exec writes an exact rule (listed, engine reloaded); other tools and redacted cards get 400 and stay pending', () =>
  withApp(async (t) => {
    const { id } = await askVia(t, { params: { command: 'deploy prod *' } });
    const r = await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true, persist: true });
    assert.equal(r.status, 200);
    assert.equal(r.body.persisted, true);
    assert.equal(t.reloads(), 1);
    const rules = await t.req('GET', '/v1/rules/auto-allowed');
    assert.equal(rules.body.rules[0].command_pattern, 'deploy prod [*]');
    const mcp = await t.req('POST', '/v1/tool/mcp.custom', toolBody({ params: { op: 'drop' } }));
    assert.equal(mcp.status, 202);
    const refused = await t.req('POST', `/v1/approvals/${mcp.body.approval_id}/resolve`, {
      approved: true,
      persist: true,
    });
    assert.equal(refused.status, 400);
    assert.match(refused.body.error, /explicit policy/);
    assert.equal(t.store.get(mcp.body.approval_id)!.status, 'pending');
    const secret = await askVia(t, { params: { command: 'deploy --token=ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8' } });
    assert.equal(secret.res.action.params.command.includes('ghp_'), false);
    const list = await t.req('GET', '/v1/approvals');
    assert.equal(list.body.approvals.find((a: any) => a.id === secret.id).redacted, true);
    const r2 = await t.req('POST', `/v1/approvals/${secret.id}/resolve`, { approved: true, persist: true });
    assert.equal(r2.status, 400);
    assert.equal(t.store.get(secret.id)!.status, 'pending');
  }));

test('503 when the resolution cannot be made durable: approval stays pending, no grant; retry works', () =>
  withApp(async (t) => {
    const { id, body } = await askVia(t);
    t.audit.failOn.add(t.audit.attempts + 1);
    const r = await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true });
    assert.equal(r.status, 503);
    assert.equal(t.store.get(id)!.status, 'pending');
    assert.equal(
      (await t.req('POST', '/v1/tool/exec', body)).body.approval_id,
      id,
      'no grant: the retry finds the same pending card',
    );
    assert.equal((await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true })).status, 200);
  }));

test('a retry that gets 503 because its audit write failed keeps its once grant for the next try', () =>
  withApp(async (t) => {
    const { id, body } = await askVia(t);
    assert.equal((await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true })).status, 200);
    for (const failing of [1, 2]) {
      // 1: the retry's ask record fails; 2: its allow record fails. Either way it did not run.
      t.audit.failOn.add(t.audit.attempts + failing);
      const r = await t.req('POST', '/v1/tool/exec', body);
      assert.equal(r.status, 503, JSON.stringify(r.body));
    }
    const retry = await t.req('POST', '/v1/tool/exec', body);
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    assert.equal(retry.body.approval_id, id);
    assert.equal(retry.body.approval_scope, 'once');
    assert.equal((await t.req('POST', '/v1/tool/exec', body)).status, 202, 'used once, then it asks again');
  }));

test('pending -> expired at expires_at: detail shows expired, resolve gives 410', () =>
  withApp(async (t) => {
    const { id } = await askVia(t);
    t.clock.advance(120_000);
    const d = await t.req('GET', `/v1/approvals/${id}`);
    assert.equal(d.body.status, 'expired');
    assert.equal(d.body.resolved_by, 'timeout');
    assert.equal((await t.req('GET', '/v1/approvals')).body.approvals.length, 0);
    assert.equal((await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: true })).status, 410);
  }));

test('signed URL: approves or denies that one approval without a token; persist 403; other id, tampering or expiry 401', () =>
  withApp(async (t) => {
    const a = await askVia(t);
    const b = await askVia(t);
    const signer = t.store.signer!;
    const q = (id: string, now = t.clock.now()) => {
      const { sig, exp } = signer.query(id, now);
      return `sig=${encodeURIComponent(sig)}&exp=${exp}`;
    };
    // Scoped to one approval: a's signature does not open b.
    assert.equal(
      (await t.req('POST', `/v1/approvals/${b.id}/resolve?${q(a.id)}`, { approved: true }, null)).status,
      401,
    );
    assert.equal(
      (await t.req('POST', `/v1/approvals/${a.id}/resolve?sig=forged&exp=9999999999`, { approved: true }, null)).status,
      401,
    );
    assert.equal(
      (await t.req('POST', `/v1/approvals/${a.id}/resolve?${q(a.id)}`, { approved: true, persist: true }, null)).status,
      403,
    );
    assert.equal(t.store.get(a.id)!.status, 'pending');
    const ok = await t.req(
      'POST',
      `/v1/approvals/${a.id}/resolve?${q(a.id)}`,
      { approved: true, resolved_by: 'impersonated-admin' },
      null,
    );
    assert.equal(ok.status, 200);
    assert.equal(ok.body.approved, true);
    assert.equal((await t.req('GET', `/v1/approvals/${a.id}`)).body.resolved_by, 'signed-link');
    assert.equal(
      (await t.req('POST', `/v1/approvals/${a.id}/resolve?${q(a.id)}`, { approved: true }, null)).status,
      410,
      'cannot be reused',
    );
    const deny = await t.req('POST', `/v1/approvals/${b.id}/resolve?${q(b.id)}`, { approved: false }, null);
    assert.equal(deny.body.status, 'denied');
    const c = await askVia(t);
    const old = q(c.id, t.clock.now() - 11 * 60_000);
    assert.equal(
      (await t.req('POST', `/v1/approvals/${c.id}/resolve?${old}`, { approved: true }, null)).status,
      401,
      'expired signature',
    );
    // Without both sig and exp the admin token is required as usual.
    assert.equal((await t.req('POST', `/v1/approvals/${c.id}/resolve?sig=x`, { approved: true }, null)).status, 401);
    assert.equal((await t.req('POST', `/v1/approvals/${c.id}/resolve?sig=x`, { approved: true })).status, 200);
  }));

test('per-agent tokens are bound to their approvals: a sibling token cannot inherit the card or the grant', () =>
  withApp(async (t) => {
    const owner = t.ctx.tokens.create('codex', ['eval']).token;
    const sibling = t.ctx.tokens.create('codex', ['eval']).token;
    const body = toolBody({ agent: 'spoofed' });
    const mine = await t.req('POST', '/v1/tool/exec', body, owner);
    const theirs = await t.req('POST', '/v1/tool/exec', body, sibling);
    assert.equal(mine.status, 202);
    assert.equal(theirs.status, 202);
    assert.notEqual(mine.body.approval_id, theirs.body.approval_id);
    const list = (await t.req('GET', '/v1/approvals')).body;
    assert.equal(list.approvals[0].agent, 'codex', 'the token names the agent, not the body');
    assert.notEqual(list.approvals[0].credential_owner, list.approvals[1].credential_owner);
    assert.equal(list.run_groups.length, 0, 'distinct credentials are never grouped');
    await t.req('POST', `/v1/approvals/${mine.body.approval_id}/resolve`, { approved: true });
    const sib = await t.req('POST', '/v1/tool/exec', body, sibling);
    assert.equal(sib.status, 202);
    assert.equal(sib.body.approval_id, theirs.body.approval_id);
    const admin = await t.req('POST', '/v1/tool/exec', { ...body, agent: 'codex' });
    assert.equal(admin.status, 202, 'nor can the admin token');
    const own = await t.req('POST', '/v1/tool/exec', body, owner);
    assert.equal(own.status, 200);
    assert.equal(own.body.approval_id, mine.body.approval_id);
  }));

test('run groups: >= 2 pending with the same agent, session, run and owner; sorted; empty run never groups', () =>
  withApp(async (t) => {
    await create(t, { ...V1, run_id: 'run-B' });
    t.clock.advance(10);
    await create(t, { ...V1, run_id: 'run-A' });
    await create(t, { ...V1, run_id: 'run-B' });
    await create(t, { ...V1, run_id: 'run-A' });
    await create(t, { ...V1, agent: 'codex', run_id: 'run-A' });
    await create(t, { ...V1, run_id: undefined });
    await create(t, { ...V1, run_id: undefined });
    const r = await t.req('GET', '/v1/approvals');
    assert.equal(r.body.approvals.length, 7);
    assert.deepEqual(
      r.body.run_groups.map((g: any) => [g.run_id, g.count]),
      [
        ['run-B', 2],
        ['run-A', 2],
      ],
    );
    const g = r.body.run_groups[0];
    assert.deepEqual(Object.keys(g).sort(), [
      'agent',
      'count',
      'credential_owner',
      'earliest_created_at',
      'items',
      'run_id',
      'session',
    ]);
    assert.equal(g.items.length, 2);
    assert.equal(g.earliest_created_at, g.items[0].created_at);
  }));

const BULK = { agent: 'claude-code', session: 's1', run_id: 'run-1' };

test('bulk scope pending: only the listed ids; deny too; status codes 400/409', () =>
  withApp(async (t) => {
    const a = await askVia(t);
    const b = await askVia(t);
    const c = await askVia(t);
    assert.equal(
      (await t.req('POST', '/v1/approvals/bulk-resolve', { ...BULK, action: 'approve', ids: [a.id] })).status,
      400,
      'omitted scope',
    );
    assert.equal(
      (await t.req('POST', '/v1/approvals/bulk-resolve', { ...BULK, action: 'approve', scope: 'pending' })).status,
      400,
      'omitted ids',
    );
    assert.equal(
      (await t.req('POST', '/v1/approvals/bulk-resolve', { ...BULK, action: 'deny', scope: 'run', ids: [a.id] }))
        .status,
      400,
    );
    assert.equal(
      (
        await t.req('POST', '/v1/approvals/bulk-resolve', {
          ...BULK,
          run_id: '',
          action: 'approve',
          scope: 'pending',
          ids: [a.id],
        })
      ).status,
      400,
    );
    assert.equal(
      (
        await t.req('POST', '/v1/approvals/bulk-resolve', {
          ...BULK,
          action: 'approve',
          scope: 'pending',
          ids: [a.id],
          x: 1,
        })
      ).status,
      400,
    );
    assert.equal((await t.req('POST', '/v1/approvals/bulk-resolve', '{')).status, 400);
    assert.equal(
      (
        await t.req('POST', '/v1/approvals/bulk-resolve', {
          ...BULK,
          action: 'approve',
          scope: 'pending',
          ids: [a.id, 'missing'],
        })
      ).status,
      409,
    );
    const r = await t.req('POST', '/v1/approvals/bulk-resolve', {
      ...BULK,
      action: 'approve',
      scope: 'pending',
      ids: [a.id, b.id],
    });
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      resolved: 2,
      ids: [a.id, b.id],
      reviewed_ids: [a.id, b.id],
      race_covered_ids: [],
      scope: 'pending',
      future_calls_authorized: false,
    });
    assert.equal(t.store.get(c.id)!.status, 'pending');
    assert.ok(t.busEvents.some((e) => e.type === 'audit_batch' && e.run_id === 'run-1'));
    assert.equal(
      (await t.req('POST', '/v1/approvals/bulk-resolve', { ...BULK, action: 'approve', scope: 'pending', ids: [a.id] }))
        .status,
      409,
      'stale',
    );
    const d = await t.req('POST', '/v1/approvals/bulk-resolve', {
      ...BULK,
      action: 'deny',
      scope: 'pending',
      ids: [c.id],
    });
    assert.equal(d.body.resolved, 1);
    assert.equal(t.store.get(c.id)!.status, 'denied');
  }));

test('bulk scope run: grant published; calls and approval requests of that exact scope pass at once until the timeout', () =>
  withApp(async (t) => {
    const a = await askVia(t);
    const b = await askVia(t);
    const other = await askVia(t, {}, t.ctx.tokens.create('claude-code', ['eval']).token);
    assert.equal(
      (
        await t.req('POST', '/v1/approvals/bulk-resolve', {
          ...BULK,
          action: 'approve',
          scope: 'run',
          ids: [a.id, b.id, other.id],
        })
      ).status,
      400,
      'two owners',
    );
    assert.equal(
      (await t.req('POST', '/v1/approvals/bulk-resolve', { ...BULK, action: 'approve', scope: 'run', ids: [a.id] }))
        .status,
      409,
      'omits b',
    );
    const r = await t.req('POST', '/v1/approvals/bulk-resolve', {
      ...BULK,
      action: 'approve',
      scope: 'run',
      ids: [a.id, b.id],
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.future_calls_authorized, true);
    assert.equal(r.body.grant_ttl_ms, 120_000);
    assert.equal(r.body.grant_expires_at, new Date(t.clock.now() + 120_000).toISOString());
    const next = await t.req('POST', '/v1/tool/exec', toolBody());
    assert.equal(next.status, 200);
    assert.equal(next.body.allowed, true);
    const ext = await create(t, { ...V1, params: { command: 'deploy' } });
    assert.equal(ext.status, 200);
    assert.equal(ext.body.status, 'approved');
    assert.match(ext.body.message, /auto-approved by bulk-resolve/);
    assert.equal(ext.body.expires_at, r.body.grant_expires_at);
    assert.equal(
      (await t.req('POST', '/v1/tool/exec', toolBody({ run_id: 'run-2' }))).status,
      202,
      'another run still asks',
    );
    t.clock.advance(120_000);
    assert.equal((await t.req('POST', '/v1/tool/exec', toolBody())).status, 202, 'expired grant: queues again');
  }));

test('bulk 503: a resolution audit that cannot be written stops the request with refresh_required', () =>
  withApp(async (t) => {
    const a = await askVia(t);
    const b = await askVia(t);
    t.audit.failOn.add(t.audit.attempts + 2);
    const r = await t.req('POST', '/v1/approvals/bulk-resolve', {
      ...BULK,
      action: 'approve',
      scope: 'run',
      ids: [a.id, b.id],
    });
    assert.equal(r.status, 503);
    assert.equal(r.body.refresh_required, true);
    assert.equal(r.body.future_calls_authorized, false);
    assert.deepEqual(r.body.ids, [a.id]);
    assert.deepEqual(r.body.unresolved_reviewed_ids, [b.id]);
    assert.equal(r.body.resolved, 1);
    assert.equal(typeof r.body.error, 'string');
    assert.equal((await t.req('POST', '/v1/tool/exec', toolBody())).status, 202, 'no grant');
  }));

test('POST /v1/tool and POST /v1/approvals answer 503 when the queue is full (1000 pending)', () =>
  withApp(async (t) => {
    for (let i = 0; i < 1000; i++) {
      await t.store.createExternal({
        actionVersion: 1,
        tool: 'exec',
        agent: 'a',
        session: 's',
        params: { command: `x${i}` },
        credentialOwner: 'server/admin',
      });
    }
    const r = await t.req('POST', '/v1/tool/exec', toolBody());
    assert.equal(r.status, 503);
    assert.equal(r.body.code, 'approval_queue_full');
    assert.equal((await create(t, V1)).status, 503);
  }));

test('restart: pending approvals come back with their ids and expiry; resolved ones still give 410', async () => {
  let t = await bootApp();
  try {
    const { id, body } = await askVia(t);
    const done = await askVia(t);
    await t.req('POST', `/v1/approvals/${done.id}/resolve`, { approved: true });
    const before = (await t.req('GET', '/v1/approvals')).body;
    t = await t.restart();
    const after = (await t.req('GET', '/v1/approvals')).body;
    assert.deepEqual(after.approvals, before.approvals);
    assert.equal((await t.req('POST', `/v1/approvals/${done.id}/resolve`, { approved: true })).status, 410);
    // The approved call's once grant survived too.
    const retry = await t.req('POST', '/v1/tool/exec', done.body);
    assert.equal(retry.status, 200);
    assert.equal(retry.body.approval_scope, 'once');
    const r = await t.req('POST', `/v1/approvals/${id}/resolve`, { approved: false });
    assert.equal(r.status, 200);
    void body;
  } finally {
    await t.destroy();
  }
});
