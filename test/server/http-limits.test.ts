// A request that announces more body than it sends is closed after the request timeout, and
// connections beyond the cap are refused while the open ones keep being answered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { once } from 'node:events';
import { startTestServer } from '../helpers/server.js';
import { HTTP_LIMITS } from '../../server/app.js';

/** A raw TCP connection to the server, collecting whatever it sends until it closes. */
async function open(port: number): Promise<{ sock: Socket; text: () => string; closed: Promise<void> }> {
  const sock = connect(port, '127.0.0.1');
  let buf = '';
  sock.setEncoding('utf8');
  sock.on('data', (d: string) => (buf += d));
  sock.on('error', () => {});
  const closed = once(sock, 'close').then(() => undefined);
  await once(sock, 'connect');
  return { sock, text: () => buf, closed };
}

test('the shipped limits are finite and documented as constants', () => {
  assert.ok(HTTP_LIMITS.requestTimeoutMs > 0 && HTTP_LIMITS.requestTimeoutMs <= 60_000);
  assert.ok(HTTP_LIMITS.headersTimeoutMs > 0 && HTTP_LIMITS.headersTimeoutMs <= HTTP_LIMITS.requestTimeoutMs);
  assert.ok(HTTP_LIMITS.maxConnections > 0);
});

test('a request whose Content-Length exceeds its body is answered 408 and closed after the request timeout', async () => {
  const s = await startTestServer({
    httpLimits: { requestTimeoutMs: 300, headersTimeoutMs: 300, checkIntervalMs: 50 },
  });
  try {
    const c = await open(s.port);
    c.sock.write(
      `POST /v1/tool/exec HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.token}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"agent":`,
    );
    await c.closed; // without the timeout this waits forever
    assert.match(c.text(), /^HTTP\/1\.1 408/);
    // The server is still answering.
    assert.equal((await s.req('GET', '/v1/status')).status, 200);
  } finally {
    await s.stop();
  }
});

test('connections beyond the cap are refused at accept; the open ones are still answered', async () => {
  const s = await startTestServer({ httpLimits: { maxConnections: 3 } });
  const conns: Awaited<ReturnType<typeof open>>[] = [];
  try {
    for (let i = 0; i < 3; i++) conns.push(await open(s.port));
    // Make sure the server has accepted all three before the fourth arrives.
    for (const c of conns) {
      c.sock.write(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`);
      while (!/\r\n\r\n\{.*\}$/s.test(c.text())) await once(c.sock, 'data');
    }
    const extra = await open(s.port);
    await extra.closed;
    assert.equal(extra.text(), '', 'refused without an answer');
    // An open connection still gets a decision.
    const c = conns[0]!;
    const before = c.text().length;
    const body = JSON.stringify({ agent: 'a', session: 's', params: { command: 'rm -rf /' } });
    c.sock.write(
      `POST /v1/tool/exec HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${s.token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    while (!/"decision":"deny"/.test(c.text().slice(before))) await once(c.sock, 'data');
  } finally {
    for (const c of conns) c.sock.destroy();
    await s.stop();
  }
});
