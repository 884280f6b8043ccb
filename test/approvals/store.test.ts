// The approval queue: creation, action review, dedup, capacity, expiry on the injected clock,
// single resolution (one winner, 404/410/503), once-only grants and external approvals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { QueueFullError } from '../../src/approvals/types.js';
import { withFixture, call, ask, outcome, TIMEOUT } from './helpers.js';

test('an ask is queued pending with the version-1 action review and an expiry', () =>
  withFixture(async (f) => {
    const c = call({
      params: { command: 'deploy prod --token=abcdefabcdefabcdefabcdefabcdefabcdefabcdef12' },
      input: { command: 'x' },
    });
    const v = await f.store.enqueue(ask(c));
    assert.equal(v.status, 'pending');
    assert.match(v.id, /^[0-9A-Z]{26}$/);
    assert.equal(v.expires_at, new Date(f.clock.now() + TIMEOUT).toISOString());
    assert.equal(v.redacted, true);
    const a = v.action as Record<string, any>;
    assert.equal(a.version, 1);
    assert.equal(a.tool, 'exec');
    assert.ok(!String(a.params.command).includes('abcdefabcdef'), 'secret redacted');
    assert.deepEqual(a.input, { command: 'x' });
    assert.equal(a.agent, 'claude-code');
    assert.equal(a.session, 's1');
    assert.equal(a.run_id, 'run-1');
    assert.equal(a.tool_call_id, c.toolCallId);
    assert.equal(a.workdir, '/work/project');
    const { display_text, ...rest } = a;
    assert.deepEqual(JSON.parse(display_text), rest, 'display_text is the JSON of the other fields');
    const list = f.store.list();
    assert.equal(list.approvals.length, 1);
    assert.equal(list.approvals[0]!.id, v.id);
    assert.equal(list.run_grant_ttl_ms, TIMEOUT);
    assert.equal(statSync(join(f.dir, 'approvals.journal')).mode & 0o777, 0o600);
    assert.ok(f.busEvents.some((e) => e.type === 'approvals'));
  }));

test('a retry of a still-pending call with the same tool_call_id gets the same card; no id, no dedup', () =>
  withFixture(async (f) => {
    const c = call();
    const a = await f.store.enqueue(ask(c));
    const b = await f.store.enqueue(ask({ ...c }));
    assert.equal(a.id, b.id);
    const other = await f.store.enqueue(ask({ ...c }, 'credential-aaaaaaaaaaaa'));
    assert.notEqual(other.id, a.id, 'another credential never shares a card');
    const n1 = await f.store.enqueue(ask(call({ toolCallId: undefined })));
    const n2 = await f.store.enqueue(ask(call({ toolCallId: undefined })));
    assert.notEqual(n1.id, n2.id);
    assert.equal(f.store.list().approvals.length, 4);
  }));

test('queue capacity: beyond the limit enqueue throws QueueFullError; resolved ones do not count', () =>
  withFixture(
    async (f) => {
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push((await f.store.enqueue(ask(call()))).id);
      await assert.rejects(f.store.enqueue(ask(call())), QueueFullError);
      assert.equal(f.store.list().approvals.length, 3);
      await f.store.resolve(ids[0]!, { approved: false, by: 'op' });
      await f.store.enqueue(ask(call()));
    },
    { capacity: 3 },
  ));

test('expiry at expires_at on the injected clock: expired status, 410 on resolve, waiters woken, audited', () =>
  withFixture(async (f) => {
    const v = await f.store.enqueue(ask(call()));
    const waiting = f.store.waitForResolution(v.id);
    f.clock.advance(TIMEOUT - 1);
    assert.equal(f.store.get(v.id)!.status, 'pending');
    f.clock.advance(1);
    f.store.tick();
    const done = await waiting;
    assert.equal(done.status, 'expired');
    const rec = f.store.get(v.id)!;
    assert.equal(rec.status, 'expired');
    assert.equal(rec.resolved_by, 'timeout');
    assert.equal(f.store.list().approvals.length, 0);
    assert.equal(await outcome(f.store.resolve(v.id, { approved: true, by: 'op' })), 410);
    await new Promise((r) => setImmediate(r));
    assert.ok(f.audit.actions().includes('approval_expired'));
  }));

