// A hardened host's review under root (src/policy/root-review.ts): an administrator of a locked-down
// fleet reading the audit trail, SELinux state, file integrity, the firewall, a cluster's queues
// and a baseline scan passes, while every option of the same tools that loads policy, rewrites a
// database, clears counters or reaches another host keeps the sudo ask or its own rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rootReview } from '../../src/policy/root-review.js';
import { rootInventory } from '../../src/policy/root-inventory.js';
import { check, checkCommands, type Case } from './effects-helpers.js';

const w = (s: string) => s.split(' ');
const x = (command: string): Record<string, unknown> => ({ command });

test('root-review: the review forms of audit, SELinux, integrity, firewall, cluster and scan tools only', () => {
  for (const s of [
    'ausearch -m AVC -c casemgmtd --raw',
    'ausearch -k identity -ts today -i',
    'aureport -x --summary -i',
    'aureport -au -if /var/log/audit/audit.log.1',
    'audit2allow -a -w',
    'audit2allow -a -M casemgmt_local -o /tmp/casemgmt_local.te',
    'audit2why -i /var/log/audit/audit.log',
    'sealert -a /var/log/audit/audit.log',
    'sealert -l 4f1c1ea9-2b0d-4a1e',
    'semanage boolean -l',
    'semanage fcontext -l -C',
    'semodule -l',
    'restorecon -Rnv /var/www/html',
    'aide --check',
    'aide --check --config /etc/aide/aide.conf',
    'fips-mode-setup --check',
    'update-crypto-policies --show',
    'firewall-cmd --list-all --zone=public',
    'firewall-cmd --permanent --list-services',
    'faillock --user deploy',
    'chage -l deploy',
    'ls -la /var/log/audit/',
    'lynis audit system --quick',
    'debsums -s',
    'rkhunter --check --sk --rwo',
    'needrestart -b',
    'unattended-upgrade --dry-run --debug',
    'ipmitool sdr type Temperature',
    'ipmitool sel list',
    'scontrol show node gpu017',
    'sacctmgr -n show assoc where account=chem',
    'sdiag',
    'lfs quota -h -g chem /lustre/project',
    'lctl get_param osc.*.stats',
  ])
    assert.equal(rootReview(w(s)), true, s);
  for (const s of [
    'ausearch --checkpoint /etc/cron.d/x -m AVC',
    'aureport -if /etc/shadow',
    'audit2allow -a -o /etc/sudoers',
    'audit2allow -p /tmp/policy.31 -a',
    'sealert -a /etc/shadow',
    'sealert -b',
    'semanage boolean -m --on httpd_can_network_connect',
    'semanage permissive -a httpd_t',
    'semodule -i casemgmt_local.pp',
    'restorecon -Rv /var/www/html',
    'aide --init',
    'aide --update',
    'aide --check -B report_url=file:/etc/passwd',
    'aide --check --config /tmp/aide.conf',
    'update-crypto-policies --set LEGACY',
    'fips-mode-setup --disable',
    'firewall-cmd --add-port=4444/tcp',
    'firewall-cmd --permanent --remove-service=ssh',
    'faillock --user deploy --reset',
    'chage -M 99999 deploy',
    'crontab -r',
    'crontab -u deploy /tmp/cron.txt',
    'lynis update info',
    'debsums --generate=all',
    'rkhunter --propupd',
    'needrestart -r a',
    'unattended-upgrade',
    'ipmitool sel clear',
    'ipmitool chassis power off',
    'ipmitool -H 10.0.0.5 -U admin -P x sdr',
    'scontrol update nodename=gpu017 state=resume',
    'sacctmgr -i delete user bob',
    'sdiag -r',
    'lfs setstripe -c 8 /lustre/scratch',
    'lctl set_param debug=-1',
  ])
    assert.equal(rootReview(w(s)), false, s);
});

