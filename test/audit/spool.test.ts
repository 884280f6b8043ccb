// Decisions a hook made while the server was away: the server folds <data-dir>/hook-spool.jsonl
// into its audit chain on start (marked client-reported, the chain still verifies), once only,
// also when a fold was cut short by a crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SVC_BIN } from '../helpers/spawn.js';
import { startTestServer } from '../helpers/server.js';
import { openAuditLog } from '../../src/audit/log.js';
import {
  appendSpool,
  foldSpool,
  spoolEvent,
  FOLDING_FILE,
  MAX_SPOOL_BYTES,
  SPOOL_FILE,
  type SpoolRecord,
} from '../../src/audit/spool.js';
import { cleanup, readEvents, tempDir } from './helpers.js';

function svc(args: string[], env: NodeJS.ProcessEnv, input = '') {
  const r = spawnSync(process.execPath, [SVC_BIN, ...args], {
    input,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function record(i: number, action = 'deny'): SpoolRecord {
  return {
    v: 1,
    id: `rec${i}`.padEnd(24, '0'),
    ts: '2026-05-20T10:00:00.000Z',
    host: 'claude-code',
    agent: 'claude-code',
    session: 'repo/main',
    phase: 'pre',
    tool: 'exec',
    params: { command: `cmd ${i}` },
    decision: { action, matched_policies: ['p'], message: 'm', evaluation_time_us: 5 },
    reason: 'ECONNREFUSED',
    policy_set: 'standard',
  };
}

const clientReported = (dir: string) => readEvents(dir).filter((e) => e.source === 'client-reported');

test('a hook decision made while the server was away is in the audit chain after the next start, once', async () => {
  const data = tempDir();
  try {
    const hookPayload = JSON.stringify({
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'rm -rf /' },
      session_id: 's-1',
      tool_use_id: 'toolu_1',
      cwd: data,
    });
    const hook = svc(
      ['hook', 'claude-code'],
      { HOME: data, SERVICE_HOME: data, SERVICE_URL: 'http://127.0.0.1:9' },
      hookPayload,
    );
    assert.equal(hook.code, 0, hook.err);
    assert.equal(JSON.parse(hook.out).hookSpecificOutput.permissionDecision, 'deny');
    assert.ok(statSync(join(data, SPOOL_FILE)).size > 0);

    for (let round = 0; round < 2; round++) {
      const srv = await startTestServer({ dataDir: data });
      await srv.stop();
    }
    const events = clientReported(join(data, 'audit'));
    assert.equal(events.length, 1, 'folded once, not again on the second start');
    const ev = events[0]!;
    assert.equal(ev.tool, 'exec');
    assert.equal(ev.request.command, 'rm -rf /');
    assert.equal(ev.request.tool_call_id, 'toolu_1');
    assert.equal(ev.run_id, 's-1');
    assert.equal(ev.decision.action, 'deny');
    assert.deepEqual(ev.decision.matched_policies, ['destructive-deletes']);
    assert.match(ev.request.reported_at, /^\d{4}-\d\d-\d\dT/);
    assert.equal(statSync(join(data, SPOOL_FILE)).size, 0, 'the spool is empty after the fold');
    assert.ok(!existsSync(join(data, FOLDING_FILE)));

    const verify = svc(['audit', 'verify', '--audit-dir', join(data, 'audit'), '--data-dir', data], {});
    assert.equal(verify.code, 0, verify.out + verify.err);
    assert.match(verify.out, /audit chain intact/);
  } finally {
    cleanup(data);
  }
});

test('a fold cut short after some records were written resumes without duplicating them', async () => {
  const data = tempDir();
  const dir = join(data, 'audit');
  try {
    appendSpool(data, [record(1), record(2), record(3, 'allow')]);
    // The crash: the spool was renamed aside and the first two records reached the log.
    renameSync(join(data, SPOOL_FILE), join(data, FOLDING_FILE));
    let log = await openAuditLog({ dir, dataDir: data });
    for (const line of readFileSync(join(data, FOLDING_FILE), 'utf8').trim().split('\n').slice(0, 2)) {
      await log.append(spoolEvent(line)!.input);
    }
    await log.close();
    // Meanwhile a hook started a fresh spool; it is folded by the next start, not this one.
    appendSpool(data, [record(4)]);

    log = await openAuditLog({ dir, dataDir: data });
    const res = await foldSpool(data, dir, log);
    assert.deepEqual(res, { folded: 1, skipped: 2, invalid: 0 });
    assert.deepEqual(
      clientReported(dir).map((e) => e.request.command),
      ['cmd 1', 'cmd 2', 'cmd 3'],
    );
    assert.ok(!existsSync(join(data, FOLDING_FILE)));
    const next = await foldSpool(data, dir, log);
    assert.deepEqual(next, { folded: 1, skipped: 0, invalid: 0 });
    assert.deepEqual(
      clientReported(dir).map((e) => e.request.command),
      ['cmd 1', 'cmd 2', 'cmd 3', 'cmd 4'],
    );
    await log.close();
  } finally {
    cleanup(data);
  }
});

test('lines that are not spool records are dropped and counted; a live call cannot claim to be client-reported', async () => {
  const data = tempDir();
  const dir = join(data, 'audit');
  try {
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, SPOOL_FILE), `not json\n{"v":1}\n${JSON.stringify(record(7))}\n`);
    const log = await openAuditLog({ dir, dataDir: data });
    assert.deepEqual(await foldSpool(data, dir, log), { folded: 1, skipped: 0, invalid: 2 });
    await log.close();
    const srv = await startTestServer({ dataDir: data });
    try {
      const r = await srv.req('POST', '/v1/tool/exec', {
        agent: 'a',
        session: 's',
        params: { command: 'ls', source: 'client-reported' },
      });
      assert.equal(r.status, 200);
    } finally {
      await srv.stop();
    }
    const all = readEvents(dir);
    assert.equal(
      all.filter((e) => e.source === 'client-reported').length,
      1,
      'only the folded record carries the mark',
    );
  } finally {
    cleanup(data);
  }
});

test('a full spool refuses more lines; an oversized record keeps its decision with a cut summary', () => {
  const data = tempDir();
  try {
    const big = { ...record(1), params: { command: 'x'.repeat(200_000) } };
    appendSpool(data, [big]);
    const line = JSON.parse(readFileSync(join(data, SPOOL_FILE), 'utf8'));
    assert.equal(line.params.truncated, true);
    assert.equal(line.decision.action, 'deny');
    writeFileSync(join(data, SPOOL_FILE), 'x'.repeat(MAX_SPOOL_BYTES));
    assert.throws(() => appendSpool(data, [record(2)]), /is full/);
  } finally {
    cleanup(data);
  }
});
