// `svc audit verify | tail | stats` as a user runs them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SVC_BIN } from '../helpers/spawn.js';
import { warmSvc } from '../helpers/warm-svc.js';
import { openAuditLog } from '../../src/audit/log.js';
import { ManualClock } from '../../src/util/clock.js';
import { auditFiles, cleanup, input, tempDir } from './helpers.js';

const SECRET = 'AKIAIOSFODNN7EXAMPLE';

/** `svc ARGS` as its own process: for the exit statuses as a process sees them. */
function spawned(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [SVC_BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, SERVICE_TOKEN: '', ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** `svc ARGS` in the file's warm svc process (test/helpers/warm-svc.ts): the same dispatcher. */
async function svc(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = await warmSvc(args, { env });
  return { code: r.code, out: r.stdout, err: r.stderr };
}

async function makeLog(n: number, clock = new ManualClock(Date.UTC(2026, 4, 20, 10))) {
  const data = tempDir();
  const dir = join(data, 'audit');
  const log = await openAuditLog({ dir, dataDir: data, clock });
  for (let i = 0; i < n; i++) {
    await log.append(
      input(
        i,
        i === 1
          ? {
              request: { command: `aws --key ${SECRET}` },
              decision: { action: 'deny', matched_policies: ['aws'], evaluation_time_us: 1, message: 'no' },
            }
          : {},
      ),
    );
  }
  return { data, dir, log, clock };
}

test('verify: exit 0 with a summary for an intact chain; --json', async () => {
  const { data, dir, log } = await makeLog(120);
  await log.close();
  try {
    const r = spawned(['audit', 'verify', '--audit-dir', dir, '--data-dir', data]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /audit chain intact: 120 events in 1 file/);
    assert.match(r.out, /anchor: matches 2026-05-20\.jsonl:100 \(event count 100, signature verified\)/);
    const j = await svc(['audit', 'verify', '--audit-dir', dir, '--data-dir', data, '--json']);
    assert.equal(j.code, 0);
    const body = JSON.parse(j.out);
    assert.equal(body.ok, true);
    assert.equal(body.events, 120);
    // SERVICE_HOME is the default data dir, <data-dir>/audit the default audit dir.
    assert.equal((await svc(['audit', 'verify'], { SERVICE_HOME: data })).code, 0);
  } finally {
    cleanup(data);
  }
});

test('verify: exit 1 naming the first bad file and line and what is wrong', async () => {
  const { data, dir, log } = await makeLog(10);
  await log.close();
  try {
    const file = join(dir, auditFiles(dir)[0]!);
    const ls = readFileSync(file, 'utf8').split('\n');
    ls.splice(4, 1);
    writeFileSync(file, ls.join('\n'));
    const r = spawned(['audit', 'verify', '--audit-dir', dir, '--data-dir', data]);
    assert.equal(r.code, 1);
    assert.match(
      r.out,
      new RegExp(
        `audit chain BROKEN: ${file.replace(/[.]/g, '\\.')} line 5: prev_hash .* does not match the previous event`,
      ),
    );
    const missing = await svc(['audit', 'verify', '--audit-dir', join(data, 'nope')]);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /no audit directory at/);
  } finally {
    cleanup(data);
  }
});

test('stats: counts by decision, tool, agent, session; --json; bad dates exit 2 in one line', async () => {
  const { data, dir, log } = await makeLog(6);
  await log.close();
  try {
    const r = await svc(['audit', 'stats', '--audit-dir', dir, '--from', '2026-05-01', '--to', '2026-05-31']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^6 events/);
    assert.match(r.out, /by decision:\n\s+5  allow\n\s+1  deny/);
    const j = JSON.parse(
      (await svc(['audit', 'stats', '--audit-dir', dir, '--from', '2026-05-20', '--to', '2026-05-20', '--json'])).out,
    );
    assert.deepEqual(j.by_action, { allow: 5, deny: 1 });
    assert.equal(j.total_events, 6);
    const bad = await svc(['audit', 'stats', '--audit-dir', dir, '--from', '2026-02-30']);
    assert.equal(bad.code, 2);
    assert.equal(bad.err.trim().split('\n').length, 1);
    assert.match(bad.err, /invalid from date/);
    assert.equal(
      (await svc(['audit', 'stats', '--audit-dir', dir, '--from', '2026-05-21', '--to', '2026-05-20'])).code,
      2,
    );
  } finally {
    cleanup(data);
  }
});

test('help on each subcommand; unknown subcommands and flags exit 2', async () => {
  assert.match((await svc(['audit', '--help'])).out, /usage: svc audit <verify\|tail\|stats>/);
  assert.match((await svc(['audit', 'verify', '--help'])).out, /usage: svc audit verify/);
  assert.match((await svc(['audit', 'tail', '--help'])).out, /usage: svc audit tail/);
  assert.match((await svc(['audit', 'stats', '--help'])).out, /usage: svc audit stats/);
  assert.equal((await svc(['audit', 'frobnicate'])).code, 2);
  assert.equal((await svc(['audit'])).code, 2);
  assert.equal((await svc(['audit', 'verify', '--bogus'])).code, 2);
  assert.equal((await svc(['audit', 'tail', '-n', 'many'])).code, 2);
});

test('tail --no-follow prints the last N events, oldest first, redacted', async () => {
  const { data, dir, log } = await makeLog(5);
  await log.close();
  try {
    const r = await svc(['audit', 'tail', '--audit-dir', dir, '-n', '4', '--no-follow']);
    assert.equal(r.code, 0, r.err);
    const lines = r.out.trim().split('\n');
    assert.equal(lines.length, 4);
    assert.match(
      lines[0]!,
      /^2026-05-20 10:00:00\.000  DENY    exec  claude\/repo\/main  aws --key \[REDACTED\]  \[aws\] no$/,
    );
    assert.match(lines[3]!, /ALLOW .* echo 4/);
    assert.ok(!r.out.includes('\x1b['), 'no colour when stdout is not a terminal');
    const j = await svc(['audit', 'tail', '--audit-dir', dir, '-n', '1', '--no-follow', '--json']);
    assert.equal(JSON.parse(j.out).request.command, 'echo 4');
  } finally {
    cleanup(data);
  }
});

function follow(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, [SVC_BIN, 'audit', 'tail', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const until = (re: RegExp, ms = 5000) =>
    new Promise<void>((resolve, reject) => {
      const t0 = Date.now();
      const tick = () =>
        re.test(out)
          ? resolve()
          : Date.now() - t0 > ms
            ? reject(new Error(`no ${re} in: ${out}`))
            : setTimeout(tick, 20);
      tick();
    });
  const stop = () => new Promise<number | null>((r) => (child.on('exit', (c) => r(c)), child.kill('SIGINT')));
  return { until, stop, out: () => out };
}

test('tail follows new events on disk, across a day rotation, and exits 0 on Ctrl-C', async () => {
  const { data, dir, log, clock } = await makeLog(2);
  try {
    const t = follow(['--audit-dir', dir, '-n', '1']);
    await t.until(/DENY/);
    await log.append(input('live one'));
    await t.until(/echo live one/);
    clock.advance(86_400_000);
    await log.append(input('next day'));
    await t.until(/2026-05-21 .*echo next day/);
    assert.equal(await t.stop(), 0);
    assert.ok(!t.out().includes('echo 0'), 'only the last 1 at start');
  } finally {
    await log.close();
    cleanup(data);
  }
});

test("tail --url follows the server's SSE stream with the token", async () => {
  let auth = '';
  const server = http.createServer((req, res) => {
    auth = String(req.headers.authorization);
    if (req.url !== '/v1/events/stream') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('data: {"type":"connected"}\n\n');
    const ev = {
      id: 'X',
      timestamp: '2026-05-20T10:00:00.000Z',
      agent: 'a',
      session: 's',
      tool: 'exec',
      request: { command: `curl -H "Authorization: Bearer ${SECRET}xyzxyzxyz"` },
      decision: { action: 'ask', matched_policies: [], evaluation_time_us: 1, message: 'needs approval' },
    };
    res.write(`data: ${JSON.stringify({ type: 'audit', event: ev })}\n\n`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const t = follow(['--url', url], { SERVICE_TOKEN: 'tok123' });
    await t.until(/ASK .*needs approval/);
    assert.equal(auth, 'Bearer tok123');
    assert.ok(!t.out().includes(SECRET));
    assert.equal(await t.stop(), 0);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});
