// Secondary sinks against local receivers: syslog over UDP, TCP and Unix sockets (stream and,
// through logger(1), datagram), CEF, webhooks with retry; and a dead sink never slows append.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import net from 'node:net';
import http from 'node:http';
import { spawn, spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { join } from 'node:path';
import { openAuditLog } from '../../src/audit/log.js';
import { formatCef } from '../../src/audit/sinks/cef.js';
import { parseSyslogTarget } from '../../src/audit/sinks/syslog.js';
import { cleanup, input, readEvents, tempDir } from './helpers.js';

const SECRET = 'AKIAIOSFODNN7EXAMPLE';
const denyInput = () =>
  input('x', {
    request: { command: `aws s3 ls --key ${SECRET}`, password: 'hunter2' },
    decision: {
      action: 'deny',
      matched_policies: ['block-aws'],
      evaluation_time_us: 5,
      message: 'no | cloud = creds\nplease',
      suggestions: [],
    },
  });

function waitFor<T>(get: () => T | undefined, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => {
      const v = get();
      if (v !== undefined) return resolve(v);
      if (Date.now() > end) return reject(new Error('timed out waiting'));
      setTimeout(tick, 10);
    };
    tick();
  });
}

const RFC5424 = /^<(\d+)>1 (\S+) (\S+) svc (\d+) (audit|anchor) - (.*)$/s;

test('syslog over UDP: RFC 5424, local0, deny as warning, the redacted event as message', async () => {
  const data = tempDir();
  const sock = dgram.createSocket('udp4');
  const got: string[] = [];
  sock.on('message', (m) => got.push(m.toString('utf8')));
  await new Promise<void>((r) => sock.bind(0, '127.0.0.1', r));
  try {
    const port = (sock.address() as net.AddressInfo).port;
    const log = await openAuditLog({ dir: join(data, 'audit'), dataDir: data, syslog: `udp://127.0.0.1:${port}` });
    const ev = await log.append(denyInput());
    await log.append(input('ok'));
    const msgs = await waitFor(() => (got.length >= 2 ? got : undefined));
    await log.close();
    const m = RFC5424.exec(msgs[0]!)!;
    assert.ok(m, msgs[0]);
    assert.equal(Number(m[1]), 16 * 8 + 4);
    assert.equal(Number(m[4]), process.pid);
    const body = JSON.parse(m[6]!);
    assert.equal(body.id, ev.id);
    assert.equal(body.hash, ev.hash);
    assert.ok(!m[6]!.includes(SECRET) && !m[6]!.includes('hunter2'), 'secrets are redacted off the box');
    assert.equal(Number(RFC5424.exec(msgs[1]!)![1]), 16 * 8 + 6, 'allow is info');
    // The file keeps the full event.
    assert.ok(readEvents(join(data, 'audit'))[0].request.command.includes(SECRET));
  } finally {
    sock.close();
    cleanup(data);
  }
});

