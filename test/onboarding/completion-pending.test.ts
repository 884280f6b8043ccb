// `svc completion SHELL` is generated from the command table, and `svc pending` shows what an
// MCP call would do: the MCP tool's name and its (redacted) arguments. The commands run in the
// file's warm svc process (test/helpers/warm-svc.ts); the unknown shell's exit 2 is spawned.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startTestServer } from '../helpers/server.js';
import { user } from './helpers.js';

/** The command names of `svc --help`'s overview. */
async function commandNames(u: ReturnType<typeof user>): Promise<string[]> {
  const help = (await u.warmSvc(['--help'])).stdout;
  return [...help.matchAll(/^ {2}([a-z-]+) {2,}/gm)].map((m) => m[1]!);
}

test('completion bash: every command of the table, its options and sub-commands; the script parses', async () => {
  const u = user();
  try {
    const r = await u.warmSvc(['completion', 'bash']);
    assert.equal(r.code, 0, r.stderr);
    const names = await commandNames(u);
    assert.ok(names.length >= 15, names.join(' '));
    for (const n of names) assert.match(r.stdout, new RegExp(`^ {4}${n}\\) opts=`, 'm'), `no case for ${n}`);
    assert.match(r.stdout, /^ {4}init\) opts='[^']*--dry-run[^']*--hosts[^']*--profile/m);
    assert.match(r.stdout, /^ {4}token\) opts='[^']*'; words='create list revoke'/m);
    assert.match(r.stdout, /^ {4}setup\) opts='[^']*'; words='claude-code codex cursor gemini copilot cline service'/m);
    assert.match(r.stdout, /^ {4}completion\) opts='--help'; words='bash zsh fish'/m);
    assert.match(r.stdout, /^complete -F _svc svc$/m);
    const syntax = spawnSync('bash', ['-n'], { input: r.stdout, encoding: 'utf8' });
    assert.equal(syntax.status, 0, syntax.stderr);
    // And it completes: the words offered after "svc ini" and "svc audit ".
    const probe = (line: string) =>
      spawnSync(
        'bash',
        [
          '-c',
          `${r.stdout}\nCOMP_WORDS=(${line}); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); _svc; echo "\${COMPREPLY[*]}"`,
        ],
        { encoding: 'utf8' },
      ).stdout.trim();
    assert.equal(probe('svc ini'), 'init');
    assert.equal(probe(`svc audit ''`), 'verify tail stats');
    assert.equal(probe('svc doctor --no'), '--no-canary');
  } finally {
    u.cleanup();
  }
});

test('completion zsh and fish name every command; an unknown shell is exit 2', async () => {
  const u = user();
  try {
    const names = await commandNames(u);
    const zsh = await u.warmSvc(['completion', 'zsh']);
    assert.equal(zsh.code, 0);
    assert.match(zsh.stdout, /^#compdef svc/);
    for (const n of names) assert.match(zsh.stdout, new RegExp(`'${n}:`), `zsh lacks ${n}`);
    const fish = await u.warmSvc(['completion', 'fish']);
    assert.equal(fish.code, 0);
    for (const n of names) assert.match(fish.stdout, new RegExp(`-a '${n}' -d `), `fish lacks ${n}`);
    assert.match(fish.stdout, /__fish_seen_subcommand_from status' -l 'json'/);
    const bad = await u.svc(['completion', 'powershell']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown shell "powershell" \(expected bash, zsh, fish\)/);
  } finally {
    u.cleanup();
  }
});

const MCP_ASK = `version: "1"
default_action: allow
policies:
  - name: mcp-needs-a-human
    match: { tool: [mcp] }
    rules:
      - action: ask
        message: MCP tools need a human
`;

test('pending: an MCP approval shows the MCP tool name and its arguments, secrets redacted', async () => {
  const srv = await startTestServer({ policy: MCP_ASK });
  const u = user();
  try {
    const args = { repo: 'acme/site', branch: 'main', token: 'ghp_' + 'a'.repeat(36) };
    const r = await srv.req('POST', '/v1/tool/mcp', {
      agent: 'mcp-client',
      session: 's',
      params: { ...args, tool_name: 'merge_pull_request' },
      input: args,
    });
    assert.equal(r.body.decision, 'ask', JSON.stringify(r.body));
    const out = await u.warmSvc(['pending'], { SERVICE_URL: srv.url, SERVICE_HOME: srv.dataDir });
    assert.equal(out.code, 0, out.stderr);
    const row = out.stdout.split('\n').find((l) => l.startsWith(r.body.approval_id));
    assert.ok(row, out.stdout);
    assert.match(row, /\bmcp\s+merge_pull_request \{"repo":"acme\/site","branch":"main"/);
    assert.doesNotMatch(out.stdout, /ghp_a{36}/);
  } finally {
    u.cleanup();
    await srv.stop();
  }
});
