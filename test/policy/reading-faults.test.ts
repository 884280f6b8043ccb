// A reading that throws (a bug, or input nobody foresaw) fails closed and visibly: the call is
// denied with the fault in its message, and explain shows the refusal instead of a stack.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadEngine } from '../../src/policy/engine.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { call } from './effects-helpers.js';

function faulty() {
  const engine = loadEngine(join(PACKAGE_ROOT, 'policies', 'standard.yaml'), {
    home: '/home/dev',
    resolveSymlinks: false,
  });
  // The command readings are the first step of every exec decision.
  (engine as unknown as { readings: () => never }).readings = () => {
    throw new Error('reading broke');
  };
  return engine;
}

test('a command reading that throws denies the call, naming the fault', () => {
  const d = faulty().evaluate(call('exec', { command: 'ls' }));
  assert.equal(d.action, 'deny');
  assert.match(d.message ?? '', /could not be read \(reading broke\); refusing/);
});

test('explain shows the refusal and the deny', () => {
  const x = faulty().explain(call('exec', { command: 'ls' }));
  assert.equal(x.decision.action, 'deny');
  assert.match(x.refusal ?? '', /reading broke/);
});

test('calls that need no command reading are decided as usual', () => {
  assert.equal(faulty().evaluate(call('read', { path: '/home/dev/project/README.md' })).action, 'allow');
});
