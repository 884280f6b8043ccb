// Data destroyed through channels other than the database client itself: a hosting platform's
// database shell, a WHERE that keeps every row in practice, a copy or restore over a production
// database, a dump that drops tables piped into one, a site generator or rsync emptying a folder
// it was pointed at, a listing that leaves only a few paths out, and writes that arm a wipe
// (migrations, whole-database scripts, emptied application configuration, clean scripts). Each
// mechanism is checked on the standard profile's decision with the everyday look-alikes beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, expectCommand } from './effects-helpers.js';
import { destroys, sqlStatements } from '../../src/policy/effects/sql.js';
import { platformClient } from '../../src/policy/effects/sql-platforms.js';
import { simpleCommands } from '../../src/policy/effects/walk.js';

function canonical(sql: string): (string | undefined)[] {
  return sqlStatements(sql, 'postgres').map((st) => destroys(st));
}

test('a platform database shell is its client on the app database', () => {
  const c = simpleCommands("echo 'DROP TABLE users;' | heroku pg:psql -a shop-production").pop();
  assert.ok(c);
  const p = platformClient(c);
  assert.equal(p?.label, 'heroku pg:psql');
  assert.deepEqual(p?.cmd.argv, ['psql', '-h', 'shop-production']);
  assert.equal(p?.cmd.stdin?.trim(), 'DROP TABLE users;');
  const [d] = simpleCommands('heroku apps:info -a shop');
  assert.ok(d);
  assert.equal(platformClient(d), undefined);
});

test('SQL piped or passed to hosting platforms database shells is read as SQL', () => {
  for (const command of [
    "echo 'ALTER TABLE users DROP COLUMN encrypted_password;' | heroku pg:psql -a acme-api-production",
    "heroku pg:psql -a acme-api -c 'TRUNCATE users CASCADE'",
    'echo FLUSHDB | heroku redis:cli -a acme-api-production --confirm acme-api-production',
    "printf 'DROP SCHEMA public CASCADE;' | fly postgres connect -a acme-db",
    'echo FLUSHALL | fly redis connect',
    "redis-cli -h prod-redis UNLINK $(redis-cli -h prod-redis KEYS 'session:*')",
    "pscale shell acme main <<< 'DROP TABLE orders;'",
    'turso db shell acme-prod "DROP TABLE customers"',
    "npx wrangler d1 execute prod-db --command='DROP TABLE sessions' --remote",
    "az postgres flexible-server execute -n acme-pg -u admin -d acme -q 'DROP TABLE payments'",
    "aws rds-data execute-statement --resource-arn $ARN --secret-arn $S --sql 'DELETE FROM customers'",
    "gcloud spanner databases execute-sql acme --instance=prod --sql='DELETE FROM Orders WHERE true'",
    "echo 'DROP DATABASE app;' | gcloud sql connect prod-sql --user=root",
    "echo 'DROP TABLE users;' | dokku postgres:connect acme-db",
  ])
    expectCommand(command, 'deny');
  for (const command of [
    "echo 'SELECT count(*) FROM users' | heroku pg:psql -a acme-api-production",
    "heroku pg:psql -a acme-staging -c 'ANALYZE'",
    'echo INFO | heroku redis:cli -a acme-api --confirm acme-api',
    "wrangler d1 execute acme-db --local --command 'DELETE FROM users'",
    "wrangler d1 execute acme-db --remote --command 'SELECT count(*) FROM users'",
    'turso db shell acme-dev "DROP TABLE customers"',
    "redis-cli -h localhost DEL $(redis-cli -h localhost KEYS 'cache:*')",
    'redis-cli DEL session:123',
  ])
    expectCommand(command, 'pass');
});

test('a WHERE that keeps every row with a parent, or both halves of a comparison, is no WHERE', () => {
  assert.deepEqual(canonical('DELETE FROM subscriptions WHERE account_id IN (SELECT id FROM accounts)'), [
    'DELETE FROM subscriptions',
  ]);
  assert.deepEqual(
    canonical('DELETE FROM line_items li WHERE EXISTS (SELECT 1 FROM orders o WHERE o.id = li.order_id)'),
    ['DELETE FROM line_items'],
  );
  assert.deepEqual(canonical('DELETE FROM line_items li USING orders o WHERE li.order_id = o.id'), [
    'DELETE FROM line_items',
  ]);
  assert.deepEqual(canonical('DELETE FROM categories_x WHERE category_id IN (SELECT id FROM categories)'), [
    'DELETE FROM categories_x',
  ]);
  assert.deepEqual(canonical('DELETE FROM users WHERE email IS NULL OR email IS NOT NULL'), ['DELETE FROM users']);
  assert.deepEqual(canonical('DELETE FROM payments WHERE amount >= 0 OR amount < 0'), ['DELETE FROM payments']);
  assert.deepEqual(canonical('DELETE FROM users WHERE deleted_at IS NULL'), ['DELETE FROM users']);
  assert.deepEqual(canonical('DELETE FROM customers WHERE rowid > 0'), ['DELETE FROM customers']);
  // filtered parents, a second condition, soft-deleted rows purged: real filters
  assert.deepEqual(
    canonical("DELETE FROM subscriptions WHERE account_id IN (SELECT id FROM accounts WHERE status = 'closed')"),
    [undefined],
  );
  assert.deepEqual(canonical('DELETE FROM sessions WHERE user_id IN (SELECT id FROM banned_users)'), [undefined]);
  assert.deepEqual(
    canonical(
      "DELETE FROM orders USING customers WHERE orders.customer_id = customers.id AND customers.email LIKE '%@test.example'",
    ),
    [undefined],
  );
  assert.deepEqual(canonical('DELETE FROM users WHERE deleted_at IS NOT NULL'), [undefined]);
  assert.deepEqual(canonical('DELETE FROM carts WHERE id IN (SELECT cart_id FROM stale_carts LIMIT 100)'), [undefined]);
  check([
    [
      'D',
      'mcp',
      { tool: 'postgres_query', sql: 'DELETE FROM subscriptions WHERE account_id IN (SELECT id FROM accounts)' },
    ],
    ['B', 'mcp', { tool: 'postgres_query', sql: 'DELETE FROM sessions WHERE expires_at < now()' }],
  ]);
});

