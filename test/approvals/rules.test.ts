// auto-allowed.yaml: exact escaped patterns, user-allow-<hex> names, comments kept, atomic
// writes with a reload after each, 201/409/400/429/404 outcomes, and undo on a failed reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ManualClock } from '../../src/util/clock.js';
import { AutoAllowedRules, escapeGlob, ruleName } from '../../src/approvals/auto-allowed.js';
import { outcome } from './helpers.js';

function setup(reload?: () => unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-rules-'));
  const clock = new ManualClock();
  let reloads = 0;
  const rules = new AutoAllowedRules({
    policiesDir: join(dir, 'policies'),
    clock,
    reload: () => {
      reloads++;
      return reload?.();
    },
  });
  return {
    dir,
    clock,
    rules,
    file: join(dir, 'policies', 'auto-allowed.yaml'),
    reloads: () => reloads,
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

test('escapeGlob turns each metacharacter into a one-character class', () => {
  assert.equal(escapeGlob('ls *.txt [a]? x'), 'ls [*].txt [[]a][?] x');
  assert.equal(escapeGlob('a*b?c[d'), 'a[*]b[?]c[[]d');
  assert.equal(escapeGlob('plain'), 'plain');
  assert.match(ruleName('exec', 'x'), /^user-allow-[0-9a-f]{12}$/);
  assert.notEqual(ruleName('exec', 'x'), ruleName('read', 'x'));
});

test('learn writes an exact rule into a normal policy file, 201 then 409, and lists it', async () => {
  const s = setup();
  try {
    const r = await s.rules.learn({
      tool: 'exec',
      args: 'npm run build -- --filter=*',
      decision: 'allow',
      source: 'dashboard',
    });
    assert.equal(r.status, 201);
    assert.equal(r.body.created, true);
    assert.match(String(r.body.rule_name), /^user-allow-[0-9a-f]{12}$/);
    assert.equal(r.body.pattern, 'npm run build -- --filter=[*]');
    assert.equal(s.reloads(), 1);
    const doc = parse(readFileSync(s.file, 'utf8'));
    assert.equal(doc.default_action, undefined, 'never sets a default for the whole policy set');
    assert.deepEqual(doc.policies[0].match, { tool: ['exec'] });
    assert.equal(doc.policies[0].name, r.body.rule_name);
    assert.deepEqual(doc.policies[0].rules[0].when, { command_matches: ['npm run build -- --filter=[*]'] });
    assert.equal(doc.policies[0].rules[0].action, 'allow');
    assert.equal(statSync(s.file).mode & 0o777, 0o600);

    const again = await s.rules.learn({ tool: 'exec', args: 'npm run build -- --filter=*', decision: 'allow' });
    assert.equal(again.status, 409);
    assert.equal(again.body.created, false);
    assert.equal(again.body.pattern, 'npm run build -- --filter=[*]');
    assert.equal(s.reloads(), 1);

    await s.rules.learn({ tool: 'read', args: '/etc/app/config?.yaml', decision: 'allow' });
    const list = await s.rules.list();
    assert.equal(list.length, 2);
    assert.deepEqual(list[0], {
      index: 0,
      tool: 'exec',
      command_pattern: 'npm run build -- --filter=[*]',
      path_pattern: '',
      name: r.body.rule_name,
      created: new Date(s.clock.now()).toISOString(),
    });
    assert.equal(list[1]!.tool, 'read');
    assert.equal(list[1]!.path_pattern, '/etc/app/config[?].yaml');
    assert.equal(list[1]!.command_pattern, '');
    assert.ok(!readdirSync(join(s.dir, 'policies')).some((n) => n.includes('.tmp')), 'no temp file left');
  } finally {
    s.done();
  }
});

test('learn rejects bad input with 400 and writes nothing', async () => {
  const s = setup();
  try {
    const bad = [
      {},
      { tool: 'exec', decision: 'allow' },
      { tool: 'exec', args: '', decision: 'allow' },
      { tool: 'exec', args: 'ls', decision: 'deny' },
      { tool: 'exec', args: 'ls' },
      { tool: 'fetch', args: 'https://x', decision: 'allow' },
      { tool: 'exec', args: 'ls', decision: 'allow', source: 5 },
      {
        tool: 'exec',
        args: 'curl -H "Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123" https://api',
        decision: 'allow',
      },
    ];
    for (const b of bad) assert.equal(await outcome(s.rules.learn(b)), 400, JSON.stringify(b));
    assert.equal(existsSync(s.file), false);
  } finally {
    s.done();
  }
});

test('learn is rate limited to about 5 writes per second (429), on the injected clock', async () => {
  const s = setup();
  try {
    for (let i = 0; i < 5; i++)
      assert.equal((await s.rules.learn({ tool: 'exec', args: `cmd ${i}`, decision: 'allow' })).status, 201);
    assert.equal(await outcome(s.rules.learn({ tool: 'exec', args: 'cmd 5', decision: 'allow' })), 429);
    // An existing rule is answered without spending the budget.
    assert.equal((await s.rules.learn({ tool: 'exec', args: 'cmd 0', decision: 'allow' })).status, 409);
    s.clock.advance(200);
    assert.equal((await s.rules.learn({ tool: 'exec', args: 'cmd 5', decision: 'allow' })).status, 201);
    assert.equal(await outcome(s.rules.learn({ tool: 'exec', args: 'cmd 6', decision: 'allow' })), 429);
  } finally {
    s.done();
  }
});

test("writes keep the user's comments and edits", async () => {
  const s = setup();
  try {
    mkdirSync(join(s.dir, 'policies'), { recursive: true });
    writeFileSync(
      s.file,
      '# my own notes about these rules\npolicies:\n  # keep make working\n  - name: my-make\n    match: { tool: [exec] }\n    rules:\n      - action: allow\n        when: { command_matches: ["make"] }\n',
    );
    const r = await s.rules.learn({ tool: 'exec', args: 'make test', decision: 'allow' });
    const text = readFileSync(s.file, 'utf8');
    assert.ok(text.includes('# my own notes about these rules'));
    assert.ok(text.includes('# keep make working'));
    assert.equal((await s.rules.list()).length, 2);
    await s.rules.remove(String(r.body.rule_name));
    const after = readFileSync(s.file, 'utf8');
    assert.ok(after.includes('# keep make working'));
    assert.deepEqual(
      (await s.rules.list()).map((x) => x.name),
      ['my-make'],
    );
  } finally {
    s.done();
  }
});

test('delete: by exact name (spaces, & and all), 404 when missing, 400 for an empty name', async () => {
  const s = setup();
  try {
    assert.equal(await outcome(s.rules.remove('user-allow-000000000000')), 404, 'no file yet');
    mkdirSync(join(s.dir, 'policies'), { recursive: true });
    writeFileSync(
      s.file,
      'policies:\n  - name: "auto allow exact & named rule"\n    match: { tool: [exec] }\n    rules: [{ action: allow, when: { command_matches: ["x"] } }]\n',
    );
    assert.equal(await outcome(s.rules.remove('0')), 404);
    assert.equal(await outcome(s.rules.remove('')), 400);
    await s.rules.remove('auto allow exact & named rule');
    assert.deepEqual(await s.rules.list(), []);
    assert.equal(s.reloads(), 1);
  } finally {
    s.done();
  }
});

test('a reload that rejects the new file undoes the write (500) and leaves the old file', async () => {
  let fail = false;
  const s = setup(() => {
    if (fail) throw new Error('unknown key "added"');
  });
  try {
    await s.rules.learn({ tool: 'exec', args: 'make', decision: 'allow' });
    const before = readFileSync(s.file, 'utf8');
    fail = true;
    assert.equal(await outcome(s.rules.learn({ tool: 'exec', args: 'make test', decision: 'allow' })), 500);
    assert.equal(readFileSync(s.file, 'utf8'), before);
    fail = false;
    rmSync(s.file);
    fail = true;
    assert.equal(await outcome(s.rules.learn({ tool: 'exec', args: 'make test', decision: 'allow' })), 500);
    assert.equal(existsSync(s.file), false, 'a file that did not exist is removed again');
  } finally {
    s.done();
  }
});

test('an unparsable rule file is never overwritten (500)', async () => {
  const s = setup();
  try {
    mkdirSync(join(s.dir, 'policies'), { recursive: true });
    writeFileSync(s.file, 'policies: [\n  - broken');
    assert.equal(await outcome(s.rules.learn({ tool: 'exec', args: 'make', decision: 'allow' })), 500);
    assert.equal(readFileSync(s.file, 'utf8'), 'policies: [\n  - broken');
  } finally {
    s.done();
  }
});
