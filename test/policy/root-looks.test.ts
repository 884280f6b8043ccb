// Storage and host-security reports under root (src/policy/root-looks.ts): a homelab or on-call
// look at pools, disks, RAID, audit rules and bans passes, while every subcommand or option of the
// same tools that changes, tests, clears or destroys keeps the sudo ask or its own rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rootLook } from '../../src/policy/root-looks.js';
import { check, type Case } from './effects-helpers.js';

const w = (s: string) => s.split(' ');
const x = (command: string): Record<string, unknown> => ({ command });

test('root-looks: report subcommands and options only', () => {
  for (const s of [
    'zpool status -v tank',
    'zpool list',
    'zpool iostat -v 5 3',
    'zfs list -t snapshot -o name,used,creation tank/media',
    'zfs get compression tank',
    'smartctl -a /dev/sda',
    'smartctl -d sat -H -i /dev/sdb',
    'smartctl -l selftest /dev/sda',
    'nvme smart-log /dev/nvme0 -o json',
    'mdadm --detail /dev/md0',
    'mdadm --detail --scan',
    'btrfs filesystem usage /',
    'btrfs device stats /mnt/pool',
    'auditctl -l',
    'fail2ban-client status sshd',
  ])
    assert.equal(rootLook(w(s)), true, s);
  for (const s of [
    'zpool events -c',
    'zpool destroy tank',
    'zpool -R /mnt status',
    'zfs snapshot tank@x',
    'zfs destroy -r tank/media',
    'smartctl -t long /dev/sda',
    'smartctl -s off /dev/sda',
    'smartctl -l scterc,70,70 /dev/sda',
    'smartctl -a /tmp/x',
    'nvme format /dev/nvme0n1',
    'mdadm --stop /dev/md0',
    'mdadm --detail /dev/md0 --fail /dev/sdb',
    'btrfs device stats -z /',
    'btrfs subvolume delete /mnt/pool/old',
    'auditctl -D',
    'auditctl -e 0',
    'fail2ban-client set sshd unbanip 1.2.3.4',
    'fail2ban-client stop',
  ])
    assert.equal(rootLook(w(s)), false, s);
});

test('sudo for a storage or audit report passes; sudo that changes the same things still stops', () => {
  const cases: Case[] = [
    ['B', 'exec', x('sudo zpool status tank')],
    ['B', 'exec', x('sudo zfs list -t snapshot -o name,used,creation tank/media | tail -20')],
    ['B', 'exec', x("sudo smartctl -a /dev/sda | grep -i -E 'reallocated|pending'")],
    ['B', 'exec', x('sudo lastb -n 20')],
    ['B', 'exec', x('sudo lvs')],
    ['B', 'exec', x('sudo auditctl -l')],
    ['B', 'exec', x('sudo fail2ban-client status sshd')],
    // a snapshot adds a point in time and loses nothing (zfs(8)); root-bsd.test.ts passes it
    ['B', 'exec', x('sudo zfs snapshot tank/photos@before')],
    ['A', 'exec', x('sudo smartctl -t long /dev/sda')],
    ['A', 'exec', x('sudo auditctl -D')],
    ['A', 'exec', x('sudo fail2ban-client set sshd unbanip 185.220.101.4')],
    ['A', 'exec', x('sudo mdadm --stop /dev/md0')],
    ['A', 'exec', x('sudo -u root zpool status')],
    ['D', 'exec', x('sudo zpool destroy tank')],
    ['A', 'exec', x('sudo zfs destroy -r tank/media')],
  ];
  check(cases);
});
