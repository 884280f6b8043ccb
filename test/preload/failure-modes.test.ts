// What the library does when the server is away, slow, broken, or waiting for a human:
// fail-open by default, refusal with SERVICE_FAIL_OPEN=0, the short timeout, malformed replies,
// and approvals (held connection, delayed allow/deny, SERVICE_PRELOAD_ASK=deny, ask timeout).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { preloadEnv, realPython, run, sleep, startRecorder, tempDir, type Recorder } from './harness.js';

let dir: string;
before(() => {
  dir = tempDir();
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** One checked exec inside an unchecked shell; rc=126 means it was refused. */
const checkedTrue = (tag: string, env: NodeJS.ProcessEnv) =>
  run('/bin/sh', ['-c', `/bin/true ${tag}; echo rc=$?`], env);

/** A bare listener with a fixed behaviour per connection, for replies our server never sends. */
async function rawServer(path: string, onConn: (s: net.Socket) => void): Promise<() => Promise<void>> {
  const socks = new Set<net.Socket>();
  const srv = net.createServer((s) => {
    socks.add(s);
    s.on('error', () => {});
    s.on('close', () => socks.delete(s));
    onConn(s);
  });
  await new Promise<void>((r) => srv.listen(path, r));
  return () =>
    new Promise<void>((r) => {
      for (const s of socks) s.destroy();
      srv.close(() => r());
    });
}

/** Reads the request line, then lets `answer` reply. */
const afterRequest = (answer: (s: net.Socket) => void) => (s: net.Socket) => {
  let buf = '';
  s.on('data', (d) => {
    buf += d;
    if (buf.includes('\n')) answer(s);
  });
};

test('no server: commands run at once; SERVICE_FAIL_OPEN=0 refuses them', async () => {
  const sock = join(dir, 'absent.sock');
  const open = await checkedTrue('absent', preloadEnv(sock));
  assert.match(open.stdout, /rc=0/);
  assert.equal(open.stderr, '');
  const strict = await checkedTrue('absent', preloadEnv(sock, { SERVICE_FAIL_OPEN: '0' }));
  assert.match(strict.stdout, /rc=126/);
  assert.match(strict.stderr, /^svc: blocked: \/bin\/true absent: svc server unreachable \(SERVICE_FAIL_OPEN=0\)$/m);
});

test('stale socket file with no listener: refused connection allows at once', async () => {
  const sock = join(dir, 'stale.sock');
  execFileSync(realPython(), ['-c', `import socket; socket.socket(socket.AF_UNIX).bind(${JSON.stringify(sock)})`]);
  const r = await checkedTrue('stale', preloadEnv(sock));
  assert.match(r.stdout, /rc=0/);
  const strict = await checkedTrue('stale', preloadEnv(sock, { SERVICE_FAIL_OPEN: '0' }));
  assert.match(strict.stdout, /rc=126/);
});

test('a listener that never answers: allowed after SERVICE_PRELOAD_TIMEOUT_MS, refused when strict', async () => {
  const sock = join(dir, 'silent.sock');
  const close = await rawServer(sock, () => {});
  try {
    const r = await checkedTrue('silent', preloadEnv(sock, { SERVICE_PRELOAD_TIMEOUT_MS: '100' }));
    assert.match(r.stdout, /rc=0/);
    assert.ok(r.ms >= 100, `answered only after the timeout (${Math.round(r.ms)} ms)`);
    const strict = await checkedTrue(
      'silent',
      preloadEnv(sock, { SERVICE_PRELOAD_TIMEOUT_MS: '100', SERVICE_FAIL_OPEN: '0' }),
    );
    assert.match(strict.stdout, /rc=126/);
    assert.match(
      strict.stderr,
      /svc: blocked: \/bin\/true silent: svc server did not answer in time \(SERVICE_FAIL_OPEN=0\)/,
    );
  } finally {
    await close();
  }
});

test('malformed reply: allowed with one notice on stderr, refused when strict', async () => {
  const sock = join(dir, 'garbage.sock');
  const close = await rawServer(
    sock,
    afterRequest((s) => s.end('{"decision":"allow","allowed":"true"}\n')),
  );
  try {
    const r = await checkedTrue('garbage', preloadEnv(sock));
    assert.match(r.stdout, /rc=0/);
    assert.equal(
      r.stderr.match(/svc: preload: malformed reply from the svc server; allowing \(fail-open\)/g)?.length,
      1,
    );
    const strict = await checkedTrue('garbage', preloadEnv(sock, { SERVICE_FAIL_OPEN: '0' }));
    assert.match(strict.stdout, /rc=126/);
    assert.match(strict.stderr, /svc: blocked: \/bin\/true garbage: malformed reply from the svc server/);
  } finally {
    await close();
  }
});

test('server hangs up without a reply: treated as unreachable', async () => {
  const sock = join(dir, 'hangup.sock');
  const close = await rawServer(
    sock,
    afterRequest((s) => s.destroy()),
  );
  try {
    assert.match((await checkedTrue('hangup', preloadEnv(sock))).stdout, /rc=0/);
    assert.match((await checkedTrue('hangup', preloadEnv(sock, { SERVICE_FAIL_OPEN: '0' }))).stdout, /rc=126/);
  } finally {
    await close();
  }
});

test('a server reply with extra fields and escapes is understood', async () => {
  const sock = join(dir, 'rich.sock');
  const close = await rawServer(
    sock,
    afterRequest((s) =>
      s.end(
        JSON.stringify({
          id: 'x',
          nested: { a: [1, 2.5e3, null, true] },
          decision: 'deny',
          allowed: false,
          message: 'no \u00e9 "quoted"\n second',
        }) + '\n',
      ),
    ),
  );
  try {
    const r = await checkedTrue('rich', preloadEnv(sock));
    assert.match(r.stdout, /rc=126/);
    assert.match(r.stderr, /^svc: blocked: \/bin\/true rich: no é "quoted"\\n second$/m);
  } finally {
    await close();
  }
});

let rec: Recorder;
before(async () => {
  rec = await startRecorder();
});
after(() => rec.close());

test('a command larger than the request budget arrives cut, flagged truncated, as valid JSON under 8 MiB', async () => {
  rec.requests.length = 0;
  rec.decide = (req) => ({
    decision: req.truncated ? 'deny' : 'allow',
    allowed: !req.truncated,
    message: req.truncated ? 'command too long to check' : '',
  });
  // 12 arguments of 120,000 control bytes: 1.4 MB, which the kernel takes, but each byte is six
  // in JSON (\u0001), past the 3 MiB budgets; then a dangerous tail
  const script =
    'import os\nos.execv("/bin/true", ["/bin/true"] + ["\\x01" * 120000] * 12 + ["tail-after-the-budget"])';
  const r = await run(realPython(), ['-c', script], preloadEnv(rec.socket));
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /svc: blocked: \/bin\/true '(\\x01)+\.\.\.: command too long to check/);
  const q = rec.requests.find((x) => x.path === '/bin/true')!;
  assert.equal(q.truncated, true);
  assert.ok(!q.command.includes('tail-after-the-budget'));
  assert.ok(q.command.length <= (3 * 1024 * 1024) / 6 + 64);
  assert.ok(q.argv.length < 14 && !q.argv.includes('tail-after-the-budget'));
  rec.requests.length = 0;
  const small = await run('/bin/sh', ['-c', '/bin/true short; echo rc=$?'], preloadEnv(rec.socket));
  assert.match(small.stdout, /rc=0/);
  assert.equal(rec.requests[0]!.truncated, undefined);
});

test('SERVICE_PRELOAD_DEBUG=1 explains each check on stderr without printing the command', async () => {
  rec.decide = () => ({ decision: 'allow', allowed: true, message: '' });
  const r = await checkedTrue('secret-canary-123', preloadEnv(rec.socket, { SERVICE_PRELOAD_DEBUG: '1' }));
  assert.match(r.stdout, /rc=0/);
  assert.match(r.stderr, /^svc: debug: execve allow$/m);
  assert.ok(!r.stderr.includes('secret-canary-123'));
  const quiet = await checkedTrue('quiet', preloadEnv(rec.socket));
  assert.equal(quiet.stderr, '');
});

test('ask: the library waits past its short timeout for a delayed allow or deny', async () => {
  rec.decide = async (req, ctl) => {
    ctl.hold();
    await sleep(400);
    return req.command.includes('approve-me')
      ? { decision: 'allow', allowed: true, message: 'approved by alice' }
      : { decision: 'deny', allowed: false, message: 'denied by alice' };
  };
  const env = preloadEnv(rec.socket, { SERVICE_PRELOAD_TIMEOUT_MS: '150' });
  const yes = await checkedTrue('approve-me', env);
  assert.match(yes.stdout, /rc=0/);
  assert.ok(yes.ms >= 400, `${yes.ms}`);
  const no = await checkedTrue('reject-me', env);
  assert.match(no.stdout, /rc=126/);
  assert.match(no.stderr, /^svc: blocked: \/bin\/true reject-me: denied by alice$/m);
});

test('ask: a slow decide gets the hold notice automatically, so the timeout cannot turn it into allow', async () => {
  rec.decide = async () => {
    await sleep(700);
    return { decision: 'deny', allowed: false, message: 'approval timed out; call blocked' };
  };
  const r = await checkedTrue('slow', preloadEnv(rec.socket, { SERVICE_PRELOAD_TIMEOUT_MS: '400' }));
  assert.match(r.stdout, /rc=126/);
  assert.match(r.stderr, /approval timed out; call blocked/);
});

test('SERVICE_PRELOAD_ASK=deny: the request says wait:false and an ask is refused at once', async () => {
  rec.requests.length = 0;
  rec.decide = (req) =>
    req.wait === false
      ? { decision: 'ask', allowed: false, message: 'approval required' }
      : { decision: 'allow', allowed: true, message: '' };
  const r = await checkedTrue('needs-approval', preloadEnv(rec.socket, { SERVICE_PRELOAD_ASK: 'deny' }));
  assert.match(r.stdout, /rc=126/);
  assert.match(r.stderr, /^svc: blocked: \/bin\/true needs-approval: approval required$/m);
  assert.equal(rec.requests[0]!.wait, false);
});

test('SERVICE_PRELOAD_ASK=deny: a server that holds anyway is hung up on at once', async () => {
  let aborted = false;
  rec.decide = async (_req, ctl) => {
    ctl.hold();
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, 5000);
      ctl.signal.addEventListener('abort', () => {
        aborted = true;
        clearTimeout(t);
        resolve();
      });
    });
    return { decision: 'allow', allowed: true, message: '' };
  };
  const r = await checkedTrue('held', preloadEnv(rec.socket, { SERVICE_PRELOAD_ASK: 'deny' }));
  assert.match(r.stdout, /rc=126/);
  assert.match(r.stderr, /approval required \(SERVICE_PRELOAD_ASK=deny\)/);
  // decide sees the hang-up through ctl.signal (a wait that never ends hits the per-test limit)
  while (!aborted) await sleep(10);
});

test('SERVICE_PRELOAD_ASK_TIMEOUT_MS bounds the wait for an approval and then refuses', async () => {
  rec.decide = async (_req, ctl) => {
    ctl.hold();
    await new Promise((resolve) => ctl.signal.addEventListener('abort', resolve));
    return { decision: 'allow', allowed: true, message: '' };
  };
  const r = await checkedTrue('forever', preloadEnv(rec.socket, { SERVICE_PRELOAD_ASK_TIMEOUT_MS: '300' }));
  assert.match(r.stdout, /rc=126/);
  assert.match(
    r.stderr,
    /svc: blocked: \/bin\/true forever: approval was not resolved in time, so the command did not run \(svc pending lists the approval until it expires\)/,
  );
  assert.ok(r.ms >= 300, `refused only after the bound (${r.ms} ms)`);
});
