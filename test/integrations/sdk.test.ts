// The TypeScript client SDK against a real server: decisions, guard, approvals, rules,
// audit, status, the SSE iterator, typed errors and fail-open.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  Client,
  DeniedError,
  ForbiddenError,
  NetworkError,
  SvcError,
  UnauthorizedError,
} from '../../src/integrations/sdk/index.js';
import { DEAD_URL, pendingApproval, runCli, startServer, type Server } from './helpers.js';

let server: Server;
let client: Client;

before(async () => {
  server = await startServer();
  client = new Client({ url: server.url, token: server.token, agent: 'sdk-test', session: 'sdk-session' });
});
after(() => server?.stop());

const today = () => new Date().toISOString().slice(0, 10);

test('health, status, policy summary, test and reload', async () => {
  const h = await client.health();
  assert.equal(h.status, 'ok');
  assert.equal(h.mode, 'enforce');
  assert.equal(typeof h.version, 'string');
  const s = await client.status();
  assert.equal(s.mode, 'enforce');
  assert.ok(s.policy_count >= 7);
  const p = await client.policySummary();
  assert.ok(p.rules.some((r) => r.name === 'no-root-delete'));
  const t = await client.test({ command: 'rm -rf /' });
  assert.equal(t.action, 'deny');
  assert.deepEqual(t.matched_policies.includes('no-root-delete'), true);
  const r = await client.reload();
  assert.equal(r.success, true);
});

test('evaluate: allow, deny and a queued ask are values; preflight previews', async () => {
  const allow = await client.evaluate('exec', { params: { command: 'ls -la' } });
  assert.equal(allow.allowed, true);
  assert.equal(allow.decision, 'allow');
  const deny = await client.evaluate('exec', { params: { command: 'rm -rf /' } });
  assert.equal(deny.allowed, false);
  assert.equal(deny.decision, 'deny');
  assert.match(deny.message, /filesystem root/);
  const ask = await client.evaluate('exec', {
    params: { command: 'git push origin main' },
    runId: 'sdk-run-ask',
    toolCallId: 'c1',
  });
  assert.equal(ask.decision, 'ask');
  assert.equal(typeof ask.approval_id, 'string');
  const pf = await client.preflight('read', { params: { path: '/home/u/.ssh/id_rsa' } });
  assert.equal(pf.decision, 'deny');
  assert.equal(pf.enforced, false);
  await client.approvals.resolve(ask.approval_id!, { approved: false, resolvedBy: 'cleanup' });
});

test('guard runs the function only when allowed; deny and unapproved asks throw DeniedError', async () => {
  assert.equal(await client.guard('exec', { command: 'echo ok' }, () => 42), 42);
  let ran = false;
  await assert.rejects(
    client.guard('exec', { command: 'rm -rf /' }, () => (ran = true)),
    (err: unknown) =>
      err instanceof DeniedError && err.decision === 'deny' && err.kind === 'denied' && err.policy === 'no-root-delete',
  );
  assert.equal(ran, false);
  const asked = await client.guard('exec', { command: 'git push' }, () => (ran = true)).catch((e) => e);
  assert.ok(asked instanceof DeniedError);
  assert.equal(asked.decision, 'ask');
  assert.equal(ran, false);
  await client.approvals.resolve(asked.approvalId!, { approved: false });

  // With a wait, an approval lets it run (and the once-only grant is spent for the audit).
  const running = client.guard('exec', { command: 'git push --tags' }, () => 'pushed', {
    approvalWaitMs: 10_000,
    runId: 'sdk-run-2',
    toolCallId: 'call-7',
  });
  const a = await pendingApproval(server, 'sdk-test');
  await client.approvals.resolve(a.id, { approved: true, resolvedBy: 'sdk-test' });
  assert.equal(await running, 'pushed');
});

test('approvals: list, get, create, resolve, bulk resolve of one run', async () => {
  const one = await client.evaluate('exec', { params: { command: 'git push a' }, runId: 'bulk-run', toolCallId: 'b1' });
  const two = await client.evaluate('exec', { params: { command: 'git push b' }, runId: 'bulk-run', toolCallId: 'b2' });
  const list = await client.approvals.list();
  assert.ok(list.approvals.some((x) => x.id === one.approval_id));
  const group = list.run_groups.find((g) => g.run_id === 'bulk-run');
  assert.equal(group?.count, 2);
  assert.equal(typeof list.run_grant_ttl_ms, 'number');
  const got = await client.approvals.get(one.approval_id!);
  assert.equal(got.status, 'pending');
  assert.equal(got.agent, 'sdk-test');
  const bulk = await client.approvals.bulkResolve({
    agent: 'sdk-test',
    session: 'sdk-session',
    run_id: 'bulk-run',
    action: 'approve',
    scope: 'pending',
    ids: [one.approval_id!, two.approval_id!],
  });
  assert.equal(bulk.resolved, 2);
  assert.equal(bulk.future_calls_authorized, false);
  assert.equal((await client.approvals.get(two.approval_id!)).status, 'approved');

  const created = await client.approvals.create({
    tool: 'exec',
    agent: 'sdk-test',
    session: 'sdk-session',
    params: { command: 'make deploy' },
    message: 'deploy?',
  });
  assert.equal(created.status, 'pending');
  const res = await client.approvals.resolve(created.id, { approved: false, resolvedBy: 'sdk-test' });
  assert.equal(res.status, 'denied');
  await assert.rejects(
    client.approvals.resolve(created.id, { approved: true }),
    (e: unknown) => e instanceof SvcError && e.status === 410 && e.kind === 'gone',
  );
  await assert.rejects(client.approvals.get('no-such-id'), (e: unknown) => e instanceof SvcError && e.status === 404);
});

