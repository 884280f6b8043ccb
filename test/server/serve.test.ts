// `svc serve` as a user runs it: the listening line, the data dir, the lock, shutdown, bad input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnServe, runSvc } from '../helpers/spawn.js';
import { tempDir } from '../helpers/server.js';

test('serve prints one listening line, creates the data dir and token with tight modes, and stops on SIGTERM with 0', async () => {
  const dir = join(tempDir(), 'home');
  const s = await spawnServe(['--data-dir', dir]);
  assert.match(s.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(statSync(dir).mode & 0o777, 0o700);
  assert.equal(statSync(join(dir, 'token')).mode & 0o777, 0o600);
  const token = readFileSync(join(dir, 'token'), 'utf8').trim();
  assert.match(token, /^[0-9a-f]{64}$/);
  const r = await fetch(`${s.url}/v1/tool/exec`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ agent: 'a', session: 's', params: { command: 'rm -rf /' } }),
  });
  assert.equal(r.status, 403, 'the shipped default policy denies rm -rf /');
  assert.equal(await s.stop('SIGTERM'), 0);
});

test('a second serve on the same data dir exits non-zero naming the holder, before binding', async () => {
  const dir = tempDir();
  const first = await spawnServe(['--data-dir', dir]);
  try {
    const second = await runSvc(['serve', '--port', '0', '--data-dir', dir]);
    assert.notEqual(second.code, 0);
    assert.match(second.stderr, new RegExp(`process ${first.child.pid}`));
    assert.ok(!second.stdout.includes('listening on'));
  } finally {
    assert.equal(await first.stop('SIGINT'), 0);
  }
  // kill -9 releases the lock too (the kernel drops the flock).
  const again = await spawnServe(['--data-dir', dir]);
  again.child.kill('SIGKILL');
  await new Promise((r) => again.child.once('exit', r));
  const third = await spawnServe(['--data-dir', dir]);
  assert.equal(await third.stop(), 0);
});

test('SERVICE_TOKEN replaces the token file content', async () => {
  const dir = tempDir();
  const s = await spawnServe(['--data-dir', dir], { SERVICE_TOKEN: 'x'.repeat(40) });
  try {
    const ok = await fetch(`${s.url}/v1/status`, { headers: { authorization: `Bearer ${'x'.repeat(40)}` } });
    assert.equal(ok.status, 200);
    const fileTok = readFileSync(join(dir, 'token'), 'utf8').trim();
    assert.equal((await fetch(`${s.url}/v1/status`, { headers: { authorization: `Bearer ${fileTok}` } })).status, 401);
  } finally {
    await s.stop();
  }
});

test('a first policy load that fails refuses to start, naming file and line', async () => {
  const dir = tempDir();
  const bad = join(dir, 'bad.yaml');
  writeFileSync(
    bad,
    'policies:\n  - name: x\n    rules:\n      - action: deny\n        when: { command_match: ["x"] }\n',
  );
  const r = await runSvc(['serve', '--port', '0', '--data-dir', dir, '--config', bad]);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /bad\.yaml:5/);
  assert.match(r.stderr, /command_match/);
});

test('bad arguments print one clear line and exit 2; --help works', async () => {
  for (const args of [['--port', 'abc'], ['--mode', 'loud'], ['--approval-timeout', '5 minutes'], ['--bogus']]) {
    const r = await runSvc(['serve', ...args]);
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  const h = await runSvc(['serve', '--help']);
  assert.equal(h.code, 0);
  assert.match(h.stdout, /--approval-timeout/);
});

test('shipped profiles are picked by name', async () => {
  const dir = tempDir();
  const s = await spawnServe(['--data-dir', dir, '--config', 'strict']);
  try {
    const tok = readFileSync(join(dir, 'token'), 'utf8').trim();
    const st = await (await fetch(`${s.url}/v1/status`, { headers: { authorization: `Bearer ${tok}` } })).json();
    assert.match(st.config_path, /policies\/strict\.yaml$/);
  } finally {
    await s.stop();
  }
  assert.ok(!existsSync(join(dir, 'svc.sock')), 'the socket is removed on shutdown');
});

test('svc token create/list/revoke', async () => {
  const dir = tempDir();
  const c = await runSvc(['token', 'create', '--agent', 'bot', '--data-dir', dir]);
  assert.equal(c.code, 0);
  assert.match(c.stdout.trim(), /^svc_[0-9a-f]{48}$/);
  const file = readFileSync(join(dir, 'tokens.json'), 'utf8');
  assert.ok(!file.includes(c.stdout.trim()), 'only the digest is stored');
  assert.equal(statSync(join(dir, 'tokens.json')).mode & 0o777, 0o600);
  const l = await runSvc(['token', 'list', '--json', '--data-dir', dir]);
  const list = JSON.parse(l.stdout).tokens;
  assert.equal(list.length, 1);
  assert.equal(list[0].agent, 'bot');
  assert.ok(!('hash' in list[0]));
  const rv = await runSvc(['token', 'revoke', list[0].id, '--data-dir', dir]);
  assert.equal(rv.code, 0);
  assert.equal((await runSvc(['token', 'revoke', list[0].id, '--data-dir', dir])).code, 1);
  assert.equal((await runSvc(['token', 'create', '--data-dir', dir])).code, 2);
  assert.equal((await runSvc(['token', 'create', '--agent', 'x', '--scope', 'root', '--data-dir', dir])).code, 2);
});
