// The hash chain (docs/audit-anchors.md) and verify finding each kind of tampering by file
// and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { openAuditLog } from '../../src/audit/log.js';
import { verifyChain } from '../../src/audit/verify.js';
import { ManualClock } from '../../src/util/clock.js';
import { auditFiles, cleanup, input, readEvents, tempDir } from './helpers.js';

/** An independent canonical form for plain ASCII data: sorted keys, no whitespace. */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((v as any)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

async function buildLog(n: number, opts: { days?: number } = {}) {
  const data = tempDir();
  const dir = join(data, 'audit');
  const clock = new ManualClock(Date.UTC(2026, 2, 1, 12));
  const log = await openAuditLog({ dir, dataDir: data, clock });
  const days = opts.days ?? 1;
  for (let d = 0; d < days; d++) {
    for (let i = 0; i < n; i++) await log.append(input(`${d}-${i}`));
    clock.advance(86_400_000);
  }
  await log.close();
  return { data, dir, anchorPath: join(data, 'audit-anchor.json') };
}

function lines(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').slice(0, -1);
}

test('each hash is sha256 over prev_hash + canonical event without "hash"; the first prev_hash is ""', async () => {
  const { data, dir } = await buildLog(5);
  try {
    const evs = readEvents(dir);
    assert.equal(evs.length, 5);
    assert.equal(evs[0].prev_hash, '');
    let prev = '';
    for (const ev of evs) {
      assert.equal(ev.prev_hash, prev);
      assert.equal(ev.schema, 'service.audit.v1');
      const { hash, ...rest } = ev;
      const want =
        'sha256:' +
        createHash('sha256')
          .update(prev + sortedJson(rest), 'utf8')
          .digest('hex');
      assert.equal(hash, want);
      prev = hash;
    }
    const ids = evs.map((e) => e.id);
    assert.deepEqual([...ids].sort(), ids, 'ids sort in append order');
    assert.equal(new Set(ids).size, ids.length);
    for (const ev of evs) {
      assert.match(ev.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      for (const k of ['id', 'timestamp', 'agent', 'session', 'tool', 'request', 'decision', 'prev_hash', 'hash'])
        assert.ok(k in ev, k);
      for (const k of ['action', 'matched_policies', 'evaluation_time_us', 'message', 'suggestions'])
        assert.ok(k in ev.decision, k);
    }
  } finally {
    cleanup(data);
  }
});

test('files are 0600 and the audit directory 0700', async () => {
  const { data, dir } = await buildLog(1);
  try {
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    for (const f of auditFiles(dir)) assert.equal(statSync(join(dir, f)).mode & 0o777, 0o600);
    assert.equal(
      statSync(join(data, 'audit-anchor.json'), { throwIfNoEntry: false }),
      undefined,
      'no anchor before 100 events',
    );
  } finally {
    cleanup(data);
  }
});

test('an intact log verifies', async () => {
  const { data, dir, anchorPath } = await buildLog(60, { days: 2 });
  try {
    const r = await verifyChain(dir, { anchorPath });
    assert.equal(r.ok, true, JSON.stringify(r.problem));
    assert.equal(r.events, 120);
    assert.equal(r.files, 2);
    assert.equal(r.anchor.status, 'ok');
  } finally {
    cleanup(data);
  }
});

test('one changed byte is found at its line', async () => {
  const { data, dir, anchorPath } = await buildLog(10);
  try {
    const file = join(dir, auditFiles(dir)[0]!);
    const ls = lines(file);
    ls[4] = ls[4]!.replace('echo 0-4', 'echo 0-5');
    writeFileSync(file, ls.join('\n') + '\n');
    const r = await verifyChain(dir, { anchorPath });
    assert.equal(r.ok, false);
    assert.equal(r.problem!.file, auditFiles(dir)[0]);
    assert.equal(r.problem!.line, 5);
    assert.match(r.problem!.problem, /does not match its hash/);
  } finally {
    cleanup(data);
  }
});

test('a changed byte that breaks the JSON is found at its line', async () => {
  const { data, dir, anchorPath } = await buildLog(10);
  try {
    const file = join(dir, auditFiles(dir)[0]!);
    const buf = readFileSync(file);
    const at = lines(file).slice(0, 2).join('\n').length + 1; // first byte of line 3
    buf[at] = 0x41;
    writeFileSync(file, buf);
    const r = await verifyChain(dir, { anchorPath });
    assert.equal(r.ok, false);
    assert.equal(r.problem!.line, 3);
    assert.match(r.problem!.problem, /not valid JSON/);
  } finally {
    cleanup(data);
  }
});

test('a deleted line is found at the line after it', async () => {
  const { data, dir, anchorPath } = await buildLog(10);
  try {
    const file = join(dir, auditFiles(dir)[0]!);
    const ls = lines(file);
    ls.splice(6, 1);
    writeFileSync(file, ls.join('\n') + '\n');
    const r = await verifyChain(dir, { anchorPath });
    assert.equal(r.ok, false);
    assert.equal(r.problem!.line, 7);
    assert.match(r.problem!.problem, /prev_hash .* does not match the previous event \(2026-03-01\.jsonl:6/);
  } finally {
    cleanup(data);
  }
});

test('two swapped lines are found at the first of them', async () => {
  const { data, dir, anchorPath } = await buildLog(10);
  try {
    const file = join(dir, auditFiles(dir)[0]!);
    const ls = lines(file);
    [ls[2], ls[3]] = [ls[3]!, ls[2]!];
    writeFileSync(file, ls.join('\n') + '\n');
    const r = await verifyChain(dir, { anchorPath });
    assert.equal(r.ok, false);
    assert.equal(r.problem!.line, 3);
  } finally {
    cleanup(data);
  }
});

test('a file removed from the middle of the chain is found at the first line of the next file', async () => {
  const { data, dir, anchorPath } = await buildLog(5, { days: 3 });
  try {
    const files = auditFiles(dir);
    assert.deepEqual(files, ['2026-03-01.jsonl', '2026-03-02.jsonl', '2026-03-03.jsonl']);
    unlinkSync(join(dir, files[1]!));
    const r = await verifyChain(dir, { anchorPath });
    assert.equal(r.ok, false);
    assert.equal(r.problem!.file, '2026-03-03.jsonl');
    assert.equal(r.problem!.line, 1);
    assert.match(r.problem!.problem, /a file between them may have been removed/);
  } finally {
    cleanup(data);
  }
});

test('the first file removed: the new first event does not start the chain', async () => {
  const { data, dir } = await buildLog(3, { days: 2 });
  try {
    unlinkSync(join(dir, auditFiles(dir)[0]!));
    const r = await verifyChain(dir);
    assert.equal(r.ok, false);
    assert.equal(r.problem!.file, '2026-03-02.jsonl');
    assert.equal(r.problem!.line, 1);
    assert.match(r.problem!.problem, /first event must have prev_hash ""/);
  } finally {
    cleanup(data);
  }
});

test('events cut from the end are found through the anchor', async () => {
  const { data, dir, anchorPath } = await buildLog(120);
  try {
    const file = join(dir, auditFiles(dir)[0]!);
    writeFileSync(file, lines(file).slice(0, 90).join('\n') + '\n');
    const r = await verifyChain(dir, { anchorPath });
    assert.equal(r.ok, false);
    assert.equal(r.anchor.status, 'mismatch');
    if (r.anchor.status === 'mismatch') {
      assert.equal(r.anchor.problem.line, 100);
      assert.match(r.anchor.problem.problem, /events were removed/);
    }
  } finally {
    cleanup(data);
  }
});

test('the record is what was appended at the time: later mutation by the caller changes nothing', async () => {
  const data = tempDir();
  try {
    const log = await openAuditLog({ dir: join(data, 'audit'), dataDir: data });
    const inp = input(1, { request: { command: 'ls', nested: { a: [1, 2] }, when: new Date(0), skip: undefined } });
    const p = log.append(inp);
    (inp.request as any).command = 'rm -rf /';
    const ev = await p;
    await log.close();
    assert.equal(ev.request.command, 'ls');
    assert.equal(ev.request.when, '1970-01-01T00:00:00.000Z');
    assert.ok(!('skip' in ev.request));
    const [onDisk] = readEvents(join(data, 'audit'));
    assert.deepEqual(onDisk, ev);
  } finally {
    cleanup(data);
  }
});

test('awkward content still verifies: lone surrogates, deep nesting, huge requests, unicode keys', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const log = await openAuditLog({ dir, dataDir: data });
    let deep: any = {};
    for (let i = 0; i < 1000; i++) deep = { d: deep };
    const huge = 'x'.repeat(3 * 1024 * 1024);
    const evs = [
      await log.append(input(1, { request: { command: 'a\ud800b', ключ: '😀', n: 1e21, f: 0.1 } })),
      await log.append(input(2, { request: deep })),
      await log.append(input(3, { request: { command: 'cat', content: huge } })),
      await log.append(input(4, { request: { __proto__x: 1, ['__proto__']: 2 } as any })),
    ];
    await log.close();
    assert.equal(evs[0]!.request.command, 'a\ufffdb');
    assert.ok(JSON.stringify(evs[1]!.request).includes('truncated: nested deeper than'));
    const compacted = evs[2]!.request.compacted as any;
    assert.equal(compacted.original_json_bytes, JSON.stringify({ command: 'cat', content: huge }).length);
    assert.match(compacted.sha256, /^sha256:[0-9a-f]{64}$/);
    assert.equal(evs[2]!.request.command, 'cat');
    const r = await verifyChain(dir);
    assert.equal(r.ok, true, JSON.stringify(r.problem));
    assert.equal(r.events, 4);
  } finally {
    cleanup(data);
  }
});
