// The preload socket protocol is the same whoever moves the bytes: the native listener (Linux)
// and the net server (the fallback elsewhere) run the same cases, one table, both transports.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import net from 'node:net';
import {
  MAX_REQUEST_LINE,
  startPreloadSocket,
  type PreloadReply,
  type PreloadRequest,
  type PreloadSocketOptions,
} from '../../server/preload-socket.js';
import type { TransportKind } from '../../server/preload-transport.js';
import { exchange, line, SAMPLE_REQUEST, sleep, tempDir, waitFor } from './harness.js';

let dir: string;
let n = 0;
before(() => {
  dir = tempDir('svc-transport-');
});
after(() => rmSync(dir, { recursive: true, force: true }));

const REQUEST = SAMPLE_REQUEST;
const ALLOW: PreloadReply = { decision: 'allow', allowed: true, message: 'ok' };

interface State {
  calls: PreloadRequest[];
  logs: string[];
  aborted: boolean;
}

interface Case {
  name: string;
  opts?: Partial<PreloadSocketOptions>;
  decide?: (s: State) => PreloadSocketOptions['decide'];
  check(path: string, s: State): Promise<void>;
}

async function assertDenied(reply: string, why: RegExp) {
  const r = JSON.parse(reply);
  assert.equal(r.decision, 'deny');
  assert.equal(r.allowed, false);
  assert.match(r.message, why);
}

const CASES: Case[] = [
  {
    name: 'an allowed request gets the reply line and the connection closes',
    async check(path, s) {
      assert.equal(await exchange(path, line(REQUEST)), line(ALLOW));
      assert.deepEqual(s.calls, [REQUEST]);
    },
  },
  {
    name: 'malformed requests are denied with a reason, without decide',
    async check(path, s) {
      await assertDenied(await exchange(path, 'not json\n'), /^malformed request: request is not valid JSON$/);
      await assertDenied(
        await exchange(path, line({ ...REQUEST, pid: -1 })),
        /^malformed request: "pid" must be a non-negative integer$/,
      );
      await assertDenied(
        await exchange(path, '{"v":1', { halfClose: true }),
        /^malformed request: no newline before end of stream$/,
      );
      assert.equal(s.calls.length, 0);
    },
  },
  {
    name: `a line over ${MAX_REQUEST_LINE} bytes is denied, without decide`,
    async check(path, s) {
      await assertDenied(
        await exchange(path, Buffer.alloc(MAX_REQUEST_LINE + 10, 'a')),
        new RegExp(`request larger than ${MAX_REQUEST_LINE} bytes`),
      );
      assert.equal(s.calls.length, 0);
    },
  },
  {
    name: 'a slow decide gets the hold notice (one space) before its line',
    opts: { holdAfterMs: 20 },
    decide: () => async () => {
      await sleep(80);
      return ALLOW;
    },
    async check(path) {
      assert.equal(await exchange(path, line(REQUEST)), ' ' + line(ALLOW));
    },
  },
  {
    name: 'a client hanging up aborts its decide',
    decide: (s) => (req, _peer, ctl) =>
      new Promise((resolve) => {
        s.calls.push(req);
        ctl.signal.addEventListener('abort', () => {
          s.aborted = true;
          resolve(ALLOW);
        });
      }),
    async check(path, s) {
      assert.equal(await exchange(path, line(REQUEST), { keepOpenMs: 50 }), '');
      assert.ok(await waitFor(() => s.aborted), 'decide was aborted');
      assert.equal(s.calls.length, 1);
    },
  },
  {
    name: 'a connection from another uid is refused and logged, without decide',
    opts: { ownerUid: process.getuid!() + 1 },
    async check(path, s) {
      assert.equal(await exchange(path, line(REQUEST)), '');
      assert.equal(s.calls.length, 0);
      assert.ok(
        await waitFor(() => s.logs.some((m) => m.includes(`refused a connection from uid ${process.getuid!()}`))),
        s.logs.join('\n'),
      );
    },
  },
  {
    name: 'clients that connect and say nothing do not hold up the others; 200 at once are all answered',
    async check(path, s) {
      const silent = await Promise.all(
        Array.from(
          { length: 40 },
          () =>
            new Promise<net.Socket>((resolve) => {
              const c = net.connect(path, () => resolve(c));
              c.on('error', () => {});
            }),
        ),
      );
      try {
        const t0 = performance.now();
        assert.equal(await exchange(path, line(REQUEST)), line(ALLOW));
        assert.ok(performance.now() - t0 < 1000, `answered after ${Math.round(performance.now() - t0)} ms`);
        const replies = await Promise.all(
          Array.from({ length: 200 }, (_, i) => exchange(path, line({ ...REQUEST, pid: 100 + i }))),
        );
        assert.ok(replies.every((r) => r === line(ALLOW)));
        assert.equal(s.calls.length, 201);
      } finally {
        for (const c of silent) c.destroy();
      }
    },
  },
];

for (const transport of ['net', 'native'] as TransportKind[]) {
  for (const c of CASES) {
    test(`${transport}: ${c.name}`, async () => {
      const s: State = { calls: [], logs: [], aborted: false };
      // by default: record the request and allow it
      const decide: PreloadSocketOptions['decide'] = c.decide?.(s) ?? (async (req) => (s.calls.push(req), ALLOW));
      const path = join(dir, `t${n++}.sock`);
      const sock = await startPreloadSocket({
        path,
        transport,
        log: (m) => s.logs.push(m),
        decide,
        ...c.opts,
      });
      try {
        await c.check(path, s);
      } finally {
        await sock.close();
      }
    });
  }
}

test('net: cacheable replies are not cached (no cache on this transport); decide sees every request', async () => {
  const calls: boolean[] = [];
  const path = join(dir, `t${n++}.sock`);
  const sock = await startPreloadSocket({
    path,
    transport: 'net',
    decide: async (_req, _peer, ctl) => {
      calls.push(ctl.answered === true);
      return { ...ALLOW, cacheable: true };
    },
  });
  try {
    for (let i = 0; i < 3; i++) assert.equal(await exchange(path, line({ ...REQUEST, pid: 10 + i })), line(ALLOW));
    assert.deepEqual(calls, [false, false, false]);
    assert.deepEqual(sock.stats(), { hits: 0, cached: 0, recorded: 0, decided_again: 0 });
    sock.clearCache(); // harmless
    assert.equal(await exchange(path, line(REQUEST)), line(ALLOW));
  } finally {
    await sock.close();
  }
});
