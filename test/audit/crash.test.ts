// kill -9 of a process writing under concurrent load: the chain on disk verifies (after the
// writer's own recovery of a torn tail) and holds every event whose append had resolved.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { openAuditLog } from '../../src/audit/log.js';
import { verifyChain } from '../../src/audit/verify.js';
import { cleanup, readEvents, tempDir } from './helpers.js';

const CHILD = new URL('./fixtures/crash-writer.js', import.meta.url).pathname;

async function runAndKill(dir: string, data: string, killAfterAcks: number): Promise<string[]> {
  const child = spawn(process.execPath, [CHILD, dir, data, '16'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const acked: string[] = [];
  let buf = '';
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.stdout.on('data', (chunk: Buffer) => {
      buf += chunk.toString('utf8');
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.startsWith('ack ')) acked.push(line.slice(4));
        if (acked.length >= killAfterAcks && child.exitCode === null && !child.killed) child.kill('SIGKILL');
      }
    });
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`child exited without being killed (${signal})`));
      else resolve();
    });
  });
  return acked;
}

test('kill -9 under 16 concurrent writers loses no acknowledged event and leaves a verifiable chain', async () => {
  const data = tempDir();
  const dir = join(data, 'audit');
  try {
    const allAcked: string[] = [];
    for (const killAt of [400, 900]) {
      allAcked.push(...(await runAndKill(dir, data, killAt)));
      const r = await verifyChain(dir, { anchorPath: join(data, 'audit-anchor.json') });
      assert.equal(r.ok, true, `after kill: ${JSON.stringify(r.problem ?? r.anchor)}`);
      const onDisk = new Set(readEvents(dir, { lenient: true }).map((e) => e.id));
      const missing = allAcked.filter((id) => !onDisk.has(id));
      assert.deepEqual(missing, [], 'every acknowledged id is on disk');
    }
    // The writer itself reopens cleanly (cutting a torn tail, if any) and keeps the chain.
    const log = await openAuditLog({ dir, dataDir: data });
    await log.close();
    const r = await verifyChain(dir, { anchorPath: join(data, 'audit-anchor.json') });
    assert.equal(r.ok, true);
    assert.equal(r.tornTail, null);
    const ids = readEvents(dir).map((e) => e.id);
    for (const id of allAcked) assert.ok(ids.includes(id));
    assert.ok(r.files > 1, 'size rotation happened under load');
  } finally {
    cleanup(data);
  }
});