test('expiry is checked lazily: resolving after expires_at without any timer gives 410', () =>
  withFixture(async (f) => {
    const v = await f.store.enqueue(ask(call()));
    f.clock.advance(TIMEOUT + 5);
    assert.equal(await outcome(f.store.resolve(v.id, { approved: true, by: 'op' })), 410);
    assert.equal(f.store.detail(v.id).status, 'expired');
  }));

test('resolve: approve, deny, 404 unknown, 410 replay; detail shows resolution fields', () =>
  withFixture(async (f) => {
    const a = await f.store.enqueue(ask(call()));
    const d = await f.store.enqueue(ask(call()));
    const r = await f.store.resolve(a.id, { approved: true, by: 'alice' });
    assert.equal(r.record.status, 'approved');
    assert.equal(r.persisted, false);
    assert.equal((await f.store.resolve(d.id, { approved: false, by: 'bob' })).record.status, 'denied');
    assert.equal(await outcome(f.store.resolve(a.id, { approved: true, by: 'alice' })), 410);
    assert.equal(await outcome(f.store.resolve(d.id, { approved: true, by: 'alice' })), 410);
    assert.equal(await outcome(f.store.resolve('NOPE', { approved: true, by: 'alice' })), 404);
    const det = f.store.detail(a.id);
    assert.equal(det.resolved_by, 'alice');
    assert.equal(det.resolved_at, new Date(f.clock.now()).toISOString());
    assert.equal(det.persisted, false);
    const ev = f.audit.events.find((e) => e.request.approval_id === a.id)!;
    assert.equal(ev.request.action, 'approval_resolved');
    assert.equal(ev.request.resolution, 'approved');
    assert.equal(ev.decision.action, 'approved');
  }));

test('two concurrent resolvers on one id: exactly one wins, the other gets 410', () =>
  withFixture(async (f) => {
    for (let round = 0; round < 20; round++) {
      const v = await f.store.enqueue(ask(call()));
      const results = await Promise.all([
        outcome(f.store.resolve(v.id, { approved: true, by: 'a' })),
        outcome(f.store.resolve(v.id, { approved: round % 2 === 0, by: 'b' })),
      ]);
      assert.deepEqual(results.sort(), [410, 'ok'].sort(), `round ${round}`);
    }
    assert.equal(f.audit.events.filter((e) => e.request.action === 'approval_resolved').length, 20);
  }));

test('audit failure on resolve: 503, still pending, no once grant; a retry then succeeds', () =>
  withFixture(async (f) => {
    const c = call();
    const v = await f.store.enqueue(ask(c));
    f.audit.failOn.add(f.audit.attempts + 1);
    assert.equal(await outcome(f.store.resolve(v.id, { approved: true, by: 'op' })), 503);
    assert.equal(f.store.get(v.id)!.status, 'pending');
    assert.equal(f.store.consumeOnceGrant(c, 'server/admin'), null);
    // The journal says pending too: a restart keeps it pending.
    f.reopen();
    assert.equal(f.store.get(v.id)!.status, 'pending');
    assert.equal((await f.store.resolve(v.id, { approved: true, by: 'op' })).record.status, 'approved');
    assert.ok(f.store.consumeOnceGrant(c, 'server/admin'));
  }));

test('journal failure on resolve: 503 and nothing changes', () =>
  withFixture(async (f) => {
    const c = call();
    const v = await f.store.enqueue(ask(c));
    const j = (f.store as any).journal;
    const orig = j.append.bind(j);
    j.append = () => {
      throw new Error('EIO');
    };
    assert.equal(await outcome(f.store.resolve(v.id, { approved: true, by: 'op' })), 503);
    assert.equal(await outcome(f.store.enqueue(ask(call()))), 503);
    j.append = orig;
    assert.equal(f.store.get(v.id)!.status, 'pending');
    assert.equal(f.audit.events.length, 0, 'no audit record for a change that never happened');
    assert.equal(f.store.list().approvals.length, 1);
  }));

