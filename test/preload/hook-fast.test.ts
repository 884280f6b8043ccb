// svc-hook, the native fast path of `svc hook HOST`, against a real server: the same replies as
// the Node command (allow, deny, malformed, post-phase redaction, a payload over the exec line
// limit), decisions in the audit, approvals held past the short timeout, and the host's own
// local fallback (handed over to `svc hook`), no-decision and fail-closed replies when the server
// is away, stopped or answers garbage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { TEST_POLICY } from '../integrations/helpers.js';
import { HOSTS, loadAdapter } from '../../src/integrations/hooks/hosts.js';
import { DEFAULT_MARKER } from '../../src/integrations/hooks/hook-run.js';
import { parseHookRequest, parsePreloadRequest, startPreloadSocket } from '../../server/preload-socket.js';
import { PACKAGE_ROOT } from '../../src/util/version.js';

const SVC_HOOK = join(PACKAGE_ROOT, 'build', 'Release', 'svc-hook');
const SVC_JS = join(PACKAGE_ROOT, 'bin', 'svc.js');
const FIXTURES = join(PACKAGE_ROOT, 'test', 'fixtures', 'hooks');
const DEAD_URL = 'http://127.0.0.1:9';

let srv: TestServer;
let home: string;

before(async () => {
  srv = await startTestServer({ policy: TEST_POLICY, socket: true });
  home = tempDir('svc-hookfast-');
});
after(async () => {
  await srv?.stop();
  rmSync(home, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(cmd: string, args: string[], input: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { env: env as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, stdout, stderr }));
    p.stdin.on('error', () => {}); // the client may stop reading early
    p.stdin.end(input);
  });
}

const baseEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: home,
  ...extra,
});

/** The native client against the test server's socket. */
const fast = (host: string, input: string, extra: NodeJS.ProcessEnv = {}) =>
  run(SVC_HOOK, [host], input, baseEnv({ SERVICE_SOCKET: srv.ctx.opts.socketPath, ...extra }));

/** The Node reference, `svc hook HOST`, against the same server over HTTP. */
const node = (host: string, input: string, extra: NodeJS.ProcessEnv = {}) =>
  run(
    process.execPath,
    [SVC_JS, 'hook', host],
    input,
    baseEnv({ SERVICE_URL: srv.url, SERVICE_TOKEN: srv.token, SERVICE_HOME: srv.dataDir, ...extra }),
  );

const fixture = (host: string, name: string) => readFileSync(join(FIXTURES, host, `${name}.json`), 'utf8');

test('the native client is built beside libsvc.so and svc preload-path --hook names it', async () => {
  assert.ok(existsSync(SVC_HOOK), `${SVC_HOOK} missing: run npx node-gyp rebuild`);
  const r = await run(process.execPath, [SVC_JS, 'preload-path', '--hook'], '', baseEnv());
  assert.equal(r.code, 0);
  assert.equal(r.stdout, SVC_HOOK + '\n');
});

test('same stdout, stderr and exit as `svc hook` for allow, deny and malformed payloads', async () => {
  const cases: Array<[string, string]> = [
    ['claude-code', 'allow'],
    ['claude-code', 'deny'],
    ['claude-code', 'malformed'],
    ['claude-code', 'deny-read'],
    ['claude-code', 'post-allow'],
    ['claude-code', 'post-redact'],
    ['cursor', 'allow'],
    ['cursor', 'deny'],
    ['cursor', 'malformed'],
    ['codex', 'deny'],
    ['cline', 'deny'],
  ];
  for (const [host, name] of cases) {
    const input = fixture(host, name);
    const [f, n] = await Promise.all([fast(host, input), node(host, input)]);
    assert.equal(f.code, 0, `${host}/${name}: ${f.stderr}`);
    assert.deepEqual(f, n, `${host}/${name}`);
  }
  const deny = JSON.parse((await fast('claude-code', fixture('claude-code', 'deny'))).stdout);
  assert.equal(deny.hookSpecificOutput.permissionDecision, 'deny');
  assert.match(deny.hookSpecificOutput.permissionDecisionReason, /filesystem root is blocked/);
  const redact = JSON.parse((await fast('claude-code', fixture('claude-code', 'post-redact'))).stdout);
  assert.equal(redact.decision, 'block');
  assert.ok(!JSON.stringify(redact).includes('AKIA'), 'the secret never reaches the host');
});