test('syslog over TCP uses octet counting; anchors are sent too; CEF as the message with --cef', async () => {
  const data = tempDir();
  let raw = '';
  const server = net.createServer((c) => c.on('data', (d) => (raw += d.toString('utf8'))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const port = (server.address() as net.AddressInfo).port;
    const log = await openAuditLog({
      dir: join(data, 'audit'),
      dataDir: data,
      syslog: `tcp://127.0.0.1:${port}`,
      cef: true,
    });
    await log.append(denyInput());
    for (let i = 0; i < 99; i++) await log.append(input(i));
    const frames = await waitFor(() => {
      const out: string[] = [];
      let rest = raw;
      while (rest.length) {
        const sp = rest.indexOf(' ');
        const len = Number(rest.slice(0, sp));
        const bytes = Buffer.from(rest.slice(sp + 1), 'utf8');
        if (bytes.length < len) break;
        out.push(bytes.subarray(0, len).toString('utf8'));
        rest = bytes.subarray(len).toString('utf8');
      }
      return out.length >= 101 ? out : undefined;
    });
    await log.close();
    const first = RFC5424.exec(frames[0]!)!;
    assert.match(first[6]!, /^CEF:0\|svc\|svc\|[^|]+\|deny\|no \\\| cloud = creds\\nplease\|8\|/);
    assert.ok(!first[6]!.includes(SECRET));
    const anchor = frames.map((f) => RFC5424.exec(f)!).find((m) => m[5] === 'anchor');
    assert.ok(anchor, 'an anchor message after 100 events');
    assert.equal(JSON.parse(anchor[6]!).count, 100);
  } finally {
    server.close();
    cleanup(data);
  }
});

test('syslog over a Unix stream socket, newline framed', async () => {
  const data = tempDir();
  const path = join(data, 'log.sock');
  let raw = '';
  const server = net.createServer((c) => c.on('data', (d) => (raw += d.toString('utf8'))));
  await new Promise<void>((r) => server.listen(path, r));
  try {
    const log = await openAuditLog({ dir: join(data, 'audit'), dataDir: data, syslog: `unix://${path}` });
    const ev = await log.append(input(1));
    const line = await waitFor(() => (raw.includes('\n') ? raw.split('\n')[0] : undefined));
    await log.close();
    assert.equal(JSON.parse(RFC5424.exec(line)![6]!).id, ev.id);
  } finally {
    server.close();
    cleanup(data);
  }
});

const haveTools = spawnSync('python3', ['--version']).status === 0 && spawnSync('logger', ['--help']).status === 0;
test(
  'syslog to a Unix datagram socket (like /dev/log) goes through logger(1)',
  { skip: !haveTools && 'needs python3 and logger' },
  async () => {
    const data = tempDir();
    const path = join(data, 'dev-log');
    const py = spawn(
      'python3',
      [
        '-c',
        `
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM); s.bind(${JSON.stringify(path)})
print("ready", flush=True)
while True:
    print(s.recv(65535).decode("utf8", "replace").replace("\\n", " "), flush=True)
`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    py.stdout.on('data', (d) => (out += d.toString('utf8')));
    try {
      await waitFor(() => (out.includes('ready') ? true : undefined));
      const log = await openAuditLog({ dir: join(data, 'audit'), dataDir: data, syslog: `unix://${path}` });
      const ev = await log.append(denyInput());
      const line = await waitFor(() => out.split('\n').find((l) => l.includes(ev.id)));
      await log.close();
      assert.match(line, /^<132>1 \S+ \S+ svc /);
      assert.ok(!line.includes(SECRET));
    } finally {
      py.kill();
      cleanup(data);
    }
  },
);

test('--cef without syslog writes one CEF line per event to the stream (stderr by default)', async () => {
  const data = tempDir();
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d) => (text += d));
  try {
    const log = await openAuditLog({ dir: join(data, 'audit'), dataDir: data, cef: true, cefStream: stream });
    const ev = await log.append(denyInput());
    await waitFor(() => (text.includes('\n') ? true : undefined));
    await log.close();
    assert.match(
      text,
      new RegExp(`^CEF:0\\|svc\\|svc\\|.*externalId=${ev.id} act=deny suser=claude cs1Label=session cs1=repo/main`),
    );
    assert.equal(text.split('\n').length, 2);
  } finally {
    cleanup(data);
  }
});

test('formatCef escapes header pipes and extension equals signs, backslashes and newlines', () => {
  const line = formatCef(
    {
      id: 'ID',
      timestamp: '2026-01-01T00:00:00.000Z',
      schema: 'service.audit.v1',
      agent: 'a=b',
      session: 's\\t',
      tool: 'exec',
      request: { command: 'x|y=z\r\n' },
      decision: { action: 'ask', matched_policies: ['p1', 'p2'], evaluation_time_us: 1, message: 'm|n\\' },
      prev_hash: '',
      hash: 'sha256:00',
    },
    '1.0',
  );
  assert.ok(line.startsWith('CEF:0|svc|svc|1.0|ask|m\\|n\\\\|5|'), line);
  assert.ok(line.includes('suser=a\\=b'));
  assert.ok(line.includes('cs1=s\\\\t'));
  assert.ok(line.includes('cs5=x|y\\=z\\r\\n'));
  assert.ok(line.includes('cs3=p1,p2'));
  assert.ok(line.includes('rt=1767225600000'));
});

test('webhook: batched JSON array POSTs, a failed POST is retried with backoff, then delivered', async () => {
  const data = tempDir();
  const bodies: any[][] = [];
  let calls = 0;
  const server = http.createServer((req, res) => {
    let b = '';
    req.on('data', (d) => (b += d));
    req.on('end', () => {
      calls++;
      if (calls === 1) {
        res.writeHead(500).end();
        return;
      }
      assert.equal(req.headers['content-type'], 'application/json');
      bodies.push(JSON.parse(b));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`;
    const log = await openAuditLog({
      dir: join(data, 'audit'),
      dataDir: data,
      webhookUrl: url,
      webhook: { batchMax: 10, flushIntervalMs: 20, retryBaseMs: 30 },
    });
    const evs = await Promise.all(Array.from({ length: 10 }, (_, i) => log.append(i === 0 ? denyInput() : input(i))));
    await waitFor(() => (bodies.length ? true : undefined));
    await log.close();
    assert.equal(calls, 2, 'one failure, one retry');
    assert.equal(bodies.length, 1);
    assert.deepEqual(
      bodies[0]!.map((e) => e.id),
      evs.map((e) => e.id),
    );
    assert.ok(!JSON.stringify(bodies[0]).includes(SECRET));
    assert.deepEqual(log.sinkDropped(), { fanout: 0, webhook: 0 });
  } finally {
    server.close();
    cleanup(data);
  }
});

test('webhook: a receiver that stays down costs dropped events (counted), never a slower append', async () => {
  const data = tempDir();
  // A port with nothing listening.
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const port = (probe.address() as net.AddressInfo).port;
  probe.close();
  try {
    const log = await openAuditLog({
      dir: join(data, 'audit'),
      dataDir: data,
      webhookUrl: `http://127.0.0.1:${port}/`,
      webhook: { batchMax: 5, flushIntervalMs: 5, retryBaseMs: 5, maxAttempts: 2, maxQueue: 20, closeTimeoutMs: 200 },
    });
    await Promise.all(Array.from({ length: 60 }, (_, i) => log.append(input(i))));
    await waitFor(() => (log.sinkDropped().webhook! >= 40 ? true : undefined));
    await log.close();
    assert.equal(log.sinkDropped().webhook, 60, 'every event is accounted for as dropped');
  } finally {
    cleanup(data);
  }
});

test('a hanging webhook and a black-hole syslog do not delay appends', async () => {
  const data = tempDir();
  const hung: http.ServerResponse[] = [];
  const server = http.createServer((_req, res) => hung.push(res));
  const sink = net.createServer((c) => c.pause()); // accepts, never reads
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => sink.listen(0, '127.0.0.1', r));
  try {
    const base = await timeAppends(join(data, 'a'), data, {});
    const slow = await timeAppends(join(data, 'b'), data, {
      webhookUrl: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`,
      syslog: `tcp://127.0.0.1:${(sink.address() as net.AddressInfo).port}`,
      // Longer than the per-test limit: appends that waited on the webhook would never finish.
      webhook: { batchMax: 1, flushIntervalMs: 1, timeoutMs: 600_000, closeTimeoutMs: 100 },
    });
    assert.ok(base >= 0 && slow >= 0, 'every append finished while both sinks hung');
  } finally {
    for (const r of hung) r.destroy();
    server.close();
    sink.close();
    cleanup(data);
  }
});

async function timeAppends(dir: string, dataDir: string, o: Record<string, unknown>): Promise<number> {
  const log = await openAuditLog({ dir, dataDir: join(dataDir, dir.endsWith('a') ? 'da' : 'db'), ...o });
  const big = 'y'.repeat(20_000);
  const t0 = performance.now();
  for (let i = 0; i < 100; i++) await log.append(input(i, { request: { command: `c ${i}`, big } }));
  const ms = performance.now() - t0;
  await log.close();
  return ms;
}

test('bad sink settings are refused before anything is written', async () => {
  const data = tempDir();
  try {
    for (const bad of ['ftp://host', 'udp://host:99999', 'unix://relative/path', 'tcp://']) {
      assert.throws(() => parseSyslogTarget(bad), /invalid --syslog/);
      await assert.rejects(openAuditLog({ dir: join(data, 'audit'), dataDir: data, syslog: bad }), /invalid --syslog/);
    }
    await assert.rejects(
      openAuditLog({ dir: join(data, 'audit'), dataDir: data, webhookUrl: 'file:///etc/passwd' }),
      /invalid --audit-webhook/,
    );
    assert.deepEqual(parseSyslogTarget('logs.example:1514'), {
      proto: 'udp',
      host: 'logs.example',
      port: 1514,
      path: '',
    });
    assert.deepEqual(parseSyslogTarget('tcp://[::1]'), { proto: 'tcp', host: '::1', port: 601, path: '' });
    assert.deepEqual(parseSyslogTarget('unix:///dev/log'), { proto: 'unix', host: '', port: 0, path: '/dev/log' });
  } finally {
    cleanup(data);
  }
});
