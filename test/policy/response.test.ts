// Response-side rules (docs/policy.md, response_matches) and the RE2 matcher behind them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileRe2List } from '../../src/policy/re2-dfa.js';
import { engineOf, exec } from './helpers.js';

const e = engineOf(`
default_action: deny
policies:
  - name: block-credential-leaks
    rules:
      - action: deny
        message: Sensitive credential detected in response
        when:
          response_matches: ['AKIA[0-9A-Z]{16}', '-----BEGIN (RSA |EC |OPENSSH )?PRIVATE KEY-----']
          response_not_matches: ['AKIAIOSFODNN7EXAMPLE']
  - name: ask-becomes-deny
    rules:
      - action: ask
        when:
          response_matches: ['(?i)password\\s*[:=]\\s*\\S{8,}']
  - name: watch-tokens
    rules:
      - action: watch
        when:
          response_matches: ['\\bghp_[A-Za-z0-9]{36}\\b']
  - name: request-rule
    rules:
      - action: deny
        when:
          command_matches: ['cat *']
`);

test('response: a secret in the output is denied with the rule message', () => {
  const d = e.evaluateResponse(exec('ls'), 'leaked AKIA1234567890ABCDEF');
  assert.equal(d.action, 'deny');
  assert.equal(d.policy, 'block-credential-leaks');
  assert.equal(d.message, 'Sensitive credential detected in response');
});

test('response: response_not_matches cancels (the documented example key)', () => {
  assert.equal(e.evaluateResponse(exec('ls'), 'AKIAIOSFODNN7EXAMPLE').action, 'allow');
});

test('response: ask turns into deny on the response side', () => {
  const d = e.evaluateResponse(exec('ls'), 'PASSWORD = hunter2hunter2');
  assert.equal(d.action, 'deny');
  assert.equal(d.policy, 'ask-becomes-deny');
});

test('response: watch beats allow', () => {
  assert.equal(e.evaluateResponse(exec('ls'), `token ghp_${'a'.repeat(36)} end`).action, 'watch');
});

test('response: nothing matched is allow, not default_action', () => {
  const d = e.evaluateResponse(exec('ls'), 'all good');
  assert.equal(d.action, 'allow');
});

test('response: request-side keys are not consulted', () => {
  assert.equal(e.evaluateResponse(exec('cat x'), 'all good').action, 'allow');
});

test('response: the request side ignores response-only rules', () => {
  assert.equal(e.evaluate(exec('echo AKIA1234567890ABCDEF'), { dryRun: true }).action, 'deny');
  assert.equal(
    e.evaluate(exec('echo AKIA1234567890ABCDEF'), { dryRun: true }).message,
    'no matching rule; using default action',
  );
});

test('response: over 1 MiB with response rules in scope is denied without scanning', () => {
  const d = e.evaluateResponse(exec('ls'), 'a'.repeat(1024 * 1024 + 1));
  assert.equal(d.action, 'deny');
  assert.match(d.message, /larger than 1048576 bytes/);
});

test('response: no policy in scope is allow', () => {
  const e2 = engineOf(
    'default_action: deny\npolicies:\n  - name: r\n    match: { tool: read }\n    rules: [{ action: deny, when: { response_matches: [x] } }]\n',
  );
  assert.equal(e2.evaluateResponse(exec('ls'), 'x').action, 'allow');
  assert.equal(e2.evaluateResponse(exec('ls'), 'a'.repeat(1024 * 1024 + 1)).action, 'allow');
});

test('response: expires_at limits only the request side; an output check keeps withholding', () => {
  const e2 = engineOf(
    'policies:\n  - name: r\n    rules: [{ action: deny, expires_at: "2000-01-01T00:00:00Z", when: { response_matches: [secret] } }]\n',
  );
  assert.equal(e2.evaluateResponse(exec('ls'), 'a secret').action, 'deny');
});

test('response: a 1 MiB adversarial response is scanned in linear time', () => {
  const e2 = engineOf(`policies:
  - name: r
    rules:
      - action: deny
        when:
          response_matches: ['a.*b.*c', '[a-z]+@', '(a|a)*d', '(?i)x\\s*=\\s*\\S+y']
`);
  // A backtracking engine would never finish this (the per-test time limit catches it); the RE2
  // engine answers in one pass. Time per MiB is a benchmark's job, not a test's.
  const d = e2.evaluateResponse(exec('ls'), 'a'.repeat(1024 * 1024 - 10));
  assert.equal(d.action, 'allow');
});

const RE: [string, string, boolean][] = [
  ['AKIA[0-9A-Z]{16}', 'key AKIA1234567890ABCDEF', true],
  ['AKIA[0-9A-Z]{16}', 'key AKIA1234567890ABCDE', false],
  ['(?i)secret', 'SeCrEt', true],
  ['(?i:ab)c', 'ABc', true],
  ['(?i:ab)c', 'ABC', false],
  ['^abc$', 'abc', true],
  ['^abc$', 'x\nabc\ny', false],
  ['(?m)^abc$', 'x\nabc\ny', true],
  ['\\Aabc\\z', 'abc', true],
  ['\\bfoo\\b', 'a foo b', true],
  ['\\bfoo\\b', 'afoo', false],
  ['\\Bfoo', 'afoo', true],
  ['a.b', 'a\nb', false],
  ['(?s)a.b', 'a\nb', true],
  ['x{2,3}y', 'xxy', true],
  ['x{2,3}y', 'xy', false],
  ['x{2,}', 'axxxx', true],
  ['[[:digit:]]{3}', 'a12b345', true],
  ['[^\\d\\s]', '1 2', false],
  ['\\p{Greek}+', 'abc αβγ', true],
  ['\\PL', 'abc', false],
  ['\\x41\\x{42}', 'AB', true],
  ['\\Qa.b\\E', 'axb', false],
  ['\\Qa.b\\E', 'a.b', true],
  ['a|b|c', 'xxc', true],
  ['(?P<n>ab)+', 'abab', true],
  ['', 'anything', true],
  ['colou?r', 'color', true],
  ['[a\\-z]', '-', true],
  ['[]a]', ']', true],
  ['a{,2}', 'a{,2}', true], // RE2: not a repeat, a literal
];

for (const [re, text, want] of RE) {
  test(`re2: ${JSON.stringify(re)} ${want ? 'matches' : 'does not match'} ${JSON.stringify(text)}`, () => {
    assert.equal(compileRe2List([re]).test(text), want);
  });
}

const BAD: [string, RegExp][] = [
  ['(a+)+', /nested quantifier/],
  ['(x*){2}', /nested quantifier/],
  ['(?:a|b+)*', /nested quantifier/],
  ['\\1', /backreference/],
  ['\\k<n>', /named backreferences/],
  ['(?<=a)b', /lookahead and lookbehind/],
  ['a**', /bad repetition/],
  ['*a', /missing argument/],
  ['a{1001}', /above 1000/],
  ['(a', /missing \)/],
  ['a)', /unexpected \)/],
  ['[a', /missing closing \]/],
  ['[z-a]', /bad character class range/],
  ['\\pQ', /unknown Unicode class/],
  ['\\C', /not supported/],
  ['\\y', /invalid escape/],
];

for (const [re, msg] of BAD) {
  test(`re2: ${JSON.stringify(re)} is rejected`, () => {
    assert.throws(() => compileRe2List([re]), msg);
  });
}
