// `svc test`: single calls (exit 0 allow/watch, 1 deny, 2 ask), config resolution, suites.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SMALL_POLICY, sandbox } from './helpers.js';

test('single call exit codes follow the decision', async () => {
  const s = sandbox();
  try {
    const p = s.file('p.yaml', SMALL_POLICY);
    const cases: [string[], number, string][] = [
      [['ls -la'], 0, 'allow'],
      [['curl https://example.com'], 0, 'watch'],
      [['nohup bash -c "rm -rf /" &'], 1, 'deny'],
      [['npm publish --access public'], 2, 'ask'],
      [['npm publish --dry-run'], 0, 'allow'],
      [['--tool', 'read', '/home/dev/.ssh/id_rsa'], 1, 'deny'],
      [['--tool', 'read', '/home/dev/.ssh/id_rsa.pub'], 1, 'deny'],
      [['--tool', 'fetch', 'https://pastebin.com/raw/x'], 1, 'deny'],
      [['--tool', 'fetch', 'https://nodejs.org/'], 0, 'allow'],
    ];
    for (const [i, [args, code, decision]] of cases.entries()) {
      // The first of each exit status as a process of its own: the status is the process's.
      const svc = i < 4 ? s.spawnSvc : s.svc;
      const r = await svc(['test', ...args, '--config', p]);
      assert.equal(r.code, code, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, new RegExp(`^decision: ${decision}$`, 'm'), args.join(' '));
    }
  } finally {
    s.cleanup();
  }
});

test('--json carries decision, policy, message and suggestions', async () => {
  const s = sandbox();
  try {
    const p = s.file('p.yaml', SMALL_POLICY);
    const r = await s.svc(['test', 'rm -rf /', '--config', p, '--json']);
    assert.equal(r.code, 1);
    const body = JSON.parse(r.stdout);
    assert.equal(body.decision, 'deny');
    assert.equal(body.allowed, false);
    assert.equal(body.policy, 'no-wipe');
    assert.equal(body.message, 'No wiping.');
    assert.deepEqual(body.suggestions, ['rm -rf ./dist']);
    assert.deepEqual(body.matched_policies, ['no-wipe']);
  } finally {
    s.cleanup();
  }
});

test('default config: the shipped standard with the data dir policies layered on it; profile names work', async () => {
  const s = sandbox();
  try {
    let r = await s.svc(['test', 'cat ~/.ssh/id_ed25519']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /policy: +credential-reads-exec/);
    r = await s.svc(['test', 'npm publish']);
    assert.equal(r.code, 2);
    r = await s.svc(['test', 'npm publish', '--config', 'ci']);
    assert.equal(r.code, 1, 'ci denies what standard asks');
    r = await s.svc(['test', 'nmap localhost', '--config', 'strict']);
    assert.equal(r.code, 1, 'strict denies unknown commands');
    // a user policy layers on the shipped default: it can tighten the default, the base denies stay
    s.file('home/policies/mine.yaml', 'version: "1"\ndefault_action: deny\npolicies: []\n');
    r = await s.svc(['test', 'ls']);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stdout, /default action/);
    r = await s.svc(['test', 'cat ~/.ssh/id_ed25519']);
    assert.match(r.stdout, /policy: +credential-reads-exec/);
  } finally {
    s.cleanup();
  }
});

test('suites: inline tests pass, failures are named and exit 1, --run filters', async () => {
  const s = sandbox();
  try {
    const p = s.file('p.yaml', SMALL_POLICY);
    let r = await s.svc(['test', p]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /3 passed, 0 failed/);
    r = await s.svc(['test', '--file', p, '--json']);
    assert.equal(r.code, 0);
    const body = JSON.parse(r.stdout);
    assert.equal(body.total, 3);
    assert.equal(body.passed, 3);
    const broken = s.file(
      'broken.yaml',
      SMALL_POLICY.replace('expect: allow}', 'expect: deny}').replace(
        'expect_message: "No*"',
        'expect_message: "Nope*"',
      ),
    );
    r = await s.svc(['test', broken]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /FAIL +wipe: expected deny, got deny \(no-wipe\)/);
    assert.match(r.stdout, /FAIL +ls: expected deny, got allow/);
    assert.match(r.stdout, /1 passed, 2 failed/);
    r = await s.svc(['test', broken, '--run', 'pub*']);
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /1 passed, 0 failed/);
  } finally {
    s.cleanup();
  }
});

