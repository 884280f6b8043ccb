// The native listener's reply cache, seen from outside: a cacheable allow is given again to the
// same request (whatever its pid), every answered request still reaches decide for the audit,
// and nothing else ever comes out of the cache - other requests, denies, malformed lines, lines
// after clearCache() or after a re-decide that disagrees. Then the real server: every exec under
// the library is audited, and a policy reload ends the cached allows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  startPreloadSocket,
  type DecideControl,
  type PreloadReply,
  type PreloadRequest,
  type PreloadSocket,
} from '../../server/preload-socket.js';
import { exchange, line, preloadEnv, promptExchange, run, SAMPLE_REQUEST, sleep, tempDir, waitFor } from './harness.js';
import { spawnServe } from '../helpers/spawn.js';

let dir: string;
let n = 0;
before(() => {
  dir = tempDir('svc-cache-');
});
after(() => rmSync(dir, { recursive: true, force: true }));

const REQUEST: PreloadRequest = { ...SAMPLE_REQUEST, run_id: 'r1' };
const ALLOW: PreloadReply = { decision: 'allow', allowed: true, message: 'ok' };
const CACHEABLE_ALLOW: PreloadReply = { ...ALLOW, cacheable: true };
const DENY: PreloadReply = { decision: 'deny', allowed: false, message: 'no' };
/** What the library reads back for ALLOW (the cacheable flag is never sent). */
const ALLOW_TEXT = line(ALLOW);

interface Call {
  req: PreloadRequest;
  answered: boolean;
}

interface Harness {
  path: string;
  sock: PreloadSocket;
  calls: Call[];
  logs: string[];
  /** What decide answers next (may be changed by the test). */
  answer: (req: PreloadRequest) => PreloadReply | Promise<PreloadReply>;
  /** Calls decide saw for lines the cache had already answered. */
  answered(): Call[];
}

async function start(answer: Harness['answer']): Promise<Harness> {
  const path = join(dir, `c${n++}.sock`);
  const h: Harness = {
    path,
    sock: undefined as unknown as PreloadSocket,
    calls: [],
    logs: [],
    answer,
    answered: () => h.calls.filter((c) => c.answered),
  };
  h.sock = await startPreloadSocket({
    path,
    transport: 'native',
    log: (m) => h.logs.push(m),
    decide: async (req: PreloadRequest, _peer, ctl: DecideControl) => {
      h.calls.push({ req, answered: ctl.answered === true });
      return h.answer(req);
    },
  });
  return h;
}

test('a cacheable allow is given again to the same request with another pid; decide still sees it', async () => {
  const h = await start(() => CACHEABLE_ALLOW);
  try {
    // Answers, not hit counts, are asserted: on a loaded machine a line may take the slow path
    // (the event loop) and be decided afresh, which must give the same answer.
    assert.equal(await promptExchange(h.path, line(REQUEST)), ALLOW_TEXT);
    assert.equal(await promptExchange(h.path, line({ ...REQUEST, pid: 11, ppid: 2 })), ALLOW_TEXT);
    assert.equal(await promptExchange(h.path, line({ ...REQUEST, pid: 12345, ppid: 0 })), ALLOW_TEXT);
    // every one reaches decide (answered ones in a later batch), with its own pid, for the audit
    assert.ok(await waitFor(() => h.calls.length === 3), `decide saw ${h.calls.length} of 3`);
    assert.deepEqual(
      h.calls.map((c) => [c.req.pid, c.req.ppid]),
      [
        [10, 1],
        [11, 2],
        [12345, 0],
      ],
    );
    assert.equal(h.calls[0]!.answered, false, 'the first is decided before it is answered');
  } finally {
    await h.sock.close();
  }
});

