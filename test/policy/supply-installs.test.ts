// Installs of releases known to carry malware (command line, manifests, lockfiles), and MCP tools
// that install, merge or ship, decided by the standard profile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decide, expectExec, expectPasses } from './effects-helpers.js';
import { loadCompromised } from '../../src/policy/effects/compromised.js';

const flagged = ['ask', 'deny'];

test('installing a release known to carry malware is denied, in every package manager spelling', () => {
  for (const c of [
    'npm install event-stream@3.3.6',
    'npm i ua-parser-js@0.7.29',
    'pnpm add @solana/web3.js@1.95.6',
    'yarn add nx@21.5.0',
    'npx -y nx@20.9.0 --version',
    'gem install rest-client -v 1.6.13',
    'gem install rest-client:1.6.13',
    'pip install ultralytics==8.3.41',
    'python3 -m pip install "ctx==0.2.6"',
    'uv add num2words==0.5.15',
    'cargo add rustdecimal',
    'go get github.com/boltdb-go/bolt@v1.3.1',
  ])
    expectExec(c, 'deny', /known to carry malware|published with malware/);
});

test('other versions of the same packages, and unversioned installs, are not flagged', () => {
  for (const c of [
    'npm install ua-parser-js@1.0.37',
    'npm install chalk@5.6.2 debug@4.4.3',
    'npm install debug',
    'gem install rest-client -v 2.1.0',
    'pip install ultralytics==8.3.50',
    "pip install 'ultralytics>=8.3.50'",
    'go get go.etcd.io/bbolt@v1.3.10',
    'grep -rn event-stream@3.3.6 docs/',
  ])
    expectPasses(c);
});

test('a manifest or lockfile pinning such a release is denied; other pins pass', () => {
  const write = (path: string, content: string) =>
    decide('write', { path: `/home/dev/project/${path}`, content }).action;
  assert.equal(write('package.json', '{"dependencies": {"ua-parser-js": "^0.7.29", "react": "18.2.0"}}'), 'deny');
  assert.equal(write('requirements.txt', 'numpy==1.26.0\nultralytics==8.3.41\n'), 'deny');
  assert.equal(write('Gemfile', "source 'https://rubygems.org'\ngem 'rest-client', '1.6.13'\n"), 'deny');
  assert.equal(write('go.mod', 'module x\n\nrequire github.com/boltdb-go/bolt v1.3.1\n'), 'deny');
  assert.equal(write('package.json', '{"dependencies": {"ua-parser-js": "^1.0.37", "chalk": "5.6.2"}}'), 'allow');
  assert.equal(write('requirements.txt', 'ultralytics==8.3.50\nrequests==2.32.3\n'), 'allow');
  assert.equal(write('go.mod', 'module x\n\nrequire github.com/boltdb/bolt v1.3.1\n'), 'allow');
  assert.equal(write('docs/incidents.md', 'ua-parser-js 0.7.29 was hijacked in 2021.\n'), 'allow');
});

test('MCP tools that merge, release, deploy or install are decided as the command they amount to', () => {
  const mcp = (params: Record<string, unknown>) => decide('mcp', params).action;
  for (const p of [
    { tool: 'merge_pull_request', owner: 'acme', repo: 'project', pull_number: 812, merge_method: 'squash' },
    { tool: 'mergePullRequest', owner: 'acme', repo: 'infra', pullNumber: 4, base: 'main' },
    { tool: 'create_release', owner: 'acme', repo: 'project', tag_name: 'v1.2.0' },
    { tool: 'deploy_to_vercel', project: 'web' },
    { tool: 'publish_package', name: 'acme-sdk' },
    { tool: 'install_package', manager: 'npm', name: 'expresss' },
    { tool: 'install_package', manager: 'pip', name: 'ultralytics', version: '8.3.41' },
  ])
    assert.ok(flagged.includes(mcp(p)), JSON.stringify(p));
  for (const p of [
    { tool: 'merge_pull_request', owner: 'acme', repo: 'project', pull_number: 9, base: 'feature/login' },
    { tool: 'list_releases', owner: 'acme', repo: 'project' },
    { tool: 'get_deployment_status', id: 'dpl_1' },
    { tool: 'install_package', manager: 'npm', name: 'lodash' },
  ])
    assert.ok(!flagged.includes(mcp(p)), JSON.stringify(p));
});

test('a malformed compromised-packages catalogue is an error', () => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-compromised-'));
  try {
    writeFileSync(join(dir, 'compromised-packages.yaml'), 'sections:\n  npm:\n    - items: [nover]\n');
    assert.throws(() => loadCompromised(dir), /compromised-packages catalogue/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
