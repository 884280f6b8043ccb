// `svc doctor` and `svc status` against a real server: what a user sees when all is well, and
// each kind of breakage named with its fix and a non-zero exit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, BASIC_POLICY } from '../helpers/server.js';
import { user } from './helpers.js';
import { HOSTS } from '../../src/integrations/hooks/hosts.js';

const ALLOW_ALL = 'version: "1"\ndefault_action: allow\npolicies: []\n';

function check(report: any, name: string): any {
  const c = report.checks.find((x: any) => x.name === name);
  assert.ok(c, `no check named ${name} in ${JSON.stringify(report.checks.map((x: any) => x.name))}`);
  return c;
}

test("doctor: a healthy install passes every check, and the canary through each host's hook comes back denied", async () => {
  const srv = await startTestServer();
  const u = user();
  try {
    const env = { SERVICE_URL: srv.url, SERVICE_HOME: srv.dataDir };
    for (const host of HOSTS) assert.equal((await u.warmSvc(['setup', host], env)).code, 0, host);
    const r = await u.warmSvc(['doctor', '--json'], env);
    const report = JSON.parse(r.stdout);
    assert.equal(r.code, 0, r.stdout);
    assert.equal(report.ok, true);
    assert.equal(check(report, 'server').status, 'ok');
    assert.equal(check(report, 'token').status, 'ok');
    assert.equal(check(report, 'hook claude-code').status, 'ok');
    for (const host of HOSTS) {
      assert.equal(check(report, `hook ${host}`).status, 'ok', host);
      const canary = check(report, `canary ${host}`);
      assert.equal(canary.status, 'ok', `${host}: ${canary.detail}`);
      assert.match(canary.detail, /denied: .*Recursive delete of a root/, host);
    }
    assert.equal(check(report, 'preload library').status, 'ok');
    assert.equal(check(report, 'native hook').status, 'ok');
    assert.match(check(report, 'policy').detail, /policies, \d+ rules loaded from .*standard\.yaml/);
    assert.equal(check(report, 'audit chain').status, 'ok');
    assert.equal(check(report, 'disk space').status, 'ok');
    // The canary was decided by the server (and never run): it is in the audit log as a deny.
    const events = await srv.req('GET', '/v1/audit/events?action=deny');
    assert.ok(
      events.body.events.some((e: any) => e.request.command === 'rm -rf /' && e.run_id === 'svc-doctor-canary'),
    );
  } finally {
    u.cleanup();
    await srv.stop();
  }
});

test('doctor: a policy that lets "rm -rf /" through fails the canary', async () => {
  const srv = await startTestServer({ policy: ALLOW_ALL });
  const u = user();
  try {
    const env = { SERVICE_URL: srv.url, SERVICE_HOME: srv.dataDir };
    assert.equal((await u.warmSvc(['setup', 'gemini'], env)).code, 0);
    const r = await u.warmSvc(['doctor'], env);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /FAIL\s+canary gemini\s+the hook let "rm -rf \/" through/);
    assert.match(r.stdout, /fix: check the policy \(svc test "rm -rf \/"\)/);
    assert.match(r.stdout, /1 problem found/);
  } finally {
    u.cleanup();
    await srv.stop();
  }
});

test('doctor: no server, no token, and a hook pointing at a removed svc are each named with a fix', async () => {
  const u = user();
  try {
    mkdirSync(join(u.home, '.codex'));
    writeFileSync(
      join(u.home, '.codex', 'hooks.json'),
      JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: '*',
              hooks: [{ type: 'command', command: `'${process.execPath}' '/nonexistent/svc/bin/svc.js' hook codex` }],
            },
          ],
        },
      }),
    );
    const r = await u.svc(['doctor'], { SERVICE_URL: 'http://127.0.0.1:9' });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /FAIL\s+server\s+cannot reach the svc server at http:\/\/127\.0\.0\.1:9/);
    assert.match(r.stdout, /fix: start it: svc serve/);
    assert.match(r.stdout, /FAIL\s+token\s+no SERVICE_TOKEN and no readable token file/);
    assert.match(r.stdout, /FAIL\s+hook codex\s+.*\/nonexistent\/svc\/bin\/svc\.js, which no longer exists/);
    assert.match(r.stdout, /fix: svc setup codex/);
    // In the file's warm svc process (test/helpers/warm-svc.ts): the server away, doctor loads
    // the policy set offline, which a process of its own pays again for the engine's code.
    const json = JSON.parse((await u.warmSvc(['doctor', '--json'], { SERVICE_URL: 'http://127.0.0.1:9' })).stdout);
    assert.equal(json.ok, false);
    assert.ok(json.checks.every((c: any) => ['ok', 'warn', 'fail', 'skip'].includes(c.status)));
    assert.ok(
      json.checks.filter((c: any) => c.status === 'fail').every((c: any) => typeof c.fix === 'string' && c.fix),
    );
  } finally {
    u.cleanup();
  }
});

test('doctor: a policy file that does not load is reported (offline, with the server away)', async () => {
  const u = user();
  try {
    mkdirSync(join(u.data, 'policies'), { recursive: true });
    writeFileSync(
      join(u.data, 'policies', 'team.yaml'),
      'version: "1"\npolicies:\n  - name: x\n    rules: [{action: maybe}]\n',
    );
    const r = await u.svc(['doctor', '--json', '--no-canary']);
    const policy = check(JSON.parse(r.stdout), 'policy');
    assert.equal(policy.status, 'fail');
    assert.match(policy.detail, /do not load/);
    assert.match(policy.fix, /svc policy lint/);
  } finally {
    u.cleanup();
  }
});

