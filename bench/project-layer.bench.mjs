// Per-call cost of project layers (docs/project-policy.md): the standard profile deciding five
// everyday commands with no project support, outside any repository, in a repository without
// .svc, and in one with a one-rule layer (sync and server-style async). Run: npx tsc -p . &&
// node bench/project-layer.bench.mjs
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEngine } from '../dist/src/policy/engine.js';
import { ProjectPolicies } from '../dist/src/policy/project-policies.js';
import { mkdirSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
const d = mkdtempSync(join(tmpdir(), 'svc-pb-'));
mkdirSync(d + '/plain/.git', { recursive: true });
mkdirSync(d + '/plain/a/b/c', { recursive: true });
mkdirSync(d + '/proj/.git', { recursive: true });
mkdirSync(d + '/proj/.svc', { recursive: true });
mkdirSync(d + '/proj/a/b/c', { recursive: true });
writeFileSync(
  d + '/proj/.svc/policy.yaml',
  `version: "1"
policies:
  - name: p
    match: { tool: exec }
    rules:
      - action: deny
        when: { command_matches: ["make deploy*"] }
`,
);
mkdirSync(d + '/nogit/a/b/c', { recursive: true });
const std = new URL('../policies/standard.yaml', import.meta.url).pathname;
const off = loadEngine(std);
const sync = loadEngine(std, { projects: new ProjectPolicies({ mode: 'sync' }) });
const asyncP = new ProjectPolicies({ mode: 'async' });
const asy = loadEngine(std, { projects: asyncP });
await asyncP.prepare(d + '/proj/a/b/c');
const cmds = ['ls -la', 'git status', 'npm test', 'cat README.md', 'grep -r foo src'];
function run(e, wd, n = 20000, prep) {
  for (let i = 0; i < 2000; i++)
    e.evaluate({ tool: 'exec', agent: 'a', session: 's', params: { command: cmds[i % 5] }, workdir: wd });
  const t = performance.now();
  for (let i = 0; i < n; i++) {
    if (prep) prep(wd);
    e.evaluate({ tool: 'exec', agent: 'a', session: 's', params: { command: cmds[i % 5] }, workdir: wd });
  }
  return (((performance.now() - t) * 1000) / n).toFixed(1);
}
for (let round = 0; round < 2; round++) {
  console.log('round', round);
  console.log('no project support        ', run(off, d + '/proj/a/b/c'), 'us/call');
  console.log('sync, outside any repo    ', run(sync, d + '/nogit/a/b/c'), 'us/call');
  console.log('sync, repo without .svc   ', run(sync, d + '/plain/a/b/c'), 'us/call');
  console.log('sync, repo with layer     ', run(sync, d + '/proj/a/b/c'), 'us/call');
  console.log(
    'async+prepare, with layer ',
    run(asy, d + '/proj/a/b/c', 20000, (wd) => asyncP.prepare(wd)),
    'us/call',
  );
}
rmSync(d, { recursive: true, force: true });