test('once-only grant: the identical retry passes once; a second retry or changed context does not', () =>
  withFixture(async (f) => {
    const c = call({ input: { command: 'deploy prod', description: 'ship' } });
    const v = await f.store.enqueue(ask(c));
    await f.store.resolve(v.id, { approved: true, by: 'operator' });
    const resolution = f.audit.events.at(-1)!;
    const variants = [
      { ...c, params: { command: 'deploy prod2' } },
      { ...c, workdir: '/elsewhere' },
      { ...c, session: 's2' },
      { ...c, runId: 'run-2' },
      { ...c, toolCallId: 'other' },
      { ...c, agent: 'codex' },
      { ...c, agentDepth: 1 },
      { ...c, tool: 'bash' },
      { ...c, input: { command: 'deploy prod' } },
    ];
    for (const changed of variants) assert.equal(f.store.consumeOnceGrant(changed, 'server/admin'), null);
    assert.equal(f.store.consumeOnceGrant(c, 'credential-other'), null, 'another credential cannot use it');
    const got = f.store.consumeOnceGrant({ ...c, params: { ...c.params } }, 'server/admin');
    assert.ok(got);
    assert.equal(got!.id, v.id);
    assert.equal(got!.status, 'approved');
    assert.equal(got!.resolved_by, 'operator');
    assert.equal(got!.resolution_audit_id, resolution.id);
    assert.equal(f.store.consumeOnceGrant(c, 'server/admin'), null, 'consumed at most once');
  }));

test('no once grant without both run_id and tool_call_id, after a denial, or after it expires', () =>
  withFixture(async (f) => {
    const noRun = call({ runId: undefined });
    const noId = call({ toolCallId: undefined });
    const denied = call();
    const late = call();
    for (const c of [noRun, noId, late]) {
      const v = await f.store.enqueue(ask(c));
      await f.store.resolve(v.id, { approved: true, by: 'op' });
    }
    const d = await f.store.enqueue(ask(denied));
    await f.store.resolve(d.id, { approved: false, by: 'op' });
    assert.equal(f.store.consumeOnceGrant(noRun, 'server/admin'), null);
    assert.equal(f.store.consumeOnceGrant(noId, 'server/admin'), null);
    assert.equal(f.store.consumeOnceGrant(denied, 'server/admin'), null);
    f.clock.advance(60_000);
    assert.equal(f.store.consumeOnceGrant(late, 'server/admin'), null);
  }));

test('external approvals (POST /v1/approvals) never create a once grant', () =>
  withFixture(async (f) => {
    const r = await f.store.createExternal({
      actionVersion: 1,
      tool: 'exec',
      agent: 'claude-code',
      session: 's1',
      params: { command: 'deploy prod' },
      runId: 'run-1',
      toolCallId: 'tc-1',
      credentialOwner: 'server/admin',
    });
    assert.equal(r.autoApproved, false);
    const id = (r as any).record.id;
    await f.store.resolve(id, { approved: true, by: 'op' });
    const c = call({ toolCallId: 'tc-1', workdir: undefined });
    assert.equal(f.store.consumeOnceGrant(c, 'server/admin'), null);
  }));

test('persist: exact rule written for exec; refused (400, still pending) for other tools and redacted approvals', () =>
  withFixture(async (f) => {
    const mcp = await f.store.enqueue(ask(call({ tool: 'mcp.custom' })));
    assert.equal(await outcome(f.store.resolve(mcp.id, { approved: true, by: 'op', persist: true })), 400);
    assert.equal(f.store.get(mcp.id)!.status, 'pending');
    const secret = await f.store.enqueue(
      ask(call({ params: { command: 'curl -H "Authorization: Bearer abcdefghijklmnopqrstuvwxyz123456" x' } })),
    );
    assert.equal(await outcome(f.store.resolve(secret.id, { approved: true, by: 'op', persist: true })), 400);
    assert.equal(f.store.get(secret.id)!.status, 'pending');
    const ok = await f.store.enqueue(ask(call({ params: { command: 'deploy prod *now*' } })));
    const r = await f.store.resolve(ok.id, { approved: true, by: 'op', persist: true });
    assert.equal(r.persisted, true);
    assert.equal(f.store.detail(ok.id).persisted, true);
    const rules = await f.rules.list();
    assert.equal(rules.length, 1);
    assert.equal(rules[0]!.command_pattern, 'deploy prod [*]now[*]');
    assert.equal(f.reloads, 1);
    assert.deepEqual(f.audit.actions().slice(-2), ['approval_resolved', 'approval_persistence_authorized']);
    // Deny with persist just denies.
    const d = await f.store.enqueue(ask(call({ tool: 'mcp.custom' })));
    const dr = await f.store.resolve(d.id, { approved: false, by: 'op', persist: true });
    assert.equal(dr.record.status, 'denied');
    assert.equal(dr.persisted, false);
  }));
