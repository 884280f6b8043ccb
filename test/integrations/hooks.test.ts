// Every host adapter against a real server: realistic payloads for allow, deny, ask (native
// prompt or the approval queue), malformed input and tool output scanning.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAdapter, HOSTS, type HostName } from '../../src/integrations/hooks/hosts.js';
import { runHook } from '../../src/integrations/hooks/hook-run.js';
import { api, FIXTURES, pendingApproval, startServer, tempDir, type Server } from './helpers.js';

let server: Server;
let home: string;

before(async () => {
  server = await startServer();
  home = tempDir('hook-home');
});
after(() => server?.stop());

function fixture(host: string, name: string): any {
  return JSON.parse(readFileSync(join(FIXTURES, 'hooks', host, `${name}.json`), 'utf8'));
}

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    SERVICE_URL: server.url,
    SERVICE_TOKEN: server.token,
    SERVICE_HOME: home,
    SERVICE_APPROVAL_WAIT: '10s',
    ...extra,
  };
}

async function hook(host: HostName, payload: unknown, extra: NodeJS.ProcessEnv = {}) {
  const out = await runHook(
    await loadAdapter(host),
    typeof payload === 'string' ? payload : JSON.stringify(payload),
    env(extra),
  );
  return { reply: JSON.parse(out.stdout), stderr: out.stderr };
}

interface Shape {
  allow: unknown;
  denied(r: any): string | undefined;
  asked?(r: any): string | undefined;
  postAllow?: unknown;
  blocked?(r: any): boolean;
}

const MARKER = /REDACTED/;
const SHAPES: Record<HostName, Shape> = {
  'claude-code': {
    allow: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } },
    denied: (r) =>
      r.hookSpecificOutput?.permissionDecision === 'deny' ? r.hookSpecificOutput.permissionDecisionReason : undefined,
    asked: (r) =>
      r.hookSpecificOutput?.permissionDecision === 'ask' ? r.hookSpecificOutput.permissionDecisionReason : undefined,
    postAllow: {},
    blocked: (r) =>
      r.decision === 'block' &&
      MARKER.test(JSON.stringify(r.hookSpecificOutput.updatedToolOutput)) &&
      !JSON.stringify(r).includes('AKIA1234'),
  },
  codex: {
    allow: {},
    denied: (r) =>
      r.hookSpecificOutput?.permissionDecision === 'deny' ? r.hookSpecificOutput.permissionDecisionReason : undefined,
    postAllow: {},
    blocked: (r) => r.decision === 'block' && typeof r.reason === 'string',
  },
  cursor: {
    allow: {},
    denied: (r) => (r.permission === 'deny' ? r.agent_message : undefined),
  },
  gemini: {
    allow: {},
    denied: (r) => (r.decision === 'deny' ? r.reason : undefined),
    postAllow: {},
    blocked: (r) => r.decision === 'deny' && typeof r.reason === 'string',
  },
  copilot: {
    allow: {},
    denied: (r) =>
      r.permissionDecision === 'deny' && r.hookSpecificOutput.permissionDecision === 'deny'
        ? r.permissionDecisionReason
        : undefined,
    asked: (r) => (r.permissionDecision === 'ask' ? r.permissionDecisionReason : undefined),
    postAllow: {},
    blocked: (r) => r.decision === 'block' && MARKER.test(r.modifiedResult.textResultForLlm),
  },
  cline: {
    allow: { cancel: false },
    denied: (r) => (r.cancel === true ? r.errorMessage : undefined),
    postAllow: { cancel: false },
    blocked: (r) => r.cancel === true,
  },
};

/** Extra deny fixtures per host and the policy message each must carry. */
const EXTRA_DENIES: Record<HostName, Array<[string, RegExp]>> = {
  'claude-code': [
    ['deny-read', /credential files/],
    ['deny-write', /credential files/],
    ['deny-multiedit', /credential files/],
    ['deny-mcp', /destructive MCP/],
  ],
  codex: [
    ['deny-patch', /credential files/],
    ['deny-write', /credential files/],
  ],
  cursor: [
    ['deny-mcp', /destructive MCP/],
    ['deny-fetch', /evil\.example/],
    ['deny-write', /credential files/],
    ['deny-edit', /credential files/],
  ],
  gemini: [
    ['deny-read-many', /credential files/],
    ['deny-write', /credential files/],
    ['deny-edit', /credential files/],
  ],
  copilot: [
    ['deny-cli-args', /credential files/],
    ['deny-write', /credential files/],
    ['deny-edit', /credential files/],
  ],
  cline: [
    ['deny-cli', /credential files/],
    ['deny-write', /credential files/],
    ['deny-edit', /credential files/],
  ],
};

