// Every host's tool table is one lookup (src/integrations/hooks/tool-table.ts): a host tool svc
// does not know is decided as `unknown` with the host's tool name, whatever the name is. Names
// that an object literal inherits (`constructor`, `toString`, `__proto__`) used to be looked up
// on the table's prototype and turned into no target or a crash instead of a decided call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { claudeTargets } from '../../src/integrations/hooks/claude-code.js';
import { codexTargets } from '../../src/integrations/hooks/codex.js';
import { cursorTargets } from '../../src/integrations/hooks/cursor.js';
import { clineTargets } from '../../src/integrations/hooks/cline.js';
import { geminiTargets } from '../../src/integrations/hooks/gemini.js';

const HOSTS = { claudeTargets, codexTargets, cursorTargets, clineTargets, geminiTargets };

for (const [host, targets] of Object.entries(HOSTS)) {
  test(`${host}: names an object inherits are unknown tools, decided as such`, () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const got = targets(name, { command: 'rm -rf ~' });
      assert.equal(got.length, 1, name);
      assert.equal(got[0]!.tool, 'unknown', name);
      assert.equal(got[0]!.params.tool_name, name);
    }
    // Gemini and Cline read a name with `__` as an MCP tool: still one decided call.
    const proto = targets('__proto__', { command: 'rm -rf ~' });
    assert.equal(proto.length, 1);
    assert.ok(['unknown', 'mcp'].includes(proto[0]!.tool));
  });
}

test('each host still maps its own shell, file, fetch and MCP tools', () => {
  assert.deepEqual(
    claudeTargets('Bash', { command: 'ls' }).map((t) => [t.tool, t.params.command]),
    [['exec', 'ls']],
  );
  assert.equal(codexTargets('Local_Shell', { command: ['ls', '-l'] })[0]!.tool, 'exec');
  assert.equal(cursorTargets('Read', { path: '/etc/hosts' })[0]!.params.path, '/etc/hosts');
  assert.equal(clineTargets('web_fetch', { url: 'https://example.com' })[0]!.params.url, 'https://example.com');
  assert.equal(geminiTargets('mcp_github_create_issue', { title: 't' })[0]!.tool, 'mcp');
  assert.equal(claudeTargets('mcp__github__create_issue', { title: 't' })[0]!.tool, 'mcp');
  assert.equal(cursorTargets('MCP:slack_post', { text: 'hi' })[0]!.tool, 'mcp');
  assert.throws(() => claudeTargets('WebFetch', {}), /url/);
});
