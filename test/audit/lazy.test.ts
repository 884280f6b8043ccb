// Lazy appends (allows the preload socket already answered) wait up to LAZY_FLUSH_MS for company,
// so a burst of execs shares writes and fsyncs; anything else flushes them at once, and close()
// never leaves one behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openAuditLog } from '../../src/audit/log.js';
import { countingFs } from '../../src/audit/fsio.js';
import { LAZY_FLUSH_MS } from '../../src/audit/writer.js';
import { verifyChain } from '../../src/audit/verify.js';
import { cleanup, input, readEvents, tempDir } from './helpers.js';

const turn = () => new Promise((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function withLog(
  fn: (log: Awaited<ReturnType<typeof openAuditLog>>, io: ReturnType<typeof countingFs>, dir: string) => Promise<void>,
) {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const io = countingFs();
    const log = await openAuditLog({ dir, dataDir: data, fs: io });
    await log.append(input('first')); // creates the day's file (and fsyncs its directory)
    await turn(); // the writer's loop ends after the first append's promise resolves
    await fn(log, io, dir);
    await log.close();
    assert.equal((await verifyChain(dir)).ok, true);
  } finally {
    cleanup(data);
  }
}

test('lazy appends spread over a few ms share one write and one fsync', async () => {
  await withLog(async (log, io, dir) => {
    const before = io.counts.fsync;
    const pending = [log.append(input(0), { lazy: true })];
    await turn();
    assert.equal(readEvents(dir).length, 1, 'a lazy append waits for company');
    for (let i = 1; i < 4; i++) pending.push(log.append(input(i), { lazy: true }));
    const evs = await Promise.all(pending);
    assert.equal(evs.length, 4);
    assert.equal(readEvents(dir).length, 5);
    assert.equal(io.counts.fsync - before, 1);
  });
});

test('a lazy append is written within about LAZY_FLUSH_MS even when nothing follows', async () => {
  await withLog(async (log, _io, dir) => {
    const t0 = performance.now();
    await log.append(input('alone'), { lazy: true });
    assert.ok(performance.now() - t0 >= LAZY_FLUSH_MS - 1);
    assert.equal(readEvents(dir).length, 2);
  });
});

test('an ordinary append flushes the waiting lazy ones with it, in order', async () => {
  await withLog(async (log, io, dir) => {
    const before = io.counts.fsync;
    const lazy = log.append(input('lazy'), { lazy: true });
    const urgent = log.append(input('urgent'));
    const [a, b] = await Promise.all([lazy, urgent]);
    assert.equal(io.counts.fsync - before, 1);
    assert.deepEqual(
      readEvents(dir)
        .slice(1)
        .map((e) => e.id),
      [a.id, b.id],
    );
  });
});

test('close() writes lazy appends at once instead of waiting for their timer', async () => {
  const data = tempDir();
  try {
    const dir = join(data, 'audit');
    const log = await openAuditLog({ dir, dataDir: data });
    const pending = log.append(input('last'), { lazy: true });
    await log.close();
    await pending;
    assert.equal(readEvents(dir).length, 1);
    await sleep(LAZY_FLUSH_MS * 2); // the cancelled timer must not fire into a closed writer
  } finally {
    cleanup(data);
  }
});
