// analyzeCommand: what the engine reads from a shell command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeCommand } from '../../src/policy/shell.js';
import { splitSegments } from '../../src/policy/shell-parse.js';
import { HOME } from './helpers.js';

const a = (cmd: string) => analyzeCommand(cmd, { home: HOME });

const NORMALIZED: [string, string][] = [
  ["'rm' -rf /", 'rm -rf /'],
  ['r"m" -rf /', 'rm -rf /'],
  ['FOO=1 env -i PATH=x rm -rf /', 'rm -rf /'],
  ['nohup timeout 5s nice -n5 rm -rf /', 'rm -rf /'],
  ["bash -lc 'rm -rf /'", 'rm -rf /'],
  ['a | b', 'a && b'],
  ['command -v git', 'command -v git'],
  ['nohup --help rm -rf /', 'nohup --help rm -rf /'],
  ['sudo rm -rf /', 'sudo rm -rf /'],
  ['> out.txt echo hi', 'echo hi'],
  ["env -S 'rm -rf /'", 'rm -rf /'],
  ["$'rm' -rf /", 'rm -rf /'],
];

for (const [cmd, want] of NORMALIZED) {
  test(`normalized: ${JSON.stringify(cmd)} -> ${JSON.stringify(want)}`, () => {
    assert.equal(a(cmd).normalized, want);
  });
}

test('components: every executed part, substitutions included', () => {
  assert.deepEqual(a('git status && git log').components, ['git status', 'git log']);
  assert.deepEqual(a('echo $(whoami)').components, ['echo $(whoami)', 'whoami']);
  assert.deepEqual(a("bash -c 'a; b'").components, ['a', 'b']);
  assert.equal(a('git status').composite, false);
  assert.equal(a('git status | cat').composite, true);
});

test('components: quoted separators stay inside their word', () => {
  const r = a('git commit -m "fix; rm -rf / && more"');
  assert.deepEqual(r.components, ['git commit -m fix; rm -rf / && more']);
  assert.equal(r.composite, false);
});

test('candidates: sudo keeps the wrapped spelling and adds the unwrapped one', () => {
  const r = a('sudo -u root rm -rf /');
  assert.ok(r.candidates.includes('sudo -u root rm -rf /'));
  assert.ok(r.candidates.includes('rm -rf /'));
});

test('candidates: flags read canonically, one rm reading per operand', () => {
  const r = a('rm --force -R a /');
  assert.ok(r.candidates.includes('rm -rf a /'));
  assert.ok(r.candidates.includes('rm -rf a'));
  assert.ok(r.candidates.includes('rm -rf /'));
  assert.ok(r.candidates.includes('rm --recursive --force a /'));
});

test('candidates: ~ and $HOME expanded', () => {
  const r = a('cat ~/.netrc $HOME/.pgpass');
  assert.ok(r.candidates.includes(`cat ${HOME}/.netrc ${HOME}/.pgpass`));
});

test('candidates: generic short flags merged for other commands', () => {
  assert.ok(a('tar -x -z -f a.tgz').candidates.includes('tar -xzf a.tgz'));
});

test('candidates: find -delete without filters reads as rm -rf of the start', () => {
  assert.ok(a('find /var/log -delete').candidates.includes('rm -rf /var/log'));
  assert.ok(!a('find . -name "*.tmp" -delete').candidates.includes('rm -rf .'));
  assert.ok(a("find / -name '*' -delete").candidates.includes('rm -rf /'));
  assert.ok(
    a('find . -type f -mindepth 1 -delete').candidates.includes('rm -rf .'),
    '-type and -mindepth do not narrow',
  );
  assert.ok(!a('find . -mtime +7 -delete').candidates.includes('rm -rf .'));
});

test('candidates: a compound command has whole readings outside any unit', () => {
  const r = a('/usr/bin/curl x | /bin/sh');
  for (const whole of ['curl x | sh', 'curl x && sh']) {
    const i = r.candidates.indexOf(whole);
    assert.ok(i >= 0, whole);
    assert.equal(r.units[i], -1);
  }
});

test('env assignments: prefixes, env, export and declare, not arguments', () => {
  assert.deepEqual(a('A=1 B=2 env C=3 make').envAssignments.sort(), ['A', 'B', 'C']);
  assert.deepEqual(a('export D=1 E; declare -x F=2').envAssignments.sort(), ['D', 'F']);
  assert.deepEqual(a("printf 'G=%s' 1").envAssignments, []);
});

test('sanitize: ANSI sequences and control characters are removed', () => {
  assert.equal(a('\x1b[31mls\x1b[0m\x07 -la').raw, 'ls -la');
});

test('tokenizer: redirections are marked and do not split segments', () => {
  const [seg] = splitSegments('cmd 2>&1 >out <in &>all');
  assert.deepEqual(
    seg!.tokens.map((t) => [t.text, t.redir]),
    [
      ['cmd', false],
      ['2>&1', true],
      ['>out', true],
      ['<in', true],
      ['&>all', true],
    ],
  );
});

test('tokenizer: operators, comments and unterminated quotes', () => {
  assert.deepEqual(
    splitSegments('a && b || c | d; e & f # g').map((s) => s.op),
    ['&&', '||', '|', ';', '&', ''],
  );
  assert.deepEqual(
    splitSegments("echo 'unterminated").map((s) => s.tokens.map((t) => t.text)),
    [['echo', 'unterminated']],
  );
});

test('analysis is bounded: too many rm operands are refused', () => {
  const r = a('rm -rf ' + Array.from({ length: 300 }, (_, i) => `f${i}`).join(' '));
  assert.match(r.truncated!, /too many operands/);
});
