// The preload fast path answers allows before their audit record is durable. A full audit disk
// must turn that off (durable answers, so the exec is refused; no reply from the cache) until
// appends work again, and then the allows that went unrecorded are put on the record; a start
// after an unclean stop records that the last milliseconds may be missing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, tempDir, BASIC_POLICY, type TestServer } from '../helpers/server.js';
import { nodeFs, type AuditFs } from '../../src/audit/fsio.js';
import type { BusEvent } from '../../src/audit/bus.js';
import { RUNNING_MARKER } from '../../server/audit-health.js';
import { rmSync } from 'node:fs';

function exec(path: string, command: string): Promise<{ decision: string; allowed: boolean; message: string }> {
  return new Promise((resolve, reject) => {
    const c = net.connect(path);
    let buf = '';
    c.on('data', (d) => {
      buf += d;
      if (!buf.endsWith('\n')) return;
      c.destroy();
      resolve(JSON.parse(buf));
    });
    c.on('error', reject);
    c.write(
      JSON.stringify({
        v: 1,
        tool: 'exec',
        agent: 'bot',
        session: 's',
        run_id: 'r1',
        path: '/bin/ls',
        cwd: '/tmp',
        pid: 1,
        ppid: 1,
        argv: command.split(' '),
        command,
      }) + '\n',
    );
  });
}

/** A file layer that fails writes like a full disk while `full` is set. */
function diskThatFills() {
  const state = { full: false };
  const io: AuditFs = {
    ...nodeFs,
    write: async (fd, buf, off, len) => {
      if (state.full) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return nodeFs.write(fd, buf, off, len);
    },
  };
  return { io, state };
}

function next(s: TestServer, pred: (e: BusEvent) => boolean): Promise<BusEvent> {
  return new Promise((resolve) => {
    const off = s.ctx.bus.on((e) => {
      if (pred(e)) {
        off();
        resolve(e);
      }
    });
  });
}

test(
  'a full audit disk switches the preload fast path off: allows are refused, not served from the cache, until the disk works',
  { timeout: 60_000 },
  async () => {
    const disk = diskThatFills();
    const s = await startTestServer({ policy: BASIC_POLICY, socket: true, auditFs: disk.io });
    try {
      const sock = s.ctx.opts.socketPath;
      // Warm the reply cache with a deterministic allow.
      for (let i = 0; i < 3; i++) assert.equal((await exec(sock, 'ls -la')).decision, 'allow');
      const failing = next(s, (e) => e.type === 'audit_health' && e.failing);
      disk.state.full = true;
      // This allow was answered before its record failed: the inherent risk of the fast path.
      assert.equal((await exec(sock, 'echo one')).decision, 'allow');
      await failing;
      for (const cmd of ['ls -la', 'echo two']) {
        const r = await exec(sock, cmd);
        assert.equal(r.decision, 'deny', `${cmd} while the disk is full`);
        assert.match(r.message, /audit log cannot take records/);
      }
      // HTTP refuses too.
      assert.equal(
        (await s.req('POST', '/v1/tool/exec', { agent: 'a', session: 's', params: { command: 'ls' } })).status,
        503,
      );
      const back = next(s, (e) => e.type === 'audit_health' && !e.failing);
      const lost = next(
        s,
        (e) => e.type === 'audit' && (e.event.request as { kind?: string }).kind === 'audit_records_lost',
      );
      disk.state.full = false;
      assert.equal((await exec(sock, 'ls -la')).decision, 'allow');
      await back;
      const ev = await lost;
      assert.ok(
        ev.type === 'audit' && (ev.event.request as { count?: number }).count! >= 1,
        'the unrecorded allow is on the record',
      );
    } finally {
      await s.stop();
    }
  },
);

test('a start after an unclean stop records that the last milliseconds of preload allows may be missing; a clean stop leaves no marker', async () => {
  const dataDir = tempDir();
  try {
    let s = await startTestServer({ dataDir });
    assert.ok(existsSync(join(dataDir, RUNNING_MARKER)), 'marker while running');
    await s.stop();
    assert.ok(!existsSync(join(dataDir, RUNNING_MARKER)), 'a clean stop removes it');
    s = await startTestServer({ dataDir });
    let events = (await s.req('GET', '/v1/audit/events?limit=50')).body.events as Array<{ request: { kind?: string } }>;
    assert.ok(!events.some((e) => e.request.kind === 'unclean_stop'), 'no record after a clean stop');
    await s.stop();
    // What kill -9 leaves behind.
    writeFileSync(join(dataDir, RUNNING_MARKER), JSON.stringify({ pid: 4242, started_at: '2026-01-01T00:00:00.000Z' }));
    s = await startTestServer({ dataDir });
    try {
      events = (await s.req('GET', '/v1/audit/events?limit=50')).body.events;
      const ev = events.find((e) => e.request.kind === 'unclean_stop') as
        { request: Record<string, unknown>; decision: { message: string } } | undefined;
      assert.ok(ev, 'recorded');
      assert.equal(ev.request.previous_pid, 4242);
      assert.match(ev.decision.message, /preload allows answered in its last few milliseconds may be missing/);
    } finally {
      await s.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
