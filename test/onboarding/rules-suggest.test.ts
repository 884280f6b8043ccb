// `svc rules suggest`: allow rules from repeated approvals, deny rules from human denials, each
// checked against the live policy; never one that opens a current deny, never one with a secret.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { startTestServer } from '../helpers/server.js';
import { user } from './helpers.js';

const OLD_POLICY = `version: "1"
default_action: allow
policies:
  - name: deploys-ask
    match: { tool: exec }
    rules:
      - action: ask
        message: deploys need a human
        when: { command_matches: ["deploy *"] }
  - name: keys-ask
    match: { tool: [read] }
    rules:
      - action: ask
        message: reading keys needs a human
        when: { path_matches: ["**/*.pem"] }
`;

/** The live policy after the history was made: deploy legacy is now forbidden. */
const LIVE_POLICY = `version: "1"
default_action: allow
policies:
  - name: no-legacy
    match: { tool: exec }
    rules:
      - action: deny
        message: legacy is gone
        when: { command_matches: ["deploy legacy"] }
${OLD_POLICY.split('policies:\n')[1]}`;

test('suggest: allow for repeated approvals, deny for a human denial, never one that opens a live deny', async () => {
  const srv = await startTestServer({ policy: OLD_POLICY });
  const u = user();
  try {
    let n = 0;
    const decideBy = async (tool: string, params: Record<string, unknown>, approved: boolean) => {
      const r = await srv.req('POST', `/v1/tool/${tool}`, {
        agent: 'bot',
        session: 's',
        params,
        tool_call_id: `c${n++}`,
      });
      assert.equal(r.status, 202, JSON.stringify(r.body));
      const res = await srv.req('POST', `/v1/approvals/${r.body.approval_id}/resolve`, {
        approved,
        resolved_by: 'cli:alice',
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };
    for (let i = 0; i < 3; i++) await decideBy('exec', { command: 'deploy staging' }, true);
    for (let i = 0; i < 3; i++) await decideBy('exec', { command: 'deploy legacy' }, true);
    for (let i = 0; i < 2; i++) await decideBy('exec', { command: 'deploy canary*' }, true);
    await decideBy('exec', { command: 'deploy prod' }, false);
    for (let i = 0; i < 3; i++) await decideBy('exec', { command: `deploy svc --token ghp_${'q'.repeat(36)}` }, true);
    for (let i = 0; i < 3; i++) await decideBy('read', { path: '/srv/app/public.pem' }, true);
    // A human changed their mind about this one: never suggested.
    await decideBy('exec', { command: 'deploy docs' }, true);
    await decideBy('exec', { command: 'deploy docs' }, false);
    await decideBy('exec', { command: 'deploy docs' }, true);

    const live = join(u.dir, 'live.yaml');
    writeFileSync(live, LIVE_POLICY);
    const env = { SERVICE_HOME: srv.dataDir };
    const r = await u.svc(['rules', 'suggest', '--config', live, '--json'], env);
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout);
    const names = out.suggestions.map((s: any) => `${s.kind} ${s.tool} ${s.subject}`);
    assert.deepEqual(names.sort(), [
      'allow exec deploy staging',
      'allow read /srv/app/public.pem',
      'deny exec deploy prod',
    ]);
    const staging = out.suggestions.find((s: any) => s.subject === 'deploy staging');
    assert.equal(staging.count, 3);
    assert.equal(staging.now, 'ask');
    assert.equal(staging.after, 'allow');
    assert.deepEqual(staging.by, ['cli:alice']);
    const skipped = Object.fromEntries(out.skipped.map((s: any) => [s.subject, s.why]));
    assert.match(
      skipped['deploy legacy'],
      /would open what the live policy denies|the live policy denies it, and no suggestion may open a deny/,
    );
    assert.match(
      skipped[`deploy svc --token [REDACTED:platform_api_key]`] ??
        Object.entries(skipped).find(([k]) => k.startsWith('deploy svc'))?.[1] ??
        '',
      /contains a secret/,
    );
    assert.match(skipped['deploy docs'], /decided both ways/);
    assert.ok(!r.stdout.includes('q'.repeat(36)), 'the secret never appears');
    assert.equal(
      out.suggestions.some((s: any) => s.subject === 'deploy canary*'),
      false,
      'two approvals are below --min 3',
    );

    // The YAML output is a policy file that loads, and with it added the live policy still
    // denies what it denied, and now allows the approved calls.
    const yaml = await u.warmSvc(['rules', 'suggest', '--config', live, '--min', '2'], env);
    assert.equal(yaml.code, 0, yaml.stderr);
    assert.match(yaml.stderr, /left out \d+:/);
    const docs = parseAllDocuments(yaml.stdout).map((d) => d.toJS());
    assert.equal(docs.length, 2, 'one document for user-overrides.yaml, one for the denies');
    const allows = docs[0].policies.map((p: any) => p.rules[0]);
    assert.ok(allows.every((x: any) => x.action === 'allow'));
    assert.ok(
      allows.some((x: any) => x.when.command_matches?.[0] === 'deploy canary[*]'),
      'glob characters are escaped',
    );
    assert.deepEqual(
      docs[1].policies.map((p: any) => p.rules[0].when.command_matches[0]),
      ['deploy prod'],
    );
    assert.match(yaml.stdout, /add to <data-dir>\/policies\/user-overrides\.yaml/);
    // Pasted where it says, the live set still denies what it denied and now allows the rest.
    const text = yaml.stdout.split(/^---$/m);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(u.dir, 'set'));
    writeFileSync(join(u.dir, 'set', 'live.yaml'), LIVE_POLICY);
    writeFileSync(join(u.dir, 'set', 'user-overrides.yaml'), text[0]!);
    writeFileSync(join(u.dir, 'set', 'suggested-denies.yaml'), text[1]!);
    for (const f of ['user-overrides.yaml', 'suggested-denies.yaml'])
      assert.equal((await u.warmSvc(['policy', 'lint', join(u.dir, 'set', f)])).code, 0, f);
    const t = (cmd: string) => u.warmSvc(['test', cmd, '--config', join(u.dir, 'set')], env);
    assert.equal((await t('deploy staging')).code, 0, 'allowed now');
    assert.equal((await t('deploy canary*')).code, 0);
    assert.equal((await t('deploy canaryX')).code, 2, 'the escaped glob matches only itself');
    assert.equal((await t('deploy legacy')).code, 1, 'still denied');
    assert.equal((await t('deploy prod')).code, 1, 'denied as the human did');
  } finally {
    u.cleanup();
    await srv.stop();
  }
});

test('suggest: bad arguments are exit 2 with a clear line; no audit dir is exit 1', async () => {
  const u = user();
  try {
    const bad = await u.svc(['rules', 'suggest', '--min', '0']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--min must be a whole number of at least 1/);
    const sub = await u.svc(['rules', 'sugest']);
    assert.equal(sub.code, 2);
    assert.match(sub.stderr, /unknown subcommand "sugest" \(expected suggest\)/);
    const none = await u.svc(['rules', 'suggest']);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /no audit directory at /);
  } finally {
    u.cleanup();
  }
});
