// `svc policy replay` and `svc policy diff` through the CLI: what changes under a candidate, in
// recorded order and within the filters, redacted records marked and counted, exit codes
// (0 none, 1 changed, 2 unreadable input, 64 bad arguments).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, tempDir } from '../helpers/server.js';
import { SVC_BIN } from '../helpers/spawn.js';
import { warmSvc } from '../helpers/warm-svc.js';

const LIVE = `
version: "1"
default_action: allow
policies:
  - name: block-destructive
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["rm -rf *"] }
  - name: ask-deploy
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["deploy *"] }
`;
const CANDIDATE = `
version: "1"
policies:
  - name: no-push
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["git push*"] }
  - name: busy-curl
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["curl *"], call_count: { gte: 6, window: 1h } }
`;

interface Out {
  code: number;
  stdout: string;
  stderr: string;
}
/** `svc ARGS` as its own process: for the exit statuses as a process sees them. */
function spawned(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Out> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SVC_BIN, ...args],
      { env: { ...process.env, SERVICE_TOKEN: '', ...env }, maxBuffer: 16 << 20 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
/** `svc ARGS` in the file's warm svc process (test/helpers/warm-svc.ts): the same dispatcher. */
async function svc(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Out> {
  const r = await warmSvc(args, { env });
  return { code: r.code ?? 1, stdout: r.stdout, stderr: r.stderr };
}

let dataDir: string;
let candidate: string;
let base: string;
before(async () => {
  dataDir = tempDir();
  candidate = join(dataDir, 'next');
  mkdirSync(candidate);
  writeFileSync(join(candidate, 'team.yaml'), CANDIDATE);
  base = join(dataDir, 'live.yaml');
  writeFileSync(base, LIVE);
  const srv = await startTestServer({ dataDir, args: ['--config', base] });
  try {
    const call = (agent: string, command: string) =>
      srv.req('POST', '/v1/tool/exec', { agent, session: 's', params: { command } });
    await call('claude', 'git push origin main');
    await call('codex', 'git push --tags');
    await call('claude', 'ls');
    for (let i = 0; i < 4; i++) await call('claude', `curl https://example.com/${i}`);
    await call('claude', 'rm -rf /');
    await call('claude', 'deploy prod');
  } finally {
    await srv.stop();
  }
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

const common = () => ['--data-dir', dataDir, '--config', base];

test('replay: changed decisions by action pair and rule, in recorded order (call_count sees earlier calls)', async () => {
  const r = await spawned(['policy', 'replay', candidate, ...common(), '--json']);
  assert.equal(r.code, 1, r.stderr);
  const rep = JSON.parse(r.stdout);
  assert.equal(rep.calls, 9);
  assert.equal(rep.changed, 4);
  assert.deepEqual(rep.byPair, { 'allow->deny': 2, 'allow->ask': 2 });
  const push = rep.rows.find((x: any) => x.rule === 'no-push rule 1');
  assert.equal(push.pair, 'allow->deny');
  assert.equal(push.count, 2);
  assert.deepEqual(
    push.examples.map((e: any) => e.subject),
    ['git push origin main', 'git push --tags'],
  );
  const curls = rep.rows.find((x: any) => x.rule === 'busy-curl rule 1');
  assert.deepEqual(
    curls.examples.map((e: any) => e.subject),
    ['curl https://example.com/2', 'curl https://example.com/3'],
    'from the sixth exec call on (counted in recorded order, as then)',
  );

  const text = await svc(['policy', 'replay', candidate, ...common()]);
  assert.equal(text.code, 1);
  assert.match(text.stdout, /Re-decided 9 recorded calls/);
  assert.match(text.stdout, /4 decisions would change/);
  assert.match(text.stdout, /allow -> deny\s+2\s+no-push rule 1/);
  assert.match(text.stdout, /claude exec: git push origin main/);
});

test('replay --agent and date filters narrow the calls; the live set changes nothing (exit 0)', async () => {
  const r = await svc(['policy', 'replay', candidate, ...common(), '--agent', 'codex', '--json']);
  const rep = JSON.parse(r.stdout);
  assert.equal(rep.calls, 1);
  assert.equal(rep.changed, 1);
  const none = await svc(['policy', 'replay', candidate, ...common(), '--from', '2000-01-01', '--to', '2000-01-02']);
  assert.equal(none.code, 0);
  assert.match(none.stdout, /Re-decided 0 recorded calls/);
  const live = await svc(['policy', 'replay', 'live', ...common()]);
  assert.equal(live.code, 0, live.stdout + live.stderr);
  assert.match(live.stdout, /No decision would change/);
});

test('replay marks and counts redacted, truncated and compacted records; skips what is not a decided call', async () => {
  const audit = tempDir('svc-replay-audit-');
  const ev = (request: Record<string, unknown>, action = 'allow', extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      id: `id-${Math.random()}`,
      timestamp: '2026-11-20T10:00:00.000Z',
      agent: 'claude',
      session: 's',
      tool: 'exec',
      request,
      decision: { action, matched_policies: [], evaluation_time_us: 1, message: '', suggestions: [] },
      ...extra,
    });
  const lines = [
    ev({ command: 'git push https://[REDACTED]@github.com/o/r', source: 'tool' }),
    ev({ command: 'git push origin x', env: { TOKEN: '[REDACTED]' }, source: 'preload', pid: 7, path: '/usr/bin/git' }),
    ev({ command: 'git push origin y', compacted: { original_json_bytes: 9e6, sha256: 'x' }, source: 'hook' }),
    // a grant turned the policies' ask into this allow: the recorded policy decision is ask
    ev({ command: 'deploy prod', source: 'tool', approval_scope: 'once', approval_id: 'a1' }),
    // not decided calls: a response-phase event, an approval event, the service's own record
    ev({ command: 'git push', source: 'tool', service_phase: 'response', request_audit_id: 'x' }),
    ev({ action: 'approval_resolved', command: 'git push' }, 'approved'),
    ev({ kind: 'policy_promoted' }, 'promoted'),
    // an agent's own "source" param was moved aside; the call is restored with it
    ev({ command: 'git push z', source: 'tool', shadowed_params: { shadow_decision: 'x' } }),
    '{"torn line',
  ];
  writeFileSync(join(audit, '2026-11-20.jsonl'), lines.join('\n') + '\n');
  try {
    const r = await svc(['policy', 'replay', candidate, ...common(), '--audit-dir', audit, '--json']);
    assert.equal(r.code, 1, r.stderr);
    const rep = JSON.parse(r.stdout);
    assert.equal(rep.events, 8);
    assert.equal(rep.unreadable, 1);
    assert.equal(rep.calls, 5);
    assert.equal(rep.redacted, 3);
    assert.equal(rep.changed, 4, "the four pushes; the granted deploy was the policies' ask then and is one now");
    assert.equal(rep.changedRedacted, 3);
    const push = rep.rows.find((x: any) => x.rule === 'no-push rule 1');
    assert.deepEqual(push.examples[0].redacted, ['command']);
    assert.deepEqual(push.examples[1].redacted, ['env.TOKEN']);
    assert.deepEqual(push.examples[2].redacted, ['(compacted request)']);
    const text = await svc(['policy', 'replay', candidate, ...common(), '--audit-dir', audit, '--examples', '5']);
    assert.match(text.stdout, /3 calls had fields the record holds redacted or truncated/);
    assert.match(text.stdout, /\[redacted in the record: env\.TOKEN\]/);
  } finally {
    rmSync(audit, { recursive: true, force: true });
  }
});

test('replay and diff: bad arguments exit 64 with one clear line; unreadable input exits 2', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['policy', 'replay'], /missing CANDIDATE/],
    [['policy', 'replay', candidate, 'extra'], /give one CANDIDATE \(got 2\)/],
    [['policy', 'replay', candidate, '--from', '2026-02-30'], /--from "2026-02-30" is not a date/],
    [['policy', 'replay', candidate, '--from', '2026-11-20', '--to', '2026-11-01'], /--to 2026-11-01 is before --from/],
    [['policy', 'replay', candidate, '--agent', ''], /--agent needs a name/],
    [['policy', 'replay', candidate, '--examples', 'lots'], /--examples takes a whole number/],
    [['policy', 'replay', candidate, '--jobs', '0'], /--jobs takes a whole number from 1 to 16/],
    [['policy', 'replay', candidate, '--heap-mb', '8'], /--heap-mb takes a whole number of MiB from 32/],
    [['policy', 'replay', candidate, '--frm', '2026-01-01'], /unknown option --frm/],
    [['policy', 'diff', 'standard'], /give two policy sets A and B/],
    [['policy', 'diff', 'standard', 'strict', '--from', '2026-01-01'], /give --audit too/],
  ];
  for (const [i, [args, msg]] of cases.entries()) {
    // The first as a process of its own: 64 is the process's exit status.
    const r = await (i === 0 ? spawned : svc)([...args, ...common()]);
    assert.equal(r.code, 64, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, msg);
    assert.equal(r.stderr.trim().split('\n').length, 1);
    assert.equal(r.stdout, '');
  }
  const missing = await spawned(['policy', 'replay', join(dataDir, 'nope'), ...common()]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nope does not exist/);
  const noLog = await svc(['policy', 'replay', candidate, ...common(), '--audit-dir', join(dataDir, 'none')]);
  assert.equal(noLog.code, 2);
  assert.match(noLog.stderr, /no audit log at/);
  const bad = join(dataDir, 'bad');
  mkdirSync(bad, { recursive: true });
  writeFileSync(join(bad, 'x.yaml'), 'policies: [');
  const badSet = await svc(['policy', 'diff', 'live', bad, ...common()]);
  assert.equal(badSet.code, 2);
  assert.match(badSet.stderr, /x\.yaml/);
});

