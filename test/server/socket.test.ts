// The preload socket goes through the same gate and audit as /v1/tool.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startTestServer, BASIC_POLICY } from '../helpers/server.js';

function ask(path: string, req: Record<string, unknown>): Promise<any> {
  return new Promise((resolve, reject) => {
    const c = net.connect(path);
    let buf = '';
    // Like the library: keep the write side open (a half-close means "I hung up").
    c.on('data', (d) => {
      buf += d;
      if (!buf.endsWith('\n')) return;
      c.destroy();
      try {
        resolve(JSON.parse(buf));
      } catch (err) {
        reject(err);
      }
    });
    c.on('error', reject);
    c.write(
      JSON.stringify({
        v: 1,
        tool: 'exec',
        agent: 'bot',
        session: 's',
        run_id: 'r9',
        path: '/bin/true',
        cwd: '/tmp',
        pid: 1,
        ppid: 1,
        argv: [],
        ...req,
      }) + '\n',
    );
  });
}

test('socket: allow and deny decided by the policy, both in the audit chain (allows without waiting for the fsync)', async () => {
  const srv = await startTestServer({ policy: BASIC_POLICY, socket: true });
  try {
    const sock = srv.ctx.opts.socketPath;
    const ok = await ask(sock, { command: 'ls -la', argv: ['ls', '-la'] });
    assert.deepEqual(ok, { decision: 'allow', allowed: true, message: ok.message });
    const no = await ask(sock, { command: 'rm -rf /', argv: ['rm', '-rf', '/'] });
    assert.equal(no.decision, 'deny');
    assert.equal(no.allowed, false);
    assert.equal(no.message, 'destructive command blocked');
    const truncated = await ask(sock, { command: 'echo hi', truncated: true });
    assert.equal(truncated.allowed, false);
    let events: any[] = [];
    for (let i = 0; i < 20 && events.length < 2; i++) {
      events = (await srv.req('GET', '/v1/audit/events?limit=500&run_id=r9')).body.events ?? [];
      if (events.length < 2) await new Promise((r) => setTimeout(r, 50));
    }
    const cmds = events.map((e) => `${e.request.command}:${e.decision.action}:${e.request.source}`).sort();
    assert.deepEqual(cmds, ['ls -la:allow:preload', 'rm -rf /:deny:preload']);
  } finally {
    await srv.stop();
  }
});