for (const host of HOSTS) {
  const shape = SHAPES[host];

  test(`${host}: allow, deny and malformed payloads get the host's replies`, async () => {
    assert.deepEqual((await hook(host, fixture(host, 'allow'))).reply, shape.allow);
    const denied = shape.denied((await hook(host, fixture(host, 'deny'))).reply);
    assert.match(denied ?? '(not a deny)', /Deleting the filesystem root is blocked/);
    for (const [name, message] of EXTRA_DENIES[host]) {
      assert.match(shape.denied((await hook(host, fixture(host, name))).reply) ?? `(${name} not denied)`, message);
    }
    assert.match(
      shape.denied((await hook(host, fixture(host, 'malformed'))).reply) ?? '(malformed not denied)',
      /malformed/,
    );
    assert.match(
      shape.denied((await hook(host, 'this is not json')).reply) ?? '(garbage not denied)',
      /not valid JSON/,
    );
    assert.match(shape.denied((await hook(host, '')).reply) ?? '(empty not denied)', /empty payload/);
  });

  if (shape.postAllow !== undefined) {
    test(`${host}: tool output passes, or is blocked by the response rules`, async () => {
      assert.deepEqual((await hook(host, fixture(host, 'post-allow'))).reply, shape.postAllow);
      const r = (await hook(host, fixture(host, 'post-redact'))).reply;
      assert.ok(shape.blocked!(r), `expected a block, got ${JSON.stringify(r)}`);
      assert.match(JSON.stringify(r), /AWS access key in tool output/);
    });
  }
}

for (const host of ['claude-code', 'copilot'] as const) {
  test(`${host}: ask uses the host's own prompt; the tool running later closes the approval`, async () => {
    const pre = fixture(host, 'ask');
    pre.tool_use_id = `${host}-native-ask`;
    const r = (await hook(host, pre)).reply;
    assert.match(SHAPES[host].asked!(r) ?? '(not an ask)', /git push needs approval/);
    const pending = await pendingApproval(server, host);
    // The user said yes in the host: the tool ran and PostToolUse reports its output.
    const post = {
      ...pre,
      hook_event_name: 'PostToolUse',
      tool_response: { stdout: 'pushed' },
      tool_result: { resultType: 'success', textResultForLlm: 'pushed' },
    };
    assert.deepEqual((await hook(host, post)).reply, {});
    const after = await api(server, 'GET', `/v1/approvals/${pending.id}`);
    assert.equal(after.body.status, 'approved');
    assert.match(after.body.resolved_by, new RegExp(host));
  });
}

// Each host waits for its own approval (found by its agent name), so the four run at once: most
// of each is the hook's poll of the queue, and one at a time they would leave the machine idle.
describe('hosts without their own prompt', { concurrency: true }, () => {
  for (const host of ['codex', 'cursor', 'gemini', 'cline'] as const) {
    test(`${host}: ask waits for the approval queue: approved allows, denied denies`, async () => {
      const approved = fixture(host, 'ask');
      const running = hook(host, approved);
      const a = await pendingApproval(server, host);
      assert.equal(
        (await api(server, 'POST', `/v1/approvals/${a.id}/resolve`, { approved: true, resolved_by: 'test' })).status,
        200,
      );
      assert.deepEqual((await running).reply, SHAPES[host].allow);

      const refused = fixture(host, 'ask');
      if ('tool_use_id' in refused) refused.tool_use_id += '-2';
      const running2 = hook(host, refused);
      const b = await pendingApproval(server, host);
      assert.equal(
        (await api(server, 'POST', `/v1/approvals/${b.id}/resolve`, { approved: false, resolved_by: 'test' })).status,
        200,
      );
      assert.match(
        SHAPES[host].denied((await running2).reply) ?? '(not denied)',
        /Not run: test denied approval \S+, so svc blocked the call\. It needs approval because: git push needs approval\./,
      );
    });
  }
});

test('codex: an approval nobody answers ends as a deny within the wait bound', async () => {
  const p = fixture('codex', 'ask');
  p.tool_use_id = 'call_unanswered';
  const r = (await hook('codex', p, { SERVICE_APPROVAL_WAIT: '600ms' })).reply;
  assert.match(SHAPES.codex.denied(r) ?? '(not denied)', /not resolved in time/);
  const pending = await pendingApproval(server, 'codex');
  await api(server, 'POST', `/v1/approvals/${pending.id}/resolve`, { approved: false, resolved_by: 'cleanup' });
});

test('a hook forwarded by another uid cannot close an approval by reporting that the tool ran', async () => {
  const { hookCall } = await import('../../server/hook-call.js');
  const call = hookCall({ url: async () => server.url, token: server.token, dataDir: home });
  const pre = fixture('claude-code', 'ask');
  pre.tool_use_id = 'claude-foreign-peer';
  const asked = await call(
    { v: 1, kind: 'hook', host: 'claude-code', payload: JSON.stringify(pre), cwd: '', env: {} } as never,
    { pid: 1, uid: 1 },
  );
  assert.equal(JSON.parse(asked.stdout).hookSpecificOutput.permissionDecision, 'ask');
  const pending = await pendingApproval(server, 'claude-code', 'claude-foreign-peer');
  const post = JSON.stringify({ ...pre, hook_event_name: 'PostToolUse', tool_response: { stdout: 'pushed' } });
  const foreign = process.getuid!() + 1;
  await call({ v: 1, kind: 'hook', host: 'claude-code', payload: post, cwd: '', env: {} } as never, {
    pid: 1,
    uid: foreign,
  });
  assert.equal(
    (await api(server, 'GET', `/v1/approvals/${pending.id}`)).body.status,
    'pending',
    'another uid reporting the tool ran approves nothing',
  );
  await call({ v: 1, kind: 'hook', host: 'claude-code', payload: post, cwd: '', env: {} } as never, {
    pid: 1,
    uid: process.getuid!(),
  });
  assert.equal(
    (await api(server, 'GET', `/v1/approvals/${pending.id}`)).body.status,
    'approved',
    'the same uid still closes it',
  );
});
