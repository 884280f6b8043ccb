// /etc/svc/server.uid: `svc-hook` trusts a socket served by the uid root names there (and by no
// other foreign uid), and `svc hook` asks a loopback listener only when its owner is trusted.
// Runs as root on a machine without /etc/svc (CI), writing the real trust files and removing them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { lockEtcSvc } from '../helpers/etc-svc.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SVC_BIN } from '../helpers/spawn.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

const SVC_HOOK = join(PACKAGE_ROOT, 'build', 'Release', 'svc-hook');
const skip =
  process.getuid?.() !== 0
    ? 'needs root (writes /etc/svc, creates a user)'
    : existsSync('/etc/svc')
      ? '/etc/svc exists on this machine; not touching a real installation'
      : spawnSync('sh', ['-c', 'command -v setpriv && command -v useradd']).status !== 0
        ? 'needs setpriv and useradd'
        : false;

function run(
  cmd: string,
  args: string[],
  input: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, stdout, stderr }));
    p.stdin.end(input);
  });
}

/** A stand-in server run as `user`: a hook socket and an HTTP port that answer "allow" to anything. */
function fakeServer(user: string | number, dir: string): Promise<{ proc: ChildProcess; sock: string; port: number }> {
  const sock = join(dir, `fake-${user}.sock`);
  const script = `
const net = require('net'), http = require('http');
net.createServer((c) => c.on('data', () => c.end(JSON.stringify({ stdout: '{"fake":true}\\n', stderr: '', exit: 0 }) + '\\n'))).listen(${JSON.stringify(sock)}, () => {
  require('fs').chmodSync(${JSON.stringify(sock)}, 0o666);
  const h = http.createServer((q, r) => { r.setHeader('content-type', 'application/json'); r.end(JSON.stringify({ decision: 'allow', allowed: true, message: 'fake' })); });
  h.listen(0, '127.0.0.1', () => console.log(h.address().port));
});`;
  const proc = spawn(
    'setpriv',
    [`--reuid=${user}`, `--regid=${user}`, '--clear-groups', '--', process.execPath, '-e', script],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`fake server as ${user} exited with ${code}`)));
    proc.stdout!.once('data', (d) => resolve({ proc, sock, port: Number(String(d).trim()) }));
  });
}

test('a foreign-uid server is trusted only when root names its uid in /etc/svc/server.uid', { skip }, async () => {
  const user = `svcu${randomBytes(3).toString('hex')}`;
  const dir = mkdtempSync(join(tmpdir(), 'svc-uidfile-'));
  chmodSync(dir, 0o777);
  let fake: Awaited<ReturnType<typeof fakeServer>> | undefined;
  let nobody: Awaited<ReturnType<typeof fakeServer>> | undefined;
  const unlock = await lockEtcSvc();
  try {
    assert.equal(
      spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', user]).status,
      0,
    );
    const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
    fake = await fakeServer(user, dir);
    nobody = await fakeServer(65534, dir);
    const payload = JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
      cwd: dir,
    });
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      SERVICE_HOME: join(dir, 'home'),
      SERVICE_URL: 'http://127.0.0.1:9',
    };

    // Without the file: a server of another uid is not asked; the hook decides locally.
    const local = (r: { stdout: string }) => {
      const out = JSON.parse(r.stdout);
      return out.hookSpecificOutput?.permissionDecision === 'deny' && /decided locally/.test(out.systemMessage);
    };
    const before = await run(SVC_HOOK, ['claude-code'], payload, { ...env, SERVICE_SOCKET: fake.sock });
    assert.ok(local(before), before.stdout);

    mkdirSync('/etc/svc', { mode: 0o755 });
    writeFileSync('/etc/svc/server.uid', `${uid}\n`, { mode: 0o644 });
    const named = await run(SVC_HOOK, ['claude-code'], payload, { ...env, SERVICE_SOCKET: fake.sock });
    assert.equal(named.stdout, '{"fake":true}\n', named.stderr);
    const other = await run(SVC_HOOK, ['claude-code'], payload, { ...env, SERVICE_SOCKET: nobody.sock });
    assert.ok(local(other), `another foreign uid stays untrusted: ${other.stdout}`);

    // A uid file others may write is not believed.
    chmodSync('/etc/svc/server.uid', 0o666);
    const loose = await run(SVC_HOOK, ['claude-code'], payload, { ...env, SERVICE_SOCKET: fake.sock });
    assert.ok(local(loose), loose.stdout);
    chmodSync('/etc/svc/server.uid', 0o644);

    // Node: with a protected server set up, a loopback listener of an untrusted uid is not asked.
    // (service.json makes every client default to that server: it exists only for these two calls.)
    writeFileSync(
      '/etc/svc/service.json',
      JSON.stringify({ data_dir: join(dir, 'home'), url: `http://127.0.0.1:${fake.port}`, socket: fake.sock }),
      { mode: 0o644 },
    );
    let viaTrusted, viaNobody;
    try {
      [viaTrusted, viaNobody] = await Promise.all([
        run(process.execPath, [SVC_BIN, 'hook', 'claude-code'], payload, {
          ...env,
          SERVICE_URL: `http://127.0.0.1:${fake.port}`,
          SERVICE_TOKEN: 'x',
        }),
        run(process.execPath, [SVC_BIN, 'hook', 'claude-code'], payload, {
          ...env,
          SERVICE_URL: `http://127.0.0.1:${nobody.port}`,
          SERVICE_TOKEN: 'x',
        }),
      ]);
    } finally {
      rmSync('/etc/svc/service.json', { force: true });
    }
    assert.equal(
      JSON.parse(viaTrusted.stdout).hookSpecificOutput.permissionDecision,
      'allow',
      'the named server is asked (and this fake one allows)',
    );
    const out = JSON.parse(viaNobody.stdout);
    assert.equal(out.hookSpecificOutput.permissionDecision, 'deny', viaNobody.stdout);
    assert.match(out.systemMessage, /decided locally/);
    assert.match(viaNobody.stderr, /belongs to uid 65534/);
  } finally {
    fake?.proc.kill('SIGKILL');
    nobody?.proc.kill('SIGKILL');
    rmSync('/etc/svc', { recursive: true, force: true });
    unlock();
    spawnSync('userdel', [user]);
    rmSync(dir, { recursive: true, force: true });
  }
});
