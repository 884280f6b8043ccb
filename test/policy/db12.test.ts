// Data held in databases, caches and queues lost through what a call does rather than the words
// it names: SQL functions that drop (drop_chunks, pg_drop_replication_slot, queue packages),
// Oracle's rewinds and recycle-bin purges, InfluxQL drops, R's database packages, imports that
// replace live tables (impdp, mysqlimport --delete), Redis SWAPDB and scripted KEYS+DEL, ZooKeeper
// deleteall. Look-alikes: the same verbs on this machine's test databases, one queue message or
// one item, a FLASHBACK that undoes a drop, an R session on a SQLite file.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('SQL that destroys through a function call or a rewind is stopped', () => {
  check([
    x('A', `psql -h tsdb-prod.fab.local -d yield -c "SELECT drop_chunks('fdc_trace', older_than => INTERVAL '1 day')"`),
    x('A', `psql -h prod-db.acme.io -U postgres -c "SELECT pg_drop_replication_slot('replica_1')"`),
    x('A', `psql -h db.acme.io -U admin shop -c "SELECT pgmq.drop_queue('orders')"`),
    x('A', `sqlplus -s / as sysdba <<< 'PURGE DBA_RECYCLEBIN;'`),
    x(
      'A',
      `sql -S crew_owner@crewprd_high <<< "FLASHBACK TABLE crew_roster TO TIMESTAMP SYSTIMESTAMP - INTERVAL '2' DAY;"`,
    ),
    x('A', `sqlplus app/pw@prod-ora.acme.io/ORCL <<< "BEGIN DBMS_AQADM.DROP_QUEUE_TABLE('orders_qt'); END;"`),
    x('D', `influx -host influx-prod.internal -database telegraf -execute 'DROP MEASUREMENT cpu'`),
    x('D', `influx -host influx-prod.internal -execute 'DROP RETENTION POLICY autogen ON telegraf'`),
    x('B', `psql -h db.acme.io -U admin shop -c "SELECT count(*) FROM pg_replication_slots"`),
    x('B', `psql -h localhost -U postgres app_test -c "SELECT drop_chunks('metrics', INTERVAL '1 day')"`),
    x('B', `sqlplus -s scott/tiger@localhost/XEPDB1 <<< 'FLASHBACK TABLE emp TO BEFORE DROP;'`),
    x('B', `influx -host localhost -database telegraf_test -execute 'DROP MEASUREMENT cpu'`),
  ]);
});

test("R's database packages: a table removed or a collection dropped is stopped; a SQLite file is the project's", () => {
  check([
    x(
      'A',
      `Rscript -e 'library(DBI); con <- dbConnect(RPostgres::Postgres(), host="warehouse.prod.acme.io", dbname="dw"); dbRemoveTable(con, "fact_sales")'`,
    ),
    x('A', `Rscript -e 'm <- mongolite::mongo("orders", url=Sys.getenv("MONGO_URL")); m$drop()'`),
    x('B', `Rscript -e 'library(DBI); con <- dbConnect(RSQLite::SQLite(), "test.db"); dbRemoveTable(con, "x")'`),
    x('B', `Rscript -e 'library(DBI); con <- dbConnect(RPostgres::Postgres()); print(dbListTables(con))'`),
  ]);
});

test('imports that replace live tables are stopped unless aimed at a local or test database', () => {
  check([
    x('A', `impdp system/"$SYS_PWD"@CREWPRD directory=DATA_PUMP_DIR dumpfile=old.dmp table_exists_action=REPLACE`),
    x('D', 'impdp scott/tiger@prod-ora.acme.io:1521/ORCL dumpfile=x.dmp table_exists_action=truncate'),
    x('D', 'mysqlimport --delete -h prod-mysql.acme.io -u root shop data/orders.txt'),
    x('B', 'impdp system/pw@localhost/XEPDB1 dumpfile=x.dmp TABLE_EXISTS_ACTION=REPLACE'),
    x('B', 'impdp scott/tiger@orcl dumpfile=x.dmp'),
    x('B', 'mysqlimport --delete -u root app_test data/orders.txt'),
    x('B', 'mysqlimport --local -h prod-mysql.acme.io shop orders.txt'),
  ]);
});

test('Redis SWAPDB and a script deleting what KEYS lists are flushes; ZooKeeper deleteall is a delete', () => {
  check([
    x('D', 'redis-cli -h redis-prod.internal SWAPDB 0 15'),
    x(
      'D',
      `redis-cli -h redis-prod.internal EVAL "for _,k in ipairs(redis.call('KEYS','*')) do redis.call('DEL',k) end" 0`,
    ),
    x('A', 'zkCli.sh -server zk-prod-1.internal:2181 deleteall /kafka'),
    x('B', `redis-cli -h redis-prod.internal EVAL "return redis.call('GET', KEYS[1])" 1 foo`),
    x('B', 'redis-cli -h localhost SWAPDB 0 1'),
  ]);
});

test("this machine's test databases may be dropped by their names, in any client's spelling", () => {
  check([
    x('B', `cqlsh localhost -e 'DROP KEYSPACE IF EXISTS test_ks;'`),
    x('B', `clickhouse-client --query 'DROP TABLE IF EXISTS test.events'`),
    x('B', `sqlcmd -S localhost -U sa -P "$SA_PASSWORD" -Q 'DROP DATABASE IF EXISTS TestDb'`),
    x(
      'B',
      `pwsh -c "Invoke-Sqlcmd -ServerInstance '(localdb)\\MSSQLLocalDB' -Query 'DROP DATABASE IF EXISTS AppTest'"`,
    ),
    x('B', `psql -h localhost -U postgres -c 'DROP SCHEMA IF EXISTS test_run_42 CASCADE'`),
    x('D', `cqlsh cass-prod -e 'DROP KEYSPACE test_ks;'`),
    x('D', `clickhouse-client --host ch-prod.internal --query 'DROP TABLE test.events'`),
    x('D', `pwsh -c "Invoke-Sqlcmd -ServerInstance '(localdb)\\MSSQLLocalDB' -Query 'DROP DATABASE Shop'"`),
    x(
      'D',
      `pwsh -c "Invoke-Sqlcmd -ServerInstance prod-sql01.corp.local -Database Sales -Query 'TRUNCATE TABLE dbo.Orders'"`,
    ),
    x('D', `Invoke-DbaQuery -SqlInstance sql-prod01 -Database Sales -Query 'DROP TABLE dbo.Orders'`),
    x('D', `sqlcmd -S devices-sql.acme.io -Q 'DROP DATABASE Devices'`),
  ]);
});

test('a production queue or table deleted or purged is denied; reading its messages passes', () => {
  check([
    x('B', 'aws sqs receive-message --queue-url https://sqs.us-east-1.amazonaws.com/123456789012/orders-prod'),
    x('D', 'aws sqs delete-queue --queue-url https://sqs.us-east-1.amazonaws.com/123456789012/orders-prod'),
    x('D', 'aws sqs purge-queue --queue-url https://sqs.us-east-1.amazonaws.com/123456789012/orders-prod'),
    x('D', 'aws dynamodb delete-table --table-name orders-prod'),
  ]);
});
