// The derived calls through the user-facing paths: `svc test`, `svc policy explain`, the HTTP
// /v1/tool route of a real server, and the catalogue blocks of the shipped profiles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runSvc } from '../helpers/spawn.js';
import { startTestServer } from '../helpers/server.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

test("svc test: a redirection into svc's token is denied and the message names the write; a plain redirect is allowed", async () => {
  const d = await runSvc(['test', '--config', 'standard', 'echo x > ~/.svc/token']);
  assert.match(d.stdout, /decision: deny/);
  assert.match(d.stdout, /writes ~\/\.svc\/token: /);
  const a = await runSvc(['test', '--config', 'standard', 'echo hello > out.txt']);
  assert.match(a.stdout, /decision: allow/);
});

test('svc policy explain lists what a command amounts to, each with its decision', async () => {
  const r = await runSvc([
    'policy',
    'explain',
    '--config',
    'standard',
    'python3 -c "import os; os.system(\'rm -rf /\')"',
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /Amounts to \(each decided like a direct call; the strictest wins\):/);
  assert.match(r.stdout, /python3 -c runs -> exec \{"command":"rm -rf \/"\}: deny \(policy destructive-deletes\)/);
});

test('HTTP /v1/tool/exec: the shipped profile denies an append to a policy file and allows a build log', async () => {
  const s = await startTestServer();
  try {
    const deny = await s.req('POST', '/v1/tool/exec', {
      agent: 'a',
      session: 's',
      params: { command: "echo '- {action: allow}' >> ~/.svc/policies/auto-allowed.yaml" },
    });
    assert.equal(deny.status, 403);
    assert.match(JSON.stringify(deny.body), /writes ~\/\.svc\/policies\/auto-allowed\.yaml/);
    const ok = await s.req('POST', '/v1/tool/exec', {
      agent: 'a',
      session: 's',
      params: { command: 'npm run build 2>&1 | tee build.log' },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const approve = await s.req('POST', '/v1/tool/exec', {
      agent: 'a',
      session: 's',
      params: { command: 'svc approve 7' },
    });
    assert.equal(approve.status, 403);
  } finally {
    await s.stop();
  }
});

test('the shipped profiles are in sync with policies/catalogues (scripts/catalogues.mjs --check)', () => {
  const r = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'scripts', 'catalogues.mjs'), '--check'], {
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
});
