// Cutting events from the end of the log, with or without the anchor: a missing anchor on a log
// of 100+ events and an anchor not signed with the data dir's key are errors of `svc audit
// verify`; events cut after the last anchor are found against a sink's copy (--against-sink);
// a server that starts on a log with a missing or forged anchor records that it re-anchored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { appendFileSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SVC_BIN } from '../helpers/spawn.js';
import { openAuditLog } from '../../src/audit/log.js';
import { ANCHOR_KEY_FILE } from '../../src/audit/anchor.js';
import { ManualClock } from '../../src/util/clock.js';
import { auditFiles, cleanup, input, tempDir } from './helpers.js';

function verify(data: string, ...extra: string[]) {
  const r = spawnSync(process.execPath, [SVC_BIN, 'audit', 'verify', '--data-dir', data, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, SERVICE_TOKEN: '' },
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

async function makeLog(n: number, data = tempDir(), o: { syslog?: string } = {}) {
  const log = await openAuditLog({
    dir: join(data, 'audit'),
    dataDir: data,
    clock: new ManualClock(Date.UTC(2026, 4, 20, 10)),
    ...o,
  });
  for (let i = 0; i < n; i++) await log.append(input(i));
  await log.anchorsSettled();
  await log.close();
  return data;
}

/** Keeps the first `keep` lines of the (single) audit file. */
function cutTo(data: string, keep: number): void {
  const file = join(data, 'audit', auditFiles(join(data, 'audit'))[0]!);
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  writeFileSync(
    file,
    lines
      .slice(0, keep)
      .map((l) => l + '\n')
      .join(''),
  );
}

test('the anchor key is created 0600 at first start and anchors carry its signature', async () => {
  const data = await makeLog(100);
  try {
    assert.equal(statSync(join(data, ANCHOR_KEY_FILE)).mode & 0o777, 0o600);
    assert.match(JSON.parse(readFileSync(join(data, 'audit-anchor.json'), 'utf8')).sig, /^hmac-sha256:[0-9a-f]{64}$/);
    const r = verify(data);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /signature verified/);
  } finally {
    cleanup(data);
  }
});

test('events and the anchor removed together: a log of 100+ events without an anchor fails verify', async () => {
  const data = await makeLog(150);
  try {
    cutTo(data, 120);
    unlinkSync(join(data, 'audit-anchor.json'));
    const r = verify(data);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /audit anchor MISSING: the log holds 120 events but there is no anchor/);
  } finally {
    cleanup(data);
  }
});

test('events cut and the anchor rewritten to match, without the key: the signature gives it away', async () => {
  const data = await makeLog(250);
  try {
    cutTo(data, 150);
    const anchorFile = join(data, 'audit-anchor.json');
    const a = JSON.parse(readFileSync(anchorFile, 'utf8'));
    const file = join(data, 'audit', auditFiles(join(data, 'audit'))[0]!);
    const lines = readFileSync(file, 'utf8').split('\n');
    const ev = JSON.parse(lines[99]!);
    const forged = {
      ...a,
      count: 100,
      last_hash: ev.hash,
      event_id: ev.id,
      line: 100,
      offset: lines.slice(0, 99).join('\n').length + 1,
    };
    writeFileSync(anchorFile, JSON.stringify({ ...forged, sig: undefined }));
    let r = verify(data);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /anchor MISMATCH: .*the anchor is not signed/);
    writeFileSync(anchorFile, JSON.stringify({ ...forged, sig: 'hmac-sha256:' + '0'.repeat(64) }));
    r = verify(data);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /the anchor signature does not verify/);
  } finally {
    cleanup(data);
  }
});

test("the last 99 events cut: verify --against-sink finds it with the syslog sink's copy", async () => {
  const data = tempDir();
  const sinkFile = join(data, 'syslog.log');
  writeFileSync(sinkFile, '');
  let received = 0;
  let wake: () => void = () => {};
  // A stand-in syslog daemon: a Unix stream socket whose messages land in a file.
  const daemon = net.createServer((c) => {
    let buf = '';
    c.on('data', (d) => {
      buf += d.toString('utf8');
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        appendFileSync(sinkFile, buf.slice(0, nl + 1));
        buf = buf.slice(nl + 1);
        received++;
        wake();
      }
    });
  });
  const sock = join(data, 'syslog.sock');
  await new Promise<void>((r) => daemon.listen(sock, r));
  try {
    await makeLog(199, data, { syslog: `unix://${sock}` });
    // 199 events plus the anchor at 100.
    while (received < 200) await new Promise<void>((r) => (wake = r));
    let r = verify(data, '--against-sink', sinkFile);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /sink copy: all 200 events and anchors .* are in the log/);
    cutTo(data, 100);
    const local = verify(data);
    assert.equal(local.code, 0, 'the anchor at 100 still matches: the local log alone cannot tell');
    r = verify(data, '--against-sink', sinkFile);
    assert.equal(r.code, 1, r.out);
    assert.match(
      r.out,
      /audit log TRUNCATED or altered .*: the sink has event \S+ \(event, syslog\.log:\d+\) that the log does not: events were cut from the end of the log \(99 of the sink's 200 entries are missing\)/,
    );
    const j = JSON.parse(verify(data, '--against-sink', sinkFile, '--json').out);
    assert.equal(j.ok, false);
    assert.equal(j.sink.ok, false);
    assert.equal(verify(data, '--against-sink', join(data, 'nope')).code, 2);
  } finally {
    daemon.close();
    cleanup(data);
  }
});

