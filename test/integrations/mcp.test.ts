// `svc mcp -- node mcp-server.mjs` over real pipes, with a client on our side and a real
// server deciding: allowed, denied and approved calls, response redaction, tools/list
// filtering, and untouched pass-through of everything else.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  api,
  DEAD_URL,
  FIXTURES,
  pendingApproval,
  startServer,
  stopProcess,
  SVC_JS,
  tempDir,
  type Server,
} from './helpers.js';

let server: Server;
before(async () => {
  server = await startServer();
});
after(() => server?.stop());

const WAIT_MS = 10_000;

class McpSession {
  readonly proc: ChildProcess;
  readonly log: string;
  private buffer = '';
  private seen: any[] = [];
  private waiters: Array<{ pred: (m: any) => boolean; resolve: (m: any) => void }> = [];
  stderr = '';

  constructor(flags: string[] = [], env: NodeJS.ProcessEnv = {}) {
    this.log = join(tempDir('mcp'), 'server.log');
    this.proc = spawn(
      process.execPath,
      [SVC_JS, 'mcp', ...flags, '--', process.execPath, join(FIXTURES, 'mcp-server.mjs')],
      {
        env: {
          PATH: process.env.PATH,
          SERVICE_URL: server.url,
          SERVICE_TOKEN: server.token,
          SERVICE_HOME: tempDir('mcp-home'),
          MCP_LOG: this.log,
          ...env,
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    this.proc.stderr!.on('data', (c) => (this.stderr += c));
    this.proc.stdout!.on('data', (c: Buffer) => {
      this.buffer += c.toString();
      let nl: number;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        if (!line.trim()) continue;
        const msg = JSON.parse(line);
        const w = this.waiters.find((x) => x.pred(msg));
        if (w) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(msg);
        } else this.seen.push(msg);
      }
    });
  }

  send(msg: unknown): void {
    this.proc.stdin!.write((typeof msg === 'string' ? msg : JSON.stringify(msg)) + '\n');
  }

  next(pred: (m: any) => boolean, what = 'a message'): Promise<any> {
    const i = this.seen.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.seen.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`timed out waiting for ${what}; stderr: ${this.stderr}`)), WAIT_MS);
      this.waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  }

  reply(id: unknown): Promise<any> {
    return this.next(
      (m) => !Array.isArray(m) && m.id === id && m.method === undefined,
      `the reply to ${JSON.stringify(id)}`,
    );
  }

  async request(id: unknown, method: string, params?: unknown): Promise<any> {
    this.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    return this.reply(id);
  }

  received(): any[] {
    if (!existsSync(this.log)) return [];
    return readFileSync(this.log, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  }

  async close(): Promise<number | null> {
    this.proc.stdin!.end();
    await new Promise((r) => (this.proc.exitCode !== null ? r(null) : this.proc.on('exit', r)));
    return this.proc.exitCode;
  }
}

const call = (name: string, args: unknown = {}, extra: Record<string, unknown> = {}) => ({
  name,
  arguments: args,
  ...extra,
});
const calledTools = (s: McpSession) =>
  s
    .received()
    .flatMap((m) => (Array.isArray(m) ? m : [m]))
    .filter((m) => m.method === 'tools/call')
    .map((m) => m.params.name);

