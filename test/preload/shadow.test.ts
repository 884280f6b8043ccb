// A library of the caller's own, preloaded ahead of libsvc.so, that defines execve would take
// every exec past the check. Children always get libsvc.so first again, and a process that was
// started with such a library says so (and with SERVICE_FAIL_OPEN=0 does not run).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DENY_MARKER, LIB, PATH, realPython, run, startRecorder, type Recorder } from './harness.js';

let rec: Recorder;
let shadow: string;
before(async () => {
  rec = await startRecorder();
  // execve straight to the kernel, as a hostile or careless library would
  shadow = join(rec.dir, 'libshadow.so');
  writeFileSync(
    join(rec.dir, 'shadow.c'),
    '#define _GNU_SOURCE\n#include <unistd.h>\n#include <sys/syscall.h>\n' +
      'int execve(const char *p, char *const a[], char *const e[]) { return (int)syscall(SYS_execve, p, a, e); }\n',
  );
  execFileSync('gcc', ['-shared', '-fPIC', '-O1', '-Wall', '-o', shadow, join(rec.dir, 'shadow.c')], { stdio: 'pipe' });
});
after(async () => {
  await rec.close();
  rmSync(shadow, { force: true });
});

const env = (preload: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  PATH,
  HOME: process.env.HOME ?? '/root',
  LD_PRELOAD: preload,
  SERVICE_SOCKET: rec.socket,
  ...extra,
});

test('a child given LD_PRELOAD with a shadowing library gets libsvc.so first, so its execs are still checked', async () => {
  rec.requests.length = 0;
  // the marker is assembled by the inner shell, so only its exec of /bin/true carries it
  const script = `LD_PRELOAD=${shadow} /bin/sh -c 'x=me; /bin/true svc-deny-$x; echo rc=$?; echo "preload=$LD_PRELOAD"'`;
  const r = await run('/bin/sh', ['-c', script], env(LIB));
  assert.match(r.stdout, /^rc=126$/m, r.stderr);
  assert.match(r.stdout, new RegExp(`^preload=${LIB}:${shadow}$`, 'm'));
  assert.ok(rec.commands().includes(`/bin/true ${DENY_MARKER}`), JSON.stringify(rec.commands()));
  // and the server saw that the inner shell was started with another library
  const inner = rec.requests.find((q) => q.argv[0] === '/bin/sh');
  assert.deepEqual((inner as { env?: Record<string, string> } | undefined)?.env, { LD_PRELOAD: shadow });
});

test('a process started with the shadowing library ahead of libsvc.so says so once on stderr', async () => {
  const r = await run('/bin/sh', ['-c', 'echo ran'], env(`${shadow}:${LIB}`));
  assert.equal(r.code, 0);
  assert.equal(r.stdout, 'ran\n');
  const lines = r.stderr.split('\n').filter((l) => l.startsWith('svc: preload: '));
  assert.equal(lines.length, 1, r.stderr);
  assert.match(
    lines[0]!,
    new RegExp(
      `^svc: preload: execve of this process come from ${shadow}, loaded before libsvc.so: those calls are not checked \\(fail-open: running anyway\\)$`,
    ),
  );
});

test('with SERVICE_FAIL_OPEN=0 a shadowed process does not run at all', async () => {
  const r = await run('/bin/sh', ['-c', 'echo ran'], env(`${shadow}:${LIB}`, { SERVICE_FAIL_OPEN: '0' }));
  assert.equal(r.code, 126);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /refusing to run \(SERVICE_FAIL_OPEN=0\)/);
});

test('no warning when libsvc.so comes first, or when an earlier library defines no exec function', async () => {
  const plain = join(rec.dir, 'libplain.so');
  writeFileSync(join(rec.dir, 'plain.c'), 'int svc_test_plain;\n');
  execFileSync('gcc', ['-shared', '-fPIC', '-o', plain, join(rec.dir, 'plain.c')], { stdio: 'pipe' });
  for (const preload of [`${LIB}:${shadow}`, `${plain}:${LIB}`]) {
    const r = await run('/bin/sh', ['-c', 'echo ran'], env(preload));
    assert.equal(r.stdout, 'ran\n');
    assert.equal(r.stderr, '', preload);
  }
});

test('a program that opens libsvc.so with dlopen (not preloaded) is not told it is shadowed', async () => {
  const script = `import ctypes\nctypes.CDLL(${JSON.stringify(LIB)})\nprint("alive")`;
  const r = await run(realPython(), ['-c', script], {
    PATH,
    HOME: process.env.HOME ?? '/root',
    SERVICE_SOCKET: rec.socket,
    SERVICE_FAIL_OPEN: '0',
  });
  assert.equal(r.stdout, 'alive\n', r.stderr);
  assert.equal(r.stderr, '');
});
