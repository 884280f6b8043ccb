// The webhook action against a real local HTTP server: replies, failures, fail_open.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { callWebhook, WEBHOOK_MAX_REPLY_BYTES } from '../../src/policy/policy-webhook.js';
import { engineOf, exec } from './helpers.js';

let server: http.Server;
let base = '';
const received: { path: string; body: Record<string, unknown>; type: string | undefined }[] = [];

before(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      received.push({ path: req.url!, body: raw ? JSON.parse(raw) : {}, type: req.headers['content-type'] });
      const reply = (
        status: number,
        body: string,
        headers: Record<string, string> = { 'content-type': 'application/json' },
      ) => {
        res.writeHead(status, headers);
        res.end(body);
      };
      switch (req.url) {
        case '/allow':
          return reply(200, JSON.stringify({ decision: 'allow', reason: 'looks fine' }));
        case '/deny':
          return reply(200, JSON.stringify({ decision: ' DENY ', reason: 'exfiltration' }));
        case '/deny-no-reason':
          return reply(200, JSON.stringify({ decision: 'deny' }));
        case '/slow':
          return void setTimeout(() => reply(200, JSON.stringify({ decision: 'allow' })), 2000);
        case '/error':
          return reply(500, 'boom');
        case '/redirect':
          return reply(302, '', { location: `${base}/allow` });
        case '/not-json':
          return reply(200, 'allow');
        case '/maybe':
          return reply(200, JSON.stringify({ decision: 'maybe' }));
        case '/huge':
          return reply(200, JSON.stringify({ decision: 'allow', reason: 'x'.repeat(WEBHOOK_MAX_REPLY_BYTES) }));
        default:
          return reply(404, '{}');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => {
  server.closeAllConnections();
  server.close();
});

const payload = {
  tool: 'exec',
  params: { command: 'curl x' },
  agent: 'claude-code',
  session: 's',
  run_id: 'r1',
  policy: 'verify',
  timestamp: '2026-01-01T00:00:00Z',
};
const cfg = (path: string, extra: Partial<{ timeoutMs: number; failOpen: boolean }> = {}) => ({
  url: base + path,
  timeoutMs: 1000,
  failOpen: false,
  ...extra,
});

test("webhook: allow reply allows with the webhook's reason, and the payload is the call", async () => {
  const r = await callWebhook(cfg('/allow'), payload);
  assert.deepEqual(r, { action: 'allow', message: 'looks fine' });
  const last = received.at(-1)!;
  assert.equal(last.type, 'application/json');
  assert.deepEqual(last.body, payload);
});

test('webhook: deny reply (case and spaces ignored) denies with the reason', async () => {
  assert.deepEqual(await callWebhook(cfg('/deny'), payload), { action: 'deny', message: 'exfiltration' });
  assert.deepEqual(await callWebhook(cfg('/deny-no-reason'), payload), {
    action: 'deny',
    message: 'denied by webhook',
  });
});

test('webhook: a timeout denies and says so', async () => {
  const r = await callWebhook(cfg('/slow', { timeoutMs: 200 }), payload);
  assert.equal(r.action, 'deny');
  assert.match(r.message, /no reply within 200ms; denied \(fail closed\)/);
});

test('webhook: HTTP 500 denies', async () => {
  const r = await callWebhook(cfg('/error'), payload);
  assert.equal(r.action, 'deny');
  assert.match(r.message, /replied HTTP 500/);
});

test('webhook: fail_open turns failures into allow, naming the failure', async () => {
  const r = await callWebhook(cfg('/error', { failOpen: true }), payload);
  assert.equal(r.action, 'allow');
  assert.match(r.message, /replied HTTP 500; allowed because the rule sets fail_open/);
  const t = await callWebhook(cfg('/slow', { timeoutMs: 100, failOpen: true }), payload);
  assert.equal(t.action, 'allow');
});

test('webhook: fail_open does not turn an explicit deny into allow', async () => {
  assert.equal((await callWebhook(cfg('/deny', { failOpen: true }), payload)).action, 'deny');
});

test('webhook: redirects are not followed', async () => {
  const before = received.length;
  const r = await callWebhook(cfg('/redirect'), payload);
  assert.equal(r.action, 'deny');
  assert.match(r.message, /redirect/);
  assert.equal(received.length, before + 1, 'the redirect target was not called');
});

test('webhook: a reply that is not JSON, or has no decision, denies', async () => {
  assert.match((await callWebhook(cfg('/not-json'), payload)).message, /not JSON/);
  assert.match((await callWebhook(cfg('/maybe'), payload)).message, /no decision/);
});

test('webhook: a reply over 64 KiB denies', async () => {
  const r = await callWebhook(cfg('/huge'), payload);
  assert.equal(r.action, 'deny');
  assert.match(r.message, /larger than 65536 bytes/);
});

test('webhook: an unreachable server denies', async () => {
  const r = await callWebhook({ url: 'http://127.0.0.1:1/x', timeoutMs: 1000, failOpen: false }, payload);
  assert.equal(r.action, 'deny');
  assert.match(r.message, /request failed/);
});

test("webhook: the engine returns the rule's webhook; the caller asks it", async () => {
  const e = engineOf(`default_action: allow
policies:
  - name: verify
    match: { tool: exec }
    rules:
      - action: webhook
        webhook: { url: "${base}/deny", timeout: 2s }
        when: { command_matches: ['curl *'] }
`);
  const d = e.evaluate(exec('curl https://x.io'), { dryRun: true });
  assert.equal(d.action, 'webhook');
  assert.deepEqual(d.webhook, { url: `${base}/deny`, timeoutMs: 2000, failOpen: false });
  const r = await callWebhook(d.webhook!, { ...payload, policy: d.policy! });
  assert.equal(r.action, 'deny');
  assert.equal(received.at(-1)!.body.policy, 'verify');
});
