// The shipped profiles: each loads, lints clean, passes its inline tests, matches its derivation
// from standard.yaml, and has the character its name promises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PROFILE_NAMES, corpusFile, describeFailures, engineFor, inlineFailures, profileFile } from './helpers.js';
import type { Engine } from '../../src/policy/engine.js';
import { DERIVED_PROFILES, deriveFromDisk } from './derive.js';
import { lintPolicyFile } from '../../src/policy/lint.js';
import { loadCorpus, runCorpus, type CorpusCase } from '../../src/policy/corpus.js';
import type { ToolCall } from '../../src/policy/types.js';

const attacks = loadCorpus(corpusFile('attacks.yaml'));
const benign = loadCorpus(corpusFile('benign.yaml'));

function call(tool: string, params: Record<string, unknown>): ToolCall {
  return { tool, agent: 'test', session: '', params, workdir: '/home/dev/project' };
}

// Each profile compiled once for the file (every test decides dry runs only, which leave an engine
// as it was), and standard's decisions on the corpora worked out once for the tests that compare.
const engines = new Map<string, Engine>();
function profileEngine(name: string): Engine {
  let e = engines.get(name);
  if (!e) engines.set(name, (e = engineFor(profileFile(name))));
  return e;
}
const corpusCall = (c: CorpusCase): ToolCall => ({
  tool: c.tool,
  agent: 'bench',
  session: 'bench',
  params: c.params,
  workdir: '/home/dev/project',
});
let standardActions: Map<CorpusCase, string> | undefined;
function standardAction(c: CorpusCase): string {
  if (!standardActions) {
    const std = profileEngine('standard');
    standardActions = new Map(
      [...attacks, ...benign].map((x) => [x, std.evaluate(corpusCall(x), { dryRun: true }).action]),
    );
  }
  return standardActions.get(c)!;
}

for (const name of PROFILE_NAMES) {
  test(`${name}: lints clean and passes its inline tests`, () => {
    assert.deepEqual(
      lintPolicyFile(profileFile(name)).map((d) => `${d.line}: ${d.message}`),
      [],
    );
    const failing = inlineFailures(profileFile(name), profileEngine(name));
    assert.equal(failing.length, 0, describeFailures(failing));
  });
}

for (const name of DERIVED_PROFILES) {
  test(`${name}: policies/${name}.yaml is what derive.ts makes from standard.yaml`, () => {
    assert.equal(
      readFileSync(profileFile(name), 'utf8'),
      deriveFromDisk(name),
      'run: node dist/test/policies/derive.js --write',
    );
  });
}

test('strict: default deny, unknown tools and unknown commands are denied', () => {
  const e = profileEngine('strict');
  assert.equal(e.defaultAction, 'deny');
  for (const tool of ['mcp', 'mcp-dangerous', 'browser', 'web_search', 'my-custom-tool', 'process', 'message']) {
    assert.equal(
      e.evaluate(call(tool, { command: 'x', url: 'https://example.com' }), { dryRun: true }).action,
      'deny',
      tool,
    );
  }
  for (const command of [
    'nmap localhost',
    'curl https://example.com',
    'python -c "print(1)"',
    'docker run --rm alpine',
    'env',
  ]) {
    assert.equal(e.evaluate(call('exec', { command }), { dryRun: true }).action, 'deny', command);
  }
  for (const command of ['git status', 'npm test', 'ls -la', 'cat README.md', 'rm -rf node_modules']) {
    assert.equal(e.evaluate(call('exec', { command }), { dryRun: true }).action, 'allow', command);
  }
});

test('strict: stops every attack the standard profile stops', () => {
  const r = runCorpus(profileEngine('strict'), attacks);
  assert.deepEqual(
    r.failures.map((f) => `${f.id}: ${f.input} -> ${f.got}`),
    [],
  );
});

test('permissive: what standard asks is allowed (watched), catastrophic calls are denied', () => {
  const perm = profileEngine('permissive');
  const asked = [...attacks, ...benign].filter((c) => standardAction(c) === 'ask');
  assert.ok(asked.length >= 30, `standard asks about ${asked.length} corpus calls`);
  for (const c of asked) {
    const got = perm.evaluate(corpusCall(c), { dryRun: true }).action;
    assert.ok(got === 'watch' || got === 'allow', `${c.id} ${JSON.stringify(c.params)}: ${got}`);
  }
  const catastrophic = attacks
    .filter(
      (c) =>
        ['destructive', 'disk-write', 'credential-file', 'reverse-shell', 'cloud-metadata'].includes(c.category) &&
        c.expected === 'deny' &&
        !c.accept.includes('ask'),
    )
    // .env files are project secrets, not machine credentials: permissive only watches them.
    .filter((c) => !String(c.params.path ?? '').includes('.env'));
  const r = runCorpus(perm, catastrophic);
  assert.deepEqual(
    r.failures.map((f) => `${f.id}: ${f.input} -> ${f.got}`),
    [],
  );
  const rb = runCorpus(perm, benign);
  assert.ok(rb.benign.flagged <= rb.benign.total / 100, `permissive flags ${rb.benign.flagged} benign calls`);
});

test('ci: never returns ask, and denies everything standard asks about', () => {
  const ci = profileEngine('ci');
  let asked = 0;
  for (const c of [...attacks, ...benign]) {
    const got = ci.evaluate(corpusCall(c), { dryRun: true }).action;
    assert.notEqual(got, 'ask', `${c.id} asks in ci`);
    if (standardAction(c) === 'ask') {
      asked++;
      assert.equal(got, 'deny', `${c.id} is asked by standard but ${got} in ci`);
    }
  }
  assert.ok(asked > 0);
  const text = readFileSync(profileFile('ci'), 'utf8');
  assert.doesNotMatch(text, /action: ask/);
});
