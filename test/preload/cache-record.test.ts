// A request the listener answers from its reply cache is audited from the record kept beside
// the reply, not decided again: the socket hands it to the reply's `repeat` with its own pid and
// ppid, and decide never sees it. Then the real server: a program run twice under the library,
// the second exec answered from the cache, is in the audit log with its own pid and the first
// one's decision, the chain verifies, the engine was not asked again, and after a policy reload
// the next exec is decided afresh.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  startPreloadSocket,
  type PreloadReply,
  type PreloadRequest,
  type RepeatedExec,
} from '../../server/preload-socket.js';
import { line, preloadEnv, promptExchange, run, SAMPLE_REQUEST, tempDir, waitFor } from './harness.js';
import { runSvc, spawnServe } from '../helpers/spawn.js';
import { readingUsesAgentFiles } from '../../server/preload-exec.js';

let dir: string;
before(() => {
  dir = tempDir('svc-cache-record-');
});
after(() => rmSync(dir, { recursive: true, force: true }));

const ALLOW_TEXT = line({ decision: 'allow', allowed: true, message: 'ok' });

test('a cached reply with repeat: its later answers are recorded through it with their own pid and ppid, never decided', async () => {
  const decided: Array<{ req: PreloadRequest; answered: boolean }> = [];
  const repeats: RepeatedExec[] = [];
  const sock = await startPreloadSocket({
    path: join(dir, 'r.sock'),
    transport: 'native',
    decide: async (req, _peer, ctl) => {
      decided.push({ req, answered: ctl.answered === true });
      const r: PreloadReply = { decision: 'allow', allowed: true, message: 'ok', cacheable: true };
      r.repeat = (e) => repeats.push(e);
      return r;
    },
  });
  try {
    const req: PreloadRequest = { ...SAMPLE_REQUEST, run_id: 'r1' };
    assert.equal(await promptExchange(join(dir, 'r.sock'), line(req)), ALLOW_TEXT);
    const pids = [11, 12, 13, 14, 15];
    for (const pid of pids) {
      assert.equal(await promptExchange(join(dir, 'r.sock'), line({ ...req, pid, ppid: pid + 100 })), ALLOW_TEXT);
    }
    // each request reaches one of the two: decide (the first, or a line that took the event
    // loop's slower path on a loaded machine) or the repeat of the cached reply
    assert.ok(await waitFor(() => decided.length + repeats.length === 1 + pids.length, 3000));
    assert.equal(decided.filter((d) => d.answered).length, 0, 'no answered line was decided again');
    const stats = sock.stats();
    assert.equal(stats.recorded, repeats.length);
    assert.equal(stats.decided_again, 0);
    assert.ok(stats.hits >= repeats.length);
    for (const e of repeats) {
      assert.equal(e.peer.pid, process.pid, 'the connection is ours');
      assert.ok(e.pid !== undefined && pids.includes(e.pid), `the line's own pid: ${JSON.stringify(e)}`);
      assert.equal(e.ppid, e.pid! + 100, "the line's own ppid");
    }
    const seen = [...decided.slice(1).map((d) => d.req.pid), ...repeats.map((e) => e.pid)].sort();
    assert.deepEqual(seen, pids, 'every later request was recorded once, under its own pid');
  } finally {
    await sock.close();
  }
});

test('a line with a second pid or ppid member is never answered from the cache', async () => {
  const decided: PreloadRequest[] = [];
  const repeats: RepeatedExec[] = [];
  const path = join(dir, 'd.sock');
  const sock = await startPreloadSocket({
    path,
    transport: 'native',
    decide: async (req) => {
      decided.push(req);
      return { decision: 'allow', allowed: true, message: 'ok', cacheable: true, repeat: (e) => repeats.push(e) };
    },
  });
  try {
    const text = line(SAMPLE_REQUEST);
    assert.equal(await promptExchange(path, text), ALLOW_TEXT);
    // JSON.parse keeps the last of two members; the key would hold the other one
    for (const [member, value] of [
      ['pid', SAMPLE_REQUEST.pid],
      ['ppid', SAMPLE_REQUEST.ppid],
    ] as const) {
      const twice = text.replace(`,"${member}":${value}`, `,"${member}":${value},"${member}":77`);
      assert.notEqual(twice, text);
      assert.equal(await promptExchange(path, twice), ALLOW_TEXT);
      assert.equal(decided.at(-1)?.[member], 77, `${member}: decided, with the value JSON.parse reads`);
    }
    assert.equal(repeats.length, 0);
    assert.equal(sock.stats().hits, 0);
  } finally {
    await sock.close();
  }
});

