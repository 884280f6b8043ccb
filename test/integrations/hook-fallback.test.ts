// `svc hook HOST` with the server away, for every host: the same policies decide locally
// (`rm -rf /` denied, `ls` allowed), each decision is appended to <data-dir>/hook-spool.jsonl,
// and the user is told in the field the host shows. When the policy cannot be evaluated the hook
// gives no decision (an ask where the host has one); SERVICE_FAIL_OPEN=0 denies.
// The per-host cases run `svc hook HOST` in the file's warm svc process (stdin, environment and
// output as a spawned hook has them; test/helpers/warm-svc.ts); the last two spawn it, so the
// local path is also proven in a process of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEAD_URL, FIXTURES, runCli, tempDir, TEST_POLICY } from './helpers.js';
import { warmSvc } from '../helpers/warm-svc.js';

const HOSTS = ['claude-code', 'codex', 'cursor', 'gemini', 'copilot', 'cline'] as const;
type Host = (typeof HOSTS)[number];

/** Each host's deny fixture runs `rm -rf /`; the same payload with another command. */
function payload(host: Host, command: string): string {
  const text = readFileSync(join(FIXTURES, 'hooks', host, 'deny.json'), 'utf8');
  assert.ok(text.includes('"rm -rf /"'), `${host} deny fixture runs rm -rf /`);
  return text.replace('"rm -rf /"', JSON.stringify(command));
}

interface Reading {
  /** allow: explicit allow or no objection; deny; ask; none: no decision at all. */
  decision: 'allow' | 'deny' | 'ask' | 'none';
  /** Everything the host shows the user. */
  shown: string;
}

/** What the host does with a reply, by the fields its documentation names. */
function read(host: Host, stdout: string, stderr: string): Reading {
  const r = JSON.parse(stdout);
  switch (host) {
    case 'claude-code': {
      const d = r.hookSpecificOutput?.permissionDecision;
      return {
        decision: d ?? 'none',
        shown: `${r.systemMessage ?? ''} ${r.hookSpecificOutput?.permissionDecisionReason ?? ''}`,
      };
    }
    case 'codex':
      return {
        decision: r.hookSpecificOutput?.permissionDecision === 'deny' ? 'deny' : 'none',
        shown: `${r.systemMessage ?? ''} ${r.hookSpecificOutput?.permissionDecisionReason ?? ''}`,
      };
    case 'cursor':
      return { decision: r.permission ?? 'none', shown: `${r.user_message ?? ''}` };
    case 'gemini':
      return { decision: r.decision ?? 'none', shown: `${r.systemMessage ?? ''} ${r.reason ?? ''}` };
    case 'copilot':
      return {
        decision: r.permissionDecision ?? 'none',
        shown: `${r.systemMessage ?? ''} ${r.permissionDecisionReason ?? ''}`,
      };
    case 'cline':
      return { decision: r.cancel ? 'deny' : 'none', shown: `${r.errorMessage ?? ''} ${stderr}` };
  }
}

function hookEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, SERVICE_HOME: home, SERVICE_URL: DEAD_URL, ...extra };
}

/** `svc hook HOST` with the server away, run in the warm process with exactly `env`. */
function hook(host: Host, input: string, env: NodeJS.ProcessEnv) {
  return warmSvc(['hook', host], { input, env, exactEnv: true });
}

