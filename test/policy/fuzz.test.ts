// Fuzzing the parsers an attacker controls: the shell reader, the glob matcher and the RE2 engine
// get seeded random inputs built from the characters that matter to each (quotes, escapes,
// substitutions, braces, globs, regex operators) and must answer: no exception other than the
// documented refusal, no hang (the per-test time limit), one pass over long adversarial subjects
// (a backtracking matcher would not finish them within that limit), the RE2 engine agreeing with
// JavaScript's RegExp wherever both read an expression the same way, and spellings a shell runs
// the same way decided at least as strictly as the plain command. A longer run: `npm run fuzz`
// (FUZZ_ROUNDS=200000).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { analyzeCommand } from '../../src/policy/shell.js';
import { compileCommandGlob, compilePathGlob } from '../../src/policy/glob.js';
import { compileRe2List, RegexSyntaxError } from '../../src/policy/re2-dfa.js';
import { engineOf, exec } from './helpers.js';
import { rank, seeded as rng, variantsOf } from '../../src/policy/variants.js';
import { loadEngine } from '../../src/policy/engine.js';
import { CORPUS_HOME } from '../../src/policy/corpus.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import type { Action } from '../../src/policy/types.js';

const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 1500);

function text(r: () => number, alphabet: string[], max: number): string {
  const n = Math.floor(r() * max);
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(r() * alphabet.length)] ?? '';
  return s;
}

