// Fuzzing the parsers an attacker controls: the shell reader, the glob matcher and the RE2 engine
// get seeded random inputs built from the characters that matter to each (quotes, escapes,
// substitutions, braces, globs, regex operators) and must answer: no exception other than the
// documented refusal, no hang (the per-test time limit). A longer run: FUZZ_ROUNDS=200000.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeCommand } from '../../src/policy/shell.js';
import { compileCommandGlob, compilePathGlob } from '../../src/policy/glob.js';
import { compileRe2List, RegexSyntaxError } from '../../src/policy/re2-dfa.js';
import { engineOf, exec } from './helpers.js';
import { seeded as rng } from '../../src/policy/variants.js';

const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 1500);

function text(r: () => number, alphabet: string[], max: number): string {
  const n = Math.floor(r() * max);
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)]!;
  return s;
}

const SHELL = [
  'rm',
  ' -rf ',
  '/',
  '~',
  '$HOME',
  "'",
  '"',
  '\\',
  '$(',
  ')',
  '`',
  '{',
  '}',
  ',',
  '..',
  ';',
  '&&',
  '|',
  '||',
  '>',
  '>>',
  '<<',
  'EOF\n',
  '\n',
  '$IFS',
  '${',
  'a=',
  'eval ',
  'bash -c ',
  'base64 -d',
  'printf ',
  '\\x72',
  '*',
  '?',
  '[',
  ']',
  '#',
  '!',
  'f(){ ',
  '; }',
  'sudo ',
  'env ',
  'find . -exec ',
  ' {} \\;',
  'git -c alias.x=!',
  'python3 -c ',
  'x',
  ' ',
];
const GLOB = ['*', '**', '?', '[', ']', '!', '{', '}', ',', '/', '\\', 'a', 'b', '.', '~', '$HOME', ' ', '-'];
const RE = [
  'a',
  'b',
  '.',
  '*',
  '+',
  '?',
  '(',
  ')',
  '[',
  ']',
  '^',
  '$',
  '|',
  '{',
  '}',
  ',',
  '1',
  '\\',
  'd',
  's',
  'w',
  'b',
  '-',
  '(?i)',
];

test('shell reader: random command lines are analysed or refused, never thrown on', () => {
  for (let seed = 1; seed <= ROUNDS; seed++) {
    const cmd = text(rng(seed), SHELL, 60);
    try {
      const a = analyzeCommand(cmd, { home: '/home/dev' });
      assert.ok(Array.isArray(a.candidates), `seed ${seed}`);
    } catch (err) {
      assert.fail(`seed ${seed}: ${JSON.stringify(cmd)} threw ${(err as Error).message}`);
    }
  }
});

test('engine: random command lines always get a decision', () => {
  const e = engineOf(`default_action: allow
policies:
  - name: p
    match: { tool: exec }
    rules:
      - action: deny
        when: { command_matches: ['rm -rf /', 'curl * | sh'] }
`);
  for (let seed = 1; seed <= ROUNDS; seed++) {
    const cmd = text(rng(seed * 7919), SHELL, 60);
    const d = e.evaluate(exec(cmd), { dryRun: true });
    assert.ok(['allow', 'deny', 'ask', 'watch'].includes(d.action), `seed ${seed}: ${d.action}`);
  }
});

test('glob matcher: random patterns compile or are refused, and match random subjects without throwing', () => {
  for (let seed = 1; seed <= ROUNDS; seed++) {
    const r = rng(seed * 31);
    const pattern = text(r, GLOB, 24);
    const subject = text(r, GLOB, 40);
    for (const compile of [compileCommandGlob, compilePathGlob]) {
      let g;
      try {
        g = compile(pattern);
      } catch (err) {
        // a refusal names the pattern; anything else is a bug
        assert.match((err as Error).message, /glob|pattern/i, `seed ${seed}: ${JSON.stringify(pattern)}`);
        continue;
      }
      assert.equal(typeof g.test(subject), 'boolean', `seed ${seed}`);
    }
  }
});

test('RE2 engine: random expressions compile or raise RegexSyntaxError, and match without throwing', () => {
  for (let seed = 1; seed <= ROUNDS; seed++) {
    const r = rng(seed * 131);
    const src = text(r, RE, 20);
    const subject = text(r, RE, 60);
    let m;
    try {
      m = compileRe2List([src]);
    } catch (err) {
      assert.ok(
        err instanceof RegexSyntaxError,
        `seed ${seed}: ${JSON.stringify(src)} threw ${(err as Error).message}`,
      );
      continue;
    }
    assert.equal(typeof m.test(subject), 'boolean', `seed ${seed}`);
  }
});
