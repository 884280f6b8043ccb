// `svc policy lint`: tricky inputs, positions, severities and exit codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { globCovers, globProblem, lintPolicyText, regexProblem, type Diagnostic } from '../../src/policy/lint.js';
import { sandbox } from './helpers.js';
import { LAUGHS } from '../helpers/hostile-yaml.js';

function lint(text: string): Diagnostic[] {
  return lintPolicyText(text, 'p.yaml');
}
function codes(ds: Diagnostic[]): string[] {
  return ds.map((d) => `${d.line}:${d.severity}:${d.code}`);
}
const HEAD = 'version: "1"\ndefault_action: allow\npolicies:\n';

test('unknown keys: file:line:col and a did-you-mean, at every depth', () => {
  const ds = lint(`${HEAD}  - name: a
    mach: {tool: exec}
    rules:
      - action: deny
        mesage: x
        when:
          command_match: ["rm *"]
          agent_dept: {gte: 1}
`);
  const by = (k: string) => ds.find((d) => d.message.includes(`"${k}"`))!;
  assert.equal(by('mach').line, 5);
  assert.equal(by('mach').col, 5);
  assert.match(by('mach').message, /did you mean "match"/);
  assert.match(by('mesage').message, /did you mean "message"/);
  assert.equal(by('command_match').line, 10);
  assert.match(by('command_match').message, /did you mean "command_matches"/);
  assert.match(by('agent_dept').message, /did you mean "agent_depth"/);
  assert.ok(ds.every((d) => d.severity === 'error'));
});

test('misplaced keys get a specific hint', () => {
  const ds = lint(`${HEAD}  - name: a
    action: deny
    rules:
      - action: deny
        match: {tool: exec}
        when: {command_matches: [x]}
`);
  assert.match(ds.find((d) => d.line === 5)!.message, /belongs on each rule/);
  assert.match(ds.find((d) => d.line === 8)!.message, /belongs on the policy/);
});

test('actions: typos, removed spellings, and the log alias', () => {
  const ds = lint(`${HEAD}  - name: a
    rules:
      - {action: block, when: {command_matches: [a]}}
      - {action: require_approval, when: {command_matches: [b]}}
      - {action: log, when: {command_matches: [c]}}
`);
  assert.match(ds.find((d) => d.line === 6)!.message, /unknown action "block" \(did you mean "deny"\?\)/);
  assert.match(ds.find((d) => d.line === 7)!.message, /removed; use "ask"/);
  const log = ds.find((d) => d.line === 8)!;
  assert.equal(log.severity, 'warning');
});

test('YAML anchors and aliases are followed, not reported', () => {
  const ds = lint(`${HEAD}  - name: a
    rules:
      - action: deny
        when:
          command_matches: ["curl **pastebin.com**"]
          command_not_matches: &mention ["echo *", "grep *"]
  - name: b
    rules:
      - action: deny
        when:
          command_matches: ["wget **pastebin.com**"]
          command_not_matches: *mention
`);
  assert.deepEqual(codes(ds), []);
});

test('patterns that can never match are errors', () => {
  const ds = lint(`${HEAD}  - name: a
    rules:
      - action: deny
        when:
          command_matches: ["", "x[]", "a[b", "[a-]", "[z-a]", "**a**b**", "[-a]"]
          path_matches: ["/home/~/x", "./src/**", "/a/../b"]
`);
  const msgs = ds.filter((d) => d.code === 'bad-pattern').map((d) => d.message);
  assert.equal(msgs.length, 10, msgs.join('\n'));
  for (const frag of [
    'empty pattern',
    'empty character class',
    'unclosed',
    'ends a range',
    'reversed',
    'at most 2 **',
    'bare "-"',
    '"~" is only meaningful',
    'leading "./"',
    '"/../"',
  ]) {
    assert.ok(
      msgs.some((m) => m.includes(frag)),
      `missing: ${frag}`,
    );
  }
});

