// Secrets reached by what a command lets through, not by the words it spells: environment dumps
// piped through filters are judged by the catalogued secret variables the filters let out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, type Case } from './effects-helpers.js';
import { environmentFate, secretVariables } from '../../src/policy/effects/env-filters.js';
import type { SimpleCommand } from '../../src/policy/effects/walk.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

/** A pipe of simple commands, each piped into the next, as the walk hands them over. */
function pipe(...stages: string[][]): SimpleCommand[] {
  const cmds = stages.map((argv) => ({ argv }) as unknown as SimpleCommand);
  cmds.forEach((c, i) => {
    const next = cmds[i + 1];
    if (next) (c as { pipedInto?: string[] }).pipedInto = next.argv;
  });
  return cmds;
}

test('the secret-variables catalogue is read', () => {
  const names = secretVariables();
  assert.ok(names.includes('AWS_SECRET_ACCESS_KEY'));
  assert.ok(names.includes('DATABASE_URL'));
  assert.ok(!names.includes('*'));
});

test('a filter of an environment dump is judged by the secret variables it lets through', () => {
  const fate = (...stages: string[][]) => {
    const cmds = pipe(['env'], ...stages);
    return environmentFate(cmds[0]?.pipedInto, cmds);
  };
  assert.equal(fate(['grep', 'AWS']), 'dump');
  assert.equal(fate(['grep', '-E', 'AWS|GITHUB|OPENAI']), 'dump');
  assert.equal(fate(['grep', 'AWS_REGION']), 'names');
  assert.equal(fate(['grep', '-E', '^(NODE|PYTHON|PATH|AWS_REGION|AWS_PROFILE)=']), 'names');
  // basic regular expressions: `\|` is the alternation, `|` a literal
  assert.equal(fate(['grep', 'NODE\\|GITHUB']), 'dump');
  assert.equal(fate(['grep', 'NODE|GITHUB']), 'names');
  // case: without -i, `github` does not match GITHUB_TOKEN
  assert.equal(fate(['grep', 'github']), 'names');
  assert.equal(fate(['grep', '-i', 'github']), 'dump');
  // a second filter that drops what the first let through
  assert.equal(fate(['grep', '-E', '^(CARGO|RUST)_']), 'dump');
  assert.equal(fate(['grep', '-E', '^(CARGO|RUST)_'], ['grep', '-v', 'TOKEN']), 'names');
  // secret words are a search whatever the catalogue holds
  assert.equal(fate(['grep', '-i', 'passw']), 'search');
  assert.equal(fate(['sort'], ['grep', '-iE', 'token|secret']), 'search');
  // everything, or a filter that cannot be followed, lets everything through
  assert.equal(fate(['grep', '.']), 'dump');
  assert.equal(fate(['grep', '-v', 'PATH']), 'dump');
  assert.equal(fate(['grep', '-E', '(A+)+$']), 'dump');
  assert.equal(fate(['head', '-5']), 'dump');
  // counts and names only
  assert.equal(fate(['grep', '-c', 'AWS']), 'names');
  assert.equal(fate(['cut', '-d=', '-f1']), 'names');
});

test('environment dumps filtered toward secrets are denied, filtered to settings allowed', () => {
  check([
    x('D', "printenv | grep -E 'AWS|GITHUB|OPENAI'"),
    x('D', 'env | grep -i openai | head -1'),
    x('D', 'set | grep -i git'),
    x('D', 'env | sort | grep DATABASE'),
    x('D', 'env | grep -iE "token|secret|key|passw"'),
    x('D', "bash -c 'env | grep -i token'"),
    x('D', 'env | grep -E "^(CARGO|RUST)_"'),
    x('B', 'env | grep AWS_REGION'),
    x('B', "env | grep -E '^(NODE|PYTHON|PATH|AWS_REGION|AWS_PROFILE)='"),
    x('B', "env | grep -E '^(NODE|GO|CARGO|RUST)_' | grep -v TOKEN"),
    x('B', "env | grep -E '^(NODE|NPM)_'"),
    x('B', 'env | grep NODE'),
    x('B', 'env | grep -i proxy'),
    x('B', 'env | grep -c AWS'),
    x('B', 'printenv | grep ^LC_'),
  ]);
});