test('a 2 MiB payload is forwarded whole and answered like `svc hook`', async () => {
  const payload = JSON.parse(fixture('claude-code', 'post-allow'));
  payload.tool_response.stdout = 'x'.repeat(2 * 1024 * 1024);
  const input = JSON.stringify(payload);
  const [f, n] = await Promise.all([fast('claude-code', input), node('claude-code', input)]);
  assert.deepEqual(f, n);
  assert.match(JSON.parse(f.stdout).reason, /larger than/);
  // Over the hook payload bound (4 MiB), both refuse it as malformed. (`svc hook` stops reading
  // at the bound and judges the prefix it kept, so its reason differs.)
  const huge = ' '.repeat(4 * 1024 * 1024 + 10) + '{}';
  const [hf, hn] = await Promise.all([fast('claude-code', huge), node('claude-code', huge)]);
  for (const r of [hf, hn]) {
    assert.equal(r.code, 0);
    const out = JSON.parse(r.stdout).hookSpecificOutput;
    assert.equal(out.permissionDecision, 'deny');
    assert.match(out.permissionDecisionReason, /^svc: malformed claude-code hook payload/);
  }
  assert.match(hf.stdout, /payload larger than 4194304 bytes/);
});

test('the decision is in the audit with the run ID the hook forwarded', async () => {
  const r = await fast('claude-code', fixture('claude-code', 'deny'), {
    SERVICE_RUN: 'fast-path-run',
    SERVICE_SESSION: 'fast/session',
  });
  assert.match(r.stdout, /"permissionDecision":"deny"/);
  const a = await srv.req('GET', '/v1/audit/events?run_id=fast-path-run');
  assert.equal(a.status, 200);
  const events = a.body.events as Array<Record<string, any>>;
  assert.equal(events.length, 1, JSON.stringify(a.body));
  const e = events[0]!;
  assert.equal(e.decision.action, 'deny', JSON.stringify(e));
  assert.equal(e.agent, 'claude-code');
  assert.equal(e.session, 'fast/session');
  assert.match(JSON.stringify(e), /rm -rf \//);
});

test('an approval holds the reply past SERVICE_HOOK_TIMEOUT_MS and the approved call is allowed', async () => {
  const pending = fast('cursor', fixture('cursor', 'ask'), {
    SERVICE_HOOK_TIMEOUT_MS: '1000',
    SERVICE_RUN: 'fast-ask',
  });
  let id: string | undefined;
  for (let i = 0; i < 100 && !id; i++) {
    const list = await srv.req('GET', '/v1/approvals');
    const items: Array<Record<string, any>> = Array.isArray(list.body)
      ? list.body
      : (list.body.approvals ?? list.body.items ?? []);
    id = items.find((x) => JSON.stringify(x).includes('fast-ask') && (x.status ?? 'pending') === 'pending')?.id;
    if (!id) await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(id, 'the ask was queued');
  await new Promise((r) => setTimeout(r, 1500)); // well past the client's 1000 ms
  const res = await srv.req('POST', `/v1/approvals/${id}/resolve`, { approved: true });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const r = await pending;
  // A client that gave up at 1000 ms would have handed over to the local decision, with a notice.
  assert.deepEqual(r, { code: 0, stdout: '{}\n', stderr: '' });
});

test('server stopped: svc-hook hands over to `svc hook`, which decides locally and records it; SERVICE_FAIL_OPEN=0 denies', async () => {
  const gone = await startTestServer({ policy: TEST_POLICY, socket: true });
  const sock = gone.ctx.opts.socketPath;
  await gone.stop();
  const data = tempDir('svc-hookfast-away-');
  try {
    const env = { SERVICE_SOCKET: sock, SERVICE_HOME: data, SERVICE_URL: DEAD_URL };
    const away = (host: string, input: string, extra: NodeJS.ProcessEnv = {}) =>
      run(SVC_HOOK, [host], input, baseEnv({ ...env, ...extra }));

    const deny = await away('claude-code', fixture('claude-code', 'deny'));
    assert.equal(deny.code, 0, deny.stderr);
    const out = JSON.parse(deny.stdout);
    assert.equal(out.hookSpecificOutput.permissionDecision, 'deny');
    assert.equal(out.systemMessage, 'svc: server unreachable; decided locally by policy destructive-deletes');
    // the same reply the Node hook gives with its server away
    const ref = await run(
      process.execPath,
      [SVC_JS, 'hook', 'claude-code'],
      fixture('claude-code', 'deny'),
      baseEnv(env),
    );
    assert.equal(deny.stdout, ref.stdout);
    const spooled = readFileSync(join(data, 'hook-spool.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      spooled.map((l) => [l.params.command, l.decision.action]),
      [
        ['rm -rf /', 'deny'],
        ['rm -rf /', 'deny'],
      ],
    );

    const ls = await away('cursor', fixture('cursor', 'deny').replace('"rm -rf /"', '"ls"'));
    assert.deepEqual(JSON.parse(ls.stdout), {
      user_message: 'svc: server unreachable; decided locally by the default action',
      userMessage: 'svc: server unreachable; decided locally by the default action',
    });

    const closed = await away('claude-code', fixture('claude-code', 'allow'), { SERVICE_FAIL_OPEN: '0' });
    assert.equal(closed.code, 0);
    const c = JSON.parse(closed.stdout).hookSpecificOutput;
    assert.equal(c.permissionDecision, 'deny');
    assert.match(c.permissionDecisionReason, /^svc: the svc server is unreachable \(.*\) and fail-open is off$/);
    assert.equal(closed.stderr, '');

    // Invalid JSON is refused before the server is asked, by both clients and with the same reply.
    const bad = await away('codex', '{"tool_name": ');
    const badRef = await run(
      process.execPath,
      [SVC_JS, 'hook', 'codex'],
      '{"tool_name": ',
      baseEnv({ SERVICE_URL: DEAD_URL }),
    );
    assert.deepEqual(bad, badRef);
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
});

test("when the handover cannot run, no decision (the adapters' own defer reply); fail-closed replies match too", async () => {
  // A copy of the binary with no bin/svc.js two levels up: the handover has nothing to run.
  const lone = join(home, 'lone', 'a');
  mkdirSync(lone, { recursive: true });
  const loneHook = join(lone, 'svc-hook');
  copyFileSync(SVC_HOOK, loneHook);
  chmodSync(loneHook, 0o755);
  const sock = join(home, 'nobody.sock');
  const why = `cannot connect to ${sock}: No such file or directory`;
  const payloads: Record<string, { pre: string; post?: string }> = {
    'claude-code': { pre: 'allow', post: 'post-allow' },
    codex: { pre: 'allow', post: 'post-allow' },
    cursor: { pre: 'allow' },
    gemini: { pre: 'allow', post: 'post-allow' },
    copilot: { pre: 'allow', post: 'post-allow' },
    cline: { pre: 'allow', post: 'post-allow' },
  };
  assert.deepEqual(Object.keys(payloads).sort(), [...HOSTS].sort());
  for (const host of HOSTS) {
    const adapter = await loadAdapter(host);
    for (const phase of ['pre', 'post'] as const) {
      const name = payloads[host]![phase];
      if (!name) continue;
      const input = fixture(host, name);
      assert.equal(adapter.phaseOf(JSON.parse(input)), phase, `${host}/${name}`);
      const open = await run(loneHook, [host], input, baseEnv({ SERVICE_SOCKET: sock }));
      const deferReason = `the svc server is unreachable (${why}) and the local decision could not be made (bin/svc.js not found beside this svc-hook)`;
      const deferred = adapter.render(phase, { kind: 'defer', reason: deferReason, notice: deferReason });
      assert.equal(open.stdout, JSON.stringify(deferred.json) + '\n', `${host} ${phase} defer`);
      assert.ok(!/"allow"|"deny"|"cancel":true/.test(open.stdout), `${host} ${phase}: no decision of its own`);
      assert.match(open.stderr, /^svc: server unreachable \(.*\); no decision, the host decides\n/);
      if (deferred.stderr) assert.ok(open.stderr.endsWith(deferred.stderr + '\n'), `${host} ${phase} defer stderr`);

      const closed = await run(loneHook, [host], input, baseEnv({ SERVICE_SOCKET: sock, SERVICE_FAIL_OPEN: 'off' }));
      const reason = `the svc server is unreachable (${why}) and fail-open is off`;
      const outcome =
        phase === 'pre'
          ? { kind: 'deny' as const, reason }
          : { kind: 'block' as const, reason, replacement: DEFAULT_MARKER };
      const reply = adapter.render(phase, outcome);
      assert.equal(closed.stdout, JSON.stringify(reply.json) + '\n', `${host} ${phase} deny`);
      assert.equal(closed.stderr, reply.stderr ? reply.stderr + '\n' : '', `${host} ${phase} deny stderr`);
    }
  }
});

/** A stand-in server on a socket: answers each request line with `reply` (or never). */
async function fakeServer(reply: string | null): Promise<{ path: string; close(): Promise<void> }> {
  const path = join(home, `fake-${Math.random().toString(36).slice(2)}.sock`);
  const conns = new Set<net.Socket>();
  const server = net.createServer((c) => {
    conns.add(c);
    c.on('error', () => {});
    c.on('data', (d) => {
      if (reply !== null && d.includes(0x0a)) c.end(reply);
    });
  });
  await new Promise<void>((r) => server.listen(path, r));
  return {
    path,
    close: () =>
      new Promise((r) => {
        for (const c of conns) c.destroy();
        server.close(() => r());
      }),
  };
}

test('a malformed reply or no answer in time is treated like an unreachable server', async () => {
  const input = fixture('gemini', 'deny');
  const data = tempDir('svc-hookfast-mal-');
  const away = { SERVICE_HOME: data, SERVICE_URL: DEAD_URL };
  try {
    const replies = [
      'not json\n',
      '{"decision":"allow","allowed":true,"message":""}\n',
      '{"stdout":"{}\\n","stderr":"","exit":300}\n',
      '{"stdout":"x"',
    ];
    for (const reply of replies) {
      const f = await fakeServer(reply);
      try {
        // Handed over to the local decision: rm -rf / is still denied. (One handover is enough:
        // the rest take the same path, which the fail-closed reply below shows more cheaply.)
        if (reply === replies[1]) {
          const r = await run(SVC_HOOK, ['gemini'], input, baseEnv({ SERVICE_SOCKET: f.path, ...away }));
          assert.equal(JSON.parse(r.stdout).decision, 'deny', reply);
          assert.match(JSON.parse(r.stdout).systemMessage, /decided locally/, reply);
        }
        const c = await run(SVC_HOOK, ['gemini'], input, baseEnv({ SERVICE_SOCKET: f.path, SERVICE_FAIL_OPEN: '0' }));
        assert.match(JSON.parse(c.stdout).reason, /malformed reply.*fail-open is off/);
      } finally {
        await f.close();
      }
    }
    const silent = await fakeServer(null);
    try {
      const r = await run(
        SVC_HOOK,
        ['gemini'],
        input,
        baseEnv({ SERVICE_SOCKET: silent.path, SERVICE_HOOK_TIMEOUT_MS: '200', SERVICE_FAIL_OPEN: '0' }),
      );
      assert.match(JSON.parse(r.stdout).reason, /no answer on .* within 200 ms/);
    } finally {
      await silent.close();
    }
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
  // A well-formed reply is printed as given, exit status included.
  const ok = await fakeServer('{"stdout":"{\\"x\\":\\"\\u00e9\\"}\\n","stderr":"note\\n","exit":3}\n');
  try {
    const r = await run(SVC_HOOK, ['gemini'], input, baseEnv({ SERVICE_SOCKET: ok.path }));
    assert.deepEqual(r, { code: 3, stdout: '{"x":"é"}\n', stderr: 'note\n' });
  } finally {
    await ok.close();
  }
});

test('bad arguments exit 2 with one line', async () => {
  for (const args of [['vim'], [], ['claude-code', 'extra']]) {
    const r = await run(SVC_HOOK, args, '{}', baseEnv({ SERVICE_SOCKET: join(home, 'none.sock') }));
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.split('\n').filter(Boolean).length, 1);
  }
});

test('the socket listener: hook requests are validated, and exec requests are parsed as before', async () => {
  assert.deepEqual(parseHookRequest('{"v":1,"kind":"hook","host":"codex","payload":"{}","env":{"SERVICE_RUN":"r"}}'), {
    v: 1,
    kind: 'hook',
    host: 'codex',
    payload: '{}',
    cwd: '',
    env: { SERVICE_RUN: 'r' },
  });
  assert.equal(parseHookRequest('{"v":1,"kind":"hook","host":"codex"}'), '"payload" must be a string');
  assert.equal(
    parseHookRequest('{"v":1,"kind":"hook","host":"codex","payload":"","env":{"A":1}}'),
    '"env" must be an object of strings',
  );
  assert.equal(parsePreloadRequest('{"v":1,"kind":"hook"}'), 'tool must be "exec"');

  // Without a hook handler, or with a bad request, the answer is a usage error in hook shape.
  const path = join(home, 'listener.sock');
  const s = await startPreloadSocket({ path, decide: async () => ({ decision: 'allow', allowed: true, message: '' }) });
  try {
    const r = await run(SVC_HOOK, ['codex'], fixture('codex', 'allow'), baseEnv({ SERVICE_SOCKET: path }));
    assert.deepEqual(r, { code: 2, stdout: '', stderr: 'svc hook: this socket does not answer hook requests\n' });
  } finally {
    await s.close();
  }
  const unknown = await new Promise<string>((resolve) => {
    const c = net.connect(srv.ctx.opts.socketPath);
    let out = '';
    c.on('data', (d) => (out += d));
    c.on('close', () => resolve(out));
    c.write('{"v":1,"kind":"hook","host":"vim","payload":"{}"}\n');
  });
  assert.deepEqual(JSON.parse(unknown), { stdout: '', stderr: 'svc hook: unknown host "vim"\n', exit: 2 });
});
