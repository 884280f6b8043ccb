// Database destruction read by its effect on programs svc has never heard of: SQL given to an
// unknown client by option, operand, stdin or script file (sql-any-client.ts); text built from
// literals before it runs (PowerShell folding, interpreter one-liners); a migration tool taken back
// to its start or told to wipe (data-resets.ts); a destroy verb in a program's name, an underscore
// word or an option after a data noun (shell-verbs.ts); z/OS data sets deleted by TSO or IDCAMS
// text. Each with the look-alikes that must pass: reads, scoped deletes, local or test databases,
// one-step rollbacks, migrations up, files handled rather than run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { destroys, sqlStatements } from '../../src/policy/effects/sql.js';
import { migrationToStart, databaseOverwrite } from '../../src/policy/effects/data-resets.js';
import { foldPowerShellStrings } from '../../src/policy/shell-windows-posix.js';
import { decide, expectExec, expectPasses, run } from './effects-helpers.js';

function stopped(command: string): void {
  const d = run(command);
  assert.ok(d.action === 'deny' || d.action === 'ask', `${command}: ${d.action} (${d.policy ?? 'default'})`);
}

test("ClickHouse's ALTER TABLE mutations are the DELETE and UPDATE they spell", () => {
  const canon = (s: string) => destroys(sqlStatements(s)[0] ?? []);
  assert.equal(canon('ALTER TABLE cdr.calls DELETE WHERE 1'), 'DELETE FROM cdr.calls');
  assert.equal(canon('ALTER TABLE logs ON CLUSTER main DELETE WHERE 1 = 1'), 'DELETE FROM logs');
  assert.equal(canon('ALTER TABLE rates UPDATE price = 0 WHERE true'), 'UPDATE rates SET ...');
  assert.equal(canon('ALTER TABLE calls DELETE WHERE call_date < today() - 400'), undefined);
  assert.equal(canon("ALTER TABLE calls DELETE IN PARTITION '202401' WHERE 1"), undefined);
});

test('SQL handed to a client svc does not know is read as a known client reads it', () => {
  for (const c of [
    "clickhouse client --host ch-prod --query 'ALTER TABLE logs.events DELETE WHERE 1=1'",
    'isql -U sa -S SYBPROD -Q "RESTORE DATABASE claims FROM DISK=\'/backup/c.bak\' WITH REPLACE"',
    'exaplus -c exa-prod:8563 -u sys -sql "RESTORE DATABASE crm FROM \'bfs://b\' WITH REPLACE"',
    'Invoke-Sqlcmd -ServerInstance sql-core01.corp.local -Query "RESTORE DATABASE HR FROM DISK=\'x.bak\' WITH REPLACE"',
    'questdb-cli --host qdb.plant.lan --sql "ALTER TABLE readings DELETE WHERE 1"',
    "dbaccess stores_prod - <<< 'DELETE FROM customer WHERE 1=1;'",
  ])
    stopped(c);
  expectExec(
    "bteq <<'EOF'\n.LOGON tdprod/dbc,x;\nDELETE FROM finance.ledger ALL;\n.LOGOFF;\nEOF",
    'deny',
    /stored data/,
  );
});

test('an unknown client on a local test database, a read, or a scoped delete passes', () => {
  for (const c of [
    'db2 -v "SELECT COUNT(*) FROM SYSCAT.TABLES"',
    "clickhouse client --host localhost --query 'ALTER TABLE test_events DELETE WHERE event_date < today() - 30'",
    'Invoke-Sqlcmd -ServerInstance "(localdb)\\MSSQLLocalDB" -Database PayrollDev -Query "DELETE FROM dbo.Employees WHERE EmployeeId = 42"',
    'acmedb-shell --server localhost --execute "SELECT * FROM invoices LIMIT 5"',
    'Invoke-Sqlcmd -ServerInstance sql-core01.corp.local -InputFile C:\\ops\\monthly_report.sql',
    "echo 'RESTORE DATABASE is documented in docs/restore.md'",
    "grep -rn 'DROP TABLE' sql/migrations/",
    'code sql/cleanup.sql',
  ])
    expectPasses(c);
});

test('a script run by an unknown client, named for a wipe, is asked about', () => {
  for (const c of [
    'db2 -tvf /home/db2inst1/sql/drop_all_tables.sql',
    'Invoke-Sqlcmd -ServerInstance sql-core01.corp.local -InputFile C:\\ops\\purge_history.sql',
    'sqlplus system/$PW@PRODDB @/opt/scripts/wipe_schema.sql',
    'bteq < /opt/td/scripts/reset_warehouse.bteq',
    'zowe jobs submit local-file jcl/purge_claims.jcl',
  ])
    expectExec(c, 'ask', /script/);
  expectPasses('db2 -tvf /home/db2inst1/sql/create_tables.sql');
  expectPasses('zowe jobs submit local-file jcl/nightly_report.jcl');
  expectPasses("zowe zos-files upload file-to-data-set jcl/purge_claims.jcl 'DEV.JCL(PURGE)'");
});

