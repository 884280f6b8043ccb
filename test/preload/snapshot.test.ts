// The load-time snapshot a child environment is rebuilt from: the LD_PRELOAD list (other
// libraries kept first, ours spelled absolute and listed once), identity values long enough to
// spill out of the library's small static arena, and the socket path derived from HOME.
// Each case goes through `env -i`, so what the grandchild sees comes from the snapshot alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { startPreloadSocket, type PreloadRequest } from '../../server/preload-socket.js';
import { LIB, PATH, preloadEnv, run, startRecorder, tempDir, type Recorder } from './harness.js';

let rec: Recorder;
before(async () => {
  rec = await startRecorder();
});
after(() => rec.close());

/** Parses `env` output into a map (values here never contain newlines). */
function envMap(out: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const line of out.split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0) m.set(line.slice(0, eq), line.slice(eq + 1));
  }
  return m;
}

test('LD_PRELOAD in the snapshot: ours comes first, absolute and listed once, then the other libraries', async () => {
  const other = join(rec.dir, 'libother.so');
  writeFileSync(join(rec.dir, 'other.c'), 'int svc_test_other_marker;\n');
  execFileSync('gcc', ['-shared', '-fPIC', '-o', other, join(rec.dir, 'other.c')], { stdio: 'pipe' });
  const rel = `./${basename(LIB)}`;
  const env = preloadEnv(rec.socket, { LD_PRELOAD: `${other} ${rel}:${rel}` });
  const r = await run('/bin/sh', ['-c', 'env -i /usr/bin/printenv LD_PRELOAD'], env, { cwd: dirname(LIB) });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout.trim(), `${LIB}:${other}`);
  assert.ok(rec.commands().includes('/usr/bin/printenv LD_PRELOAD'), JSON.stringify(rec.commands()));
});

test('identity values past the static arena reach grandchildren whole; over 512 bytes they are cut there', async () => {
  rec.requests.length = 0;
  const agent = 'a'.repeat(500);
  const session = 's'.repeat(511);
  const run_id = 'r'.repeat(700);
  const env = preloadEnv(rec.socket, {
    SERVICE_AGENT: agent,
    SERVICE_SESSION: session,
    SERVICE_RUN: run_id,
    SERVICE_PRELOAD_TIMEOUT_MS: '1500',
  });
  const r = await run('/bin/sh', ['-c', 'env -i /usr/bin/env; env -i /bin/sh -c "/bin/true spill-grandchild"'], env);
  assert.equal(r.code, 0, r.stderr);
  const seen = envMap(r.stdout);
  assert.equal(seen.get('SERVICE_AGENT'), agent);
  assert.equal(seen.get('SERVICE_SESSION'), session);
  assert.equal(seen.get('SERVICE_RUN'), run_id.slice(0, 512));
  assert.equal(seen.get('SERVICE_SOCKET'), rec.socket);
  assert.equal(seen.get('SERVICE_PRELOAD_TIMEOUT_MS'), '1500');
  assert.equal(seen.get('LD_PRELOAD'), LIB);
  const q = rec.requests.find((x) => x.command === '/bin/true spill-grandchild');
  assert.ok(q, JSON.stringify(rec.commands()));
  assert.equal(q.agent, agent);
  assert.equal(q.session, session);
  assert.equal(q.run_id, run_id.slice(0, 512));
});

test('without SERVICE_SOCKET the socket is HOME/.svc/svc.sock, spelled out for children; a HOME too long for it has none', async () => {
  const home = tempDir('svc-home-');
  mkdirSync(join(home, '.svc'));
  const seen: PreloadRequest[] = [];
  const srv = await startPreloadSocket({
    path: join(home, '.svc', 'svc.sock'),
    decide: async (req) => {
      seen.push(req);
      return { decision: 'allow', allowed: true, message: 'ok' };
    },
  });
  try {
    const env: NodeJS.ProcessEnv = { PATH, HOME: home, LD_PRELOAD: LIB, SERVICE_AGENT: 'home-agent' };
    const r = await run(
      '/bin/sh',
      ['-c', 'env -i /usr/bin/printenv SERVICE_SOCKET; env -i /bin/sh -c "/bin/true home-grandchild"'],
      env,
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), join(home, '.svc', 'svc.sock'));
    const cmds = seen.map((q) => q.command);
    assert.ok(cmds.includes('/bin/true home-grandchild'), JSON.stringify(cmds));
    assert.equal(seen.find((q) => q.command === '/bin/true home-grandchild')!.agent, 'home-agent');
  } finally {
    await srv.close();
    rmSync(home, { recursive: true, force: true });
  }
  const longHome = '/' + 'h'.repeat(100); // with /.svc/svc.sock it no longer fits sun_path
  const strict = await run('/bin/sh', ['-c', '/bin/true long-home; echo rc=$?'], {
    PATH,
    HOME: longHome,
    LD_PRELOAD: LIB,
    SERVICE_FAIL_OPEN: '0',
  });
  assert.match(strict.stdout, /rc=126/);
  assert.match(
    strict.stderr,
    /^svc: blocked: \/bin\/true long-home: no usable socket path \(SERVICE_SOCKET or HOME\) \(SERVICE_FAIL_OPEN=0\)$/m,
  );
  const open = await run('/bin/sh', ['-c', '/bin/true long-home; echo rc=$?'], {
    PATH,
    HOME: longHome,
    LD_PRELOAD: LIB,
  });
  assert.match(open.stdout, /rc=0/);
});
