// Invariance: an attack from the shipped corpus spelled another way a shell reads the same
// (quoting, escapes, variable indirection, brace expansion, ${IFS}, base64 into sh, eval,
// bash -c, a 30-line script around it, launchers, full paths) is stopped at least as firmly as
// the original under policies/standard.yaml; a benign call behind a harmless wrapper stays
// unflagged. A seeded sample runs here; `svc bench --variants` runs every variant.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { loadEngine } from '../../src/policy/engine.js';
import { CORPUS_HOME, loadCorpus, toolCall, type CorpusCase } from '../../src/policy/corpus.js';
import { commandOf, corpusVariants, rank, variantsOf, seeded } from '../../src/policy/variants.js';
import type { FinalAction } from '../../src/policy/types.js';

const engine = loadEngine(join(PACKAGE_ROOT, 'policies', 'standard.yaml'), {
  home: CORPUS_HOME,
  resolveSymlinks: false,
});
const corpus = (f: string) => loadCorpus(join(PACKAGE_ROOT, 'test', 'corpus', f));
const decide = (c: CorpusCase, command: string): FinalAction => {
  const d = engine.evaluate({ ...toolCall(c), params: { ...c.params, command } }, { dryRun: true }).action;
  return d === 'webhook' ? 'ask' : d;
};
const SEED = 13;

test('the generator is deterministic for a seed and covers every kind', () => {
  const a = variantsOf('x', 'rm -rf /', seeded(1)).map((v) => v.command);
  const b = variantsOf('x', 'rm -rf /', seeded(1)).map((v) => v.command);
  assert.deepEqual(a, b);
  const kinds = new Set(variantsOf('x', 'rm -rf /', seeded(1)).map((v) => v.kind));
  for (const k of [
    'bash -c',
    'eval',
    'base64 into sh',
    'buried in a script',
    'single quotes',
    'backslash',
    'full path',
    'variable indirection',
    'sudo wrapper',
    'env wrapper',
    'timeout wrapper',
    'brace expansion',
    '${IFS}',
  ]) {
    assert.ok(kinds.has(k), k);
  }
});

test('attack variants are decided at least as strictly as the original (seeded sample)', () => {
  const sample = corpusVariants(corpus('attacks.yaml'), SEED, 300);
  assert.equal(sample.length, 300);
  const weaker: string[] = [];
  const original = new Map<string, FinalAction>();
  for (const { source, variant } of sample) {
    let o = original.get(source.id);
    if (o === undefined) original.set(source.id, (o = decide(source, commandOf(source)!)));
    const got = decide(source, variant.command);
    if (rank(got) < rank(o))
      weaker.push(`${source.id} [${variant.kind}] ${o} -> ${got}: ${variant.command.slice(0, 120)}`);
  }
  assert.deepEqual(weaker, []);
});

test('benign calls behind harmless wrappers stay unflagged (seeded sample)', () => {
  const sample = corpusVariants(corpus('benign.yaml'), SEED, 150, true);
  const flagged: string[] = [];
  for (const { source, variant } of sample) {
    if (rank(decide(source, commandOf(source)!)) > 0) continue;
    const got = decide(source, variant.command);
    if (rank(got) > 0) flagged.push(`${source.id} [${variant.kind}] -> ${got}: ${variant.command.slice(0, 120)}`);
  }
  assert.deepEqual(flagged, []);
});
