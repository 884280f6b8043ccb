// Bulk resolution (docs/api.md, bulk-resolve): validation codes, pending and run scope, run grants, and the
// races: calls arriving while a run-scope bulk commits are race-covered, and a denial, outside
// approval, audit failure or window expiry before publication aborts with 503 and no grant.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withFixture, call, ask, outcome, TIMEOUT, type Fixture } from './helpers.js';
import type { SvcError } from '../../src/util/errors.js';
import { statusOf } from '../../server/http-errors.js';

const SCOPE = { agent: 'claude-code', session: 's1', run_id: 'run-1' };
const RUN = { agent: 'claude-code', session: 's1', runId: 'run-1', credentialOwner: 'server/admin' };

async function pendingPair(f: Fixture, owner = 'server/admin') {
  const a = await f.store.enqueue(ask(call(), owner));
  const b = await f.store.enqueue(ask(call(), owner));
  return [a.id, b.id];
}

async function bulkError(p: Promise<unknown>): Promise<SvcError> {
  try {
    await p;
  } catch (err) {
    return err as SvcError;
  }
  throw new Error('expected the bulk request to fail');
}

test('validation: 400 for every malformed request, nothing resolved', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    const good = { ...SCOPE, action: 'approve', scope: 'pending', ids: [a] };
    const bad: Record<string, unknown>[] = [
      { ...good, agent: '' },
      { ...good, agent: undefined },
      { ...good, session: '' },
      { ...good, run_id: '' },
      { ...good, run_id: '   ' },
      { action: 'approve', scope: 'pending', ids: [a] },
      { ...good, action: 'maybe' },
      { ...good, action: undefined },
      { ...good, scope: undefined },
      { ...good, scope: 'session' },
      { ...good, action: 'deny', scope: 'run' },
      { ...good, ids: undefined },
      { ...good, ids: [] },
      { ...good, ids: 'abc' },
      { ...good, ids: [a, a] },
      { ...good, ids: [a, ''] },
      { ...good, ids: [a, 7] },
      { ...good, agent: 'codex' },
      { ...good, run_id: 'run-2' },
    ];
    for (const body of bad) assert.equal(await outcome(f.store.bulkResolve(body)), 400, JSON.stringify(body));
    assert.equal(f.store.list().approvals.length, 2);
    assert.equal(f.audit.events.length, 0);
    void b;
  }));

test('409 when a reviewed id is no longer pending (unknown, resolved, expired); nothing resolved', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    assert.equal(
      await outcome(f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'pending', ids: ['missing'] })),
      409,
    );
    assert.equal(
      await outcome(f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'pending', ids: [a, 'missing'] })),
      409,
    );
    assert.equal(f.store.get(a!)!.status, 'pending');
    await f.store.resolve(b!, { approved: false, by: 'op' });
    assert.equal(
      await outcome(f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'pending', ids: [a, b] })),
      409,
    );
    assert.equal(f.store.get(a!)!.status, 'pending');
  }));

test('run scope: several credential owners give 400; an omitted pending approval of the owner gives 409', () =>
  withFixture(async (f) => {
    const [a1] = await pendingPair(f, 'credential-aaaaaaaaaaaa');
    const [b1] = await pendingPair(f, 'credential-bbbbbbbbbbbb');
    assert.equal(await outcome(f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a1, b1] })), 400);
    assert.equal(await outcome(f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a1] })), 409);
    assert.equal(f.store.list().approvals.length, 4);
    assert.equal(f.audit.events.length, 0);
    assert.equal(f.store.runGrantCovers({ ...RUN, credentialOwner: 'credential-aaaaaaaaaaaa' }), false);
  }));

test('scope pending approves only the listed ids, grants nothing, and records the bulk audit fields', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    const unreviewed = await f.store.enqueue(ask(call()));
    const r = await f.store.bulkResolve({
      ...SCOPE,
      action: 'approve',
      scope: 'pending',
      ids: [a, b],
      resolved_by: 'alice',
    });
    assert.deepEqual(r, {
      resolved: 2,
      ids: [a, b],
      reviewed_ids: [a, b],
      race_covered_ids: [],
      scope: 'pending',
      future_calls_authorized: false,
    });
    assert.equal(f.store.get(unreviewed.id)!.status, 'pending');
    assert.equal(f.store.runGrantCovers(RUN), false);
    const evs = f.audit.events;
    assert.equal(evs.length, 2);
    for (const [i, ev] of evs.entries()) {
      assert.equal(ev.request.approval_id, [a, b][i]);
      assert.equal(ev.request.bulk, true);
      assert.equal(ev.request.approval_scope, 'pending');
      assert.equal(ev.request.future_calls_requested, false);
      assert.equal(ev.request.auto_approve, false);
      assert.ok(!('grant_ttl_ms' in ev.request));
      assert.ok(!('auto_approve_ttl_seconds' in ev.request));
      assert.equal(ev.run_id, 'run-1');
    }
    assert.ok(f.busEvents.some((e) => e.type === 'audit_batch' && e.run_id === 'run-1'));
  }));

