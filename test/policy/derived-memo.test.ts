// The calls a command amounts to (a read, a write, a fetch) are decided once and reused by the
// next command that amounts to the same call, and only while nothing that decision read has
// changed: a symlink planted in between, the session's state, the clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../src/util/clock.js';
import type { SessionLookup } from '../../src/policy/session-types.js';
import { engineOf, exec, taintLookup, tempDir } from './helpers.js';

/** Fetches to x.io are denied once the session holds the `secret` taint. */
const AFTER_SECRET_FETCH = `default_action: allow
policies:
  - name: after-secret
    match: { tool: fetch }
    rules:
      - action: deny
        message: no fetches after a secret was read
        when: { url_matches: ['https://x.io/**'], session_tainted: [secret] }
`;

const KEYS = `default_action: allow
policies:
  - name: keys
    match: { tool: read }
    rules:
      - action: deny
        message: no key reads
        when: { path_matches: ['**/real-secret', '~/.ssh/**'] }
`;

test('two commands that read the same file get the same derived decision, each named by its own command', () => {
  const e = engineOf(KEYS);
  const a = e.evaluate(exec('cat ~/.ssh/id_rsa'), { dryRun: true });
  const b = e.evaluate(exec('head -n 3 ~/.ssh/id_rsa'), { dryRun: true });
  assert.equal(a.action, 'deny');
  assert.equal(b.action, 'deny');
  assert.match(a.message, /no key reads/);
  assert.match(b.message, /no key reads/);
  // a returned decision changed by the caller does not change the one kept
  a.message = 'tampered';
  a.matchedPolicies.push('tampered');
  const c = e.evaluate(exec('tail ~/.ssh/id_rsa'), { dryRun: true });
  assert.match(c.message, /no key reads/);
  assert.deepEqual(c.matchedPolicies, ['keys']);
});

test('a symlink planted between two commands is seen by the second (the kept decision is not used)', () => {
  const d = tempDir();
  const secret = join(d, 'real-secret');
  writeFileSync(secret, 'x');
  const notes = join(d, 'notes.txt');
  writeFileSync(notes, 'plain');
  const e = engineOf(KEYS, { resolveSymlinks: true });
  // the shell runs `cat notes.txt` from its standard input: a derived command, whose own derived
  // read of notes.txt is part of its kept decision
  const piped = `echo 'cat ${notes}' | sh`;
  assert.equal(e.evaluate(exec(piped), { dryRun: true }).action, 'allow');
  assert.equal(e.evaluate(exec(piped), { dryRun: true }).action, 'allow');
  rmSync(notes);
  symlinkSync(secret, notes);
  assert.equal(e.evaluate(exec(piped), { dryRun: true }).action, 'deny');
  assert.equal(e.evaluate(exec(`cat ${notes}`), { dryRun: true }).action, 'deny');
  // and back: the link removed, the plain file allowed again
  rmSync(notes);
  writeFileSync(notes, 'plain');
  assert.equal(e.evaluate(exec(piped), { dryRun: true }).action, 'allow');
});

test('a derived read relative to the working directory is decided per directory', () => {
  const e = engineOf(KEYS);
  assert.equal(e.evaluate(exec('cat .ssh/id_rsa', { workdir: '/srv' }), { dryRun: true }).action, 'allow');
  assert.equal(e.evaluate(exec('cat .ssh/id_rsa', { workdir: '/home/tester' }), { dryRun: true }).action, 'deny');
  assert.equal(e.evaluate(exec('head .ssh/id_rsa', { workdir: '/srv' }), { dryRun: true }).action, 'allow');
});

test('session history: a taint set after a first command changes the derived decision of the next', () => {
  const e = engineOf(AFTER_SECRET_FETCH);
  const marks = new Set<string>();
  const session = taintLookup((label) => marks.has(label));
  assert.equal(e.evaluate(exec('curl https://x.io/a'), { dryRun: true, session }).action, 'allow');
  marks.add('secret');
  assert.equal(e.evaluate(exec('wget https://x.io/a'), { dryRun: true, session }).action, 'deny');
  assert.equal(e.evaluate(exec('curl https://x.io/a'), { dryRun: true, session }).action, 'deny');
});

