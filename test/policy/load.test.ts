// Loading policy files: strict keys with file:line errors, value checks, directories, merging.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEngine, parsePolicyText, parsePolicyTextLenient, PolicyLoadError } from '../../src/policy/engine.js';
import { policyDir, tempDir, HOME } from './helpers.js';
import { LAUGHS } from '../helpers/hostile-yaml.js';

function loadError(yaml: string, name = 'x.yaml'): PolicyLoadError {
  const d = policyDir({ [name]: yaml });
  try {
    loadEngine(join(d, name), { home: HOME });
  } catch (err) {
    assert.ok(err instanceof PolicyLoadError, `not a PolicyLoadError: ${(err as Error).message}`);
    return err;
  }
  assert.fail('the load did not fail');
}

const RULE = (when: string, action = 'deny') =>
  `policies:\n  - name: p\n    rules:\n      - action: ${action}\n        when:\n          ${when}\n`;

const ERRORS: [string, string, RegExp, number, string?][] = [
  [
    'unknown key in when names the line and suggests',
    RULE("command_match: ['x']"),
    /x\.yaml:6: unknown key "command_match" in when \(did you mean command_matches\?\)/,
    6,
    'command_match',
  ],
  [
    'unknown top-level key',
    'version: "1"\npolicys: []\n',
    /unknown key "policys" in the top level of the policy file \(did you mean policies\?\)/,
    2,
    'policys',
  ],
  [
    'unknown policy key',
    'policies:\n  - name: p\n    prority: 5\n    rules: []\n',
    /unknown key "prority" in policy \(did you mean priority\?\)/,
    3,
    'prority',
  ],
  [
    'unknown rule key (action at the wrong level is caught too)',
    'policies:\n  - name: p\n    rules:\n      - action: deny\n        reason: no\n',
    /unknown key "reason" in rule/,
    5,
    'reason',
  ],
  [
    'unknown match key',
    'policies:\n  - name: p\n    match: { tools: exec }\n    rules: []\n',
    /unknown key "tools" in match \(did you mean tool\?\)/,
    3,
    'tools',
  ],
  [
    'unknown webhook key',
    'policies:\n  - name: p\n    rules:\n      - action: webhook\n        webhook: { url: "http://127.0.0.1:1", timout: 1s }\n',
    /unknown key "timout" in webhook \(did you mean timeout\?\)/,
    5,
  ],
  [
    'unknown call_count key',
    RULE('call_count: { gte: 1, window: 1h, per: agent }'),
    /unknown key "per" in call_count/,
    6,
  ],
  [
    'require_approval names ask',
    RULE("command_matches: ['x']", 'require_approval'),
    /action "require_approval" was removed; use ask/,
    4,
  ],
  [
    'require_approval as default_action',
    'default_action: require_approval\n',
    /default_action "require_approval" was removed; use ask/,
    1,
  ],
  [
    'unknown action suggests',
    RULE("command_matches: ['x']", 'block'),
    /unknown action "block" .*did you mean deny\?/,
    4,
  ],
  ['missing action', 'policies:\n  - name: p\n    rules:\n      - message: hi\n', /rule has no action/, 4],
  ['unknown default_action', 'default_action: permit\n', /unknown default_action "permit"/, 1],
  ['bad version', 'version: "2"\n', /unsupported version "2"/, 1],
  ['policy without a name', 'policies:\n  - rules: []\n', /policy has no name/, 2],
  [
    'duplicate names in one file',
    'policies:\n  - name: p\n    rules: []\n  - name: p\n    rules: []\n',
    /duplicate policy name "p" \(first defined on line 2\)/,
    4,
  ],
  ['bad regex', RULE("response_matches: ['(unclosed']"), /response_matches "\(unclosed" is not a usable regex/, 6],
  ['nested quantifier', RULE("response_matches: ['(a+)+b']"), /nested quantifier/, 6],
  ['nested quantifier with a count', RULE("response_matches: ['(x*){2}']"), /nested quantifier/, 6],
  ['backreference', RULE("response_matches: ['(a)\\1']"), /backreference/, 6],
  [
    'regex longer than 500 chars',
    RULE(`response_matches: ['${'a'.repeat(501)}']`),
    /501 characters; the limit is 500/,
    6,
  ],
  ['lookahead is not RE2', RULE("response_matches: ['foo(?=bar)']"), /lookahead/, 6],
  ['bad duration', RULE('call_count: { gte: 5, window: 1d }'), /call_count.window "1d" is not a duration/, 6],
  ['call_count window over 720h', RULE('call_count: { gte: 5, window: 721h }'), /at most 720h/, 6],
  ['call_count gte over 1000', RULE('call_count: { gte: 1001, window: 1h }'), /between 0 and 1000/, 6],
  ['call_count without window', RULE('call_count: { gte: 5 }'), /call_count needs window/, 6],
  ['glob over 8 KiB', RULE(`command_matches: ['${'a'.repeat(8193)}']`), /8192/, 6],
  ['too many **', RULE("command_matches: ['**a**b**']"), /at most 2 times/, 6],
  ['** pattern over 256 bytes', RULE(`path_matches: ['**/${'a'.repeat(300)}']`), /at most 256 bytes/, 6],
  ['blank command_contains', RULE("command_contains: ['  ']"), /must not be empty/, 6],
  [
    'webhook without url',
    'policies:\n  - name: p\n    rules:\n      - action: webhook\n',
    /webhook rule needs webhook.url/,
    4,
  ],
  [
    'webhook url not http',
    'policies:\n  - name: p\n    rules:\n      - action: webhook\n        webhook: { url: "ftp://x" }\n',
    /must be an http/,
    4,
  ],
  [
    'bad expires_at',
    RULE("command_matches: ['x']\n        expires_at: tomorrow").replace(
      '\n          command_matches',
      '\n          command_matches',
    ),
    /expires_at "tomorrow" is not an RFC 3339 timestamp/,
    7,
  ],
  ['wrong type: list expected', RULE('command_matches: { a: b }'), /command_matches must be a list of strings/, 6],
  [
    'wrong type: priority',
    'policies:\n  - name: p\n    priority: high\n    rules: []\n',
    /priority must be a whole number/,
    3,
  ],
  [
    'wrong type: enabled',
    'policies:\n  - name: p\n    enabled: maybe\n    rules: []\n',
    /enabled must be true or false/,
    3,
  ],
  ['two YAML documents', 'policies: []\n---\npolicies: []\n', /one YAML document/, 3],
  ['YAML syntax error', 'policies: [\n  - name: p\n', /YAML syntax error/, 0],
  ['duplicate YAML keys', 'version: "1"\nversion: "1"\n', /YAML syntax error: Map keys must be unique/, 2],
  ['top level must be a mapping', '- a\n- b\n', /must be a mapping/, 1],
  ['notify.on must be a list', 'notify: { url: "http://x", on: deny }\n', /notify.on must be a list/, 1],
  ['test case without expect', 'tests:\n  - name: t\n    tool: exec\n', /test case needs expect/, 2],
];

