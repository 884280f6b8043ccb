// Parsed policy files kept under the data dir: a restart with the same text loads the same set
// without parsing; an edit, a foreign or loosely permitted entry, or a cache that cannot be
// written falls back to parsing, never to a different set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadPolicyFiles } from '../../src/policy/loader.js';
import { PolicyParseCache } from '../../src/policy/parse-cache.js';
import { buildShippedCache } from '../../src/policy/shipped-cache.js';
import { shippedPolicy } from '../../src/policy/config-path.js';
import { PolicyLoadError } from '../../src/policy/policy-errors.js';
import { startTestServer, tempDir } from '../helpers/server.js';

const POLICY = `
version: "1"
default_action: allow
policies:
  - name: no-force-push
    rules:
      - action: deny
        when:
          command_matches: ["git push --force*"]
        message: no force pushes
`;

test('the second load of the same files comes from the cache and equals a fresh parse', () => {
  const dir = tempDir();
  try {
    const cache = new PolicyParseCache(join(dir, 'cache'));
    const standard = shippedPolicy('standard');
    const first = loadPolicyFiles(standard, { cache });
    assert.deepEqual(cache.counters, { hits: 0, misses: 1, stored: 1 });
    const second = loadPolicyFiles(standard, { cache });
    assert.equal(cache.counters.hits, 1);
    assert.deepEqual(second, first);
    assert.deepEqual(second, loadPolicyFiles(standard));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an edited file misses and is parsed; a file with an error is never stored', () => {
  const dir = tempDir();
  try {
    const file = join(dir, 'p.yaml');
    const cache = new PolicyParseCache(join(dir, 'cache'));
    writeFileSync(file, POLICY);
    loadPolicyFiles(file, { cache });
    writeFileSync(file, POLICY.replace('no force pushes', 'never force-push'));
    const edited = loadPolicyFiles(file, { cache });
    assert.equal(edited.files[0]?.policies[0]?.rules[0]?.message, 'never force-push');
    assert.equal(cache.counters.hits, 0);
    writeFileSync(file, POLICY.replace('action: deny', 'action: sometimes'));
    assert.throws(() => loadPolicyFiles(file, { cache }), PolicyLoadError);
    assert.equal(cache.counters.stored, 2, 'the broken text was not stored');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an entry others may write, or one stored under another key, is ignored', () => {
  const dir = tempDir();
  try {
    const file = join(dir, 'p.yaml');
    const cacheDir = join(dir, 'cache');
    writeFileSync(file, POLICY);
    const cache = new PolicyParseCache(cacheDir);
    loadPolicyFiles(file, { cache });
    const [entry] = readdirSync(cacheDir);
    assert.ok(entry);
    const path = join(cacheDir, entry);
    // A looser entry that would allow the force push: not trusted, the file is parsed again.
    const loose = readFileSync(path, 'utf8').replace('"deny"', '"allow"');
    writeFileSync(path, loose);
    chmodSync(path, 0o666);
    const a = new PolicyParseCache(cacheDir);
    assert.equal(loadPolicyFiles(file, { cache: a }).files[0]?.policies[0]?.rules[0]?.action, 'deny');
    assert.equal(a.counters.hits, 0);
    // The right mode but the key of another text.
    writeFileSync(path, loose.replace(/"key":"[0-9a-f]+"/, `"key":"${'0'.repeat(64)}"`));
    chmodSync(path, 0o600);
    const b = new PolicyParseCache(cacheDir);
    assert.equal(loadPolicyFiles(file, { cache: b }).files[0]?.policies[0]?.rules[0]?.action, 'deny');
    assert.equal(b.counters.hits, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a first start reads the shipped profiles parsed at install, keeps its own copy, and decides the same', () => {
  const dir = tempDir();
  try {
    const shipped = join(dir, 'shipped');
    assert.equal(buildShippedCache(shipped).length, 4, 'standard, strict, permissive, ci');
    const cache = new PolicyParseCache(join(dir, 'cache'), () => {}, shipped);
    const standard = shippedPolicy('standard');
    const loaded = loadPolicyFiles(standard, { cache });
    assert.deepEqual(cache.counters, { hits: 1, misses: 0, stored: 1 });
    assert.equal(cache.shippedHits, 1);
    assert.deepEqual(loaded, loadPolicyFiles(standard), 'the same set a parse gives');
    // the next start reads the data dir's copy
    const again = new PolicyParseCache(join(dir, 'cache'), () => {}, shipped);
    assert.deepEqual(loadPolicyFiles(standard, { cache: again }), loaded);
    assert.deepEqual([again.counters.hits, again.shippedHits], [1, 0]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an install-time entry others may write, or one for another text, is not read', () => {
  const dir = tempDir();
  try {
    const shipped = join(dir, 'shipped');
    buildShippedCache(shipped);
    const standard = shippedPolicy('standard');
    const name = `${PolicyParseCache.key(standard, readFileSync(standard, 'utf8'))}.json`;
    const path = join(shipped, name);
    // An entry anyone could have rewritten (here: to allow everything) is parsed again instead.
    const open = JSON.parse(readFileSync(path, 'utf8')) as { ast: { policies: unknown[] } };
    open.ast.policies = [];
    writeFileSync(path, JSON.stringify(open));
    chmodSync(path, 0o666);
    const logs: string[] = [];
    const a = new PolicyParseCache(join(dir, 'a'), (m) => logs.push(m), shipped);
    assert.ok((loadPolicyFiles(standard, { cache: a }).files[0]?.policies.length ?? 0) > 10);
    assert.deepEqual([a.counters.hits, a.shippedHits], [0, 0]);
    assert.ok(logs.some((l) => l.includes('not a protected file')));
    // A file whose text differs from the one parsed at install misses.
    const edited = join(dir, 'standard.yaml');
    writeFileSync(edited, readFileSync(standard, 'utf8') + '\n# edited\n');
    const b = new PolicyParseCache(join(dir, 'b'), () => {}, shipped);
    loadPolicyFiles(edited, { cache: b });
    assert.deepEqual([b.counters.hits, b.shippedHits], [0, 0]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a cache that cannot be written only costs the parse', () => {
  const dir = tempDir();
  try {
    const file = join(dir, 'p.yaml');
    writeFileSync(file, POLICY);
    writeFileSync(join(dir, 'cache'), 'a file where the cache directory should be');
    const logs: string[] = [];
    const cache = new PolicyParseCache(join(dir, 'cache', 'policy'), (m) => logs.push(m));
    const loaded = loadPolicyFiles(file, { cache });
    assert.equal(loaded.files[0]?.policies[0]?.name, 'no-force-push');
    assert.equal(cache.counters.stored, 0);
    assert.ok(logs.some((l) => /policy cache: could not store/.test(l)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a restarted server decides from the cached set exactly as from the parsed one', async () => {
  const dataDir = tempDir();
  try {
    mkdirSync(join(dataDir, 'policies'), { recursive: true, mode: 0o700 });
    const answers: unknown[] = [];
    for (let start = 0; start < 2; start++) {
      const srv = await startTestServer({ dataDir });
      try {
        const r = await srv.req('POST', '/v1/tool/exec', {
          agent: 'a',
          session: 's',
          params: { command: 'cat ~/.ssh/id_rsa' },
        });
        answers.push([r.status, r.body?.decision, r.body?.matched_policies]);
      } finally {
        await srv.stop();
      }
      assert.ok(readdirSync(join(dataDir, 'cache', 'policy')).length >= 1, 'the parsed profile is kept');
    }
    assert.equal((answers[0] as unknown[])[0], 403);
    assert.deepEqual(answers[1], answers[0]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