test('PowerShell text built from literals is the literal it makes', () => {
  assert.equal(foldPowerShellStrings("$q='DR'+'OP TABLE x'"), "$q='DROP TABLE x'");
  assert.equal(foldPowerShellStrings("$q = -join('DEL','ETE FROM t')"), "$q = 'DELETE FROM t'");
  assert.equal(foldPowerShellStrings("$s=[string]::Concat('a','b','c')"), "$s='abc'");
  assert.equal(foldPowerShellStrings("$s=('a','b') -join ''"), "$s='ab'");
  assert.equal(foldPowerShellStrings("$s=\"{0}{1}\" -f 'DR','OP'"), "$s='DROP'");
  assert.equal(foldPowerShellStrings("Write-Host 'a' 'b'"), "Write-Host 'a' 'b'");
  for (const c of [
    "$q='DR'+'OP TABLE dbo.LegalHolds'; Invoke-Sqlcmd -ServerInstance sql-dms01.firm.local -Database LexDMS -Query $q",
    '$cmd = "DR" + "OP DATABASE Claims"; sqlcmd -S sql-claims01 -Q $cmd',
    "$q = -join('DEL','ETE FROM dbo.Matters'); Invoke-Sqlcmd -ServerInstance sql-legal01 -Query $q",
    "node -e \"require('pg').Pool().query('TRUNC'+'ATE orders CASCADE')\"",
  ])
    expectExec(c, 'deny', /stored data/);
  expectPasses("$q='SELECT TOP 5 * FROM dbo.'+'Invoices'; Invoke-Sqlcmd -ServerInstance sql-fin01 -Query $q");
  expectPasses(
    "python3 -c \"import sqlite3;c=sqlite3.connect('/tmp/test.db');c.execute('DR'+'OP TABLE IF EXISTS t')\"",
  );
});

test('a migration tool taken back to its start, whatever the tool', () => {
  assert.equal(migrationToStart('ef', ['database', 'update', '0']), 'update 0');
  assert.equal(migrationToStart('console', ['doctrine:migrations:migrate', 'first']), 'migrate first');
  assert.equal(migrationToStart('phinx', ['rollback', '-e', 'production', '-t', '0']), '-t 0');
  assert.equal(migrationToStart('yii', ['migrate/down', 'all']), 'down all');
  assert.equal(migrationToStart('rails', ['db:rollback', 'STEP=500']), 'STEP=500');
  assert.equal(migrationToStart('liquibase', ['rollback-count', '9999']), 'rollback-count 9999');
  assert.equal(migrationToStart('yii', ['migrate/down', '1']), null);
  assert.equal(migrationToStart('tool', ['migrate', 'all']), null);
  assert.equal(migrationToStart('helm', ['rollback', 'web', '0']), null);
  for (const c of [
    'dotnet ef database update 0 --connection "Server=sql-hr01.corp.local;Database=HR;Trusted_Connection=True"',
    'vendor/bin/phinx rollback -e production -t 0',
    './yii migrate/down all --interactive=0 --db=dbProd',
    'bundle exec rails db:rollback STEP=500 RAILS_ENV=production',
    'tern migrate --destination 0 --conn-string postgres://app@ledger-db.internal/ledger',
    'npx umzug down --to 0 --env production',
  ])
    expectExec(c, 'deny', /wipes a database/);
  for (const c of [
    'dotnet ef database update 0 --connection "Server=(localdb)\\MSSQLLocalDB;Database=DocGenDev;Trusted_Connection=True"',
    'dotnet ef database update 20240101120000_AddMatters',
    './yii migrate/down 1 --interactive=0',
    'bundle exec rails db:rollback',
    'alembic downgrade -1',
    'alembic upgrade head',
    'vendor/bin/phinx migrate -e development',
  ])
    expectPasses(c);
});

test('an option that wipes the database, and a dump loaded over one, by where they point', () => {
  assert.equal(databaseOverwrite(['setup:install', '--cleanup-database']), '--cleanup-database');
  assert.equal(databaseOverwrite(['db:import', 'old.sql']), 'db import');
  assert.equal(databaseOverwrite(['db', 'export']), null);
  expectExec('bin/magento setup:install --cleanup-database --db-host=mysql-prod.internal', 'deny', /wipes a database/);
  expectExec('bin/magento setup:install --cleanup-database', 'ask');
  expectExec('acme db restore --host db.prod.internal nightly.dump', 'ask');
  expectExec('wp db import old-2019.sql --url=https://shop.example.com', 'ask');
  expectPasses('wp db import backup.sql');
  expectPasses('acme db export --host db.prod.internal');
  expectPasses('bin/magento setup:upgrade --keep-generated');
});

test('a destroy verb in the program name, an underscore word, or an option after a data noun', () => {
  for (const c of [
    'v-delete-database admin admin_shop',
    'plesk bin database --remove shop_live -domain shop.example.com',
    'uapi --user=shopacct Mysql delete_database name=shopacct_magento',
    'whmapi1 delete_mysql_database name=clinic_live',
  ])
    expectExec(c, 'ask', /deletes, resets or switches off/);
  for (const c of [
    'v-list-databases admin json',
    'plesk bin database --list',
    'plesk bin database --create shop2',
    'uapi --user=shopacct Mysql list_databases',
    './delete-old-logs.sh',
  ])
    expectPasses(c);
});

test('z/OS data sets deleted by TSO or IDCAMS text', () => {
  expectExec('tsocmd "DELETE \'PROD.CLAIMS.MASTER\' PURGE"', 'ask');
  expectExec('zowe tso issue command "DELETE \'PROD.CLAIMS.*\' MASK"', 'deny');
  expectPasses('tsocmd "LISTCAT LEVEL(\'PROD.CLAIMS\')"');
  expectPasses("git commit -m 'Delete old feature flags'");
});

test('an MCP tool of any database running a ClickHouse mutation on every row', () => {
  const d = decide('mcp', { tool: 'clickhouse_query', query: 'ALTER TABLE cdr.calls DELETE WHERE 1' });
  assert.equal(d.action, 'deny', d.message);
  const ok = decide('mcp', { tool: 'clickhouse_query', query: 'SELECT count() FROM cdr.calls' });
  assert.ok(ok.action === 'allow' || ok.action === 'watch', ok.message);
});
