// Hot reload: edits swap the engine, a broken edit keeps the last good one and reports why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { PolicyWatcher } from '../../src/policy/watcher.js';
import { PolicyLoadError } from '../../src/policy/engine.js';
import type { Engine } from '../../src/policy/engine.js';
import { exec, fetchCall, policyDir } from './helpers.js';

const GOOD = (cmd: string) =>
  `default_action: allow\npolicies:\n  - name: p\n    match: { tool: exec }\n    rules: [{ action: deny, when: { command_matches: ['${cmd}'] } }]\n`;

/** Resolves when fn() is true, polling; fails after a few seconds. */
async function until(fn: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5000;
  while (Date.now() < end) {
    if (fn()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('watcher: a first load that fails throws, naming file and line', () => {
  const d = policyDir({
    'p.yaml': 'policies:\n  - name: p\n    rules:\n      - action: deny\n        when: { command_match: [x] }\n',
  });
  assert.throws(
    () => new PolicyWatcher(join(d, 'p.yaml')),
    (e: unknown) => e instanceof PolicyLoadError && /p\.yaml:5: unknown key "command_match"/.test(e.message),
  );
});

test('watcher: reload() swaps in the new set; a broken set throws and keeps the old one', () => {
  const d = policyDir({ 'p.yaml': GOOD('aaa') });
  const reloaded: Engine[] = [];
  const w = new PolicyWatcher(join(d, 'p.yaml'), { onReload: (e) => reloaded.push(e) });
  assert.equal(w.current.evaluate(exec('aaa'), { dryRun: true }).action, 'deny');
  writeFileSync(join(d, 'p.yaml'), GOOD('bbb'));
  w.reload();
  assert.equal(reloaded.length, 1);
  assert.equal(w.current.evaluate(exec('bbb'), { dryRun: true }).action, 'deny');
  writeFileSync(join(d, 'p.yaml'), GOOD('ccc').replace('rules:', 'rulez:'));
  assert.throws(() => w.reload(), /unknown key "rulez"/);
  assert.match(w.lastError!, /p\.yaml:5: unknown key "rulez" in policy/);
  assert.equal(w.current.evaluate(exec('bbb'), { dryRun: true }).action, 'deny', 'the last good set is still in force');
  writeFileSync(join(d, 'p.yaml'), GOOD('ddd'));
  w.reload();
  assert.equal(w.lastError, null);
});

test('watcher: a file edit is picked up after the debounce; a broken edit is reported', async () => {
  const d = policyDir({ 'p.yaml': GOOD('aaa') });
  const errors: Error[] = [];
  let reloads = 0;
  const w = new PolicyWatcher(join(d, 'p.yaml'), {
    debounceMs: 50,
    onReload: () => reloads++,
    onError: (e) => errors.push(e),
  });
  w.start();
  try {
    await w.ready; // edits before the watcher's first look are not seen
    writeFileSync(join(d, 'p.yaml'), GOOD('bbb'));
    await until(() => w.current.evaluate(exec('bbb'), { dryRun: true }).action === 'deny', 'the edit');
    writeFileSync(join(d, 'p.yaml'), 'policies: [');
    await until(() => errors.length > 0, 'the error report');
    assert.match(w.lastError!, /YAML syntax error/);
    assert.equal(w.current.evaluate(exec('bbb'), { dryRun: true }).action, 'deny');
    // An editor's atomic save: write elsewhere, rename over the file.
    writeFileSync(join(d, '.p.yaml.tmp'), GOOD('ccc'));
    renameSync(join(d, '.p.yaml.tmp'), join(d, 'p.yaml'));
    await until(() => w.current.evaluate(exec('ccc'), { dryRun: true }).action === 'deny', 'the renamed file');
    assert.equal(w.lastError, null);
    assert.ok(reloads >= 2);
  } finally {
    await w.close();
  }
});

test('watcher: a new file in a policy directory joins the set', async () => {
  const d = policyDir({ 'a.yaml': GOOD('aaa') });
  const w = new PolicyWatcher(d, { debounceMs: 50 });
  w.start();
  try {
    await w.ready;
    writeFileSync(
      join(d, 'b.yaml'),
      `policies:\n  - name: q\n    match: { tool: exec }\n    rules: [{ action: ask, when: { command_matches: ['zzz'] } }]\n`,
    );
    await until(() => w.current.policyCount === 2, 'the new file');
    assert.equal(w.current.evaluate(exec('zzz'), { dryRun: true }).action, 'ask');
  } finally {
    await w.close();
  }
});

test('watcher: call counts survive a reload', () => {
  const d = policyDir({
    'p.yaml': `default_action: allow\npolicies:\n  - name: rate\n    match: { tool: fetch }\n    rules: [{ action: deny, when: { call_count: { gte: 2, window: 1h } } }]\n`,
  });
  const w = new PolicyWatcher(join(d, 'p.yaml'));
  assert.equal(w.current.evaluate(fetchCall('https://x.io'), { dryRun: false }).action, 'allow');
  w.reload();
  assert.equal(w.current.evaluate(fetchCall('https://x.io'), { dryRun: false }).action, 'deny');
});

test('watcher: consuming a once-rule reloads the set', async () => {
  const d = policyDir({
    'p.yaml': `default_action: deny\npolicies:\n  - name: o\n    match: { tool: exec }\n    rules:\n      - action: allow\n        once: true\n        when: { command_matches: ['go'] }\n      - action: allow\n        when: { command_matches: ['stay'] }\n`,
  });
  let reloads = 0;
  const w = new PolicyWatcher(join(d, 'p.yaml'), { onReload: () => reloads++ });
  const before = w.current;
  assert.equal(w.current.evaluate(exec('go'), { dryRun: false }).action, 'allow');
  await until(() => reloads === 1, 'the reload after consumption');
  assert.notEqual(w.current, before);
  assert.equal(w.current.ruleCount, 1);
  assert.equal(w.current.evaluate(exec('go'), { dryRun: false }).action, 'deny');
  await w.close();
});

test('watcher: a set that suddenly has nothing in it is treated as a half-written file', () => {
  const d = policyDir({ 'p.yaml': GOOD('aaa') });
  const w = new PolicyWatcher(join(d, 'p.yaml'));
  writeFileSync(join(d, 'p.yaml'), '');
  assert.throws(() => w.reload(), /empty/);
  assert.equal(w.current.policyCount, 1);
});
