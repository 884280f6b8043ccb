// Data lost wholesale whatever the vendor: a network device's saved configuration erased, a
// directory subtree deleted, every item a listing returns deleted in a loop, a SQL script staged
// to empty tables, a data pipeline reset, a clean list widened past build output, monitoring
// turned off for everything, a cleanup with no retention, SQL run by an MCP code cell. Each with
// the everyday look-alikes of the same tools, which pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, decide, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];
const w = (want: Case[0], path: string, content: string): Case => [want, 'write', { path, content }];
const e = (want: Case[0], path: string, old_string: string, new_string: string): Case => [
  want,
  'edit',
  { path, old_string, new_string },
];

test('a network device told to erase its saved configuration is denied over any transport; show commands pass', () => {
  check([
    x('D', "ssh arista-spine01 'enable\ndelete flash:startup-config\nreload now'"),
    x('D', "ssh admin@edge-rtr02 'erase startup-config'"),
    x('D', 'ssh root@mx-border1 \'cli -c "request system zeroize"\''),
    x('D', 'ansible -i hosts core -m cisco.ios.ios_command -a "commands=\'write erase\'"'),
    x(
      'D',
      "python3 -c \"import paramiko;c=paramiko.SSHClient();c.connect('fw01');c.exec_command('execute factoryreset')\"",
    ),
    x('D', "ssh admin@mikrotik-edge '/system reset-configuration no-defaults=yes'"),
    ['D', 'mcp', { tool: 'ssh_execute', host: 'dist-sw03', command: 'erase nvram:' }],
    x('A', "ssh admin@lab-leaf1 'write erase'"),
    x('B', "ssh admin@edge-rtr02 'show running-config | include ntp'"),
    x('B', "ssh admin@leaf1 'copy running-config startup-config'"),
    x('B', "grep -n 'write erase' docs/runbooks/switch-rma.md"),
    x('B', "git commit -m 'runbook: document write erase for RMA switches'"),
    w(
      'D',
      '/home/dev/project/playbooks/rma.yml',
      "- hosts: core\n  tasks:\n    - cisco.ios.ios_command:\n        commands: ['write erase']\n",
    ),
    w('B', '/home/dev/project/docs/rma.md', '# RMA\n1. run `write erase` and `reload` at the console\n'),
    w(
      'B',
      '/home/dev/project/playbooks/backup.yml',
      "- hosts: core\n  tasks:\n    - cisco.ios.ios_command:\n        commands: ['show running-config']\n",
    ),
  ]);
  const d = decide('exec', { command: "ssh core-sw01 'write erase'" });
  assert.equal(d.policy, 'device-config-erases');
});

test('a directory subtree or every entry a search returns deleted is denied; one entry and test servers pass', () => {
  check([
    x(
      'D',
      "ldapdelete -r -x -H ldaps://ipa01.corp.example.com -D 'cn=Directory Manager' -y /root/.dm_pw 'cn=users,cn=accounts,dc=corp,dc=example,dc=com'",
    ),
    x(
      'D',
      "ldapsearch -x -LLL -b 'ou=groups,dc=example,dc=org' dn | sed -n 's/^dn: //p' | ldapdelete -x -D cn=admin,dc=example,dc=org -y /root/.ldappw -c",
    ),
    x(
      'D',
      "ldapmodify -x -D 'cn=Directory Manager' -y /root/.dm <<'EOF'\ndn: ou=people,dc=example,dc=com\nchangetype: delete\nEOF",
    ),
    x('D', 'pwsh -c "Get-ADUser -Filter * -SearchBase \'OU=Staff,DC=corp,DC=local\' | Remove-ADUser -Confirm:$false"'),
    x(
      'D',
      'pwsh -c "Remove-ADOrganizationalUnit -Identity \'OU=Finance,DC=corp,DC=local\' -Recursive -Confirm:$false"',
    ),
    x(
      'B',
      "ldapdelete -x -H ldaps://ipa01.corp.example.com -D 'cn=Directory Manager' -y /root/.dm_pw 'uid=olduser,cn=users,cn=accounts,dc=corp,dc=example,dc=com'",
    ),
    x('B', "ldapdelete -r -x -H ldap://localhost:3389 -D cn=admin,dc=test -w test 'ou=people,dc=test'"),
    x('B', "ldapsearch -x -H ldap://ldap.example.org -b 'ou=People,dc=example,dc=org' '(uid=jdoe)'"),
  ]);
});