test('requests differing in command, argv, path, cwd, agent, session or run_id never share an entry', async () => {
  // every reply names the request it was decided for, so a borrowed one would show
  const h = await start((req) => ({
    ...CACHEABLE_ALLOW,
    message: [req.command, req.argv.join(' '), req.path, req.cwd, req.agent, req.session, req.run_id].join('|'),
  }));
  const own = (r: PreloadRequest) =>
    [r.command, r.argv.join(' '), r.path, r.cwd, r.agent, r.session, r.run_id].join('|');
  try {
    assert.equal(JSON.parse(await promptExchange(h.path, line(REQUEST))).message, own(REQUEST));
    const variants: PreloadRequest[] = [
      { ...REQUEST, command: 'ls -l' },
      { ...REQUEST, argv: ['ls', '-l'] },
      { ...REQUEST, path: '/bin/ls' },
      { ...REQUEST, cwd: '/' },
      { ...REQUEST, agent: 'b' },
      { ...REQUEST, session: 't' },
      { ...REQUEST, run_id: '' },
      { ...REQUEST, run_id: 'r2' },
    ];
    for (const [i, v] of variants.entries()) {
      const reply = JSON.parse(await promptExchange(h.path, line({ ...v, pid: 100 + i })));
      assert.equal(reply.message, own(v), JSON.stringify(v));
    }
    assert.equal(h.answered().length, 0, "no variant was answered from another request's entry");
    // and each, asked again, gets its own answer (from its own entry or decided afresh)
    for (const v of [REQUEST, ...variants]) {
      assert.equal(JSON.parse(await promptExchange(h.path, line({ ...v, pid: 999 }))).message, own(v));
    }
  } finally {
    await h.sock.close();
  }
});

test('replies without the flag, and denies with it, are never cached: decide sees every request', async () => {
  for (const reply of [
    ALLOW,
    { ...DENY, cacheable: true },
    { decision: 'ask', allowed: false, message: 'later', cacheable: true } as PreloadReply,
  ]) {
    const h = await start(() => reply);
    try {
      for (let i = 0; i < 3; i++) {
        const got = JSON.parse(await promptExchange(h.path, line({ ...REQUEST, pid: 20 + i })));
        assert.equal(got.decision, reply.decision);
        assert.equal(got.allowed, reply.allowed);
        assert.equal('cacheable' in got, false, 'the flag is never sent to the library');
      }
      assert.deepEqual(
        h.calls.map((c) => c.answered),
        [false, false, false],
        reply.decision,
      );
      assert.deepEqual(h.sock.stats(), { connections: 0, cached: 0, hits: 0, recorded: 0, decided_again: 0 });
    } finally {
      await h.sock.close();
    }
  }
});

test('after clearCache() the next identical request is decided again, and gets the new answer', async () => {
  const h = await start(() => CACHEABLE_ALLOW);
  try {
    await promptExchange(h.path, line(REQUEST));
    assert.equal(await promptExchange(h.path, line({ ...REQUEST, pid: 11 })), ALLOW_TEXT);
    const hitsBefore = h.sock.stats().hits; // 1, or 0 if the line took the slow path on a loaded machine
    assert.ok(await waitFor(() => h.answered().length === 1));
    h.answer = () => DENY;
    h.sock.clearCache();
    assert.equal(h.sock.stats().cached, 0);
    assert.deepEqual(JSON.parse(await promptExchange(h.path, line({ ...REQUEST, pid: 12 }))), DENY);
    assert.deepEqual(h.calls.at(-1), { req: { ...REQUEST, pid: 12 }, answered: false });
    assert.equal(
      h.sock.stats().hits,
      hitsBefore,
      'the request after clearCache() was decided, not taken from the cache',
    );
    assert.equal(h.logs.filter((m) => m.includes('cache cleared')).length, 0, 'nothing disagreed');
  } finally {
    await h.sock.close();
  }
});

