// Protocol v2 through the real server: what an exec really runs and what its environment makes it
// run. A program under an innocent name (a copy, a symbolic or hard link, /proc/self/fd/N,
// fexecve) is judged as the system program it is; variables that run code (BASH_ENV, LD_PRELOAD,
// NODE_OPTIONS, ...) that an exec sets are seen by command_env_assignments and command_matches.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import {
  exchange,
  line,
  preloadEnv,
  realPython,
  run,
  servePolicy,
  startRecorder,
  tempDir,
  waitFor,
  type PolicyServer,
} from './harness.js';

/** The rules these tests need; the environment rule is the one proposed for the standard profile. */
const POLICY = `version: "1"
default_action: allow
policies:
  - name: code-through-the-environment
    match:
      tool: exec
    rules:
      - action: deny
        message: "Loading other code into a program through its environment is blocked."
        when:
          command_env_assignments:
            - 'LD_PRELOAD'
            - 'LD_AUDIT'
            - 'DYLD_*'
            - 'SERVICE_*'
            - 'BASH_ENV'
            - 'ENV'
      - action: deny
        message: "NODE_OPTIONS that load a module are blocked."
        when:
          command_matches:
            - '*NODE_OPTIONS=*--require*'
  - name: no-rm
    match:
      tool: exec
    rules:
      - action: deny
        message: "rm is off in this test"
        when:
          command_matches:
            - 'rm *'
`;

let dataDir: string;
let socket: string;
let srv: PolicyServer;
let work: string;
before(async () => {
  work = tempDir('svc-v2-work-');
  srv = await servePolicy(POLICY, 'svc-v2-');
  ({ dataDir, socket } = srv);
});
after(async () => {
  await srv.stop();
  rmSync(work, { recursive: true, force: true });
});

const sh = (script: string, session: string) =>
  run('/bin/sh', ['-c', script], preloadEnv(socket, { SERVICE_SESSION: session }));

function audited(session: string): Array<{ action: string; command: string; request: Record<string, unknown> }> {
  const audit = join(dataDir, 'audit');
  if (!existsSync(audit)) return [];
  return readdirSync(audit)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(audit, f), 'utf8').split('\n'))
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l))
    .filter((e) => e.tool === 'exec' && e.session === session)
    .map((e) => ({ action: e.decision.action, command: e.request.command, request: e.request }));
}

/** A directory with one file in it, to be deleted by a disguised rm. */
function victim(name: string): string {
  const v = join(work, name);
  mkdirSync(v, { recursive: true });
  writeFileSync(join(v, 'keep'), 'x');
  return v;
}

test('a copy of rm under an innocent name is read as rm: refused, nothing deleted', async () => {
  const tidy = join(work, 'tidy');
  copyFileSync('/usr/bin/rm', tidy);
  execFileSync('chmod', ['755', tidy]);
  const v = victim('v-copy');
  const r = await sh(`${tidy} -rf ${v}; echo rc=$?`, 'v2-copy');
  assert.match(r.stdout, /rc=126/, r.stderr);
  assert.match(r.stderr, /rm is off in this test/);
  assert.ok(existsSync(join(v, 'keep')));
  // a copy of another program keeps its own name
  const ok = join(work, 'ok');
  copyFileSync('/usr/bin/true', ok);
  execFileSync('chmod', ['755', ok]);
  assert.match((await sh(`${ok}; echo rc=$?`, 'v2-copy')).stdout, /rc=0/);
  // the audit keeps what was typed and names the program
  const ev = audited('v2-copy');
  const denied = ev.find((e) => e.action === 'deny')!;
  assert.equal(denied.command, `rm -rf ${v}`);
  assert.equal(denied.request.program, 'rm');
  assert.equal(denied.request.typed, `${tidy} -rf ${v}`);
});

test('a symbolic link, a hard link and /proc/self/fd/N to rm are read as rm', async () => {
  const link = join(work, 'tidy-link');
  symlinkSync('/usr/bin/rm', link);
  const v1 = victim('v-symlink');
  const r1 = await sh(`${link} -rf ${v1}; echo rc=$?`, 'v2-links');
  assert.match(r1.stdout, /rc=126/, r1.stderr);
  assert.ok(existsSync(join(v1, 'keep')));

  const hard = join(work, 'tidy-hard');
  let linked = true;
  try {
    linkSync('/usr/bin/rm', hard);
  } catch {
    linked = false; // /usr on another filesystem: a copy is covered above
  }
  if (linked) {
    const v2 = victim('v-hardlink');
    const r2 = await sh(`${hard} -rf ${v2}; echo rc=$?`, 'v2-links');
    assert.match(r2.stdout, /rc=126/, r2.stderr);
    assert.ok(existsSync(join(v2, 'keep')));
  }

  const v3 = victim('v-procfd');
  const v4 = victim('v-fexecve');
  for (const [how, v] of [
    [`os.execv("/proc/self/fd/%d" % fd, ["tidy", "-rf", ${JSON.stringify(v3)}])`, v3],
    [`os.execve(fd, ["tidy", "-rf", ${JSON.stringify(v4)}], dict(os.environ))`, v4],
  ] as const) {
    const script = `import os, sys\nfd = os.open("/usr/bin/rm", os.O_RDONLY)\ntry:\n    ${how}\nexcept PermissionError:\n    print("refused")`;
    const r = await run(realPython(), ['-c', script], preloadEnv(socket, { SERVICE_SESSION: 'v2-links' }));
    assert.match(r.stdout, /refused/, r.stderr);
    assert.ok(existsSync(join(v, 'keep')), how);
  }
});

