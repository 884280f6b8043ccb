// Through the real server: `bash x.sh` is decided by what x.sh holds when the call arrives, the
// audit record keeps that text, and a replay decides the recorded text, not the file as it is
// later on disk.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { SVC_BIN } from '../helpers/spawn.js';

const POLICY = `
version: "1"
default_action: allow
policies:
  - name: no-marker
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["*svc-script-marker*"] }
        message: the marker is refused
`;
const ASK_POLICY = `
version: "1"
default_action: allow
policies:
  - name: ask-marker
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["*svc-ask-marker*"] }
        message: a human decides
`;
const CANDIDATE = `
version: "1"
policies:
  - name: no-extra
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["*svc-replay-extra*"] }
`;

let dataDir: string;
let work: string;
let srv: TestServer;
before(async () => {
  dataDir = tempDir();
  work = tempDir('svc-script-work-');
  srv = await startTestServer({ dataDir, policy: POLICY });
});
after(async () => {
  await srv.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

const exec = (command: string) =>
  srv.req('POST', '/v1/tool/exec', { agent: 'claude', session: 's1', params: { command }, workdir: work });

function records(): any[] {
  const dir = join(dataDir, 'audit');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l))
    .filter((e) => typeof e.request?.command === 'string');
}

test('a script run from disk is decided by its text at the time of the call, and recorded with it', async () => {
  const a = join(work, 'a.sh');
  writeFileSync(a, '#!/bin/sh\necho svc-script-marker\n');
  const first = await exec('bash a.sh');
  assert.equal(first.status, 403);
  assert.equal(first.body.decision, 'deny');
  assert.match(first.body.message ?? first.body.reason ?? JSON.stringify(first.body), /the marker is refused|a\.sh/);

  // the same line, once the file is harmless, is allowed: nothing kept the earlier answer
  writeFileSync(a, '#!/bin/sh\necho fine\n');
  const second = await exec('bash a.sh');
  assert.equal(second.status, 200);
  assert.equal(second.body.decision, 'allow');
  // and back again
  writeFileSync(a, 'echo svc-script-marker\n');
  assert.equal((await exec('bash a.sh')).body.decision, 'deny');

  const recs = records().filter((e) => e.request.command === 'bash a.sh');
  assert.equal(recs.length, 3);
  assert.deepEqual(
    recs.map((e) => [e.decision.action, e.request.script_files?.[0]?.path, e.request.script_files?.[0]?.runner]),
    [
      ['deny', a, 'bash'],
      ['allow', a, 'bash'],
      ['deny', a, 'bash'],
    ],
  );
  assert.match(recs[0].request.script_files[0].content, /svc-script-marker/);
  // a line that runs no script carries no script_files
  await exec('ls -la');
  assert.equal(records().find((e) => e.request.command === 'ls -la')?.request.script_files, undefined);
});

test('an agent cannot pass script text of its own: a script_files param is kept apart, the file is read', async () => {
  const c = join(work, 'c.sh');
  writeFileSync(c, 'echo svc-script-marker\n');
  const r = await srv.req('POST', '/v1/tool/exec', {
    agent: 'claude',
    session: 's1',
    params: { command: 'bash c.sh', script_files: [{ path: c, runner: 'bash', content: 'echo harmless' }] },
    workdir: work,
  });
  assert.equal(r.body.decision, 'deny');
});

test('replay decides the recorded script text, not the file as it is now', async () => {
  const b = join(work, 'b.sh');
  writeFileSync(b, 'echo svc-replay-extra\n');
  assert.equal((await exec('bash b.sh')).body.decision, 'allow');
  writeFileSync(b, 'echo nothing to see\n');
  const candidate = join(work, 'candidate');
  mkdirSync(candidate);
  writeFileSync(join(candidate, 'next.yaml'), CANDIDATE);
  const base = join(dataDir, 'test-policy.yaml');
  const out = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(
      process.execPath,
      [SVC_BIN, 'policy', 'replay', candidate, '--data-dir', dataDir, '--config', base, '--json'],
      { env: { ...process.env, SERVICE_TOKEN: '' }, maxBuffer: 16 << 20 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
  assert.equal(out.code, 1, out.stderr);
  const rep = JSON.parse(out.stdout);
  assert.deepEqual(rep.byPair, { 'allow->deny': 1 }, JSON.stringify(rep.rows));
  assert.deepEqual(
    rep.rows.flatMap((r: any) => r.examples.map((e: any) => e.subject)),
    ['bash b.sh'],
  );
});

test('an approved run of a script holds for the text the human approved, not for another one put in its place', async () => {
  const d = tempDir();
  const w = tempDir('svc-script-ask-');
  const s = await startTestServer({ dataDir: d, policy: ASK_POLICY });
  try {
    const job = join(w, 'job.sh');
    writeFileSync(job, 'echo svc-ask-marker deploy v1\n');
    const body = {
      agent: 'claude',
      session: 's1',
      run_id: 'run-1',
      tool_call_id: 'tc-1',
      params: { command: 'bash job.sh' },
      workdir: w,
    };
    const asked = await s.req('POST', '/v1/tool/exec', body);
    assert.equal(asked.status, 202, JSON.stringify(asked.body));
    const id = asked.body.approval_id;
    assert.equal((await s.req('POST', `/v1/approvals/${id}/resolve`, { approved: true })).status, 200);
    // the file changed before the retry: the approval does not cover the new text
    writeFileSync(job, 'echo svc-ask-marker deploy v2 and more\n');
    const swapped = await s.req('POST', '/v1/tool/exec', body);
    assert.equal(swapped.status, 202, JSON.stringify(swapped.body));
    assert.notEqual(swapped.body.approval_id, id);
    // the text the human saw is still covered, once
    writeFileSync(job, 'echo svc-ask-marker deploy v1\n');
    const retry = await s.req('POST', '/v1/tool/exec', body);
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    assert.equal(retry.body.approval_id, id);
  } finally {
    await s.stop();
    rmSync(d, { recursive: true, force: true });
    rmSync(w, { recursive: true, force: true });
  }
});
