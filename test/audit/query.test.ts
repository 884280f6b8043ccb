// Reading back: events (newest first, filters, paging), dates, raw export across rotation
// parts, statistics over days; strict dates that never reach outside the audit directory.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openAuditLog, type AuditLog } from '../../src/audit/log.js';
import { AuditReader, AuditQueryError } from '../../src/audit/reader.js';
import { ManualClock } from '../../src/util/clock.js';
import { auditFiles, cleanup, input, tempDir } from './helpers.js';

const DAY = 86_400_000;
let data: string;
let dir: string;
let clock: ManualClock;
let log: AuditLog;

before(async () => {
  data = tempDir();
  dir = join(data, 'audit');
  clock = new ManualClock(Date.UTC(2026, 2, 9, 12));
  log = await openAuditLog({ dir, dataDir: data, clock, maxSizeBytes: 8 * 1024 });
  // Day 1 (2026-03-09): 120 events over several size-rotated parts.
  for (let i = 0; i < 120; i++) {
    await log.append(
      input(i, {
        agent: i % 3 === 0 ? 'codex' : 'claude',
        session: `s${i % 2}`,
        tool: i % 4 === 0 ? 'read' : 'exec',
        ...(i % 5 === 0 ? { run_id: 'run-7' } : {}),
        decision: { action: i % 10 === 0 ? 'deny' : 'allow', matched_policies: [], evaluation_time_us: 1, message: '' },
      }),
    );
  }
  clock.advance(DAY);
  // Day 2 (2026-03-10, "today"): 3 events, one with an empty agent.
  await log.append(input('a'));
  await log.append(input('b', { agent: '', session: '' }));
  await log.append(
    input('c', { decision: { action: 'ask', matched_policies: ['p'], evaluation_time_us: 1, message: 'm' } }),
  );
});

after(async () => {
  await log.close();
  cleanup(data);
});

test('events: defaults to today (UTC), newest first, with total_in_file and date', async () => {
  const r = await log.query();
  assert.equal(r.date, '2026-03-10');
  assert.equal(r.total_in_file, 3);
  assert.deepEqual(
    r.events.map((e) => e.request.command),
    ['echo c', 'echo b', 'echo a'],
  );
  assert.equal(r.next_offset, 0);
});

test('events: limit defaults to 50 and caps at 500; offset pages through every event once', async () => {
  const first = await log.query({ date: '2026-03-09' });
  assert.equal(first.events.length, 50);
  assert.equal(first.total_in_file, 120);
  assert.equal(first.next_offset, 50);
  assert.equal(first.events[0]!.request.command, 'echo 119', 'spans every rotation part, newest first');
  const seen = new Set<string>();
  let offset = 0;
  for (;;) {
    const r = await log.query({ date: '2026-03-09', limit: 7, offset });
    for (const e of r.events) seen.add(e.id);
    if (!r.next_offset) break;
    assert.equal(r.next_offset, offset + 7);
    offset = r.next_offset;
  }
  assert.equal(seen.size, 120);
  assert.equal((await log.query({ date: '2026-03-09', limit: 1000 })).events.length, 120);
  assert.equal(
    (await log.query({ date: '2026-03-09', limit: '0' })).events.length,
    50,
    'a non-positive limit means the default',
  );
  assert.equal((await log.query({ date: '2026-03-09', limit: 'x' })).events.length, 50);
  assert.equal((await log.query({ date: '2026-03-09', offset: 118 })).events.length, 2);
  assert.equal((await log.query({ date: '2026-03-09', offset: 500 })).events.length, 0);
});

test('events: the page size caps at 500 on a big day', async () => {
  const d = tempDir();
  try {
    const big = await openAuditLog({ dir: join(d, 'audit'), dataDir: d, clock: new ManualClock(Date.UTC(2026, 0, 1)) });
    await Promise.all(Array.from({ length: 600 }, (_, i) => big.append(input(i))));
    const r = await big.query({ date: '2026-01-01', limit: 9999 });
    await big.close();
    assert.equal(r.events.length, 500);
    assert.equal(r.next_offset, 500);
    assert.equal(r.total_in_file, 600);
  } finally {
    cleanup(d);
  }
});

test('events: exact filters on tool, action, agent, session and run_id combine', async () => {
  const q = (f: Record<string, string>) => log.query({ date: '2026-03-09', limit: 500, ...f });
  assert.equal((await q({ tool: 'read' })).events.length, 30);
  assert.equal((await q({ action: 'deny' })).events.length, 12);
  assert.equal((await q({ agent: 'codex' })).events.length, 40);
  assert.equal((await q({ session: 's1' })).events.length, 60);
  const run = await q({ run_id: 'run-7' });
  assert.equal(run.events.length, 24);
  assert.ok(run.events.every((e) => e.run_id === 'run-7'));
  const both = await q({ tool: 'read', action: 'deny', agent: 'codex' });
  assert.deepEqual(
    both.events.map((e) => e.request.command),
    ['echo 60', 'echo 0'],
  );
  assert.equal(both.total_in_file, 120, 'total_in_file counts before filters');
  const paged = await log.query({ date: '2026-03-09', action: 'deny', limit: 5 });
  assert.equal(paged.next_offset, 5);
  const rest = await log.query({ date: '2026-03-09', action: 'deny', limit: 5, offset: 10 });
  assert.equal(rest.events.length, 2);
  assert.equal(rest.next_offset, 0);
  assert.equal((await q({ agent: 'nobody' })).events.length, 0);
});

