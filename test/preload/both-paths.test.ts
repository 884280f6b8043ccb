// Tamper findings that reach svc both as an HTTP call and as an exec under libsvc.so, decided
// the same on both paths by the shipped standard profile: writing svc's own policy and token
// files through a shell redirection (finding 1), and loading code through the environment
// (finding 7). Each case: the HTTP call is refused (403) and the exec is blocked (126), and the
// file the exec aimed at is unchanged.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { preloadEnv, run, tempDir } from './harness.js';
import { spawnServe, type ServeChild } from '../helpers/spawn.js';
import { LAUGHS } from '../helpers/hostile-yaml.js';

let home: string;
let dataDir: string;
let serve: ServeChild;
let token: string;
before(async () => {
  home = tempDir('svc-both-');
  dataDir = join(home, '.svc');
  mkdirSync(join(dataDir, 'policies'), { recursive: true });
  writeFileSync(join(dataDir, 'policies', 'auto-allowed.yaml'), 'version: "1"\npolicies: []\n');
  serve = await spawnServe(['--data-dir', dataDir], { HOME: home });
  token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
});
after(async () => {
  await serve.stop();
  rmSync(home, { recursive: true, force: true });
});

async function http(command: string): Promise<{ status: number; action: string }> {
  const r = await fetch(`${serve.url}/v1/tool/exec`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ agent: 'a', session: 'both', params: { command } }),
  });
  const body = (await r.json()) as { decision?: unknown };
  return { status: r.status, action: typeof body.decision === 'string' ? body.decision : JSON.stringify(body) };
}

/** The command run by a shell under the library, as an agent's shell tool would (sh -c CMD). */
function exec(command: string) {
  return run(
    '/bin/sh',
    ['-c', '/bin/sh -c "$1"; echo rc=$?', 'sh', command],
    preloadEnv(join(dataDir, 'svc.sock'), { HOME: home }),
  );
}

const CASES: Array<{ finding: string; command: string; file?: string }> = [
  {
    finding: '1: a redirection appending a rule',
    command: "echo 'x' >> ~/.svc/policies/auto-allowed.yaml",
    file: 'policies/auto-allowed.yaml',
  },
  { finding: '1: a redirection over the token', command: 'echo x > ~/.svc/token', file: 'token' },
  {
    finding: '1: tee -a into the policy dir',
    command: 'echo x | tee -a ~/.svc/policies/auto-allowed.yaml',
    file: 'policies/auto-allowed.yaml',
  },
  { finding: '7: LD_PRELOAD set for a command', command: 'LD_PRELOAD=/tmp/x.so /bin/true' },
  { finding: '7: SERVICE_FAIL_OPEN set for a command', command: 'SERVICE_FAIL_OPEN=1 /bin/true' },
];

for (const c of CASES) {
  test(`finding ${c.finding}: refused over HTTP and blocked under the library`, async () => {
    const before = c.file ? readFileSync(join(dataDir, c.file), 'utf8') : '';
    const h = await http(c.command);
    assert.equal(h.status, 403, `HTTP: ${c.command}`);
    assert.equal(h.action, 'deny');
    const r = await exec(c.command);
    assert.match(r.stdout, /rc=126/, `preload: ${c.command}\n${r.stderr}`);
    assert.match(r.stderr, /svc: blocked:/);
    if (c.file) assert.equal(readFileSync(join(dataDir, c.file), 'utf8'), before, 'the file is unchanged');
  });
}

// last: the file stays in the policy dir (the server keeps its last good set)
test('finding 2: with a "billion laughs" file in the policy dir, HTTP and the socket both go on answering', async () => {
  writeFileSync(join(dataDir, 'policies', 'laughs.yaml'), LAUGHS);
  const status = async () =>
    (await (await fetch(`${serve.url}/v1/status`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      policy_error?: string;
    };
  let st = await status();
  for (let i = 0; i < 1000 && !st.policy_error; i++) {
    await new Promise((r) => setTimeout(r, 10));
    st = await status();
  }
  assert.match(st.policy_error ?? '', /laughs\.yaml/);
  assert.equal((await http('echo x > ~/.svc/token')).status, 403);
  // fail-closed: rc=0 only if the server answered the socket
  const r = await run(
    '/bin/sh',
    ['-c', '/bin/true answered; echo rc=$?'],
    preloadEnv(join(dataDir, 'svc.sock'), { HOME: home, SERVICE_FAIL_OPEN: '0' }),
  );
  assert.match(r.stdout, /rc=0/, r.stderr);
  const blocked = await exec('echo x > ~/.svc/token');
  assert.match(blocked.stdout, /rc=126/, blocked.stderr);
});
