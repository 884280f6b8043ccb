// `svc coverage HOST` against transcript fixtures written to each host's format
// (docs/coverage.md) and a real server's audit log: calls decided through the real hook are
// matched by call id, calls decided over HTTP without an id by session and time, and the call
// svc never saw is reported with exit 1. Bad arguments exit 64. `svc coverage` and `svc hook` run
// in the file's warm svc process (test/helpers/warm-svc.ts); hook-cli.test.ts spawns the hook.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { startTestServer, tempDir, BASIC_POLICY, type TestServer } from '../helpers/server.js';
import { FIXTURES } from '../integrations/helpers.js';
import { warmSvc } from '../helpers/warm-svc.js';
import { ManualClock } from '../../src/util/clock.js';

const CLAUDE_DIR = join(FIXTURES, 'coverage', 'claude-code', 'projects');
const CODEX_DIR = join(FIXTURES, 'coverage', 'codex', 'sessions');
const CLAUDE_SESSION = '7f0c1a52-3b7e-4d2a-9c61-0e5b8a2d4f10';
const CODEX_SESSION = '0196c2f4-8a1b-7c3d-9e4f-5a6b7c8d9e0f';

/** `svc ARGS` with exactly `env`, in the file's warm svc process (test/helpers/warm-svc.ts). */
function svc(args: string[], opts: { env: NodeJS.ProcessEnv; input?: string }) {
  return warmSvc(args, { ...opts, exactEnv: true });
}

function env(srv: TestServer, home: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: home, SERVICE_HOME: home, SERVICE_URL: srv.url, SERVICE_TOKEN: srv.token };
}

async function withServer(at: string, fn: (srv: TestServer, home: string) => Promise<void>): Promise<void> {
  const clock = new ManualClock(Date.parse(at));
  const srv = await startTestServer({ policy: BASIC_POLICY, clock });
  const home = tempDir('svc-coverage-home-');
  try {
    await fn(srv, home);
  } finally {
    await srv.stop();
    rmSync(home, { recursive: true, force: true });
  }
}

function coverage(host: string, dir: string, srv: TestServer, home: string, extra: string[] = []) {
  return svc(
    [
      'coverage',
      host,
      '--transcripts',
      dir,
      '--audit-dir',
      join(srv.dataDir, 'audit'),
      '--since',
      '2026-11-20',
      ...extra,
    ],
    { env: env(srv, home) },
  );
}

test('claude-code: hook decisions match by tool_use id, an id-less decision by session and time, the rest is uncovered', async () => {
  await withServer('2026-11-20T10:00:05.500Z', async (srv, home) => {
    // the real hook, as Claude Code runs it before `npm test`
    const hook = await svc(['hook', 'claude-code'], {
      env: env(srv, home),
      input: JSON.stringify({
        session_id: CLAUDE_SESSION,
        transcript_path: join(CLAUDE_DIR, '-home-dev-project', `${CLAUDE_SESSION}.jsonl`),
        cwd: '/home/dev/project',
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'npm test', description: 'Run the test suite' },
        tool_use_id: 'toolu_01CovNpmTest',
      }),
    });
    assert.equal(hook.code, 0, hook.stderr);
    // an SDK-style call that carries the session as its run but no call id
    const r = await srv.req('POST', '/v1/tool/read', {
      agent: 'claude-code',
      session: 'project',
      run_id: CLAUDE_SESSION,
      params: { path: '/home/dev/project/README.md' },
    });
    assert.equal(r.status, 200);

    const out = await coverage('claude-code', CLAUDE_DIR, srv, home, ['--json']);
    assert.equal(out.code, 1, out.stderr);
    const rep = JSON.parse(out.stdout);
    assert.equal(rep.calls, 3);
    assert.deepEqual(
      rep.covered.map((c: { id: string; by: string }) => [c.id, c.by]),
      [
        ['toolu_01CovNpmTest', 'tool_call_id'],
        ['toolu_01CovReadme', 'session_window'],
      ],
    );
    assert.equal(rep.uncovered.length, 1);
    assert.equal(rep.uncovered[0].id, 'toolu_01CovCurl');
    assert.equal(rep.uncovered[0].target, 'curl -s https://example.com/install.sh -o install.sh');
    assert.match(rep.uncovered[0].file, /7f0c1a52.*\.jsonl$/);
    assert.equal(rep.uncovered[0].line, 7);

    const text = await coverage('claude-code', CLAUDE_DIR, srv, home);
    assert.equal(text.code, 1);
    assert.match(text.stdout, /claude-code: 3 tool calls since 2026-11-20T00:00:00.000Z in 1 transcript file/);
    assert.match(text.stdout, /covered by an svc decision: 2 \(1 by call id, 1 by session and time\)/);
    assert.match(text.stdout, /not covered: 1\n.*Bash "curl -s https:\/\/example.com\/install.sh -o install.sh"/);

    // once the last call is decided too, everything is covered: exit 0
    await svc(['hook', 'claude-code'], {
      env: env(srv, home),
      input: JSON.stringify({
        session_id: CLAUDE_SESSION,
        cwd: '/home/dev/project',
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'curl -s https://example.com/install.sh -o install.sh' },
        tool_use_id: 'toolu_01CovCurl',
      }),
    });
    const all = await coverage('claude-code', CLAUDE_DIR, srv, home);
    assert.equal(all.code, 0, all.stdout);
    assert.match(all.stdout, /not covered: 0/);
  });
});