test('suite files (policy: and tests:): policy is relative to the suite; --config overrides it', async () => {
  const s = sandbox();
  try {
    s.file('pol/p.yaml', SMALL_POLICY);
    const suite = s.file(
      'suite.yaml',
      `policy: pol/p.yaml
tests:
  - {name: wipe, tool: exec, params: {command: "rm -rf /"}, expect: deny}
  - {name: key, tool: read, params: {path: /home/x/.ssh/id_rsa}, expect: deny, expect_message: "Keys*"}
  - {name: session and workdir, tool: read, session: s/main, workdir: /home/x, params: {path: .ssh/id_rsa}, expect: deny}
`,
    );
    let r = await s.svc(['test', '--file', suite]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /3 passed/);
    // the shipped profile also denies both, but with its own message
    r = await s.svc(['test', '--file', suite, '--config', 'permissive']);
    assert.equal(r.code, 1, r.stdout);
    assert.match(r.stdout, /FAIL +key: expected deny, got deny \(credential-files\)/);
    assert.match(r.stdout, /2 passed, 1 failed/);
    const bad = s.file(
      'bad.yaml',
      'policy: pol/p.yaml\ntests:\n  - {name: x, tool: exec, params: {command: ls}, expect: maybe}\n',
    );
    r = await s.svc(['test', '--file', bad]);
    assert.equal(r.code, 64);
    assert.match(r.stderr, /expect must be one of/);
    const typo = s.file(
      'typo.yaml',
      'polcy: pol/p.yaml\ntests:\n  - {name: x, tool: exec, params: {command: ls}, expect: allow}\n',
    );
    r = await s.svc(['test', '--file', typo]);
    assert.equal(r.code, 64);
    assert.match(r.stderr, /unknown key "polcy"/);
  } finally {
    s.cleanup();
  }
});

test("bad arguments: exit 64 (2 means ask) with one line in svc's words; a broken policy file: exit 1 naming the line", async () => {
  const s = sandbox();
  try {
    let r = await s.svc(['test']);
    assert.equal(r.code, 64);
    assert.match(r.stderr, /missing COMMAND/);
    r = await s.spawnSvc(['test', 'ls', '--bogus']);
    assert.equal(r.code, 64);
    assert.equal(r.stderr.trim(), "svc test: unknown option --bogus (see 'svc test --help')");
    r = await s.svc(['test', 'ls', '--tool']);
    assert.equal(r.code, 64);
    assert.match(r.stderr, /option --tool needs a value/);
    r = await s.svc(['test', 'ls', '--config', '/nonexistent/p.yaml']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /does not exist/);
    const broken = s.file(
      'broken.yaml',
      'version: "1"\npolicies:\n  - name: x\n    rules:\n      - action: deny\n        when: {command_match: [x]}\n',
    );
    r = await s.svc(['test', 'ls', '--config', broken]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /broken\.yaml:6/);
    assert.match(r.stderr, /command_match/);
  } finally {
    s.cleanup();
  }
});

test('an unknown tool class is a usage error with a suggestion, never a silent allow', async () => {
  const s = sandbox();
  try {
    let r = await s.svc(['test', '--tool', 'exce', 'rm -rf /']);
    assert.equal(r.code, 64);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /unknown tool "exce" \(did you mean exec\?\)/);
    r = await s.svc(['test', '--tool', 'wirte', '/home/dev/.bashrc']);
    assert.equal(r.code, 64);
    assert.match(r.stderr, /did you mean write\?/);
    // A custom tool class that a policy names is known.
    const p = s.file(
      'custom.yaml',
      'version: "1"\ndefault_action: allow\npolicies:\n  - name: c\n    match: {tool: deploy}\n    rules:\n      - action: deny\n        message: no deploys\n',
    );
    r = await s.svc(['test', '--tool', 'deploy', 'prod', '--config', p]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /no deploys/);
  } finally {
    s.cleanup();
  }
});

test('svc with no arguments prints the command overview (exit 0); --version prints the version', async () => {
  const s = sandbox();
  try {
    let r = await s.spawnSvc([]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^usage: svc <command>/);
    assert.match(r.stdout, /\n  serve +run the policy server/);
    r = await s.spawnSvc(['--version']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^svc \d+\.\d+\.\d+\n$/);
    r = await s.spawnSvc(['serve', '--bogus']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr.trim(), "svc serve: unknown option --bogus (see 'svc serve --help')");
  } finally {
    s.cleanup();
  }
});