test('rules: learn, list, delete', async () => {
  const learned = await client.rules.learn({ tool: 'exec', args: 'make sdk-rule-test', source: 'sdk-test' });
  assert.match(learned.rule_name, /^user-allow-/);
  const again = await client.rules.learn({ tool: 'exec', args: 'make sdk-rule-test' });
  assert.equal(again.pattern, learned.pattern);
  const rules = await client.rules.list();
  const mine = rules.find((r) => r.name === learned.rule_name);
  assert.ok(mine);
  await client.rules.delete(learned.rule_name);
  assert.ok(!(await client.rules.list()).some((r) => r.name === learned.rule_name));
});

test('audit: events, dates, stats and export', async () => {
  await client.evaluate('exec', { params: { command: 'echo audit-me' }, runId: 'audit-run' });
  const page = await client.audit.events({ agent: 'sdk-test', limit: 500 });
  const ev = page.events.find((e) => e.request.command === 'echo audit-me');
  assert.ok(ev, 'the evaluation is in the audit trail');
  assert.equal(ev.run_id, 'audit-run');
  assert.equal(ev.session, 'sdk-session');
  assert.match(ev.hash, /^sha256:/);
  const dates = await client.audit.dates();
  assert.ok(dates.dates.includes(today()));
  const stats = await client.audit.stats({ from: today(), to: today() });
  assert.ok(stats.by_agent['sdk-test']! >= 1);
  const jsonl = await client.audit.export(today());
  assert.ok(jsonl.split('\n').some((l) => l.includes('echo audit-me')));
});

test('events(): an async iterator over the live stream; breaking out closes it', async () => {
  const seen: string[] = [];
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), 10_000);
  for await (const ev of client.events({ signal: ac.signal })) {
    seen.push(ev.type);
    if (ev.type === 'connected') await client.evaluate('exec', { params: { command: 'git push stream' } });
    if (ev.type === 'approvals') break;
  }
  clearTimeout(timer);
  assert.equal(seen[0], 'connected');
  assert.ok(seen.includes('approvals'), `saw ${seen.join(',')}`);
  const pending = await pendingApproval(server, 'sdk-test');
  await client.approvals.resolve(pending.id, { approved: false });
});

test('typed errors: 401 UnauthorizedError, 403 ForbiddenError for an eval-only token', async () => {
  const bad = new Client({ url: server.url, token: 'not-a-token' });
  await assert.rejects(
    bad.status(),
    (e: unknown) => e instanceof UnauthorizedError && e.status === 401 && e.kind === 'unauthorized',
  );
  await assert.rejects(bad.evaluate('exec', { params: { command: 'ls' } }), UnauthorizedError);
  const created = await runCli([
    'token',
    'create',
    '--agent',
    'sdk-eval',
    '--scope',
    'eval',
    '--json',
    '--data-dir',
    server.dataDir,
  ]);
  assert.equal(created.code, 0, created.stderr);
  const evalToken = JSON.parse(created.stdout).token as string;
  const agentClient = new Client({ url: server.url, token: evalToken });
  await new Promise((r) => setTimeout(r, 1_100));
  const d = await agentClient.evaluate('exec', { params: { command: 'ls' } });
  assert.equal(d.allowed, true);
  await assert.rejects(
    agentClient.status(),
    (e: unknown) => e instanceof ForbiddenError && e.status === 403 && e.kind === 'forbidden',
  );
});

test('an unreachable server: NetworkError, or an allow with a warning when failOpen', async () => {
  const strict = new Client({ url: DEAD_URL, token: 't' });
  await assert.rejects(
    strict.evaluate('exec', { params: { command: 'ls' } }),
    (e: unknown) => e instanceof NetworkError && e.status === 0,
  );
  await assert.rejects(
    strict.guard('exec', { command: 'ls' }, () => 1),
    NetworkError,
  );
  const warnings: string[] = [];
  const open = new Client({ url: DEAD_URL, token: 't', failOpen: true, onWarning: (m) => warnings.push(m) });
  const d = await open.evaluate('exec', { params: { command: 'ls' } });
  assert.equal(d.allowed, true);
  assert.equal(d.fail_open, true);
  assert.equal(await open.guard('exec', { command: 'ls' }, () => 'ran'), 'ran');
  assert.equal(warnings.length, 2);
  await assert.rejects(open.status(), NetworkError);
});
