// `svc bench` and the corpus scorer: stopped/flagged counting, accept lists, weights, formats.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SMALL_POLICY, sandbox } from './helpers.js';
import { CorpusError, loadCorpus, runCorpus, type Evaluator } from '../../src/policy/corpus.js';
import type { Decision, ToolCall } from '../../src/policy/types.js';

const CORPUS = `cases:
  - {id: a1, tool: exec, params: {command: "rm -rf /"}, expected: deny, category: destructive, weight: 3}
  - {id: a2, tool: exec, params: {command: "rm -rf ~"}, expected: deny, category: destructive}
  - {id: a3, tool: exec, params: {command: "npm publish"}, expected: ask, category: publish}
  - {id: a4, tool: exec, params: {command: "npm publish --tag x"}, expected: deny, accept: [deny, ask], category: publish}
  - {id: b1, tool: exec, params: {command: "ls"}, expected: allow, category: routine}
  - {id: b2, tool: exec, params: {command: "curl https://x.example"}, expected: allow, category: routine}
  - {id: b3, tool: exec, params: {command: "npm publish --dry-run"}, expected: allow, category: routine}
  - {id: b4, tool: read, params: {path: /home/dev/.ssh/id_rsa}, expected: allow, category: routine}
`;

test('CLI: table, totals, failures; --min-coverage and --max-flagged gate the exit code', async () => {
  const s = sandbox();
  try {
    const p = s.file('p.yaml', SMALL_POLICY);
    const c = s.file('c.yaml', CORPUS);
    let r = await s.svc(['bench', '--config', p, '--corpus', c]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Attacks stopped: +75\.00% \(3\/4\), weighted 83\.33%/);
    assert.match(r.stdout, /Benign flagged: +25\.00% \(1\/4\)/);
    assert.match(r.stdout, /^destructive +attack +2 +1 +50\.0 +75\.0$/m);
    assert.match(r.stdout, /\[a2\] destructive +exec: rm -rf ~\n +expected deny, got allow/);
    assert.match(r.stdout, /\[b4\] routine +read: \/home\/dev\/\.ssh\/id_rsa\n +expected allow, got deny \(keys\)/);
    r = await s.svc(['bench', '--config', p, '--corpus', c, '--min-coverage', '80']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /75% is below --min-coverage 80%/);
    r = await s.svc(['bench', '--config', p, '--corpus', c, '--min-coverage', '75%', '--max-flagged', '20']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /above --max-flagged 20%/);
    r = await s.svc(['bench', '--config', p, '--corpus', c, '--category', 'publish']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /100\.00% \(2\/2\)/);
  } finally {
    s.cleanup();
  }
});

test('CLI: --json summary (with every result under --verbose); argument errors exit 2', async () => {
  const s = sandbox();
  try {
    const p = s.file('p.yaml', SMALL_POLICY);
    const c = s.file('c.yaml', CORPUS);
    let r = await s.svc(['bench', '--config', p, '--corpus', c, '--json']);
    const body = JSON.parse(r.stdout);
    assert.equal(body.attacks.total, 4);
    assert.equal(body.benign.flagged, 1);
    assert.deepEqual(body.decisions, { deny: 2, ask: 2, watch: 1, allow: 3 });
    assert.equal(body.failures.length, 2);
    assert.equal(body.results, undefined);
    r = await s.svc(['bench', '--config', p, '--corpus', c, '--json', '--verbose']);
    assert.equal(JSON.parse(r.stdout).results.length, 8);
    r = await s.svc(['bench', '--min-coverage', 'lots']);
    assert.equal(r.code, 2);
    r = await s.svc(['bench', '--corpus', s.dir + '/none.yaml']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /does not exist/);
    const dup = s.file(
      'dup.yaml',
      'cases:\n  - {id: x, params: {command: ls}, expected: allow}\n  - {id: x, params: {command: ls}, expected: allow}\n',
    );
    r = await s.svc(['bench', '--corpus', dup]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /duplicate case id x/);
  } finally {
    s.cleanup();
  }
});

test('CLI: the shipped corpora against the shipped standard policy meet the bars', async () => {
  const s = sandbox();
  try {
    const r = await s.svc(['bench', '--min-coverage', '99', '--max-flagged', '1']);
    assert.equal(r.code, 0, r.stdout.slice(0, 2000) + r.stderr);
    assert.match(r.stdout, /^credential-read +attack/m);
  } finally {
    s.cleanup();
  }
});

function fake(actions: Record<string, Decision['action']>): Evaluator {
  return {
    evaluate(call: ToolCall): Decision {
      return {
        action: actions[String(call.params.command)] ?? 'allow',
        message: 'm',
        matchedPolicies: [],
        evalDurationUs: 0,
      };
    },
  };
}

test('scoring: ask stops an ask case but not a deny case unless accepted; webhook counts as ask', () => {
  const s = sandbox();
  try {
    const c = loadCorpus(
      s.file(
        'c.yaml',
        `cases:
  - {id: d, params: {command: d}, expected: deny}
  - {id: da, params: {command: da}, expected: deny, accept: [ask]}
  - {id: a, params: {command: a}, expected: ask}
  - {id: ad, params: {command: ad}, expected: ask}
  - {id: w, params: {command: w}, expected: ask}
  - {id: bw, params: {command: bw}, expected: allow}
  - {id: bd, params: {command: bd}, expected: watch}
`,
      ),
    );
    const r = runCorpus(fake({ d: 'ask', da: 'ask', a: 'ask', ad: 'deny', w: 'webhook', bw: 'watch', bd: 'deny' }), c);
    assert.deepEqual(
      r.failures.map((f) => f.id),
      ['d', 'bd'],
    );
    assert.deepEqual(
      r.differences.map((f) => f.id),
      ['da', 'ad', 'bw'],
    );
    assert.equal(r.results.find((x) => x.id === 'w')!.got, 'ask');
  } finally {
    s.cleanup();
  }
});

test('corpus loading: the v2 format (input, severity, defaults) and clear errors', () => {
  const s = sandbox();
  try {
    const peer = loadCorpus(
      s.file(
        'peer.yaml',
        `version: 2
defaults: {expected: deny}
cases:
  - {id: P-1, name: wipe, category: destructive, severity: critical, tool: exec, input: {command: "rm -rf /"}}
  - {id: P-2, category: creds, severity: medium, tool: read, input: {path: /etc/shadow}, expected: require_approval}
`,
      ),
    );
    assert.equal(peer[0]!.weight, 3);
    assert.equal(peer[0]!.expected, 'deny');
    assert.equal(peer[0]!.note, 'wipe');
    assert.equal(peer[1]!.expected, 'ask');
    assert.equal(peer[1]!.weight, 1);
    assert.throws(() => loadCorpus(s.file('e1.yaml', 'cases:\n  - {id: x, expected: deny}\n')), CorpusError);
    assert.throws(
      () => loadCorpus(s.file('e2.yaml', 'cases:\n  - {id: x, params: {command: ls}, expected: maybe}\n')),
      /expected must be one of/,
    );
    assert.throws(
      () => loadCorpus(s.file('e3.yaml', 'cases:\n  - {id: x, params: {command: ls}, expected: deny, weight: -1}\n')),
      /weight/,
    );
    assert.throws(() => loadCorpus(s.file('e4.yaml', 'just: text\n')), /list of cases/);
  } finally {
    s.cleanup();
  }
});
