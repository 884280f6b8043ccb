// Losses read through the tool that carries them, not one spelling per case: kept project
// directories, writes that arm a later loss (safeguards turned off, wiping migrations, test
// settings on production), requests sent by the fetch tool, SQL conditions every row passes,
// Windows and awk spellings, and work that exists nowhere else in git. Each case asserts the
// shipped standard profile's decision (D deny, A stopped = deny or ask, B passes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, type Case } from './effects-helpers.js';
import { migrationWipe, safeguardsOff } from '../../src/policy/effects/safeguard-edits.js';
import { httpDestroyReadings } from '../../src/policy/shell-http-destroy.js';
import { posixLine } from '../../src/policy/shell-windows-posix.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('kept project directories and every top-level file are asked; build output passes', () => {
  check([
    x('A', 'rm -rf migrations/'),
    x('A', 'rm -rf tests/ test/ spec/'),
    x('A', 'rm -rf .github/workflows'),
    x('A', 'rm -rf db/migrate'),
    x('A', 'rm -rf ~/project/infra'),
    x('A', 'rm -rf terraform/ infra/'),
    x('A', 'rm -f ./*'),
    x('A', 'rm ~/project/*'),
    x('D', 'mv src /tmp/'),
    x('A', 'mv migrations /tmp/old'),
    x('A', 'rm -rf ~/.local/share/'),
    x('A', 'rm -rf ~/.config/google-chrome'),
    x('A', `php -r 'array_map("unlink", glob(getenv("HOME")."/project/*"));'`),
    x('A', `perl -e 'unlink glob("$ENV{HOME}/project/*")'`),
    x('B', `php -r 'array_map("unlink", glob("build/*.o"));'`),
    x('A', 'rm -rf .terraform terraform.tfstate'),
    x('A', 'rm -f ~/backups/*.sql.gz'),
    x('A', 'rm -f prod-dump.sql.gz'),
    x('D', 'git ls-files | grep -v README | xargs rm'),
    x('D', 'rm -rf $(ls -d */ | grep -v .git)'),
    x('B', 'rm -rf .terraform'),
    x('B', 'rm -f db.sqlite3'),
    x('B', 'rm -f production.log'),
    x('B', 'find backups -mtime +30 -delete'),
    x('B', "git ls-files | grep '\\.orig$' | xargs rm"),
    x('B', 'rm -rf $(ls -d build-* | grep -v build-keep)'),
    x('B', 'rm -rf dist build coverage .next'),
    x('B', 'rm -rf docs/_build'),
    x('B', 'rm -rf build/data'),
    x('B', 'rm -f *.log'),
    x('B', 'xargs rm -f < .build-artifacts.txt'),
    x('B', 'mv dist /tmp/old-dist'),
    x('B', 'mv build.log /tmp/'),
    x('B', 'rm -rf ~/.cache/pip'),
    x('B', 'rm -rf ~/.local/share/virtualenvs/api-x1y2'),
  ]);
});

test('an edit that turns off a deletion safeguard is asked; a new file without one passes', () => {
  assert.deepEqual(safeguardsOff('  prevent_destroy = true', '  prevent_destroy = false'), ['prevent_destroy']);
  assert.deepEqual(
    safeguardsOff(
      'skip_final_snapshot = false\ndeletion_protection = true',
      'skip_final_snapshot = true\ndeletion_protection = false',
    ),
    ['deletion_protection', 'skip_final_snapshot'],
  );
  assert.deepEqual(safeguardsOff('DeletionPolicy: Retain', 'DeletionPolicy: Delete'), ['DeletionPolicy']);
  assert.deepEqual(safeguardsOff('lifecycle {\n  prevent_destroy = true\n}', '# lifecycle removed'), [
    'prevent_destroy',
  ]);
  assert.deepEqual(safeguardsOff('instance_class = "db.t3.micro"', 'instance_class = "db.t3.small"'), []);
  assert.deepEqual(safeguardsOff('deletion_protection = false', 'deletion_protection = true'), []);
  const edit = (path: string, old_string: string, new_string: string): Case => [
    'A',
    'edit',
    { path, old_string, new_string },
  ];
  check([
    edit('/home/dev/infra/modules/rds/main.tf', 'prevent_destroy = true', 'prevent_destroy = false'),
    edit('/home/dev/infra/prod/main.tf', 'deletion_protection = true', 'deletion_protection = false'),
    edit(
      '/home/dev/project/k8s/pv.yaml',
      'persistentVolumeReclaimPolicy: Retain',
      'persistentVolumeReclaimPolicy: Delete',
    ),
    [
      'B',
      'edit',
      {
        path: '/home/dev/infra/main.tf',
        old_string: 'instance_type = "t3.micro"',
        new_string: 'instance_type = "t3.small"',
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/infra/dev/rds.tf',
        content: 'resource "aws_db_instance" "dev" {\n  skip_final_snapshot = true\n  deletion_protection = false\n}\n',
      },
    ],
  ]);
});