test('system programs under their own names, and names that alias them (sh is dash), are left alone', async () => {
  const r = await sh('/bin/sh -c "echo hi"; /usr/bin/env true; echo rc=$?', 'v2-names');
  assert.match(r.stdout, /hi\nrc=0/, r.stderr);
  await waitFor(() => audited('v2-names').length >= 2, 3000);
  const cmds = audited('v2-names').map((e) => e.command);
  assert.ok(cmds.includes("/bin/sh -c 'echo hi'"), JSON.stringify(cmds));
  assert.ok(cmds.includes('/usr/bin/env true'), JSON.stringify(cmds));
});

test('variables that run code, set for an exec, reach the policy: BASH_ENV, LD_PRELOAD, NODE_OPTIONS', async () => {
  const hook = join(work, 'evil.sh');
  writeFileSync(hook, 'echo injected\n');
  const cases: Array<[string, RegExp]> = [
    [`BASH_ENV=${hook} /bin/true; echo rc=$?`, /Loading other code/],
    [`env LD_PRELOAD=/nonexistent/x.so /bin/true; echo rc=$?`, /Loading other code/],
    [`NODE_OPTIONS='--require /tmp/x.js' /bin/true; echo rc=$?`, /NODE_OPTIONS that load a module/],
    [`SERVICE_URL=http://127.0.0.1:1 /bin/true; echo rc=$?`, /Loading other code/],
  ];
  for (const [script, why] of cases) {
    // the shell is started clean; the assignment comes from inside it, so the policy sees only
    // the environment of the exec it makes
    const r = await sh(script, 'v2-env');
    assert.match(r.stdout, /rc=(126|127)/, `${script}: ${r.stderr}`);
    assert.match(r.stderr, why, script);
  }
  // the same through an API that passes its own environment
  const py = await run(
    realPython(),
    [
      '-c',
      'import os\ntry:\n    os.execve("/bin/true", ["true"], {"LD_PRELOAD": "/nonexistent/x.so"})\nexcept PermissionError:\n    print("refused")',
    ],
    preloadEnv(socket, { SERVICE_SESSION: 'v2-env' }),
  );
  assert.match(py.stdout, /refused/, py.stderr);
  // harmless values of other variables are untouched; so is an environment the process started with
  const fine = await run(
    '/bin/sh',
    ['-c', 'GIT_PAGER=cat /bin/true; /bin/true; echo rc=$?'],
    preloadEnv(socket, { SERVICE_SESSION: 'v2-env-ok', BASH_ENV: hook }),
  );
  assert.match(fine.stdout, /rc=0/, fine.stderr);
  await waitFor(() => audited('v2-env-ok').length >= 2, 3000);
  const ev = audited('v2-env-ok');
  assert.ok(
    ev.some((e) => e.command === 'GIT_PAGER=cat /bin/true' && e.action === 'allow'),
    JSON.stringify(ev),
  );
  assert.ok(
    ev.some((e) => e.command === '/bin/true' && e.action === 'allow'),
    JSON.stringify(ev),
  );
});

test('the library sends only what the exec changes: its own LD_PRELOAD and SERVICE_* never, an inherited value once', async () => {
  const rec = await startRecorder();
  try {
    const r = await run(
      '/bin/sh',
      [
        '-c',
        'PYTHONPATH=/x /bin/true a; /bin/true b; LD_PRELOAD= /bin/true c; SERVICE_FAIL_OPEN=1 /bin/true d; PYTHONWARNINGS=ignore::evil.W /bin/true e',
      ],
      preloadEnv(rec.socket, { GIT_EDITOR: 'vi' }),
    );
    assert.equal(r.code, 0, r.stderr);
    const env = (tag: string) => rec.requests.find((q) => q.argv[1] === tag)?.env;
    assert.deepEqual(env('a'), { PYTHONPATH: '/x' });
    assert.deepEqual(env('b'), {});
    assert.deepEqual(env('c'), {});
    assert.deepEqual(env('d'), {});
    // every PYTHON* variable: PYTHONWARNINGS imports the module that names a warning category
    assert.deepEqual(env('e'), { PYTHONWARNINGS: 'ignore::evil.W' });
    // a program in the system directories is named by its path: no exe, no hash
    assert.ok(
      rec.requests.every((q) => q.v === 2 && q.exe === undefined && q.exe_id === undefined),
      JSON.stringify(rec.requests),
    );
  } finally {
    await rec.close();
  }
});

