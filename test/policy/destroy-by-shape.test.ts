// Loss read from the shape of the call, for programs and file kinds svc has never seen: SQL that
// takes away the way back (a log backed up to NUL, the simple recovery model, binary logs reset,
// WAL archiving off, zero-day time travel) or loses data without DROP TABLE or DELETE; a site's
// private domain (`.local`) not read as this machine; work files of any format emptied in folders
// named for data; whole devices formatted by any program; commands spelled as PascalCase options
// fed a listing; an SDK's Invoke-<Wipe><Noun> over a listing; an empty folder mirrored onto another
// machine; commands run by `oc rsh`; a served repository's push refusals switched off. Each is
// checked on the standard profile's decision and on the look-alikes people run every day.
import { test } from 'node:test';
import { expectCall, checkCommands as check } from './effects-helpers.js';

test('SQL that discards the log, archive or time travel a restore needs is asked', () => {
  check(
    [
      `sqlcmd -S sis-sql01 -E -Q "BACKUP LOG PowerSchool TO DISK='NUL'"`,
      `sqlcmd -S x -Q "BACKUP LOG Sales WITH TRUNCATE_ONLY"`,
      `sqlcmd -S STORESRV0142 -Q "ALTER DATABASE StoreInventory SET RECOVERY SIMPLE; DBCC SHRINKFILE (StoreInventory_log, 1)"`,
      `psql -h db1 -c "ALTER SYSTEM SET archive_mode = off"`,
      `psql -h db1 -c "ALTER SYSTEM SET archive_command = '/bin/true'"`,
      `snowsql -q 'ALTER DATABASE SALES SET DATA_RETENTION_TIME_IN_DAYS = 0'`,
    ],
    'stop',
    'recovery-chain-cuts',
  );
  check([`mysql -h db1 -e 'RESET MASTER'`, `mysql -h db1 -e 'PURGE BINARY LOGS BEFORE NOW()'`], 'stop');
  check(
    [
      `sqlcmd -S x -Q "BACKUP LOG PowerSchool TO DISK='D:\\bak\\ps.trn'"`,
      `sqlcmd -S localhost -Q "ALTER DATABASE ShopDev SET RECOVERY SIMPLE"`,
      `mysql -h db1 -e 'PURGE BINARY LOGS BEFORE NOW() - INTERVAL 7 DAY'`,
      `psql -h db1 -c "ALTER SYSTEM SET archive_command = 'cp %p /arch/%f'"`,
      `snowsql -q 'ALTER DATABASE SALES SET DATA_RETENTION_TIME_IN_DAYS = 7'`,
    ],
    'pass',
  );
});

test('SQL that loses columns or rows without DROP TABLE or DELETE is stopped', () => {
  check(
    [
      `psql -h db1 -d app -c 'DROP EXTENSION postgis CASCADE'`,
      `mysql -h db1 app -e 'ALTER TABLE orders ENGINE=BLACKHOLE'`,
      `sqlcmd -S sql1 -Q "DBCC CHECKDB (Sales, REPAIR_ALLOW_DATA_LOSS)"`,
      `mysql -h db1 app -e 'ALTER TABLE orders TRUNCATE PARTITION p2024'`,
    ],
    'stop',
  );
  check(
    [
      `psql -h db1 -d app -c 'DROP TYPE IF EXISTS tmp_status CASCADE'`,
      `psql -h localhost -d app_dev -c 'DROP EXTENSION postgis CASCADE'`,
      `mysql -h db1 app -e 'ALTER TABLE orders ENGINE=InnoDB'`,
      `sqlcmd -S sql1 -Q "DBCC CHECKDB (Sales) WITH NO_INFOMSGS"`,
    ],
    'pass',
  );
});

test('a host on a private domain (.local) is another machine, not a development one', () => {
  check(
    [
      'pg_restore --clean --if-exists -h resolve-db.bfpost.local -U postgres -d FeatureA_2025 /tmp/old_snapshot.dump',
      'mongorestore --drop --host mongo1.store.local dump/',
    ],
    'stop',
    'data-resets',
  );
  check(['pg_restore --clean -h localhost -d app_dev x.dump'], 'pass');
});

