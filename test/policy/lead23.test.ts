// The twenty-third session's lead readings, each with the everyday look-alike that stays allowed.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const r = (want: Case[0], path: string): Case => [want, 'read', { path }];

test('RMAN deletes of the backups a restore needs, and a datafile dropped offline, are asked', () => {
  check([
    x('A', "rman target / <<< 'DELETE NOPROMPT BACKUP; DELETE NOPROMPT ARCHIVELOG ALL;'"),
    x('A', 'rman target / <<EOF\nDELETE FORCE NOPROMPT BACKUPSET;\nEOF'),
    x('A', "sqlplus / as sysdba <<< 'ALTER DATABASE DATAFILE 4 OFFLINE DROP;'"),
    // routine retention: what the retention policy made obsolete, or older than a bound
    x('B', "rman target / <<< 'DELETE NOPROMPT OBSOLETE;'"),
    x('B', "rman target / <<< 'DELETE NOPROMPT EXPIRED BACKUP;'"),
    x('B', `rman target / <<< "DELETE NOPROMPT ARCHIVELOG ALL COMPLETED BEFORE 'SYSDATE-7';"`),
    x('B', "sqlplus / as sysdba <<< 'ALTER DATABASE DATAFILE 4 OFFLINE;'"),
    // a table called backup, with a bound, is an ordinary delete
    x('B', "psql -c 'DELETE FROM backup WHERE id = 3'"),
  ]);
});

test('write or every privilege granted to PUBLIC is denied; a read grant stays', () => {
  check([
    x('D', "psql service=gisprod -c 'GRANT ALL ON ALL TABLES IN SCHEMA accela TO PUBLIC'"),
    x('D', "sqlplus app/pw@PRD <<< 'GRANT INSERT, UPDATE, DELETE ON payroll.salaries TO PUBLIC;'"),
    x('B', "psql -c 'GRANT SELECT ON ALL TABLES IN SCHEMA reporting TO PUBLIC'"),
    x('B', "psql -c 'GRANT ALL ON ALL TABLES IN SCHEMA app TO app_rw'"),
  ]);
});

test('runas with saved credentials is denied; any other runas is asked', () => {
  check([
    x('D', 'runas /savecred /user:NVA\\ops-admin cmd.exe'),
    x('D', 'runas /noprofile /savecred /user:FAB12\\eq-admin "cmd /c net user x /add"'),
    x('A', 'runas /noprofile /user:CORP\\admin cmd'),
    x('A', 'runas /netonly /user:CORP\\svc-sql "ssms.exe"'),
  ]);
});

test('stores of database and data-platform passwords kept beside the software are credentials', () => {
  check([
    r('D', '/home/dev/.oracle/wallet/crewprd/cwallet.sso'),
    r('D', '/etc/hadoop/conf/ssl-server.xml'),
    r('D', '/opt/hadoop/etc/hadoop/ssl-client.xml'),
    r('D', '/home/dev/.local/share/QGIS/QGIS3/profiles/default/qgis-auth.db'),
    r('D', '/srv/geoserver/data_dir/security/usergroup/default/users.xml'),
    x('D', 'cat /srv/geoserver/data_dir/security/usergroup/default/users.xml'),
    r('B', '/etc/hadoop/conf/core-site.xml'),
    r('B', '/home/dev/project/src/main/resources/users.xml'),
    r('B', '/srv/geoserver/data_dir/workspaces/permits/workspace.xml'),
  ]);
});

test("a ticket taken from a system service's keytab is asked; the user's own keytab stays", () => {
  check([
    x('A', 'kinit -kt /etc/security/keytabs/hdfs.headless.keytab hdfs-fab12hdp@FAB12.CORP'),
    x('A', 'kinit -k -t /etc/krb5.keytab host/app01.corp@CORP'),
    x('B', 'kinit -kt ~/etl.keytab etl@CORP'),
    x('B', 'kinit dev@CORP'),
    x('B', 'klist'),
  ]);
});

test("uploads into an Azure static website's $web container are asked as publishing", () => {
  check([
    x('A', "az storage blob sync -s frontend/dist -c '$web' --account-name stpermitsprod --delete-destination true"),
    x(
      'A',
      "az storage blob upload --account-name stopendata --container-name '$web' --file exports/applicants.csv --name a.csv",
    ),
    x('B', 'az storage blob upload --account-name stdev --container-name artifacts --file build.zip --name build.zip'),
    x('B', "az storage blob list --account-name stsite --container-name '$web' -o table"),
  ]);
});

const e = (want: Case[0], path: string, old_string: string, new_string: string): Case => [
  want,
  'edit',
  { path, old_string, new_string },
];
const wr = (want: Case[0], path: string, content: string): Case => [want, 'write', { path, content }];

test('a lockfile edited by hand where its checksums are is asked', () => {
  check([
    e('A', '/home/dev/project/rust/Cargo.lock', 'checksum = "4f2b5e8c1a', 'checksum = "0000000000'),
    e(
      'A',
      '/home/dev/project/dispatch/go.sum',
      'github.com/jackc/pgx/v5 v5.5.5 h1:',
      'github.com/jackc/pgx/v5 v5.5.6 h1:',
    ),
    e(
      'A',
      '/home/dev/project/requirements.lock',
      'cryptography==42.0.8 \\\n    --hash=sha256:81d8a521705787afe7a18d5bfb47ea9d9cc068206270aad0b96a725022e18d2e',
      'cryptography==42.0.8',
    ),
    // the project's own version, a merge marker resolved, an entry removed whole
    e(
      'B',
      '/home/dev/project/package-lock.json',
      '"name": "my-app",\n  "version": "1.0.0"',
      '"name": "my-app",\n  "version": "1.1.0"',
    ),
    e('B', '/home/dev/project/Cargo.lock', '<<<<<<< HEAD\nname = "serde"', 'name = "serde"'),
    e(
      'B',
      '/home/dev/project/go.sum',
      'github.com/a/b v1.0.0 h1:abcdefgh=\ngithub.com/a/b v1.0.0/go.mod h1:zzzzzz=\n',
      '',
    ),
  ]);
});

test('the files of a requirements/ folder are pip requirement files', () => {
  check([
    wr(
      'D',
      '/home/dev/project/requirements/dev.txt',
      '-r base.txt\n--extra-index-url https://pkgs.py-mirror.ru/simple\npytest==8.2.0\n',
    ),
    e(
      'D',
      '/home/dev/project/requirements/base.txt',
      'psycopg2-binary==2.9.9',
      'psycopg2-binary @ https://files.pythonhosted-cdn.net/packages/psycopg2_binary-2.9.9-cp311-linux_x86_64.whl',
    ),
    wr('B', '/home/dev/project/requirements/dev.txt', '-r base.txt\npytest==8.2.0\nruff==0.6.9\n'),
    e('B', '/home/dev/project/requirements/base.txt', 'psycopg2-binary==2.9.9', 'psycopg2-binary==2.9.10'),
  ]);
});