test('allowed, denied and destructive calls; the server never sees a denied call', async () => {
  const s = new McpSession();
  try {
    const init = await s.request(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    assert.equal(init.result.serverInfo.name, 'fixture');
    s.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    const list = await s.request(2, 'tools/list');
    assert.equal(list.result.tools.length, 6, 'without --filter-tools every tool is listed');

    const echo = await s.request(3, 'tools/call', call('echo', { text: 'hello' }));
    assert.deepEqual(echo.result.content, [{ type: 'text', text: 'hello' }]);

    const drop = await s.request(4, 'tools/call', call('drop_table', { table: 'users' }));
    assert.equal(drop.error.code, -32001);
    assert.match(drop.error.message, /destructive MCP tools are blocked/);
    assert.equal(drop.error.data.tool, 'mcp-destructive');

    // Declared destructive by annotation (learned from tools/list), whatever its name.
    const nuke = await s.request('n-1', 'tools/call', call('nuke'));
    assert.equal(nuke.error.code, -32001);

    assert.deepEqual(calledTools(s), ['echo']);
    assert.ok(
      s.received().some((m) => m.method === 'notifications/initialized'),
      'notifications pass through',
    );
  } finally {
    assert.equal(await s.close(), 0);
  }
  assert.match(s.stderr, /3 calls evaluated, 2 refused/);
});

test('an ask waits for approval through the API; a denial is an error', async () => {
  const s = new McpSession();
  try {
    // With a run ID the approval is a once-only grant, which the output check then spends.
    const pending = s.request(
      10,
      'tools/call',
      call('deploy', { command: 'deploy prod' }, { _meta: { run_id: 'mcp-run-1' } }),
    );
    const a = await pendingApproval(server, 'mcp-client', 'deploy prod');
    assert.equal(calledTools(s).length, 0, 'held while waiting');
    assert.equal(
      (await api(server, 'POST', `/v1/approvals/${a.id}/resolve`, { approved: true, resolved_by: 'test' })).status,
      200,
    );
    assert.deepEqual((await pending).result.content, [{ type: 'text', text: 'deployed: deploy prod' }]);
    assert.match(
      s.stderr,
      new RegExp(
        `svc mcp: Waiting for up to \\S+ for a human to approve this call \\(approval ${a.id}\\); it has not run\\..*"svc approve ${a.id}"`,
      ),
    );

    const refused = s.request(11, 'tools/call', call('deploy', { command: 'deploy staging' }));
    const b = await pendingApproval(server, 'mcp-client', 'deploy staging');
    await api(server, 'POST', `/v1/approvals/${b.id}/resolve`, { approved: false, resolved_by: 'test' });
    const r = await refused;
    assert.equal(r.error.code, -32001);
    assert.match(
      r.error.message,
      new RegExp(
        `Not run: test denied approval ${b.id}, so svc blocked the call\\. It needs approval because: deploys need approval\\.`,
      ),
    );
    assert.equal(r.error.data.approval_id, b.id);
    assert.deepEqual(calledTools(s), ['deploy']);
  } finally {
    await s.close();
  }
});

test('a result the response rules deny is replaced by the redaction marker', async () => {
  const s = new McpSession();
  try {
    const r = await s.request(20, 'tools/call', call('leak'));
    assert.equal(r.result.isError, true);
    assert.equal(r.result.content.length, 1);
    assert.match(r.result.content[0].text, /REDACTED/);
    assert.ok(!JSON.stringify(r).includes('AKIA1234567890ABCDEF'));
    assert.equal(r.result.structuredContent, undefined);
  } finally {
    await s.close();
  }
});

test('secrets in an allowed result are redacted in place by default; --no-redact passes them', async () => {
  const s = new McpSession();
  try {
    const r = await s.request(21, 'tools/call', call('read_file', { path: '.env' }));
    assert.equal(r.result.isError, undefined);
    const text = r.result.content[0].text as string;
    assert.match(text, /APP_NAME=shop/);
    assert.match(text, /PORT=8080/);
    assert.ok(!text.includes('hunter2hunter2'), text);
    assert.equal(r.result.structuredContent.path, '.env');
    assert.equal(r.result.structuredContent.api_token, '[REDACTED]');
    assert.match(s.stderr, /secrets in a tool result were replaced/);
  } finally {
    await s.close();
  }
  const raw = new McpSession(['--no-redact']);
  try {
    const r = await raw.request(22, 'tools/call', call('read_file', { path: '.env' }));
    assert.match(r.result.content[0].text, /hunter2hunter2/);
    assert.equal(r.result.structuredContent.api_token, 'tok_live_4f9a8b7c6d5e');
  } finally {
    await raw.close();
  }
});

test('--filter-tools hides the tools the policy always denies', async () => {
  const s = new McpSession(['--filter-tools']);
  try {
    const list = await s.request('list', 'tools/list');
    assert.deepEqual(list.result.tools.map((t: any) => t.name).sort(), ['deploy', 'echo', 'leak', 'read_file']);
  } finally {
    await s.close();
  }
  assert.match(s.stderr, /2 tools hidden/);
});

test('server-to-client requests, notifications and their answers pass through untouched', async () => {
  const s = new McpSession();
  try {
    s.send({ jsonrpc: '2.0', method: 'test/poke' });
    const req = await s.next((m) => m.method === 'roots/list', 'roots/list from the server');
    assert.deepEqual(req, { jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' });
    const note = await s.next((m) => m.method === 'notifications/message', 'a log notification');
    assert.equal(note.params.data, 'poked');
    const answer = '{"jsonrpc":"2.0","id":"srv-1","result":{"roots":[{"uri":"file:///home/dev/project"}]}}';
    s.send(answer);
    const pong = await s.request(30, 'ping');
    assert.deepEqual(pong.result, {});
    const raw = readFileSync(s.log, 'utf8').split('\n');
    assert.ok(raw.includes(answer), 'the answer reached the server byte for byte');
  } finally {
    await s.close();
  }
});

test('batches: plain batches pass as they are; a denied call in a batch is answered in the batch reply', async () => {
  const s = new McpSession();
  try {
    s.send([
      { jsonrpc: '2.0', id: 40, method: 'ping' },
      { jsonrpc: '2.0', id: 41, method: 'tools/list' },
    ]);
    const plain = await s.next((m) => Array.isArray(m) && m.some((x: any) => x.id === 40), 'the plain batch reply');
    assert.deepEqual(plain.map((m: any) => m.id).sort(), [40, 41]);

    s.send([
      { jsonrpc: '2.0', id: 42, method: 'ping' },
      { jsonrpc: '2.0', id: 43, method: 'tools/call', params: call('echo', { text: 'in a batch' }) },
      { jsonrpc: '2.0', id: 44, method: 'tools/call', params: call('drop_table', { table: 'x' }) },
    ]);
    const mixed = await s.next((m) => Array.isArray(m) && m.some((x: any) => x.id === 42), 'the mixed batch reply');
    const byId = Object.fromEntries(mixed.map((m: any) => [m.id, m]));
    assert.deepEqual(byId[42].result, {});
    assert.equal(byId[43].result.content[0].text, 'in a batch');
    assert.equal(byId[44].error.code, -32001);
    const forwarded = s.received().filter(Array.isArray).at(-1);
    assert.deepEqual(
      forwarded?.map((m: any) => m.id),
      [42, 43],
      'the denied call never reached the server',
    );
  } finally {
    await s.close();
  }
});

test('malformed and ambiguous messages are refused without reaching the server', async () => {
  const s = new McpSession();
  try {
    s.send('{"jsonrpc":"2.0", "id": 50, "method": ');
    assert.equal((await s.reply(null)).error.code, -32700);
    s.send({
      jsonrpc: '2.0',
      id: 51,
      method: 'tools/call',
      params: { name: 'echo', Name: 'drop_table', arguments: {} },
    });
    assert.equal((await s.reply(51)).error.code, -32600);
    s.send({ jsonrpc: '2.0', id: 52, method: 'tools/call', params: { arguments: {} } });
    assert.equal((await s.reply(52)).error.code, -32602);
    assert.deepEqual(calledTools(s), []);
  } finally {
    await s.close();
  }
});

test('server unreachable: calls pass with a warning, or are refused with SERVICE_FAIL_OPEN=0', async () => {
  const open = new McpSession([], { SERVICE_URL: DEAD_URL });
  try {
    assert.equal((await open.request(60, 'tools/call', call('echo', { text: 'x' }))).result.content[0].text, 'x');
  } finally {
    await open.close();
  }
  assert.match(open.stderr, /unreachable.*fail-open/);
  const closed = new McpSession([], { SERVICE_URL: DEAD_URL, SERVICE_FAIL_OPEN: '0' });
  try {
    const r = await closed.request(61, 'tools/call', call('echo', { text: 'x' }));
    assert.equal(r.error.code, -32001);
    assert.match(r.error.message, /unreachable/);
    assert.deepEqual(calledTools(closed), []);
  } finally {
    await closed.close();
  }
});

test("the proxy exits with the server's code, and reports a missing command", async () => {
  const s = new McpSession();
  s.proc.kill('SIGTERM');
  await new Promise((r) => s.proc.on('exit', r));
  assert.ok(s.proc.exitCode !== 0 || s.proc.signalCode !== null);
  const missing = spawn(process.execPath, [SVC_JS, 'mcp', '--', '/nonexistent/mcp-server'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  missing.stderr!.on('data', (c) => (err += c));
  const code = await new Promise((r) => missing.on('exit', r));
  assert.equal(code, 127);
  assert.match(err, /cannot start/);
  await stopProcess(missing);
});
