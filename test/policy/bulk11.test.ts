// Data loss decided by scope and target, whatever the program (bulk11): a verb that is routine
// for one item applied to everything a listing returns, statements one client prints and another
// runs, whole working trees overwritten from a named source, files emptied one by one from a
// listing in PowerShell and interpreters, data-loss guards switched off, imports that empty their
// target, scripts of bulk changes run on another machine's server. Each case asserts the shipped
// standard profile's decision (D deny, A stopped = deny or ask, B passes).
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('a verb routine for one item is a mass loss over a listing, for any tool', () => {
  check([
    x('D', "stripe subscriptions list --limit 100 | jq -r '.data[].id' | xargs -n1 stripe subscriptions cancel"),
    x('D', 'for u in $(oktactl users list --status ACTIVE -q); do oktactl users deactivate $u; done'),
    x('D', "gh issue list --state open --json number -q '.[].number' | xargs -n1 gh issue close"),
    x('D', "chargebee subscriptions list | jq -r '.[].id' | while read s; do chargebee subscriptions:cancel $s; done"),
    x('D', 'squeue -h -o %i | xargs scancel'),
    x('D', 'qstat -u "*" | awk \'NR>2{print $1}\' | xargs qdel'),
    // one named item, --all on a plugin manager, a restart or a kill of containers: routine
    x('B', 'stripe subscriptions cancel sub_1PqA8x'),
    x('B', 'gh issue close 412'),
    x('B', 'scancel 88123'),
    x('B', 'wp plugin deactivate --all --skip-plugins'),
    x('B', 'docker ps -q | xargs docker kill'),
    x('B', "gh run list --status failure --json databaseId -q '.[].databaseId' | xargs -n1 gh run rerun --failed"),
    x('B', "stripe customers list --limit 100 | jq -r '.data[].id' | xargs -n1 stripe customers retrieve"),
  ]);
});

test('statements one database client prints and another runs are read as what they become', () => {
  check([
    x(
      'D',
      `psql -h db.internal -d app -Atc "select 'drop table '||tablename||' cascade;' from pg_tables where schemaname='public'" | psql -h db.internal -d app`,
    ),
    x(
      'D',
      "mysql -N -e \"SELECT CONCAT('DROP TABLE `',table_name,'`;') FROM information_schema.tables WHERE table_schema='shop'\" | mysql shop",
    ),
    x('D', `psql -Atc "select format('TRUNCATE %I.%I;', schemaname, tablename) from pg_tables" | psql`),
    // bundled flags before the statement option take the statement
    x('D', "psql -h db1 -d shop -Atc 'DELETE FROM users'"),
    x('B', `psql -h db1 -d app -Atc "select 'analyze '||tablename||';' from pg_tables" | psql -h db1 -d app`),
    x('B', `psql -d app_dev -Atc "select 'drop table '||tablename||' cascade;' from pg_tables" | psql -d app_dev`),
    x('B', "psql -h db1 -d shop -Atc 'SELECT count(*) FROM users'"),
  ]);
});

test('SQL conditions and unseen scripts whose reach is every row', () => {
  check([
    x('D', 'psql -h pgreport01 -d reporting -c "DELETE FROM audit.access_log WHERE ts < now()"'),
    x('B', "psql -d app -c 'DELETE FROM sessions WHERE expires_at < now()'"),
    x('B', `psql -h db1 -d app -c "DELETE FROM events WHERE ts < now() - interval '90 days'"`),
    x('A', 'sqlcmd -S sql-dms01.firm.local -E -i C:\\Users\\dev\\project\\sql\\cleanup.sql'),
    x('A', 'psql -h awx-db.corp.example.com -U awx awx -f /tmp/fix_dupes.sql'),
    x('B', 'psql -h cdr-db.billing.lan -U readonly -d cdr -f sql/reports/daily_asr_acd.sql'),
    x('B', 'psql -h localhost -d app -f sql/cleanup.sql'),
    x('B', 'psql -h db-staging -d app_dev -f fix_orders.sql'),
  ]);
});

test('data-loss guards switched off and imports that empty their target are asked', () => {
  check([
    x('A', 'mvn flyway:clean -Dflyway.cleanDisabled=false -Pprod'),
    x(
      'A',
      'SqlPackage /Action:Publish /SourceFile:bin\\Release\\Portal.dacpac /TargetServerName:bo-sql01 /TargetDatabaseName:Portal /p:DropObjectsNotInSource=True /p:BlockOnPossibleDataLoss=False',
    ),
    x('A', 'java -jar app.jar --spring.jpa.hibernate.ddl-auto=create-drop'),
    x(
      'B',
      './mvnw flyway:clean -Dflyway.url=jdbc:postgresql://localhost:5432/billing_test -Dflyway.cleanDisabled=false',
    ),
    x('B', 'java -jar app.jar --spring.jpa.hibernate.ddl-auto=validate'),
    x('A', 'bq load --replace analytics.customers gs://tmp-bucket/empty.csv'),
    x('A', 'mongoimport --host mongo-prod --db shop --collection products --drop --file sample.json'),
    x('A', 'npx sanity dataset import /tmp/seed.ndjson production --replace'),
    x('B', 'bq load --replace scratch.tmp_import ./sample.csv'),
    x('B', 'mongoimport --db test --collection fixtures --drop --file fixtures.json'),
    x('B', 'bq load --autodetect analytics.events gs://b/events.json'),
  ]);
});

test('the whole working tree overwritten from a source the command names', () => {
  check([
    x('A', 'git restore --source=HEAD~20 --staged --worktree .'),
    x('A', 'git restore --source=HEAD --staged --worktree -- .'),
    x('A', 'git checkout HEAD~3 -- .'),
    x('A', 'git read-tree -u --reset HEAD'),
    x('A', 'hg revert --all --no-backup'),
    x('B', 'git restore --staged --worktree .'),
    x('B', 'git checkout -- .'),
    x('B', 'git checkout main -- package-lock.json'),
    x('B', 'git restore --source=main --staged .'),
    x('B', 'git restore -s HEAD~2 src/app.ts'),
    x('B', 'hg revert --all'),
    x('B', 'git switch --discard-changes feature/search'),
  ]);
});

test('files emptied one by one from a listing, in PowerShell, loops and interpreters', () => {
  check([
    x('A', 'powershell -c "gci D:\\Archive -Recurse -File | % { [IO.File]::WriteAllBytes($_.FullName, [byte[]]@()) }"'),
    x(
      'A',
      'pwsh -c "Get-ChildItem \\\\fs01\\Finance -Recurse -Include *.xlsx | ForEach-Object { Set-Content $_.FullName -Value $null }"',
    ),
    x('A', 'find ~ -maxdepth 2 -name "*.sqlite" -o -name "*.db" | while read f; do : > "$f"; done'),
    x(
      'A',
      `python3 -c "import glob; [open(f,'wb').write(b'') for f in glob.glob('/data/warehouse/**/*.csv', recursive=True)]"`,
    ),
    x('A', `ruby -e 'Dir["/srv/ledger/**/*.db"].each { |f| File.write(f, "") }'`),
    x('A', 'rm -f /srv/app/uploads/**/*.jpg'),
    x('B', 'pwsh -c "Get-ChildItem .\\logs\\*.log | ForEach-Object { Clear-Content $_ }"'),
    x('B', `python3 -c "import glob; [open(f,'w').write('') for f in glob.glob('logs/*.log')]"`),
    x('B', 'for f in logs/*.log; do : > "$f"; done'),
    x('B', 'rm -f ./build/**/*.o'),
  ]);
});
