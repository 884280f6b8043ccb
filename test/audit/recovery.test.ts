// Opening a log after a crash or tampering: a torn last line is cut and recorded; a chain that
// does not verify refuses to open, unless a new segment is requested, which records the break.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync, statSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openAuditLog, AuditChainError } from '../../src/audit/log.js';
import { verifyChain } from '../../src/audit/verify.js';
import { ManualClock } from '../../src/util/clock.js';
import { auditFiles, cleanup, input, readEvents, tempDir } from './helpers.js';

async function withLog(n: number) {
  const data = tempDir();
  const dir = join(data, 'audit');
  const clock = new ManualClock(Date.UTC(2026, 1, 10, 8));
  const log = await openAuditLog({ dir, dataDir: data, clock });
  const evs = [];
  for (let i = 0; i < n; i++) evs.push(await log.append(input(i)));
  await log.close();
  const file = join(dir, auditFiles(dir)[0]!);
  return { data, dir, clock, evs, file, anchorPath: join(data, 'audit-anchor.json') };
}

for (const [name, tail] of [
  ['a half-written line', '{"id":"01KH'],
  ['zero bytes left by a crash', '\0\0\0\0\0\0'],
  ['an unparsable last line with a newline', '{"id":garbage}\n'],
] as const) {
  test(`torn tail (${name}) is cut on open and a recovery event records the bytes`, async () => {
    const { data, dir, clock, evs, file } = await withLog(5);
    try {
      const good = statSync(file).size;
      appendFileSync(file, tail);
      const logs: string[] = [];
      const log = await openAuditLog({ dir, dataDir: data, clock, log: (m) => logs.push(m) });
      assert.equal(log.opened.recoveredBytes, Buffer.byteLength(tail));
      const next = await log.append(input('next'));
      await log.close();
      const all = readEvents(dir);
      assert.equal(all.length, 7);
      const rec = all[5];
      assert.equal(rec.request.kind, 'audit_recovery');
      assert.equal(rec.request.bytes_cut, Buffer.byteLength(tail));
      assert.equal(rec.request.line, 6);
      assert.equal(rec.prev_hash, evs[4]!.hash);
      assert.equal(next.prev_hash, rec.hash);
      assert.ok(readFileSync(file).subarray(0, good).equals(readFileSync(file).subarray(0, good)));
      assert.ok(logs.some((l) => /cut \d+ bytes/.test(l)));
      const r = await verifyChain(dir);
      assert.equal(r.ok, true, JSON.stringify(r.problem));
    } finally {
      cleanup(data);
    }
  });
}

test('verify reports an unterminated last line as a torn tail, not as tampering', async () => {
  const { data, dir, file } = await withLog(3);
  try {
    appendFileSync(file, '{"half":');
    const r = await verifyChain(dir);
    assert.equal(r.ok, true);
    assert.equal(r.tornTail?.line, 4);
  } finally {
    cleanup(data);
  }
});

test('a chain that does not verify refuses to open, names file and line, and leaves the files alone', async () => {
  const { data, dir, clock, file } = await withLog(6);
  try {
    const ls = readFileSync(file, 'utf8').split('\n');
    ls[2] = ls[2]!.replace('echo 2', 'echo X');
    writeFileSync(file, ls.join('\n'));
    const before = readFileSync(file);
    await assert.rejects(openAuditLog({ dir, dataDir: data, clock }), (err: Error) => {
      assert.ok(err instanceof AuditChainError);
      assert.match(err.message, /2026-02-10\.jsonl line 3/);
      assert.match(err.message, /--audit-start-new-chain/);
      return true;
    });
    assert.ok(readFileSync(file).equals(before));
  } finally {
    cleanup(data);
  }
});

