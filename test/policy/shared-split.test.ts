// One split per command line, shared by every reader (src/policy/shell-parse.ts): the policy
// readings, the effects walker and the whole-line readings get the same segments. No reader may
// change them: with the segments frozen, every command of the shipped corpora and of an even sample of the blind ones is read
// and decided exactly as with private copies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { parse } from 'yaml';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { CORPUS_HOME, loadCorpus } from '../../src/policy/corpus.js';
import { freezeSplitsForTests, splitSegments } from '../../src/policy/shell-parse.js';
import { analyzeCommand } from '../../src/policy/shell.js';
import { deriveFromCommand } from '../../src/policy/effects/derive.js';

function corpusCommands(dir: string): string[] {
  const out: string[] = [];
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.yaml'))
    .sort())
    for (const c of loadCorpus(join(dir, f))) {
      const cmd = c.params['command'];
      if (typeof cmd === 'string') out.push(cmd);
    }
  return out;
}
/** The blind dev halves grow every session (16,000 commands by the fifteenth). Parsing and reading
 * them all took most of this file's time, so an even spread of about this many case lines is read
 * (each case is one line of those files), covering every set and family; the shipped corpora are
 * read whole. */
const BLIND_SAMPLE = 2000;
const blindDir = join(PACKAGE_ROOT, 'test', 'corpus', 'blind');
const caseLines = readdirSync(blindDir)
  .filter((n) => n.endsWith('.yaml'))
  .sort()
  .flatMap((f) =>
    readFileSync(join(blindDir, f), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('  - {')),
  );
const stride = Math.max(1, Math.ceil(caseLines.length / BLIND_SAMPLE));
const commands = corpusCommands(join(PACKAGE_ROOT, 'test', 'corpus'));
for (let i = 0; i < caseLines.length; i += stride) {
  const cmd = (parse(caseLines[i]!.slice(4)) as { params?: { command?: unknown } }).params?.command;
  if (typeof cmd === 'string') commands.push(cmd);
}

/** Everything the readers of a line make of it: the policy readings and the effects. */
const read = (cmd: string) => JSON.stringify([analyzeCommand(cmd, { home: CORPUS_HOME }), deriveFromCommand(cmd)]);

test('a line split twice gives the same segments, and a changed line its own', () => {
  const a = splitSegments('git status && rm -rf build');
  assert.equal(splitSegments('git status && rm -rf build'), a);
  assert.deepEqual(
    a.map((s) => s.tokens.map((t) => t.text)),
    [
      ['git', 'status'],
      ['rm', '-rf', 'build'],
    ],
  );
  assert.deepEqual(
    splitSegments('git status && rm -rf build2').map((s) => s.tokens.map((t) => t.text)),
    [
      ['git', 'status'],
      ['rm', '-rf', 'build2'],
    ],
  );
});

test('no reader changes the shared segments: frozen, every corpus command reads as before', () => {
  assert.ok(commands.length > 500, `corpus commands found: ${commands.length}`);
  const expected = commands.map(read);
  freezeSplitsForTests(true);
  try {
    // Every line split anew (the kept splits were dropped), frozen, and read by every reader.
    commands.forEach((cmd, i) => assert.equal(read(cmd), expected[i], cmd));
  } finally {
    freezeSplitsForTests(false);
  }
});