test('a copy, restore or dump that replaces a production database', () => {
  for (const command of [
    'heroku pg:copy acme-api-staging::DATABASE_URL DATABASE_URL -a acme-api-production --confirm acme-api-production',
    'heroku pg:backups:restore b042 DATABASE_URL -a acme-production --confirm acme-production',
    'gcloud sql backups restore 1712 --restore-instance=acme-prod --backup-instance=acme-staging',
    'fly postgres import postgres://staging-db/app -a acme-prod-db --clean',
    'pg_dump -c staging_db | psql -h prod-db.internal app',
    'mysqldump staging | mysql -h prod-mysql shop',
    'drush sql:sync @staging @prod -y',
    'wp --ssh=deploy@prod.example.com db reset --yes',
    'sqitch revert -y db:pg://prod-db/app',
  ])
    expectCommand(command, 'stop');
  for (const command of [
    'heroku pg:copy acme-production::DATABASE_URL HEROKU_POSTGRESQL_PINK -a acme-staging --confirm acme-staging',
    'heroku pg:backups:capture -a acme-production',
    'heroku pg:pull DATABASE_URL acme_development -a acme-production',
    'mysqldump -h prod-mysql shop | mysql shop_development',
    'pg_dump -Fc -h prod-db.internal app > backups/app.dump',
    'drush sql:sync @prod @self -y',
    'wp site empty --yes',
    'sqitch revert --to @HEAD^ -y',
  ])
    expectCommand(command, 'pass');
  // an app the line does not name for a stage before production may be production: asked
  expectCommand('heroku pg:reset DATABASE_URL -a acme-api --confirm acme-api', 'stop');
});

test('a site generator, bundler or rsync --delete emptying a home, the root, .. or the project', () => {
  for (const command of [
    'hugo --cleanDestinationDir --destination /home/dev',
    'hugo --cleanDestinationDir -d ~',
    'npx vite build --outDir ~ --emptyOutDir',
    'jekyll build --destination ~',
    'mkdocs build -d /home/dev',
    'sphinx-build -M clean docs ~',
    'zola build --output-dir .. --force',
    'pnpm exec docusaurus build --out-dir ~/',
    'rsync -a --delete dist/ ~/',
    'rsync -a --delete build/ ..',
  ])
    expectCommand(command, 'stop');
  for (const command of [
    'hugo --cleanDestinationDir --destination public',
    'hugo --destination ~',
    'npx vite build --outDir dist --emptyOutDir',
    'mkdocs build --clean --site-dir site',
    'mkdocs build --dirty -d ~/site-preview',
    'rsync -a --delete dist/ /var/www/html/',
    'rsync -av --delete src/ ~/mirror/',
    'rsync -a --delete ./ ~/backups/project/',
    'sam build --build-dir .aws-sam/build',
  ])
    expectCommand(command, 'pass');
});

test('a deletion pipeline whose listing only leaves paths out deletes the tree', () => {
  for (const command of [
    'find . -path ./node_modules -prune -o -type f -print0 | xargs -0 rm -f',
    'find . -name .git -prune -o -print0 | xargs -0 rm -rf',
    'find . -type f | while read f; do rm -f "$f"; done',
  ])
    expectCommand(command, 'stop');
  for (const command of [
    "find . -path ./node_modules -prune -o -name '*.log' -print0 | xargs -0 rm -f",
    'find build -type f | while read f; do rm -f "$f"; done',
    'find . -name \'*.orig\' | while read f; do rm -f "$f"; done',
    'find . -type f | while read f; do wc -l "$f"; done',
  ])
    expectCommand(command, 'pass');
});