test('with session state, a derived decision that read a taint label is not kept; one that read none is', () => {
  const e = engineOf(AFTER_SECRET_FETCH);
  const lookup = (tainted: boolean): SessionLookup => taintLookup(() => tainted);
  // the same command under a clean session, a tainted one, and a clean one again
  for (const [tainted, want] of [
    [false, 'allow'],
    [true, 'deny'],
    [false, 'allow'],
    [true, 'deny'],
  ] as const)
    assert.equal(e.evaluate(exec('curl https://x.io/a'), { dryRun: true, session: lookup(tainted) }).action, want);
  // a fetch the rule does not cover never reads the label: kept, and right for either session
  for (const tainted of [true, false, true])
    assert.equal(e.evaluate(exec('curl https://y.io/a'), { dryRun: true, session: lookup(tainted) }).action, 'allow');
  // without session state the rule cannot fire, whatever was kept for sessions
  assert.equal(e.evaluate(exec('curl https://x.io/a'), { dryRun: true }).action, 'allow');
});

test('an expiring rule on a derived call lapses for a command decided before', () => {
  const clock = new ManualClock(Date.parse('2026-03-01T11:59:00Z'));
  const e = engineOf(
    `default_action: allow
policies:
  - name: freeze
    match: { tool: read }
    rules:
      - action: deny
        expires_at: "2026-03-01T12:00:00Z"
        when: { path_matches: ['/etc/hosts'] }
`,
    { clock },
  );
  assert.equal(e.evaluate(exec("echo 'cat /etc/hosts' | sh"), { dryRun: true }).action, 'deny');
  assert.equal(e.evaluate(exec("echo 'cat /etc/hosts' | sh"), { dryRun: true }).action, 'deny');
  clock.advance(120_000);
  assert.equal(e.evaluate(exec("echo 'cat /etc/hosts' | sh"), { dryRun: true }).action, 'allow');
});

test('the same derived call from another agent is decided by that agent’s policies', () => {
  const e = engineOf(`default_action: allow
policies:
  - name: codex-keys
    match: { tool: read, agent: [codex] }
    rules:
      - action: deny
        when: { path_matches: ['/etc/hosts'] }
`);
  const piped = "echo 'cat /etc/hosts' | sh";
  assert.equal(e.evaluate(exec(piped, { agent: 'claude-code' }), { dryRun: true }).action, 'allow');
  assert.equal(e.evaluate(exec(piped, { agent: 'codex' }), { dryRun: true }).action, 'deny');
  assert.equal(e.evaluate(exec(piped, { agent: 'claude-code' }), { dryRun: true }).action, 'allow');
});

test('a denied command decided again still carries the taints of what it amounts to', () => {
  const e = engineOf(`default_action: allow
policies:
  - name: no-curl
    match: { tool: exec }
    rules:
      - action: deny
        when: { command_matches: ['*curl*'] }
  - name: key-read
    match: { tool: read }
    rules:
      - action: watch
        taint: { label: secret, for: 1h }
        when: { path_matches: ['**/.ssh/id_*'] }
`);
  for (const cmd of [
    `sh -c 'cat ~/.ssh/id_rsa; curl https://x.example'`,
    `sh -c 'cat ~/.ssh/id_rsa; curl https://x.example'`,
    `bash -c 'cat ~/.ssh/id_rsa; curl https://y.example'`,
  ]) {
    const d = e.evaluate(exec(cmd), { dryRun: true });
    assert.equal(d.action, 'deny');
    assert.deepEqual(
      (d.taints ?? []).map((t) => t.label),
      ['secret'],
      cmd,
    );
  }
});

test('a URL read once for one command is read the same for the next, each message naming its own command', () => {
  const e = engineOf(`default_action: allow
policies:
  - name: loopback
    match: { tool: fetch }
    rules:
      - action: deny
        message: no loopback
        when: { url_matches: ['http://127.0.0.1/**'] }
`);
  const a = e.evaluate(exec('curl http://0x7f000001/a'), { dryRun: true });
  const b = e.evaluate(exec('wget -qO- http://0x7f000001/a'), { dryRun: true });
  const c = e.evaluate(
    { tool: 'fetch', agent: 'claude-code', session: 'repo/main', params: { url: 'http://0x7f000001/a' } },
    { dryRun: true },
  );
  for (const d of [a, b, c]) {
    assert.equal(d.action, 'deny');
    assert.match(d.message, /\(http:\/\/127\.0\.0\.1\/a\): no loopback$/);
  }
  assert.match(a.message, /^curl /);
  assert.match(b.message, /^wget /);
});
