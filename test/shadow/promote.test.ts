// Promotion: the live policy directory takes the shadow's files (through POST /v1/policy/promote
// and `svc policy promote`), with an audit event naming both hashes; the admin token only; any
// failure on the way leaves the old set live and its files in place; a crash half-way is undone
// at the next start (the live set is the old one or the new one, never neither).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer, tempDir, type TestServer } from '../helpers/server.js';
import { SVC_BIN } from '../helpers/spawn.js';
import { PROMOTE_JOURNAL, promoteShadow } from '../../server/promote.js';

const run = promisify(execFile);

const LIVE = `
version: "1"
default_action: allow
policies:
  - name: block-destructive
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["rm -rf *"] }
`;
const OLD_USER = `
version: "1"
policies:
  - name: old-rule
    match: { tool: [exec] }
    rules:
      - action: deny
        when: { command_matches: ["make clean"] }
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
`;

const exec = (srv: TestServer, command: string) =>
  srv.req('POST', '/v1/tool/exec', { agent: 'a', session: 's', params: { command } });

async function withServer(fn: (srv: TestServer, shadowDir: string) => Promise<void>) {
  const shadowDir = tempDir('svc-shadow-');
  writeFileSync(join(shadowDir, 'team.yaml'), CANDIDATE);
  const dataDir = tempDir();
  mkdirSync(join(dataDir, 'policies'));
  writeFileSync(join(dataDir, 'policies', 'old.yaml'), OLD_USER);
  writeFileSync(join(dataDir, 'policies', 'README.txt'), 'not a policy file');
  const srv = await startTestServer({ policy: LIVE, dataDir, args: ['--shadow', shadowDir] });
  try {
    await fn(srv, shadowDir);
  } finally {
    await srv.stop();
    rmSync(shadowDir, { recursive: true, force: true });
  }
}

test('POST /v1/policy/promote: the shadow files become the live user files, the audit event names both hashes', async () => {
  await withServer(async (srv) => {
    assert.equal((await exec(srv, 'git push origin main')).status, 200);
    assert.equal((await exec(srv, 'make clean')).status, 403);
    const before = await srv.req('GET', '/v1/policy/shadow');

    const r = await srv.req('POST', '/v1/policy/promote');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.equal(r.body.from_hash, before.body.live_hash);
    assert.equal(r.body.to_hash, before.body.hash, 'the live set is now exactly the shadow set');
    assert.deepEqual(r.body.files, ['team.yaml']);
    assert.deepEqual(r.body.removed, ['old.yaml']);

    const dir = join(srv.dataDir, 'policies');
    assert.deepEqual(readdirSync(dir).sort(), ['README.txt', 'team.yaml'], 'other files are left alone');
    assert.equal(readFileSync(join(dir, 'team.yaml'), 'utf8'), CANDIDATE);
    assert.ok(!readdirSync(srv.dataDir).some((n) => n.startsWith('.promote-')), 'no work directory is left');

    assert.equal((await exec(srv, 'git push origin main')).status, 403, 'the promoted rule is live');
    assert.equal((await exec(srv, 'make clean')).status, 200, 'the old user file is gone from the set');

    const ev = await srv.req('GET', '/v1/audit/events?tool=svc&limit=5');
    const promoted = ev.body.events.find((e: any) => e.request.kind === 'policy_promoted');
    assert.equal(promoted.decision.action, 'promoted');
    assert.equal(promoted.request.from_hash, r.body.from_hash);
    assert.equal(promoted.request.to_hash, r.body.to_hash);
    assert.equal(promoted.id, r.body.audit_id);

    const again = await srv.req('GET', '/v1/policy/shadow');
    assert.equal(again.body.live_hash, again.body.hash);
  });
});