test('sudo for a hardened host review passes; sudo that changes the same things still stops', () => {
  const cases: Case[] = [
    ['B', 'exec', x('sudo aureport -x --summary -i')],
    ['B', 'exec', x('sudo ausearch -m USB -ts yesterday')],
    [
      'B',
      'exec',
      x('sudo ausearch -m AVC -c casemgmtd --raw | audit2allow -M casemgmt_local -o /tmp/casemgmt_local.te'),
    ],
    ['B', 'exec', x("sudo semanage boolean -l | grep -E 'httpd_can_network_connect'")],
    ['B', 'exec', x('sudo sealert -a /var/log/audit/audit.log | head -60')],
    ['B', 'exec', x('sudo aide --check')],
    ['B', 'exec', x('sudo ls -l /var/log/audit/')],
    ['B', 'exec', x('sudo ls -s /var/log/audit/')],
    ['B', 'exec', x('sudo debsums -s')],
    ['B', 'exec', x('sudo scontrol show job 4412345')],
    ['B', 'exec', x('sudo lynis audit system --quick')],
    // sudo's own -i/-s (a login or a shell as root) are still a root shell
    ['D', 'exec', x('sudo -i')],
    ['D', 'exec', x('sudo -u root -i')],
    ['D', 'exec', x('sudo -E -s')],
    ['D', 'exec', x('sudo -H -i')],
    ['A', 'exec', x('sudo semodule -i casemgmt_local.pp')],
    ['A', 'exec', x('sudo setenforce 0')],
    ['A', 'exec', x('sudo semanage permissive -a httpd_t')],
    ['A', 'exec', x('sudo aide --update')],
    ['A', 'exec', x('sudo auditctl -D')],
    ['A', 'exec', x('sudo firewall-cmd --add-port=4444/tcp')],
    ['A', 'exec', x('sudo faillock --user deploy --reset')],
    ['A', 'exec', x('sudo scontrol update nodename=gpu017 state=resume')],
    ['A', 'exec', x('sudo ipmitool chassis power off')],
    ['A', 'exec', x('sudo rkhunter --propupd')],
    ['A', 'exec', x('sudo -u root ausearch -m AVC')],
  ];
  check(cases);
});

test('an account named deploy is not a deploy verb; a tool whose subcommand deploys still asks', () => {
  checkCommands(
    [
      'chage -l deploy',
      'sudo chage -l deploy',
      'sudo faillock --user deploy',
      'id deploy',
      'chown -R deploy:deploy ./releases',
      'ps -u deploy',
      'pgrep -u deploy -l',
    ],
    'pass',
  );
  checkCommands(['acme apps deploy web', 'sudo acme apps deploy web', 'acme --user bob deploy'], 'stop');
  // ps's BSD `e` modifier still shows every process's environment, a user list or not
  checkCommands(['ps axe', 'ps -u root e', 'ps -N e'], 'deny');
});

test('root-inventory: package, update, service and file inventories only', () => {
  for (const s of [
    'rpm -Va',
    'rpm -qa --last',
    'rpm -qf /usr/bin/ssh',
    'dnf history',
    'dnf history info 42',
    'dnf updateinfo list --security',
    'yum list installed',
    'dnf repolist -v',
    'subscription-manager repos --list-enabled',
    'subscription-manager status',
    'needs-restarting -r',
    'tuned-adm active',
    'usbguard list-devices',
    'fapolicyd-cli --list',
    'systemctl --failed',
    'find /var/log -type f -mtime +90',
  ])
    assert.equal(rootInventory(w(s)), true, s);
  for (const s of [
    'rpm -ivh x.rpm',
    'rpm --import /tmp/key',
    'rpm -qa --dbpath /tmp/db',
    'rpm -e openssh-server',
    'dnf history undo 42',
    'dnf install x',
    'dnf list --setopt=sslverify=0',
    'subscription-manager repos --enable=x',
    'subscription-manager register --force',
    'tuned-adm profile latency-performance',
    'usbguard allow-device 5',
    'fapolicyd-cli --delete-db',
    'systemctl stop auditd',
    'systemctl mask auditd',
    'systemctl cat restic-backup.service',
    'find /var/log -mtime +90 -delete',
    'find / -name x -exec sh -c id ;',
    'find / -fprint /etc/cron.d/x',
  ])
    assert.equal(rootInventory(w(s)), false, s);
});

test('sudo for an OpenSCAP scan or an inventory passes; remediation, installs and changes still stop', () => {
  const ds = '/usr/share/xml/scap/ssg/content/ssg-rhel9-ds.xml';
  const cases: Case[] = [
    [
      'B',
      'exec',
      x(`sudo oscap xccdf eval --profile stig --results /tmp/stig-results.xml --report /tmp/stig.html ${ds}`),
    ],
    ['B', 'exec', x(`sudo oscap info ${ds}`)],
    ['B', 'exec', x('sudo rpm -Va')],
    ['B', 'exec', x('sudo dnf updateinfo list --security')],
    ['B', 'exec', x('sudo systemctl --failed')],
    ['A', 'exec', x(`sudo oscap xccdf eval --remediate --profile stig ${ds}`)],
    ['A', 'exec', x(`sudo oscap xccdf eval --results /etc/cron.d/x ${ds}`)],
    ['A', 'exec', x(`sudo oscap xccdf eval --fetch-remote-resources --profile stig ${ds}`)],
    ['A', 'exec', x('sudo rpm -ivh /tmp/agent.rpm')],
    ['A', 'exec', x('sudo dnf history undo 42')],
    ['A', 'exec', x('sudo systemctl stop auditd')],
    ['A', 'exec', x('sudo systemctl cat restic-backup.service | grep -i Environment')],
    ['A', 'exec', x('sudo find /var/log -mtime +90 -delete')],
    ['A', 'exec', x('sudo find / -perm -4000 -type f')],
  ];
  check(cases);
});
