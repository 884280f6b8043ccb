// The preload socket listener on its own: file handling, peer checks, validation, bounds, the
// hold notice, and shutdown. Clients here are plain net sockets, not the library.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import {
  MAX_REQUEST_LINE,
  parsePreloadRequest,
  startPreloadSocket,
  type PreloadReply,
  type PreloadRequest,
} from '../../server/preload-socket.js';
import { exchange, line, realPython, SAMPLE_REQUEST, sleep, tempDir } from './harness.js';

let dir: string;
before(() => {
  dir = tempDir();
});
after(() => rmSync(dir, { recursive: true, force: true }));

const REQUEST = SAMPLE_REQUEST;
const ALLOW: PreloadReply = { decision: 'allow', allowed: true, message: 'ok' };

test('listens with mode 0600 and removes its socket on close', async () => {
  const path = join(dir, 'mode.sock');
  const s = await startPreloadSocket({ path, decide: async () => ALLOW });
  assert.equal(statSync(path).mode & 0o777, 0o600);
  assert.deepEqual(JSON.parse(await exchange(path, line(REQUEST))), ALLOW);
  await s.close();
  assert.equal(existsSync(path), false);
});

test('replaces a stale socket file, but never a live server or a regular file', async () => {
  const path = join(dir, 'stale.sock');
  execFileSync(realPython(), ['-c', `import socket; socket.socket(socket.AF_UNIX).bind(${JSON.stringify(path)})`]);
  assert.ok(statSync(path).isSocket());
  const first = await startPreloadSocket({ path, decide: async () => ALLOW });
  await assert.rejects(
    startPreloadSocket({ path, decide: async () => ALLOW }),
    /another server is already listening on/,
  );
  assert.deepEqual(JSON.parse(await exchange(path, line(REQUEST))), ALLOW, 'the first server still answers');
  await first.close();

  const file = join(dir, 'not-a-socket');
  writeFileSync(file, 'keep me');
  await assert.rejects(startPreloadSocket({ path: file, decide: async () => ALLOW }), /exists and is not a socket/);
  assert.equal(readFileSync(file, 'utf8'), 'keep me');
});

test('passes the validated request and the peer credentials to decide', async () => {
  const path = join(dir, 'peer.sock');
  let seen: { req: PreloadRequest; pid: number; uid: number } | undefined;
  const s = await startPreloadSocket({
    path,
    decide: async (req, peer) => {
      seen = { req, pid: peer.pid, uid: peer.uid };
      return { decision: 'watch', allowed: true, message: 'logged' };
    },
  });
  try {
    const reply = await exchange(
      path,
      line({ ...REQUEST, future_field: { x: 1 }, truncated: true, wait: false, api: 'execve' }),
    );
    assert.deepEqual(JSON.parse(reply), { decision: 'watch', allowed: true, message: 'logged' });
    assert.equal(seen!.pid, process.pid);
    assert.equal(seen!.uid, process.getuid!());
    assert.deepEqual(seen!.req, { ...REQUEST, truncated: true, wait: false, api: 'execve' });
  } finally {
    await s.close();
  }
});

test('connections from another uid are refused before decide runs', async () => {
  const path = join(dir, 'uid.sock');
  const logs: string[] = [];
  let called = false;
  const s = await startPreloadSocket({
    path,
    ownerUid: process.getuid!() + 1,
    log: (m) => logs.push(m),
    decide: async () => {
      called = true;
      return ALLOW;
    },
  });
  try {
    assert.equal(await exchange(path, line(REQUEST)), '');
    assert.equal(called, false);
    // the refusal is logged from the listener thread's hand-over, just after the close
    const logged = () => logs.some((m) => m.includes(`refused a connection from uid ${process.getuid!()}`));
    for (let i = 0; i < 100 && !logged(); i++) await new Promise((r) => setTimeout(r, 10));
    assert.ok(logged(), logs.join('\n'));
  } finally {
    await s.close();
  }
});

test('malformed requests are denied with a reason', async () => {
  const path = join(dir, 'bad.sock');
  const s = await startPreloadSocket({ path, decide: async () => ALLOW });
  try {
    const cases: Array<[string, RegExp]> = [
      ['not json\n', /request is not valid JSON/],
      ['[1,2]\n', /must be a JSON object/],
      [line({ ...REQUEST, v: 3 }), /unsupported protocol version/],
      [line({ ...REQUEST, tool: 'read' }), /tool must be "exec"/],
      [line({ ...REQUEST, argv: ['ok', 3] }), /"argv" must be an array of strings/],
      [line({ ...REQUEST, command: undefined }), /"command" must be a string/],
      [line({ ...REQUEST, pid: -1 }), /"pid" must be a non-negative integer/],
      [line({ ...REQUEST, wait: 'no' }), /"wait" must be a boolean/],
    ];
    for (const [data, why] of cases) {
      const r = JSON.parse(await exchange(path, data));
      assert.equal(r.decision, 'deny');
      assert.equal(r.allowed, false);
      assert.match(r.message, /^malformed request: /);
      assert.match(r.message, why);
    }
    // a client that hangs up mid-line gets nothing; the server carries on
    assert.equal(await exchange(path, '{"v":1', { keepOpenMs: 20 }), '');
    assert.deepEqual(JSON.parse(await exchange(path, line(REQUEST))), ALLOW);
  } finally {
    await s.close();
  }
});