test('promote needs the admin token: an agent token with admin scope is refused and nothing changes', async () => {
  await withServer(async (srv) => {
    const { token } = srv.ctx.tokens.create('ops-bot', ['eval', 'admin']);
    const r = await srv.req('POST', '/v1/policy/promote', undefined, token);
    assert.equal(r.status, 403);
    assert.equal(r.body.code, 'forbidden');
    const evalOnly = srv.ctx.tokens.create('agent', ['eval']).token;
    assert.equal((await srv.req('POST', '/v1/policy/promote', undefined, evalOnly)).status, 403);
    assert.equal((await srv.req('POST', '/v1/policy/promote', undefined, null)).status, 401);
    assert.deepEqual(readdirSync(join(srv.dataDir, 'policies')).sort(), ['README.txt', 'old.yaml']);
    const body = await srv.req('POST', '/v1/policy/promote', { now: true });
    assert.equal(body.status, 400);
  });
});

test('a failure while moving files, reloading or recording leaves the old set live with its files', async () => {
  await withServer(async (srv) => {
    const ctx = srv.ctx;
    for (const failAt of ['move', 'reload', 'audit'] as const) {
      await assert.rejects(
        promoteShadow({
          dataDir: ctx.opts.dataDir,
          policies: ctx.policies,
          shadow: ctx.shadow ?? null,
          audit: ctx.audit,
          log: () => {},
          failAt,
        }),
        /previous set stays live/,
      );
      assert.deepEqual(readdirSync(join(srv.dataDir, 'policies')).sort(), ['README.txt', 'old.yaml'], failAt);
      assert.equal(readFileSync(join(srv.dataDir, 'policies', 'old.yaml'), 'utf8'), OLD_USER);
      assert.equal((await exec(srv, 'make clean')).status, 403, `${failAt}: the old rule is still live`);
      assert.equal((await exec(srv, 'git push x')).status, 200, `${failAt}: the candidate is not live`);
      assert.ok(!readdirSync(srv.dataDir).some((n) => n.startsWith('.promote-')));
    }
    const ev = await srv.req('GET', '/v1/audit/events?tool=svc&limit=20');
    assert.ok(!ev.body.events.some((e: any) => e.request.kind === 'policy_promoted'));
  });
});

test('a shadow edit that does not load blocks promotion (409) and changes nothing', async () => {
  await withServer(async (srv, shadowDir) => {
    writeFileSync(join(shadowDir, 'broken.yaml'), 'policies: [');
    assert.throws(() => srv.ctx.shadow!.reload());
    const r = await srv.req('POST', '/v1/policy/promote');
    assert.equal(r.status, 409);
    assert.equal(r.body.code, 'shadow_not_loaded');
    assert.deepEqual(readdirSync(join(srv.dataDir, 'policies')).sort(), ['README.txt', 'old.yaml']);
    const st = await srv.req('GET', '/v1/status');
    assert.match(st.body.shadow.error, /broken\.yaml/);
  });
});

test('svc policy promote (CLI) promotes and prints both hashes; without a server it says so', async () => {
  await withServer(async (srv) => {
    const env = { ...process.env, SERVICE_URL: srv.url, SERVICE_TOKEN: srv.token };
    const r = await run(process.execPath, [SVC_BIN, 'policy', 'promote'], { env });
    assert.match(
      r.stdout,
      /^promoted: sha256-\S+ -> sha256-\S+\nlive policy files: team\.yaml\nno longer in the set: old\.yaml\n$/,
    );
    assert.equal((await exec(srv, 'git push origin main')).status, 403);
    const bad = await run(process.execPath, [SVC_BIN, 'policy', 'promote', 'now'], { env }).catch((e) => e);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unexpected argument "now"/);
  });
});

