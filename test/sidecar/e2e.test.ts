// End to end: `svc serve` with a webhook rule -> `svc sidecar` -> a fake model, all real
// processes and sockets. Pattern matching fires first; only matching commands reach the model,
// the model sees them redacted, and the audit trail keeps them whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SVC_BIN, spawnServe, type ServeChild } from '../helpers/spawn.js';
import { startFake, type FakeModel } from './fakes.js';

// Until the policy engine's webhook action lands, `svc serve` cannot start; say so instead of failing.

function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!/^(VERIFY_|OPENAI_|ANTHROPIC_|OLLAMA_|SERVICE_)/.test(k)) env[k] = v;
  return { ...env, ...extra };
}

function spawnSidecar(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [SVC_BIN, 'sidecar'], {
    env: cleanEnv({ VERIFY_PORT: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sidecar did not start; stderr: ${err}`)), 15_000);
    child.once('exit', (code) => reject(new Error(`sidecar exited ${code}: ${err}`)));
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ child, url: m[1]! });
      }
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test('serve + sidecar + model: a matching command is denied with the model reason; others never reach it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-e2e-sidecar-'));
  let model: FakeModel | undefined;
  let sidecar: { child: ChildProcess; url: string } | undefined;
  let serve: ServeChild | undefined;
  try {
    model = await startFake('ollama', 'DENY: deploys to production outside a release window');
    sidecar = await spawnSidecar({
      SERVICE_HOME: join(dir, 'sidecar'),
      VERIFY_PROVIDER: 'ollama',
      OLLAMA_URL: model.url,
    });
    const policy = join(dir, 'policy.yaml');
    writeFileSync(
      policy,
      [
        'version: "1"',
        'default_action: allow',
        'policies:',
        '  - name: review-deploys',
        '    match:',
        '      tool: ["exec"]',
        '    rules:',
        '      - action: webhook',
        '        when:',
        '          command_matches: ["deploy *"]',
        '        webhook:',
        `          url: ${sidecar.url}/verify`,
        '          timeout: 5s',
        '          fail_open: false',
        '',
      ].join('\n'),
    );
    const dataDir = join(dir, 'data');
    serve = await spawnServe(['--data-dir', dataDir, '--config', policy]);
    const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
    const call = async (command: string) => {
      const res = await fetch(`${serve!.url}/v1/tool/exec`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ agent: 'e2e-agent', session: 'e2e', run_id: 'run-7', params: { command } }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };

    const secretCommand = 'deploy prod --token=s3cr3t-deploy-token-42';
    const denied = await call(secretCommand);
    assert.equal(denied.status, 403, JSON.stringify(denied.body));
    assert.equal(denied.body.decision, 'deny');
    assert.equal(denied.body.allowed, false);
    assert.match(denied.body.message, /deploys to production outside a release window/);

    // The model saw the command, redacted, with the webhook's metadata.
    assert.equal(model.received.filter((r) => r.path === '/api/chat').length, 1);
    const prompt = model.received[0]!.raw;
    assert.ok(prompt.includes('deploy prod --token=[REDACTED]'), prompt);
    assert.ok(!prompt.includes('s3cr3t-deploy-token-42'));
    assert.ok(prompt.includes('review-deploys'), 'the matched policy name travels to the sidecar');

    // The audit trail on disk keeps the full, unredacted command next to the deny.
    const auditDir = join(dataDir, 'audit');
    const events = readdirSync(auditDir)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(auditDir, f), 'utf8').trim().split('\n'))
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const deployEvents = events.filter((e) => JSON.stringify(e.request ?? e.params ?? e).includes(secretCommand));
    assert.ok(deployEvents.length >= 1, 'an audit event holds the unredacted command');
    assert.ok(
      deployEvents.some((e) => JSON.stringify(e.decision ?? e).includes('deny')),
      'the audit trail records the deny',
    );

    // A model ALLOW lets a matching command through.
    model.answer = 'ALLOW: dry run only';
    const allowed = await call('deploy staging --dry-run');
    assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
    assert.equal(allowed.body.decision, 'allow');
    const reached = model.received.length;

    // Commands that match no webhook rule never reach the sidecar.
    for (const cmd of ['ls -la', 'git status', 'echo deploy prod']) {
      const r = await call(cmd);
      assert.equal(r.status, 200, `${cmd}: ${JSON.stringify(r.body)}`);
    }
    assert.equal(model.received.length, reached);
    const metrics = (await (await fetch(`${sidecar.url}/metrics`)).json()) as Record<string, number>;
    assert.equal(metrics.verify_requests_total, 2);
    assert.equal(metrics.deny_total, 1);
    assert.equal(metrics.allow_total, 1);
  } finally {
    if (serve) await serve.stop();
    if (sidecar) await stop(sidecar.child);
    if (model) await model.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