test('suspicious patterns are warnings: [! is not negation, pipes in command patterns', () => {
  const ds = lint(`${HEAD}  - name: a
    rules:
      - action: deny
        when:
          command_matches: ["rm [!a]x", "curl * | sh", "*curl * | sh*"]
`);
  assert.deepEqual(
    ds.map((d) => [d.severity, d.code]),
    [
      ['warning', 'suspicious-pattern'],
      ['warning', 'suspicious-pattern'],
    ],
  );
});

test('regex risks: nested quantifiers, backreferences, length, syntax; inline flags are fine', () => {
  assert.match(regexProblem('(a+)+')!, /nested quantifier/);
  assert.match(regexProblem('(x*){2}')!, /nested quantifier/);
  assert.match(regexProblem('((ab)*c)+')!, /nested quantifier/);
  assert.match(regexProblem('(a)\\1')!, /backreferences/);
  assert.match(regexProblem('a'.repeat(501))!, /longer than 500/);
  assert.match(regexProblem('(unclosed')!, /invalid regex/);
  assert.equal(regexProblem('(?i)-----BEGIN [A-Z ]*PRIVATE KEY-----'), undefined);
  assert.equal(regexProblem('(ab)+c'), undefined);
  assert.equal(regexProblem('[(+)]+'), undefined);
});

test('shadowing: an earlier unconditional rule, an identical or broader pattern set', () => {
  const ds = lint(`${HEAD}  - name: a
    rules:
      - action: deny
        when: {command_matches: ["git *"]}
      - action: deny
        when: {command_matches: ["git push *", "git pull"]}
      - action: ask
        when: {command_matches: ["git *"]}
      - action: deny
        when: {command_matches: ["gitk"]}
  - name: b
    rules:
      - action: watch
        when: {default: true}
      - action: deny
        when: {command_matches: [x]}
  - name: c
    rules:
      - action: deny
        when:
          path_matches: ["/etc/**"]
      - action: ask
        when:
          path_matches: ["/etc/ssh/*", "/etc/passwd"]
`);
  const sh = ds.filter((d) => d.code === 'shadowed');
  assert.deepEqual(
    sh.map((d) => d.line),
    [8, 10, 18, 25],
    sh.map((d) => d.message).join('\n'),
  );
  assert.match(sh[0]!.message, /redundant/);
  assert.match(sh[2]!.message, /matches every call first/);
  assert.ok(!ds.some((d) => d.line === 12), 'gitk is not covered by "git *"');
});

test('an exclusion on the earlier rule means it does not shadow', () => {
  const ds = lint(`${HEAD}  - name: a
    rules:
      - action: deny
        when:
          command_matches: ["git *"]
          command_not_matches: ["git status"]
      - action: ask
        when: {command_matches: ["git push *"]}
`);
  assert.deepEqual(codes(ds), []);
});

test('an allow broader than a later deny in the same policy is reported', () => {
  const ds = lint(`${HEAD}  - name: a
    rules:
      - action: allow
        when: {command_matches: ["git *"]}
      - action: deny
        message: no force
        when: {command_matches: ["git push --force*", "git push -f*"]}
  - name: b
    rules:
      - action: deny
        when: {command_matches: ["git push --force*"]}
      - action: allow
        when: {command_matches: ["git *"]}
`);
  assert.deepEqual(codes(ds), ['8:warning:allow-before-deny']);
  assert.match(ds[0]!.message, /rule 1 \(allow, line 6\).*Move the deny rule first/);
});

test('other warnings: exclusion-only when, default with conditions, priority 0, no rules, tool names', () => {
  const ds = lint(`${HEAD}  - name: a
    priority: 0
    match: {tool: [Exec, bash, exec, "mcp*"]}
    rules:
      - action: deny
        when: {command_not_matches: [x]}
      - action: deny
        when: {default: true, command_matches: [y]}
  - name: b
    rules: []
`);
  assert.deepEqual(codes(ds), [
    '5:warning:priority-zero',
    '6:error:tool-case',
    '6:warning:unknown-tool',
    '9:warning:never-fires',
    '11:warning:default-ignores-conditions',
    '13:warning:no-rules',
  ]);
});