for (const [name, yaml, re, line, key] of ERRORS) {
  test(`load error: ${name}`, () => {
    const err = loadError(yaml);
    assert.match(err.message, re);
    if (line) assert.equal(err.line, line, err.message);
    assert.ok(err.file.endsWith('x.yaml'));
    if (key) assert.equal(err.key, key);
  });
}

test('load error: a file over 1 MiB', () => {
  const err = loadError('# ' + 'x'.repeat(1024 * 1024 + 10) + '\n');
  assert.match(err.message, /limit is 1048576/);
});

test('load error: a missing config path', () => {
  assert.throws(
    () => loadEngine('/nonexistent/policies.yaml'),
    (e: unknown) => e instanceof PolicyLoadError && /cannot read policy config: ENOENT/.test(e.message),
  );
});

test('directory: *.yaml and *.yml in filename order, not recursive, other files ignored', () => {
  const d = policyDir({
    'b.yml': 'policies:\n  - name: from-b\n    rules: []\n',
    'a.yaml': 'default_action: watch\npolicies:\n  - name: from-a\n    rules: []\n',
    'notes.txt': 'not yaml',
  });
  writeFileSync(join(d, 'c.yaml.bak'), 'garbage: [');
  const e = loadEngine(d, { home: HOME });
  assert.deepEqual(
    e.sources.map((s) => s.slice(d.length + 1)),
    ['a.yaml', 'b.yml'],
  );
  assert.equal(e.defaultAction, 'watch');
  assert.equal(e.policyCount, 2);
});