test('dates must be real calendar days in YYYY-MM-DD; nothing escapes the audit dir', async () => {
  for (const bad of [
    '2026-13-01',
    '../../etc',
    '2026-02-30',
    '2026-2-1',
    '2026-03-09/../../x',
    '2026-03-09.1',
    '20260309',
    '2025-02-29',
    '0000-01-01',
  ]) {
    await assert.rejects(log.query({ date: bad }), AuditQueryError, bad);
    await assert.rejects(log.exportDay(bad), AuditQueryError, bad);
    await assert.rejects(log.stats(bad, '2026-03-10'), AuditQueryError, bad);
    await assert.rejects(log.stats('2026-03-09', bad), AuditQueryError, bad);
  }
  assert.equal((await log.query({ date: '2024-02-29' })).total_in_file, 0, 'a leap day is a real day');
});

test('dates: every day with a file, newest first; an absent directory has none', async () => {
  assert.deepEqual(await log.dates(), ['2026-03-10', '2026-03-09']);
  assert.deepEqual(await new AuditReader(join(data, 'nope'), clock).dates(), []);
});

test('export: the raw bytes of every rotation part in order; null for a day without files', async () => {
  const parts = auditFiles(dir).filter((f) => f.startsWith('2026-03-09'));
  assert.ok(parts.length > 2);
  const want = Buffer.concat(parts.map((f) => readFileSync(join(dir, f))));
  const chunks: Buffer[] = [];
  for await (const c of (await log.exportDay('2026-03-09'))!) chunks.push(c);
  assert.ok(Buffer.concat(chunks).equals(want));
  assert.equal(await log.exportDay('2026-03-11'), null);
});

test('stats: totals and per-name counts over a day range; empty agent/session are not buckets', async () => {
  const s = await log.stats('2026-03-09', '2026-03-10');
  assert.equal(s.total_events, 123);
  assert.equal(s.by_action.deny, 12);
  assert.equal(s.by_action.allow, 110);
  assert.equal(s.by_action.ask, 1);
  assert.equal(s.by_tool.read, 30);
  assert.equal(s.by_tool.exec, 93);
  assert.equal(s.by_agent.codex, 40);
  assert.equal(s.by_agent.claude, 82);
  assert.ok(!('' in s.by_agent) && !('' in s.by_session));
  const today = await log.stats();
  assert.equal(today.total_events, 3);
  assert.deepEqual(await log.stats('2026-01-01', '2026-01-31'), {
    total_events: 0,
    by_action: {},
    by_tool: {},
    by_agent: {},
    by_session: {},
  });
  await assert.rejects(log.stats('2026-03-10', '2026-03-09'), /to \(2026-03-09\) is before from/);
  await assert.rejects(log.stats('2024-01-01', '2026-03-09'), /at most 366 days/);
});

test('stats count names like __proto__ as ordinary keys', async () => {
  const d = tempDir();
  try {
    const l = await openAuditLog({ dir: join(d, 'audit'), dataDir: d, clock: new ManualClock(Date.UTC(2026, 0, 1)) });
    await l.append(input(1, { agent: '__proto__', tool: 'constructor' }));
    const s = await l.stats();
    await l.close();
    assert.equal(JSON.parse(JSON.stringify(s)).by_agent.__proto__, 1);
    assert.equal(Object.getOwnPropertyDescriptor(s.by_tool, 'constructor')?.value, 1);
  } finally {
    cleanup(d);
  }
});

test('a 1 MiB request is stored whole, queried and exported; stats stream a large day', async () => {
  const d = tempDir();
  try {
    const ddir = join(d, 'audit');
    const c = new ManualClock(Date.UTC(2026, 0, 1));
    const l = await openAuditLog({ dir: ddir, dataDir: d, clock: c });
    const content = 'z'.repeat(1024 * 1024);
    const ev = await l.append(input('big', { request: { command: 'write', content } }));
    assert.equal((ev.request.content as string).length, 1024 * 1024);
    const got = await l.query({ date: '2026-01-01' });
    assert.equal((got.events[0]!.request.content as string).length, 1024 * 1024);
    await l.close();

    // A large day written directly (stats do not verify hashes): 50k lines.
    mkdirSync(join(d, 'big'), { recursive: true });
    const line =
      JSON.stringify({ ...input(0), id: 'X', timestamp: '', schema: 'service.audit.v1', prev_hash: '', hash: '' }) +
      '\n';
    writeFileSync(join(d, 'big', '2026-01-01.jsonl'), line.repeat(50_000));
    const s = await new AuditReader(join(d, 'big'), c).stats('2026-01-01', '2026-01-01');
    assert.equal(s.total_events, 50_000);
    assert.equal(s.by_agent.claude, 50_000);
  } finally {
    cleanup(d);
  }
});

test('readers skip a torn last line and lines that do not parse', async () => {
  const d = tempDir();
  try {
    mkdirSync(join(d, 'a'));
    const ok = JSON.stringify({
      ...input(1),
      id: 'A',
      timestamp: '',
      schema: 'service.audit.v1',
      prev_hash: '',
      hash: '',
    });
    writeFileSync(join(d, 'a', '2026-01-01.jsonl'), `${ok}\nnot json\n${ok}\n{"torn":`);
    const r = new AuditReader(join(d, 'a'), new ManualClock(Date.UTC(2026, 0, 1)));
    const q = await r.query();
    assert.equal(q.events.length, 2);
    assert.equal(q.total_in_file, 3);
    assert.equal((await r.stats()).total_events, 2);
  } finally {
    cleanup(d);
  }
});