test('writes that arm a wipe: migrations, whole-database scripts, emptied configuration, clean scripts', () => {
  check([
    [
      'A',
      'write',
      {
        path: '/home/dev/project/db/migrations/V2024_06_12__drop_audit.sql',
        content: 'DROP TABLE audit_log;\nDELETE FROM users WHERE created_at < now();\n',
      },
    ],
    [
      'A',
      'write',
      {
        path: '/home/dev/project/cms/database/migrations/2024.cleanup.js',
        content: "module.exports = { async up(knex) { await knex('up_users').del(); } };\n",
      },
    ],
    [
      'A',
      'write',
      {
        path: '/home/dev/project/db/seed/reset.sql',
        content:
          "DO $$ DECLARE r record; BEGIN FOR r IN SELECT tablename FROM pg_tables WHERE schemaname='public' LOOP EXECUTE 'TRUNCATE ' || quote_ident(r.tablename) || ' CASCADE'; END LOOP; END $$;\n",
      },
    ],
    ['A', 'write', { path: '/home/dev/project/db/wipe.sql', content: 'DROP OWNED BY app_user CASCADE;\n' }],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/src/db/reset.sql',
        content: 'DROP SCHEMA IF EXISTS public CASCADE;\nCREATE SCHEMA public;\n',
      },
    ],
    ['A', 'write', { path: '/home/dev/project/config/database.yml', content: '' }],
    ['A', 'write', { path: '/home/dev/project/config/credentials.yml.enc', content: '' }],
    [
      'D',
      'edit',
      {
        path: '/home/dev/project/package.json',
        old_string: '"clean": "rimraf dist"',
        new_string: '"clean": "rimraf dist ~/.config ~/.ssh ../"',
      },
    ],
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/gitops/claims/cloudsql.yaml',
        old_string: 'deletionPolicy: Orphan',
        new_string: 'deletionPolicy: Delete',
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/db/migrations/V8__add_index.sql',
        content: 'CREATE INDEX idx_users_email ON users(email);\n',
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/db/migrations/V9__backfill.sql',
        content: "UPDATE users SET role = 'member';\nDELETE FROM sessions WHERE expires_at < now();\n",
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/test/fixtures/reset.sql',
        content: 'DROP SCHEMA public CASCADE; CREATE SCHEMA public;\n',
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/migrations/20240612_cleanup.js',
        content:
          "exports.up = async (knex) => { await knex('sessions').where('expires_at', '<', knex.fn.now()).del(); };\n",
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/config/database.yml',
        content: 'development:\n  adapter: postgresql\n  database: app_development\n',
      },
    ],
    ['B', 'write', { path: '/home/dev/project/src/__init__.py', content: '' }],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/package.json',
        old_string: '"clean": "rimraf dist"',
        new_string: '"clean": "rimraf dist coverage .turbo"',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/gitops/claims/cloudsql.yaml',
        old_string: 'deletionPolicy: Delete',
        new_string: 'deletionPolicy: Orphan',
      },
    ],
  ]);
});

test('UDS writes sent raw on a real CAN bus and chips locked through a debug probe are asked', () => {
  for (const command of [
    'cansend can0 7E0#043101FF00000000',
    'cansend can1 7E0#0211010000000000',
    'cansend can0 7E0#052EF19012340000',
    'cansend can0 7E0#1014340044000800',
    "openocd -f interface/stlink.cfg -f target/stm32f4x.cfg -c 'init; reset halt; stm32f4x options_write 0 0xcc; reset; exit'",
    "openocd -f target/stm32f1x.cfg -c 'init; stm32f1x lock 0; exit'",
    'STM32_Programmer_CLI -c port=SWD -ob RDP=0xCC',
  ])
    expectCommand(command, 'stop');
  for (const command of [
    'cansend vcan0 7E0#043101FF00000000',
    'cansend can0 7DF#0201000000000000',
    'cansend can0 7E0#0322F19000000000',
    'cansend can0 123#DEADBEEF',
    'openocd -f interface/cmsis-dap.cfg -f target/stm32h7x.cfg',
    "openocd -f target/stm32f4x.cfg -c 'init; reset halt; flash info 0; exit'",
    'STM32_Programmer_CLI -c port=SWD -ob displ',
  ])
    expectCommand(command, 'pass');
});

test('a one-liner that connects with a database driver is read for its SQL, by the database it names', () => {
  for (const command of [
    `python3 -c "import psycopg2,os; c=psycopg2.connect(os.environ['DATABASE_URL']); c.cursor().execute('DELETE FROM users WHERE id > 0'); c.commit()"`,
    `python3 -c "import psycopg2,os; c=psycopg2.connect(os.environ['PROD_DATABASE_URL']); c.cursor().execute('DELETE FROM sessions WHERE id > 0')"`,
  ])
    expectCommand(command, 'stop');
  for (const command of [
    `python3 -c "import sqlite3; c=sqlite3.connect('dev.db'); c.execute('DELETE FROM users WHERE id > 0'); c.commit()"`,
    `python3 -c "import psycopg2; c=psycopg2.connect('dbname=app_test'); c.cursor().execute('TRUNCATE users')"`,
    `node -e "const {Pool}=require('pg'); new Pool({connectionString:'postgres://localhost/app_dev'}).query('DELETE FROM users WHERE id > 0')"`,
    `python3 -c "import psycopg2,os; c=psycopg2.connect(os.environ['DATABASE_URL']); c.cursor().execute('DELETE FROM sessions WHERE expires_at < now()')"`,
  ])
    expectCommand(command, 'pass');
});
