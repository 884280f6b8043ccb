// The policy example in README.md loads and decides as the README says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEngine } from '../../src/policy/engine.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

test('README first-policy example', () => {
  const readme = readFileSync(join(PACKAGE_ROOT, 'README.md'), 'utf8');
  const m = /```yaml\n(version: "1"[\s\S]*?)```/.exec(readme);
  assert.ok(m, 'README has the example');
  const file = join(mkdtempSync(join(tmpdir(), 'svc-readme-')), 'team.yaml');
  writeFileSync(file, m[1]!);
  const e = loadEngine(file, { home: '/home/dev' });
  const d = (tool: string, params: Record<string, unknown>) => e.evaluate({ tool, agent: 'a', session: 's', params, workdir: '/home/dev/p' }, { dryRun: true }).action;
  assert.equal(d('exec', { command: 'make deploy-prod' }), 'ask');
  assert.equal(d('exec', { command: 'kubectl apply -f x.yaml --context prod-eu' }), 'ask');
  assert.equal(d('exec', { command: 'cat ~/.ssh/id_rsa' }), 'deny');
  assert.equal(d('read', { path: '/home/dev/.ssh/id_ed25519' }), 'deny');
  assert.equal(d('read', { path: '.env' }), 'deny');
  assert.equal(d('read', { path: '.env.example' }), 'allow');
  assert.equal(d('exec', { command: 'make test' }), 'allow');
});
