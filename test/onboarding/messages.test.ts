// What an agent is told while its call waits for a human and when the wait ends: the approval
// id, where to approve it, whether the call ran, and what to do next, in plain words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAdapter } from '../../src/integrations/hooks/hosts.js';
import { runHook } from '../../src/integrations/hooks/hook-run.js';
import { outcomeMessage, waitingMessage } from '../../src/approvals/messages.js';
import { ManualClock } from '../../src/util/clock.js';
import { startTestServer, tempDir, ASK_DEPLOY_POLICY } from '../helpers/server.js';
import { rmSync } from 'node:fs';

const codexAsk = (id: string) =>
  JSON.stringify({
    session_id: 's1',
    cwd: '/tmp',
    hook_event_name: 'PreToolUse',
    tool_name: 'exec_command',
    tool_input: { cmd: 'deploy prod' },
    tool_use_id: id,
  });

test('the builders name the id, where to approve, and whether the call ran', () => {
  const w = waitingMessage({
    id: 'A1',
    reason: 'deploys need a human.',
    serverUrl: 'http://127.0.0.1:9090/',
    waitMs: 120_000,
  });
  assert.equal(
    w,
    'Waiting for up to 2m for a human to approve this call (approval A1); it has not run. It needs approval because: deploys need a human. ' +
      'To approve: "svc approve A1" (or "svc deny A1") in a terminal, or the dashboard at http://127.0.0.1:9090/dashboard.',
  );
  assert.match(
    outcomeMessage('A1', { kind: 'expired', afterMs: 119_600 }),
    /^Not run: nobody answered approval A1 after 2m, so it expired and svc blocked the call\./,
  );
  assert.match(
    outcomeMessage('A1', { kind: 'denied', by: 'cli:alice' }),
    /^Not run: cli:alice denied approval A1, so svc blocked the call\. Do not retry/,
  );
  assert.match(
    outcomeMessage('A1', { kind: 'gave-up', afterMs: 30_000 }),
    /not resolved in time \(stopped waiting after 30s\).*"svc approve A1"/,
  );
  assert.equal(
    outcomeMessage('A1', { kind: 'approved', by: 'dashboard' }),
    'Approved by dashboard (approval A1); the call goes ahead.',
  );
});

async function waitForPending(req: (m: string, p: string) => Promise<{ body: any }>): Promise<string> {
  for (;;) {
    const r = await req('GET', '/v1/approvals');
    if (r.body.approvals?.length) return r.body.approvals[0].id;
    await new Promise((res) => setImmediate(res));
  }
}

test('a hook whose approval expires on the server tells the agent it did not run and how to get it approved', async () => {
  const clock = new ManualClock(Date.now());
  const srv = await startTestServer({ policy: ASK_DEPLOY_POLICY, clock, args: ['--approval-timeout', '2m'] });
  const home = tempDir();
  try {
    const env = { SERVICE_URL: srv.url, SERVICE_TOKEN: srv.token, SERVICE_HOME: home, SERVICE_APPROVAL_WAIT: '5m' };
    const running = runHook(await loadAdapter('codex'), codexAsk('call-expire'), env);
    const id = await waitForPending(srv.req);
    clock.advance(3 * 60_000);
    const out = await running;
    const reason = JSON.parse(out.stdout).hookSpecificOutput.permissionDecisionReason as string;
    assert.match(
      reason,
      new RegExp(`Not run: nobody answered approval ${id}.* so it expired and svc blocked the call\\.`),
    );
    assert.match(reason, /It needs approval because: deploys need a human\./);
    assert.match(reason, new RegExp(`the dashboard at ${srv.url.replace(/[.]/g, '\\.')}/dashboard`));
    assert.match(reason, /svc pending lists the ids/);
  } finally {
    rmSync(home, { recursive: true, force: true });
    await srv.stop();
  }
});

test('a hook that stops waiting names the still-pending approval and the command that approves it', async () => {
  const srv = await startTestServer({ policy: ASK_DEPLOY_POLICY });
  const home = tempDir();
  try {
    const env = { SERVICE_URL: srv.url, SERVICE_TOKEN: srv.token, SERVICE_HOME: home, SERVICE_APPROVAL_WAIT: '300ms' };
    const out = await runHook(await loadAdapter('codex'), codexAsk('call-giveup'), env);
    const reason = JSON.parse(out.stdout).hookSpecificOutput.permissionDecisionReason as string;
    const id = (await srv.req('GET', '/v1/approvals')).body.approvals[0].id;
    assert.match(reason, new RegExp(`Not run: approval ${id} was not resolved in time`));
    assert.match(reason, new RegExp(`"svc approve ${id}"`));
    assert.match(reason, /the identical retry goes through once/);
  } finally {
    rmSync(home, { recursive: true, force: true });
    await srv.stop();
  }
});