test('deny with scope pending denies the listed calls and wakes their waiters with the denial', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    const w = f.store.waitForResolution(a!);
    const r = await f.store.bulkResolve({ ...SCOPE, action: 'DENY', scope: 'pending', ids: [a, b] });
    assert.equal(r.resolved, 2);
    assert.equal((await w).status, 'denied');
    assert.equal(f.store.get(b!)!.status, 'denied');
  }));

test('scope run publishes a grant for exactly that scope, for the approval timeout from the snapshot', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    const start = f.clock.now();
    const r = await f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a, b] });
    assert.equal(r.future_calls_authorized, true);
    assert.equal(r.grant_ttl_ms, TIMEOUT);
    assert.equal(r.grant_expires_at, new Date(start + TIMEOUT).toISOString());
    assert.deepEqual(r.race_covered_ids, []);
    const actions = f.audit.events.map((e) => e.request.action);
    assert.deepEqual(actions, ['approval_resolved', 'approval_resolved', 'run_approval_publication_authorized']);
    for (const ev of f.audit.events.slice(0, 2)) {
      assert.equal(ev.request.approval_scope, 'run');
      assert.equal(ev.request.future_calls_requested, true);
      assert.equal(ev.request.auto_approve, true);
      assert.equal(ev.request.grant_ttl_ms, TIMEOUT);
      assert.equal(ev.request.auto_approve_ttl_seconds, 120);
    }
    const pub = f.audit.events[2]!.request;
    assert.deepEqual(pub.reviewed_approval_ids, [a, b]);
    assert.equal(pub.credential_owner, 'server/admin');
    assert.equal(pub.grant_ttl_ms, TIMEOUT);
    assert.ok(!('future_calls_authorized' in pub));

    assert.equal(f.store.runGrantCovers(RUN), true);
    for (const other of [
      { agent: 'codex' },
      { session: 's2' },
      { runId: 'run-2' },
      { credentialOwner: 'credential-x' },
    ]) {
      assert.equal(f.store.runGrantCovers({ ...RUN, ...other }), false);
    }
    // New calls and approval requests in the scope go through at once, no card.
    const next = await f.store.enqueue(ask(call()));
    assert.equal(next.status, 'approved');
    const ext = await f.store.createExternal({
      actionVersion: 1,
      tool: 'exec',
      agent: 'claude-code',
      session: 's1',
      runId: 'run-1',
      params: { command: 'ls' },
      credentialOwner: 'server/admin',
    });
    assert.equal(ext.autoApproved, true);
    assert.equal((ext as any).expiresAt, r.grant_expires_at);
    const other = await f.store.enqueue(ask(call(), 'credential-x'));
    assert.equal(other.status, 'pending');
    assert.equal(f.store.list().approvals.length, 1);
    // Gone after the timeout: the next call queues again.
    f.clock.advance(TIMEOUT);
    assert.equal(f.store.runGrantCovers(RUN), false);
    assert.equal((await f.store.enqueue(ask(call()))).status, 'pending');
  }));

test('a grant is gone after a restart', () =>
  withFixture(async (f) => {
    const ids = await pendingPair(f);
    await f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids });
    assert.equal(f.store.runGrantCovers(RUN), true);
    f.reopen();
    assert.equal(f.store.runGrantCovers(RUN), false);
  }));

test('race: a call arriving while the run-scope bulk commits is approved as race-covered', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    f.audit.holding = true;
    const bulk = f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a, b] });
    await f.audit.parked();
    const racedCall = call();
    const raced = f.store.enqueue(ask(racedCall));
    f.audit.releaseAll();
    const [r, v] = await Promise.all([bulk, raced]);
    assert.equal(v.status, 'pending', 'created before publication');
    assert.deepEqual(r.race_covered_ids, [v.id]);
    assert.deepEqual(r.ids, [a, b, v.id]);
    assert.equal(r.resolved, 3);
    assert.equal(r.future_calls_authorized, true);
    assert.equal(f.store.get(v.id)!.status, 'approved');
    assert.equal(f.store.list().approvals.length, 0, 'nothing left pending');
    const raceEv = f.audit.events.find((e) => e.request.approval_id === v.id)!;
    assert.equal(raceEv.request.race_covered, true);
    assert.deepEqual(f.audit.events.at(-1)!.request.race_covered_ids, [v.id]);
    // The raced call's exact retry is let through once, like any approved call.
    assert.ok(f.store.consumeOnceGrant(racedCall, 'server/admin'));
  }));

test('race: a call arriving during publication is auto-approved by the grant (no card)', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    f.audit.holding = true;
    const bulk = f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a, b] });
    await f.audit.parked();
    f.audit.release();
    await f.audit.parked();
    f.audit.release();
    await f.audit.parked(); // the publication event
    const raced = f.store.enqueue(ask(call()));
    f.audit.releaseAll();
    const [r, v] = await Promise.all([bulk, raced]);
    assert.deepEqual(r.race_covered_ids, []);
    assert.equal(v.status, 'approved');
    assert.equal(f.store.list().approvals.length, 0);
  }));

