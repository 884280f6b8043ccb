// explain() and summary(): what tooling shows a user about a decision and a policy set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf, exec, read } from './helpers.js';

const e = engineOf(`
default_action: allow
policies:
  - name: deletes
    description: Recursive deletes outside tmp.
    match: { tool: exec }
    rules:
      - action: deny
        message: "No recursive deletes."
        when:
          command_matches: ['rm -rf *']
          command_not_matches: ['rm -rf /tmp/**']
  - name: curl-in-prod
    match: { tool: exec }
    rules:
      - action: ask
        when:
          command_matches: ['curl *']
          session_matches: ['prod/*']
  - name: ssh-keys
    match: { tool: read }
    rules:
      - action: deny
        when: { path_matches: ['**/.ssh/**'] }
`);

test('explain: shows the readings of the command and the final decision', () => {
  const x = e.explain(exec("sudo 'rm' -rf /srv"));
  assert.equal(x.command!.raw, "sudo 'rm' -rf /srv");
  assert.equal(x.command!.normalized, 'sudo rm -rf /srv');
  assert.ok(x.command!.candidates.includes('rm -rf /srv'));
  assert.equal(x.decision.action, 'deny');
  const r = x.rules.find((r) => r.policy === 'deletes')!;
  assert.equal(r.status, 'matched');
  assert.equal(r.decided, true);
  assert.match(r.reason, /command_matches "rm -rf \*" matched "rm -rf \/srv"/);
});

test('explain: an exclusion that cancels a positive match is a near miss', () => {
  const x = e.explain(exec('rm -rf /tmp/cache'));
  const r = x.rules.find((r) => r.policy === 'deletes')!;
  assert.equal(r.status, 'near');
  assert.match(r.reason, /command_not_matches "rm -rf \/tmp\/\*\*" excluded/);
  assert.equal(x.decision.action, 'allow');
});

test('explain: a matching command with another group failing is a near miss', () => {
  const x = e.explain(exec('curl https://x.io', { session: 'dev/main' }));
  const r = x.rules.find((r) => r.policy === 'curl-in-prod')!;
  assert.equal(r.status, 'near');
  assert.match(r.reason, /session_matches: session "dev\/main" is not listed/);
});

test('explain: a rule that has nothing to do with the call is "no"', () => {
  const x = e.explain(exec('ls'));
  assert.deepEqual(
    x.rules.map((r) => r.status),
    ['no', 'no'],
  );
  assert.equal(x.rules.length, 2, 'only rules in scope (exec) are listed');
});

test('explain: path readings and line numbers', () => {
  const x = e.explain(read('~/.ssh/id_rsa'));
  assert.deepEqual(x.paths, ['/home/tester/.ssh/id_rsa']);
  assert.equal(x.rules[0]!.line, 23);
  assert.equal(x.rules[0]!.status, 'matched');
});

test('explain: an ambiguous call shows the refusal', () => {
  const x = e.explain({ tool: 'exec', agent: 'a', session: '', params: { command: 'a', cmd: 'b' } });
  assert.match(x.refusal!, /ambiguous/);
  assert.equal(x.decision.action, 'deny');
});

test('summary: default action, one entry per rule with a short sentence, and an overall line', () => {
  const s = e.summary();
  assert.equal(s.default_action, 'allow');
  assert.deepEqual(
    s.rules.map((r) => [r.name, r.action]),
    [
      ['deletes', 'deny'],
      ['curl-in-prod', 'ask'],
      ['ssh-keys', 'deny'],
    ],
  );
  assert.equal(s.rules[0]!.summary, 'No recursive deletes.');
  assert.match(
    s.rules[1]!.summary,
    /^Asks for approval of exec calls when the command matches "curl \*" and the session matches "prod\/\*"\.$/,
  );
  assert.match(s.summary, /^3 policies with 3 rules \(2 deny, 1 ask\); calls no rule matches get allow\.$/);
});

test('evalDurationUs is measured', () => {
  const d = e.evaluate(exec('ls'), { dryRun: true });
  assert.ok(Number.isInteger(d.evalDurationUs) && d.evalDurationUs >= 0);
});