test('status: mode, layers, the last hour by action, pending asks and the latest denies on one screen', async () => {
  const srv = await startTestServer({ policy: BASIC_POLICY });
  const u = user();
  try {
    const call = (command: string) =>
      srv.req('POST', '/v1/tool/exec', { agent: 'bot', session: 's1', params: { command } });
    assert.equal((await call('ls')).body.decision, 'allow');
    assert.equal((await call('rm -rf /tmp/x')).body.decision, 'deny');
    assert.equal((await call('rm -rf /srv')).body.decision, 'deny');
    const ask = await call('deploy prod');
    assert.equal(ask.body.decision, 'ask');
    const env = { SERVICE_URL: srv.url, SERVICE_HOME: srv.dataDir };
    const r = await u.svc(['status', '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    const s = JSON.parse(r.stdout);
    assert.equal(s.mode, 'enforce');
    assert.deepEqual(s.last_hour.by_action, { allow: 1, deny: 2, ask: 1 });
    assert.equal(s.pending.length, 1);
    assert.equal(s.pending[0].id, ask.body.approval_id);
    assert.equal(s.pending[0].command, 'deploy prod');
    assert.deepEqual(
      s.last_denies.map((d: any) => d.subject),
      ['rm -rf /srv', 'rm -rf /tmp/x'],
    );
    assert.equal(s.last_denies[0].policy, 'block-destructive');
    assert.equal(s.audit.verified, true);
    assert.ok(s.layers.length >= 1);

    const text = await u.svc(['status'], env);
    assert.match(text.stdout, /enforce mode/);
    assert.match(text.stdout, /last hour: 4 decisions: deny 2, (allow 1, ask 1|ask 1, allow 1)/);
    assert.match(text.stdout, /pending asks: 1/);
    assert.match(text.stdout, new RegExp(ask.body.approval_id));
    assert.match(text.stdout, /svc approve ID/);
    assert.match(text.stdout, /rm -rf \/srv\s+\(block-destructive: destructive command blocked\)/);
    assert.match(text.stdout, /audit: chain intact/);
  } finally {
    u.cleanup();
    await srv.stop();
  }
});

test('status: the server away is one clear error and exit 1', async () => {
  const u = user();
  try {
    const r = await u.svc(['status']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /cannot reach the svc server at http:\/\/127\.0\.0\.1:9/);
  } finally {
    u.cleanup();
  }
});

test('doctor: a wrong token and an agent token without admin scope are told apart', async () => {
  const srv = await startTestServer();
  const u = user();
  try {
    const env = { SERVICE_URL: srv.url, SERVICE_HOME: srv.dataDir };
    const wrong = JSON.parse(
      (await u.warmSvc(['doctor', '--json', '--no-canary'], { ...env, SERVICE_TOKEN: 'not-a-token' })).stdout,
    );
    assert.match(check(wrong, 'token').detail, /refused the token \(HTTP 401\)/);
    const created = await u.svc(['token', 'create', '--agent', 'bot', '--data-dir', srv.dataDir]);
    assert.equal(created.code, 0, created.stderr);
    const agent = JSON.parse(
      (await u.warmSvc(['doctor', '--json', '--no-canary'], { ...env, SERVICE_TOKEN: created.stdout.trim() })).stdout,
    );
    const t = check(agent, 'token');
    assert.equal(t.status, 'fail');
    assert.match(t.detail, /agent token without admin scope/);
    assert.match(t.fix, /admin token/);
  } finally {
    u.cleanup();
    await srv.stop();
  }
});

test('status and doctor: an edited audit event breaks the chain, named with the file and line, exit 1', async () => {
  const srv = await startTestServer({ policy: BASIC_POLICY });
  const u = user();
  try {
    for (const command of ['ls', 'rm -rf /srv', 'git status'])
      await srv.req('POST', '/v1/tool/exec', { agent: 'bot', session: 's1', params: { command } });
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = join(srv.dataDir, 'audit');
    const file = join(
      dir,
      readdirSync(dir).find((f) => f.endsWith('.jsonl'))!,
    );
    // Someone rewrites history: the deny becomes an innocent command.
    writeFileSync(file, readFileSync(file, 'utf8').replace('rm -rf /srv', 'ls -la /srv'));
    const env = { SERVICE_URL: srv.url, SERVICE_HOME: srv.dataDir };
    const st = await u.svc(['status'], env);
    assert.equal(st.code, 1);
    assert.match(st.stdout, /audit: CHAIN BROKEN at \d{4}-\d\d-\d\d\.jsonl:2: .*\(run: svc audit verify\)/);
    const doc = JSON.parse((await u.svc(['doctor', '--json', '--no-canary'], env)).stdout);
    const audit = check(doc, 'audit chain');
    assert.equal(audit.status, 'fail');
    assert.match(audit.detail, /\.jsonl line 2: /);
    assert.match(audit.fix, /svc audit verify/);
  } finally {
    u.cleanup();
    await srv.stop();
  }
});
