// Every interposed libc entry point, driven by a small C probe under LD_PRELOAD against the real
// socket listener: an allowed command runs, a denied one fails with EPERM and the stderr line,
// PATH searches ask once, and the children of the child (even with a replaced or empty
// environment) are still checked.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { compileC, preloadEnv, run, startRecorder, tempDir, type Recorder } from './harness.js';
import { PROBE_SOURCE } from './probe-source.js';

let rec: Recorder;
let bin: string;
let dir: string;

before(async () => {
  dir = tempDir();
  bin = compileC(dir, 'probe', PROBE_SOURCE);
  rec = await startRecorder();
});
after(async () => {
  await rec.close();
  rmSync(dir, { recursive: true, force: true });
});

const probe = (mode: string, ...args: string[]) => run(bin, [mode, ...args], preloadEnv(rec.socket));

/** Variants that search PATH get a bare name; the others an absolute path. */
const EXEC_VARIANTS: Array<[string, string]> = [
  ['execl', '/bin/sh'],
  ['execle', '/bin/sh'],
  ['execlp', 'sh'],
  ['execv', '/bin/sh'],
  ['execvp', 'sh'],
  ['execvpe', 'sh'],
  ['execve', '/bin/sh'],
  ['fexecve', '/bin/sh'],
  ['execveat', '/bin/sh'],
  ['posix_spawn', '/bin/sh'],
  ['posix_spawnp', 'sh'],
];

for (const [mode, prog] of EXEC_VARIANTS) {
  test(`${mode}: allowed command runs, its child is checked too, one request per call`, async () => {
    rec.requests.length = 0;
    const tag = `allowed-${mode}`;
    const r = await probe(mode, prog, '-c', `echo ${tag}; /bin/true child-of-${mode}`);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(tag));
    const mine = rec.requests.filter((q) => q.api === mode && q.command.includes(tag));
    assert.equal(mine.length, 1, `exactly one check for ${mode}: ${JSON.stringify(rec.commands())}`);
    assert.ok(mine[0]!.command.includes(`echo ${tag}`), mine[0]!.command);
    assert.ok(mine[0]!.path.startsWith('/'), 'the resolved path is reported');
    assert.equal(mine[0]!.agent, 'test-agent');
    assert.equal(mine[0]!.session, 'test-session');
    assert.ok(
      rec.commands().includes(`/bin/true child-of-${mode}`),
      `grandchild covered: ${JSON.stringify(rec.commands())}`,
    );
  });

  test(`${mode}: denied command fails with EPERM and says why`, async () => {
    const r = await probe(mode, prog, '-c', 'echo svc-deny-me');
    assert.equal(r.code, 3, `stdout=${r.stdout} stderr=${r.stderr}`);
    assert.equal(r.stdout.trim(), `${mode}: EPERM`);
    assert.match(r.stderr, /^svc: blocked: .*echo svc-deny-me.*: marker found$/m);
  });
}

test('execvp reports the name the user typed and asks once although PATH has six entries', async () => {
  rec.requests.length = 0;
  const r = await probe('execvp', 'sh', '-c', 'exit 0');
  assert.equal(r.code, 0);
  const q = rec.requests.filter((x) => x.api === 'execvp');
  assert.equal(q.length, 1);
  assert.equal(q[0]!.command, "sh -c 'exit 0'");
  assert.deepEqual(q[0]!.argv, ['sh', '-c', 'exit 0']);
});

test('a lying argv[0] is replaced by the real path', async () => {
  rec.requests.length = 0;
  // bash's exec -a: argv[0] claims "ls" while /bin/echo runs
  const r = await run('/usr/bin/bash', ['-c', 'exec -a ls /bin/echo spoofed'], preloadEnv(rec.socket));
  assert.equal(r.code, 0, r.stderr);
  assert.ok(rec.commands().includes('/bin/echo spoofed'), JSON.stringify(rec.commands()));
  assert.ok(!rec.commands().some((c) => c.startsWith('ls')));
});

for (const mode of ['system', 'popen']) {
  test(`${mode}: the shell command is checked as written and the shell's children are covered`, async () => {
    rec.requests.length = 0;
    const cmd = `echo allowed-${mode}; /bin/true child-of-${mode}`;
    const r = await probe(mode, cmd);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`allowed-${mode}`));
    const q = rec.requests.filter((x) => x.api === mode);
    assert.equal(q.length, 1);
    assert.equal(q[0]!.command, cmd);
    assert.equal(q[0]!.path, '/bin/sh');
    assert.ok(rec.commands().includes(`/bin/true child-of-${mode}`));
  });

  test(`${mode}: denied command returns the failure value with EPERM`, async () => {
    const r = await probe(mode, 'echo svc-deny-me');
    assert.equal(r.code, 3);
    assert.equal(r.stdout.trim(), `${mode}: EPERM`);
    assert.match(r.stderr, /^svc: blocked: echo svc-deny-me: marker found$/m);
  });

  test(`${mode}: a program that drops LD_PRELOAD from its environment still has the shell's children checked`, async () => {
    rec.requests.length = 0;
    const r = await probe(`unset-${mode}`, `/bin/true unset-child-of-${mode}; echo done`);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /done/);
    assert.ok(rec.commands().includes(`/bin/true unset-child-of-${mode}`), JSON.stringify(rec.commands()));
  });
}

test('execv after the program dropped LD_PRELOAD: the new image still carries the library', async () => {
  rec.requests.length = 0;
  const r = await probe('unset-execv', '/bin/sh', '-c', '/bin/true unset-execv-child');
  assert.equal(r.code, 0, r.stderr);
  assert.ok(rec.commands().includes('/bin/true unset-execv-child'));
});

test('threads: eight concurrent posix_spawn calls and two fork+exec from a threaded process', async () => {
  rec.requests.length = 0;
  const r = await probe('threads', '/bin/sh', '-c', '/bin/true thread-child');
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'threads: ok=10 eperm=0');
  assert.equal(rec.commands().filter((c) => c === '/bin/true thread-child').length, 10);
  const denied = await probe('threads', '/bin/echo', 'svc-deny-me');
  assert.equal(denied.stdout.trim(), 'threads: ok=0 eperm=10');
});

test('vfork children run the whole check and leave the parent intact for the next one', async () => {
  rec.requests.length = 0;
  const r = await probe('vfork', '/bin/sh', '-c', '/bin/true vfork-child');
  assert.equal(r.stdout.trim(), 'vfork: ok=3 eperm=0');
  assert.equal(rec.commands().filter((c) => c === '/bin/true vfork-child').length, 3);
  const denied = await probe('vfork', '/bin/echo', 'svc-deny-me');
  assert.equal(denied.stdout.trim(), 'vfork: ok=0 eperm=3');
});

test('a program that does not exist is not asked about and fails with ENOENT', async () => {
  rec.requests.length = 0;
  const r = await probe('execvp', 'no-such-program-svc', 'x');
  assert.equal(r.code, 4);
  assert.match(r.stdout, /No such file or directory/);
  assert.equal(rec.requests.length, 0);
});
