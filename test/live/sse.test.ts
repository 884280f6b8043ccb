// GET /v1/events/stream: what a live client sees (docs/api.md, Events) and how the hub protects the
// decision path from slow or numerous clients.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AuditEvent } from '../../src/audit/types.js';
import { startLive, openStream, sleep, type Stream } from './harness.js';
import { MAX_BACKLOG_BYTES } from '../../server/event-stream.js';

function auditEvent(i: number, extra: Record<string, unknown> = {}): AuditEvent {
  return {
    id: `01JTEST${String(i).padStart(19, '0')}`,
    timestamp: '2026-01-01T12:00:00.000Z',
    schema: 'service.audit.v1',
    agent: 'agent-one',
    session: 's1',
    run_id: 'run-7',
    tool: 'exec',
    request: { command: `echo ${i}`, ...extra },
    decision: { action: 'allow', matched_policies: ['p'], evaluation_time_us: 3, message: 'ok' },
    prev_hash: '',
    hash: '',
  };
}

const connected = (s: Stream) => s.messages.length >= 1;

test('headers, first frame and every event type, with secrets redacted', async () => {
  const srv = await startLive();
  try {
    const s = await openStream(srv.url, { token: srv.adminToken });
    assert.equal(s.status, 200);
    assert.equal(s.headers['content-type'], 'text/event-stream');
    assert.equal(s.headers['cache-control'], 'no-cache');
    assert.equal(s.headers['x-accel-buffering'], 'no');
    await s.until(connected);
    assert.ok(s.raw.startsWith('data: {"type":"connected"}\n\n'), s.raw);

    // Events live views do not stream are skipped, not sent as unknown types.
    srv.bus.emit({ type: 'decision', tool: 'exec', action: 'allow', policy: 'p', evalDurationUs: 2 });
    srv.bus.emit({ type: 'policy_reloaded', policyCount: 1, ruleCount: 1 });
    srv.bus.emit({ type: 'approvals' });
    srv.bus.emit({
      type: 'audit',
      event: auditEvent(1, { command: 'mysql --password=hunter2 -e "select 1"', api_key: 'abc' }),
    });
    srv.bus.emit({ type: 'audit_batch', run_id: 'run-7' });
    await s.until((x) => x.messages.length >= 4);
    assert.deepEqual(
      s.messages.map((m) => m.type),
      ['connected', 'approvals', 'audit', 'audit_batch'],
    );
    assert.deepEqual(s.messages[1], { type: 'approvals' });
    const ev = s.messages[2].event;
    assert.equal(ev.id, auditEvent(1).id);
    assert.equal(ev.run_id, 'run-7');
    assert.doesNotMatch(JSON.stringify(ev), /hunter2/);
    assert.equal(ev.request.api_key, '[REDACTED]');
    assert.deepEqual(s.messages[3], { type: 'audit_batch', run_id: 'run-7' });
    s.close();
  } finally {
    await srv.close();
  }
});