test('every item a listing returns deleted in SDK code or a shell loop is asked; reads, scoped keys and local APIs pass', () => {
  check([
    x(
      'A',
      "python3 -c \"import pynetbox,os;nb=pynetbox.api('https://netbox.corp.example.com',token=os.environ['NETBOX_TOKEN']);[d.delete() for d in nb.dcim.devices.all()]\"",
    ),
    x(
      'A',
      'node -e "const s=require(\'stripe\')(process.env.SK);(async()=>{for await (const c of s.customers.list()) await s.customers.del(c.id)})()"',
    ),
    x(
      'A',
      'ruby -e \'require "octokit"; c=Octokit::Client.new(access_token: ENV["T"]); c.org_repos("acme").each { |r| c.delete_repository(r.full_name) }\'',
    ),
    x(
      'A',
      "python3 -c \"import pynetbox;nb=pynetbox.api('https://nb',token='t');nb.ipam.ip_addresses.all().delete()\"",
    ),
    x(
      'A',
      'for id in $(curl -s -H "Authorization: Token $NB" https://netbox.corp/api/ipam/prefixes/?limit=0 | jq -r \'.results[].id\'); do curl -s -X DELETE -H "Authorization: Token $NB" https://netbox.corp/api/ipam/prefixes/$id/; done',
    ),
    x('B', "python3 -c \"import pynetbox;nb=pynetbox.api('https://nb',token='t');print(len(nb.dcim.devices.all()))\""),
    x('B', 'python3 -c "import glob,os;[os.remove(f) for f in glob.glob(\'build/*.tmp\')]"'),
    x('B', 'python3 -c "import redis;r=redis.Redis();[r.delete(k) for k in r.scan_iter(\'session:*\')]"'),
    x(
      'B',
      "for id in $(curl -s http://localhost:3000/api/todos | jq -r '.[].id'); do curl -s -X DELETE http://localhost:3000/api/todos/$id; done",
    ),
    x('B', 'for id in $(docker ps -aq --filter status=exited); do docker rm $id; done'),
    x('A', 'pwsh -c "Get-Mailbox -ResultSize Unlimited | Remove-Mailbox -Confirm:$false"'),
    x(
      'A',
      'pwsh -c "Get-DnsServerResourceRecord -ZoneName corp.local | ForEach-Object { Remove-DnsServerResourceRecord -ZoneName corp.local -InputObject $_ -Force }"',
    ),
    // one named account removed is asked as any tool's delete is (shell-cmdlet-verbs.ts), not denied
    x('A', 'pwsh -c "Get-ADUser -Identity jdoe | Remove-ADUser -Confirm:$false"'),
    x('B', 'pwsh -c "Get-Job | Remove-Job"'),
    x('A', 'pwsh -c "Get-Mailbox -ResultSize Unlimited | Where-Object {$_.Name -like \'test*\'} | Remove-Mailbox"'),
  ]);
});

test('a SQL or Mongo script written to empty whole tables is asked; migrations, schema files and scoped deletes pass', () => {
  check([
    w('A', '/tmp/cleanup.sql', 'BEGIN;\nDELETE FROM main_jobevent;\nDELETE FROM main_job;\nCOMMIT;\n'),
    w('A', '/tmp/purge.sql', 'TRUNCATE TABLE orders;\n'),
    w('A', '/tmp/wipe.js', "db.getSiblingDB('prod').dropDatabase();\n"),
    w('B', '/home/dev/project/db/migrations/V12__drop_legacy.sql', 'ALTER TABLE users DROP COLUMN legacy;\n'),
    w(
      'B',
      '/home/dev/project/scripts/prune_sessions.sql',
      "DELETE FROM sessions WHERE expires_at < now() - interval '30 days';\n",
    ),
    w('B', '/home/dev/project/bootstrap.sql', 'DROP TABLE IF EXISTS users;\nCREATE TABLE users (id int);\n'),
    w(
      'B',
      '/home/dev/sites/x/scripts/sanitize-db.sql',
      "UPDATE wp_users SET user_email = CONCAT('user', ID, '@example.test');\n",
    ),
  ]);
  assert.equal(
    decide('write', { path: '/tmp/cleanup.sql', content: 'DELETE FROM main_job;\n' }).policy,
    'sql-scripts-named-for-wipes',
  );
});