test('a crash at any step of a promotion: after a restart the old set is live, whole, and the undoing is recorded', async () => {
  for (const step of ['crash-moving', 'crash-moved', 'crash-recorded'] as const) {
    const shadowDir = tempDir('svc-shadow-');
    writeFileSync(join(shadowDir, 'team.yaml'), CANDIDATE);
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'policies'));
    writeFileSync(join(dataDir, 'policies', 'old.yaml'), OLD_USER);
    writeFileSync(join(dataDir, 'policies', 'README.txt'), 'not a policy file');
    const args = ['--shadow', shadowDir];
    try {
      let srv = await startTestServer({ policy: LIVE, dataDir, args });
      let fromHash = '';
      try {
        fromHash = (await srv.req('GET', '/v1/policy/shadow')).body.live_hash;
        const ctx = srv.ctx;
        await assert.rejects(
          promoteShadow({
            dataDir,
            policies: ctx.policies,
            shadow: ctx.shadow ?? null,
            audit: ctx.audit,
            log: () => {},
            failAt: step,
          }),
          /simulated crash/,
        );
        // What the crash left on disk: a journal naming the moves.
        assert.ok(existsSync(join(dataDir, PROMOTE_JOURNAL)), step);
        if (step === 'crash-moving')
          assert.deepEqual(readdirSync(join(dataDir, 'policies')), ['README.txt'], 'mid-move: neither set on disk');
      } finally {
        await srv.stop();
      }
      srv = await startTestServer({ policy: LIVE, dataDir, args });
      try {
        assert.deepEqual(readdirSync(join(dataDir, 'policies')).sort(), ['README.txt', 'old.yaml'], step);
        assert.equal(readFileSync(join(dataDir, 'policies', 'old.yaml'), 'utf8'), OLD_USER);
        assert.ok(!existsSync(join(dataDir, PROMOTE_JOURNAL)));
        assert.ok(!readdirSync(dataDir).some((n) => n.startsWith('.promote-')), 'work files removed');
        assert.equal((await exec(srv, 'make clean')).status, 403, `${step}: the old rule is live`);
        assert.equal((await exec(srv, 'git push x')).status, 200, `${step}: the candidate is not`);
        const sh = await srv.req('GET', '/v1/policy/shadow');
        assert.equal(sh.body.live_hash, fromHash, 'the same set as before the promotion');
        const ev = await srv.req('GET', '/v1/audit/events?tool=svc&limit=50');
        const undone = ev.body.events.find((e: any) => e.request.kind === 'policy_promote_rolled_back');
        assert.ok(undone, `${step}: the undoing is on the record`);
        assert.equal(undone.request.from_hash, fromHash);
        assert.equal(undone.request.to_hash, sh.body.hash, 'names the set that did not become live');
        assert.deepEqual(undone.request.restored, ['old.yaml']);
        assert.deepEqual(undone.request.withdrawn, ['team.yaml']);
        // A promotion after the recovery works as usual.
        const ok = await srv.req('POST', '/v1/policy/promote');
        assert.equal(ok.status, 200);
        assert.equal((await exec(srv, 'git push x')).status, 403);
      } finally {
        await srv.stop();
      }
    } finally {
      rmSync(shadowDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
});

test('a recorded promotion whose clean-up was cut short keeps the new set; an unreadable journal stops the start', async () => {
  const dataDir = tempDir();
  try {
    mkdirSync(join(dataDir, 'policies'));
    writeFileSync(join(dataDir, 'policies', 'team.yaml'), CANDIDATE);
    mkdirSync(join(dataDir, '.promote-abc123', 'previous'), { recursive: true });
    writeFileSync(join(dataDir, '.promote-abc123', 'previous', 'old.yaml'), OLD_USER);
    const journal = { work: '.promote-abc123', out: ['old.yaml'], in: ['team.yaml'], from_hash: 'a', to_hash: 'b' };
    writeFileSync(join(dataDir, PROMOTE_JOURNAL), JSON.stringify({ ...journal, shadow_dir: '/x', state: 'done' }));
    const srv = await startTestServer({ policy: LIVE, dataDir });
    try {
      assert.deepEqual(readdirSync(join(dataDir, 'policies')), ['team.yaml']);
      assert.ok(!existsSync(join(dataDir, '.promote-abc123')));
      assert.ok(!existsSync(join(dataDir, PROMOTE_JOURNAL)));
      assert.equal((await exec(srv, 'git push x')).status, 403, 'the promoted set stays live');
    } finally {
      await srv.stop();
    }
    writeFileSync(join(dataDir, PROMOTE_JOURNAL), '{"work": "../../etc"}');
    await assert.rejects(startTestServer({ policy: LIVE, dataDir }), /promotion journal/);
    assert.deepEqual(readdirSync(join(dataDir, 'policies')), ['team.yaml'], 'nothing was touched');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