/** "sha256:<hex>" of a file, as the library must send it. */
const sha256Of = (file: string) => 'sha256:' + createHash('sha256').update(readFileSync(file)).digest('hex');

test('the library sends the resolved file and its content hash: a renamed copy, a symlink, a hard link, /proc/self/fd/N', async () => {
  const rec = await startRecorder();
  const dir = tempDir('svc-v2-hash-');
  try {
    const copy = join(dir, 'tidy');
    copyFileSync('/usr/bin/rm', copy);
    execFileSync('chmod', ['755', copy]);
    const link = join(dir, 'tidy-link');
    symlinkSync(copy, link);
    const hard = join(dir, 'tidy-hard');
    linkSync(copy, hard);
    const want = sha256Of('/usr/bin/rm');
    const size = statSync('/usr/bin/rm').size;
    const script = [
      `import os`,
      `for p in [${JSON.stringify(copy)}, ${JSON.stringify(link)}, ${JSON.stringify(hard)}]:`,
      `    pid = os.fork()`,
      `    if pid == 0:`,
      `        os.execv(p, ["tidy", "--version"])`,
      `    os.waitpid(pid, 0)`,
      `fd = os.open(${JSON.stringify(copy)}, os.O_RDONLY)`,
      `pid = os.fork()`,
      `if pid == 0:`,
      `    os.execv("/proc/self/fd/%d" % fd, ["tidy", "--version"])`,
      `os.waitpid(pid, 0)`,
    ].join('\n');
    const r = await run(realPython(), ['-c', script], preloadEnv(rec.socket, { SERVICE_SESSION: 'v2-hash' }));
    assert.equal(r.code, 0, r.stderr);
    const sent = rec.requests.filter((q) => q.argv[0] === 'tidy');
    assert.equal(sent.length, 4, JSON.stringify(rec.requests));
    // the copy, the symlink and the descriptor all name the copy; the hard link is its own name
    assert.deepEqual(
      sent.map((q) => q.exe),
      [copy, copy, hard, copy],
    );
    for (const q of sent) {
      assert.equal(q.exe_id, want, `${q.path}: the content hash of what runs`);
      assert.equal(q.exe_size, size);
    }
  } finally {
    await rec.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the hash cache is keyed by identity: a file rewritten at the same size with its mtime put back is hashed again', async () => {
  const rec = await startRecorder();
  const dir = tempDir('svc-v2-cache-');
  try {
    const prog = join(dir, 'prog');
    // two scripts of the same length
    writeFileSync(prog, '#!/bin/sh\necho one\n', { mode: 0o755 });
    const first = sha256Of(prog);
    const second = createHash('sha256').update('#!/bin/sh\necho two\n').digest('hex');
    // one shell, so both execs go through the cache its children share
    const script = [
      `${prog}`,
      `python3 -c 'import os,sys; st=os.stat(sys.argv[1]); open(sys.argv[1],"w").write("#!/bin/sh\\necho two\\n"); os.utime(sys.argv[1], ns=(st.st_atime_ns, st.st_mtime_ns))' ${prog}`,
      `${prog}`,
      `${prog}`,
    ].join('\n');
    const r = await run('/bin/sh', ['-c', script], preloadEnv(rec.socket));
    assert.equal(r.stdout, 'one\ntwo\ntwo\n', r.stderr);
    const ids = rec.requests.filter((q) => q.path === prog).map((q) => q.exe_id);
    assert.deepEqual(ids, [first, 'sha256:' + second, 'sha256:' + second]);
  } finally {
    await rec.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the server reads a copy by the hash the library sent, without reading the file (a server of another user may not)', async () => {
  const rm = '/usr/bin/rm';
  const base = {
    v: 2,
    tool: 'exec',
    api: 'execve',
    agent: 'a',
    session: 'v2-by-hash',
    run_id: '',
    command: '/home/agent/tidy -rf /x',
    argv: ['/home/agent/tidy', '-rf', '/x'],
    path: '/home/agent/tidy',
    // a file the server cannot see
    exe: '/home/agent/.private/tidy',
    cwd: '/tmp',
    pid: 10,
    ppid: 1,
  };
  const ask = async (o: object) => JSON.parse(await exchange(socket, line(o))) as { decision: string; message: string };
  const denied = await ask({ ...base, exe_id: sha256Of(rm), exe_size: statSync(rm).size });
  assert.equal(denied.decision, 'deny', JSON.stringify(denied));
  assert.match(denied.message, /rm is off in this test/);
  // the same request with another program's hash is that program's business
  const other = await ask({ ...base, exe_id: sha256Of('/usr/bin/true'), exe_size: statSync('/usr/bin/true').size });
  assert.equal(other.decision, 'allow');
  const ev = audited('v2-by-hash');
  assert.equal(ev[0]?.request.program, 'rm');
  assert.equal(ev[0]?.request.exe_id, sha256Of(rm));
  // a malformed size is refused with a reason
  const bad = await ask({ ...base, exe_id: sha256Of(rm), exe_size: -1 });
  assert.equal(bad.decision, 'deny');
  assert.match(bad.message, /exe_size/);
});
