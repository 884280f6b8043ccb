// Runs the Python SDK's own pytest suite (sdk/python: clients, guard, adapters) against real
// servers it starts itself. Uses the first python3 that can import pytest (CI installs
// Debian's python3-pytest); skipped with the reason when there is none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const candidates = ['/usr/bin/python3', 'python3', 'python'];
const python = candidates.find((p) => spawnSync(p, ['-c', 'import pytest'], { stdio: 'ignore' }).status === 0);

test(
  'Python SDK: pytest sdk/python against a real svc serve',
  {
    skip: python ? false : `no python3 with pytest among ${candidates.join(', ')} (apt-get install python3-pytest)`,
    timeout: 300_000,
  },
  () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE: process.execPath, PYTHONDONTWRITEBYTECODE: '1' };
    delete env.SERVICE_TOKEN;
    delete env.SERVICE_URL;
    const r = spawnSync(python!, ['-m', 'pytest', 'sdk/python', '-q', '-p', 'no:cacheprovider'], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, `pytest failed:\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /\d+ passed/);
    assert.doesNotMatch(r.stdout, /failed|error/i);
  },
);
