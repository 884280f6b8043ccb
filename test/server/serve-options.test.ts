// What the README promises about `svc serve` options and the commands' help: the default data dir
// and port, --socket, --host, --audit-max-size, an edited audit event caught by verify, and
// --help on every command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { runSvc, spawnServe, SVC_BIN } from '../helpers/spawn.js';
import { warmSvc } from '../helpers/warm-svc.js';
import { tempDir } from '../helpers/server.js';

async function call(url: string, token: string, command: string): Promise<number> {
  const r = await fetch(`${url}/v1/tool/exec`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ agent: 'a', session: 's', params: { command } }),
  });
  await r.arrayBuffer();
  return r.status;
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

test('defaults: data dir ~/.svc and http://127.0.0.1:9090', async (t) => {
  if (!(await portFree(9090))) return t.skip('port 9090 is taken on this machine');
  const home = tempDir();
  const child = spawn(process.execPath, [SVC_BIN, 'serve'], {
    env: { PATH: process.env.PATH, HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
    });
    assert.equal(line, 'listening on http://127.0.0.1:9090');
    assert.equal(statSync(join(home, '.svc', 'token')).mode & 0o777, 0o600);
    assert.ok(existsSync(join(home, '.svc', 'svc.sock')), 'the preload socket in the data dir');
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
});

test('--socket, --host and --audit-max-size do what they say', async () => {
  const dir = tempDir();
  const sock = join(tempDir(), 'custom.sock');
  const s = await spawnServe(['--data-dir', dir, '--socket', sock, '--host', '127.0.0.2', '--audit-max-size', '4KiB']);
  try {
    assert.match(s.url, /^http:\/\/127\.0\.0\.2:\d+$/);
    assert.ok(statSync(sock).isSocket(), '--socket puts the preload socket there');
    assert.ok(!existsSync(join(dir, 'svc.sock')));
    const token = readFileSync(join(dir, 'token'), 'utf8').trim();
    for (let i = 0; i < 30; i++) assert.equal(await call(s.url, token, `echo rotation ${i} ${'x'.repeat(100)}`), 200);
  } finally {
    assert.equal(await s.stop('SIGTERM'), 0);
  }
  const files = readdirSync(join(dir, 'audit')).filter((f) => f.endsWith('.jsonl'));
  assert.ok(
    files.some((f) => /^\d{4}-\d{2}-\d{2}\.\d+\.jsonl$/.test(f)),
    `a size rotation happened: ${files.join(', ')}`,
  );
  const v = await runSvc(['audit', 'verify', '--data-dir', dir]);
  assert.equal(v.code, 0, v.stdout + v.stderr);
});

test('audit verify: an edited event (not a deleted line) breaks the chain at that line', async () => {
  const dir = tempDir();
  const s = await spawnServe(['--data-dir', dir]);
  try {
    const token = readFileSync(join(dir, 'token'), 'utf8').trim();
    for (const c of ['ls', 'rm -rf /', 'git status']) await call(s.url, token, c);
  } finally {
    assert.equal(await s.stop('SIGTERM'), 0);
  }
  const file = join(dir, 'audit', readdirSync(join(dir, 'audit')).filter((f) => f.endsWith('.jsonl'))[0]!);
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.includes('rm -rf /'));
  assert.ok(at >= 0);
  // The deny is rewritten as an allow, hash left as it was.
  lines[at] = lines[at]!.replace('"action":"deny"', '"action":"allow"');
  writeFileSync(file, lines.join('\n'));
  const v = await runSvc(['audit', 'verify', '--data-dir', dir]);
  assert.equal(v.code, 1);
  assert.match(v.stdout + v.stderr, new RegExp(`line ${at + 1}`));
});

test('every command answers --help with its usage and exit 0', async () => {
  const overview = await runSvc([]);
  const names = [...overview.stdout.matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) => m[1]!);
  assert.ok(names.length >= 20, names.join(' '));
  for (const [i, name] of names.entries()) {
    // The first as a process of its own; the rest through the same dispatcher in the file's warm
    // svc process (test/helpers/warm-svc.ts), without a new process and import per command.
    const r = await (i === 0 ? runSvc : warmSvc)([name, '--help']);
    assert.equal(r.code, 0, `svc ${name} --help: ${r.stderr}`);
    assert.match(r.stdout, new RegExp(`usage: svc ${name}\\b`), `svc ${name} --help`);
  }
});