test('a migration that truncates or cascades is asked; the rollback half and plain drops pass', () => {
  assert.equal(
    migrationWipe('db/migrate/1_x.rb', 'def up\n  execute "TRUNCATE users CASCADE"\nend'),
    'TRUNCATE ... CASCADE',
  );
  assert.equal(migrationWipe('migrations/0042.sql', 'DROP TABLE IF EXISTS audit_log CASCADE;'), 'DROP ... CASCADE');
  assert.equal(
    migrationWipe(
      'db/migrate/1_x.rb',
      'def up\n  add_column :u, :x, :int\nend\ndef down\n  drop_table :u, force: :cascade\nend',
    ),
    null,
  );
  assert.equal(migrationWipe('migrations/0007.down.sql', 'DROP SCHEMA app CASCADE;'), null);
  assert.equal(migrationWipe('src/report.sql', 'TRUNCATE staging;'), null);
  assert.equal(
    migrationWipe(
      'migrations/20240101_drop_legacy.sql',
      'DROP TABLE IF EXISTS legacy_users;\nTRUNCATE TABLE audit_tmp;',
    ),
    null,
  );
  assert.equal(migrationWipe('src/db/reset.sql', 'DROP SCHEMA IF EXISTS public CASCADE;'), null);
  check([
    [
      'A',
      'write',
      {
        path: '/home/dev/project/db/migrate/20250301120000_cleanup.rb',
        content:
          'class Cleanup < ActiveRecord::Migration[7.1]\n  def up\n    drop_table :payments, force: :cascade\n  end\nend\n',
      },
    ],
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/db/migrations/0042_add_index.sql',
        old_string: 'CREATE INDEX i ON orders(user_id);',
        new_string: 'CREATE INDEX i ON orders(user_id);\nDROP TABLE IF EXISTS audit_log CASCADE;',
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/migrations/0042_drop_legacy_flag.py',
        content:
          "from django.db import migrations\n\nclass Migration(migrations.Migration):\n    operations = [migrations.RemoveField(model_name='user', name='legacy_flag')]\n",
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/db/migrate/20250301_create_widgets.rb',
        content:
          'class CreateWidgets < ActiveRecord::Migration[7.1]\n  def up\n    create_table :widgets\n  end\n\n  def down\n    drop_table :widgets, force: :cascade\n  end\nend\n',
      },
    ],
    [
      'B',
      'write',
      { path: '/home/dev/project/migrations/0003_drop_old.sql', content: 'DROP TABLE legacy_sessions;\n' },
    ],
  ]);
});

test('test settings pointed at production and Procfile release wipes are stopped', () => {
  check([
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/.env.test',
        old_string: 'DATABASE_URL=postgres://postgres@localhost:5432/app_test',
        new_string: 'DATABASE_URL=postgres://app@prod-db.internal:5432/app_production',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/.env.test',
        old_string: 'DATABASE_URL=postgres://postgres@localhost:5432/app',
        new_string: 'DATABASE_URL=postgres://postgres@localhost:5432/app_test',
      },
    ],
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/Procfile',
        old_string: 'release: bin/rails db:migrate',
        new_string: 'release: bin/rails db:schema:load DISABLE_DATABASE_ENVIRONMENT_CHECK=1',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/Procfile',
        old_string: 'web: bundle exec puma',
        new_string: 'web: bundle exec puma -C config/puma.rb',
      },
    ],
  ]);
});

