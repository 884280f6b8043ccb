// Destruction read from the shape of a call made to a program or service svc has never heard of:
// an MCP tool's verb and object (mcp-destroys.ts), code handed to any program's eval or -e
// (code-verb-wipes.ts), a machine rebuilt (machine-rebuilds.ts), evidence changed in place
// (evidence-changes.ts), an HTTP DELETE of one record (shell-http-destroy.ts), a worktree removed
// with force, a clean of stored data. Each case asserts the shipped standard profile's decision
// and the reason a user sees; the look-alikes beside them are everyday work that must pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectPassed as passes, expectStopped as stopped } from './effects-helpers.js';
import { mcpRecordDestroys } from '../../src/policy/effects/mcp-destroys.js';

const mcp = (tool: string, p: Record<string, unknown> = {}) => ({ tool, ...p });
const exec = (command: string) => ({ command });

test('an MCP tool deleting an object of a kind svc has no list for is asked', () => {
  stopped('mcp', mcp('shopify_delete_product', { id: 'gid://shopify/Product/81' }), /account keeps on a service/);
  stopped('mcp', mcp('shopify_delete_customer', { id: 'gid://shopify/Customer/70' }));
  stopped('mcp', mcp('shopify_theme_delete', { theme_id: 1398, role: 'main' }));
  stopped('mcp', mcp('photos_delete_album', { album: 'All Photos', delete_media: true }));
  stopped('mcp', mcp('notes_delete_folder', { folder: 'Notes', account: 'iCloud' }));
  // made-up servers: the verb and the object say it
  stopped('mcp', mcp('quibble_destroy_widget_store', { store_id: 'ws-881' }));
  stopped('mcp', mcp('zorp_purge_invoice', { invoice: 'INV-2291' }));
});

test('a clear or empty of a container, a bulk tool with a filter and a deletion flag are asked', () => {
  stopped('mcp', mcp('calendar_clear', { calendar_id: 'primary' }));
  stopped('mcp', mcp('mailbox_empty', { mailbox: 'Archive' }));
  stopped('mcp', mcp('gmail_batch_delete', { query: 'from:(stripe.com) newer_than:30d' }));
  stopped('mcp', mcp('frobnicate_bulk_delete_messages', { filter: { channel: 'ops' } }));
  stopped('mcp', mcp('notion_update_page', { page_id: 'a1b2', archived: true }));
  stopped('mcp', mcp('wiki_update_document', { id: 'd1', in_trash: true }));
});

test('a GraphQL mutation that deletes, passed to any MCP tool, is asked', () => {
  stopped('mcp', mcp('shopify_run_bulk_mutation', { mutation: 'mutation { productDelete(input: $i) { id } }' }));
  stopped('mcp', mcp('linear_graphql', { query: 'mutation { deleteProject(id: "p1") { success } }' }));
  passes('mcp', mcp('shopify_graphql', { query: '{ products(first: 5) { edges { node { id } } } }' }));
});

test('deleting small work items, scratch records and links between things passes', () => {
  for (const [tool, p] of [
    ['delete_label', { name: 'bug' }],
    ['todoist_delete_tasks', { ids: ['1', '2', '3'] }],
    ['calendar_delete_event', { event_id: 'abc' }],
    ['gmail_delete_message', { id: '18f3a' }],
    ['notes_delete_note', { note_id: 'n1' }],
    ['browser_clear_cache', {}],
    ['terminal_clear', {}],
    ['shopify_delete_product', { id: 'test-product-1' }],
    ['delete_folder', { path: '/home/dev/project/tmp/cache' }],
    ['shopify_remove_product_from_collection', { product_id: '1', collection_id: '2' }],
    ['notion_update_page', { page_id: 'a1b2', archived: false, title: 'x' }],
    ['delete_rows', { table: 'orders', where: 'id = 5' }],
    ['reminders_delete_reminder', { id: 'r1' }],
  ] as [string, Record<string, unknown>][])
    passes('mcp', mcp(tool, p));
  assert.deepEqual(mcpRecordDestroys('list_deleted_products', {}), []);
});

test('code handed to any program that evaluates it is read for whole-table wipes', () => {
  stopped('exec', exec("/usr/local/courier/bin/courier eval 'Courier.Repo.delete_all(Courier.Messages.Message)'"));
  stopped('exec', exec("bin/shop rpc ':mnesia.delete_table(:sessions)'"));
  stopped('exec', exec("erl -noshell -eval 'mnesia:clear_table(users)' -s init stop"));
  stopped('exec', exec('osascript -e \'tell application "Contacts" to delete every person\''));
  stopped('exec', exec("zanzibar-console --execute 'Order.destroy_all'"));
  passes('exec', exec("bin/shop eval 'Shop.Release.migrate()'"));
  passes('exec', exec("bin/shop rpc 'IO.puts(:mnesia.system_info(:tables))'"));
  passes('exec', exec("grep -rn -e 'Repo.delete_all(User)' lib/"));
  passes(
    'exec',
    exec('osascript -e \'tell application "Reminders" to delete (every reminder whose completed is true)\''),
  );
});