test('an allow decided across a clearCache() is given but not kept', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const h = await start(async () => {
    await held;
    return CACHEABLE_ALLOW;
  });
  try {
    const first = promptExchange(h.path, line(REQUEST));
    assert.ok(await waitFor(() => h.calls.length === 1));
    h.sock.clearCache(); // a policy reload while the request was being decided
    release();
    assert.equal(await first, ALLOW_TEXT);
    assert.equal(h.sock.stats().cached, 0);
    h.answer = () => DENY;
    assert.deepEqual(JSON.parse(await promptExchange(h.path, line({ ...REQUEST, pid: 11 }))), DENY);
    assert.equal(h.sock.stats().hits, 0);
  } finally {
    await h.sock.close();
  }
});

/** The valid REQUEST line with its pid member's text replaced (or removed with null). */
function withPid(text: string | null, member = 'pid', value = String(REQUEST.pid)): string {
  const from = `,"${member}":${value}`;
  const to = text === null ? '' : `,"${member}":${text}`;
  const l = line(REQUEST);
  assert.ok(l.includes(from));
  return l.replace(from, to);
}

test('malformed pid values never share an entry with the valid line: parse or decide answers them', async () => {
  const h = await start(() => CACHEABLE_ALLOW);
  try {
    await promptExchange(h.path, line(REQUEST));
    assert.equal(await promptExchange(h.path, withPid('11')), ALLOW_TEXT, 'the valid line is cached');
    assert.ok(await waitFor(() => h.answered().length === 1), 'its re-decide came back');
    const hits = h.sock.stats().hits;
    const malformed: Array<[string, RegExp]> = [
      [withPid('012'), /request is not valid JSON/],
      [withPid('"7"'), /"pid" must be a non-negative integer/],
      [withPid('-1'), /"pid" must be a non-negative integer/],
      [withPid('1.5'), /"pid" must be a non-negative integer/],
      [withPid(''), /request is not valid JSON/],
      [withPid(null), /"pid" must be a non-negative integer/],
      [withPid('null'), /"pid" must be a non-negative integer/],
      [withPid('"1"', 'ppid', '1'), /"ppid" must be a non-negative integer/],
      [withPid(null, 'ppid', '1'), /"ppid" must be a non-negative integer/],
      [withPid('01', 'ppid', '1'), /request is not valid JSON/],
    ];
    for (const [data, why] of malformed) {
      const r = JSON.parse(await promptExchange(h.path, data));
      assert.equal(r.decision, 'deny', data);
      assert.equal(r.allowed, false, data);
      assert.match(r.message, /^malformed request: /, data);
      assert.match(r.message, why, data);
    }
    // other spellings of a valid number are not cut out of the key either: decide answers them
    const before = h.calls.length;
    assert.equal(await promptExchange(h.path, withPid('1e3')), ALLOW_TEXT);
    assert.equal(await promptExchange(h.path, withPid(' 13')), ALLOW_TEXT);
    assert.deepEqual(
      h.calls.slice(before).map((c) => [c.answered, c.req.pid]),
      [
        [false, 1000],
        [false, 13],
      ],
    );
    assert.equal(h.sock.stats().hits, hits, 'none of them came from the cache');
    assert.equal(h.logs.filter((m) => m.includes('cache cleared')).length, 0);
    // the valid line still is
    assert.equal(await promptExchange(h.path, withPid('14')), ALLOW_TEXT);
    // (answered from the cache, or decided afresh on a loaded machine: the same answer either way)
  } finally {
    await h.sock.close();
  }
});

test("a pid too large for a safe integer is malformed, so it is not answered from the valid line's entry", async () => {
  const h = await start(() => CACHEABLE_ALLOW);
  try {
    await promptExchange(h.path, line(REQUEST));
    const r = JSON.parse(await promptExchange(h.path, withPid('99999999999999999999')));
    assert.equal(r.allowed, false, 'parsePreloadRequest rejects this pid');
    assert.match(r.message, /"pid" must be a non-negative integer/);
  } finally {
    await h.sock.close();
  }
});