test('a data pipeline told to reset or re-sync a connection is asked; syncs and other resets pass', () => {
  check([
    [
      'A',
      'fetch',
      { url: 'http://localhost:8000/api/v1/connections/reset', method: 'POST', body: '{"connectionId":"9c2a"}' },
    ],
    x('A', 'curl -s -X POST https://api.fivetran.com/v1/connectors/plush_sawdust/resync -u "$K:$S" -d \'{}\''),
    x('B', 'curl -s -X POST https://api.fivetran.com/v1/connectors/plush_sawdust/sync -u "$K:$S"'),
    x('B', 'curl -s -X POST https://auth.corp.example.com/api/v1/users/42/password/reset'),
    x('B', 'curl -s -X POST http://localhost:8080/actuator/circuitbreakers/payments/reset'),
  ]);
});

test('a clean list widened to the parent, a home or the sources is stopped; output folders pass', () => {
  check([
    e(
      'A',
      '/home/dev/project/dbt_project.yml',
      'clean-targets:\n  - "target"',
      'clean-targets:\n  - "target"\n  - "models"\n  - "../"',
    ),
    w('D', '/home/dev/project/dbt_project.yml', 'name: a\nclean-targets:\n  - target\n  - ..\n'),
    e(
      'D',
      '/home/dev/project/build.gradle',
      "clean {\n    delete 'build'\n}",
      "clean {\n    delete 'build', rootProject.projectDir\n}",
    ),
    e('A', '/home/dev/project/dbt_project.yml', 'clean-targets: ["target"]', 'clean-targets: ["target", "seeds"]'),
    e(
      'B',
      '/home/dev/project/dbt_project.yml',
      'clean-targets:\n  - "target"',
      'clean-targets:\n  - "target"\n  - "dbt_packages"\n  - "logs"',
    ),
    w('B', '/home/dev/project/dbt_project.yml', 'name: a\nclean-targets:\n  - target\n  - dbt_packages\n'),
  ]);
});

test('monitoring told to stop alerting for everything is asked; one downtime and searches pass', () => {
  check([
    x(
      'A',
      "curl -s -X POST https://nagios01.corp.example.com/nagios/cgi-bin/cmd.cgi -u nagiosadmin:$NAGIOS_PW -d 'cmd_typ=11&cmd_mod=2'",
    ),
    x('A', "printf '[%s] DISABLE_NOTIFICATIONS\\n' $(date +%s) > /var/spool/nagios/cmd/nagios.cmd"),
    x(
      'A',
      'curl -s -u admin:$PW -X POST https://icinga.corp:5665/v1/objects/icingaapplications/app -d \'{"attrs":{"enable_notifications":false}}\'',
    ),
    x(
      'B',
      "curl -s -X POST https://nagios.corp/nagios/cgi-bin/cmd.cgi -u nagiosadmin:$PW -d 'cmd_typ=56&cmd_mod=2&host=web01'",
    ),
    x('B', 'grep -rn DISABLE_NOTIFICATIONS docs/'),
    x('B', "amtool silence add alertname=DiskFull instance=build-07 --duration=2h --comment='disk swap'"),
  ]);
});

test('cleanups that keep no history, migration cleans, swaps and code cells: stopped by what they do', () => {
  check([
    x('A', 'awx-manage cleanup_jobs --days=0 && awx-manage cleanup_activitystream --days=0'),
    x('A', 'sentry cleanup --days 0'),
    x('B', 'awx-manage cleanup_jobs --days=90'),
    x('A', "gitlab-rails runner 'AuditEvent.delete_all'"),
    x('B', "gitlab-rails runner 'puts User.count'"),
    x('D', 'sbt -Dflyway.url=jdbc:postgresql://prod-ledger.example.com:5432/settlement settlementEngine/flywayClean'),
    x('B', 'sbt flywayMigrate'),
    ['A', 'mcp', { tool: 'snowflake_write_query', query: 'ALTER DATABASE ANALYTICS SWAP WITH ANALYTICS_DEV' }],
    x('B', "snowsql -q 'SHOW TABLES IN SCHEMA analytics.marts'"),
    [
      'D',
      'mcp',
      {
        tool: 'jupyter_insert_execute_code_cell',
        cell_index: 9,
        cell_source:
          "with engine.begin() as conn:\n    conn.exec_driver_sql('DROP TABLE IF EXISTS analytics.fct_orders CASCADE')",
      },
    ],
    [
      'B',
      'mcp',
      {
        tool: 'jupyter_insert_execute_code_cell',
        cell_index: 2,
        cell_source: "df = df.drop(columns=['tmp'])\ndf.head()",
      },
    ],
    x('D', 'rm -rf ~/Library/MobileDevice/Provisioning\\ Profiles/*'),
    x('B', 'rm -rf ~/Library/Developer/Xcode/DerivedData/*'),
    x('B', 'molecule destroy --all'),
    x('B', 'kitchen destroy all'),
  ]);
});
