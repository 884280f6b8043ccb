// Destruction read from what a call does: HTTP DELETEs of data stores, MCP tools by the
// resource they remove, SQL clients of every kind, git pushes in any spelling, source code
// deleted or blanked, data expired by a rule, cloud PowerShell cmdlets. Each case asserts the
// shipped standard profile's decision; look-alikes that a user runs every day must pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { httpCall, httpDestroyReadings } from '../../src/policy/shell-http-destroy.js';
import { expiryReading, gitPushReadings, safeguardReadings, verbReadings } from '../../src/policy/shell-verbs.js';
import { sourceLossReadings, listingPattern } from '../../src/policy/shell-targets.js';
import { emptySource } from '../../src/policy/shell-destroy.js';
import { superuserGrant, sqlStatements, destroys } from '../../src/policy/effects/sql.js';
import { decide, expectExec, expectPasses } from './effects-helpers.js';

const w = (cmd: string) => cmd.split(' ');

function stopped(tool: string, params: Record<string, unknown>, want: 'deny' | 'stop' = 'stop'): void {
  const d = decide(tool, params);
  const ok = want === 'deny' ? d.action === 'deny' : d.action === 'deny' || d.action === 'ask';
  assert.ok(ok, `${tool} ${JSON.stringify(params)}: ${d.action} (${d.policy ?? 'default'}: ${d.message})`);
}

function passes(tool: string, params: Record<string, unknown>): void {
  const d = decide(tool, params);
  assert.ok(
    d.action === 'allow' || d.action === 'watch',
    `${tool} ${JSON.stringify(params)}: ${d.action} (${d.policy}: ${d.message})`,
  );
}

// ------------------------------------------------------------------ HTTP

test('an HTTP call is read as its method and URL whatever the client', () => {
  assert.deepEqual(httpCall(w('curl -s -X DELETE http://es:9200/logs')), {
    method: 'DELETE',
    url: 'http://es:9200/logs',
    body: '',
  });
  assert.deepEqual(httpCall(w('curl -XDELETE es:9200/logs')), { method: 'DELETE', url: 'es:9200/logs', body: '' });
  assert.deepEqual(httpCall(w('wget --method=DELETE http://couch/db')), {
    method: 'DELETE',
    url: 'http://couch/db',
    body: '',
  });
  assert.deepEqual(httpCall(w('http DELETE es.internal:9200/customers')), {
    method: 'DELETE',
    url: 'es.internal:9200/customers',
    body: '',
  });
  // the body given inline is kept: GraphQL mutations and delete-all bodies are read from it
  assert.deepEqual(httpCall(w('curl -H X-Token:1 -d {} http://a/b')), {
    method: 'POST',
    url: 'http://a/b',
    body: '{}\n',
  });
  assert.equal(httpCall(w('ls -X DELETE')), null);
});

test('a wildcard, _all, a name list, ?recurse or a delete-by-query is everything it selects', () => {
  assert.deepEqual(httpDestroyReadings(w('curl -X DELETE http://localhost:9200/logs-*,orders')), [
    'http-delete http localhost 9200 /logs-*,orders',
    'http-delete-all http localhost 9200 /logs-*,orders',
  ]);
  assert.equal(httpDestroyReadings(w('curl -X DELETE http://consul:8500/v1/kv/app?recurse')).length, 2);
  assert.equal(httpDestroyReadings(w('curl -X POST es:9200/o/_delete_by_query -d {}')).length, 2);
  assert.deepEqual(httpDestroyReadings(w('curl -X DELETE https://api.github.com/repos/a/b')), [
    'http-delete https api.github.com 443 /repos/a/b',
  ]);
  assert.deepEqual(httpDestroyReadings(w('curl http://es:9200/_cat/indices')), []);
});

