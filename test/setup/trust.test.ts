// Which token files a client believes: its own or root's, never one another user planted or one
// that others may write; and who owns the loopback listener a hook is about to ask.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTokenFile, trustedOwner } from '../../src/util/server-uid.js';
import { serverToken } from '../../src/integrations/integration-config.js';
import { listenerUid } from '../../src/integrations/hooks/listener-trust.js';
import net from 'node:net';
import { spawn } from 'node:child_process';

test('a token file is read when it is ours and nobody else can write it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-trust-'));
  try {
    const f = join(dir, 'token');
    writeFileSync(f, 'a'.repeat(64) + '\n', { mode: 0o600 });
    assert.equal(readTokenFile(f), 'a'.repeat(64));
    assert.equal(serverToken('http://127.0.0.1:9', { SERVICE_HOME: dir }), 'a'.repeat(64));
    chmodSync(f, 0o666);
    assert.equal(readTokenFile(f), undefined, 'writable by others: not believed');
    chmodSync(f, 0o600);
    symlinkSync(f, join(dir, 'link'));
    assert.equal(readTokenFile(join(dir, 'link')), undefined, 'a symlink is not followed');
    assert.equal(trustedOwner(process.getuid!()), true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  'a token file owned by another user is ignored',
  { skip: process.getuid?.() !== 0 ? 'needs root to chown' : false },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-trust-'));
    try {
      const f = join(dir, 'token');
      writeFileSync(f, 'b'.repeat(64), { mode: 0o600 });
      chownSync(f, 65534, 65534);
      // Unless root named that uid as the protected-mode server, which no test does.
      assert.equal(trustedOwner(65534), false);
      assert.equal(readTokenFile(f), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  'the owner of a loopback listener is read from /proc/net/tcp',
  { skip: process.platform !== 'linux' ? 'Linux only' : false },
  async () => {
    const srv = net.createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const port = (srv.address() as net.AddressInfo).port;
      assert.equal(listenerUid(port), process.getuid!());
    } finally {
      await new Promise((r) => srv.close(r));
    }
  },
);

test(
  "a listener started by another user is reported with that user's uid",
  { skip: process.getuid?.() !== 0 ? 'needs root (setpriv to nobody)' : false },
  async () => {
    const child = spawn(
      'setpriv',
      [
        '--reuid=65534',
        '--regid=65534',
        '--clear-groups',
        '--',
        process.execPath,
        '-e',
        "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>console.log(s.address().port))",
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const port = await new Promise<number>((resolve) =>
        child.stdout!.once('data', (d) => resolve(Number(String(d).trim()))),
      );
      assert.equal(listenerUid(port), 65534);
      assert.equal(trustedOwner(65534), false);
    } finally {
      child.kill('SIGKILL');
    }
  },
);