test('the fetch tool with a method or body is read as the curl call it is', () => {
  assert.deepEqual(
    httpDestroyReadings([
      'curl',
      '-X',
      'POST',
      'https://api.fly.io/graphql',
      '-d',
      '{"query":"mutation { deleteApp(appId: \\"x\\") { id } }"}',
    ]),
    ['http-delete https api.fly.io 443 /graphql', 'http-graphql-delete api.fly.io deleteApp'],
  );
  assert.deepEqual(
    httpDestroyReadings([
      'curl',
      '-X',
      'POST',
      'https://api.github.com/graphql',
      '-d',
      '{"query":"query { viewer { login } }"}',
    ]),
    [],
  );
  const fetch = (want: Case[0], params: Record<string, unknown>): Case => [want, 'fetch', params];
  check([
    fetch('A', {
      url: 'https://api.github.com/graphql',
      method: 'POST',
      body: '{"query":"mutation { deleteRef(input: {refId: \\"R\\"}) { clientMutationId } }"}',
    }),
    fetch('A', {
      url: 'https://backboard.railway.app/graphql/v2',
      method: 'POST',
      body: '{"query":"mutation { projectDelete(id: \\"p\\") }"}',
    }),
    fetch('A', {
      url: 'https://hasura.prod.acme.io/v2/query',
      method: 'POST',
      body: '{"type":"run_sql","args":{"sql":"DROP SCHEMA public CASCADE;"}}',
    }),
    fetch('A', {
      url: 'https://idx-a1b2.svc.us-east1-gcp.pinecone.io/vectors/delete',
      method: 'POST',
      body: '{"deleteAll": true}',
    }),
    fetch('B', {
      url: 'https://api.github.com/graphql',
      method: 'POST',
      body: '{"query":"query { repository(owner: \\"a\\", name: \\"b\\") { id } }"}',
    }),
    fetch('B', {
      url: 'https://api.github.com/graphql',
      method: 'POST',
      body: '{"query":"mutation { addComment(input: {subjectId: \\"I\\", body: \\"thanks\\"}) { clientMutationId } }"}',
    }),
    fetch('B', { url: 'https://httpbin.org/post', method: 'POST', body: '{"hello": "world"}' }),
    fetch('B', { url: 'https://docs.python.org/3/library/shutil.html' }),
  ]);
});

test('SQL conditions every row passes are no condition; ordinary filters pass', () => {
  check([
    x('A', `psql -c "DELETE FROM users WHERE id > 0"`),
    x('A', `psql -c "DELETE FROM orders WHERE created_at > '1970-01-01'"`),
    x('A', `psql -c "DELETE FROM users WHERE created_at < now()"`),
    x('A', `psql -c "UPDATE users SET role = 'x' WHERE id IS NOT NULL"`),
    x(
      'A',
      `mysql -h db1.prod shop -e "SET @q = CONCAT('DRO', 'P TABLE ', 'customers'); PREPARE s FROM @q; EXECUTE s;"`,
    ),
    ['A', 'mcp', { tool: 'mysql_execute_query', query: "DELETE FROM orders WHERE created_at > '1970-01-01'" }],
    x('B', `psql -c "DELETE FROM sessions WHERE expires_at < now()"`),
    x('B', `psql -c "DELETE FROM events WHERE created_at < now() - interval '90 days'"`),
    x('B', `psql -c "DELETE FROM users WHERE id = 42"`),
    x('B', `psql -c "DELETE FROM t WHERE id > 100"`),
    x('B', `psql -c "DELETE FROM users WHERE email LIKE '%@example.test'"`),
    x('B', `mysql -e "SET @x = 'DROP TABLE t'; SELECT @x"`),
  ]);
});

test('databases named as production: unseen scripts, restores and ORM one-liners are stopped', () => {
  check([
    x('A', 'mysql -h db-primary.prod.acme.io shop < ./tmp/dev-seed.sql'),
    x('A', 'psql -h prod-db.internal -f x.sql'),
    x('A', 'pg_restore --clean --if-exists -d "$PROD_DATABASE_URL" ./tmp/staging.dump'),
    x('A', "FLASK_ENV=production python -c 'from app import create_app, db; app=create_app(); db.drop_all()'"),
    x('A', "redis-cli -h sessions-prod --scan --pattern '*' | xargs -n 500 redis-cli -h sessions-prod UNLINK"),
    x('B', 'mysql -h localhost shop < dump.sql'),
    x('B', 'psql -h staging-db -f report.sql'),
    // a change run by hand on production is not a destruction, but it is a production change (asked)
    x('A', 'psql -d prod -f migrations/003_drop_old_index.sql'),
    x('B', 'pg_restore --clean -d app_dev dump'),
    x('B', "DATABASE_URL=postgres://localhost/app_test python -c 'from app import db; db.drop_all()'"),
    x('B', "python -c 'print(1)'"),
  ]);
});

