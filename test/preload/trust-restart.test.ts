// Which server the library believes, and riding over a restart.
// - Trust: a server of our own uid or root, or the uid root names in /etc/svc/server.uid (read by
//   svc_trust_file_uid, which svc-hook calls too). A socket of anyone else is not asked; with
//   SERVICE_FAIL_OPEN=0 the exec is refused.
// - Restart: while the lock file beside the socket names a live server process, a missing or
//   refused socket is retried for up to a second, so a restarting server opens no fail-open window.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { constants } from 'node:os';
import koffi from 'koffi';
import { startPreloadSocket } from '../../server/preload-socket.js';
import { DENY_MARKER, LIB, markerPolicy, preloadEnv, realPython, run, SHIM, tempDir } from './harness.js';

const lib = koffi.load(LIB);
const trustFileUid = lib.func('long svc_trust_file_uid(const char *path)');

let dir: string;
before(() => {
  dir = tempDir('svc-trust-');
});
after(() => rmSync(dir, { recursive: true, force: true }));

const isRoot = process.getuid?.() === 0;
/** The library answers 0 or more, or -errno (preload/svc_check.h). */
const { EPERM, ENOENT, EINVAL, ELOOP } = constants.errno;

test(
  'svc_trust_file_uid: a root-owned file, not group/other writable, holding a decimal uid and a newline',
  { skip: !isRoot && 'needs root to own the file' },
  () => {
    const f = (name: string, content: string, mode = 0o644, uid = 0) => {
      const p = join(dir, name);
      writeFileSync(p, content);
      chmodSync(p, mode);
      chownSync(p, uid, 0);
      return p;
    };
    assert.equal(trustFileUid(f('ok', '998\n')), 998);
    assert.equal(trustFileUid(f('zero', '0\n')), 0);
    assert.equal(trustFileUid(f('group-writable', '998\n', 0o664)), -EPERM);
    assert.equal(trustFileUid(f('other-writable', '998\n', 0o646)), -EPERM);
    assert.equal(trustFileUid(f('not-root', '998\n', 0o644, 65534)), -EPERM);
    assert.equal(trustFileUid(f('no-newline', '998')), -EINVAL);
    assert.equal(trustFileUid(f('two-lines', '998\n999\n')), -EINVAL);
    assert.equal(trustFileUid(f('spaces', ' 998\n')), -EINVAL);
    assert.equal(trustFileUid(f('leading-zero', '0998\n')), -EINVAL);
    assert.equal(trustFileUid(f('empty', '')), -EINVAL);
    assert.equal(trustFileUid(f('huge', '99999999999\n')), -EINVAL);
    assert.equal(trustFileUid(join(dir, 'absent')), -ENOENT);
    const link = join(dir, 'link');
    symlinkSync(f('target', '998\n'), link);
    assert.equal(trustFileUid(link), -ELOOP, 'a symbolic link is not followed');
    mkdirSync(join(dir, 'a-dir'));
    assert.equal(trustFileUid(join(dir, 'a-dir')), -EPERM);
    // a directory others may write lets them replace the file: not believed either
    const loose = join(dir, 'loose-dir');
    mkdirSync(loose);
    chmodSync(loose, 0o777);
    const inLoose = join(loose, 'server.uid');
    writeFileSync(inLoose, '998\n');
    chmodSync(inLoose, 0o644);
    assert.equal(trustFileUid(inLoose), -EPERM);
    chmodSync(loose, 0o755);
    assert.equal(trustFileUid(inLoose), 998);
  },
);

/** A server of another uid (nobody) that allows everything; resolves once it listens. */
async function foreignServer(path: string): Promise<() => void> {
  const code = `import socket, os, sys
s = socket.socket(socket.AF_UNIX)
s.bind(${JSON.stringify(path)})
os.chmod(${JSON.stringify(path)}, 0o777)
s.listen(16)
print("ready", flush=True)
while True:
    c, _ = s.accept()
    c.recv(65536)
    c.sendall(b'{"decision":"allow","allowed":true,"message":"anything goes"}\\n')
    c.close()
`;
  // the system's interpreter: nobody may not reach one installed under a home directory
  const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : realPython();
  const child = spawn('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', python, '-c', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (c) => reject(new Error(`foreign server exited with ${c}`)));
  });
  return () => child.kill('SIGKILL');
}

