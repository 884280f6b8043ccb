// Replay with no engine compiled where none decides (bench/RESULTS.md, perf23a): whether a set
// gives an identical call the same answer is now read from the parsed rules (deterministicFiles),
// and must be the compiled engine's answer for every kind of rule that makes a set
// non-deterministic; the reading thread builds its engine only when it decides a call itself, and
// its report is the one a single thread, which builds it at once, gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { deterministicFiles, Engine } from '../../src/policy/engine.js';
import { parsePolicyText } from '../../src/policy/parse.js';
import { loadPolicyFiles } from '../../src/policy/loader.js';
import { replayOn } from '../../src/cli/replay-thread.js';
import { AHEAD_CHUNK } from '../../src/policy/replay-ahead.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

function policy(rule: string): string {
  return `
version: "1"
default_action: allow
policies:
  - name: plain
    match: { tool: [exec] }
    rules:
      - { action: ask, when: { command_matches: ["rm -rf *"] } }
  - name: probe
    match: { tool: [exec] }
    rules:
      - ${rule}
`;
}

const RULES: [string, string, boolean][] = [
  ['a deny on the command', '{ action: deny, when: { command_matches: ["curl *"] } }', true],
  ['a taint rule', '{ action: watch, taint: { label: secret, for: 1h }, when: { command_matches: ["cat *"] } }', true],
  ['a session_tainted test', '{ action: ask, when: { command_matches: ["curl *"], session_tainted: [secret] } }', true],
  ['a call count', '{ action: deny, when: { call_count: { gte: 3, window: 1m } } }', false],
  [
    'a session history key',
    '{ action: ask, when: { command_matches: ["curl *"], session_after: { tool: read } } }',
    false,
  ],
  [
    'a session count',
    '{ action: ask, when: { session_count: { tool: exec, within: 10m, at_least: 5 }, command_matches: ["*"] } }',
    false,
  ],
  [
    'an expiring rule',
    '{ action: deny, expires_at: "2099-01-01T00:00:00Z", when: { command_matches: ["ls *"] } }',
    false,
  ],
  ['a once-rule', '{ action: allow, once: true, when: { command_matches: ["make deploy"] } }', false],
  [
    'a webhook',
    '{ action: webhook, webhook: { url: "http://127.0.0.1:9/verify" }, when: { command_matches: ["git push*"] } }',
    false,
  ],
];

for (const [name, rule, expected] of RULES)
  test(`deterministicFiles reads ${name} as the compiled engine does`, () => {
    const f = parsePolicyText(policy(rule), 'probe.yaml');
    const engine = new Engine([f], 'allow', { resolveSymlinks: false });
    assert.equal(engine.deterministic, expected);
    assert.equal(deterministicFiles([f]), engine.deterministic);
  });

test('deterministicFiles agrees with the compiled engine on the standard profile', () => {
  // (test/policy/deterministic.test.ts checks the four profiles' engines are deterministic)
  const path = join(PACKAGE_ROOT, 'policies', 'standard.yaml');
  const loaded = loadPolicyFiles(path);
  assert.equal(deterministicFiles(loaded.files), true);
  assert.equal(new Engine(loaded.files, loaded.defaultAction, { resolveSymlinks: false }).deterministic, true);
});

const SET = `
version: "1"
default_action: allow
policies:
  - name: secret-reads
    match: { tool: [exec] }
    rules:
      - { action: deny, taint: { label: secret, for: 1h }, when: { command_matches: ["cat secret*"] } }
  - name: egress
    match: { tool: [exec] }
    rules:
      - { action: ask, when: { command_matches: ["curl *"], session_tainted: [secret] } }
  - name: tidy
    match: { tool: [exec] }
    rules:
      - { action: deny, when: { command_matches: ["rm -rf *"] } }
`;

/** A log of `n` calls over a few sessions: secret reads, egress before and after them, repeats. */
function writeLog(dir: string, n: number): void {
  mkdirSync(dir, { recursive: true });
  const lines: string[] = [];
  const commands = ['ls', 'curl https://example.com/x', 'cat secret.txt', 'rm -rf build', 'git status'];
  for (let i = 0; i < n; i++) {
    const base = commands[(i * 7) % commands.length] ?? 'ls';
    const command = i % 3 === 0 ? `${base} u${i}` : base;
    lines.push(
      JSON.stringify({
        id: `e${i}`,
        timestamp: new Date(Date.parse('2026-11-20T00:00:00Z') + i * 1000).toISOString(),
        agent: 'claude',
        session: `s${i % 7}`,
        tool: 'exec',
        request: { command, source: 'tool', workdir: '/home/dev/project' },
        decision: { action: 'allow', matched_policies: [] },
      }),
    );
  }
  writeFileSync(join(dir, '2026-11-20.jsonl'), lines.join('\n') + '\n');
}

test('a replay whose reading thread builds its engine on demand reports what one thread reports', async () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-perf23a-'));
  try {
    const audit = join(root, 'audit');
    // more than one chunk, so calls are decided ahead by the workers and the rest in order
    writeLog(audit, AHEAD_CHUNK * 2 + 300);
    const f = parsePolicyText(SET, join(root, 'set.yaml'));
    const set = { files: [f], defaultAction: 'allow' as const, defaultActionSet: true, home: homedir() };
    const job = { set, scan: { auditDir: audit }, examples: 2, heapMb: 256 };
    const one = await replayOn({ ...job, jobs: 1 });
    const two = await replayOn({ ...job, jobs: 2 });
    assert.deepEqual(two, one);
    assert.equal(one.calls, AHEAD_CHUNK * 2 + 300);
    // the session's taint is seen: egress after a secret read is asked (recorded: allow)
    assert.ok((one.byPair['allow->ask'] ?? 0) > 0);
    assert.ok((one.byPair['allow->deny'] ?? 0) > 0);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
