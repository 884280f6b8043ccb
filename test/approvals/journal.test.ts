// Durability: pending approvals and unconsumed once-only grants survive a restart with their ids
// and expiry; resolved ones keep answering 410; a torn last line is tolerated; damage elsewhere
// keeps the cards but drops every grant; secrets and raw fingerprints never reach the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, readdirSync, writeFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { withFixture, call, ask, outcome, TIMEOUT } from './helpers.js';
import { replay } from '../../src/approvals/journal.js';

const journalOf = (dir: string) => join(dir, 'approvals.journal');

test('pending approvals survive a restart with their ids, fields and expiry', () =>
  withFixture(async (f) => {
    const c = call({ agentDepth: 2 });
    const v = await f.store.enqueue(ask(c));
    const before = f.store.list().approvals[0];
    f.clock.advance(10_000);
    f.reopen();
    const after = f.store.list();
    assert.equal(after.approvals.length, 1);
    assert.deepEqual(after.approvals[0], before);
    assert.equal(f.store.get(v.id)!.expires_at, f.clock.now() - 10_000 + TIMEOUT);
    // It still expires on time after the restart.
    f.clock.advance(TIMEOUT - 10_000);
    assert.equal(f.store.get(v.id)!.status, 'expired');
  }));

test('approvals that expired while the server was down come back expired (410), not pending', () =>
  withFixture(async (f) => {
    const v = await f.store.enqueue(ask(call()));
    f.store.close();
    f.clock.advance(TIMEOUT + 1);
    f.reopen();
    assert.equal(f.store.list().approvals.length, 0);
    assert.equal(await outcome(f.store.resolve(v.id, { approved: true, by: 'op' })), 410);
  }));

test('a resolved approval still answers 410 after a restart', () =>
  withFixture(async (f) => {
    const v = await f.store.enqueue(ask(call()));
    await f.store.resolve(v.id, { approved: false, by: 'op' });
    f.reopen();
    assert.equal(f.store.detail(v.id).status, 'denied');
    assert.equal(await outcome(f.store.resolve(v.id, { approved: true, by: 'op' })), 410);
  }));

test('an unconsumed once-only grant survives a restart; a consumed one does not', () =>
  withFixture(async (f) => {
    const kept = call();
    const used = call();
    for (const c of [kept, used]) {
      const v = await f.store.enqueue(ask(c));
      await f.store.resolve(v.id, { approved: true, by: 'op' });
    }
    assert.ok(f.store.consumeOnceGrant(used, 'server/admin'));
    f.reopen();
    assert.equal(f.store.consumeOnceGrant(used, 'server/admin'), null);
    const got = f.store.consumeOnceGrant(kept, 'server/admin');
    assert.ok(got);
    assert.equal(got!.resolved_by, 'op');
    assert.ok(got!.resolution_audit_id);
    f.reopen();
    assert.equal(f.store.consumeOnceGrant(kept, 'server/admin'), null);
  }));

test('a once grant put back after a failed use is usable again, also after a restart', () =>
  withFixture(async (f) => {
    const c = call();
    const v = await f.store.enqueue(ask(c));
    await f.store.resolve(v.id, { approved: true, by: 'op' });
    assert.ok(f.store.consumeOnceGrant(c, 'server/admin'));
    f.store.returnOnceGrant(c, 'server/admin');
    f.store.returnOnceGrant(c, 'server/admin'); // a second return is a no-op
    f.reopen();
    assert.ok(f.store.consumeOnceGrant(c, 'server/admin'));
    assert.equal(f.store.consumeOnceGrant(c, 'server/admin'), null);
  }));

test('a torn last line (crash mid-append) is ignored and everything before it is kept', () =>
  withFixture(async (f) => {
    const c = call();
    const v = await f.store.enqueue(ask(c));
    const g = await f.store.enqueue(ask(call()));
    await f.store.resolve(g.id, { approved: true, by: 'op' });
    f.store.close();
    appendFileSync(journalOf(f.dir), '{"t":"resolve","id":"' + v.id + '","status":"appr');
    f.reopen();
    assert.equal(f.store.get(v.id)!.status, 'pending');
    assert.equal(f.store.get(g.id)!.status, 'approved');
    assert.ok(f.logs.some((l) => l.includes('torn')));
    // The file was rewritten whole: every line parses again.
    for (const line of readFileSync(journalOf(f.dir), 'utf8').trim().split('\n')) JSON.parse(line);
  }));

