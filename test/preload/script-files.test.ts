// Real programs under LD_PRELOAD with the real server: a shell script whose bad part is a builtin
// (no exec of its own to catch) is stopped before it starts, because the server reads the script
// the exec runs; rewritten harmless, the same exec runs, so no earlier answer is reused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { preloadEnv, run, denyMarkerPolicy, servePolicy, type PolicyServer } from './harness.js';

const POLICY = denyMarkerPolicy('svc-script-marker');

let srv: PolicyServer;
let dataDir: string;
let socket: string;
before(async () => {
  srv = await servePolicy(POLICY, 'svc-script-');
  ({ dataDir, socket } = srv);
});
after(() => srv.stop());

test('bash SCRIPT and ./SCRIPT are refused when the script holds what the policy denies', async () => {
  const script = join(dataDir, 'job.sh');
  // echo is a builtin: without reading the script, nothing in it would reach the server
  writeFileSync(script, '#!/bin/bash\necho svc-script-marker ran\n');
  chmodSync(script, 0o755);
  for (const line of [`/bin/bash ${script}; echo rc=$?`, `${script}; echo rc=$?`]) {
    const r = await run('/bin/sh', ['-c', line], preloadEnv(socket), { cwd: dataDir });
    assert.match(r.stdout, /rc=126/, `${line}: ${r.stdout} ${r.stderr}`);
    assert.doesNotMatch(r.stdout, /svc-script-marker ran/);
    assert.match(r.stderr, /the marker is refused/);
  }
  writeFileSync(script, '#!/bin/bash\necho harmless ran\n');
  const ok = await run('/bin/sh', ['-c', `/bin/bash ${script}; echo rc=$?`], preloadEnv(socket), { cwd: dataDir });
  assert.match(ok.stdout, /harmless ran\nrc=0/, ok.stderr);
  writeFileSync(script, '#!/bin/bash\necho svc-script-marker ran\n');
  const again = await run('/bin/sh', ['-c', `/bin/bash ${script}; echo rc=$?`], preloadEnv(socket), { cwd: dataDir });
  assert.match(again.stdout, /rc=126/, 'the allow of the harmless text was not kept for the same exec');
});