test('top level: bad version, bad default, second document, duplicate names, tests', () => {
  const ds = lint(`version: 2
default_action: permit
policies:
  - name: a
    rules: [{action: deny, when: {command_matches: [x]}}]
  - name: a
    rules: [{action: deny, when: {command_matches: [y]}}]
tests:
  - {name: t, params: {command: x}, expect: nope}
---
policies: []
`);
  const msgs = ds.map((d) => `${d.line}:${d.code}`);
  for (const m of ['1:bad-version', '2:bad-default-action', '6:duplicate-name', '9:test-tool', '9:test-expect'])
    assert.ok(msgs.includes(m), `missing ${m} in ${msgs}`);
  assert.ok(ds.some((d) => d.code === 'multiple-documents' || d.code === 'parse-error'));
  assert.match(ds.find((d) => d.code === 'bad-default-action')!.message, /did you mean "allow"/);
});

test('broken YAML is one parse error with a position', () => {
  const ds = lint('version: "1"\npolicies:\n  - name: [unclosed\n');
  assert.equal(ds[0]!.code, 'parse-error');
  assert.ok(ds[0]!.line >= 3);
});

test('glob helpers: coverage is conservative, problems mirror the matcher', () => {
  assert.ok(globCovers('git *', 'git push --force*', false));
  assert.ok(globCovers('**', 'anything', false));
  assert.ok(!globCovers('git *', 'git', false));
  assert.ok(!globCovers('git push*', 'git *', false));
  assert.ok(globCovers('/etc/**', '/etc/ssh/sshd_config', true));
  assert.ok(globCovers('/etc/*', '/etc/passwd', true));
  assert.ok(!globCovers('/etc/*', '/etc/ssh/sshd_config', true));
  assert.ok(globCovers('**/.env', '/home/x/.env', true));
  assert.equal(globProblem('rm -rf [*]', false), undefined);
  assert.equal(globProblem('[^/]**', true), undefined);
});

test('CLI: exit 1 with errors, 0 with warnings only, --json; the shipped profiles are clean', async () => {
  const s = sandbox();
  try {
    const bad = s.file(
      'bad.yaml',
      `${HEAD}  - name: a\n    rules:\n      - action: deny\n        when: {comand_matches: [x]}\n`,
    );
    let r = await s.svc(['policy', 'lint', bad]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /bad\.yaml:7:\d+: error: unknown key "comand_matches".*did you mean "command_matches"/);
    assert.match(r.stdout, /1 error, 0 warnings/);
    const warn = s.file(
      'warn.yaml',
      `${HEAD}  - name: a\n    priority: 0\n    rules: [{action: deny, when: {command_matches: [x]}}]\n`,
    );
    r = await s.svc(['policy', 'lint', warn, '--json']);
    assert.equal(r.code, 0);
    const body = JSON.parse(r.stdout);
    assert.equal(body.errors, 0);
    assert.equal(body.warnings, 1);
    assert.equal(body.diagnostics[0].code, 'priority-zero');
    r = await s.svc([
      'policy',
      'lint',
      'policies/standard.yaml',
      'policies/strict.yaml',
      'policies/permissive.yaml',
      'policies/ci.yaml',
    ]);
    assert.equal(r.code, 0, r.stdout);
    r = await s.svc(['policy', 'lint']);
    assert.equal(r.code, 2);
    r = await s.svc(['policy', 'lint', s.dir + '/missing.yaml']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /does not exist/);
  } finally {
    s.cleanup();
  }
});

test('nested aliases that would expand to millions of nodes are an error, found without expanding them', () => {
  const laughs = LAUGHS;
  const ds = lint(laughs);
  assert.deepEqual(
    ds.map((d) => `${d.severity}:${d.code}`),
    ['error:alias-expansion'],
  );
  assert.match(ds[0]!.message, /the limit is 200000/);
});
