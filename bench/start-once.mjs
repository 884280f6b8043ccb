#!/usr/bin/env node
// One start of svc serve to its first 200 on POST /v1/tool/exec (the startup bench's loop, for
// quick A/B pairs of two builds), then SIGTERM; prints the child's CPU to its exit. With a third
// argument, runs it under --cpu-prof into that directory.
// Run: node bench/start-once.mjs BIN/svc.js DATADIR [PROFDIR]
import http from 'node:http';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
const [bin, dataDir, profDir] = process.argv.slice(2);
const port = 20000 + Math.floor(Math.random() * 20000);
const post = (token) =>
  new Promise((resolve) => {
    const body = JSON.stringify({ agent: 'b', session: 'b', params: { command: 'git status' } });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/v1/tool/exec',
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
const t0 = performance.now();
const args = profDir ? ['--cpu-prof', '--cpu-prof-dir', profDir, '--cpu-prof-interval', '100'] : [];
const child = spawn(
  process.execPath,
  [...args, bin, 'serve', '--port', String(port), '--data-dir', dataDir, '--socket', dataDir + '/s.sock'],
  { env: { ...process.env, SERVICE_TOKEN: '' }, stdio: ['ignore', 'pipe', 'inherit'] },
);
let lis = NaN;
child.stdout.on('data', (d) => {
  if (isNaN(lis) && String(d).includes('listening')) lis = performance.now() - t0;
});
for (;;) {
  const tf = dataDir + '/token';
  const tok = existsSync(tf) ? readFileSync(tf, 'utf8').trim() : '';
  if (tok && (await post(tok)) === 200) break;
  await new Promise((r) => setTimeout(r, 2));
}
const ms = performance.now() - t0;
child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
const stat = readFileSync('/proc/self/stat', 'utf8')
  .slice(readFileSync('/proc/self/stat', 'utf8').lastIndexOf(')') + 2)
  .split(' ');
console.log(
  `first 200 at ${ms.toFixed(0)} ms (listening ${lis.toFixed(0)}), child cpu ${(Number(stat[13]) + Number(stat[14])) * 10} ms`,
);
