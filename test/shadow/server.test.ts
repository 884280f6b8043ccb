// svc serve --shadow DIR through the HTTP API: both sets decide every call, only the live one is
// enforced; differences reach the audit record, the SSE stream, /metrics and GET /v1/policy/shadow;
// the shadow set never queues, calls a webhook or uses a once-rule; load errors are visible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';

const LIVE = `
version: "1"
default_action: allow
policies:
  - name: block-destructive
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["rm -rf *"] }
        message: destructive command blocked
  - name: ask-deploy
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["deploy *"] }
        message: deploys need a human
`;

const CANDIDATE = `
version: "1"
policies:
  - name: no-push
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["git push*"] }
        message: pushes are reviewed first
  - name: publish-asks
    match: { tool: [exec] }
    rules:
      - action: ask
        when: { command_matches: ["npm publish*"] }
  - name: deploy-ok
    match: { tool: [exec] }
    rules:
      - action: allow
        when: { command_matches: ["deploy staging"] }
`;

const call = (command: string, extra: Record<string, unknown> = {}) => ({
  agent: 'claude',
  session: 'repo/main',
  params: { command },
  ...extra,
});

async function withShadow(
  files: Record<string, string>,
  fn: (srv: TestServer, shadowDir: string) => Promise<void>,
  args: string[] = ['--metrics'],
): Promise<void> {
  const shadowDir = tempDir('svc-shadow-');
  for (const [n, t] of Object.entries(files)) writeFileSync(join(shadowDir, n), t);
  const srv = await startTestServer({ policy: LIVE, args: ['--shadow', shadowDir, ...args] });
  try {
    await fn(srv, shadowDir);
  } finally {
    await srv.stop();
    rmSync(shadowDir, { recursive: true, force: true });
  }
}

