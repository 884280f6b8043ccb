// The writer's two stages: the next batch is written while the previous one's fsync runs, yet
// nothing is acknowledged before its own fsync, acknowledgements keep chain order, and a failed
// fsync takes the batch written behind it down too (it chained onto lines that are cut).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { openAuditLog } from '../../src/audit/log.js';
import { verifyChain } from '../../src/audit/verify.js';
import { AuditUnavailableError, type AuditEvent } from '../../src/audit/types.js';
import { nodeFs, type AuditFs } from '../../src/audit/fsio.js';
import { auditFiles, cleanup, input, readEvents, tempDir } from './helpers.js';

/** An fs whose fsyncs wait (and may fail) on command, and which reports every write and fsync. */
function steppedFs() {
  const held: Array<{ go: () => void; fail: (e: Error) => void }> = [];
  const waiters: Array<{ kind: 'write' | 'fsync'; n: number; resolve: () => void }> = [];
  const counts = { write: 0, fsync: 0 };
  let holding = false;
  const notify = () => {
    for (const w of waiters.splice(0)) {
      if (counts[w.kind] >= w.n) w.resolve();
      else waiters.push(w);
    }
  };
  const io: AuditFs = {
    ...nodeFs,
    write: async (fd, buf, off, len) => {
      const n = await nodeFs.write(fd, buf, off, len);
      counts.write++;
      notify();
      return n;
    },
    fsync: async (fd) => {
      if (holding) {
        await new Promise<void>((go, fail) => {
          held.push({ go, fail });
          counts.fsync++;
          notify();
        });
      } else {
        counts.fsync++;
        notify();
      }
      return nodeFs.fsync(fd);
    },
  };
  return {
    io,
    counts,
    hold: () => (holding = true),
    /** Lets the oldest held fsync run (or fail); stops holding when `last`. */
    release(opts: { fail?: boolean; last?: boolean } = {}) {
      if (opts.last) holding = false;
      const h = held.shift();
      if (!h) throw new Error('no fsync is held');
      if (opts.fail) h.fail(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
      else h.go();
    },
    /** Resolves once `kind` has happened `n` times in all. */
    until: (kind: 'write' | 'fsync', n: number) =>
      new Promise<void>((resolve) => {
        waiters.push({ kind, n, resolve });
        notify();
      }),
  };
}

test('a batch is written while the previous fsync runs, and acknowledged only after its own fsync, in order', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const fs = steppedFs();
    const log = await openAuditLog({ dir, dataDir: data, fs: fs.io });
    await log.append(input('warm-up'));
    const file = join(dir, auditFiles(dir)[0] ?? '');
    fs.hold();
    const order: string[] = [];
    const track = (p: Promise<AuditEvent>) => p.then((ev) => (order.push(String(ev.request.command)), ev));
    const w0 = fs.counts.write;
    const f0 = fs.counts.fsync;
    const first = track(log.append(input('first')));
    await fs.until('fsync', f0 + 1); // "first" is written and its fsync is held
    const second = track(log.append(input('second')));
    await fs.until('write', w0 + 2); // "second" reached the file while the first fsync is held
    assert.match(readFileSync(file, 'utf8'), /echo second/);
    assert.deepEqual(order, [], 'nothing acknowledged while its fsync is pending');
    assert.equal(fs.counts.fsync, f0 + 1, "the second batch's fsync waits for the first");
    fs.release();
    await first;
    await fs.until('fsync', f0 + 2);
    assert.deepEqual(order, ['echo first'], 'the second waits for its own fsync');
    fs.release({ last: true });
    await second;
    assert.deepEqual(order, ['echo first', 'echo second']);
    await log.close();
    assert.deepEqual(
      readEvents(dir).map((e) => e.request.command),
      ['echo warm-up', 'echo first', 'echo second'],
    );
    assert.equal((await verifyChain(dir)).ok, true);
  } finally {
    cleanup(data);
  }
});

test('a failed fsync rejects its batch and the one written behind it, cuts both, and the log goes on', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const fs = steppedFs();
    const logs: string[] = [];
    const log = await openAuditLog({ dir, dataDir: data, fs: fs.io, log: (m) => logs.push(m) });
    const before = await log.append(input('before'));
    const file = join(dir, auditFiles(dir)[0] ?? '');
    const size = statSync(file).size;
    fs.hold();
    const w0 = fs.counts.write;
    const f0 = fs.counts.fsync;
    const first = log.append(input('lost 1'));
    await fs.until('fsync', f0 + 1);
    const second = log.append(input('lost 2'));
    await fs.until('write', w0 + 2);
    fs.release({ fail: true, last: true });
    const results = await Promise.allSettled([first, second]);
    for (const r of results) {
      assert.equal(r.status, 'rejected');
      assert.ok(r.status === 'rejected' && r.reason instanceof AuditUnavailableError);
    }
    assert.equal(statSync(file).size, size, 'both batches are cut from the file');
    assert.ok(logs.some((l) => /audit storage unavailable/.test(l)));
    const after = await log.append(input('after'));
    assert.equal(after.prev_hash, before.hash, 'the chain goes on from the last durable event');
    await log.close();
    assert.deepEqual(
      readEvents(dir).map((e) => e.request.command),
      ['echo before', 'echo after'],
    );
    assert.equal((await verifyChain(dir)).ok, true);
  } finally {
    cleanup(data);
  }
});
