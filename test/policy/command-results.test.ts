// A command's per-rule results are kept with the command (match.ts commandSide: bit sets of
// known and passing rules, 30 rules a word), so a second call with the same command in another
// scope (another agent: the decision memo does not apply) reads them instead of matching again.
// Every rule must read back its own result, in every word of the sets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf, exec } from './helpers.js';

const COUNT = 75;

const policies = Array.from(
  { length: COUNT },
  (_, i) => `  - name: p${i}
    match: { tool: [exec] }
    rules:
      - action: ${i % 2 ? 'ask' : 'deny'}
        when: { command_matches: ["tool${i} *"] }
`,
).join('');

// Only agent b has this policy in scope, so its calls are decided in a scope of their own.
const YAML = `default_action: allow
policies:
${policies}  - name: b-watched
    match: { tool: [exec], agent: [b] }
    rules:
      - action: watch
        when: { command_matches: ["never-run-this *"] }
`;

test('rule results kept with a command read back per rule, in a second scope, for rules past the first words', () => {
  const e = engineOf(YAML);
  for (let i = 0; i < COUNT; i++) {
    const command = `tool${i} --x`;
    for (const agent of ['a', 'b', 'a']) {
      const d = e.evaluate(exec(command, { agent }), { dryRun: true });
      assert.equal(d.action, i % 2 ? 'ask' : 'deny', `${command} as ${agent}`);
      assert.equal(d.policy, `p${i}`, `${command} as ${agent}`);
    }
  }
  // A command no rule matches stays allowed in both scopes (no result read as passing).
  for (const agent of ['a', 'b', 'a'])
    assert.equal(e.evaluate(exec('tool --x', { agent }), { dryRun: true }).action, 'allow');
});