test('startNewChain records the break (prev_hash "") and verify accepts exactly that break', async () => {
  const { data, dir, clock, evs, file, anchorPath } = await withLog(6);
  try {
    const ls = readFileSync(file, 'utf8').split('\n');
    ls.splice(3, 1); // delete line 4
    writeFileSync(file, ls.join('\n'));
    const log = await openAuditLog({ dir, dataDir: data, clock, startNewChain: true });
    assert.deepEqual(log.opened.newSegment && { file: log.opened.newSegment.file, line: log.opened.newSegment.line }, {
      file: '2026-02-10.jsonl',
      line: 4,
    });
    const after = await log.append(input('after'));
    await log.close();
    const all = readEvents(dir);
    const brk = all[5];
    assert.equal(brk.prev_hash, '');
    assert.equal(brk.request.kind, 'audit_chain_break');
    assert.equal(brk.request.broken_file, '2026-02-10.jsonl');
    assert.equal(brk.request.broken_line, 4);
    assert.equal(brk.request.last_verified_hash, evs[2]!.hash);
    assert.equal(brk.decision.action, 'chain_break');
    assert.equal(after.prev_hash, brk.hash);
    // The anchor now points at the break, so the new segment is anchored at once.
    assert.equal(JSON.parse(readFileSync(anchorPath, 'utf8')).last_hash, brk.hash);

    const r = await verifyChain(dir, { anchorPath });
    assert.equal(r.ok, true, JSON.stringify(r.problem));
    assert.equal(r.breaks.length, 1);
    assert.equal(r.skipped, 2, 'the two lines from the break to the new segment');
    assert.deepEqual({ ...r.breaks[0]!.acknowledges, problem: '' }, { file: '2026-02-10.jsonl', line: 4, problem: '' });

    // Reopening without the flag works: the break is on record.
    const again = await openAuditLog({ dir, dataDir: data, clock });
    await again.append(input('later'));
    await again.close();
    assert.equal((await verifyChain(dir, { anchorPath })).ok, true);
  } finally {
    cleanup(data);
  }
});

test('a second, unrecorded problem after a recorded break still fails verify', async () => {
  const { data, dir, clock, file } = await withLog(6);
  try {
    let ls = readFileSync(file, 'utf8').split('\n');
    ls.splice(1, 1);
    writeFileSync(file, ls.join('\n'));
    const log = await openAuditLog({ dir, dataDir: data, clock, startNewChain: true });
    for (let i = 0; i < 4; i++) await log.append(input(`seg2-${i}`));
    await log.close();
    ls = readFileSync(file, 'utf8').split('\n');
    const n = ls.length - 1;
    [ls[n - 1], ls[n - 2]] = [ls[n - 2]!, ls[n - 1]!]; // swap the last two events
    writeFileSync(file, ls.join('\n'));
    const r = await verifyChain(dir);
    assert.equal(r.ok, false);
    assert.equal(r.problem!.line, n - 1);
    assert.equal(r.breaks.length, 1);
  } finally {
    cleanup(data);
  }
});

test('events removed after the anchor: refuses to open; startNewChain records it', async () => {
  const { data, dir, clock, file, anchorPath } = await withLog(130);
  try {
    const ls = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, ls.slice(0, 80).join('\n') + '\n');
    await assert.rejects(openAuditLog({ dir, dataDir: data, clock }), /line 100: the anchor names event/);
    const log = await openAuditLog({ dir, dataDir: data, clock, startNewChain: true });
    await log.append(input('x'));
    await log.close();
    const r = await verifyChain(dir, { anchorPath });
    assert.equal(r.ok, true, JSON.stringify(r.problem ?? r.anchor));
    assert.equal(readEvents(dir)[80].request.broken_line, 100);
  } finally {
    cleanup(data);
  }
});

test('an emptied audit directory is noticed through the anchor', async () => {
  const { data, dir, clock } = await withLog(100);
  try {
    rmSync(dir, { recursive: true });
    await assert.rejects(openAuditLog({ dir, dataDir: data, clock }), AuditChainError);
    const log = await openAuditLog({ dir, dataDir: data, clock, startNewChain: true });
    await log.close();
    const [first] = readEvents(dir);
    assert.equal(first.prev_hash, '');
    assert.equal(first.request.kind, 'audit_chain_break');
  } finally {
    cleanup(data);
  }
});

test('an anchor of another audit directory is ignored', async () => {
  const { data, clock } = await withLog(100);
  try {
    const other = join(data, 'other-audit');
    const log = await openAuditLog({ dir: other, dataDir: data, clock });
    const ev = await log.append(input(1));
    await log.close();
    assert.equal(ev.prev_hash, '');
  } finally {
    cleanup(data);
  }
});