test('directory: duplicate policy names across files fail the load naming both files', () => {
  const d = policyDir({
    'a.yaml': 'policies:\n  - name: same\n    rules: []\n',
    'b.yaml': 'policies:\n\n  - name: same\n    rules: []\n',
  });
  assert.throws(
    () => loadEngine(d),
    (e: unknown) =>
      e instanceof PolicyLoadError &&
      e.line === 3 &&
      /b\.yaml:3: duplicate policy name "same" \(also defined in .*a\.yaml:2\)/.test(e.message),
  );
});

test('directory: default_action comes from the first file that sets one; none means deny', () => {
  const d = policyDir({
    'a.yaml': 'policies: []\n',
    'b.yaml': 'default_action: ask\n',
    'c.yaml': 'default_action: allow\n',
  });
  assert.equal(loadEngine(d).defaultAction, 'ask');
  const d2 = policyDir({ 'a.yaml': 'policies: []\n' });
  assert.equal(loadEngine(d2).defaultAction, 'deny');
});

test('directory: one bad file fails the whole set (fail closed)', () => {
  const d = policyDir({ 'a.yaml': 'policies: []\n', 'b.yaml': RULE("command_matchs: ['x']") });
  assert.throws(() => loadEngine(d), /b\.yaml:6: unknown key "command_matchs"/);
});

test('an empty directory loads as an empty set with default deny', () => {
  const e = loadEngine(tempDir());
  assert.equal(e.policyCount, 0);
  assert.equal(e.defaultAction, 'deny');
});

test('peer compatibility: version 1 as a number, log action, scalar tool, notify and tests are accepted', () => {
  const pf = parsePolicyText(
    `version: 1
default_action: deny
notify: { url: "https://hooks.slack.com/x", platform: slack, on: [deny, ask] }
policies:
  - name: p
    description: d
    priority: 5
    enabled: true
    match: { tool: exec, agent: "*", session: "*" }
    rules:
      - action: LOG
        message: m
        when: { command_matches: ['x'] }
        added: 2026-01-01T00:00:00Z
        expires_at: 2030-01-01T00:00:00Z
        once: false
        ask: { audit: true }
tests:
  - { name: t, tool: exec, params: { command: x }, expect: log, expect_message: "m*" }
`,
    'peer.yaml',
  );
  assert.equal(pf.policies[0]!.rules[0]!.action, 'watch');
  assert.equal(pf.policies[0]!.rules[0]!.actionSpelling, 'LOG');
  assert.equal(pf.policies[0]!.priority, 5);
  assert.equal(pf.tests[0]!.expect, 'watch');
  assert.equal(pf.notify!.platform, 'slack');
});

test('YAML merge keys are read', () => {
  const pf = parsePolicyText(
    `policies:
  - name: p
    rules:
      - &base
        action: deny
        when: { path_matches: ['**/.ssh/**'] }
      - <<: *base
        message: merged
`,
    'a.yaml',
  );
  assert.equal(pf.policies[0]!.rules.length, 2);
  assert.equal(pf.policies[0]!.rules[1]!.action, 'deny');
  assert.equal(pf.policies[0]!.rules[1]!.message, 'merged');
});

test('YAML aliases: a list defined once and reused', () => {
  const pf = parsePolicyText(
    `policies:
  - name: a
    rules:
      - action: deny
        when:
          path_matches: &secret ['**/.ssh/**', '**/.aws/**']
  - name: b
    rules:
      - action: ask
        when:
          path_matches: *secret
`,
    'a.yaml',
  );
  assert.deepEqual(pf.policies[1]!.rules[0]!.when.path_matches, ['**/.ssh/**', '**/.aws/**']);
});

