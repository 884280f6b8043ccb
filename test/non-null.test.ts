// No non-null assertion (`x!`, `a[i]!`) in src/ or server/, held by a test: each one is a place
// where a missing value would flow on unchecked. Reads the code establishes go through at() and
// present() of src/util/invariant.ts (which fail loudly with internal_error) or are narrowed.
// Uses the TypeScript parser itself, so `!==`, `!x` and strings or comments holding `!` are not
// mistaken for assertions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tsFiles } from './helpers/source-files.js';
import ts from 'typescript';
import { at, InternalError, present } from '../src/util/invariant.js';
import { statusOf } from '../server/http-errors.js';

const ROOT = new URL('../../', import.meta.url).pathname;

/** `file:line:column  text` of every non-null assertion in one source text. */
export function nonNullAssertions(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNonNullExpression(node)) {
      const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      found.push(`${file}:${line + 1}:${character + 1}  ${node.getText(sf)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

test('the check finds assertions and nothing that merely looks like one', () => {
  const text = [
    'const a = xs[0]!.name;',
    'const b = m.get(k)!;',
    'if (a !== b && !c) d = "e!";',
    '// f! in a comment',
    'const g = `h${i}!`;',
  ].join('\n');
  assert.deepEqual(nonNullAssertions('x.ts', text), ['x.ts:1:11  xs[0]!', 'x.ts:2:11  m.get(k)!']);
});

test('no non-null assertion in src/ or server/', () => {
  const files = [...tsFiles(join(ROOT, 'src')), ...tsFiles(join(ROOT, 'server'))];
  assert.ok(files.length > 150, `read ${files.length} files`);
  const found = files.flatMap((f) => nonNullAssertions(relative(ROOT, f), readFileSync(f, 'utf8')));
  assert.deepEqual(found, []);
});

test('a read the code relied on that is missing fails loudly as internal_error (500), never as a value', () => {
  assert.equal(at(['a', 'b'], 1), 'b');
  assert.equal(at('ab', 0), 'a');
  assert.equal(present(0, 'a count'), 0, 'falsy values are present');
  assert.equal(present('', 'a name'), '');
  const broken = (err: unknown) =>
    err instanceof InternalError && err.code === 'internal_error' && statusOf(err) === 500;
  assert.throws(() => at(['a'], 1), broken);
  assert.throws(() => at('', 0), broken);
  assert.throws(
    () => present(undefined, 'the flag table'),
    (err: unknown) => broken(err) && /flag table/.test(String(err)),
  );
  assert.throws(() => present(null, 'the audit directory'), broken);
});