test('a server start on a log whose anchor is missing or unsigned records that it re-anchored', async () => {
  const data = await makeLog(120);
  try {
    unlinkSync(join(data, 'audit-anchor.json'));
    const logs: string[] = [];
    let log = await openAuditLog({ dir: join(data, 'audit'), dataDir: data, log: (m) => logs.push(m) });
    await log.anchorsSettled();
    await log.close();
    const newest = () => join(data, 'audit', auditFiles(join(data, 'audit')).at(-1)!);
    const file = newest();
    const last = JSON.parse(readFileSync(file, 'utf8').trim().split('\n').at(-1)!);
    assert.equal(last.request.kind, 'audit_anchor_reset');
    assert.match(last.request.reason, /no anchor was found at start for a log of 120 events/);
    assert.ok(logs.some((m) => /recording it and anchoring anew/.test(m)));
    assert.equal(verify(data).code, 0, 'the new anchor is signed and verifies');
    // An unsigned anchor (as written before anchors were signed) is replaced the same way.
    const anchorFile = join(data, 'audit-anchor.json');
    const a = JSON.parse(readFileSync(anchorFile, 'utf8'));
    delete a.sig;
    writeFileSync(anchorFile, JSON.stringify(a));
    log = await openAuditLog({ dir: join(data, 'audit'), dataDir: data });
    await log.anchorsSettled();
    await log.close();
    const again = JSON.parse(readFileSync(newest(), 'utf8').trim().split('\n').at(-1)!);
    assert.match(again.request.reason, /was not signed/);
  } finally {
    cleanup(data);
  }
});

test('--against-sink also reads the CEF lines of --cef (events and anchors carry id and hash)', async () => {
  const data = tempDir();
  try {
    const sinkFile = join(data, 'cef.log');
    const { createWriteStream } = await import('node:fs');
    const out = createWriteStream(sinkFile);
    const log = await openAuditLog({ dir: join(data, 'audit'), dataDir: data, cef: true, cefStream: out });
    for (let i = 0; i < 130; i++) await log.append(input(i));
    await log.anchorsSettled();
    await log.close();
    await new Promise<void>((r) => out.end(r));
    const text = readFileSync(sinkFile, 'utf8');
    assert.match(
      text,
      /\|anchor\|audit anchor\|1\|.*externalId=\S+ act=anchor cnt=100 cs6Label=hash cs6=sha256:[0-9a-f]{64}/,
    );
    assert.equal(verify(data, '--against-sink', sinkFile).code, 0);
    cutTo(data, 110);
    const r = verify(data, '--against-sink', sinkFile);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /events were cut from the end of the log \(20 of the sink's 131 entries are missing\)/);
  } finally {
    cleanup(data);
  }
});

test('the webhook sink carries anchors too: --against-sink finds a cut end in a receiver that keeps each POST body', async () => {
  const data = tempDir();
  const sinkFile = join(data, 'webhook.log');
  writeFileSync(sinkFile, '');
  const bodies: unknown[][] = [];
  let wake: () => void = () => {};
  // A stand-in receiver: every POST body lands in the file as one line, as received.
  const receiver = http.createServer((req, res) => {
    let b = '';
    req.on('data', (d) => (b += d));
    req.on('end', () => {
      appendFileSync(sinkFile, b + '\n');
      bodies.push(JSON.parse(b) as unknown[]);
      res.writeHead(204).end();
      wake();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  try {
    const port = (receiver.address() as net.AddressInfo).port;
    const log = await openAuditLog({
      dir: join(data, 'audit'),
      dataDir: data,
      clock: new ManualClock(Date.UTC(2026, 4, 20, 10)),
      webhookUrl: `http://127.0.0.1:${port}/audit`,
      webhook: { batchMax: 25, flushIntervalMs: 5 },
    });
    for (let i = 0; i < 150; i++) await log.append(input(i));
    await log.anchorsSettled();
    // 150 events and the anchor at 100
    while (bodies.reduce((n, b) => n + b.length, 0) < 151) await new Promise<void>((r) => (wake = r));
    await log.close();
    const anchors = bodies.flat().filter((o) => (o as { kind?: string }).kind === 'audit_anchor');
    assert.equal(anchors.length, 1, 'one anchor, at 100 events');
    assert.equal((anchors[0] as { count: number }).count, 100);
    let r = verify(data, '--against-sink', sinkFile);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /sink copy: all 151 events and anchors .* are in the log/);
    cutTo(data, 100);
    assert.equal(verify(data).code, 0, 'the anchor at 100 still matches: the local log alone cannot tell');
    r = verify(data, '--against-sink', sinkFile);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /events were cut from the end of the log \(50 of the sink's 151 entries are missing\)/);
  } finally {
    receiver.close();
    cleanup(data);
  }
});
