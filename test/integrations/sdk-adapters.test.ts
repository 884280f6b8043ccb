// The TypeScript framework adapters through a real server: deny, allow, ask approved, ask
// refused, and the server away with failOpen off and on. The Vercel AI SDK and the MCP SDK
// are not dependencies of svc, so the frameworks are stand-ins that mimic only their
// documented tool-call interfaces (test/integrations/standins/).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, DeniedError } from '../../src/integrations/sdk/index.js';
import { guardMcpClient, guardTool, guardTools } from '../../src/integrations/sdk/adapters/index.js';
import { DEAD_URL, api, pendingApproval, startServer, type Server } from './helpers.js';
import { executeToolCall, tool } from './standins/ai-sdk.js';
import { StandInMcpClient } from './standins/mcp-client.js';

let server: Server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

const client = (agent: string, extra: Partial<ConstructorParameters<typeof Client>[0]> = {}) =>
  new Client({ url: server.url, token: server.token, agent, session: 'adapter-session', ...extra });

function shellTool(ran: string[]) {
  return tool({
    description: 'Run a shell command',
    inputSchema: { type: 'object', properties: { command: { type: 'string' } } },
    execute: async ({ command }: { command: string }) => {
      ran.push(command);
      return `ran: ${command}`;
    },
  });
}

const call = (command: string, id: string) => ({ toolCallId: id, toolName: 'shell', input: { command } });

test('Vercel AI SDK: allow runs execute, deny becomes the tool-error the model reads', async () => {
  const ran: string[] = [];
  const tools = guardTools(client('ai-agent'), { shell: shellTool(ran) }, { shell: 'exec' });
  const ok = await executeToolCall(call('ls -la', 'c1'), tools);
  assert.deepEqual(ok.type === 'tool-result' && ok.output, 'ran: ls -la');
  const no = await executeToolCall(call('rm -rf /', 'c2'), tools);
  assert.equal(no.type, 'tool-error');
  const err = (no as { error: unknown }).error;
  assert.ok(err instanceof DeniedError && err.decision === 'deny' && err.policy === 'no-root-delete');
  assert.match((err as Error).message, /^svc refused this exec call \(deny\): Deleting the filesystem root/);
  assert.deepEqual(ran, ['ls -la']);
  // The framework's call id is what the audit log records.
  const events = (await api(server, 'GET', '/v1/audit/events?agent=ai-agent')).body.events;
  assert.deepEqual(
    events.map((e: any) => [e.decision.action, e.request.tool_call_id]),
    [
      ['deny', 'c2'],
      ['allow', 'c1'],
    ],
  );
});

for (const approve of [true, false]) {
  test(`Vercel AI SDK: ask waits for the approval (${approve ? 'approved' : 'refused'})`, async () => {
    const ran: string[] = [];
    const agent = `ai-ask-${approve}`;
    const safe = guardTool(client(agent), shellTool(ran), { toolClass: 'exec', runId: `ai-run-${approve}` });
    const pending = executeToolCall(call('git push origin main', `ask-${approve}`), { shell: safe });
    const a = await pendingApproval(server, agent);
    await client('reviewer').approvals.resolve(a.id, { approved: approve, resolvedBy: 'adapter-test' });
    const out = await pending;
    if (approve) {
      assert.equal(out.type, 'tool-result');
      assert.deepEqual(ran, ['git push origin main']);
    } else {
      assert.equal(out.type, 'tool-error');
      assert.ok((out as { error: DeniedError }).error.decision === 'ask');
      assert.deepEqual(ran, []);
    }
  });
}

test('Vercel AI SDK: server away refuses (fail closed) unless failOpen', async () => {
  const ran: string[] = [];
  const closed = guardTool(new Client({ url: DEAD_URL, token: 't' }), shellTool(ran), { toolClass: 'exec' });
  const out = await executeToolCall(call('ls', 'c1'), { shell: closed });
  assert.equal(out.type, 'tool-error');
  assert.equal((out as { error: DeniedError }).error.decision, 'unavailable');
  assert.deepEqual(ran, []);
  const warnings: string[] = [];
  const open = guardTool(
    new Client({ url: DEAD_URL, token: 't', failOpen: true, onWarning: (m) => warnings.push(m) }),
    shellTool(ran),
    { toolClass: 'exec' },
  );
  assert.equal((await executeToolCall(call('ls', 'c2'), { shell: open })).type, 'tool-result');
  assert.deepEqual(ran, ['ls']);
  assert.equal(warnings.length, 1);
});

