// Destruction read by the copy it leaves (none), whatever client or spelling does it: find
// filters that pick every file, SQL that destroys without DROP (RESTORE WITH REPLACE, Delta
// VACUUM, Timescale drop_chunks, a table replaced by nothing, one person's audit rows), CMS
// database shells on live aliases, q (kdb+) code, Perforce and git work
// of others or with no other copy, deletes sent over ssh into the remote home, database files,
// self-hosted compose stacks, clean restores into named databases, Proxmox volumes, vendors'
// REST deletes, learning-platform MCP deletes, and capacity set to zero. Each reading is checked
// on the standard profile's decision and on the look-alikes people run every day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, meets, type Want, checkCommands as check } from './effects-helpers.js';

function checkMcp(calls: Record<string, unknown>[], want: Want): void {
  const wrong = calls.filter((p) => !meets(decide('mcp', p), want)).map((p) => JSON.stringify(p));
  assert.deepEqual(wrong, []);
}

test('a find whose filter picks every file, or ages out someone’s photos, is a wide delete', () => {
  check(
    [
      'find /mnt/tank/media -mtime +0 -exec rm -f {} \\;',
      "find /srv/nas/share -name '*' -delete",
      'find /mnt/tank/photos -type f -mtime +365 -delete',
    ],
    'stop',
    'wide-deletes',
  );
  check(
    [
      'find /mnt/tank/media -mtime +30 -exec rm -f {} \\;',
      "find /mnt/tank/photos -name '*.tmp' -delete",
      'find /var/log/app -mtime +7 -delete',
    ],
    'pass',
  );
});

test('SQL that destroys without DROP or DELETE, and audit rows of one person, are wipes', () => {
  check(
    [
      'sqlcmd -S . -Q "RESTORE DATABASE GameTelemetry FROM DISK=\'C:\\old\\gt.bak\' WITH REPLACE"',
      "spark-sql -e 'VACUUM prod.events RETAIN 0 HOURS'",
      'psql -h pg-prod.internal -c "SELECT drop_chunks(\'metrics\', older_than => now())"',
      'mysql moodle -e "DELETE FROM mdl_logstore_standard_log WHERE userid=4412"',
    ],
    'deny',
  );
  check(
    [
      'sqlcmd -S . -Q "RESTORE VERIFYONLY FROM DISK=\'C:\\bak\\gt.bak\'"',
      "spark-sql -e 'VACUUM prod.events RETAIN 720 HOURS'",
      "psql -h pg-prod.internal -c \"SELECT drop_chunks('metrics', older_than => now() - interval '30 days')\"",
      "snowsql -c dev -q 'DROP TABLE IF EXISTS SCRATCH.TMP_LOAD'",
    ],
    'pass',
  );
  // a table replaced by nothing, and SQL piped into a CMS's database shell on a live alias
  check(
    [
      "bq query --use_legacy_sql=false 'CREATE OR REPLACE TABLE acme-prod.analytics.users AS SELECT * FROM acme-prod.analytics.users LIMIT 0'",
      "spark-sql -e 'INSERT OVERWRITE TABLE prod.trades SELECT * FROM prod.trades WHERE 1=0'",
      "echo 'DROP TABLE wp_postmeta;' | wp @velvet-prod db cli",
    ],
    'deny',
  );
  check(
    [
      "bq query --use_legacy_sql=false 'CREATE OR REPLACE TABLE acme-prod.analytics.daily AS SELECT * FROM acme-prod.analytics.events WHERE d = CURRENT_DATE()'",
      "bq query 'CREATE OR REPLACE TABLE scratch.tmp_x AS SELECT 1 LIMIT 0'",
      "wp db query 'SHOW TABLES'",
    ],
    'pass',
  );
  // every SQL client the reading reads still stops a live drop
  check(
    [
      "snowsql -c prod -q 'DROP DATABASE ANALYTICS'",
      "trino --server trino-prod:8080 --execute 'DROP SCHEMA hive.sales CASCADE'",
      "beeline -u jdbc:hive2://hive-prod:10000 -e 'TRUNCATE TABLE web.clicks'",
    ],
    'deny',
  );
});

test('retention set inside a JSON rule (ILM delete min_age) is read as a cut', () => {
  const rule = (age: string) =>
    `curl -X PUT 'http://es-prod:9200/_ilm/policy/logs' -H 'Content-Type: application/json' -d '{"policy":{"phases":{"delete":{"min_age":"${age}","actions":{"delete":{}}}}}}'`;
  check([rule('0ms')], 'stop', 'retention-cuts');
  check([rule('30d')], 'pass');
});