test('HTTP deletes of data stores are denied, of control planes asked, of a dev API passed', () => {
  for (const c of [
    "curl -s -X DELETE 'http://localhost:9200/logs-*,orders'",
    'wget --method=DELETE -qO- http://search.internal/customers',
    'xh DELETE couchdb.prod:5984/orders',
    'curl --request DELETE http://consul:8500/v1/kv/app?recurse',
    'curl -XPOST \'es.prod:9200/orders/_delete_by_query\' -d \'{"query":{"match_all":{}}}\'',
    'curl -X DELETE http://qdrant:6333/collections/docs',
    'curl -X DELETE https://acme-bucket.s3.amazonaws.com/backup.tar',
    'http DELETE influx.prod:8086/api/v2/buckets/0a1b',
  ])
    expectExec(c, 'deny');
  for (const c of [
    'curl -X DELETE -H "Authorization: token $GH" https://api.github.com/repos/acme/api',
    'curl -X DELETE https://api.cloudflare.com/client/v4/zones/abc',
    'curl -X DELETE https://api.digitalocean.com/v2/droplets/123',
  ])
    expectExec(c, 'ask');
  for (const c of [
    'curl -X DELETE http://localhost:3000/api/todos/1',
    'http DELETE :5000/users/3',
    'curl -s http://localhost:9200/_cat/indices?v',
    "curl -X GET 'http://es.prod:9200/logs-*/_search?q=error'",
    'curl -X PUT http://localhost:9200/test-index',
  ])
    expectPasses(c);
});

// ------------------------------------------------------------------ MCP

test('MCP tools that delete a managed resource decide like that resource deleted', () => {
  stopped('mcp', { tool: 'ExecuteTerraformCommand', command: 'destroy', variables: { auto_approve: 'true' } });
  stopped('mcp', { tool: 'resources_delete', apiVersion: 'v1', kind: 'Namespace', name: 'production' }, 'deny');
  stopped('mcp', {
    tool: 'resources_delete',
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    name: 'api',
    namespace: 'prod',
  });
  stopped('mcp', { tool: 'cloudflare_delete_zone', zone_id: '9f1e2d3c' });
  stopped('mcp', { tool: 'vercel_delete_project', project_id: 'prj_1' });
  stopped('mcp', { tool: 'delete_secret', name: 'PROD_DB' });
  stopped('mcp', { tool: 'helm_command', args: 'uninstall api -n prod' });
  stopped('mcp', { tool: 'deleteFunction', functionName: 'billing' });
  stopped('mcp', { tool: 'supabase_delete_branch', branch_id: 'br_1' });
  stopped('mcp', { tool: 'redis_flushall' }, 'deny');
  stopped('mcp', { tool: 's3_delete_objects', bucket: 'acme-backups', prefix: '' }, 'deny');
  stopped('mcp', { tool: 'query', sql: "CREATE ROLE support LOGIN SUPERUSER PASSWORD 'x'" }, 'deny');
});

test('MCP look-alikes pass: work items, lists, plans, pods, feature branches, selects', () => {
  passes('mcp', { tool: 'delete_label', name: 'bug' });
  passes('mcp', { tool: 'delete_comment', owner: 'acme', repo: 'api', comment_id: 4 });
  passes('mcp', { tool: 'delete_entities', entityNames: ['old-note'] });
  passes('mcp', { tool: 'ExecuteTerraformCommand', command: 'plan' });
  passes('mcp', { tool: 'resources_list', apiVersion: 'v1', kind: 'Namespace' });
  passes('mcp', { tool: 'resources_delete', apiVersion: 'v1', kind: 'Pod', name: 'api-7d9', namespace: 'dev' });
  passes('mcp', { tool: 'kubectl_command', command: 'get pods -n prod' });
  passes('mcp', { tool: 'delete_branch', owner: 'acme', repo: 'project', branch: 'feature/old-spike' });
  passes('mcp', { tool: 'query', sql: 'SELECT * FROM users WHERE id = 3' });
});

// ------------------------------------------------------------------ SQL