test('lenient parse returns every problem as a diagnostic instead of throwing', () => {
  const { policy, diagnostics } = parsePolicyTextLenient(
    `policies:
  - name: p
    rules:
      - action: block
        when: { command_match: ['x'] }
      - action: allow
        when: { command_matches: ['y'] }
`,
    'lint.yaml',
  );
  assert.deepEqual(
    diagnostics.map((d) => [d.line, d.key, d.severity]),
    [
      [4, 'action', 'error'],
      [5, 'command_match', 'error'],
    ],
  );
  assert.equal(policy.policies[0]!.rules.length, 2);
  assert.equal(policy.policies[0]!.rules[1]!.when.keyLines.command_matches, 7);
});

test('lenient parse warns about a plain-http webhook to a remote host', () => {
  const { diagnostics } = parsePolicyTextLenient(
    'policies:\n  - name: p\n    rules:\n      - action: webhook\n        webhook: { url: "http://verify.example.com/v" }\n',
    'w.yaml',
  );
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]!.severity, 'warning');
});

test('inline tests are exposed to tooling, ignored by enforcement', () => {
  const d = policyDir({
    'p.yaml':
      'default_action: allow\npolicies: []\ntests:\n  - { name: t, tool: exec, params: { command: ls }, expect: allow, session: s1 }\n',
  });
  const e = loadEngine(d);
  const t = e.inlineTests();
  assert.equal(t.length, 1);
  assert.equal(t[0]!.cases[0]!.name, 't');
  assert.equal(t[0]!.cases[0]!.session, 's1');
  assert.equal(t[0]!.cases[0]!.line, 4);
});

test('YAML aliases that expand past the node limit ("billion laughs") are refused without expanding them', () => {
  const laughs = LAUGHS;
  assert.throws(
    () => parsePolicyText(laughs, 'laughs.yaml'),
    /laughs\.yaml:1: YAML aliases expand the file to \d+ nodes; the limit is 200000/,
  );
  const many = `x: &x 1\npolicies: []\ny: [${Array(1001).fill('*x').join(',')}]\n`;
  assert.throws(() => parsePolicyText(many, 'many.yaml'), /1001 YAML aliases; the limit is 1000/);
});

test('YAML aliases name the last anchor of that name before them, as written in the file', () => {
  // `b` copies the list that itself defines &paths; `c` redefines &paths before `b`'s alias.
  // The alias in `d` must see `c`'s list (the last anchor before it in the text), not the copy.
  const pf = parsePolicyText(
    `policies:
  - name: a
    rules:
      - &rule
        action: deny
        when: { path_matches: &paths ['**/.ssh/**'] }
  - name: c
    rules:
      - action: ask
        when: { path_matches: &paths ['**/.aws/**'] }
  - name: b
    rules:
      - *rule
  - name: d
    rules:
      - action: watch
        when: { path_matches: *paths }
`,
    'a.yaml',
  );
  assert.deepEqual(pf.policies[2]?.rules[0]?.when.path_matches, ['**/.ssh/**']);
  assert.deepEqual(pf.policies[3]?.rules[0]?.when.path_matches, ['**/.aws/**']);
});

test('many aliases into one large list read as the list each time', () => {
  const list = Array.from({ length: 2000 }, (_, i) => `'**/.s${i}/**'`).join(', ');
  const uses = Array.from(
    { length: 60 },
    (_, i) => `  - name: p${i}\n    rules:\n      - action: deny\n        when: { path_matches: *big }\n`,
  ).join('');
  const pf = parsePolicyText(
    `policies:\n  - name: base\n    rules:\n      - action: deny\n        when: { path_matches: &big [${list}] }\n${uses}`,
    'a.yaml',
  );
  assert.equal(pf.policies.length, 61);
  assert.equal(pf.policies[60]?.rules[0]?.when.path_matches?.length, 2000);
});