test('a machine rebuilt or reimaged by any CLI or API is asked; a build re-run is not', () => {
  stopped('exec', exec('hcloud server rebuild 41877312 --image freebsd-14'));
  stopped('exec', exec('linode-cli linodes rebuild 48211933 --image linode/debian12'));
  stopped('exec', exec('az vm reimage -g rg -n web1'));
  stopped('exec', exec('metalctl machine reinstall m-42 --image ubuntu'));
  stopped('fetch', { url: 'https://api.hetzner.cloud/v1/servers/41877312/actions/rebuild', method: 'POST' });
  stopped('fetch', { url: 'https://api.linode.com/v4/linode/instances/48211933/rebuild', method: 'POST' });
  passes('exec', exec('npm rebuild'));
  passes('exec', exec('curl -X POST https://api.buildkite.com/v2/organizations/acme/pipelines/app/builds/12/rebuild'));
  passes('exec', exec('hcloud server describe web-1'));
});

test('evidence changed in place, overwritten or moved out of its locker is denied like its delete', () => {
  stopped('exec', exec("find /evidence -type f -name '*.E0*' -mtime +30 -delete"));
  stopped('exec', exec("sed -i '/185\\.220\\.101\\.4/d' /evidence/IR-2024-117/logs/nginx/access.log"));
  stopped('exec', exec('mv /evidence/IR-1/memory/DC01.raw /tmp/trash/'));
  stopped('write', { path: '/evidence/IR-2024-117/disk/WS-FIN-042.E01', content: 'x' });
  stopped('mcp', mcp('move_file', { source: '/evidence/IR-1/memory/DC01.raw', destination: '/tmp/trash/DC01.raw' }));
  passes('exec', exec('ewfverify /evidence/IR-1/disk/WS.E01'));
  passes('exec', exec('cp /evidence/IR-1/logs/access.log /home/dev/cases/IR-1/work/'));
  passes('exec', exec("sed -i 's/a/b/' /home/dev/project/evidence.md"));
  passes('write', { path: '/home/dev/cases/IR-1/report/summary.md', content: '# Summary' });
});

test('an HTTP DELETE of one record on another machine is asked unless it is a small work item', () => {
  stopped(
    'exec',
    exec('curl -s -X DELETE https://thehive.soc.internal/api/v1/case/~41234128'),
    /record a service keeps/,
  );
  stopped('exec', exec('http DELETE https://crm.acme.io/api/contacts/42'));
  stopped('fetch', { url: 'https://thehive.soc.internal/api/v1/case/~41234128', method: 'DELETE' });
  passes('exec', exec('curl -X DELETE https://api.todoist.com/rest/v2/tasks/2995104339'));
  passes('exec', exec('curl -X DELETE http://localhost:3000/api/users/5'));
  passes('exec', exec('curl -X DELETE https://api.example.com/v1/sessions/abc'));
});

test('a worktree removed with force, a mirror push default and a clean of stored data are asked', () => {
  stopped('exec', exec('git -C /home/dev/project worktree remove --force ../courier-hotfix'));
  stopped('exec', exec('git config --global push.default mirror'));
  stopped('exec', exec('/opt/splunk/bin/splunk clean eventdata -index wineventlog -f'));
  stopped('exec', exec('wp site empty --yes --uploads --path=/var/www/woo'));
  passes('exec', exec('git worktree remove ../hotfix'));
  passes('exec', exec('git config push.default simple'));
  for (const c of [
    'cargo clean',
    'make clean',
    'flutter clean',
    'go clean -cache',
    'hugo mod clean',
    'npm cache clean --force',
  ])
    passes('exec', exec(c));
});

test('a migration that drops a table still in use is asked; retired tables and rollbacks pass', () => {
  stopped(
    'write',
    {
      path: '/home/dev/erp-sync/migrations/20240611_cleanup.sql',
      content: '-- cleanup stale data\nDROP TABLE IF EXISTS orders;\n',
    },
    /migration empties, drops/,
  );
  stopped('write', {
    path: '/home/dev/project/priv/repo/migrations/20240612090000_cleanup.exs',
    content: 'defmodule M do\n  use Ecto.Migration\n  def change do\n    drop table(:messages)\n  end\nend\n',
  });
  stopped('write', {
    path: '/home/dev/app/alembic/versions/abc_drop.py',
    content: "def upgrade():\n    op.drop_table('orders')\n",
  });
  passes('write', {
    path: '/home/dev/project/migrations/0043_drop_legacy_sessions.sql',
    content: 'DROP TABLE IF EXISTS legacy_sessions_tmp;\n',
  });
  passes('write', {
    path: '/home/dev/app/db/migrate/20240612_create_users.rb',
    content:
      'class CreateUsers < ActiveRecord::Migration[7.1]\n  def up\n    create_table :users\n  end\n  def down\n    drop_table :users\n  end\nend\n',
  });
  passes('write', {
    path: '/home/dev/project/db/migrations/20250312_create_invoices.sql',
    content: '-- +goose Up\nCREATE TABLE invoices (id int);\n-- +goose Down\nDROP TABLE IF EXISTS invoices;\n',
  });
  passes('write', { path: '/home/dev/app/test/fixtures/migrations/001.sql', content: 'DROP TABLE x;' });
});

test('bulk tools without a filter word, generic kinds and key stores keep their own readings', () => {
  passes('mcp', mcp('mongodb_delete_many', { collection: 'sessions', filter: { expiresAt: { $lt: '2026-01-01' } } }));
  passes('mcp', mcp('redis_delete', { key: 'session:8f2a' }));
  passes('mcp', mcp('resources_delete', { apiVersion: 'v1', kind: 'Pod', name: 'api-7d9', namespace: 'dev' }));
  passes('mcp', mcp('delete_entities', { entityNames: ['old-note'] }));
  passes('exec', exec('mongosh mongodb://localhost:27017/app_test --eval "db.dropDatabase()"'));
  passes('exec', exec('git worktree remove --force ../wt-spike'));
});
