// svc pending / approve / deny against a real `svc serve` child process. The commands run in the
// file's warm svc process (test/helpers/warm-svc.ts: the same dispatcher, without a node start
// per call); the exit statuses of bad arguments, a server away and a wrong token are checked on
// spawned processes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServe, runSvc, type ServeChild } from '../helpers/spawn.js';
import { warmSvc } from '../helpers/warm-svc.js';
import { ASK_DEPLOY_POLICY as POLICY } from '../helpers/server.js';
import { tmpdir } from 'node:os';

let dir: string;
let srv: ServeChild;
let token: string;
let env: NodeJS.ProcessEnv;
let n = 0;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-cli-approvals-'));
  writeFileSync(join(dir, 'policy.yaml'), POLICY);
  srv = await spawnServe(['--data-dir', dir, '--config', join(dir, 'policy.yaml')]);
  token = readFileSync(join(dir, 'token'), 'utf8').trim();
  env = { SERVICE_URL: srv.url, SERVICE_HOME: dir, SERVICE_TOKEN: '' };
});

after(async () => {
  await srv.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function ask(run = 'run-1', command = 'deploy prod'): Promise<{ id: string; body: Record<string, unknown> }> {
  const body = { agent: 'claude-code', session: 's1', run_id: run, tool_call_id: `tc-${++n}`, params: { command } };
  const r = await fetch(`${srv.url}/v1/tool/exec`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(r.status, 202);
  return { id: ((await r.json()) as any).approval_id, body };
}

const svc = (...args: string[]) => warmSvc(args, { env });

test('svc pending lists the queue as a table (id, age, agent, run, tool, command) and as JSON', async () => {
  const a = await ask('run-table', 'deploy table');
  const r = await svc('pending');
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.split('\n');
  assert.match(lines[0]!, /^ID\s+AGE\s+AGENT\s+RUN\s+TOOL\s+COMMAND$/);
  const row = lines.find((l) => l.startsWith(a.id))!;
  assert.ok(row, r.stdout);
  assert.match(row, /\d+s\s+claude-code\s+run-table\s+exec\s+deploy table$/);
  const json = await svc('pending', '--json');
  assert.ok(JSON.parse(json.stdout).approvals.some((x: any) => x.id === a.id));
  await svc('deny', a.id);
});

test('svc approve ID and svc deny ID resolve; a replay fails with the server message', async () => {
  const a = await ask();
  const d = await ask();
  const ok = await svc('approve', a.id);
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(ok.stdout.trim(), `${a.id}: approved`);
  const again = await svc('approve', a.id);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /already approved.*HTTP 410/);
  const den = await svc('deny', d.id);
  assert.equal(den.code, 0, den.stderr);
  assert.equal(den.stdout.trim(), `${d.id}: denied`);
  const missing = await svc('deny', '01ZZZZZZZZZZZZZZZZZZZZZZZZ');
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /HTTP 404/);
  // The approved call's exact retry now goes through once.
  const retry = await fetch(`${srv.url}/v1/tool/exec`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(a.body),
  });
  assert.equal(retry.status, 200);
  assert.equal(((await retry.json()) as any).approval_scope, 'once');
});

test('svc approve ID --persist writes the exact rule to auto-allowed.yaml', async () => {
  const a = await ask('run-persist', 'deploy persisted');
  const r = await svc('approve', a.id, '--persist');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /allow rule saved/);
  const file = join(dir, 'policies', 'auto-allowed.yaml');
  assert.ok(existsSync(file));
  assert.ok(readFileSync(file, 'utf8').includes('deploy persisted'));
});

test("svc approve --run approves that run's pending calls; --future also lets the next ones through", async () => {
  const a = await ask('run-bulk');
  const b = await ask('run-bulk');
  const other = await ask('run-other');
  const r = await svc('approve', '--run', 'claude-code/s1/run-bulk');
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, new RegExp(`approved 2 calls of run claude-code/s1/run-bulk: ${a.id}, ${b.id}`));
  assert.ok(!/future calls/.test(r.stdout));
  const c = await ask('run-bulk');
  const f = await svc('approve', '--run', 'claude-code/s1/run-bulk', '--future');
  assert.equal(f.code, 0, f.stderr);
  assert.match(f.stdout, new RegExp(`approved 1 call of run claude-code/s1/run-bulk: ${c.id}`));
  assert.match(f.stdout, /future calls of this run are allowed until .* \(120s\)/);
  const next = await fetch(`${srv.url}/v1/tool/exec`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      agent: 'claude-code',
      session: 's1',
      run_id: 'run-bulk',
      params: { command: 'deploy again' },
    }),
  });
  assert.equal(next.status, 200);
  const none = await svc('approve', '--run', 'claude-code/s1/run-none');
  assert.equal(none.code, 1);
  assert.match(none.stderr, /no pending approvals for run/);
  await svc('deny', other.id);
});

test('svc approve --link prints a signed URL that resolves that approval without a token', async () => {
  const a = await ask('run-link');
  const r = await svc('approve', a.id, '--link');
  assert.equal(r.code, 0, r.stderr);
  const url = r.stdout.trim();
  assert.ok(url.startsWith(`${srv.url}/v1/approvals/${a.id}/resolve?sig=`));
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"approved":false}',
  });
  assert.equal(res.status, 200);
  assert.equal(((await res.json()) as any).status, 'denied');
});

test('bad arguments exit 2 with one line; an unreachable server or a wrong token exit 1 with a clear message', async () => {
  for (const [i, args] of [
    ['approve'],
    ['deny'],
    ['deny', 'a', 'b'],
    ['approve', 'X', '--future'],
    ['approve', '--run', 'nope'],
    ['approve', 'X', '--run', 'a/b/c'],
    ['pending', 'extra'],
    ['approve', '--bogus'],
  ].entries()) {
    // The first as a process of its own: the status is the process's.
    const r = await (i === 0 ? runSvc(args, { env }) : svc(...args));
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  const down = await runSvc(['pending'], { env: { ...env, SERVICE_URL: 'http://127.0.0.1:1' } });
  assert.equal(down.code, 1);
  assert.match(down.stderr, /cannot reach the svc server at http:\/\/127\.0\.0\.1:1/);
  const bad = await runSvc(['pending'], { env: { ...env, SERVICE_TOKEN: 'wrong' } });
  assert.equal(bad.code, 1);
  assert.match(bad.stderr, /invalid authorization token.*SERVICE_TOKEN/);
});