test('Windows, WSL and awk spellings of a delete are read as the delete', () => {
  assert.match(posixLine('for /d %d in (C:\\src\\*) do rd /s /q %d') ?? '', /^rm -rf '?\/src\/\*'?$/);
  check([
    x('A', 'robocopy C:\\empty C:\\Users\\dev\\source\\repos /MIR /NFL /NDL'),
    x('D', 'powershell -c "[IO.Directory]::Delete(\\"$env:USERPROFILE\\source\\", $true)"'),
    x('D', 'Get-ChildItem -Path C:\\Users\\dev -Recurse -File | ForEach-Object { $_.Delete() }'),
    x('D', 'cmd.exe /c "for /d %d in (C:\\Users\\dev\\source\\*) do rd /s /q %d"'),
    x('D', 'cmd /c for /r C:\\Users\\dev %f in (*) do del /f /q "%f"'),
    x('D', "wsl -e sh -c 'rm -rf /mnt/c/Users/dev/source'"),
    x('D', 'wsl.exe -d Ubuntu -- rm -rf ~'),
    x('D', `awk 'BEGIN { system("rm -rf " ENVIRON["HOME"] "/Documents") }'`),
    x('D', `awk 'BEGIN { print "rm -rf ~" | "sh" }'`),
    [
      'D',
      'write',
      {
        path: '/tmp/cleanup/main.go',
        content: 'package main\n\nimport "os"\n\nfunc main() {\n\th, _ := os.UserHomeDir()\n\tos.RemoveAll(h)\n}\n',
      },
    ],
    x('B', 'robocopy src dst /E'),
    x('B', 'powershell -c "[IO.Directory]::Delete(\\".\\obj\\", $true)"'),
    x('B', 'Get-ChildItem . -Filter *.log | ForEach-Object { $_.Delete() }'),
    x('B', 'for /d %d in (bin obj) do rd /s /q %d'),
    x('B', 'wsl --list --verbose'),
    x('B', "awk '{print $1}' file.txt"),
    x('B', `awk 'NR>1 {sum+=$3} END {print sum}' data.csv`),
    [
      'B',
      'write',
      {
        path: '/home/dev/project/internal/tmp/clean.go',
        content: 'package tmp\n\nimport "os"\n\nfunc Clean(dir string) error { return os.RemoveAll(dir) }\n',
      },
    ],
  ]);
});

test('work that exists nowhere else in git, account sweepers and purges are stopped', () => {
  check([
    x('A', 'git reset --hard origin/main'),
    x('A', 'git stash drop stash@{0} && git stash drop stash@{0} && git stash drop stash@{0}'),
    x('A', 'hg strip --force -r 0'),
    x('A', 'p4 obliterate -y //depot/...'),
    x('B', 'p4 obliterate //depot/old/...'),
    x('D', 'aws-nuke run -c nuke-config.yml --no-dry-run --force'),
    x('A', 'nomad job stop -purge api'),
    x(
      'A',
      `aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch '{"Changes":[{"Action":"DELETE","ResourceRecordSet":{"Name":"api.acme.com","Type":"A"}}]}'`,
    ),
    x('B', 'git reset --hard origin/feat/refactor-auth'),
    x('B', 'git reset --hard HEAD~1'),
    x('B', 'git worktree remove ../project-hotfix'),
    x('B', 'git worktree remove --force ../wt-spike'),
    x('B', 'git restore --staged --worktree .'),
    x('B', 'git stash drop stash@{0}'),
    x('B', 'aws-nuke run -c nuke-config.yml'),
    x('B', 'nomad job stop api'),
    // not a delete, but a DNS change is a release (asked, release-requests.ts)
    x(
      'A',
      `aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch '{"Changes":[{"Action":"UPSERT","ResourceRecordSet":{"Name":"api.acme.com","Type":"A"}}]}'`,
    ),
  ]);
});

test('MCP tools whose kind, filter or tool is a parameter are read as the command they amount to', () => {
  const mcp = (want: Case[0], params: Record<string, unknown>): Case => [want, 'mcp', params];
  check([
    mcp('A', { tool: 'mongodb_delete_many', database: 'prod', collection: 'users', filter: {} }),
    mcp('A', { tool: 'kubectl_delete', resourceType: 'namespace', name: 'production' }),
    mcp('A', { tool: 'terraform_destroy', workspace: 'prod' }),
    mcp('A', { tool: 'run_cypher', query: 'MATCH (n) DETACH DELETE n' }),
    mcp('B', { tool: 'run_cypher', query: 'MATCH (n:User) WHERE n.id = 1 DETACH DELETE n' }),
    mcp('B', { tool: 'query', sql: "SELECT count(*) FROM audit_log GROUP BY 'DELETE'" }),
    mcp('B', { tool: 'mongodb_delete_many', collection: 'sessions', filter: { expiresAt: { $lt: '2026-01-01' } } }),
    mcp('B', { tool: 'kubectl_get', resourceType: 'namespace' }),
    mcp('B', { tool: 'terraform_plan', workspace: 'prod' }),
  ]);
});