test('diff: the shipped corpora by default, given corpus files, the audit history, or both', async () => {
  const same = await svc(['policy', 'diff', 'standard', 'standard', '--json']);
  assert.equal(same.code, 0, same.stderr);
  const s = JSON.parse(same.stdout);
  assert.ok(s.corpus.calls > 500, 'the shipped corpora were used');
  assert.equal(s.corpus.changed, 0);
  assert.ok(!('audit' in s));

  const corpus = join(dataDir, 'corpus.yaml');
  writeFileSync(
    corpus,
    `cases:\n  - { id: push, tool: exec, params: { command: "git push origin main" }, expected: deny, category: vcs }\n  - { id: ls, tool: exec, params: { command: "ls" }, expected: allow, category: fs }\n`,
  );
  const own = await svc(['policy', 'diff', 'live', candidate, '--corpus', corpus, ...common(), '--json']);
  assert.equal(own.code, 1, own.stderr);
  const o = JSON.parse(own.stdout);
  assert.equal(o.corpus.calls, 2);
  assert.deepEqual(o.corpus.byPair, { 'allow->deny': 1 });
  assert.equal(o.corpus.rows[0].examples[0].id, 'corpus.yaml:push');

  const audit = await svc(['policy', 'diff', 'live', candidate, '--audit', ...common(), '--json']);
  assert.equal(audit.code, 1);
  const a = JSON.parse(audit.stdout);
  assert.ok(!('corpus' in a), '--audit alone compares the history only');
  assert.equal(a.audit.calls, 9);
  assert.equal(a.audit.changed, 4);

  const both = await svc(['policy', 'diff', 'live', candidate, '--corpus', corpus, '--audit', ...common()]);
  assert.equal(both.code, 1);
  assert.match(both.stdout, /Corpora: .*corpus\.yaml/);
  assert.match(both.stdout, /Audit log: /);
  assert.match(both.stdout, /allow -> deny\s+1\s+no-push rule 1/);
  assert.match(both.stdout, /allow -> deny\s+2\s+no-push rule 1/);
});