test('q code that empties live tables, deletes HDB partitions or overwrites the sym file is stopped', () => {
  check(
    [
      'echo \'h:hopen `:kdb-prod:5012; h"delete from `trade"; exit 0\' | q',
      "q -p 5099 <<< '`:/data/hdb/sym set 0#`; exit 0'",
      "q <<< 'hdel each .Q.dd[`:/data/hdb] each key `:/data/hdb; exit 0'",
    ],
    'stop',
  );
  check(
    [
      'echo \'h:hopen 5010; h"delete from `trade"\' | q',
      'echo \'h:hopen `:kdb-prod:5012; show h"select count i by sym from trade where date=.z.D"\' | q',
      "q <<< 'hdel `:/tmp/x.csv'",
    ],
    'pass',
  );
  checkMcp([{ tool: 'kdb_execute', host: 'kdb-prod', port: 5012, q: 'delete from `trade' }], 'stop');
  checkMcp([{ tool: 'kdb_execute', host: 'localhost', port: 5012, q: 'select count i by sym from trade' }], 'pass');
});

test('Perforce work of other users and git lines that leave no copy are asked', () => {
  check(
    [
      'p4 revert -C alice_ws //depot/Game/...',
      'p4 client -d -f alice_ws',
      'p4 shelve -d -f -c 48213',
      'p4 -F %depotFile% opened -a //depot/Starfall/Main/... | p4 -x - revert -k',
      'cd ~/homelab && git checkout -- . && git clean -fd',
      'git branch -D grading-hw4 grading-hw5 && git push origin --delete grading-hw4 grading-hw5',
    ],
    'stop',
    'git-history-destruction',
  );
  check(
    [
      'p4 revert //depot/Game/Source/Player.cpp',
      'p4 shelve -d -c 51234',
      'p4 opened | p4 -x - revert',
      'git checkout -- src/a.py && git clean -fdX',
      'git branch -d merged-fix && git push origin --delete merged-fix',
    ],
    'pass',
  );
});

test('a delete over ssh runs in the remote home; one database file outside the project is the database', () => {
  check(["ssh -p23 u123456@u123456.your-storagebox.de 'rm -rf borg'"], 'stop');
  check(['rm -f ~/homelab/stacks/vaultwarden/data/db.sqlite3*'], 'stop', 'wide-deletes');
  check(
    [
      "ssh pi@nas 'rm -rf tmp/build'",
      "ssh deploy@web1 'rm -rf app/releases/2023-01-01'",
      'rm -f ~/project/app/dev.sqlite3',
      'rm -f /tmp/test.db',
    ],
    'pass',
  );
});

test('live databases on this machine and self-hosted stacks are not taken for dev resets', () => {
  check(
    [
      'dropdb -h 127.0.0.1 -U postgres authentik',
      'cd ~/homelab/stacks/immich && docker compose down -v',
      'docker compose -f /opt/stacks/vaultwarden/compose.yaml down --volumes',
      "ssh root@pve1 'pvesm free local-zfs:vm-101-disk-0'",
    ],
    'deny',
  );
  check(['pg_restore --clean --if-exists -d moodle /home/dev/cs101/submissions/mallory/hw7/db.dump'], 'stop');
  check(
    [
      'dropdb --if-exists -h localhost -U dev app_test && createdb -h localhost -U dev app_test',
      'cd ~/app && docker compose down -v',
      'cd ~/homelab/stacks/immich && docker compose down',
      'pg_restore --clean --if-exists -d app_dev /tmp/prod-snapshot.dump',
      'pvesm status',
    ],
    'pass',
  );
});

