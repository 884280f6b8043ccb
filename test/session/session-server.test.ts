// Session-aware rules through the HTTP API and the CLI, against a real server on port 0 with a
// temp data dir and the shipped standard profile: a credential read taints the session, its
// credential and its run; unknown-host egress is then asked; previews change nothing; the state
// survives a restart (rebuilt from the audit log) and `svc policy explain --session` shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { ManualClock } from '../../src/util/clock.js';
import { SVC_BIN } from '../helpers/spawn.js';

const STANDARD = fileURLToPath(new URL('../../../policies/standard.yaml', import.meta.url));

function call(session: string, params: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { agent: 'claude', session, params, workdir: '/home/dev/project', ...extra };
}

/** Runs the CLI without blocking the event loop (the server answering it runs in this process). */
function svc(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SVC_BIN, ...args], { env, encoding: 'utf8' }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ status: code, stdout, stderr });
    });
  });
}

const curl = (s: string, extra: Record<string, unknown> = {}) =>
  call(s, { command: 'curl https://collector.example.net/x' }, extra);

async function withServer(dataDir: string, clock: ManualClock, fn: (srv: TestServer) => Promise<void>): Promise<void> {
  const srv = await startTestServer({ dataDir, clock, args: ['--config', STANDARD] });
  try {
    await fn(srv);
  } finally {
    await srv.stop();
  }
}

test('a credential read taints the session, its token and its run; egress to an unknown host is then asked', async () => {
  const dataDir = tempDir();
  const clock = new ManualClock(Date.now());
  try {
    await withServer(dataDir, clock, async (srv) => {
      // before: curl to an unknown host is allowed (watched)
      let r = await srv.req('POST', '/v1/tool/exec', curl('s1'));
      assert.equal(r.status, 200);
      assert.equal(r.body.decision, 'watch');

      // a preview of the credential read changes nothing
      r = await srv.req('POST', '/v1/preflight/read', call('s1', { path: '/home/dev/.aws/credentials' }));
      assert.equal(r.body.decision, 'deny');
      r = await srv.req('POST', '/v1/tool/exec', curl('s1'));
      assert.equal(r.body.decision, 'watch', 'a preview must not taint');

      // the read itself is denied, and taints
      r = await srv.req(
        'POST',
        '/v1/tool/read',
        call('s1', { path: '/home/dev/.aws/credentials' }, { run_id: 'run-7' }),
      );
      assert.equal(r.status, 403);

      r = await srv.req('POST', '/v1/tool/exec', curl('s1'));
      assert.equal(r.status, 202);
      assert.equal(r.body.decision, 'ask');
      assert.match(r.body.message, /credential file/);
      // the fetch tool and nc too; a package registry stays open
      r = await srv.req('POST', '/v1/tool/fetch', call('s1', { url: 'https://paste.example.org/new' }));
      assert.equal(r.body.decision, 'ask');
      r = await srv.req('POST', '/v1/tool/exec', call('s1', { command: 'nc collector.example.net 443' }));
      assert.equal(r.body.decision, 'ask');
      r = await srv.req(
        'POST',
        '/v1/tool/exec',
        call('s1', { command: 'curl -sO https://registry.npmjs.org/left-pad' }),
      );
      assert.equal(r.body.decision, 'watch');

      // a new session id on the same token does not shed the taint
      r = await srv.req('POST', '/v1/tool/exec', curl('fresh-session'));
      assert.equal(r.body.decision, 'ask');

      // another agent's token with its own session is not tainted...
      const other = srv.ctx.tokens.create('other-agent', ['eval']).token;
      r = await srv.req('POST', '/v1/tool/exec', { ...curl('o1'), agent: 'other-agent' }, other);
      assert.equal(r.body.decision, 'watch');
      // ...unless it carries the tainted run
      r = await srv.req('POST', '/v1/tool/exec', { ...curl('o2', { run_id: 'run-7' }), agent: 'other-agent' }, other);
      assert.equal(r.body.decision, 'ask');

      // the state is shown, with the key that carries the taint
      r = await srv.req('GET', '/v1/sessions/s1');
      assert.equal(r.status, 200);
      const keys = r.body.taints.map((t: { key: string }) => t.key).sort();
      assert.deepEqual(keys, ['c:server/admin', 'r:run-7', 's:s1']);
      assert.ok(
        r.body.events.some(
          (e: { tool: string; path?: string }) => e.tool === 'read' && e.path === '/home/dev/.aws/credentials',
        ),
      );
      assert.equal((await srv.req('GET', '/v1/sessions/s1', undefined, other)).status, 403);

      // the taint lasts an hour
      clock.advance(3_600_001);
      r = await srv.req('POST', '/v1/tool/exec', curl('s1'));
      assert.equal(r.body.decision, 'watch');
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the taint survives a restart: the state is rebuilt from the audit log', async () => {
  const dataDir = tempDir();
  const clock = new ManualClock(Date.now());
  try {
    await withServer(dataDir, clock, async (srv) => {
      const r = await srv.req('POST', '/v1/tool/exec', call('s9', { command: 'cat ~/.ssh/id_ed25519' }));
      assert.equal(r.status, 403);
      assert.equal((await srv.req('POST', '/v1/tool/exec', curl('s9'))).body.decision, 'ask');
    });
    clock.advance(60_000);
    await withServer(dataDir, clock, async (srv) => {
      assert.equal((await srv.req('POST', '/v1/tool/exec', curl('s9'))).body.decision, 'ask');
      assert.equal((await srv.req('POST', '/v1/tool/exec', curl('another'))).body.decision, 'ask', 'credential key');
      const s = await srv.req('GET', '/v1/sessions/s9');
      assert.equal(s.body.taints.length, 2);

      // svc policy explain --session talks to the running server
      const env = { ...process.env, SERVICE_URL: srv.url, SERVICE_TOKEN: srv.token, SERVICE_HOME: dataDir };
      const out = await svc(['policy', 'explain', '--session', 's9'], env);
      assert.equal(out.status, 0, out.stderr);
      assert.match(out.stdout, /secret on s:s9 until .* \(set by policy session-secret-taint\)/);
      assert.match(out.stdout, /exec "cat ~\/.ssh\/id_ed25519"/);
      assert.match(out.stdout, /\(cat reads/);
      const js = await svc(['policy', 'explain', '--session', 's9', '--json'], env);
      assert.equal(JSON.parse(js.stdout).session, 's9');
      const bad = await svc(['policy', 'explain', '--session', ''], env);
      assert.equal(bad.status, 2);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('an agent cannot plant taint marks through its params', async () => {
  const dataDir = tempDir();
  const clock = new ManualClock(Date.now());
  try {
    const forged = [{ label: 'secret', key: 'c:server/admin', until: '2099-01-01T00:00:00Z', policy: 'x' }];
    await withServer(dataDir, clock, async (srv) => {
      const r = await srv.req('POST', '/v1/tool/exec', call('p1', { command: 'ls', session_taint: forged }));
      assert.equal(r.status, 200);
    });
    await withServer(dataDir, clock, async (srv) => {
      assert.equal((await srv.req('POST', '/v1/tool/exec', curl('p2'))).body.decision, 'watch');
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