test(`a request line over ${MAX_REQUEST_LINE} bytes is denied without buffering it all`, async () => {
  const path = join(dir, 'big.sock');
  let called = false;
  const s = await startPreloadSocket({
    path,
    decide: async () => {
      called = true;
      return ALLOW;
    },
  });
  try {
    const big = Buffer.alloc(MAX_REQUEST_LINE + 10, 'a');
    const r = JSON.parse(await exchange(path, big));
    assert.equal(r.allowed, false);
    assert.match(r.message, /request larger than/);
    assert.equal(called, false);
  } finally {
    await s.close();
  }
});

test('a client that connects and never finishes its line is dropped after the read timeout', async () => {
  const path = join(dir, 'slow.sock');
  const s = await startPreloadSocket({ path, readTimeoutMs: 100, decide: async () => ALLOW });
  try {
    const started = performance.now();
    assert.equal(await exchange(path, '{"v":1'), '');
    const ms = performance.now() - started;
    assert.ok(ms >= 100, `dropped only after the read timeout (${ms} ms)`);
  } finally {
    await s.close();
  }
});

test('decide failures and invalid replies deny', async () => {
  const path = join(dir, 'throws.sock');
  let mode = 'throw';
  const s = await startPreloadSocket({
    path,
    decide: async () => {
      if (mode === 'throw') throw new Error('engine exploded');
      return { decision: 'maybe', allowed: true, message: 'x' } as unknown as PreloadReply;
    },
  });
  try {
    assert.deepEqual(JSON.parse(await exchange(path, line(REQUEST))), {
      decision: 'deny',
      allowed: false,
      message: 'internal error while deciding; call blocked',
    });
    mode = 'junk';
    const r = JSON.parse(await exchange(path, line(REQUEST)));
    assert.equal(r.allowed, false);
  } finally {
    await s.close();
  }
});

test('hold writes one space before the final line; the line still parses as JSON', async () => {
  const path = join(dir, 'hold.sock');
  const s = await startPreloadSocket({
    path,
    holdAfterMs: 60_000,
    decide: async (_req, _peer, ctl) => {
      ctl.hold();
      ctl.hold();
      await sleep(50);
      return ALLOW;
    },
  });
  try {
    const out = await exchange(path, line(REQUEST));
    assert.equal(out, ' ' + JSON.stringify(ALLOW) + '\n');
    assert.deepEqual(JSON.parse(out), ALLOW);
  } finally {
    await s.close();
  }
});

test('a decide slower than holdAfterMs gets the hold notice automatically; a fast one never does', async () => {
  const path = join(dir, 'autohold.sock');
  let delay = 120;
  const s = await startPreloadSocket({
    path,
    holdAfterMs: 30,
    decide: async () => {
      await sleep(delay);
      return ALLOW;
    },
  });
  try {
    assert.equal(await exchange(path, line(REQUEST)), ' ' + JSON.stringify(ALLOW) + '\n');
    delay = 0;
    assert.equal(await exchange(path, line(REQUEST)), JSON.stringify(ALLOW) + '\n');
  } finally {
    await s.close();
  }
});

test('close() aborts pending decides and drops their connections', async () => {
  const path = join(dir, 'pending.sock');
  let aborted = false;
  // close once the request is being decided (an event, not a delay: on a loaded machine the
  // line can take longer than any fixed wait to arrive)
  let deciding: () => void = () => {};
  const started = new Promise<void>((r) => (deciding = r));
  const s = await startPreloadSocket({
    path,
    decide: (_req, _peer, ctl) =>
      new Promise((resolve) => {
        ctl.signal.addEventListener('abort', () => {
          aborted = true;
          resolve(ALLOW);
        });
        deciding();
      }),
  });
  const pending = exchange(path, line(REQUEST));
  await started;
  await s.close();
  assert.equal((await pending).trim(), '', 'no reply after close');
  assert.ok(aborted);
});

test('parsePreloadRequest keeps only the known members', () => {
  const r = parsePreloadRequest(JSON.stringify({ ...REQUEST, extra: 1 }));
  assert.deepEqual(r, REQUEST);
  assert.equal(parsePreloadRequest(''), 'request is not valid JSON');
});
