// Real programs under the library: bash and dash scripts (dash vforks), CPython's subprocess
// with and without env=, Node's child_process with a replaced environment, and env -i / env -u.
// Every one must run allowed commands, refuse the marked one with EPERM and the stderr line, and
// keep the grandchildren covered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { preloadEnv, realPython, run, startRecorder, type Recorder } from './harness.js';

let rec: Recorder;
before(async () => {
  rec = await startRecorder();
});
after(() => rec.close());

const SCRIPT = `
ls / >/dev/null
/bin/true script-child
( /bin/true subshell-child )
echo "subst=$(/bin/echo cmd-subst)"
ls / | cat >/dev/null
/bin/echo svc-deny-me
echo "after-deny rc=$?"
`;

for (const shell of ['/usr/bin/bash', '/usr/bin/dash']) {
  const name = shell.split('/').pop()!;
  test(`${name} script: commands, subshells, substitutions and pipes are checked; the marked one is refused`, async () => {
    rec.requests.length = 0;
    const file = join(rec.dir, `script-${name}.sh`);
    writeFileSync(file, SCRIPT);
    const r = await run(shell, [file], preloadEnv(rec.socket));
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /subst=cmd-subst/);
    assert.match(r.stdout, /after-deny rc=126/);
    assert.match(r.stderr, /^svc: blocked: \/bin\/echo svc-deny-me: marker found$/m);
    assert.match(r.stderr, /Operation not permitted/);
    for (const c of [
      'ls /',
      '/bin/true script-child',
      '/bin/true subshell-child',
      '/bin/echo cmd-subst',
      'cat',
      '/bin/echo svc-deny-me',
    ]) {
      assert.ok(rec.commands().includes(c), `${c} checked: ${JSON.stringify(rec.commands())}`);
    }
    assert.equal(rec.commands().filter((c) => c === 'ls /').length, 2, 'one check per command despite the PATH walk');
  });
}

test('a refused command is asked about and reported once, although dash and CPython keep walking PATH', async () => {
  // on a merged-/usr system /usr/bin/cat and /bin/cat are the same file, both on PATH
  rec.requests.length = 0;
  const d = await run('/usr/bin/dash', ['-c', 'cat svc-deny-me; echo rc=$?'], preloadEnv(rec.socket));
  assert.match(d.stdout, /rc=126/);
  assert.equal(d.stderr.match(/svc: blocked:/g)?.length, 1, d.stderr);
  assert.equal(rec.requests.length, 1, JSON.stringify(rec.requests.map((q) => q.path)));
  rec.requests.length = 0;
  const py = await run(
    realPython(),
    [
      '-c',
      'import subprocess\ntry:\n  subprocess.run(["cat", "svc-deny-me"])\nexcept PermissionError as e:\n  print("denied", e.errno)',
    ],
    preloadEnv(rec.socket),
  );
  assert.equal(py.stdout.trim(), 'denied 1');
  assert.equal(py.stderr.match(/svc: blocked:/g)?.length, 1, py.stderr);
  assert.equal(rec.requests.length, 1);
  // the memory is per process: the next attempt from the same shell asks again
  rec.requests.length = 0;
  const twice = await run('/usr/bin/dash', ['-c', 'cat svc-deny-me; cat svc-deny-me; true'], preloadEnv(rec.socket));
  assert.equal(twice.stderr.match(/svc: blocked:/g)?.length, 2);
  assert.equal(rec.requests.length, 2);
});

test('dash -c with many vforked commands: no stall between checks', async () => {
  rec.requests.length = 0;
  const r = await run(
    '/usr/bin/dash',
    ['-c', 'for i in 1 2 3 4 5 6 7 8 9 10; do /bin/true loop-$i; done; echo done'],
    preloadEnv(rec.socket),
  );
  assert.equal(r.code, 0);
  assert.equal(rec.commands().filter((c) => c.startsWith('/bin/true loop-')).length, 10);
});

const PY = `
import subprocess, sys
r = subprocess.run(['ls', '/'], stdout=subprocess.DEVNULL)
print('plain', r.returncode)
r = subprocess.run(['sh', '-c', '/bin/true py-env-child'], env={'PATH': '/usr/bin:/bin', 'ONLY': '1'})
print('env', r.returncode)
r = subprocess.run(['sh', '-c', '/bin/true py-empty-env-child'], env={})
print('empty-env', r.returncode)
r = subprocess.run('/bin/true py-shell-child', shell=True)
print('shell', r.returncode)
for args, kw in ((['/bin/echo', 'svc-deny-me'], {}), (['/bin/echo', 'svc-deny-me'], {'env': {'PATH': '/bin'}})):
    try:
        subprocess.run(args, **kw)
        print('denied-not')
    except PermissionError as e:
        print('denied', e.errno)
`;

test('python3 subprocess with and without env=', async () => {
  rec.requests.length = 0;
  const r = await run(realPython(), ['-c', PY], preloadEnv(rec.socket));
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n'), ['plain 0', 'env 0', 'empty-env 0', 'shell 0', 'denied 1', 'denied 1']);
  const cmds = rec.commands();
  assert.equal(cmds.filter((c) => c === 'ls /').length, 1, `one check for the PATH walk: ${JSON.stringify(cmds)}`);
  for (const c of ['/bin/true py-env-child', '/bin/true py-empty-env-child', '/bin/true py-shell-child']) {
    assert.ok(cmds.includes(c), `${c}: ${JSON.stringify(cmds)}`);
  }
  assert.equal(r.stderr.match(/^svc: blocked: \/bin\/echo svc-deny-me: marker found$/gm)?.length, 2);
});

