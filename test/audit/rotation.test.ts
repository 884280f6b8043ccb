// Rotation by UTC day and by size, restarts and anchors: one chain throughout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openAuditLog } from '../../src/audit/log.js';
import { verifyChain } from '../../src/audit/verify.js';
import { ManualClock } from '../../src/util/clock.js';
import { auditFiles, cleanup, input, readEvents, tempDir } from './helpers.js';

const DAY = 86_400_000;

test('a UTC day change starts a new file and the chain continues into it', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const clock = new ManualClock(Date.UTC(2026, 0, 31, 23, 59, 59, 990));
    const log = await openAuditLog({ dir, dataDir: data, clock });
    const a = await log.append(input(1));
    clock.advance(20); // 2026-02-01T00:00:00.010Z
    const b = await log.append(input(2));
    await log.close();
    assert.deepEqual(auditFiles(dir), ['2026-01-31.jsonl', '2026-02-01.jsonl']);
    assert.equal(b.prev_hash, a.hash);
    assert.ok(b.id > a.id);
    assert.equal((await verifyChain(dir)).ok, true);
  } finally {
    cleanup(data);
  }
});

test('size rotation continues the day in YYYY-MM-DD.1.jsonl, .2, ... and the chain across them', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const clock = new ManualClock(Date.UTC(2026, 4, 5, 10));
    const max = 2000;
    const log = await openAuditLog({ dir, dataDir: data, clock, maxSizeBytes: max });
    await Promise.all(Array.from({ length: 30 }, (_, i) => log.append(input(i))));
    for (let i = 30; i < 40; i++) await log.append(input(i));
    await log.close();
    const files = auditFiles(dir);
    assert.ok(files.length >= 4, files.join());
    assert.equal(files[0], '2026-05-05.jsonl');
    assert.equal(files[1], '2026-05-05.1.jsonl');
    assert.equal(files[2], '2026-05-05.2.jsonl');
    for (const f of files) assert.ok(statSync(join(dir, f)).size <= max, `${f} is within the limit`);
    const evs = readEvents(dir);
    assert.equal(evs.length, 40);
    const r = await verifyChain(dir);
    assert.equal(r.ok, true, JSON.stringify(r.problem));
  } finally {
    cleanup(data);
  }
});

test('a restart continues the chain, in the newest part, with ids after the old ones even if the clock stepped back', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const clock = new ManualClock(Date.UTC(2026, 4, 5, 10));
    let log = await openAuditLog({ dir, dataDir: data, clock, maxSizeBytes: 1500 });
    for (let i = 0; i < 8; i++) await log.append(input(i));
    const last = (await log.query({ date: '2026-05-05', limit: 1 })).events[0]!;
    await log.close();
    const before = auditFiles(dir);

    clock.advance(-3_600_000);
    log = await openAuditLog({ dir, dataDir: data, clock, maxSizeBytes: 1500 });
    const next = await log.append(input('after restart'));
    assert.equal(next.prev_hash, last.hash);
    assert.ok(next.id > last.id, `${next.id} > ${last.id}`);
    for (let i = 0; i < 8; i++) await log.append(input(`more ${i}`));
    await log.close();
    const after = auditFiles(dir);
    assert.ok(after.length > before.length);
    for (const f of after) assert.ok(statSync(join(dir, f)).size <= 1500);
    assert.equal((await verifyChain(dir)).ok, true);
  } finally {
    cleanup(data);
  }
});

test('a clock that steps back a day never writes behind the newest file', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const clock = new ManualClock(Date.UTC(2026, 4, 5, 10));
    const log = await openAuditLog({ dir, dataDir: data, clock });
    await log.append(input(1));
    clock.advance(-DAY);
    await log.append(input(2));
    await log.close();
    assert.deepEqual(auditFiles(dir), ['2026-05-05.jsonl']);
    assert.equal((await verifyChain(dir)).ok, true);
  } finally {
    cleanup(data);
  }
});

test('an anchor every 100 events, replaced atomically, 0600; reopening verifies from it', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const clock = new ManualClock(Date.UTC(2026, 6, 1));
    let log = await openAuditLog({ dir, dataDir: data, clock });
    const seen: number[] = [];
    log.onAnchor((a) => seen.push(a.count));
    const evs = [];
    for (let i = 0; i < 250; i++) evs.push(await log.append(input(i)));
    await log.close();
    assert.deepEqual(seen, [100, 200]);
    const file = join(data, 'audit-anchor.json');
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const anchor = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(anchor.count, 200);
    assert.equal(anchor.last_hash, evs[199]!.hash);
    assert.equal(anchor.event_id, evs[199]!.id);
    assert.equal(anchor.file, '2026-07-01.jsonl');
    assert.equal(anchor.line, 200);
    assert.equal(typeof anchor.timestamp, 'string');

    log = await openAuditLog({ dir, dataDir: data, clock });
    assert.equal(log.opened.verified.events, 51, 'opening verified from the anchor, not from the start');
    assert.equal(log.eventCount, 250);
    for (let i = 0; i < 50; i++) await log.append(input(i));
    await log.close();
    assert.equal(JSON.parse(readFileSync(file, 'utf8')).count, 300);
    assert.equal((await verifyChain(dir, { anchorPath: file })).ok, true);
  } finally {
    cleanup(data);
  }
});

test('a concurrent batch spanning a day change and a size limit still forms one chain', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const clock = new ManualClock(Date.UTC(2026, 6, 1, 23, 59, 59, 999));
    const log = await openAuditLog({ dir, dataDir: data, clock, maxSizeBytes: 1200 });
    const orig = clock.now.bind(clock);
    let calls = 0;
    // Every id/timestamp draw moves time on, so one batch crosses midnight.
    clock.now = () => orig() + calls++;
    await Promise.all(Array.from({ length: 12 }, (_, i) => log.append(input(i))));
    await log.close();
    const files = auditFiles(dir);
    assert.ok(
      files.some((f) => f.startsWith('2026-07-02')),
      files.join(),
    );
    assert.equal(readEvents(dir).length, 12);
    assert.equal((await verifyChain(dir)).ok, true);
  } finally {
    cleanup(data);
  }
});