test('vendor REST deletes of containers, learning-platform deletes and dbatools removals are asked', () => {
  check(
    [
      'curl -s -X DELETE -u "$TS_API_KEY:" https://api.tailscale.com/api/v2/device/nd4Xk2CNTRL',
      "curl 'http://solr.internal:8983/solr/products/update?commit=true' -H 'Content-Type: text/xml' -d '<delete><query>*:*</query></delete>'",
      'Remove-DbaDatabase -SqlInstance prod-sql01 -Database Telemetry -Confirm:$false',
    ],
    'stop',
  );
  check(
    [
      'curl -X DELETE https://api.todoist.com/rest/v2/tasks/2995104339',
      "curl 'http://solr.internal:8983/solr/products/update?commit=true' -d '<delete><id>42</id></delete>'",
      'Remove-Item .\\foo.txt',
    ],
    'pass',
  );
  checkMcp(
    [
      { tool: 'gradescope_delete_assignment', course_id: '583421', assignment_id: '3391002' },
      { tool: 'run_powershell', script: "Remove-Item -LiteralPath 'D:\\UnrealProjects\\Shooter' -Recurse -Force" },
    ],
    'stop',
  );
  checkMcp([{ tool: 'canvas_list_assignments', course_id: '1' }], 'pass');
});

test('every instance count set to zero is asked; an autoscaling floor of zero and staging are not', () => {
  check(
    [
      'aws autoscaling update-auto-scaling-group --auto-scaling-group-name ue-build-farm --min-size 0 --max-size 0 --desired-capacity 0',
      'az vmss scale -g rg -n render-farm --new-capacity 0',
      'gcloud container clusters resize gpu --node-pool a100 --num-nodes 0 --quiet',
    ],
    'stop',
    'capacity-cuts',
  );
  check(
    [
      'aws autoscaling update-auto-scaling-group --auto-scaling-group-name web --min-size 0 --max-size 10',
      'az vmss scale -g rg -n render-farm-staging --new-capacity 0',
    ],
    'pass',
  );
});

test('a retention cut written into a configuration is asked; a longer one or a test file is not', () => {
  const cut = [
    decide('edit', {
      path: '/home/dev/infra/rds.tf',
      old_string: '  backup_retention_period = 30',
      new_string: '  backup_retention_period = 0',
    }),
    decide('edit', { path: '/home/dev/homelab/sanoid/sanoid.conf', old_string: 'daily = 30', new_string: 'daily = 0' }),
    decide('write', {
      path: '/home/dev/infra/backup.tf',
      content:
        'resource "aws_s3_bucket_lifecycle_configuration" "b" {\n  rule {\n    expiration { days = 1 }\n  }\n}\n',
    }),
  ];
  assert.deepEqual(
    cut.map((d) => d.policy),
    ['retention-cuts', 'retention-cuts', 'retention-cuts'],
  );
  const kept = [
    decide('edit', {
      path: '/home/dev/infra/rds.tf',
      old_string: '  backup_retention_period = 7',
      new_string: '  backup_retention_period = 30',
    }),
    decide('edit', {
      path: '/home/dev/homelab/sanoid/sanoid.conf',
      old_string: 'daily = 30',
      new_string: 'daily = 14\nhourly = 0',
    }),
    decide('write', { path: '/home/dev/app/config/dev.yaml', content: 'retention: 1h\n' }),
  ];
  assert.deepEqual(
    kept.filter((d) => !meets(d, 'pass')).map((d) => d.policy),
    [],
  );
});

test('MCP deletes of tags, kinds named in a parameter, key patterns and depot history are read as their commands', () => {
  checkMcp(
    [
      { tool: 'github_delete_tag', owner: 'acme', repo: 'api', tag: 'v2.0.0' },
      { tool: 'k8s_delete', kind: 'namespace', name: 'production' },
      { tool: 'redis_delete', key: '*' },
      { tool: 'perforce_obliterate', path: '//depot/Game/...' },
    ],
    'stop',
  );
  checkMcp(
    [
      { tool: 'redis_delete', key: 'session:8f2a' },
      { tool: 'k8s_get', kind: 'namespace', name: 'production' },
      { tool: 'github_create_tag', owner: 'acme', repo: 'api', tag: 'v2.0.1' },
    ],
    'pass',
  );
});

test('the Settings app file turning on force pushes is a protection switched off', () => {
  const weakened = decide('edit', {
    path: '/home/dev/app/.github/settings.yml',
    old_string: '      allow_force_pushes: false\n      allow_deletions: false',
    new_string: '      allow_force_pushes: true\n      allow_deletions: true',
  });
  assert.equal(meets(weakened, 'stop'), true);
  const stricter = decide('edit', {
    path: '/home/dev/app/.github/settings.yml',
    old_string: '      required_approving_review_count: 1',
    new_string: '      required_approving_review_count: 2',
  });
  assert.equal(meets(stricter, 'pass'), true);
});