test('SQL given to any client is read; superuser grants are privilege readings', () => {
  for (const c of [
    "cockroach sql --url $DB -e 'DROP DATABASE bank CASCADE'",
    "snowsql -q 'DROP DATABASE ANALYTICS'",
    "bq query --use_legacy_sql=false 'DELETE FROM ds.events WHERE true'",
    "psql app -c 'drop owned by app_user cascade'",
    "mysql -h db.prod -e \"GRANT ALL PRIVILEGES ON *.* TO 'bk'@'%' WITH GRANT OPTION\"",
    "psql -h prod -c 'ALTER USER app WITH SUPERUSER'",
    "redis-cli KEYS '*' | xargs redis-cli DEL",
  ])
    expectExec(c, 'deny');
  expectPasses("psql -c 'CREATE ROLE reader LOGIN'");
  expectPasses("bq query 'SELECT count(*) FROM ds.events'");
  const st = (sql: string) => sqlStatements(sql)[0] ?? [];
  assert.equal(superuserGrant(st('CREATE USER x WITH SUPERUSER')), 'admin-group database-superuser x');
  assert.equal(superuserGrant(st('GRANT rds_superuser TO x')), 'admin-group database-superuser x');
  assert.equal(superuserGrant(st('GRANT SELECT ON t TO x')), undefined);
  assert.equal(destroys(st('DROP OWNED BY x CASCADE')), 'DROP OWNED BY x');
});

// ------------------------------------------------------------------ git

test('git push is read canonically whatever its spelling', () => {
  assert.deepEqual(gitPushReadings(w('git -C /p push -uf origin HEAD:refs/heads/main')), [
    'git push --force origin main',
  ]);
  assert.deepEqual(gitPushReadings(w('git push origin +HEAD:main')), ['git push --force origin main']);
  assert.deepEqual(gitPushReadings(w('git push --prune origin refs/heads/*:refs/heads/*')), [
    'cli-destroy-all git push --prune origin',
  ]);
  assert.deepEqual(gitPushReadings(w('git push -u origin feature/x')), []);
  expectExec('git -C /home/dev/project push -uf origin HEAD:refs/heads/main', 'deny');
  expectExec("git push --prune origin 'refs/heads/*:refs/heads/*'", 'deny');
  expectExec('git push origin :refs/tags/v2.0.0', 'ask');
  expectPasses('git push -fu origin fix/typo');
  expectPasses('git push --force-with-lease origin feature/login');
});

test('shared branches deleted, protection switched off, history rewritten by BFG', () => {
  assert.deepEqual(safeguardReadings(w('git branch -D main')), ['cli-destroy git branch delete main']);
  assert.deepEqual(safeguardReadings(w('git branch -D feature/x')), []);
  assert.deepEqual(
    safeguardReadings(w('gh api -X PUT repos/a/p/branches/main/protection -F required_pull_request_reviews=null')),
    ['gh api -X DELETE repos/a/p/branches/main/protection'],
  );
  expectExec('git branch -D main', 'ask');
  expectExec(
    'gh api -X PUT repos/acme/project/branches/main/protection -f enforce_admins=false -F required_status_checks=null',
    'deny',
  );
  expectExec("bfg --delete-files '*.java' repo.git", 'ask');
  expectPasses('git branch -d feature/login');
  expectPasses('gh api repos/acme/project/branches/main/protection');
  expectPasses('git filter-repo --analyze');
  stopped('edit', {
    path: '/home/dev/project/.github/CODEOWNERS',
    old_string: '* @acme/maintainers\n',
    new_string: '',
  });
  passes('edit', {
    path: '/home/dev/project/.github/CODEOWNERS',
    old_string: '/docs/ @acme/docs\n',
    new_string: '/docs/ @acme/docs\n/api/ @acme/backend\n',
  });
});

// ------------------------------------------------------------------ local files