test('damage in the middle keeps pending cards, drops once grants (fail closed) and sets the file aside', () =>
  withFixture(async (f) => {
    const granted = call();
    const g = await f.store.enqueue(ask(granted));
    await f.store.resolve(g.id, { approved: true, by: 'op' });
    const p = await f.store.enqueue(ask(call()));
    f.store.close();
    const lines = readFileSync(journalOf(f.dir), 'utf8').split('\n');
    lines.splice(1, 0, 'garbage{');
    writeFileSync(journalOf(f.dir), lines.join('\n'));
    f.reopen();
    assert.equal(f.store.get(p.id)!.status, 'pending');
    assert.equal(f.store.consumeOnceGrant(granted, 'server/admin'), null);
    assert.ok(readdirSync(f.dir).some((n) => n.startsWith('approvals.journal.damaged-')));
  }));

test('the journal holds no secret and no fingerprint input in clear', () =>
  withFixture(async (f) => {
    const secret = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
    const c = call({ params: { command: `git push https://x:${secret}@github.com/o/r` } });
    const v = await f.store.enqueue(ask(c));
    await f.store.resolve(v.id, { approved: true, by: 'op' });
    const text = readFileSync(journalOf(f.dir), 'utf8');
    assert.ok(!text.includes(secret));
    assert.equal(statSync(journalOf(f.dir)).mode & 0o777, 0o600);
    // The grant still works: it is keyed by a hash of the unredacted call.
    f.reopen();
    assert.ok(f.store.consumeOnceGrant(c, 'server/admin'));
  }));

test('compaction keeps only live state and the journal stays small', () =>
  withFixture(
    async (f) => {
      let last = '';
      for (let i = 0; i < 400; i++) {
        const v = await f.store.enqueue(ask(call({ params: { command: 'deploy ' + 'x'.repeat(2000) + i } })));
        await f.store.resolve(v.id, { approved: false, by: 'op' });
        last = v.id;
      }
      const p = await f.store.enqueue(ask(call()));
      // Resolved records are retained for a while, then dropped by compaction.
      f.clock.advance(11 * 60_000);
      f.reopen();
      const size = statSync(journalOf(f.dir)).size;
      assert.ok(size < 10_000, `journal is ${size} bytes`);
      assert.equal(f.store.get(last), undefined);
      assert.equal(f.store.get(p.id)!.status, 'expired');
    },
    { capacity: 1000 },
  ));

test('replay: the latest line about an id wins; reopen undoes a resolve', () => {
  const a = { id: 'A', status: 'pending' };
  const text = [
    JSON.stringify({ t: 'approval', a }),
    JSON.stringify({
      t: 'resolve',
      id: 'A',
      status: 'approved',
      by: 'x',
      at: 1,
      grant: { key: 'k', approval_id: 'A' },
    }),
    JSON.stringify({ t: 'reopen', id: 'A' }),
  ].join('\n');
  const r = replay(text);
  assert.equal(r.state.approvals.get('A')!.status, 'pending');
  assert.equal(r.state.grants.size, 0);
  assert.equal(r.damaged, false);
});

test('compaction never runs while a resolution is between its journal line and its publication', () =>
  withFixture(async (f) => {
    const first = call();
    const v1 = await f.store.enqueue(ask(first));
    await f.store.resolve(v1.id, { approved: true, by: 'op' });
    const second = call();
    const v2 = await f.store.enqueue(ask(second));
    f.audit.holding = true;
    const resolving = f.store.resolve(v2.id, { approved: true, by: 'op' });
    await f.audit.parked();
    (f.store as any).journal.appended = 1e12; // as if the journal had grown huge
    assert.ok(f.store.consumeOnceGrant(first, 'server/admin')); // an append that would compact
    f.audit.releaseAll();
    await resolving;
    f.reopen();
    assert.equal(f.store.get(v2.id)!.status, 'approved');
    assert.ok(f.store.consumeOnceGrant(second, 'server/admin'));
  }));

test('1,000 approvals that expired while the server was down all come back expired, and stay so after another restart', () =>
  withFixture(async (f) => {
    const v = await f.store.enqueue(ask(call()));
    f.store.close();
    const line = readFileSync(journalOf(f.dir), 'utf8')
      .split('\n')
      .find((l) => l.includes('"t":"approval"'))!;
    const proto = JSON.parse(line).a;
    const ids = Array.from({ length: 1000 }, (_, i) => `${v.id.slice(0, -4)}${String(i).padStart(4, '0')}`);
    writeFileSync(
      journalOf(f.dir),
      ids.map((id) => JSON.stringify({ t: 'approval', a: { ...proto, id } })).join('\n') + '\n',
    );
    f.clock.advance(TIMEOUT + 1);
    f.reopen();
    assert.equal(f.store.pending().length, 0);
    for (const id of ids) assert.equal(f.store.get(id)!.status, 'expired', id);
    f.reopen();
    assert.equal(f.store.pending().length, 0);
    assert.equal(f.store.get(ids[999]!)!.status, 'expired');
    assert.equal(await outcome(f.store.resolve(ids[0]!, { approved: true, by: 'op' })), 410);
  }));
