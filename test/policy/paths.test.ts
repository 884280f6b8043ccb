// Path readings (docs/policy.md section 10, ~ / $HOME expanded) and the input checks that fail
// closed: an input that is ambiguous or of the wrong type is denied, never matched loosely.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { engineOf, exec, read, write, fetchCall, tempDir, HOME } from './helpers.js';
import { pathReadings, PathResolver, cleanPath } from '../../src/policy/paths.js';

const e = engineOf(`
default_action: allow
policies:
  - name: secrets
    match: { tool: [read, write, edit] }
    rules:
      - action: deny
        when:
          path_matches: ['/etc/shadow', '~/.ssh/**', '$HOME/.aws/**', 'secrets/**']
`);

const PATHS: [string, Partial<import('../../src/policy/types.js').ToolCall>, string, string][] = [
  ['/etc/shadow', {}, 'deny', 'plain'],
  ['/etc/../etc/shadow', {}, 'deny', 'dot-dot'],
  ['//etc///shadow', {}, 'deny', 'repeated slashes'],
  ['/etc/./shadow', {}, 'deny', 'dot segment'],
  ['\\etc\\shadow', {}, 'deny', 'backslashes'],
  ['../../../etc/shadow', { workdir: '/home/tester/project' }, 'deny', 'relative path climbing out of the workdir'],
  ['shadow', { workdir: '/etc' }, 'deny', 'relative path in /etc'],
  ['~/.ssh/id_rsa', {}, 'deny', 'tilde in the call, tilde in the pattern'],
  ['$HOME/.ssh/id_rsa', {}, 'deny', '$HOME in the call'],
  [`${HOME}/.ssh/id_rsa`, {}, 'deny', 'home spelled out against a ~ pattern'],
  [`${HOME}/.aws/credentials`, {}, 'deny', 'home spelled out against a $HOME pattern'],
  ['~/.aws/config', {}, 'deny', 'tilde against a $HOME pattern'],
  ['secrets/db.txt', { workdir: '/srv/app' }, 'deny', 'relative pattern against a relative path'],
  ['/srv/app/secrets/db.txt', { workdir: '/srv/app' }, 'deny', 'relative pattern tried under the workdir'],
  ['/srv/other/secrets/db.txt', { workdir: '/srv/app' }, 'allow', 'relative pattern outside the workdir'],
  ['/etc/shadow.bak', {}, 'allow', 'a different file'],
  ['~/.sshx/id_rsa', {}, 'allow', 'a look-alike directory'],
];

for (const [path, extra, want, why] of PATHS) {
  test(`path: ${why}: ${path} -> ${want}`, () => {
    assert.equal(e.evaluate(read(path, extra), { dryRun: true }).action, want);
  });
}

test('path: the workdir comes from params.cwd when the call has none', () => {
  assert.equal(
    e.evaluate(
      { tool: 'read', agent: 'a', session: '', params: { file_path: 'shadow', cwd: '/etc' } },
      { dryRun: true },
    ).action,
    'deny',
  );
});

test('path: a symlink to a protected file is read as its target', () => {
  const d = tempDir();
  const target = join(d, 'real-secret');
  writeFileSync(target, 'x');
  mkdirSync(join(d, 'proj'));
  symlinkSync(target, join(d, 'proj', 'innocent.txt'));
  const e2 = engineOf(
    `policies:\n  - name: s\n    rules: [{ action: deny, when: { path_matches: ['**/real-secret'] } }]\n  - name: rest\n    rules: [{ action: allow, when: { default: true } }]\n`,
    { resolveSymlinks: true },
  );
  assert.equal(e2.evaluate(read(join(d, 'proj', 'innocent.txt')), { dryRun: true }).action, 'deny');
  assert.equal(e2.evaluate(read('innocent.txt', { workdir: join(d, 'proj') }), { dryRun: true }).action, 'deny');
});

test('path: a write through a symlinked parent directory lands in its target', () => {
  const d = tempDir();
  mkdirSync(join(d, 'etc-copy'));
  symlinkSync(join(d, 'etc-copy'), join(d, 'link'));
  const r = pathReadings(join(d, 'link', 'new-file'), undefined, HOME, new PathResolver());
  assert.ok(r.candidates.includes(join(d, 'etc-copy', 'new-file')), r.candidates.join(' '));
});