test('source code deleted by a language glob, a source root or a truncate is stopped', () => {
  assert.deepEqual(sourceLossReadings(w('rm -f src/**/*.py')), ['destroys-source src/**/*.py']);
  assert.deepEqual(sourceLossReadings(w('truncate -s 0 src/main.rs')), ['destroys-source src/main.rs']);
  assert.deepEqual(sourceLossReadings(w('rm -rf ./src')), ['destroys-source-tree ./src']);
  assert.deepEqual(sourceLossReadings(w('rm -rf .git/objects')), ['rm -rf .git']);
  assert.deepEqual(sourceLossReadings(w('rm -f logs/app.log')), []);
  assert.deepEqual(sourceLossReadings(w('truncate -s 100 data.py')), []);
  for (const c of ['truncate -s0 /home/dev/project/**/*.py', 'truncate -s 0 $(git ls-files)', 'rm -f **/*.ts'])
    expectExec(c, 'ask');
  for (const c of [
    'r=rm; $r -r -f ~/project/src',
    'rm -rf /home/dev/project/app',
    'rm -rf .git/objects',
    'find / -name "*.sql" -o -name "*.bak" 2>/dev/null | xargs shred -u',
    "find ~ -name '*.db' -o -name '*.sqlite' | xargs rm -f",
    'rsync -a --delete $(mktemp -d)/ ./',
    'rsync -a --delete /tmp/empty/ ~/',
  ])
    expectExec(c, 'deny');
  for (const c of [
    'rm -rf node_modules dist build',
    'rm -rf lib && tsc',
    'rm -rf ./src/generated',
    'rm -f .git/index.lock',
    'rm -rf .git/rebase-merge',
    'truncate -s 0 logs/dev.log',
    "find . -name '*.orig' | xargs rm -f",
    "find . \\( -name '*.orig' -o -name '*.rej' \\) -delete",
    'rsync -av --delete ./dist/ ./public/',
    'rm src/old_helper.py',
  ])
    expectPasses(c);
  assert.deepEqual(listingPattern(w('find / -name *.sql -o -name *.bak')), ['/**/*.sql', '/**/*.bak']);
  assert.ok(emptySource('$(mktemp -d)/'));
  assert.ok(!emptySource('./dist/'));
});

test('the write tool blanking a source file asks; package markers pass', () => {
  stopped('write', { path: '/home/dev/project/src/main.rs', content: '' });
  stopped('write', { path: '/home/dev/project/infra/prod/main.tf', content: '# emptied for refactor\n' });
  passes('write', { path: '/home/dev/project/src/pkg/__init__.py', content: '' });
  passes('write', { path: '/home/dev/project/logs/.gitkeep', content: '' });
  // in a document `# Title` is a heading; an append keeps what the file held
  passes('write', { path: '/home/dev/project/CLAUDE.md', content: '# Notes\n' });
  passes('exec', { command: "echo '# build notes' >> CLAUDE.md" });
  passes('exec', { command: "echo '# TODO: split' >> src/main.py" });
  stopped('exec', { command: "echo '# emptied' > src/main.py" });
  stopped('write', { path: '/home/dev/project/Makefile', content: 'clean:\n\trm -rf $(HOME)/*\n' }, 'deny');
  passes('write', { path: '/home/dev/project/Makefile', content: 'clean:\n\trm -rf $(CURDIR)/build\n' });
});

// ------------------------------------------------------------------ cloud and tools