/** Reads SSE messages until `done` holds; returns them. */
async function sse(url: string, token: string, done: (msgs: any[]) => boolean, trigger: () => Promise<void>) {
  const ac = new AbortController();
  const res = await fetch(`${url}/v1/events/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: ac.signal,
  });
  const reader = res.body!.getReader();
  const msgs: any[] = [];
  let buf = '';
  let triggered = false;
  try {
    while (!done(msgs)) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buf += Buffer.from(value).toString('utf8');
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const frame = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (frame.startsWith('data: ')) msgs.push(JSON.parse(frame.slice(6)));
      }
      if (!triggered && msgs.some((m) => m.type === 'connected')) {
        triggered = true;
        await trigger();
      }
    }
  } finally {
    ac.abort();
  }
  return msgs;
}

test('a difference is recorded in the audit event, streamed, counted and listed; the live answer stands', async () => {
  await withShadow({ 'team.yaml': CANDIDATE }, async (srv) => {
    const st = await srv.req('GET', '/v1/status');
    assert.equal(st.body.shadow.loaded, true);
    assert.equal(st.body.shadow.policy_count, 5, 'the live base plus the three candidate policies');
    assert.match(st.body.shadow.hash, /^sha256-[A-Za-z0-9_-]{43}$/);

    const msgs = await sse(
      srv.url,
      srv.token,
      (m) => m.some((x) => x.type === 'shadow_diff'),
      async () => {
        const r = await srv.req(
          'POST',
          '/v1/tool/exec',
          call('git push origin main --token=ghp_abcdefghijklmnopqrstuvwxyz0123456789'),
        );
        assert.equal(r.status, 200, 'the live set allows it, and only the live set is enforced');
        assert.equal(r.body.decision, 'allow');
      },
    );
    const diff = msgs.find((m) => m.type === 'shadow_diff');
    assert.equal(diff.tool, 'exec');
    assert.equal(diff.agent, 'claude');
    assert.deepEqual(diff.live, { action: 'allow', policy: '', message: 'no matching rule; using default action' });
    assert.deepEqual(diff.shadow, { action: 'deny', policy: 'no-push', rule: 1, message: 'pushes are reviewed first' });
    assert.doesNotMatch(diff.subject, /ghp_abcdef/, 'the streamed subject is redacted');

    // Same decision in both sets: no shadow field, no event.
    const same = await srv.req('POST', '/v1/tool/exec', call('ls -la'));
    assert.equal(same.status, 200);

    const ev = await srv.req('GET', '/v1/audit/events?tool=exec&limit=10');
    const push = ev.body.events.find((e: any) => String(e.request.command).startsWith('git push'));
    assert.equal(push.decision.action, 'allow');
    assert.deepEqual(push.request.shadow_decision, {
      action: 'deny',
      policy: 'no-push',
      rule: 1,
      message: 'pushes are reviewed first',
    });
    const ls = ev.body.events.find((e: any) => e.request.command === 'ls -la');
    assert.ok(!('shadow_decision' in ls.request));

    const m = await srv.req('GET', '/metrics');
    assert.match(m.body, /service_shadow_differences_total\{live="allow",shadow="deny"\} 1\b/);

    const sh = await srv.req('GET', '/v1/policy/shadow');
    assert.equal(sh.status, 200);
    assert.equal(sh.body.configured, true);
    assert.equal(sh.body.differences_total, 1);
    assert.deepEqual(sh.body.by_pair, { 'allow->deny': 1 });
    assert.equal(sh.body.latest.length, 1);
    assert.equal(sh.body.latest[0].shadow.policy, 'no-push');
    assert.notEqual(sh.body.hash, sh.body.live_hash);
  });
});

test('an agent cannot forge a shadow record: its own shadow_decision param is moved aside', async () => {
  await withShadow({ 'team.yaml': CANDIDATE }, async (srv) => {
    const r = await srv.req('POST', '/v1/tool/exec', {
      ...call('echo hi'),
      params: { command: 'echo hi', shadow_decision: { action: 'allow' } },
    });
    assert.equal(r.status, 200);
    const ev = await srv.req('GET', '/v1/audit/events?tool=exec&limit=1');
    const req = ev.body.events[0].request;
    assert.ok(!('shadow_decision' in req));
    assert.deepEqual(req.shadowed_params, { shadow_decision: { action: 'allow' } });
  });
});

test('the shadow set never queues an ask, calls a webhook, uses a once-rule or changes the live answer', async () => {
  let webhookHits = 0;
  const hook = createServer((_req, res) => {
    webhookHits++;
    res.end('{"decision":"allow"}');
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  const port = (hook.address() as { port: number }).port;
  const onceRule = `
version: "1"
policies:
  - name: one-time
    match: { tool: [exec] }
    rules:
      - action: allow
        once: true
        when: { command_matches: ["make release"] }
  - name: verify
    match: { tool: [exec] }
    rules:
      - action: webhook
        webhook: { url: "http://127.0.0.1:${port}/verify" }
        when: { command_matches: ["wget *"] }
`;
  try {
    await withShadow({ 'team.yaml': CANDIDATE, 'once.yaml': onceRule }, async (srv, dir) => {
      const publish = await srv.req('POST', '/v1/tool/exec', call('npm publish'));
      assert.equal(publish.status, 200, 'the shadow asks; the live set allows and nothing is queued');
      const wget = await srv.req('POST', '/v1/tool/exec', call('wget https://example.com/x'));
      assert.equal(wget.status, 200);
      const make = await srv.req('POST', '/v1/tool/exec', call('make release'));
      assert.equal(make.status, 200);
      assert.equal(readFileSync(join(dir, 'once.yaml'), 'utf8'), onceRule, 'the once-rule is still in its file');
      // A live ask is queued as always, whatever the shadow says.
      const deploy = await srv.req('POST', '/v1/tool/exec', call('deploy staging'));
      assert.equal(deploy.status, 202);
      const pending = await srv.req('GET', '/v1/approvals');
      const commands = pending.body.approvals.map((a: any) => a.command ?? a.params?.command);
      assert.equal(pending.body.approvals.length, 1, JSON.stringify(commands));
      assert.equal(webhookHits, 0);

      const sh = await srv.req('GET', '/v1/policy/shadow');
      assert.deepEqual(sh.body.by_pair, { 'allow->ask': 1, 'allow->webhook': 1 });
      const ev = await srv.req('GET', '/v1/audit/events?tool=exec&limit=10');
      const make2 = ev.body.events.find((e: any) => e.request.command === 'make release');
      assert.ok(!('shadow_decision' in make2.request), 'the once-rule allow equals the live allow');
    });
  } finally {
    await new Promise((r) => hook.close(r));
  }
});

test('a shadow set that does not load is reported in status and GET /v1/policy/shadow; live calls go on', async () => {
  await withShadow({ 'bad.yaml': 'policies:\n  - name: x\n    rules:\n      - action: maybe\n' }, async (srv) => {
    const st = await srv.req('GET', '/v1/status');
    assert.equal(st.body.shadow.loaded, false);
    assert.match(st.body.shadow.error, /bad\.yaml/);
    const sh = await srv.req('GET', '/v1/policy/shadow');
    assert.match(sh.body.error, /maybe|action/);
    const r = await srv.req('POST', '/v1/tool/exec', call('rm -rf /'));
    assert.equal(r.status, 403);
    const p = await srv.req('POST', '/v1/policy/promote');
    assert.equal(p.status, 409);
    assert.equal(p.body.code, 'shadow_not_loaded');
  });
});

test('without a shadow set: status has no shadow field, /v1/policy/shadow says so, promote is 404', async () => {
  const srv = await startTestServer({ policy: LIVE });
  try {
    const st = await srv.req('GET', '/v1/status');
    assert.ok(!('shadow' in st.body));
    assert.deepEqual((await srv.req('GET', '/v1/policy/shadow')).body, { configured: false });
    const p = await srv.req('POST', '/v1/policy/promote');
    assert.equal(p.status, 404);
    assert.equal(p.body.code, 'shadow_not_configured');
  } finally {
    await srv.stop();
  }
});

test('"shadow" in <data-dir>/config.json loads the candidate like --shadow; a missing directory stops the start', async () => {
  const dataDir = tempDir();
  mkdirSync(join(dataDir, 'next'));
  writeFileSync(join(dataDir, 'next', 'team.yaml'), CANDIDATE);
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ shadow: 'next' }));
  const srv = await startTestServer({ policy: LIVE, dataDir });
  try {
    const st = await srv.req('GET', '/v1/status');
    assert.equal(st.body.shadow.dir, join(dataDir, 'next'));
    assert.equal(st.body.shadow.loaded, true);
  } finally {
    await srv.stop();
  }
  writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ shadow: 'nowhere' }));
  await assert.rejects(startTestServer({ policy: LIVE, dataDir }), /shadow policy directory .*nowhere does not exist/);
  rmSync(dataDir, { recursive: true, force: true });
});

test('the shadow set sees the session history the live set keeps: a candidate session rule is decided on it', async () => {
  // The live set marks sessions that read a secret; the candidate would deny their network calls.
  const live = `${LIVE}
  - name: secret-reads
    match: { tool: [exec] }
    rules:
      - action: allow
        taint: secret
        when: { command_matches: ["cat secret*"] }
`;
  const candidate = `
version: "1"
policies:
  - name: no-egress-after-secret
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["curl *"], session_tainted: secret }
        message: this session read a secret
`;
  const shadowDir = tempDir('svc-shadow-');
  writeFileSync(join(shadowDir, 'team.yaml'), candidate);
  const srv = await startTestServer({ policy: live, args: ['--shadow', shadowDir] });
  try {
    const post = async (session: string, command: string) => {
      const r = await srv.req('POST', '/v1/tool/exec', { agent: 'claude', session, params: { command } });
      assert.equal(r.status, 200);
      assert.equal(r.body.decision, 'allow', 'the live answer stands');
    };
    await post('s-read', 'curl https://example.com/before');
    await post('s-read', 'cat secret.txt');
    await post('s-read', 'curl https://example.com/after');
    const ev = await srv.req('GET', '/v1/audit/events?tool=exec&limit=10');
    const byCommand = (c: string) => ev.body.events.find((e: any) => e.request.command === c);
    assert.ok(
      !('shadow_decision' in byCommand('curl https://example.com/before').request),
      'no secret read yet: alike',
    );
    assert.deepEqual(byCommand('curl https://example.com/after').request.shadow_decision, {
      action: 'deny',
      policy: 'no-egress-after-secret',
      rule: 1,
      message: 'this session read a secret',
    });
  } finally {
    await srv.stop();
    rmSync(shadowDir, { recursive: true, force: true });
  }
});
