// User policy files layer on the base profile (deny wins across layers); a file that disappears
// keeps the last good set in force until it returns or an operator accepts the removal; a policy
// file built to blow up the parser is refused without stalling decisions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import type { BusEvent } from '../../src/audit/bus.js';
import { LAUGHS } from '../helpers/hostile-yaml.js';

/** The README's "first policy of your own". */
const TEAM = `version: "1"
default_action: allow
policies:
  - name: no-prod-deploys
    match: { tool: [exec] }
    rules:
      - action: ask
        when:
          command_matches: ["make deploy*", "kubectl * --context prod*"]
        message: "Production changes need a human; ask the operator to approve on the dashboard."
  - name: keep-secrets
    match: { tool: [read, exec] }
    rules:
      - action: deny
        when: { path_matches: ["**/.env", "~/.ssh/id_*"] }
        message: "Secrets stay put; use the .env.example file instead."
      - action: deny
        when: { command_contains: [".ssh/id_", "/.env"] }
        message: "Secrets stay put; use the .env.example file instead."
`;

const exec = (command: string) => ({ agent: 'claude', session: 's', params: { command } });

function dataDirWith(files: Record<string, string>): string {
  const d = tempDir();
  mkdirSync(join(d, 'policies'), { recursive: true, mode: 0o700 });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(d, 'policies', name), text);
  return d;
}

/** Resolves on the next bus event that passes `pred`. */
function nextEvent(s: TestServer, pred: (e: BusEvent) => boolean): Promise<BusEvent> {
  return new Promise((resolve) => {
    const off = s.ctx.bus.on((e) => {
      if (pred(e)) {
        off();
        resolve(e);
      }
    });
  });
}

async function withServer(
  files: Record<string, string>,
  args: string[],
  fn: (s: TestServer) => Promise<void>,
): Promise<void> {
  const dataDir = dataDirWith(files);
  const s = await startTestServer({ dataDir, args });
  try {
    await fn(s);
  } finally {
    await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test('the README team policy layers on the standard profile: its rules apply and rm -rf / stays denied', async () => {
  await withServer({ 'team.yaml': TEAM }, [], async (s) => {
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('rm -rf /'))).status, 403, 'the standard deny still holds');
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('make deploy'))).status, 202, 'the team ask applies');
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('ls -la'))).status, 200);
    const st = (await s.req('GET', '/v1/status')).body;
    assert.deepEqual(
      st.policy_layers.map((l: { name: string }) => l.name),
      ['standard', 'team.yaml'],
    );
    assert.deepEqual(
      st.policy_layers.map((l: { kind: string }) => l.kind),
      ['base', 'user'],
    );
    assert.equal(st.replace_base, false);
    assert.match(st.config_path, /standard\.yaml$/);
  });
});

test('--replace-base makes the user files the whole set, and status says so', async () => {
  await withServer({ 'team.yaml': TEAM }, ['--replace-base'], async (s) => {
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('rm -rf /'))).status, 200, 'only the team file decides');
    const st = (await s.req('GET', '/v1/status')).body;
    assert.deepEqual(
      st.policy_layers.map((l: { name: string }) => l.name),
      ['team.yaml'],
    );
    assert.equal(st.replace_base, true);
  });
});

test('"replace_base": true in <data-dir>/config.json does the same; a malformed config.json stops the start', async () => {
  const d = dataDirWith({ 'team.yaml': TEAM });
  try {
    writeFileSync(join(d, 'config.json'), '{"replace_base": true}');
    const s = await startTestServer({ dataDir: d });
    try {
      assert.equal((await s.req('GET', '/v1/status')).body.replace_base, true);
    } finally {
      await s.stop();
    }
    writeFileSync(join(d, 'config.json'), '{"replace_base": "yes"}');
    await assert.rejects(startTestServer({ dataDir: d }), /replace_base must be true or false/);
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
});

test('a stricter default_action in a user layer tightens the set; a looser one cannot loosen a strict base', async () => {
  await withServer({ 'lock.yaml': 'version: "1"\ndefault_action: deny\npolicies: []\n' }, [], async (s) => {
    assert.equal((await s.req('GET', '/v1/status')).body.default_action, 'deny');
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('ls -la'))).status, 403);
  });
  await withServer(
    { 'open.yaml': 'version: "1"\ndefault_action: allow\npolicies: []\n' },
    ['--config', 'strict'],
    async (s) => {
      assert.equal((await s.req('GET', '/v1/status')).body.default_action, 'deny');
    },
  );
});

