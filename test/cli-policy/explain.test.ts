// `svc policy explain`: readings of the call, matched and nearly matched rules, and the why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SMALL_POLICY, sandbox } from './helpers.js';
import { whyText } from '../../src/cli/policy-explain.js';
import type { ExplainResult } from '../../src/policy/engine.js';

test('a wrapped, quoted delete: every reading, the deciding rule with file:line, and why', async () => {
  const s = sandbox();
  try {
    const p = s.file('p.yaml', SMALL_POLICY);
    const r = await s.svc(['policy', 'explain', `nohup bash -c "'r'm -fr /" &`, '--config', p]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Normalized: rm -fr \/$/m);
    assert.match(r.stdout, /^ {2}rm -rf \/$/m, 'canonical reading listed');
    assert.match(r.stdout, /^Decision: +deny \(policy no-wipe\)$/m);
    assert.match(r.stdout, /^Why: +A deny rule matched, and deny wins/m);
    assert.match(r.stdout, /=> no-wipe rule 1 \(deny, .*p\.yaml:7\)/);
    assert.match(r.stdout, /command_matches "rm -rf \/" matched "rm -rf \/"/);
  } finally {
    s.cleanup();
  }
});

test('a near miss names the exclusion that undid it; --all lists the rest', async () => {
  const s = sandbox();
  try {
    const p = s.file('p.yaml', SMALL_POLICY);
    let r = await s.svc(['policy', 'explain', 'npm publish --dry-run', '--config', p]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^Decision: +allow$/m);
    assert.match(r.stdout, /^Why: +No rule in scope matched, so the default action \(allow\) applies\.$/m);
    assert.match(r.stdout, /Nearly matched[\s\S]*publish rule 1 \(ask[\s\S]*command_not_matches "\*--dry-run\*"/);
    assert.match(r.stdout, /2 other rules in scope did not match/);
    r = await s.svc(['policy', 'explain', 'npm publish --dry-run', '--config', p, '--all']);
    assert.match(r.stdout, /Did not match:[\s\S]*no-wipe rule 1/);
  } finally {
    s.cleanup();
  }
});

test('compound commands: allow/watch need every part; explain shows the parts', async () => {
  const s = sandbox();
  try {
    const p = s.file('p.yaml', SMALL_POLICY);
    const r = await s.svc(['policy', 'explain', 'curl -s https://x.example | jq .', '--config', p, '--json']);
    const x = JSON.parse(r.stdout);
    assert.deepEqual(x.command.components, ['curl -s https://x.example', 'jq .']);
    assert.equal(x.command.composite, true);
    assert.equal(x.decision.action, 'allow', 'the watch on curl * does not cover jq');
    assert.ok(
      x.rules.some((rule: { policy: string; status: string }) => rule.policy === 'net' && rule.status === 'near'),
    );
  } finally {
    s.cleanup();
  }
});

test('paths and URLs: readings for the file and fetch tools', async () => {
  const s = sandbox();
  try {
    const p = s.file('p.yaml', SMALL_POLICY);
    let r = await s.svc([
      'policy',
      'explain',
      '.ssh/../.ssh/id_rsa',
      '--tool',
      'read',
      '--workdir',
      '/home/dev',
      '--config',
      p,
    ]);
    assert.match(r.stdout, /Path readings:\n {2}\/home\/dev\/\.ssh\/id_rsa/);
    assert.match(r.stdout, /^Decision: +deny \(policy keys\)$/m);
    r = await s.svc(['policy', 'explain', 'https://PasteBin.com./raw/x', '--tool', 'fetch', '--config', p]);
    assert.match(r.stdout, /^Domain: +pastebin\.com$/m);
    assert.match(r.stdout, /^Decision: +deny \(policy paste\)$/m);
    r = await s.svc(['policy', 'explain', 'x', '--tool', 'nothing-matches', '--config', p]);
    assert.match(r.stdout, /No policy covers tool "nothing-matches"/);
  } finally {
    s.cleanup();
  }
});

test('the shipped standard profile explains a sudo-wrapped credential read', async () => {
  const s = sandbox();
  try {
    const r = await s.svc(['policy', 'explain', 'sudo cat $HOME/.aws/credentials']);
    assert.match(r.stdout, /^Decision: +deny \(policy credential-reads-exec\)$/m);
    assert.match(r.stdout, /^ {2}cat \$HOME\/\.aws\/credentials$/m, 'sudo peeled');
    const bad = await s.svc(['policy', 'explain']);
    assert.equal(bad.code, 2);
    const sub = await s.svc(['policy', 'frobnicate']);
    assert.equal(sub.code, 2);
    assert.match(sub.stderr, /unknown subcommand "frobnicate"/);
  } finally {
    s.cleanup();
  }
});

test('whyText: mixed answers name the precedence', () => {
  const rule = (policy: string, action: string, decided: boolean) => ({
    policy,
    file: 'f',
    line: 1,
    index: 0,
    action,
    status: 'matched' as const,
    reason: 'x',
    decided,
    groups: [],
  });
  const x = {
    call: { tool: 'exec', agent: 'a', session: '' },
    fields: {},
    rules: [rule('w', 'watch', false), rule('p', 'ask', true)],
    decision: { action: 'ask', message: 'm', matchedPolicies: ['p', 'w'], evalDurationUs: 1 },
  } as unknown as ExplainResult;
  assert.match(
    whyText(x),
    /answered ask, watch; the strongest \(deny > webhook > ask > watch > allow\) wins\. p rule 1/,
  );
});

test('explain names the layers: the base profile, then each user policy file', async () => {
  const s = sandbox();
  try {
    s.file(
      'home/policies/team.yaml',
      'version: "1"\npolicies:\n  - name: team-deploys\n    match: { tool: exec }\n    rules: [{ action: ask, when: { command_matches: ["make deploy*"] } }]\n',
    );
    const r = await s.svc(['policy', 'explain', 'rm -rf /']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Layers: +standard \+ team\.yaml$/m);
    assert.match(r.stdout, /^Decision: +deny/m);
    const j = await s.svc(['policy', 'explain', 'make deploy', '--json']);
    const x = JSON.parse(j.stdout);
    assert.deepEqual(
      x.layers.map((l: { name: string }) => l.name),
      ['standard', 'team.yaml'],
    );
    assert.equal(x.decision.action, 'ask');
  } finally {
    s.cleanup();
  }
});
