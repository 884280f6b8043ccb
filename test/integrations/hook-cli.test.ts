// `svc hook HOST` as hosts run it: a process per call, JSON on stdin, exit 0 with a reply on
// stdout, fail-closed when the server is away (the local fallback is in hook-fallback.test.ts),
// and the identity it reports.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitSession } from '../../src/integrations/integration-config.js';
import { api, DEAD_URL, eventually, FIXTURES, runCli, startServer, tempDir, type Server } from './helpers.js';

let server: Server;
let home: string;

before(async () => {
  server = await startServer();
  home = tempDir('hookcli-home');
});
after(() => server?.stop());

const payload = (host: string, name: string) => readFileSync(join(FIXTURES, 'hooks', host, `${name}.json`), 'utf8');

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    SERVICE_HOME: home,
    SERVICE_URL: server.url,
    SERVICE_TOKEN: server.token,
    ...extra,
  };
  for (const k of Object.keys(e)) if (e[k] === undefined) delete e[k];
  return e;
}

test('a spawned hook answers allow and deny with exit 0 and one JSON reply', async () => {
  const allow = await runCli(['hook', 'claude-code'], { input: payload('claude-code', 'allow'), env: env() });
  assert.equal(allow.code, 0);
  assert.deepEqual(JSON.parse(allow.stdout), {
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
  });
  assert.equal(allow.stderr, '');
  const deny = await runCli(['hook', 'codex'], { input: payload('codex', 'deny'), env: env() });
  assert.equal(deny.code, 0);
  assert.equal(JSON.parse(deny.stdout).hookSpecificOutput.permissionDecision, 'deny');
});

test('post-phase output is blocked, not passed, when fail-open is off and the server is away', async () => {
  const r = await runCli(['hook', 'claude-code'], {
    input: payload('claude-code', 'post-allow'),
    env: env({ SERVICE_URL: DEAD_URL, SERVICE_FAIL_OPEN: '0' }),
  });
  assert.equal(r.code, 0);
  assert.equal(JSON.parse(r.stdout).decision, 'block');
});

test('a server that refuses the token is a deny, never a fail-open allow', async () => {
  const r = await runCli(['hook', 'claude-code'], {
    input: payload('claude-code', 'allow'),
    env: env({ SERVICE_TOKEN: 'wrong-token' }),
  });
  assert.equal(r.code, 0);
  const out = JSON.parse(r.stdout);
  assert.equal(out.hookSpecificOutput.permissionDecision, 'deny');
  assert.match(out.hookSpecificOutput.permissionDecisionReason, /401/);
});

test('bad arguments exit 2 with one line', async () => {
  const r = await runCli(['hook', 'vim'], { env: env() });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /unknown host "vim"/);
  assert.equal((await runCli(['hook'], { env: env() })).code, 2);
});

test('run ID and session: SERVICE_RUN, else the payload session; <repo>/<branch> from .git/HEAD', async () => {
  const repo = join(tempDir('repo'), 'shop-api');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'src', 'deep'), { recursive: true });
  writeFileSync(join(repo, '.git', 'HEAD'), 'ref: refs/heads/feature/cart\n');
  assert.equal(gitSession(join(repo, 'src', 'deep')), 'shop-api/feature/cart');
  assert.equal(gitSession('/'), '');
  const wt = join(tempDir('wt'), 'linked');
  mkdirSync(join(wt, 'gitdir'), { recursive: true });
  writeFileSync(join(wt, '.git'), `gitdir: ${join(wt, 'gitdir')}\n`);
  writeFileSync(join(wt, 'gitdir', 'HEAD'), '0123456789abcdef0123456789abcdef01234567\n');
  assert.equal(gitSession(wt), 'linked/detached');

  const p = JSON.parse(payload('claude-code', 'allow'));
  p.cwd = join(repo, 'src');
  p.tool_input.command = 'echo identity-check-1';
  await runCli(['hook', 'claude-code'], { input: JSON.stringify(p), env: env() });
  p.tool_input.command = 'echo identity-check-2';
  await runCli(['hook', 'claude-code'], {
    input: JSON.stringify(p),
    env: env({ SERVICE_RUN: 'run-from-env', SERVICE_SESSION: 'my-session' }),
  });

  const events = await eventually(
    async () => {
      const r = await api(server, 'GET', '/v1/audit/events?agent=claude-code&limit=500');
      const found = (r.body?.events ?? []).filter((e: any) =>
        String(e.request?.command ?? '').startsWith('echo identity-check'),
      );
      return found.length === 2 ? found : undefined;
    },
    5_000,
    'two audit events',
  );
  const byCmd = Object.fromEntries(events.map((e: any) => [e.request.command, e]));
  assert.equal(byCmd['echo identity-check-1'].run_id, p.session_id);
  assert.equal(byCmd['echo identity-check-1'].session, 'shop-api/feature/cart');
  assert.equal(byCmd['echo identity-check-1'].agent, 'claude-code');
  assert.equal(byCmd['echo identity-check-2'].run_id, 'run-from-env');
  assert.equal(byCmd['echo identity-check-2'].session, 'my-session');
});

test('a payload over 4 MiB is denied as too large, not as unparsable', async () => {
  const big = JSON.stringify({
    hook_event_name: 'PreToolUse',
    tool_name: 'Bash',
    tool_input: { command: 'a'.repeat(5 * 1024 * 1024) },
  });
  const r = await runCli(['hook', 'claude-code'], { input: big, env: env() });
  assert.equal(r.code, 0);
  const out = JSON.parse(r.stdout).hookSpecificOutput;
  assert.equal(out.permissionDecision, 'deny');
  assert.match(out.permissionDecisionReason, /payload larger than 4194304 bytes/);
});
