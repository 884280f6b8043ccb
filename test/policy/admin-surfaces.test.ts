// Administrator power in schedulers, hypervisors, hosting panels and Windows (privilege-grants
// catalogue), their admin APIs on this machine (fetch-targets catalogue), and svc stopped as a
// Windows service or through variables an agent guesses it reads (svc-self catalogue). Each
// has look-alikes that only look and pass.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

test('standard: admin rights in Slurm, Proxmox, ESXi, WHM and SYSTEM through PsExec are stopped; looks pass', () => {
  check([
    ['A', 'exec', { command: 'sacctmgr -i modify user where name=jdoe set adminlevel=Administrator' }],
    ['A', 'exec', { command: 'sacctmgr -i add coordinator account=lab names=dev' }],
    ['A', 'exec', { command: 'scontrol update PartitionName=gpu-reserved AllowAccounts=ALL' }],
    ['A', 'exec', { command: 'pveum acl modify / --users dev@pam --roles Administrator' }],
    ['A', 'exec', { command: 'psexec -accepteula -s -i cmd.exe' }],
  ]);
  check([
    ['B', 'exec', { command: 'sacctmgr show assoc user=jdoe' }],
    ['B', 'exec', { command: 'scontrol update jobid=12 TimeLimit=2:00:00' }],
    ['B', 'exec', { command: 'pveum acl modify /vms/100 --users dev@pam --roles PVEVMUser' }],
    ['B', 'exec', { command: 'psexec \\\\web01 ipconfig' }],
  ]);
});

test('standard: hosting panels and control planes on loopback are not fetched; dev servers are', () => {
  check([
    ['A', 'fetch', { url: 'http://127.0.0.1:2087/json-api/listaccts?api.version=1' }],
    ['A', 'fetch', { url: 'https://localhost:8443/api/v2/server' }],
    ['A', 'fetch', { url: 'http://0.0.0.0:9090/-/quit' }],
    ['A', 'fetch', { url: 'https://127.0.0.1:8006/api2/json/access/users' }],
  ]);
  check([
    ['B', 'fetch', { url: 'https://localhost:8443/' }],
    ['B', 'fetch', { url: 'http://localhost:3000/' }],
    ['B', 'fetch', { url: 'http://127.0.0.1:9090/-/healthy' }],
  ]);
});

test('standard: svc stopped as a Windows service or its guessed variables unset is denied; looking passes', () => {
  check([
    ['D', 'exec', { command: 'Stop-Service -Name svc -Force' }],
    ['D', 'exec', { command: 'unset SVC_SOCKET SVC_URL; bash --norc' }],
  ]);
  check([['B', 'exec', { command: 'Get-Service svc' }]]);
});

test("standard: an existing user made an administrator in the application's own database is asked; seeds and reads pass", () => {
  check([
    ['A', 'exec', { command: `psql -c "UPDATE users SET is_admin = true WHERE email='x@gmail.com'"` }],
    ['A', 'exec', { command: `mysql -e "UPDATE users SET role='admin' WHERE id=5"` }],
    [
      'A',
      'exec',
      { command: `python manage.py shell -c "u=User.objects.get(email='x@gmail.com'); u.is_superuser=True; u.save()"` },
    ],
  ]);
  check([
    ['B', 'exec', { command: `php artisan tinker --execute="User::factory()->create(['is_admin'=>true])"` }],
    ['B', 'exec', { command: `psql -c 'select * from users where is_admin = true'` }],
    ['B', 'exec', { command: `mysql -e "UPDATE users SET role='viewer' WHERE id=5"` }],
    ['B', 'exec', { command: 'grep -rn is_admin app/' }],
  ]);
});
