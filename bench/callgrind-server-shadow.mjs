#!/usr/bin/env node
// Instructions of the whole `svc serve` process per POST /v1/tool/exec, end to end, with and
// without a shadow set: the figure issue 17 names ("shadow evaluation adds at most 10% to the
// end-to-end /v1/tool latency"), measured in a way the load of this shared machine cannot move.
//
// The real server (ROOT/bin/svc.js serve, the shipped standard profile) runs under
// `valgrind --tool=callgrind --instr-atstart=no`; this script, outside valgrind, is the loader. It
// sends WARMUP requests (JIT tiers, caches, connection), turns callgrind's instrumentation on
// (`callgrind_control -i on`), sends MEASURED more one after another, waits for the server to go
// idle (an allow is answered before its audit record is built, hashed and written, so the last
// record lands after its reply), turns it off and stops the server. Every command is unique (the
// corpus commands of shadow.bench.ts, each with its own argument, the same sequence for every
// variant), so no evaluation cache answers a repeat; the shadow set is the same standard base
// plus the candidate of shadow.bench.ts. Counted: every thread of the server (HTTP parsing,
// auth, the gate, both engines, the audit record and its hash chain, serialization, the reply,
// V8's compiler and GC threads, the libuv pool that writes and fsyncs), the main thread apart.
// Not counted: time in the kernel (socket and disk I/O, fsync waits), which the shadow does not add to.
//
// Run: node bench/callgrind-server-shadow.mjs ROOT shadow|none audit|noaudit [--warmup N] [--requests N]
// Prints one JSON line: instructions in total and on the main thread, per measured request.
import http from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { callgrindTotals, serveUnderCallgrind } from './callgrind-serve.mjs';

const root = resolve(process.argv[2] ?? '.');
const kind = process.argv[3] === 'shadow' ? 'shadow' : 'none';
const audit = process.argv[4] !== 'noaudit';
const opt = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const WARMUP = opt('warmup', 600);
const MEASURED = opt('requests', 400);

const { corpusCommands } = await import(join(root, 'dist', 'bench', 'corpus-commands.js'));
const { BY_TOOL, candidatePolicy } = await import(join(root, 'dist', 'bench', 'candidate-policy.js'));
const POOL = corpusCommands();

const dir = mkdtempSync(join(tmpdir(), 'svc-cg-server-'));
mkdirSync(join(dir, 'candidate'));
writeFileSync(join(dir, 'candidate', 'candidate.yaml'), candidatePolicy(BY_TOOL, true));
const args = ['--port', '0', '--data-dir', join(dir, 'data'), ...(audit ? [] : ['--audit-dir', ''])];
if (kind === 'shadow') args.push('--shadow', join(dir, 'candidate'));

let server;
try {
  server = await serveUnderCallgrind(root, dir, args);
  const { url, instrument } = server;
  const token = readFileSync(join(dir, 'data', 'token'), 'utf8').trim();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let seq = 0;
  const actions = {};
  const post = (command) =>
    new Promise((res, rej) => {
      const body = JSON.stringify({ agent: 'bench', session: 'bench', params: { command } });
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: '/v1/tool/exec',
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (r) => {
          let b = '';
          r.on('data', (d) => (b += d));
          r.on('end', () => {
            let a = r.statusCode;
            try {
              a = JSON.parse(b).decision ?? a;
            } catch {
              // not JSON: counted by status
            }
            actions[a] = (actions[a] ?? 0) + 1;
            res();
          });
        },
      );
      req.on('error', rej);
      req.end(body);
    });
  const send = async (n) => {
    for (let i = 0; i < n; i++) {
      const k = seq++;
      await post(`${POOL[k % POOL.length]} u${k}`);
    }
  };

  await send(WARMUP);
  for (const k of Object.keys(actions)) delete actions[k];
  instrument(true);
  await send(MEASURED);
  // The last allow's audit record is written after its reply: let the server go idle first.
  await new Promise((r) => setTimeout(r, 3000));
  instrument(false);
  agent.destroy();
  const shadow = await fetch(`${url.origin}/v1/policy/shadow`, { headers: { authorization: `Bearer ${token}` } })
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);
  await server.stop();
  const { total, main } = callgrindTotals(dir);
  console.log(
    JSON.stringify({
      root,
      kind,
      audit,
      warmup: WARMUP,
      measured: MEASURED,
      actions,
      shadow_differences_total: shadow?.differences_total ?? null,
      instructions_total: total,
      instructions_main: main,
      per_request_total: Math.round(total / MEASURED),
      per_request_main: Math.round(main / MEASURED),
    }),
  );
} finally {
  if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
  if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
  else console.error(`kept ${dir}`);
}
