// Protected mode end to end, as root: `svc setup service` with two throwaway users (service and
// agent), the unit's command started under the service user, and the agent user trying to read
// the admin token, change a policy, replace the socket, kill the server, and use admin routes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { SVC_BIN } from '../helpers/spawn.js';
import { lockEtcSvc } from '../helpers/etc-svc.js';

const isRoot = process.getuid?.() === 0;
const hasTools = ['setpriv', 'useradd', 'userdel', 'groupdel', 'getent'].every(
  (t) => spawnSync('sh', ['-c', `command -v ${t}`]).status === 0,
);
const skip = !isRoot
  ? 'needs root (creates system users; CI runs as root)'
  : !hasTools
    ? 'needs setpriv, useradd, userdel, groupdel, getent (util-linux, passwd)'
    : false;

const TEAM_POLICY = `version: "1"
default_action: allow
policies:
  - name: team-no-root-delete
    match: { tool: exec }
    rules:
      - action: deny
        when: { command_matches: ["rm -rf /"] }
`;

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function svc(args: string[]) {
  return sh(process.execPath, [SVC_BIN, ...args], { SVC_TEST_ETC: '1', HOME: '/root' });
}

function idOf(name: string): number | undefined {
  const r = sh('id', ['-u', name]);
  return r.code === 0 ? Number(r.out.trim()) : undefined;
}

/** Runs a small Node script as `user`; it prints one JSON line of results. */
function asUser(user: string, script: string, dir: string): Record<string, any> {
  const file = join(dir, `probe-${randomBytes(4).toString('hex')}.mjs`);
  writeFileSync(file, script, { mode: 0o644 });
  const r = sh('setpriv', [`--reuid=${user}`, `--regid=${user}`, '--init-groups', '--', process.execPath, file], {
    HOME: dir,
  });
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out.trim().split('\n').pop()!);
}

function startAs(user: string, argv: string[], env: NodeJS.ProcessEnv): Promise<{ proc: ChildProcess; url: string }> {
  const proc = spawn('setpriv', [`--reuid=${user}`, `--regid=${user}`, '--init-groups', '--', ...argv], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ proc, url: m[1]! });
    });
    proc.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