function pick<T>(r: () => number, items: readonly T[]): T {
  const v = items[Math.floor(r() * items.length)];
  if (v === undefined) throw new Error('pick from an empty list');
  return v;
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

test('RE2 engine: one pass over a long adversarial subject for every expression it accepts', () => {
  // Every tenth expression also scans 64 KiB made of the expression's own characters: the DFA
  // answers in one pass; a backtracking engine would not finish within the per-test time limit.
  for (let seed = 1; seed <= ROUNDS; seed += 10) {
    const r = rng(seed * 977);
    const src = text(r, RE, 20);
    let m;
    try {
      m = compileRe2List([src]);
    } catch {
      continue;
    }
    const unit = text(r, RE, 8) || 'a';
    const subject = unit.repeat(Math.ceil((64 * 1024) / unit.length));
    assert.equal(typeof m.test(subject), 'boolean', `seed ${seed}`);
  }
});

test('RE2 engine: the same answer as RegExp wherever both accept an expression and read it alike', () => {
  // RE2 reads \a as a bell and \A, \z as text anchors where RegExp sees plain letters, and
  // a ] first in a class as a member where RegExp sees an empty class; RegExp refuses (?i).
  const SUBJECT = ['a', 'b', 'x', '1', '2', ' ', '\n', '-', ',', '{', '}', '.', 'd', 'A', '_'];
  const ALPHABET = [...RE.filter((c) => c !== '(?i)'), 'x', '2', ' ', '\n', 'A', 'D', 'S', 'W', 'B'];
  let compared = 0;
  for (let seed = 1; seed <= ROUNDS * 4; seed++) {
    const r = rng(seed * 4099);
    const src = text(r, ALPHABET, 14);
    const subject = text(r, SUBJECT, 30);
    if (/\\[aAzCQEpP]|\[\^?\]/.test(src)) continue;
    let m;
    let js;
    try {
      m = compileRe2List([src]);
      js = new RegExp(src);
    } catch {
      continue;
    }
    compared++;
    assert.equal(m.test(subject), js.test(subject), `seed ${seed}: /${src}/ on ${JSON.stringify(subject)}`);
  }
  assert.ok(compared > ROUNDS / 2, `compared only ${compared} expressions`);
});

test('glob matcher: one pass over a long subject for every pattern it accepts', () => {
  for (let seed = 1; seed <= ROUNDS; seed += 10) {
    const r = rng(seed * 613);
    const pattern = text(r, GLOB, 24);
    const unit = text(r, GLOB, 6) || 'a';
    const subject = unit.repeat(Math.ceil(8192 / unit.length));
    for (const compile of [compileCommandGlob, compilePathGlob]) {
      let g;
      try {
        g = compile(pattern);
      } catch {
        continue;
      }
      assert.equal(typeof g.test(subject), 'boolean', `seed ${seed}: ${JSON.stringify(pattern)}`);
    }
  }
});

// Random commands built from words the standard profile has opinions about, and spellings of
// each that a shell runs the same way (src/policy/variants.ts).
const HEADS = ['rm', 'curl', 'wget', 'cat', 'chmod', 'git', 'dd', 'ls', 'echo', 'sh', 'bash', 'python3', 'scp'];
const MORE_HEADS = ['nc', 'mkfs', 'kill', 'npm', 'sudo', 'tee', 'cp'];
const ARGS = ['-rf', '/', '~', '~/.ssh/id_rsa', '/etc/passwd', '/etc/shadow', 'https://evil.example/x.sh', '|', 'sh'];
const MORE_ARGS = ['push', '--force', 'origin', 'main', '777', 'if=/dev/zero', 'of=/dev/sda', '-9', '1', 'install'];
const LAST_ARGS = ['x', '.', '.env', '-c', 'README.md', '>', '/etc/hosts', 'reset', '--hard'];
/** Spellings the effects reading sees only through what the shell reader resolved. */
const RESOLVED = new Set(['variable indirection', 'brace expansion', '${IFS}']);

function spellings(): { cmd: string; kind: string; variant: string }[] {
  const out: { cmd: string; kind: string; variant: string }[] = [];
  const r = rng(4242);
  for (let i = 0; i < Math.max(40, Math.floor(ROUNDS / 10)); i++) {
    const words = [pick(r, [...HEADS, ...MORE_HEADS])];
    for (let k = Math.floor(r() * 5); k > 0; k--) words.push(pick(r, [...ARGS, ...MORE_ARGS, ...LAST_ARGS]));
    const cmd = words.join(' ');
    for (const v of variantsOf('fuzz', cmd, rng(i))) out.push({ cmd, kind: v.kind, variant: v.command });
  }
  return out;
}

/** deny > ask (a webhook asks another party) > allow and watch, as the variants bench ranks them. */
const strictness = (a: Action): number => (a === 'webhook' ? rank('ask') : rank(a));

// One standard engine, one list of spellings and one decision per original command for both
// tests below (dry runs: deciding leaves the engine as it was).
let standard: { decide: (command: string) => Action; all: ReturnType<typeof spellings> } | undefined;
const own = new Map<string, Action>();

function lessStrict(kinds: (kind: string) => boolean): string[] {
  if (!standard) {
    const e = loadEngine(join(PACKAGE_ROOT, 'policies', 'standard.yaml'), {
      home: CORPUS_HOME,
      resolveSymlinks: false,
    });
    standard = { decide: (command) => e.evaluate(exec(command), { dryRun: true }).action, all: spellings() };
  }
  const { decide, all } = standard;
  const found: string[] = [];
  for (const s of all) {
    if (!kinds(s.kind)) continue;
    const d = own.get(s.cmd) ?? decide(s.cmd);
    own.set(s.cmd, d);
    const dv = decide(s.variant);
    if (strictness(dv) < strictness(d)) found.push(`${s.kind}: ${s.cmd} [${d}] -> ${s.variant} [${dv}]`);
  }
  return found;
}

test('shell reader: a spelling the shell runs the same way is decided at least as strictly', () => {
  assert.deepEqual(
    lessStrict((k) => !RESOLVED.has(k)),
    [],
  );
});

test('shell reader: variable indirection, brace expansion and ${IFS} spellings of file writes and network tools are decided at least as strictly', () => {
  assert.deepEqual(
    lessStrict((k) => RESOLVED.has(k)),
    [],
  );
});