test('race: a pending-scope bulk leaves a concurrently created call pending', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    f.audit.holding = true;
    const bulk = f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'pending', ids: [a, b] });
    await f.audit.parked();
    const raced = f.store.enqueue(ask(call()));
    f.audit.releaseAll();
    const [r, v] = await Promise.all([bulk, raced]);
    assert.deepEqual(r.race_covered_ids, []);
    assert.equal(f.store.get(v.id)!.status, 'pending');
  }));

async function raceThenResolveElsewhere(f: Fixture, approved: boolean) {
  const [a, b] = await pendingPair(f);
  f.audit.holding = true;
  const bulk = f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a, b] });
  await f.audit.parked(); // a's resolution audit
  const raced = f.store.enqueue(ask(call()));
  f.audit.release();
  await f.audit.parked(); // b's resolution audit; the raced call exists now
  const v = await raced;
  const other = f.store.resolve(v.id, { approved, by: 'someone-else' });
  f.audit.releaseAll();
  const err = await bulkError(bulk);
  assert.equal(await outcome(other), 'ok');
  return { err, a: a!, b: b!, raced: v.id };
}

test('a deny landing mid-publication aborts: 503 refresh_required, committed ids listed, no grant', () =>
  withFixture(async (f) => {
    const { err, a, b, raced } = await raceThenResolveElsewhere(f, false);
    assert.equal(statusOf(err), 503);
    assert.equal(err.extra.refresh_required, true);
    assert.equal(err.extra.future_calls_authorized, false);
    assert.deepEqual(err.extra.ids, [a, b]);
    assert.deepEqual(err.extra.unresolved_reviewed_ids, []);
    assert.equal(err.extra.resolved, 2);
    assert.match(err.message, /denied after the snapshot/);
    assert.equal(f.store.runGrantCovers(RUN), false);
    assert.equal(f.store.get(a)!.status, 'approved', 'exact resolutions already committed stay valid');
    assert.equal(f.store.get(raced)!.status, 'denied');
    assert.ok(!f.audit.actions().includes('run_approval_publication_authorized'));
    // The next call of the run queues for approval again.
    assert.equal((await f.store.enqueue(ask(call()))).status, 'pending');
  }));

test('an approval of a raced call by another resolver also aborts publication', () =>
  withFixture(async (f) => {
    const { err } = await raceThenResolveElsewhere(f, true);
    assert.equal(statusOf(err), 503);
    assert.match(err.message, /approved by another resolver/);
    assert.equal(f.store.runGrantCovers(RUN), false);
  }));

test('a reviewed approval resolved elsewhere mid-bulk: 503 with the unresolved ids', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    f.audit.holding = true;
    const bulk = f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'pending', ids: [a, b] });
    await f.audit.parked();
    const other = f.store.resolve(b!, { approved: false, by: 'bob' });
    f.audit.releaseAll();
    const err = await bulkError(bulk);
    await other;
    assert.equal(statusOf(err), 503);
    assert.deepEqual(err.extra.ids, [a]);
    assert.deepEqual(err.extra.unresolved_reviewed_ids, [b]);
    assert.equal(f.store.get(b!)!.status, 'denied');
  }));

test('audit failure on the second resolution: 503, first stays approved, second pending, no grant', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    f.audit.failOn.add(2);
    const err = await bulkError(f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a, b] }));
    assert.equal(statusOf(err), 503);
    assert.equal(err.extra.resolved, 1);
    assert.deepEqual(err.extra.ids, [a]);
    assert.deepEqual(err.extra.unresolved_reviewed_ids, [b]);
    assert.equal(f.store.get(a!)!.status, 'approved');
    assert.equal(f.store.get(b!)!.status, 'pending');
    assert.equal(f.store.runGrantCovers(RUN), false);
  }));

test('publication audit failure: 503, approvals stay approved, no grant', () =>
  withFixture(async (f) => {
    const a = (await f.store.enqueue(ask(call()))).id;
    f.audit.failOn.add(2);
    const err = await bulkError(f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a] }));
    assert.equal(statusOf(err), 503);
    assert.deepEqual(err.extra.ids, [a]);
    assert.deepEqual(err.extra.unresolved_reviewed_ids, []);
    assert.equal(f.store.get(a)!.status, 'approved');
    assert.equal(f.store.runGrantCovers(RUN), false);
  }));

test('the run window is not extended: passing its deadline before publication aborts with 503', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    f.audit.holding = true;
    const bulk = f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a, b] });
    await f.audit.parked();
    f.clock.advance(TIMEOUT);
    f.audit.releaseAll();
    const err = await bulkError(bulk);
    assert.equal(statusOf(err), 503);
    assert.equal(f.store.runGrantCovers(RUN), false);
  }));

test('one run-scope bulk per scope at a time: a second concurrent one gets 409', () =>
  withFixture(async (f) => {
    const [a, b] = await pendingPair(f);
    f.audit.holding = true;
    const first = f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [a, b] });
    await f.audit.parked();
    const second = outcome(f.store.bulkResolve({ ...SCOPE, action: 'approve', scope: 'run', ids: [b] }));
    f.audit.releaseAll();
    assert.equal((await first).future_calls_authorized, true);
    assert.equal(await second, 409);
  }));
