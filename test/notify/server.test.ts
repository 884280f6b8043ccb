// End to end: a server whose data dir holds notify.yaml announces an ask to a local webhook, and
// the signed link in the message resolves the approval (the confirm page is served too).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { once } from 'node:events';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, tempDir, ASK_DEPLOY_POLICY } from '../helpers/server.js';
import { rmSync } from 'node:fs';

test('an ask is announced to the webhook, and its signed link approves it', async () => {
  const bodies: any[] = [];
  const rx = createServer((req, res) => {
    let d = '';
    req.on('data', (c) => (d += c));
    req.on('end', () => {
      bodies.push(JSON.parse(d));
      res.end('ok');
      rx.emit('got');
    });
  });
  rx.listen(0, '127.0.0.1');
  await once(rx, 'listening');
  const port = (rx.address() as { port: number }).port;
  const dataDir = tempDir();
  writeFileSync(join(dataDir, 'notify.yaml'), `webhooks:\n  - {type: json, url: "http://127.0.0.1:${port}/hook"}\n`);
  chmodSync(join(dataDir, 'notify.yaml'), 0o600);
  const srv = await startTestServer({ policy: ASK_DEPLOY_POLICY, dataDir });
  try {
    const got = once(rx, 'got');
    const ask = await srv.req('POST', '/v1/tool/exec', {
      agent: 'bot',
      session: 's',
      params: { command: 'deploy prod' },
    });
    assert.equal(ask.status, 202);
    await got;
    const n = bodies[0];
    assert.equal(n.approval_id, ask.body.approval_id);
    assert.equal(n.subject, 'deploy prod');
    assert.ok(n.resolve_url.startsWith(`${srv.url}/v1/approvals/${n.approval_id}/resolve?sig=`), n.resolve_url);

    const page = await fetch(n.approve_url);
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.match(await page.text(), /resolve\.js/);

    const r = await fetch(n.resolve_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"approved":true}',
    });
    assert.equal(r.status, 200);
    const detail = await srv.req('GET', `/v1/approvals/${n.approval_id}`);
    assert.equal(detail.body.status, 'approved');
    assert.equal(detail.body.resolved_by, 'signed-link');
    const tampered = n.resolve_url.replace(/sig=[^&]+/, 'sig=AAAA');
    assert.equal(
      (
        await fetch(tampered, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"approved":false}',
        })
      ).status,
      401,
    );
  } finally {
    await srv.stop();
    rx.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