test('only a program the request pins is cacheable: a system path, or a file sent with its content hash', () => {
  const hash = 'sha256:' + 'a'.repeat(64);
  const base = { command: 'tidy -rf x', argv: ['tidy', '-rf', 'x'], cwd: '/home/u' };
  // the server would read the agent's file (realpath, or its content) to know what runs
  assert.equal(readingUsesAgentFiles({ ...base, path: '/home/u/tidy' }), true);
  assert.equal(readingUsesAgentFiles({ ...base, path: 'tidy' }), true);
  assert.equal(readingUsesAgentFiles({ ...base, path: '/home/u/tidy', exe: '/home/u/tidy' }), true);
  assert.equal(readingUsesAgentFiles({ ...base, path: '/home/u/tidy', exe: '/home/u/tidy', exeSize: 9 }), true);
  assert.equal(
    readingUsesAgentFiles({ ...base, path: '/home/u/tidy', exe: '/home/u/tidy', exeHash: 'sha256:x', exeSize: 9 }),
    true,
    'not a content hash',
  );
  // pinned: the content hash the library sent, or files only root can change
  assert.equal(
    readingUsesAgentFiles({ ...base, path: '/home/u/tidy', exe: '/home/u/tidy', exeHash: hash, exeSize: 9 }),
    false,
  );
  assert.equal(readingUsesAgentFiles({ ...base, path: '/usr/bin/rm' }), false);
  assert.equal(readingUsesAgentFiles({ ...base, path: '/bin/rm', exe: '/usr/bin/rm' }), false);
  assert.equal(readingUsesAgentFiles({ ...base, path: '/home/u/tidy', api: 'system' }), false, 'a shell string');
});

// ---------------------------------------------------------------- the real server, end to end

const policy = (message: string) => `version: "1"
default_action: deny
policies:
  - name: true-only
    match: { tool: [exec] }
    rules:
      - action: allow
        message: "${message}"
        when: { command_matches: ["/bin/true", "/bin/true *"] }
`;

interface Record {
  id: string;
  tool: string;
  session: string;
  request: { [k: string]: unknown; pid: number; ppid: number; command: string };
  decision: { action: string; message: string; matched_policies: string[]; evaluation_time_us: number };
}

function execRecords(dataDir: string, session: string): Record[] {
  const audit = join(dataDir, 'audit');
  return readdirSync(audit)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((f) => readFileSync(join(audit, f), 'utf8').split('\n'))
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l) as Record)
    .filter((e) => e.tool === 'exec' && e.session === session);
}