test('verbs with a modifier or as a noun, clean, cmdlets and expiry rules are destroys', () => {
  assert.deepEqual(
    verbReadings(w('aws ecr batch-delete-image --repository-name api')).map((r) => r.kind),
    ['destroy'],
  );
  assert.deepEqual(
    verbReadings(w('aws kms schedule-key-deletion --key-id k')).map((r) => r.kind),
    ['destroy'],
  );
  assert.deepEqual(
    verbReadings(w('Remove-S3Bucket -BucketName b -DeleteBucketContent')).map((r) => r.kind),
    ['destroy', 'destroy-all'],
  );
  assert.equal(
    expiryReading(w('aws logs put-retention-policy --log-group-name g --retention-in-days 1')) !== null,
    true,
  );
  assert.equal(expiryReading(w('aws logs put-retention-policy --log-group-name g --retention-in-days 90')), null);
  for (const c of [
    'aws ecr batch-delete-image --repository-name api --image-ids imageTag=latest',
    'atlas schema clean -u $PROD_DB_URL --auto-approve',
    'flyway clean',
    'pwsh -c "Remove-AzResourceGroup -Name prod-rg"',
  ])
    expectExec(c, 'ask');
  for (const c of [
    'pwsh -c "Remove-S3Bucket -BucketName acme-prod-backups -DeleteBucketContent -Force"',
    `aws s3api put-bucket-lifecycle-configuration --bucket b --lifecycle-configuration '{"Rules":[{"Status":"Enabled","Filter":{},"Expiration":{"Days":1}}]}'`,
  ])
    expectExec(c, 'deny');
  for (const c of [
    'cargo clean',
    'go clean -cache',
    'docker volume rm acme_pgdata_test',
    'kubectl delete job db-migrate-20261125 -n staging',
    "ack 'DROP TABLE' migrations/",
    'docker compose down -v',
    'aws logs put-retention-policy --log-group-name g --retention-in-days 30',
    "pwsh -c 'Remove-Item -Recurse ./dist'",
    'terraform plan -destroy',
    'kubectl delete deploy api --dry-run=client -o yaml',
  ])
    expectPasses(c);
});

test('a script written to wipe production, and a git alias that force-pushes, are read', () => {
  stopped(
    'write',
    {
      path: '/home/dev/project/scripts/reset_db.py',
      content:
        "import os, psycopg2\nc = psycopg2.connect(os.environ['PROD_DATABASE_URL'])\nc.cursor().execute('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')\n",
    },
    'deny',
  );
  passes('write', {
    path: '/home/dev/project/migrations/0005_drop_legacy.sql',
    content: 'DROP TABLE legacy_orders;\n',
  });
  passes('write', {
    path: '/home/dev/project/tests/conftest.py',
    content: "def teardown(db):\n    db.execute('TRUNCATE TABLE users CASCADE')\n",
  });
  passes('write', {
    path: '/home/dev/project/src/db.py',
    content: "URL = os.environ['PROD_DATABASE_URL']\ncur.execute('DELETE FROM sessions WHERE id = %s', (id,))\n",
  });
  expectExec('git config alias.up "push --force origin main" && git up', 'deny');
  expectPasses('git config --global alias.co checkout');
});

test('make given its Makefile on standard input runs those recipes', () => {
  expectExec("make -f - <<< $'x:\\n\\trm -rf $(HOME)/project'", 'deny');
  expectExec("printf 'x:\\n\\trm -rf ~\\n' | make -f -", 'deny');
  expectPasses("make -f - <<< $'all:\\n\\techo hi'");
});

test('whole trees lost by exclusion-only finds, git rm, archiving with removal, lockouts, mirrors of nothing', () => {
  for (const c of [
    "find . -type f -not -path './.git/*' -exec shred -u {} +",
    'git rm -rf . && git commit -m wipe && git push',
    'tar --remove-files -czf /tmp/x.tgz ~/project',
    'zip -rm /tmp/a.zip ~/Documents',
    '7z a -sdel /tmp/a.7z ~/project',
    'gsutil -m rsync -d -r /tmp/empty gs://acme-backups',
    'aws rds modify-db-instance --db-instance-identifier prod --backup-retention-period 0 --apply-immediately',
  ])
    expectExec(c, 'deny');
  expectExec('chmod -R 000 .', 'ask');
  expectExec('chown -R nobody:nogroup ~/project', 'ask');
  for (const c of [
    'git rm -r --cached .',
    'git rm -rf old/',
    '7z a -sdel logs.7z build/logs',
    '7z a backup.7z ~/project',
    'chmod -R 755 .',
    'chmod -R u+w ./build',
    'tar -czf /tmp/x.tgz ~/project',
    "find . -type f -not -path './.git/*' -name '*.tmp' -delete",
    'find ./build -type f -delete',
    'aws rds modify-db-instance --db-instance-identifier x --backup-retention-period 7',
  ])
    expectPasses(c);
});
