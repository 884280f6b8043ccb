// `svc policy`, `svc test` and `svc bench` load the engine's code (about 0.3 s of module import,
// more than the rest of a --help together) only once their arguments are good: --help and a bad
// argument print without it, and so does the dispatcher. Read from the compiled modules, whose
// static imports are exactly what node loads before a command's first line runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../../', import.meta.url));
const STATIC_IMPORT = /^(?:import|export)\s[^;]*?\bfrom\s*['"](\.[^'"]+)['"]|^import\s*['"](\.[^'"]+)['"]/gm;

/** Every module a compiled module loads before it runs, itself included (dynamic imports not followed). */
function loadedWith(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT))
    loadedWith(join(dirname(file), m[1] ?? m[2] ?? ''), seen);
  return seen;
}

const ENGINE = join(DIST, 'src/policy/engine.js');

test('the dispatcher and svc policy, test and bench load the engine only when they run it', () => {
  for (const cli of ['run-cli', 'main', 'policy', 'test', 'bench', 'policy-help', 'replay-options', 'replay-format']) {
    const loaded = loadedWith(join(DIST, 'src/cli', `${cli}.js`));
    assert.ok(
      !loaded.has(ENGINE),
      `${cli}.js loads the engine: ${[...loaded].map((f) => relative(DIST, f)).join(', ')}`,
    );
  }
  // The check itself sees the engine where it is loaded.
  assert.ok(loadedWith(join(DIST, 'src/cli/policy-sets.js')).has(ENGINE));
  assert.ok(loadedWith(join(DIST, 'src/policy/offline-engine.js')).has(ENGINE));
});
