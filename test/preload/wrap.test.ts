// `svc wrap`, `svc preload-path` and the svc-shim SHELL: the first command is checked before it
// starts, $SHELL -c launches are checked as written (and not twice), exit codes pass through.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { LIB, PATH, SHIM, run, startRecorder, type Recorder } from './harness.js';

const SVC = join(PACKAGE_ROOT, 'bin', 'svc.js');
let rec: Recorder;
before(async () => {
  rec = await startRecorder();
});
after(() => rec.close());

const baseEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  PATH,
  HOME: process.env.HOME ?? '/root',
  SHELL: '/usr/bin/bash',
  SERVICE_SOCKET: rec.socket,
  ...extra,
});
const wrap = (args: string[], env = baseEnv()) => run(process.execPath, [SVC, 'wrap', '--', ...args], env);

test('svc preload-path prints the absolute path of the built library', async () => {
  const r = await run(process.execPath, [SVC, 'preload-path'], baseEnv());
  assert.equal(r.code, 0);
  const p = r.stdout.trim();
  assert.ok(isAbsolute(p) && existsSync(p) && p.endsWith('libsvc.so'));
  assert.equal(p, LIB);
  assert.equal((await run(process.execPath, [SVC, 'preload-path', 'extra'], baseEnv())).code, 2);
});

test("svc wrap -- bash -c 'svc-deny-me': refused before it starts, exit 126 with the reason", async () => {
  rec.requests.length = 0;
  const r = await wrap(['bash', '-c', 'svc-deny-me']);
  assert.equal(r.code, 126);
  assert.match(r.stderr, /^svc: blocked: bash -c svc-deny-me: marker found$/m);
  assert.equal(rec.requests.length, 1);
  assert.equal(rec.requests[0]!.api, 'wrap');
  assert.equal(rec.requests[0]!.agent, 'bash', 'agent defaults to the wrapped program');
});

test('svc wrap passes the exit status through, and 128+N for a signal', async () => {
  const r = await wrap(['bash', '-c', 'echo wrapped; exit 7']);
  assert.equal(r.code, 7);
  assert.equal(r.stdout, 'wrapped\n');
  const killed = await wrap(['sh', '-c', 'kill -TERM $$']);
  assert.equal(killed.code, 128 + 15);
});

test('under svc wrap, $SHELL -c goes through the shim once, execs through the library', async () => {
  rec.requests.length = 0;
  const script =
    '"$SHELL" -c "echo via-shim; /bin/true shim-child"; x=me; "$SHELL" -c "echo svc-deny-$x"; echo rc=$?; echo "shell=$SHELL real=$SERVICE_REAL_SHELL"';
  const r = await wrap(['bash', '-c', script]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^via-shim$/m);
  assert.match(r.stdout, /^rc=126$/m);
  assert.match(r.stdout, new RegExp(`^shell=${SHIM} real=/usr/bin/bash$`, 'm'));
  assert.match(r.stderr, /^svc: blocked: echo svc-deny-me: marker found$/m);
  const shim = rec.requests.filter((q) => q.api === 'shell').map((q) => q.command);
  assert.deepEqual(shim, ['echo via-shim; /bin/true shim-child', 'echo svc-deny-me']);
  assert.ok(!rec.requests.some((q) => q.path === SHIM), 'the library leaves the shim to check itself');
  assert.ok(rec.commands().includes('/bin/true shim-child'), 'the real shell carries the library');
});

test('svc wrap keeps the admin token away from the agent and puts the library in LD_PRELOAD', async () => {
  const r = await wrap(
    ['sh', '-c', 'echo "tok=${SERVICE_TOKEN:-none} pre=$LD_PRELOAD"'],
    baseEnv({ SERVICE_TOKEN: 'secret-admin-token' }),
  );
  assert.equal(r.code, 0);
  assert.equal(r.stdout.trim(), `tok=none pre=${LIB}`);
});

test('svc wrap warns when no server socket exists, then runs fail-open (or refuses with SERVICE_FAIL_OPEN=0)', async () => {
  const env = baseEnv({ SERVICE_SOCKET: join(rec.dir, 'absent.sock') });
  const r = await wrap(['sh', '-c', 'echo ran'], env);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, 'ran\n');
  assert.match(r.stderr, /svc wrap: warning: no svc server socket at .*absent\.sock.*commands run unchecked/);
  const strict = await wrap(['sh', '-c', 'echo ran'], { ...env, SERVICE_FAIL_OPEN: '0' });
  assert.equal(strict.code, 126);
  assert.match(strict.stderr, /svc: blocked: sh -c 'echo ran': svc server unreachable/);
});

test('svc wrap without a command is a usage error', async () => {
  const r = await run(process.execPath, [SVC, 'wrap'], baseEnv());
  assert.equal(r.code, 2);
  assert.match(r.stderr, /missing command/);
});

const shimEnv = (extra: Record<string, string> = {}) => ({
  ...baseEnv(),
  SERVICE_REAL_SHELL: '/usr/bin/bash',
  ...extra,
});

test('svc-shim: option clusters before -c are understood; non -c invocations pass straight through', async () => {
  rec.requests.length = 0;
  const a = await run(SHIM, ['-o', 'pipefail', '-lc', 'echo "cmd=$0 $1"', 'name', 'arg1'], shimEnv());
  assert.equal(a.code, 0, a.stderr);
  assert.equal(a.stdout.trim(), 'cmd=name arg1');
  assert.deepEqual(rec.commands(), ['echo "cmd=$0 $1"']);
  assert.deepEqual(rec.requests[0]!.argv, [
    '/usr/bin/bash',
    '-o',
    'pipefail',
    '-lc',
    'echo "cmd=$0 $1"',
    'name',
    'arg1',
  ]);
  rec.requests.length = 0;
  const b = await run(SHIM, ['-s'], shimEnv(), { input: 'echo from-stdin\n' });
  assert.equal(b.stdout, 'from-stdin\n');
  assert.equal(rec.requests.length, 0);
});

test('svc-shim: a login invocation stays a login shell; a denied command exits 126', async () => {
  const plain = await run(SHIM, ['-c', 'shopt -q login_shell && echo login'], shimEnv());
  assert.equal(plain.stdout, '', 'not a login shell without the leading dash');
  const login = await run(SHIM, ['-c', 'shopt -q login_shell && echo "login $0"'], shimEnv(), { argv0: '-svc-shim' });
  assert.equal(login.stdout, 'login -bash\n');
  const denied = await run(SHIM, ['-c', 'echo svc-deny-me'], shimEnv());
  assert.equal(denied.code, 126);
  assert.match(denied.stderr, /^svc: blocked: echo svc-deny-me: marker found$/m);
  assert.equal(denied.stdout, '');
});

test('svc-shim never loops into itself through SERVICE_REAL_SHELL', async () => {
  const r = await run(SHIM, ['-c', 'echo safe'], shimEnv({ SERVICE_REAL_SHELL: SHIM }));
  assert.equal(r.code, 0);
  assert.equal(r.stdout, 'safe\n');
});