test(
  'protected mode: the agent user gets decisions but cannot read the admin token, change a policy, replace the socket or stop the server',
  { skip },
  async () => {
    const tag = randomBytes(3).toString('hex');
    const serviceUser = `svcs${tag}`;
    const agentUser = `svca${tag}`;
    const group = `svcg${tag}`;
    const root = mkdtempSync(join(tmpdir(), 'svc-protect-'));
    chmodSync(root, 0o755); // the users pass through to the copy and the data dir
    const prefix = join(root, 'opt', 'svc');
    const dataDir = join(root, 'data');
    const etc = join(root, 'etc');
    const common = [
      '--prefix',
      prefix,
      '--data-dir',
      dataDir,
      '--etc-dir',
      etc,
      '--user',
      serviceUser,
      '--group',
      group,
      '--port',
      '0',
    ];
    let server: ChildProcess | undefined;
    try {
      assert.equal(sh('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', agentUser]).code, 0);

      // The plan first: nothing is created by --dry-run.
      const plan = svc(['setup', 'service', '--dry-run', '--agent-user', agentUser, ...common]);
      assert.equal(plan.code, 0, plan.err);
      assert.match(plan.out, /plan \(--dry-run, nothing changed\)/);
      assert.match(plan.out, new RegExp(`system user ${serviceUser}`));
      assert.match(plan.out, /agent token with eval scope only/);
      assert.equal(idOf(serviceUser), undefined, 'dry run created no user');
      assert.ok(!existsSync(prefix));

      // Outside the test, the trust files cannot be redirected.
      const refused = sh(process.execPath, [SVC_BIN, 'setup', 'service', ...common]);
      assert.equal(refused.code, 2);
      assert.match(refused.err, /--etc-dir is for the test suite only/);

      for (let i = 0; i < 2; i++) {
        const r = svc(['setup', 'service', '--agent-user', agentUser, ...common]);
        assert.equal(r.code, 0, `run ${i + 1}: ${r.err}`);
        if (i === 1) assert.match(r.out, /systemd is not running here|systemctl/);
      }
      const uid = idOf(serviceUser)!;
      assert.ok(uid > 0);
      assert.equal(readFileSync(join(etc, 'svc', 'server.uid'), 'utf8'), `${uid}\n`);
      assert.equal(statSync(join(etc, 'svc', 'server.uid')).uid, 0);
      assert.equal(statSync(join(etc, 'svc', 'server.uid')).mode & 0o777, 0o644);
      assert.equal(statSync(join(prefix, 'bin', 'svc.js')).uid, 0, 'the copy is root-owned');
      writeFileSync(join(dataDir, 'policies', 'team.yaml'), TEAM_POLICY);
      // The policy written after setup: a second run gives it the layout's owner and mode.
      assert.equal(svc(['setup', 'service', '--agent-user', agentUser, ...common]).code, 0);
      assert.equal(statSync(join(dataDir, 'policies', 'team.yaml')).mode & 0o777, 0o640);

      // The unit's command, started directly under the service user (no systemd here).
      const unit = readFileSync(join(etc, 'systemd', 'system', 'svc.service'), 'utf8');
      const execLine = /^ExecStart=(.+)$/m.exec(unit)![1]!;
      assert.match(unit, new RegExp(`^User=${serviceUser}$`, 'm'));
      const started = await startAs(serviceUser, execLine.split(' '), { SERVICE_HOME: dataDir, HOME: dataDir });
      server = started.proc;
      const sock = join(dataDir, 'svc.sock');
      assert.equal(statSync(sock).mode & 0o777, 0o660, 'socket 0660');
      assert.equal(
        statSync(sock).gid,
        Number(sh('getent', ['group', group]).out.split(':')[2]),
        'socket group: the agents',
      );
      assert.equal(statSync(sock).uid, uid);

      const probe = `
import { readFileSync, writeFileSync, appendFileSync, unlinkSync, renameSync } from 'node:fs';
const res = {};
const attempt = (name, fn) => { try { fn(); res[name] = 'ok'; } catch (e) { res[name] = e.code || e.message; } };
attempt('readAdminToken', () => readFileSync(${JSON.stringify(join(dataDir, 'token'))}));
attempt('readTokensJson', () => readFileSync(${JSON.stringify(join(dataDir, 'tokens.json'))}));
attempt('readPolicy', () => readFileSync(${JSON.stringify(join(dataDir, 'policies', 'team.yaml'))}));
attempt('writePolicy', () => appendFileSync(${JSON.stringify(join(dataDir, 'policies', 'team.yaml'))}, 'x'));
attempt('newPolicy', () => writeFileSync(${JSON.stringify(join(dataDir, 'policies', 'evil.yaml'))}, 'x'));
attempt('unlinkSocket', () => unlinkSync(${JSON.stringify(sock)}));
attempt('replaceSocket', () => renameSync(${JSON.stringify(join(dataDir, 'policies', 'team.yaml'))}, ${JSON.stringify(sock)}));
attempt('appendSpool', () => appendFileSync(${JSON.stringify(join(dataDir, 'hook-spool.jsonl'))}, ''));
attempt('readAudit', () => readFileSync(${JSON.stringify(join(dataDir, 'audit'))}));
attempt('kill', () => process.kill(${server.pid! /* setpriv execs, so this is the server */}, 'SIGKILL'));
const token = readFileSync(${JSON.stringify(join(etc, 'svc', 'agent-token'))}, 'utf8').trim();
const call = async (method, path, body) => {
  const r = await fetch(${JSON.stringify(started.url)} + path, { method, headers: { authorization: 'Bearer ' + token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  return r.status;
};
res.evalAllowed = await call('POST', '/v1/tool/exec', { agent: 'a', session: 's', params: { command: 'ls' } });
res.evalDenied = await call('POST', '/v1/tool/exec', { agent: 'a', session: 's', params: { command: 'rm -rf /' } });
for (const [m, p, b] of [['GET', '/v1/approvals'], ['POST', '/v1/approvals/x/resolve', { approved: true }], ['POST', '/v1/policy/reload'], ['GET', '/v1/policy/summary'], ['POST', '/v1/rules/learn', { tool: 'exec', args: 'rm -rf /', decision: 'allow' }], ['GET', '/v1/audit/events'], ['GET', '/v1/audit/export?date=2026-01-01'], ['GET', '/v1/status']]) res[m + ' ' + p] = await call(m, p, b);
console.log(JSON.stringify(res));
`;
      const r = asUser(agentUser, probe, root);
      assert.equal(r.readAdminToken, 'EACCES');
      assert.equal(r.readTokensJson, 'EACCES');
      assert.equal(r.readPolicy, 'ok', "the hooks' local fallback reads the policies");
      assert.equal(r.writePolicy, 'EACCES');
      assert.equal(r.newPolicy, 'EACCES');
      assert.equal(r.unlinkSocket, 'EACCES');
      assert.equal(r.replaceSocket, 'EACCES');
      assert.equal(r.appendSpool, 'ok', 'the hooks may record local decisions');
      assert.equal(r.readAudit, 'EACCES');
      assert.equal(r.kill, 'EPERM');
      assert.equal(r.evalAllowed, 200);
      assert.equal(r.evalDenied, 403);
      for (const k of Object.keys(r).filter((k) => k.startsWith('GET ') || k.startsWith('POST ')))
        assert.equal(r[k], 403, `${k} with the eval-only agent token`);
      assert.equal(server.exitCode, null, 'the server still runs');
      assert.ok(existsSync(sock));

      // The agent's execs through the preload library: the library trusts the service uid named in
      // the root-owned /etc/svc/server.uid (a fixed path no variable changes; written here only when
      // this machine has no /etc/svc of its own) and reaches the server through the group socket.
      const unlock = await lockEtcSvc();
      if (!existsSync('/etc/svc')) {
        mkdirSync('/etc/svc', { mode: 0o755 });
        writeFileSync('/etc/svc/server.uid', `${uid}\n`, { mode: 0o644 });
        try {
          const lib = sh(process.execPath, [join(prefix, 'bin', 'svc.js'), 'preload-path']).out.trim();
          const execAs = (command: string, socket = sock) =>
            sh(
              'setpriv',
              [`--reuid=${agentUser}`, `--regid=${agentUser}`, '--init-groups', '--', '/bin/sh', '-c', command],
              {
                LD_PRELOAD: lib,
                SERVICE_SOCKET: socket,
                SERVICE_FAIL_OPEN: '0',
                HOME: root,
              },
            );
          const ok = execAs('/bin/true && echo ran');
          assert.equal(ok.code, 0, ok.err);
          assert.match(ok.out, /ran/, 'a checked exec of the agent is answered by the trusted server');
          const blocked = execAs('/bin/cat /root/.ssh/id_rsa');
          assert.notEqual(blocked.code, 0);
          assert.match(blocked.err, /svc: blocked: .*cat/, "the standard profile decides the agent's exec");
          // No trusted server behind the socket the agent names (it points elsewhere, or the
          // server is away): with SERVICE_FAIL_OPEN=0 the exec is refused, never run unchecked.
          const away = execAs('/bin/true && echo ran', join(root, 'no-such.sock'));
          assert.doesNotMatch(away.out, /ran/, `an exec without a trusted server does not run: ${away.err}`);
          assert.match(away.err, /svc: /, 'the refusal is said');
        } finally {
          rmSync('/etc/svc', { recursive: true, force: true });
        }
      }
      unlock();

      // The agent's hook (the installed copy): the server decides while it runs; when it is away the
      // hook decides locally from the policies it may read, appends to the spool, and the server
      // folds that into its audit chain when it is back.
      const agentToken = readFileSync(join(etc, 'svc', 'agent-token'), 'utf8').trim();
      const hookAs = (command: string) => {
        const payload = JSON.stringify({
          hook_event_name: 'PreToolUse',
          tool_name: 'Bash',
          tool_input: { command },
          session_id: 'protected-run',
          cwd: root,
        });
        const file = join(root, `payload-${randomBytes(4).toString('hex')}.json`);
        writeFileSync(file, payload, { mode: 0o644 });
        const r = sh(
          'setpriv',
          [
            `--reuid=${agentUser}`,
            `--regid=${agentUser}`,
            '--init-groups',
            '--',
            'sh',
            '-c',
            `exec "$0" "$1" hook claude-code < "$2"`,
            process.execPath,
            join(prefix, 'bin', 'svc.js'),
            file,
          ],
          {
            HOME: root,
            SERVICE_HOME: dataDir,
            SERVICE_URL: started.url,
            SERVICE_TOKEN: agentToken,
          },
        );
        assert.equal(r.code, 0, r.err);
        return JSON.parse(r.out);
      };
      assert.equal(hookAs('rm -rf /').hookSpecificOutput.permissionDecision, 'deny');
      assert.equal(hookAs('ls').hookSpecificOutput.permissionDecision, 'allow');
      server.kill('SIGTERM');
      await new Promise((res) => server!.once('exit', res));
      server = undefined;
      const local = hookAs('rm -rf /');
      assert.equal(local.hookSpecificOutput.permissionDecision, 'deny');
      assert.match(
        local.systemMessage,
        /server unreachable; decided locally by policy (team-no-root-delete|destructive-deletes)/,
      );
      const again = await startAs(serviceUser, execLine.split(' '), { SERVICE_HOME: dataDir, HOME: dataDir });
      server = again.proc;
      const audit = readdirSync(join(dataDir, 'audit'))
        .filter((f) => f.endsWith('.jsonl'))
        .map((f) => readFileSync(join(dataDir, 'audit', f), 'utf8'))
        .join('');
      const reported = audit
        .split('\n')
        .filter((l) => l.includes('"client-reported"'))
        .map((l) => JSON.parse(l));
      assert.equal(reported.length, 1, audit);
      assert.equal(reported[0].request.command, 'rm -rf /');
      assert.equal(reported[0].request.reported_by_uid, idOf(agentUser));
      const spoolStat = statSync(join(dataDir, 'hook-spool.jsonl'));
      assert.equal(spoolStat.size, 0);
      assert.equal(spoolStat.mode & 0o777, 0o620, "the fresh spool keeps the agents' append access");
      assert.equal(spoolStat.uid, uid);

      // --remove undoes it and keeps the audit log; the service user is gone.
      server.kill('SIGTERM');
      await new Promise((res) => server!.once('exit', res));
      server = undefined;
      const rm = svc(['setup', 'service', '--remove', ...common]);
      assert.equal(rm.code, 0, rm.err);
      assert.equal(idOf(serviceUser), undefined);
      assert.ok(
        !existsSync(prefix) &&
          !existsSync(join(etc, 'svc', 'server.uid')) &&
          !existsSync(join(etc, 'svc', 'agent-token')),
      );
      assert.ok(existsSync(join(dataDir, 'audit')), 'the audit log is kept');
      assert.ok(!existsSync(join(dataDir, 'token')));
      assert.ok(!sh('id', ['-nG', agentUser]).out.includes(group), 'the agent left the group');
    } finally {
      if (server && server.exitCode === null) server.kill('SIGKILL');
      sh('userdel', [serviceUser]);
      sh('userdel', [agentUser]);
      sh('groupdel', [group]);
      sh('groupdel', [serviceUser]);
      rmSync(root, { recursive: true, force: true });
    }
  },
);