test('codex: function_call, local_shell_call and custom_tool_call items of a rollout file', async () => {
  await withServer('2026-11-20T11:00:05.200Z', async (srv, home) => {
    const hook = await svc(['hook', 'codex'], {
      env: env(srv, home),
      input: JSON.stringify({
        session_id: CODEX_SESSION,
        cwd: '/home/dev/project',
        hook_event_name: 'PreToolUse',
        tool_name: 'shell',
        tool_input: { command: ['bash', '-lc', 'cargo build'], workdir: '/home/dev/project' },
        tool_use_id: 'call_CovCargoBuild',
      }),
    });
    assert.equal(hook.code, 0, hook.stderr);
    const r = await srv.req('POST', '/v1/tool/exec', {
      agent: 'codex',
      session: 'project',
      run_id: CODEX_SESSION,
      params: { command: 'ls -la' },
    });
    assert.equal(r.status, 200);
    const out = await coverage('codex', CODEX_DIR, srv, home, ['--json']);
    assert.equal(out.code, 1, out.stderr);
    const rep = JSON.parse(out.stdout);
    assert.equal(rep.calls, 3);
    assert.deepEqual(
      rep.covered.map((c: { id: string; by: string; target: string }) => [c.id, c.by, c.target]),
      [
        ['call_CovCargoBuild', 'tool_call_id', 'cargo build'],
        ['call_CovLs', 'session_window', 'ls -la'],
      ],
    );
    assert.deepEqual(
      rep.uncovered.map((c: { id: string; tool: string; session: string }) => [c.id, c.tool, c.session]),
      [['call_CovPatch', 'apply_patch', CODEX_SESSION]],
    );
  });
});

test('a decision outside the window or in another session does not cover a call', async () => {
  await withServer('2026-11-20T11:30:00.000Z', async (srv, home) => {
    await srv.req('POST', '/v1/tool/exec', {
      agent: 'codex',
      session: 'project',
      run_id: CODEX_SESSION,
      params: { command: 'ls -la' },
    });
    await srv.req('POST', '/v1/tool/exec', {
      agent: 'codex',
      session: 'x',
      run_id: 'other',
      params: { command: 'ls -la' },
    });
    const rep = JSON.parse((await coverage('codex', CODEX_DIR, srv, home, ['--json'])).stdout);
    assert.equal(rep.covered.length, 0);
    const wide = JSON.parse((await coverage('codex', CODEX_DIR, srv, home, ['--json', '--window', '1h'])).stdout);
    assert.deepEqual(
      wide.covered.map((c: { id: string }) => c.id),
      ['call_CovLs'],
    );
  });
});

test('bad arguments exit 64 with one clear line; a missing transcript dir is an error', async () => {
  await withServer('2026-11-20T12:00:00.000Z', async (srv, home) => {
    const cases: [string[], RegExp][] = [
      [['coverage'], /missing HOST/],
      [['coverage', 'vim'], /no transcript reader for "vim": use claude-code or codex/],
      [['coverage', 'codex', '--since', 'yesterday'], /--since "yesterday" is not a date/],
      [['coverage', 'codex', '--since', '2999-01-01'], /in the future/],
      [['coverage', 'codex', '--window', 'forever'], /invalid duration/],
      [['coverage', 'codex', '--bogus'], /bogus/],
    ];
    for (const [args, re] of cases) {
      const r = await svc(args, { env: env(srv, home) });
      assert.equal(r.code, 64, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, re);
    }
    const missing = await svc(['coverage', 'codex', '--transcripts', join(home, 'none')], { env: env(srv, home) });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /no codex transcripts at/);
  });
});