test(
  'SERVICE_SOCKET pointing at a server of another (untrusted) uid: not believed, refused when strict',
  { skip: !isRoot && 'needs root to run a server as another user' },
  async () => {
    const d = join(dir, 'foreign');
    chmodSync(dir, 0o711); // nobody must reach the directory
    mkdirSync(d);
    chmodSync(d, 0o777);
    const sock = join(d, 'svc.sock');
    const stop = await foreignServer(sock);
    try {
      const strict = await run(
        '/bin/sh',
        ['-c', '/bin/true redirected; echo rc=$?'],
        preloadEnv(sock, { SERVICE_FAIL_OPEN: '0' }),
      );
      assert.match(strict.stdout, /rc=126/);
      assert.match(strict.stderr, /svc socket is owned by another user \(SERVICE_FAIL_OPEN=0\)/);
      assert.ok(!strict.stderr.includes('anything goes'));
    } finally {
      stop();
    }
  },
);

/** Starts `cmd`, resolving `started` when its stderr shows the library waiting for the server. */
function runWatching(cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let waiting!: () => void;
  const started = new Promise<void>((r) => (waiting = r));
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => {
    stderr += d;
    if (stderr.includes('svc server is starting')) waiting();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
  return { started, done };
}

test('an exec started while the server restarts waits for it and is checked (library and svc-shim)', async () => {
  const d = join(dir, 'restart');
  mkdirSync(d);
  const sock = join(d, 'svc.sock');
  // the lock a starting server holds names its pid; this process stands in for it
  writeFileSync(join(d, 'svc.lock'), `${process.pid}\n`);
  const env = preloadEnv(sock, { SERVICE_PRELOAD_DEBUG: '1' });
  const lib = runWatching('/bin/sh', ['-c', `/bin/true ${DENY_MARKER}; echo rc=$?`], env);
  const shim = runWatching(SHIM, ['-c', `echo ${DENY_MARKER}`], env);
  await Promise.all([lib.started, shim.started]);
  const seen: string[] = [];
  const server = await startPreloadSocket({
    path: sock,
    decide: async (req, _peer, ctl) => (seen.push(req.command), markerPolicy(req, ctl)),
  });
  try {
    const [l, s] = await Promise.all([lib.done, shim.done]);
    assert.match(l.stdout, /rc=126/, l.stderr);
    assert.match(l.stderr, /svc: blocked: \/bin\/true svc-deny-me: marker found/);
    assert.equal(s.code, 126, s.stderr);
    assert.match(s.stderr, /svc: blocked: echo svc-deny-me: marker found/);
    assert.deepEqual(seen.sort(), [`/bin/true ${DENY_MARKER}`, `echo ${DENY_MARKER}`]);
  } finally {
    await server.close();
  }
});

test('no server process behind the socket path: no waiting, the fail-open rule applies at once', async () => {
  const d = join(dir, 'dead');
  mkdirSync(d);
  // a lock file left by a server that is gone: its pid is not alive
  writeFileSync(join(d, 'svc.lock'), '999999999\n');
  const r = await run(
    '/bin/sh',
    ['-c', '/bin/true x; echo rc=$?'],
    preloadEnv(join(d, 'svc.sock'), { SERVICE_PRELOAD_DEBUG: '1', SERVICE_FAIL_OPEN: '0' }),
  );
  assert.match(r.stdout, /rc=126/);
  assert.ok(!r.stderr.includes('svc server is starting'), r.stderr);
  assert.match(r.stderr, /svc server unreachable \(SERVICE_FAIL_OPEN=0\)/);
});

test('svc-hook started while the server restarts waits for it and gets its answer', async () => {
  const d = join(dir, 'hook-restart');
  mkdirSync(d);
  const sock = join(d, 'svc.sock');
  writeFileSync(join(d, 'svc.lock'), `${process.pid}\n`);
  const payload = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });
  const child = spawn(join(dirname(LIB), 'svc-hook'), ['claude-code'], {
    env: { PATH: process.env.PATH, HOME: d, SERVICE_SOCKET: sock, SERVICE_PRELOAD_DEBUG: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let waiting: () => void = () => {};
  const started = new Promise<void>((r) => (waiting = r));
  child.stdout.on('data', (b) => (stdout += b));
  child.stderr.on('data', (b) => {
    stderr += b;
    if (stderr.includes('svc server is starting')) waiting();
  });
  const done = new Promise<number | null>((r) => child.once('close', r));
  // a hook that did not wait ends before the server is up (and the assertions below fail)
  void done.then(() => waiting());
  child.stdin.end(payload);
  await started;
  const asked: string[] = [];
  const server = await startPreloadSocket({
    path: sock,
    decide: async () => ({ decision: 'allow', allowed: true, message: '' }),
    hook: async (req) => (asked.push(req.payload), { stdout: 'from the server\n', stderr: '', exit: 0 }),
  });
  try {
    assert.equal(await done, 0, stderr);
    assert.equal(stdout, 'from the server\n');
    assert.deepEqual(asked, [payload]);
  } finally {
    await server.close();
  }
});