test('a re-decide that disagrees with a cached answer is logged and empties the cache', async () => {
  for (const now of [DENY, ALLOW]) {
    const h = await start(() => CACHEABLE_ALLOW);
    try {
      await promptExchange(h.path, line(REQUEST));
      h.answer = () => now; // the policy changed and nobody called clearCache()
      assert.equal(await promptExchange(h.path, line({ ...REQUEST, pid: 11 })), ALLOW_TEXT, 'the cache answered');
      assert.ok(
        await waitFor(() => h.answered().length === 1 && h.sock.stats().cached === 0),
        JSON.stringify(h.sock.stats()),
      );
      assert.ok(
        h.logs.some((m) => /cached allow for pid \d+ is no longer the decision/.test(m) && m.includes('cache cleared')),
        h.logs.join('\n'),
      );
      assert.deepEqual(JSON.parse(await promptExchange(h.path, line({ ...REQUEST, pid: 12 }))), now);
      assert.deepEqual(h.calls.at(-1), { req: { ...REQUEST, pid: 12 }, answered: false });
      // the request after the disagreement was decided afresh (checked through calls above)
    } finally {
      await h.sock.close();
    }
  }
});

test('a client that sends its line in two parts, and one that sends 200 KiB, are answered', async () => {
  const h = await start((req) => ({ ...CACHEABLE_ALLOW, message: `len ${req.command.length}` }));
  try {
    const want = line({ ...ALLOW, message: `len ${REQUEST.command.length}` });
    assert.equal(await promptExchange(h.path, line(REQUEST)), want);
    // slower than the listener thread waits for a line: the main thread reads the rest
    assert.equal(await exchange(h.path, line({ ...REQUEST, pid: 11 }), { pauseMs: 30 }), want);
    assert.equal(
      await exchange(h.path, line({ ...REQUEST, pid: 12, command: 'slow and new' }), { pauseMs: 30 }),
      line({ ...ALLOW, message: 'len 12' }),
    );
    const command = 'x'.repeat(200 * 1024);
    assert.equal(
      await exchange(h.path, line({ ...REQUEST, command, argv: ['echo'] })),
      line({ ...ALLOW, message: `len ${command.length}` }),
    );
    assert.equal(
      await promptExchange(h.path, line({ ...REQUEST, command, argv: ['echo'], pid: 13 })),
      line({ ...ALLOW, message: `len ${command.length}` }),
    );
    assert.ok(await waitFor(() => h.calls.length === 5));
    assert.ok(
      h.calls.some((c) => c.req.pid === 11),
      'decide saw the slow line',
    );
    assert.equal(h.calls.filter((c) => c.req.command.length === command.length).length, 2);
  } finally {
    await h.sock.close();
  }
});

test('close() hands the cached answers not yet passed on to decide before it resolves, and does not hang', async () => {
  const h = await start(() => CACHEABLE_ALLOW);
  await promptExchange(h.path, line(REQUEST));
  const replies = await Promise.all(
    [1, 2, 3, 4, 5].map((i) => promptExchange(h.path, line({ ...REQUEST, pid: 100 + i }))),
  );
  assert.deepEqual(replies, Array(5).fill(ALLOW_TEXT));
  // A close() that hangs runs into the per-test time limit.
  await h.sock.close();
  // Every request reached decide, the ones answered from the cache included.
  assert.deepEqual(
    h.calls.map((c) => c.req.pid).sort((a, b) => Number(a) - Number(b)),
    [10, 101, 102, 103, 104, 105],
  );
});

// ---------------------------------------------------------------- the real server, end to end

const EXECS = 20;
const policy = (action: 'allow' | 'deny') => `version: "1"
default_action: deny
policies:
  - name: true-only
    match: { tool: [exec] }
    rules:
      - action: ${action}
        message: "/bin/true is ${action === 'allow' ? 'fine' : 'off today'}"
        when: { command_matches: ["/bin/true"] }
`;

