// Durable before acknowledged, with group commit; and a failing disk that leaves the log
// consistent and lets the next append succeed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { openAuditLog } from '../../src/audit/log.js';
import { verifyChain } from '../../src/audit/verify.js';
import { AuditUnavailableError } from '../../src/audit/types.js';
import { countingFs, nodeFs, type AuditFs } from '../../src/audit/fsio.js';
import { ManualClock } from '../../src/util/clock.js';
import { auditFiles, cleanup, input, readEvents, tempDir } from './helpers.js';

test('500 concurrent appends all resolve, all are on disk, with far fewer fsyncs than events', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const io = countingFs();
    const log = await openAuditLog({ dir, dataDir: data, fs: io });
    const before = io.counts.fsync;
    const evs = await Promise.all(Array.from({ length: 500 }, (_, i) => log.append(input(i))));
    const fsyncs = io.counts.fsync - before;
    await log.close();
    assert.equal(evs.length, 500);
    const onDisk = readEvents(dir);
    assert.equal(onDisk.length, 500);
    assert.deepEqual(new Set(onDisk.map((e) => e.id)), new Set(evs.map((e) => e.id)));
    assert.ok(fsyncs <= 10, `${fsyncs} fsyncs for 500 events`);
    assert.equal((await verifyChain(dir)).ok, true);
  } finally {
    cleanup(data);
  }
});

/** An fs whose fsync waits until released, to watch what happens meanwhile. */
function gatedFs() {
  let release: (() => void) | null = null;
  let gate: Promise<void> | null = null;
  const io: AuditFs & { close_gate(): void; open_gate(): void; waiting(): boolean } = {
    ...nodeFs,
    fsync: async (fd) => {
      if (gate) await gate;
      return nodeFs.fsync(fd);
    },
    close_gate() {
      gate = new Promise((r) => (release = r));
    },
    open_gate() {
      const r = release;
      gate = null;
      release = null;
      r?.();
    },
    waiting: () => gate !== null,
  };
  return io;
}

test('append resolves only after the fsync; appends during it share the next one', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const io = gatedFs();
    const log = await openAuditLog({ dir, dataDir: data, fs: io });
    await log.append(input('warm-up')); // creates the file
    const batchesBefore = log.counters.batches;
    io.close_gate();
    let resolved = false;
    const first = log.append(input('first')).then((ev) => ((resolved = true), ev));
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(resolved, false, 'not acknowledged while the fsync is pending');
    const followers = Array.from({ length: 50 }, (_, i) => log.append(input(`follower ${i}`)));
    await new Promise((r) => setTimeout(r, 10));
    io.open_gate();
    await first;
    await Promise.all(followers);
    assert.equal(log.counters.batches - batchesBefore, 2, 'the 50 followers were one batch');
    await log.close();
    assert.equal(readEvents(dir).length, 52);
  } finally {
    cleanup(data);
  }
});

/** An fs that fails writes (after writing a part, like a full disk) or fsyncs while `failing`. */
function flakyFs(mode: 'write' | 'fsync' | 'open') {
  const state = { failing: false };
  const enospc = () => Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
  const io: AuditFs = {
    ...nodeFs,
    write: async (fd, buf, off, len) => {
      if (state.failing && mode === 'write') {
        await nodeFs.write(fd, buf, off, Math.max(1, Math.floor(len / 2)));
        throw enospc();
      }
      return nodeFs.write(fd, buf, off, len);
    },
    fsync: async (fd) => {
      if (state.failing && mode === 'fsync') throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      return nodeFs.fsync(fd);
    },
    open: async (p, flags, m) => {
      if (state.failing && mode === 'open' && p.endsWith('.jsonl')) throw enospc();
      return nodeFs.open(p, flags, m);
    },
  };
  return { io, state };
}

for (const mode of ['write', 'fsync'] as const) {
  test(`a failing ${mode} rejects with AuditUnavailableError, leaves no half line, and the next append works`, async () => {
    const data = tempDir();
    try {
      const dir = join(data, 'audit');
      const { io, state } = flakyFs(mode);
      const logs: string[] = [];
      const log = await openAuditLog({ dir, dataDir: data, fs: io, log: (m) => logs.push(m) });
      const a = await log.append(input('before'));
      const file = join(dir, auditFiles(dir)[0]!);
      const size = statSync(file).size;
      state.failing = true;
      const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => log.append(input(`lost ${i}`))));
      for (const r of results) {
        assert.equal(r.status, 'rejected');
        assert.ok((r as PromiseRejectedResult).reason instanceof AuditUnavailableError);
        assert.equal((r as PromiseRejectedResult).reason.code, 'audit_unavailable');
      }
      assert.equal(statSync(file).size, size, 'the file is cut back to its durable size');
      assert.ok(logs.some((l) => /audit storage unavailable/.test(l)));
      state.failing = false;
      const b = await log.append(input('after'));
      assert.equal(b.prev_hash, a.hash, 'the chain skips nothing: failed events never happened');
      await log.close();
      const evs = readEvents(dir);
      assert.deepEqual(
        evs.map((e) => e.request.command),
        ['echo before', 'echo after'],
      );
      assert.equal((await verifyChain(dir)).ok, true);
    } finally {
      cleanup(data);
    }
  });
}

test('a rotation whose new file cannot be created fails cleanly and retries later', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const clock = new ManualClock(Date.UTC(2026, 8, 1, 23));
    const { io, state } = flakyFs('open');
    const log = await openAuditLog({ dir, dataDir: data, fs: io, clock });
    await log.append(input(1));
    clock.advance(3_600_000);
    state.failing = true;
    await assert.rejects(log.append(input(2)), AuditUnavailableError);
    assert.equal(existsSync(join(dir, '2026-09-02.jsonl')), false);
    state.failing = false;
    const ev = await log.append(input(3));
    await log.close();
    assert.deepEqual(auditFiles(dir), ['2026-09-01.jsonl', '2026-09-02.jsonl']);
    assert.equal(readEvents(dir).length, 2);
    assert.equal(ev.timestamp.slice(0, 10), '2026-09-02');
    assert.equal((await verifyChain(dir)).ok, true);
  } finally {
    cleanup(data);
  }
});

test('append after close rejects with AuditUnavailableError; close waits for queued appends', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const log = await openAuditLog({ dir, dataDir: data });
    const pending = Array.from({ length: 20 }, (_, i) => log.append(input(i)));
    await log.close();
    assert.equal((await Promise.allSettled(pending)).filter((r) => r.status === 'fulfilled').length, 20);
    await assert.rejects(log.append(input('late')), AuditUnavailableError);
    assert.equal(readFileSync(join(dir, auditFiles(dir)[0]!), 'utf8').split('\n').length - 1, 20);
  } finally {
    cleanup(data);
  }
});
