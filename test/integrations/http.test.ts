// The hook's small HTTP/1.1 client: lengths, chunked bodies, partial replies, timeouts and
// bounds, against real sockets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer as createHttp } from 'node:http';
import { createServer as createTcp, type AddressInfo } from 'node:net';
import { callJson, parseReply, UnreachableError } from '../../src/integrations/http.js';

test('parseReply: content-length, chunked, and partial input', () => {
  const full = Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n{"a":"xyz"}');
  assert.deepEqual(parseReply(full, false)?.body.toString(), '{"a":"xyz"}');
  assert.equal(parseReply(full.subarray(0, full.length - 2), false), null);
  assert.equal(parseReply(Buffer.from('HTTP/1.1 200 OK\r\nContent-'), false), null);
  const chunked = Buffer.from(
    'HTTP/1.1 403 Forbidden\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{"a"\r\n3\r\n:1}\r\n0\r\n\r\n',
  );
  const r = parseReply(chunked, false)!;
  assert.equal(r.status, 403);
  assert.equal(r.body.toString(), '{"a":1}');
  assert.equal(parseReply(chunked.subarray(0, 30), false), null);
  assert.throws(() => parseReply(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'), false), UnreachableError);
});

test('callJson against node:http: JSON both ways, headers, chunked replies', async () => {
  const seen: Record<string, unknown> = {};
  const server = createHttp((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      Object.assign(seen, {
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        body: JSON.parse(body || 'null'),
      });
      res.writeHead(202, { 'content-type': 'application/json' });
      res.write('{"approval_id":');
      res.end('"A1"}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const reply = await callJson(
      url,
      'POST',
      '/v1/tool/exec?x=1',
      { params: { command: 'é ✓' } },
      { token: 'tok', timeoutMs: 2000 },
    );
    assert.deepEqual(reply, { status: 202, body: { approval_id: 'A1' } });
    assert.deepEqual(seen, {
      method: 'POST',
      url: '/v1/tool/exec?x=1',
      auth: 'Bearer tok',
      body: { params: { command: 'é ✓' } },
    });
  } finally {
    server.close();
  }
});

test('callJson: refused, silent and oversized servers are UnreachableError', async () => {
  await assert.rejects(callJson('http://127.0.0.1:9', 'GET', '/', undefined, { timeoutMs: 2000 }), UnreachableError);
  const silent = createTcp(() => undefined);
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const port = (silent.address() as AddressInfo).port;
  await assert.rejects(
    callJson(`http://127.0.0.1:${port}`, 'GET', '/', undefined, { timeoutMs: 300 }),
    /within 300 ms/,
  );
  silent.close();

  const huge = createTcp((sock) => {
    sock.write('HTTP/1.1 200 OK\r\nContent-Length: 99999999\r\n\r\n');
  });
  await new Promise<void>((r) => huge.listen(0, '127.0.0.1', r));
  await assert.rejects(
    callJson(`http://127.0.0.1:${(huge.address() as AddressInfo).port}`, 'GET', '/', undefined, { timeoutMs: 2000 }),
    /content-length/,
  );
  huge.close();
});
