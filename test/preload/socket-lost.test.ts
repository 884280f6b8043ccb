// The preload socket file removed or replaced under a running server (same-user mode cannot
// forbid it): the server notices, makes its socket again and records that it did, so the next
// exec is checked, not waved through; a fake server put on the path is pushed out. Without any
// server, SERVICE_FAIL_OPEN=0 refuses (fail-open.test.ts).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import {
  preloadEnv,
  run,
  denyMarkerPolicy,
  servePolicy,
  startRecorder,
  tempDir,
  waitFor,
  type PolicyServer,
} from './harness.js';

const POLICY = denyMarkerPolicy('svc-lost-marker');

let srv: PolicyServer;
let dataDir: string;
let socket: string;
before(async () => {
  srv = await servePolicy(POLICY, 'svc-lost-');
  ({ dataDir, socket } = srv);
});
after(() => srv.stop());

function serviceRecords(kind: string): Array<{ decision: { action: string; reason?: string; message?: string } }> {
  const audit = join(dataDir, 'audit');
  if (!existsSync(audit)) return [];
  return readdirSync(audit)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(audit, f), 'utf8').split('\n'))
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l))
    .filter((e) => e.request?.kind === kind);
}

const marker = () => run('/bin/sh', ['-c', '/bin/echo svc-lost-marker; echo rc=$?'], preloadEnv(socket));

test('a removed socket is made again by the server and recorded; the next exec is checked', async () => {
  unlinkSync(socket);
  // the record is written once the new socket listens
  assert.ok(await waitFor(() => serviceRecords('preload_socket_lost').length >= 1, 30_000), 'recorded');
  assert.ok(existsSync(socket), 'the socket is back');
  const r = await marker();
  assert.match(r.stdout, /rc=126/, r.stderr);
  assert.match(r.stderr, /the marker is refused/);
  const rec = serviceRecords('preload_socket_lost')[0];
  assert.equal(rec?.decision.action, 'recreated');
  assert.match(JSON.stringify(rec), /was removed/);
});

test('a fake server put on the socket path is pushed out: the next exec reaches the real one', async () => {
  const fakeDir = tempDir('svc-fake-');
  // an "allow everything" listener, as an agent could start one
  const fake = net.createServer((c) => c.end('{"decision":"allow","allowed":true,"message":""}\n'));
  const fakePath = join(fakeDir, 'fake.sock');
  await new Promise<void>((r) => fake.listen(fakePath, r));
  try {
    const lost = () => serviceRecords('preload_socket_lost');
    const before = lost().length;
    // The fake's inode, taken before it moves (rename keeps it): read after the rename, it could
    // already be the server's own socket, renamed over the fake by a re-creation that the unlink
    // below set off, and the test would then wait for a change that never comes.
    const fakeIno = statSync(fakePath).ino;
    unlinkSync(socket);
    // rename(2) puts the fake socket in place in one step
    renameSync(fakePath, socket);
    // The server may see the removal first (and put its own socket over the fake then) or only
    // the replacement: either way the path ends up its own again, on the record.
    const ours = () => {
      try {
        return statSync(socket).ino !== fakeIno;
      } catch {
        return false;
      }
    };
    assert.ok(
      await waitFor(() => ours() && lost().length > before, 30_000),
      'the server took its path back, on the record',
    );
    assert.ok(
      lost()
        .slice(before)
        .every((e) => e.decision.action === 'recreated'),
    );
    const r = await marker();
    assert.match(r.stdout, /rc=126/, r.stderr);
  } finally {
    fake.close();
    rmSync(fakeDir, { recursive: true, force: true });
  }
});

for (const transport of ['native', 'net'] as const) {
  test(`${transport} listener: requests in flight on the old socket are still answered after it is re-created`, async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const rec = await startRecorder(
      async (req) => {
        if (req.argv.includes('hold')) await held;
        return { decision: 'allow', allowed: true, message: '' };
      },
      { transport },
    );
    try {
      const first = run('/bin/sh', ['-c', '/bin/echo hold'], preloadEnv(rec.socket));
      assert.ok(await waitFor(() => rec.requests.length === 1, 10_000));
      unlinkSync(rec.socket);
      assert.ok(await waitFor(() => existsSync(rec.socket), 30_000), 'the socket is back');
      const second = await run(
        '/bin/sh',
        ['-c', '/bin/echo after'],
        preloadEnv(rec.socket, { SERVICE_FAIL_OPEN: '0' }),
      );
      assert.equal(second.stdout, 'after\n', second.stderr);
      release();
      assert.equal((await first).stdout, 'hold\n');
    } finally {
      release();
      await rec.close();
    }
  });
}