test('a work file of any format emptied in a folder named for data is a wide delete', () => {
  check(
    [
      'truncate -s 0 /Volumes/Projects/*/Conform/*.drp',
      ': > /mnt/nas/projects/show/edit.prproj',
      'truncate -s 0 /mnt/backups/nightly/manifest.txt',
      ': > ~/Documents/notes.txt',
    ],
    'stop',
    'wide-deletes',
  );
  expectCall('write', { path: '/Volumes/Projects/FeatureA/Edit/FeatureA_LOCK_v42.drp', content: '' }, 'stop');
  check([': > /srv/app/nohup.out', ': > ~/Projects/foo/out.txt', 'truncate -s 0 /tmp/render/*.exr'], 'pass');
  expectCall('write', { path: '/mnt/data/x/__init__.py', content: '' }, 'pass');
  expectCall('write', { path: '/home/u/projects/app/notes/empty.txt', content: '' }, 'pass');
});

test('a whole device formatted or erased by any program is a storage wipe', () => {
  check(
    [
      'mkltfs -d /dev/sg3 -n ARCHIVE_2019_Q3 --force',
      'foo-format --device /dev/sdb --force',
      'acme-diskutil erase /dev/sdb',
      'tapectl -f /dev/nst0 erase',
    ],
    'deny',
    'storage-wipes',
  );
  check(
    [
      'mkltfs --help',
      'ltfs -o devname=/dev/sg3 /mnt/ltfs',
      'smartctl -a /dev/sda',
      'ffmpeg -f v4l2 -i /dev/video0 out.mp4',
      'mkdir -p /dev/shm/x',
    ],
    'pass',
  );
});

test('mkfs on a device is a wipe even when an image-file word elsewhere on the line looks like an image build', () => {
  // disk-writes exempts `mkfs* **.img` and `mkfs* /tmp/**` by glob; the device word decides here
  check(
    [
      'mkfs.ext4 -L backup.img /dev/sdb1',
      'mkfs.vfat -n EFI.img /dev/sdc1',
      'mkfs.ext4 -F /dev/sda1 # seed.qcow2',
      'mkfs.xfs -f /dev/nvme0n1 -L /tmp/label',
    ],
    'deny',
    'storage-wipes',
  );
  check(['mkfs.ext4 /tmp/disk.img', 'mkfs.ext4 -F build/rootfs.img', 'mkfs.vfat -C out/efi.img 65536'], 'pass');
});

test('commands spelled as PascalCase options and SDK Invoke- actions are read by their verb', () => {
  check(
    [
      '/opt/Thinkbox/Deadline10/bin/deadlinecommand -GetJobIds | xargs -n1 /opt/Thinkbox/Deadline10/bin/deadlinecommand -DeleteJob',
      'foo -ListJobs | xargs -n1 foo -RemoveJob',
      'foo -DeleteJob 123',
      'Get-MgDeviceManagementManagedDevice -All | ForEach-Object { Invoke-MgWipeDeviceManagementManagedDevice -ManagedDeviceId $_.Id }',
      'Invoke-MgRetireDeviceManagementManagedDevice -ManagedDeviceId 1',
    ],
    'stop',
  );
  check(
    [
      'foo -GetJobIds',
      'foo -RenderJob 12',
      'java -DskipTests -jar x.jar',
      'Invoke-RestMethod https://x/api',
      'Get-MgDeviceManagementManagedDevice -All | ForEach-Object { Invoke-MgSyncDeviceManagementManagedDevice -ManagedDeviceId $_.Id }',
    ],
    'pass',
  );
});

test('an empty folder mirrored onto another machine, oc rsh commands and push refusals switched off', () => {
  check(
    [
      'rsync -a --delete /tmp/empty/ STORESRV0142:/d/Backups/',
      'rsync -a --delete /tmp/empty/ nas01:/volume1/projects/',
      'oc rsh -n openshift-storage deploy/rook-ceph-tools ceph osd pool delete p p --yes-i-really-really-mean-it',
      'oc rsh deploy/x rm -rf /var/lib/data',
      "ssh git@gitlab.enclave.gov 'git -C /var/opt/gitlab/git-data/repositories/infra/ansible.git config receive.denyNonFastForwards false'",
      'git --git-dir=/srv/git/x.git config receive.denyDeletes false',
    ],
    'stop',
  );
  check(
    [
      'rsync -a --delete ./dist/ web01:/var/www/html/',
      'rsync -a --delete /tmp/empty/ web01:/tmp/cache/',
      'oc rsh mypod cat /etc/os-release',
      'git config receive.denyNonFastForwards true',
    ],
    'pass',
  );
});