async function status(url: string, token: string) {
  const res = await fetch(`${url}/v1/status`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return (await res.json()) as {
    call_counts: { exec?: number };
    preload_cache: { hits: number; cached: number; recorded: number; decided_again: number };
  };
}

test('real server: a repeated exec answered from the cache is audited from its record, the engine not asked; a reload decides afresh', async () => {
  const dataDir = tempDir('svc-cache-record-e2e-');
  const file = join(dataDir, 'policy.yaml');
  writeFileSync(file, policy('true is fine'));
  const s = await spawnServe(['--data-dir', dataDir, '--config', file]);
  const socket = join(dataDir, 'svc.sock');
  const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
  const session = 'cache-record';
  try {
    // /bin/true run by a preloaded shell twice per round, then a command new to the server; on
    // a loaded machine a line can miss the listener thread and be decided on the event loop
    // instead, so rounds go on until one exec was answered from the cache (each round's second
    // exec normally is)
    let execs = 0;
    const rounds: string[][] = [];
    for (let round = 0; round < 20; round++) {
      const script = `/bin/true; /bin/true; /bin/true round-${round}; echo ok`;
      const r = await run('/bin/sh', ['-c', script], preloadEnv(socket, { SERVICE_SESSION: session }));
      assert.equal(r.stdout.trim(), 'ok', r.stderr);
      execs += 3;
      rounds.push(['/bin/true', '/bin/true', `/bin/true round-${round}`]);
      if ((await status(s.url, token)).preload_cache.hits > 0) break;
    }
    let records: Record[] = [];
    assert.ok(
      await waitFor(() => (records = execRecords(dataDir, session)).length === execs, 5000),
      `all ${execs} execs audited (found ${records.length})`,
    );
    const st = await status(s.url, token);
    assert.ok(st.preload_cache.recorded >= 1, JSON.stringify(st.preload_cache));
    assert.equal(st.preload_cache.decided_again, 0, 'no cached answer went through the engine again');
    assert.equal(st.call_counts.exec, execs, 'repeats are counted as calls');

    const decided = records.filter((e) => e.request.cache === undefined);
    const hits = records.filter((e) => e.request.cache === 'hit');
    assert.equal(hits.length, st.preload_cache.recorded, 'one record per repeat, marked as a cache hit');
    assert.equal(decided.length + hits.length, execs);
    // the log holds each shell's execs in the order it ran them: a cache hit is recorded before
    // the new command that came after it, although that one was decided at once and the hit
    // reached the event loop in a batch
    const byShell = new Map<number, string[]>();
    for (const e of records) byShell.set(e.request.ppid, [...(byShell.get(e.request.ppid) ?? []), e.request.command]);
    assert.deepEqual([...byShell.values()], rounds);
    const first = decided[0]!;
    assert.ok(first.decision.evaluation_time_us >= 0);
    for (const h of hits) {
      // the decision of the first, its own pid, its shell as ppid, the same request otherwise
      assert.equal(h.decision.action, 'allow');
      assert.equal(h.decision.message, 'true is fine');
      assert.deepEqual(h.decision.matched_policies, first.decision.matched_policies);
      assert.equal(h.decision.evaluation_time_us, 0, 'not evaluated');
      assert.equal(h.request.command, '/bin/true', 'only the repeated command was answered from the cache');
      assert.equal(h.request.source, 'preload');
      assert.equal(h.request.path, '/bin/true');
      const { pid, ppid, cache, ...rest } = h.request;
      const twin = records.find((e) => e.request.ppid === ppid && e !== h);
      assert.ok(twin, 'the other exec of the same shell is in the log too');
      assert.notEqual(pid, twin.request.pid);
      assert.ok(Number.isInteger(pid) && pid > 0 && Number.isInteger(ppid) && ppid > 0);
      const { pid: _p, ppid: _pp, cache: _c, ...firstRest } = first.request;
      assert.deepEqual(rest, firstRest, 'every other request field as in the decided record');
      void cache;
    }
    assert.equal(new Set(records.map((e) => e.request.pid)).size, execs, 'each exec under its own pid');

    // a reload (the set's message changed) empties the cache: the next exec is decided afresh
    writeFileSync(file, policy('true is still fine'));
    const res = await fetch(`${s.url}/v1/policy/reload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(res.status, 200);
    assert.equal((await status(s.url, token)).preload_cache.cached, 0, 'the reload emptied the cache');
    const r = await run(
      '/bin/sh',
      ['-c', '/bin/true; echo ok'],
      preloadEnv(socket, { SERVICE_SESSION: 'after-reload' }),
    );
    assert.equal(r.stdout.trim(), 'ok', r.stderr);
    let fresh: Record[] = [];
    assert.ok(await waitFor(() => (fresh = execRecords(dataDir, 'after-reload')).length === 1, 5000));
    assert.equal(fresh[0]!.request.cache, undefined, 'decided, not answered from the cache');
    assert.equal(fresh[0]!.decision.message, 'true is still fine');
  } finally {
    assert.equal(await s.stop('SIGTERM'), 0);
  }
  try {
    const v = await runSvc(['audit', 'verify', '--data-dir', dataDir]);
    assert.equal(v.code, 0, v.stdout + v.stderr);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