const NODE = `
const { spawn, exec, execFile } = require('node:child_process');
// Node throws EPERM from spawn() synchronously (only ENOENT/EACCES/EAGAIN/EMFILE/ENFILE become 'error' events)
const closed = (mk) => { let c; try { c = mk(); } catch (e) { return Promise.resolve('throws ' + e.code); }
  return new Promise((r) => { c.on('error', (e) => r('error ' + e.code)); c.on('close', (code) => r('code ' + code)); }); };
const cb = (fn) => new Promise((r) => { try { fn((err, out) => r(err ? 'error ' + err.code : 'ok ' + String(out).trim())); } catch (e) { r('throws ' + e.code); } });
(async () => {
  console.log('spawn-env', await closed(() => spawn('sh', ['-c', '/bin/true node-spawn-child'], { env: { PATH: '/usr/bin:/bin' }, stdio: 'inherit' })));
  console.log('spawn-empty-env', await closed(() => spawn('/bin/sh', ['-c', '/bin/true node-empty-env-child'], { env: {}, stdio: 'inherit' })));
  console.log('exec', await cb((k) => exec('echo node-exec-ok; /bin/true node-exec-child', k)));
  console.log('execFile', await cb((k) => execFile('/bin/echo', ['node-execfile-ok'], k)));
  console.log('spawn-denied', await closed(() => spawn('/bin/echo', ['svc-deny-me'], { env: { PATH: '/bin' }, stdio: 'inherit' })));
  console.log('execFile-denied', await cb((k) => execFile('/bin/echo', ['svc-deny-me'], k)));
  console.log('exec-denied', await cb((k) => exec('echo svc-deny-me', k)));
})();
`;

test('node child_process: spawn with a custom or empty env, exec, execFile', async () => {
  rec.requests.length = 0;
  const r = await run(process.execPath, ['-e', NODE], preloadEnv(rec.socket));
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(r.stdout.trim().split('\n'), [
    'spawn-env code 0',
    'spawn-empty-env code 0',
    'exec ok node-exec-ok',
    'execFile ok node-execfile-ok',
    'spawn-denied throws EPERM',
    'execFile-denied throws EPERM',
    'exec-denied throws EPERM',
  ]);
  const cmds = rec.commands();
  for (const c of [
    '/bin/true node-spawn-child',
    '/bin/true node-empty-env-child',
    '/bin/true node-exec-child',
    '/bin/echo node-execfile-ok',
  ]) {
    assert.ok(cmds.includes(c), `${c}: ${JSON.stringify(cmds)}`);
  }
  assert.ok(cmds.includes("/bin/sh -c 'echo node-exec-ok; /bin/true node-exec-child'"), JSON.stringify(cmds));
});

test('env -i and env -u LD_PRELOAD cannot shed the library', async () => {
  rec.requests.length = 0;
  // the marker is assembled at run time so that only the inner command carries it
  const a = await run(
    '/usr/bin/env',
    ['-i', '/bin/sh', '-c', '/bin/true env-i-child; m=me; /bin/echo svc-deny-$m; echo rc=$?'],
    preloadEnv(rec.socket),
  );
  assert.equal(a.code, 0, a.stderr);
  assert.match(a.stdout, /rc=126/);
  assert.match(a.stderr, /svc: blocked: \/bin\/echo svc-deny-me: marker found/);
  const b = await run(
    '/usr/bin/env',
    ['-u', 'LD_PRELOAD', '-u', 'SERVICE_SOCKET', 'sh', '-c', '/bin/true env-u-child'],
    preloadEnv(rec.socket),
  );
  assert.equal(b.code, 0, b.stderr);
  const cmds = rec.commands();
  assert.ok(cmds.includes('/bin/true env-i-child'), JSON.stringify(cmds));
  assert.ok(cmds.includes('/bin/true env-u-child'), JSON.stringify(cmds));
  // the identity survives the wipe too
  const child = rec.requests.find((q) => q.command === '/bin/true env-i-child')!;
  assert.equal(child.agent, 'test-agent');
  assert.equal(child.session, 'test-session');
});

test('a child cannot point itself at another socket or switch fail-open on', async () => {
  rec.requests.length = 0;
  // the inner shell gets a bogus socket and fail-open from its parent; its exec still asks us
  const r = await run(
    '/bin/sh',
    ['-c', "SERVICE_SOCKET=/nonexistent.sock SERVICE_FAIL_OPEN=1 /bin/sh -c 'x=me; /bin/echo svc-deny-$x'; echo rc=$?"],
    preloadEnv(rec.socket),
  );
  assert.match(r.stdout, /rc=126/);
  assert.ok(rec.commands().includes('/bin/echo svc-deny-me'));
});

test('requests carry cwd, pid and ppid', async () => {
  rec.requests.length = 0;
  const r = await run('/bin/sh', ['-c', '/bin/true where-am-i'], preloadEnv(rec.socket), { cwd: rec.dir });
  assert.equal(r.code, 0);
  const q = rec.requests.find((x) => x.command === '/bin/true where-am-i')!;
  assert.equal(q.cwd, rec.dir);
  assert.ok(q.pid > 1 && q.ppid > 1 && q.pid !== q.ppid);
});
