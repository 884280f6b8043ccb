import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/util/version.js';
import { startFake, execCall } from './fakes.js';

const SVC = join(PACKAGE_ROOT, 'bin', 'svc.js');

/** Environment without the caller's provider keys, so the test never talks to a real model. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(VERIFY_|OPENAI_|ANTHROPIC_|OLLAMA_|SERVICE_)/.test(k)) env[k] = v;
  return { ...env, ...extra };
}

test('svc sidecar refuses a non-loopback bind with exit 2 and one clear line', () => {
  const r = spawnSync(process.execPath, [SVC, 'sidecar'], {
    env: cleanEnv({ VERIFY_HOST: '0.0.0.0' }),
    encoding: 'utf8',
    timeout: 10_000,
  });
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, /^svc sidecar: refusing to bind 0\.0\.0\.0: .*VERIFY_ALLOW_REMOTE=1/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
  const bad = spawnSync(process.execPath, [SVC, 'sidecar', '--port', '1'], {
    env: cleanEnv({}),
    encoding: 'utf8',
    timeout: 10_000,
  });
  assert.equal(bad.status, 2);
  const help = spawnSync(process.execPath, [SVC, 'sidecar', '--help'], {
    env: cleanEnv({}),
    encoding: 'utf8',
    timeout: 10_000,
  });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /VERIFY_PORT/);
});

test('svc sidecar prints its real address for VERIFY_PORT=0, answers, logs and stops on SIGTERM', async () => {
  const home = mkdtempSync(join(tmpdir(), 'svc-sidecar-cli-'));
  const fake = await startFake('ollama', 'DENY: deploys to production');
  const child = spawn(process.execPath, [SVC, 'sidecar'], {
    env: cleanEnv({ SERVICE_HOME: home, VERIFY_PORT: '0', VERIFY_PROVIDER: 'openai', OLLAMA_URL: fake.url }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /^listening on (http:\/\/127\.0\.0\.1:(\d+))\n/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    assert.notEqual(new URL(url).port, '0');
    const r = await fetch(`${url}/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(execCall('deploy prod')),
    });
    assert.deepEqual(await r.json(), { decision: 'deny', reason: 'deploys to production' });
    const info = await (await fetch(url)).json();
    assert.equal(info.provider, 'ollama');
    assert.match(stderr, /OPENAI_API_KEY is not set; using the local model server/);
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    assert.equal(code, 0);
    const line = JSON.parse(readFileSync(join(home, 'verify', 'decisions.jsonl'), 'utf8').trim());
    assert.equal(line.command, 'deploy prod');
    assert.equal(line.decision, 'deny');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await fake.close();
    rmSync(home, { recursive: true, force: true });
  }
});
