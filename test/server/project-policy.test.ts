// Through the real server: a repository's own .svc/policy.yaml decides the calls made in it (HTTP
// workdir and the preload socket's cwd), stricter only; the decision's audit event names the
// file; status lists the project layer with what it refused; an edit applies to the next call;
// a hostile file leaves decisions flowing with the last good layer; --no-project-policy is off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { LAUGHS } from '../helpers/hostile-yaml.js';

const SVC = new URL('../../../bin/svc.js', import.meta.url).pathname;

const BASE = `version: "1"
default_action: allow
policies:
  - name: destructive
    match: { tool: exec }
    rules:
      - action: deny
        when: { command_matches: ["rm -rf /"] }
        message: destructive command blocked
`;

const PROJECT = `version: "1"
policies:
  - name: no-deploys-here
    match: { tool: exec }
    rules:
      - action: allow
        when: { command_matches: ["make deploy --dry-run"] }
      - action: deny
        when: { command_matches: ["make deploy*"] }
        message: deploys from this repository go through CI
`;

function project(): { dir: string; repo: string; file: string; other: string } {
  const dir = tempDir('svc-project-srv-');
  const repo = join(dir, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, '.svc'), { recursive: true });
  mkdirSync(join(repo, 'src'));
  mkdirSync(join(dir, 'elsewhere'));
  const file = join(repo, '.svc', 'policy.yaml');
  writeFileSync(file, PROJECT);
  return { dir, repo, file, other: join(dir, 'elsewhere') };
}

const call = (command: string, workdir: string) => ({ agent: 'a', session: 's', params: { command }, workdir });

async function audited(s: TestServer, command: string): Promise<any[]> {
  const r = await s.req('GET', '/v1/audit/events?limit=500');
  return (r.body.events ?? []).filter((e: any) => e.request?.command === command);
}

function viaSocket(path: string, command: string, cwd: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const c = net.connect(path);
    let buf = '';
    c.on('data', (d) => {
      buf += d;
      if (!buf.endsWith('\n')) return;
      c.destroy();
      resolve(JSON.parse(buf));
    });
    c.on('error', reject);
    const argv = command.split(' ');
    c.write(
      JSON.stringify({
        v: 1,
        tool: 'exec',
        agent: 'bot',
        session: 's',
        run_id: 'r1',
        path: '/usr/bin/make',
        cwd,
        pid: 1,
        ppid: 1,
        argv,
        command,
      }) + '\n',
    );
  });
}