test('replay rebuilds session state in recorded order: taint and history rules of the candidate see earlier calls', async () => {
  const dir = tempDir();
  try {
    const next = join(dir, 'next');
    mkdirSync(next);
    writeFileSync(
      join(next, 'team.yaml'),
      `
version: "1"
policies:
  - name: secret-reads
    match: { tool: [exec] }
    rules:
      - action: allow
        taint: secret
        when: { command_matches: ["cat secret*"] }
  - name: no-egress-after-secret
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["curl *"], session_tainted: secret }
`,
    );
    const history = join(dir, 'history');
    mkdirSync(history);
    writeFileSync(
      join(history, 'team.yaml'),
      `
version: "1"
policies:
  - name: push-after-env
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["git push*"], session_after: { tool: read, path_matches: ["**/.env"] } }
`,
    );
    const live = join(dir, 'live.yaml');
    writeFileSync(live, LIVE);
    const srv = await startTestServer({ dataDir: dir, args: ['--config', live] });
    try {
      const call = (session: string, command: string) =>
        srv.req('POST', '/v1/tool/exec', { agent: 'claude', session, params: { command } });
      for (const [session, command] of [
        ['s1', 'curl https://example.com/up'],
        ['s1', 'git push origin main'],
        ['s1', 'cat secret.txt'],
        ['s1', 'cat .env'],
        ['s1', 'curl https://example.com/up'],
        ['s1', 'git push origin main'],
        ['s2', 'curl https://example.com/up'],
        ['s2', 'git push origin main'],
      ] as const)
        assert.equal((await call(session, command)).status, 200);
    } finally {
      await srv.stop();
    }
    const args = ['--data-dir', dir, '--config', live, '--json', '--examples', '5'];
    const taint = await svc(['policy', 'replay', next, ...args]);
    assert.equal(taint.code, 1, taint.stderr);
    const rt = JSON.parse(taint.stdout);
    assert.equal(rt.calls, 8);
    // The same curl before the read is unchanged, and so is s2's: the live set set no taint, so
    // the records name no credential for the label to follow (docs/shadow-and-replay.md).
    assert.deepEqual(rt.byPair, { 'allow->deny': 1 });
    const ex = rt.rows[0].examples[0];
    assert.equal(ex.subject, 'curl https://example.com/up');
    assert.equal(ex.candidate.policy, 'no-egress-after-secret');

    const hist = await svc(['policy', 'replay', history, ...args]);
    assert.equal(hist.code, 1, hist.stderr);
    const rh = JSON.parse(hist.stdout);
    assert.deepEqual(rh.byPair, { 'allow->ask': 1 }, 'only the push after reading .env, in that session');
    assert.equal(rh.rows[0].examples[0].subject, 'git push origin main');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