/** Exec events of one session in the audit files on disk. */
function auditedExecs(dataDir: string, session: string): Array<{ pid: number; action: string; command: string }> {
  const audit = join(dataDir, 'audit');
  let files: string[] = [];
  try {
    files = readdirSync(audit).filter((f) => f.endsWith('.jsonl'));
  } catch {
    return [];
  }
  return files
    .flatMap((f) => readFileSync(join(audit, f), 'utf8').split('\n'))
    .filter((l) => l.endsWith('}'))
    .map((l) => JSON.parse(l))
    .filter((e) => e.tool === 'exec' && e.session === session)
    .map((e) => ({ pid: e.request.pid, action: e.decision.action, command: e.request.command }));
}

async function loopTrue(socket: string, session: string) {
  const script = `i=0; while [ $i -lt ${EXECS} ]; do /bin/true || exit 9; i=$((i+1)); done; echo ran $i`;
  return run('/bin/sh', ['-c', script], preloadEnv(socket, { SERVICE_SESSION: session }));
}

/** Polls the policy summary until the set holds a deny rule (the watcher debounces edits). */
async function denyRuleLoaded(url: string, token: string, ms = 5000): Promise<boolean> {
  for (const until = performance.now() + ms; performance.now() < until; await sleep(50)) {
    const res = await fetch(`${url}/v1/policy/summary`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { rules?: Array<{ action: string }> };
    if (body.rules?.some((x) => x.action === 'deny')) return true;
  }
  return false;
}

async function serveWith(args: string[]) {
  const dataDir = tempDir('svc-cache-e2e-');
  const file = join(dataDir, 'policy.yaml');
  writeFileSync(file, policy('allow'));
  const s = await spawnServe(['--data-dir', dataDir, '--config', file, ...args]);
  return {
    s,
    dataDir,
    file,
    socket: join(dataDir, 'svc.sock'),
    token: readFileSync(join(dataDir, 'token'), 'utf8').trim(),
  };
}

test(`real server: ${EXECS} execs of /bin/true are all audited, and a policy reload ends the cached allow`, async () => {
  const { s, dataDir, file, socket, token } = await serveWith([]);
  try {
    const r = await loopTrue(socket, 'e2e-cache');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), `ran ${EXECS}`);
    let events: ReturnType<typeof auditedExecs> = [];
    await waitFor(() => (events = auditedExecs(dataDir, 'e2e-cache')).length >= EXECS, 5000);
    assert.equal(events.length, EXECS, JSON.stringify(events));
    assert.ok(events.every((e) => e.action === 'allow' && e.command === '/bin/true'));
    assert.equal(new Set(events.map((e) => e.pid)).size, EXECS, 'each exec audited under its own pid');

    writeFileSync(file, policy('deny'));
    const reloaded = await denyRuleLoaded(s.url, token);
    assert.ok(reloaded, 'the server picked up the edited policy file');
    // the very first exec after the reload is decided by the new set
    const after = await run(
      '/bin/sh',
      ['-c', '/bin/true; echo rc=$?'],
      preloadEnv(socket, { SERVICE_SESSION: 'e2e-cache-2' }),
    );
    assert.match(after.stdout, /rc=126/, after.stderr);
    assert.match(after.stderr, /^svc: blocked: \/bin\/true: \/bin\/true is off today$/m);
    assert.ok(
      await waitFor(() => auditedExecs(dataDir, 'e2e-cache-2').some((e) => e.action === 'deny'), 3000),
      'the refusal is audited',
    );
  } finally {
    await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test(`real server with --preload-durable: ${EXECS} execs of /bin/true are answered and audited`, async () => {
  const { s, dataDir, socket } = await serveWith(['--preload-durable']);
  try {
    const r = await loopTrue(socket, 'e2e-durable');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), `ran ${EXECS}`);
    // durable: each allow was on disk before its exec went ahead
    const events = auditedExecs(dataDir, 'e2e-durable');
    assert.equal(events.length, EXECS, JSON.stringify(events));
    assert.ok(events.every((e) => e.action === 'allow' && e.command === '/bin/true'));
    assert.equal(new Set(events.map((e) => e.pid)).size, EXECS);
  } finally {
    await s.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