const MCP_TOOLS = [{ name: 'search' }, { name: 'wipe', annotations: { destructiveHint: true } }, { name: 'deploy' }];

test('MCP guard: allowed calls reach the server; a destructive tool is refused with isError', async () => {
  const mcp = new StandInMcpClient(MCP_TOOLS);
  const guarded = guardMcpClient(client('mcp-agent'), mcp);
  assert.equal(guarded.getServerVersion().name, 'stand-in');
  await guarded.listTools(); // learns that `wipe` is destructive
  assert.deepEqual(await guarded.callTool({ name: 'search', arguments: { q: 'svc' } }), {
    content: [{ type: 'text', text: 'search done' }],
  });
  for (const name of ['wipe', 'delete_repo']) {
    const r = await guarded.callTool({ name, arguments: {} });
    assert.equal(r.isError, true);
    assert.match(
      r.content[0]?.text ?? '',
      /^svc refused this mcp-destructive call \(deny\): destructive MCP tools are blocked/,
    );
  }
  assert.deepEqual(
    mcp.received.map((c) => c.name),
    ['search'],
  );
});

for (const approve of [true, false]) {
  test(`MCP guard: ask waits for the approval (${approve ? 'approved' : 'refused'})`, async () => {
    const mcp = new StandInMcpClient(MCP_TOOLS);
    const agent = `mcp-ask-${approve}`;
    const guarded = guardMcpClient(client(agent), mcp, { runId: `mcp-run-${approve}` });
    const pending = guarded.callTool({ name: 'deploy', arguments: { command: 'deploy prod' } });
    const a = await pendingApproval(server, agent);
    await client('reviewer').approvals.resolve(a.id, { approved: approve });
    const r = await pending;
    if (approve) {
      assert.deepEqual(r, { content: [{ type: 'text', text: 'deploy done' }] });
      assert.equal(mcp.received.length, 1);
    } else {
      assert.equal(r.isError, true);
      assert.match(r.content[0]?.text ?? '', /\(ask\): approval denied: deploys need approval/);
      assert.equal(mcp.received.length, 0);
    }
  });
}

test('MCP guard: server away refuses (fail closed) unless failOpen', async () => {
  const mcp = new StandInMcpClient(MCP_TOOLS);
  const closed = guardMcpClient(new Client({ url: DEAD_URL, token: 't' }), mcp);
  const r = await closed.callTool({ name: 'search', arguments: {} });
  assert.equal(r.isError, true);
  assert.match(r.content[0]?.text ?? '', /\(unavailable\)/);
  assert.equal(mcp.received.length, 0);
  const warnings: string[] = [];
  const open = guardMcpClient(
    new Client({ url: DEAD_URL, token: 't', failOpen: true, onWarning: (m) => warnings.push(m) }),
    mcp,
  );
  assert.deepEqual(await open.callTool({ name: 'search', arguments: {} }), {
    content: [{ type: 'text', text: 'search done' }],
  });
  assert.equal(warnings.length, 1);
});

test('TypeScript client guard: an ask refused while it waits throws DeniedError and never runs', async () => {
  const svc = client('ts-guard-no');
  let ran = false;
  const running = svc.guard('exec', { command: 'git push --force' }, () => (ran = true), {
    approvalWaitMs: 10_000,
    runId: 'ts-run-no',
    toolCallId: 'c1',
  });
  const a = await pendingApproval(server, 'ts-guard-no');
  await client('reviewer').approvals.resolve(a.id, { approved: false });
  await assert.rejects(
    running,
    (e: unknown) => e instanceof DeniedError && e.decision === 'ask' && e.approvalId === a.id,
  );
  assert.equal(ran, false);
});