function spool(home: string): Array<Record<string, any>> {
  const p = join(home, 'hook-spool.jsonl');
  if (!existsSync(p)) return [];
  return readFileSync(p, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

test('server away: every host decides locally, records the decision and says so where the user sees it', async () => {
  await Promise.all(
    HOSTS.map(async (host) => {
      const home = tempDir(`fallback-${host}`);
      const deny = await hook(host, payload(host, 'rm -rf /'), hookEnv(home));
      assert.equal(deny.code, 0, `${host}: ${deny.stderr}`);
      const d = read(host, deny.stdout, deny.stderr);
      assert.equal(d.decision, 'deny', `${host} rm -rf /: ${deny.stdout}`);
      assert.match(
        d.shown,
        /server unreachable; decided locally by policy destructive-deletes/,
        `${host}: ${deny.stdout}`,
      );

      const allow = await hook(host, payload(host, 'ls'), hookEnv(home));
      assert.equal(allow.code, 0, host);
      const a = read(host, allow.stdout, allow.stderr);
      // Claude Code gets an explicit allow (the policy allowed it); the others no objection.
      assert.equal(a.decision, host === 'claude-code' ? 'allow' : 'none', `${host} ls: ${allow.stdout}`);
      assert.match(a.shown, /server unreachable; decided locally/, `${host} ls: ${allow.stdout} ${allow.stderr}`);

      const lines = spool(home);
      assert.equal(lines.length, 2, `${host} spool: ${JSON.stringify(lines)}`);
      assert.deepEqual(
        lines.map((l) => [l.tool, l.params.command, l.decision.action]),
        [
          ['exec', 'rm -rf /', 'deny'],
          ['exec', 'ls', 'allow'],
        ],
        host,
      );
      assert.deepEqual(lines[0]!.decision.matched_policies, ['destructive-deletes']);
      for (const l of lines) {
        assert.equal(l.host, host);
        assert.match(l.id, /^[0-9a-f]{24}$/);
        assert.match(l.reason, /ECONNREFUSED|127\.0\.0\.1:9/);
      }
    }),
  );
});

test('a policy that cannot be evaluated: no decision (an ask where the host has one), nothing spooled', async () => {
  await Promise.all(
    HOSTS.map(async (host) => {
      const home = tempDir(`fallback-broken-${host}`);
      mkdirSync(join(home, 'policies'));
      writeFileSync(join(home, 'policies', 'team.yaml'), 'policies: [ {name: x, rules: [ {action: deny\n');
      const r = await hook(host, payload(host, 'rm -rf /'), hookEnv(home));
      assert.equal(r.code, 0, host);
      const got = read(host, r.stdout, r.stderr);
      const nativeAsk = host === 'claude-code' || host === 'copilot';
      assert.equal(got.decision, nativeAsk ? 'ask' : 'none', `${host}: ${r.stdout}`);
      assert.match(
        got.shown,
        /unreachable .* the local policy could not be evaluated/,
        `${host}: ${r.stdout} ${r.stderr}`,
      );
      assert.equal(spool(home).length, 0, host);
    }),
  );
});

test('SERVICE_FAIL_OPEN=0: the server away is a deny for every host, even for an allowed command', async () => {
  await Promise.all(
    HOSTS.map(async (host) => {
      const home = tempDir(`fallback-closed-${host}`);
      const r = await hook(host, payload(host, 'ls'), hookEnv(home, { SERVICE_FAIL_OPEN: '0' }));
      assert.equal(r.code, 0, host);
      const got = read(host, r.stdout, r.stderr);
      assert.equal(got.decision, 'deny', `${host}: ${r.stdout}`);
      assert.match(got.shown, /unreachable .*fail-open is off/, host);
    }),
  );
});

test('a spool that takes no more lines turns a local allow into no decision, but a deny stays a deny', async () => {
  const home = tempDir('fallback-full');
  // A directory where the spool file should be: appending fails.
  mkdirSync(join(home, 'hook-spool.jsonl'));
  const allow = await runCli(['hook', 'claude-code'], { input: payload('claude-code', 'ls'), env: hookEnv(home) });
  const a = read('claude-code', allow.stdout, allow.stderr);
  assert.equal(a.decision, 'ask', allow.stdout);
  assert.match(a.shown, /could not be recorded/);
  const deny = await runCli(['hook', 'claude-code'], { input: payload('claude-code', 'rm -rf /'), env: hookEnv(home) });
  const d = read('claude-code', deny.stdout, deny.stderr);
  assert.equal(d.decision, 'deny', deny.stdout);
  assert.match(d.shown, /not recorded/);
});

test('post phase with the server away: the response rules run locally and a secret is withheld', async () => {
  const home = tempDir('fallback-post');
  mkdirSync(join(home, 'policies'));
  writeFileSync(join(home, 'policies', 'team.yaml'), TEST_POLICY);
  const redact = readFileSync(join(FIXTURES, 'hooks', 'claude-code', 'post-redact.json'), 'utf8');
  const r = await runCli(['hook', 'claude-code'], { input: redact, env: hookEnv(home) });
  assert.equal(r.code, 0);
  const out = JSON.parse(r.stdout);
  assert.equal(out.decision, 'block', r.stdout);
  assert.ok(!r.stdout.includes('AKIA'), 'the secret never reaches the host');
  assert.match(out.systemMessage, /decided locally by policy no-aws-keys-in-output/);
  assert.equal(spool(home)[0]?.phase, 'post');
});
