// Runs the Go SDK's own tests (sdk/go) against a real server when a Go toolchain is installed
// (CI installs Debian's golang-go); skipped with a reason otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const hasGo = spawnSync('go', ['version']).status === 0;

test(
  'Go SDK: go test ./... against a real svc serve',
  { skip: hasGo ? false : 'go is not installed (apt-get install golang-go)', timeout: 300_000 },
  () => {
    const r = spawnSync('go', ['test', '-count=1', './...'], {
      cwd: `${root}sdk/go`,
      env: { ...process.env, SVC_BIN: `${root}bin/svc.js`, GOFLAGS: '-mod=mod', GOTOOLCHAIN: 'local', GOPROXY: 'off' },
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `go test failed:\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /^ok\s/m);
  },
);
