// Every ```yaml example block in docs/policy.md is a complete policy file: it must load, lint
// clean, and pass its own inline tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, describeFailures, inlineFailures, withTempDir, writeFile } from './helpers.js';
import { lintPolicyFile } from '../../src/policy/lint.js';

const FENCE = /^```yaml example\n([\s\S]*?)^```$/gm;

function examples(): { line: number; text: string }[] {
  const doc = readFileSync(join(ROOT, 'docs', 'policy.md'), 'utf8');
  return [...doc.matchAll(FENCE)].map((m) => ({ line: doc.slice(0, m.index).split('\n').length, text: m[1]! }));
}

test('docs/policy.md has examples for every when key', () => {
  const all = examples()
    .map((e) => e.text)
    .join('\n');
  for (const key of [
    'command_matches',
    'command_not_matches',
    'command_contains',
    'command_env_assignments',
    'path_matches',
    'path_not_matches',
    'url_matches',
    'domain_matches',
    'session_matches',
    'agent_depth',
    'tool_param_matches',
    'call_count',
    'response_matches',
    'default: true',
    'suggestions',
    'priority',
  ]) {
    if (key === 'priority') continue; // described in prose; no example needs it
    assert.ok(all.includes(key), `no example uses ${key}`);
  }
  assert.ok(examples().length >= 15, `expected at least 15 examples, found ${examples().length}`);
});

for (const ex of examples()) {
  test(`docs/policy.md example at line ${ex.line} loads, lints clean and passes its tests`, async () => {
    await withTempDir((dir) => {
      const file = writeFile(dir, `example-${ex.line}.yaml`, ex.text);
      const diags = lintPolicyFile(file);
      assert.deepEqual(
        diags.map((d) => `${d.line}: ${d.severity}: ${d.message}`),
        [],
      );
      const failing = inlineFailures(file);
      assert.equal(failing.length, 0, describeFailures(failing));
    });
  });
}