test('a user policy named like a base policy is refused with a hint at --replace-base', async () => {
  const d = dataDirWith({
    'team.yaml': 'version: "1"\npolicies:\n  - name: destructive-deletes\n    rules: [{ action: allow }]\n',
  });
  try {
    await assert.rejects(
      startTestServer({ dataDir: d }),
      /duplicate policy name "destructive-deletes".*--replace-base/,
    );
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
});

test('a deleted policy file keeps the last good set in force, is reported, and only accept_removal drops it', async () => {
  await withServer({ 'team.yaml': 'version: "1"\ndefault_action: deny\npolicies: []\n' }, [], async (s) => {
    const file = join(s.dataDir, 'policies', 'team.yaml');
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('ls -la'))).status, 403, 'team default deny');
    const recorded = nextEvent(
      s,
      (e) => e.type === 'audit' && (e.event.request as { kind?: string }).kind === 'policy_file_missing',
    );
    const reported = nextEvent(s, (e) => e.type === 'policy_reloaded' && !!e.missing);
    unlinkSync(file);
    await reported;
    assert.equal(
      (await s.req('POST', '/v1/tool/exec', exec('ls -la'))).status,
      403,
      'the default-deny set stays in force',
    );
    const st = (await s.req('GET', '/v1/status')).body;
    assert.deepEqual(st.policy_missing, [file]);
    assert.match(st.policy_error, /disappeared; the last good set stays in force/);
    assert.deepEqual(
      st.policy_layers.map((l: { name: string }) => l.name),
      ['standard', 'team.yaml'],
      'status names the set in force',
    );
    const ev = await recorded;
    assert.equal(ev.type === 'audit' && ev.event.decision.action, 'kept_last_good');
    // A plain reload does not drop it either.
    assert.throws(() => s.ctx.policies.reload(), /disappeared/);
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('ls -la'))).status, 403);
    // The explicit act.
    const accepted = await s.req('POST', '/v1/policy/reload', { accept_removal: true });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('ls -la'))).status, 200);
    const after = (await s.req('GET', '/v1/status')).body;
    assert.equal(after.policy_missing, undefined);
    assert.deepEqual(
      after.policy_layers.map((l: { name: string }) => l.name),
      ['standard'],
    );
  });
});

test('a renamed policy file that comes back is taken up again without an explicit act', async () => {
  await withServer({ 'team.yaml': TEAM }, [], async (s) => {
    const file = join(s.dataDir, 'policies', 'team.yaml');
    let reported = nextEvent(s, (e) => e.type === 'policy_reloaded' && !!e.missing);
    renameSync(file, file + '.bak');
    await reported;
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('make deploy'))).status, 202, 'the team ask still holds');
    reported = nextEvent(s, (e) => e.type === 'policy_reloaded' && !e.error);
    renameSync(file + '.bak', file);
    await reported;
    const st = (await s.req('GET', '/v1/status')).body;
    assert.equal(st.policy_missing, undefined);
    assert.equal(st.policy_error, undefined);
  });
});

test('a "billion laughs" file in the policy dir is refused quickly; decisions go on with the last good set', async () => {
  await withServer({ 'team.yaml': TEAM }, [], async (s) => {
    const failed = nextEvent(s, (e) => e.type === 'policy_reloaded' && !!e.error);
    const recorded = nextEvent(
      s,
      (e) => e.type === 'audit' && (e.event.request as { kind?: string }).kind === 'policy_load_failed',
    );
    writeFileSync(join(s.dataDir, 'policies', 'laughs.yaml'), LAUGHS);
    await failed;
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('rm -rf /'))).status, 403);
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('make deploy'))).status, 202);
    const st = (await s.req('GET', '/v1/status')).body;
    assert.match(st.policy_error, /laughs\.yaml.*alias/);
    await recorded;
  });
});

test('decisions keep being answered while a large policy file is parsed (the parse runs off the event loop)', async () => {
  // ~100 KiB of valid policies: a few hundred ms of YAML parsing, far longer than one request.
  const lines = ['version: "1"', 'policies:'];
  for (let i = 0; i < 800; i++) {
    lines.push(
      `  - name: big-${i}`,
      '    match: { tool: exec }',
      '    rules:',
      `      - { action: deny, when: { command_matches: ["big${i} *"] } }`,
    );
  }
  await withServer({ 'team.yaml': TEAM }, [], async (s) => {
    let loading = false;
    let reloaded = false;
    void nextEvent(s, (e) => e.type === 'policy_loading').then(() => (loading = true));
    const done = nextEvent(s, (e) => e.type === 'policy_reloaded' && !e.error).then(() => (reloaded = true));
    writeFileSync(join(s.dataDir, 'policies', 'big.yaml'), lines.join('\n') + '\n');
    let answeredWhileParsing = 0;
    while (!reloaded) {
      const wasLoading = loading;
      const r = await s.req('POST', '/v1/tool/exec', exec('rm -rf /'));
      assert.equal(r.status, 403);
      // Sent and answered between the start of the parse and its end: the loop was not blocked.
      if (wasLoading && !reloaded) answeredWhileParsing++;
      await Promise.race([done, new Promise((r) => setImmediate(r))]);
    }
    assert.ok(answeredWhileParsing > 0, 'requests were answered while the file was being parsed');
    assert.equal((await s.req('POST', '/v1/tool/exec', exec('big7 now'))).status, 403, 'the new file is in force');
  });
});
