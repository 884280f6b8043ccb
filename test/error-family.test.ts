// One error family in src/ and server/, held by a test: every error class extends SvcError
// (src/util/errors.ts), so it has a name, a stable code the server maps to a status in one table,
// and the wrapped error as `cause`. A class extending Error (or TypeError, ...) directly would
// reach the error handler as an anonymous 500 and give scripts nothing stable to match on.
// Uses the TypeScript parser, so `extends Error` in a comment or string is not mistaken for one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tsFiles } from './helpers/source-files.js';
import ts from 'typescript';
import { SvcError } from '../src/util/errors.js';
import { statusOf } from '../server/http-errors.js';
import { UsageError } from '../src/cli/args.js';
import { PolicyLoadError } from '../src/policy/policy-errors.js';
import { PromoteError } from '../server/promote.js';

const ROOT = new URL('../../', import.meta.url).pathname;

/** The classes allowed to extend a built-in error, each with the reason. */
const ALLOWED = new Map([
  ['src/util/errors.ts SvcError', 'the base of the family itself'],
  [
    'src/integrations/sdk/client-errors.ts SvcError',
    "the client SDK's errors describe a reply received (HTTP status, body), not a failure inside svc",
  ],
]);

const BUILTIN = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'EvalError',
  'URIError',
  'AggregateError',
]);

/** `file ClassName` of every class (declaration or expression) that extends a built-in error. */
export function builtinErrorClasses(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
      for (const clause of node.heritageClauses ?? []) {
        if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
        for (const t of clause.types) {
          if (ts.isIdentifier(t.expression) && BUILTIN.has(t.expression.text)) {
            found.push(`${file} ${node.name?.text ?? '(anonymous)'}`);
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

test('the check finds classes extending a built-in error and nothing else', () => {
  const text = [
    'export class A extends Error {}',
    'class B extends TypeError { x = 1 }',
    'const C = class extends RangeError {};',
    'class D extends SvcError {}',
    'class E extends Map<string, Error> {}',
    '// class F extends Error {}',
    'const g = "class G extends Error {}";',
  ].join('\n');
  assert.deepEqual(builtinErrorClasses('x.ts', text), ['x.ts A', 'x.ts B', 'x.ts (anonymous)']);
});

test('every error class in src/ and server/ extends SvcError', () => {
  const files = [...tsFiles(join(ROOT, 'src')), ...tsFiles(join(ROOT, 'server'))];
  assert.ok(files.length > 150, `read ${files.length} files`);
  const found = files.flatMap((f) => builtinErrorClasses(relative(ROOT, f), readFileSync(f, 'utf8')));
  assert.deepEqual(
    found.filter((c) => !ALLOWED.has(c)),
    [],
  );
  for (const allowed of ALLOWED.keys()) assert.ok(found.includes(allowed), `${allowed} is still there`);
});

test('a member of the family has its own name, a stable code and the wrapped cause', () => {
  const cause = new Error('bad flag');
  const usage = new UsageError('unknown option --x', { cause });
  assert.ok(usage instanceof SvcError);
  assert.equal(usage.name, 'UsageError');
  assert.equal(usage.code, 'usage');
  assert.equal(usage.message, 'unknown option --x');
  assert.equal(usage.cause, cause);

  const load = new PolicyLoadError('p.yaml', 3, 'unknown key "bogus"', 'bogus');
  assert.equal(load.message, 'p.yaml:3: unknown key "bogus"');
  assert.equal(load.code, 'policy_invalid');
  // a code with no HTTP status is answered as an internal error, never with its message
  assert.equal(statusOf(load), 500);

  const promote = new PromoteError('shadow_not_configured', 'no shadow policy set is configured');
  assert.equal(statusOf(promote), 404);
  assert.deepEqual(promote.extra, { success: false });
});