test('the admin token works as ?token=, header preferred; 401 and 403 come before any stream', async () => {
  const srv = await startLive();
  try {
    const q = await openStream(srv.url, { query: `token=${srv.adminToken}` });
    assert.equal(q.status, 200);
    await q.until(connected);
    assert.deepEqual(q.messages[0], { type: 'connected' });
    q.close();

    const cases: Array<[string, { token?: string; query?: string }, number]> = [
      ['no credential', {}, 401],
      ['wrong header token', { token: 'nope' }, 401],
      ['wrong query token', { query: 'token=nope' }, 401],
      ['eval-only header token', { token: srv.evalToken }, 403],
      ['eval-only query token', { query: `token=${srv.evalToken}` }, 403],
      // The header wins when both are given.
      ['bad header, good query', { token: 'nope', query: `token=${srv.adminToken}` }, 401],
    ];
    for (const [name, o, status] of cases) {
      const s = await openStream(srv.url, o);
      await s.until((x) => x.ended);
      assert.equal(s.status, status, name);
      assert.match(String(s.headers['content-type']), /application\/json/, name);
      const body = JSON.parse(s.raw);
      assert.equal(typeof body.error, 'string', name);
      assert.equal(typeof body.code, 'string', name);
    }

    const head = await openStream(srv.url, { token: srv.adminToken, method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-type'], 'text/event-stream');
  } finally {
    await srv.close();
  }
});

test('keepalive comments arrive at the configured interval', async () => {
  const srv = await startLive({ sseKeepaliveMs: 40 });
  try {
    const s = await openStream(srv.url, { token: srv.adminToken });
    await s.until((x) => (x.raw.match(/: keepalive\n\n/g) ?? []).length >= 2, 3000);
    assert.deepEqual(s.messages, [{ type: 'connected' }], 'comments are not messages');
    s.close();
  } finally {
    await srv.close();
  }
});

test('a client that never reads is dropped while events keep flowing to the others', async () => {
  const srv = await startLive();
  try {
    const good = await openStream(srv.url, { token: srv.adminToken });
    await good.until(connected);

    // A raw client that sends its request and then never reads a byte.
    const stalled = net.connect(srv.port, '127.0.0.1');
    stalled.write(`GET /v1/events/stream HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${srv.adminToken}\r\n\r\n`);
    await new Promise((r) => stalled.once('data', r));
    stalled.pause();
    let stalledBytes = 0;
    let stalledEnded = false;
    stalled.on('data', (d: Buffer) => (stalledBytes += d.length));
    stalled.on('close', () => (stalledEnded = true));
    stalled.on('error', () => (stalledEnded = true));

    // ~8 KiB per event; far more in total than the per-client bound plus the kernel buffers.
    const filler = 'x'.repeat(8 * 1024);
    const total = 3000;
    for (let i = 0; i < total; i++) {
      // emit() is synchronous: it returns whatever the stalled client does; what it must not do
      // is buffer without bound for it (checked below).
      srv.bus.emit({ type: 'audit', event: auditEvent(i, { note: filler }) });
      // Decisions arrive over time; let the reading client read between them.
      if (i % 10 === 9) await new Promise((r) => setImmediate(r));
    }
    await good.until((x) => x.messages.length >= total + 1, 20_000);
    const ids = good.messages.slice(1).map((m) => m.event.id);
    assert.deepEqual(
      ids,
      Array.from({ length: total }, (_, i) => auditEvent(i).id),
      'the reading client got every event in order',
    );

    // The stalled client was cut off: reading now yields a truncated stream that ends.
    stalled.resume();
    await until(() => stalledEnded, 5000);
    const sent = total * (filler.length + 200);
    assert.ok(stalledBytes < sent / 2, `stalled client got ${stalledBytes} of ~${sent} bytes`);
    assert.ok(stalledBytes > 0);
    // The bound is the point: the server never held much more than it for the stalled client.
    assert.ok(MAX_BACKLOG_BYTES <= 1024 * 1024);

    // The good client is still live.
    srv.bus.emit({ type: 'approvals' });
    await good.until((x) => x.messages.at(-1)?.type === 'approvals');
    good.close();
  } finally {
    await srv.close();
  }
});

test('200 clients at once all get each event; disconnects and close() clean up', async () => {
  const srv = await startLive();
  try {
    const streams = await Promise.all(
      Array.from({ length: 200 }, () => openStream(srv.url, { query: `token=${srv.adminToken}` })),
    );
    await Promise.all(streams.map((s) => s.until(connected)));
    srv.bus.emit({ type: 'approvals' });
    srv.bus.emit({ type: 'audit_batch', run_id: 'r' });
    await Promise.all(streams.map((s) => s.until((x) => x.messages.length >= 3)));
    for (const s of streams)
      assert.deepEqual(
        s.messages.map((m) => m.type),
        ['connected', 'approvals', 'audit_batch'],
      );

    // Half disconnect; the server lets go of their sockets.
    for (const s of streams.slice(0, 100)) s.close();
    await until(async () => (await connections(srv.app.server)) <= 100, 5000);

    // close() ends the remaining streams instead of waiting for them (a hang runs into the
    // per-test time limit).
    await srv.close();
    await Promise.all(streams.slice(100).map((s) => s.until((x) => x.ended)));
  } catch (err) {
    await srv.close().catch(() => {});
    throw err;
  }
});

function connections(server: import('node:http').Server): Promise<number> {
  return new Promise((ok, fail) => server.getConnections((err, n) => (err ? fail(err) : ok(n))));
}

async function until(pred: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await pred())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}