test('path: readings are lexical, resolved and relative, without duplicates', () => {
  const r = pathReadings('a/../b.txt', '/nonexistent-root/w', HOME, null);
  assert.deepEqual(r.candidates, ['/nonexistent-root/w/b.txt', 'b.txt']);
  assert.equal(cleanPath('/a//b/./c/'), '/a/b/c');
});

test('path: deny if any reading matches, allow only if every reading matches', () => {
  const mixed = engineOf(`default_action: ask
policies:
  - name: under-work
    match: { tool: write }
    rules: [{ action: allow, when: { path_matches: ['/work/**'] } }]
`);
  assert.equal(mixed.evaluate(write('/work/x'), { dryRun: true }).action, 'allow');
  assert.equal(mixed.evaluate(write('x', { workdir: '/work' }), { dryRun: true }).action, 'ask');
});

// ------------------------------------------------------------------ input checks

test('input: two different commands under aliases are ambiguous and denied', () => {
  const d = e.evaluate(
    { tool: 'exec', agent: 'a', session: '', params: { command: 'ls', cmd: 'rm -rf /' } },
    { dryRun: true },
  );
  assert.equal(d.action, 'deny');
  assert.match(d.message, /ambiguous tool input/);
});

test('input: params and input disagreeing on the path are ambiguous', () => {
  const d = e.evaluate(
    { tool: 'read', agent: 'a', session: '', params: { file_path: '/tmp/a' }, input: { path: '/etc/shadow' } },
    { dryRun: true },
  );
  assert.equal(d.action, 'deny');
});

test('input: the same value under two aliases is fine', () => {
  assert.equal(
    e.evaluate(
      { tool: 'read', agent: 'a', session: '', params: { file_path: '/tmp/a', path: '/tmp/a' } },
      { dryRun: true },
    ).action,
    'allow',
  );
});

test('input: a non-string command is denied', () => {
  const d = e.evaluate(
    { tool: 'exec', agent: 'a', session: '', params: { command: ['rm', '-rf', '/'] } },
    { dryRun: true },
  );
  assert.equal(d.action, 'deny');
  assert.match(d.message, /not a string/);
});

test('input: the exec command is also read from cmd and input keys', () => {
  const deny = engineOf(
    `policies:\n  - name: p\n    match: { tool: exec }\n    rules: [{ action: deny, when: { command_matches: ['rm -rf /'] } }]\n`,
  );
  assert.equal(
    deny.evaluate({ tool: 'exec', agent: 'a', session: '', params: { cmd: 'rm -rf /' } }, { dryRun: true }).action,
    'deny',
  );
  assert.equal(
    deny.evaluate({ tool: 'exec', agent: 'a', session: '', params: { input: 'rm -rf /' } }, { dryRun: true }).action,
    'deny',
  );
  assert.equal(
    deny.evaluate(
      { tool: 'exec', agent: 'a', session: '', params: {}, input: { command: 'rm -rf /' } },
      { dryRun: true },
    ).action,
    'deny',
  );
});

test('input: a command over 2 MiB (the kernel argument limit) is denied; one of 9000 bytes is read', () => {
  const d = e.evaluate(exec('echo ' + 'a'.repeat(2 * 1024 * 1024)), { dryRun: true });
  assert.equal(d.action, 'deny');
  assert.match(d.message, /command is longer than 2097152 bytes/);
  assert.doesNotMatch(e.evaluate(exec('echo ' + 'a'.repeat(9000)), { dryRun: true }).message, /longer than/);
});

test('input: an URL over 8192 bytes is denied, and so is an oversized agent name', () => {
  assert.equal(e.evaluate(fetchCall('https://x.io/' + 'a'.repeat(9000)), { dryRun: true }).action, 'deny');
  assert.equal(e.evaluate(exec('ls', { agent: 'x'.repeat(9000) }), { dryRun: true }).action, 'deny');
});

test('input: an oversized parameter that a rule reads is denied', () => {
  const p = engineOf(
    `default_action: allow\npolicies:\n  - name: p\n    rules: [{ action: deny, when: { tool_param_matches: { prompt: '*secret*' } } }]\n`,
  );
  const d = p.evaluate(
    { tool: 'mcp', agent: 'a', session: '', params: {}, input: { prompt: 'x'.repeat(9000) } },
    { dryRun: true },
  );
  assert.equal(d.action, 'deny');
  assert.match(d.message, /parameter prompt/);
  assert.equal(
    p.evaluate(
      { tool: 'mcp', agent: 'a', session: '', params: {}, input: { other: 'x'.repeat(9000) } },
      { dryRun: true },
    ).action,
    'allow',
  );
});