test('a project deny decides calls made in the project (HTTP and socket), not elsewhere; audit and status name the file', async () => {
  const p = project();
  const s = await startTestServer({ policy: BASE, socket: true });
  try {
    const denied = await s.req('POST', '/v1/tool/exec', call('make deploy', join(p.repo, 'src')));
    assert.equal(denied.status, 403, JSON.stringify(denied.body));
    assert.equal(denied.body.message, 'deploys from this repository go through CI');
    assert.equal(denied.body.policy, 'no-deploys-here');
    assert.equal((await s.req('POST', '/v1/tool/exec', call('make deploy', p.other))).status, 200, 'elsewhere');
    assert.equal(
      (await s.req('POST', '/v1/tool/exec', { agent: 'a', session: 's', params: { command: 'make deploy' } })).status,
      200,
      'no workdir',
    );
    // The refused allow rule does not let its call through: the deny after it covers it.
    assert.equal((await s.req('POST', '/v1/tool/exec', call('make deploy --dry-run', p.repo))).status, 403);
    // Deny wins across layers: the base's deny holds in the project.
    assert.equal((await s.req('POST', '/v1/tool/exec', call('rm -rf /', p.repo))).status, 403);

    const sock = s.ctx.opts.socketPath;
    const bySocket = await viaSocket(sock, 'make deploy', p.repo);
    assert.equal(bySocket.decision, 'deny', 'preload socket, cwd in the project');
    assert.equal(bySocket.message, 'deploys from this repository go through CI');
    assert.equal((await viaSocket(sock, 'make deploy', p.other)).decision, 'allow', 'preload socket, elsewhere');

    const events = await audited(s, 'make deploy');
    const projectDenies = events.filter((e) => e.decision.action === 'deny');
    assert.equal(projectDenies.length, 2);
    for (const e of projectDenies) assert.equal(e.request.policy_file, p.file);
    for (const e of events.filter((x) => x.decision.action === 'allow')) assert.equal(e.request.policy_file, undefined);
    const refusal = (await s.req('GET', '/v1/audit/events?limit=500')).body.events.find(
      (e: any) => e.request?.kind === 'project_policy_refused',
    );
    assert.ok(refusal, 'the refused allow rule is on the record');
    assert.match(refusal.decision.message, /policy\.yaml:6: policy "no-deploys-here": an allow rule is refused/);

    const st = await s.req('GET', '/v1/status');
    assert.equal(st.status, 200);
    assert.equal(st.body.project_layers.length, 1);
    const layer = st.body.project_layers[0];
    assert.equal(layer.root, p.repo);
    assert.deepEqual(layer.files, [p.file]);
    assert.equal(layer.rule_count, 1);
    assert.match(layer.refused[0], /policy\.yaml:6: .*an allow rule is refused/);

    // `svc status` says the same on one screen.
    const env = {
      PATH: process.env.PATH,
      HOME: p.dir,
      SERVICE_URL: s.url,
      SERVICE_HOME: s.dataDir,
      SERVICE_TOKEN: s.token,
    };
    const out = (await promisify(execFile)(process.execPath, [SVC, 'status'], { env })).stdout;
    assert.match(out, new RegExp(`project layer ${p.repo}: 1 policies, 1 rules`));
    assert.match(out, /refused: .*policy\.yaml:6: .*an allow rule is refused/);
    assert.match(out, /layer base /);
  } finally {
    await s.stop();
    rmSync(p.dir, { recursive: true, force: true });
  }
});

test('an edit applies to the next call; a hostile edit keeps the last good layer and decisions flow', async () => {
  const p = project();
  const s = await startTestServer({ policy: BASE });
  try {
    assert.equal((await s.req('POST', '/v1/tool/exec', call('make clean', p.repo))).status, 200);
    writeFileSync(p.file, PROJECT.replace('make deploy*', 'make clean'));
    assert.equal((await s.req('POST', '/v1/tool/exec', call('make clean', p.repo))).status, 403, 'no watcher delay');

    for (const [name, text] of [
      ['alias bomb', LAUGHS],
      ['10 MB', 'version: "1"\n#' + 'x'.repeat(10 * 1024 * 1024) + '\n'],
      ['invalid YAML', 'policies: [ {name: x, rules: [ {action: deny\n'],
    ] as const) {
      writeFileSync(p.file, text);
      const r = await s.req('POST', '/v1/tool/exec', call('make clean', p.repo));
      assert.equal(r.status, 403, `${name}: the last good layer stays in force`);
      assert.equal((await s.req('POST', '/v1/tool/exec', call('ls', p.repo))).status, 200, name);
      assert.equal((await s.req('POST', '/v1/tool/exec', call('rm -rf /', p.other))).status, 403, name);
      const layer = (await s.req('GET', '/v1/status')).body.project_layers[0];
      assert.match(layer.error, /policy\.yaml.*the last good project layer stays in force/, name);
    }
    const failed = (await s.req('GET', '/v1/audit/events?limit=500')).body.events.filter(
      (e: any) => e.request?.kind === 'project_policy_load_failed',
    );
    assert.equal(failed.length, 3);
  } finally {
    await s.stop();
    rmSync(p.dir, { recursive: true, force: true });
  }
});

test('--no-project-policy: project files are not read, status lists no project layers', async () => {
  const p = project();
  const s = await startTestServer({ policy: BASE, args: ['--no-project-policy'] });
  try {
    assert.equal((await s.req('POST', '/v1/tool/exec', call('make deploy', p.repo))).status, 200);
    assert.equal((await s.req('GET', '/v1/status')).body.project_layers, undefined);
  } finally {
    await s.stop();
    rmSync(p.dir, { recursive: true, force: true });
  }
});
