// MCP tool semantics: a tool's verb and object decide like the equivalent command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mcpToolEffects, toolWords } from '../../src/policy/effects/mcp-tools.js';
import { decide } from './effects-helpers.js';

function expectMcp(tool: string, params: Record<string, unknown>, action: string, msg?: RegExp): void {
  const d = decide('mcp', { tool, ...params });
  assert.equal(
    d.action,
    action,
    `${tool} ${JSON.stringify(params)}: ${d.action} (${d.policy ?? 'default'}: ${d.message})`,
  );
  if (msg) assert.match(d.message, msg, tool);
}

test('tool names split into words whatever their spelling', () => {
  assert.deepEqual(toolWords('deleteRepository'), ['delete', 'repository']);
  assert.deepEqual(toolWords('github__delete-repo'), ['github', 'delete', 'repo']);
  assert.deepEqual(toolWords('DROP_TABLE'), ['drop', 'table']);
});

test('destroying tools decide like the command they amount to', () => {
  expectMcp('delete_repository', { owner: 'acme', repo: 'infra' }, 'deny', /gh repo delete acme\/infra/);
  expectMcp('deleteRepository', { full_name: 'acme/infra' }, 'deny');
  expectMcp('drop_table', { table: 'customers' }, 'deny', /DROP TABLE customers/);
  expectMcp('drop_database', { database: 'app' }, 'deny');
  expectMcp('purge_collection', { collection: 'orders' }, 'deny');
  expectMcp('destroy_bucket', { bucket: 'prod-backups' }, 'deny', /aws s3 rb s3:\/\/prod-backups/);
  expectMcp('terminate_instances', { instance_ids: ['i-0a1', 'i-0b2'] }, 'deny');
  expectMcp('remove_namespace', { name: 'production' }, 'deny');
  expectMcp('delete_rows', { table: 'users' }, 'deny', /DELETE FROM users/);
});

test('the same tools reach the same decision when the integration classes them mcp-destructive', () => {
  const d = decide('mcp-destructive', { tool_name: 'delete_repository', owner: 'acme', repo: 'infra' });
  assert.equal(d.action, 'deny', d.message);
});

test('force pushes and deletes of main are denied and merges into it ask, like git push', () => {
  expectMcp('push_files', { owner: 'acme', repo: 'api', branch: 'main', force: true }, 'deny');
  expectMcp('force_push', { owner: 'acme', repo: 'api', branch: 'master' }, 'deny');
  expectMcp('merge_pull_request', { owner: 'acme', repo: 'api', pullNumber: 4, base: 'main' }, 'ask');
  expectMcp('delete_branch', { owner: 'acme', repo: 'api', branch: 'main' }, 'deny');
});

test('read, list and search tools, and work on feature branches, stay allowed', () => {
  for (const [tool, params] of [
    ['list_tables', {}],
    ['get_deleted_items', {}],
    ['search_repositories', { query: 'delete repository' }],
    ['describe_table', { table: 'drop_reasons' }],
    ['merge_pull_request', { owner: 'acme', repo: 'api', pullNumber: 4, base: 'feature/x' }],
    // without a base, a merge goes into the default branch: a ship (test/policy/supply-installs.test.ts)
    ['delete_branch', { owner: 'acme', repo: 'api', branch: 'feature/old' }],
    ['push_files', { owner: 'acme', repo: 'api', branch: 'feature/x' }],
    ['create_branch', { owner: 'acme', repo: 'api', branch: 'fix/drop-table-typo' }],
    ['delete_comment', { owner: 'acme', repo: 'api', comment_id: 4 }],
  ] as [string, Record<string, unknown>][]) {
    const d = decide('mcp', { tool, ...params });
    assert.ok(d.action === 'allow' || d.action === 'watch', `${tool}: ${d.action} (${d.policy}: ${d.message})`);
  }
});

test('a tool name with no command equivalent derives nothing', () => {
  assert.deepEqual(mcpToolEffects('delete_label', { name: 'bug' }, undefined), []);
  assert.deepEqual(mcpToolEffects('list_repositories', {}, undefined), []);
});

test('recursive deletes, forced ref moves and whole CLI command lines through MCP are read', () => {
  expectMcp('delete_file', { path: '/home/dev/project', recursive: true }, 'deny');
  expectMcp('update_ref', { owner: 'acme', repo: 'p', ref: 'heads/main', sha: '4b825dc', force: true }, 'deny');
  expectMcp('call_aws', { cli_command: 'aws ec2 terminate-instances --instance-ids i-1' }, 'deny');
  const d = decide('mcp', { tool: 'update_ref', owner: 'acme', repo: 'p', ref: 'heads/feature-x', sha: '4b825dc' });
  assert.equal(d.action, 'allow', d.message);
});

test('tools given a list of paths read (or delete) each one as if it were named alone', () => {
  expectMcp('read_multiple_files', { paths: ['/home/dev/project/README.md', '~/.ssh/id_ed25519'] }, 'deny');
  expectMcp('read_multiple_files', { paths: ['README.md', 'src/index.ts'] }, 'allow');
  expectMcp('delete_files', { files: ['~/.svc/audit'] }, 'deny');
});
