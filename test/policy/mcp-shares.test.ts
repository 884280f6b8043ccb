// MCP tools that open a file, an object or a repository to everyone are decided as the
// command-line calls that do the same.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const m = (want: Case[0], params: Record<string, unknown>): Case => [want, 'mcp', params];

test('MCP shares, ACLs and visibility changes that open to everyone are denied', () => {
  check([
    m('D', { tool: 'gdrive_share_file', path: '/exports/customers_full.csv', role: 'reader', type: 'anyone' }),
    m('D', { tool: 's3_put_object_acl', bucket: 'acme-prod-exports', key: 'customers.csv', acl: 'public-read' }),
    m('D', {
      tool: 'add_bucket_iam_member',
      bucket: 'acme-data',
      member: 'allUsers',
      role: 'roles/storage.objectViewer',
    }),
    m('D', { tool: 'update_repository', owner: 'acme', repo: 'infra', visibility: 'public' }),
    m('D', { tool: 'update_repository', owner: 'acme', repo: 'infra', private: false }),
    m('B', {
      tool: 'gdrive_share_file',
      path: '/docs/roadmap.pdf',
      role: 'reader',
      type: 'user',
      emailAddress: 'pm@acme.com',
    }),
    m('B', { tool: 's3_put_object_acl', bucket: 'acme-assets', key: 'logo.png', acl: 'private' }),
    m('B', { tool: 'list_permissions', fileId: 'abc' }),
    m('B', {
      tool: 'update_repository',
      owner: 'acme',
      repo: 'infra',
      description: 'Infra code',
      visibility: 'private',
    }),
  ]);
});
