// Destruction carried by other tools: remote-execution tools running a delete on many hosts,
// framework runners and consoles running code that empties tables, backup tools' retention
// that keeps nothing, Terraform state replaced, dbt drop macros and full refreshes by target,
// overwrite-then-delete tools, and disk and volume tools. Each mechanism is checked on the
// effects it derives and on the shipped standard profile's decision, with the look-alikes a
// developer or operator runs every day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Effect } from '../../src/policy/effects/types.js';
import { simpleCommands } from '../../src/policy/effects/walk.js';
import { LineFacts } from '../../src/policy/effects/line-readings.js';
import { remoteExecEffects } from '../../src/policy/effects/remote-exec.js';
import { frameworkCodeEffects, ormWipe } from '../../src/policy/effects/framework-code.js';
import { backupEffects } from '../../src/policy/effects/backup-retention.js';
import { infraStateEffects } from '../../src/policy/effects/infra-state.js';
import { overwriteEffects } from '../../src/policy/effects/overwrite-wipes.js';
import { storageWipeEffects } from '../../src/policy/effects/storage-wipes.js';
import { decide, checkCommands as check } from './effects-helpers.js';

type Reading = (line: LineFacts, out: Effect[]) => void;

function read(reading: Reading, command: string): string[] {
  const out: Effect[] = [];
  reading(new LineFacts(command, simpleCommands(command)), out);
  return out.map((e) => `${e.tool} ${e.command ?? e.path ?? ''}`);
}

// ------------------------------------------------------------------ remote execution

test('remote-execution tools carry their command and their file deletes', () => {
  assert.deepEqual(read(remoteExecEffects, 'ansible all -i inv/prod -b -m shell -a "rm -rf /var/lib/docker"'), [
    'exec rm -rf /var/lib/docker',
  ]);
  // command is ansible's default module
  assert.deepEqual(read(remoteExecEffects, "ansible web -a 'rm -rf /srv/app chdir=/tmp'"), ['exec rm -rf /srv/app']);
  assert.deepEqual(read(remoteExecEffects, 'ansible all -m ansible.builtin.file -a "path=/etc/nginx state=absent"'), [
    'exec rm -rf /etc/nginx',
  ]);
  assert.deepEqual(read(remoteExecEffects, 'ansible all -m apt -a "name=nginx state=absent"'), []);
  assert.deepEqual(read(remoteExecEffects, "salt -G 'role:db' cmd.run 'rm -rf /var/lib/mysql'"), [
    'exec rm -rf /var/lib/mysql',
  ]);
  assert.deepEqual(read(remoteExecEffects, "salt '*' file.remove /etc/nginx"), ['exec rm -rf /etc/nginx']);
  assert.deepEqual(read(remoteExecEffects, "pdsh -w web[01-20] -l root 'rm -rf /srv'"), ['exec rm -rf /srv']);
  assert.deepEqual(read(remoteExecEffects, "knife ssh 'role:web' 'sudo rm -rf /srv/app'"), [
    'exec sudo rm -rf /srv/app',
  ]);
  assert.deepEqual(
    read(
      remoteExecEffects,
      `aws ssm send-command --document-name AWS-RunShellScript --parameters 'commands=["rm -rf /var/lib/mysql"]'`,
    ),
    ['exec rm -rf /var/lib/mysql'],
  );
  assert.deepEqual(read(remoteExecEffects, 'ansible all -m ping'), []);
});

test('deletes fanned out to many hosts are decided as the delete they run', () => {
  check(
    [
      'ansible all -i inventories/prod -b -m shell -a "rm -rf /var/lib/docker"',
      'ansible prod -m ansible.builtin.shell -a "find /var/lib/postgresql -delete"',
      'ansible all -b -m raw -a "dd if=/dev/zero of=/dev/sda bs=1M"',
      'ansible db -m shell -a "psql -c \'DROP DATABASE app\'"',
      "salt -G 'role:db' cmd.run 'rm -rf /var/lib/mysql'",
      "salt-ssh '*' cmd.run 'rm -rf /srv'",
      "pdsh -w db[1-3] 'systemctl stop postgresql && rm -rf /var/lib/postgresql/14/main'",
      "clush -w @all 'rm -rf /var/www'",
      "pssh -h hosts.txt -i 'rm -rf /var/lib/docker'",
      `az vm run-command invoke -g prod -n db1 --command-id RunShellScript --scripts "rm -rf /var/lib/postgresql"`,
    ],
    'stop',
  );
  check(
    [
      'ansible all -m ping -i inventory',
      'ansible web -a "systemctl status nginx"',
      'ansible all -m shell -a "df -h"',
      'ansible all -m shell -a "rm -rf /tmp/build-cache"',
      'ansible all -m apt -a "name=nginx state=absent"',
      "salt '*' cmd.run 'uptime'",
      "pdsh -w web[01-04] 'df -h'",
      "clush -a 'systemctl is-active app'",
      "knife ssh 'role:web' 'uptime'",
    ],
    'pass',
  );
});

// ------------------------------------------------------------------ framework runners and consoles

test('ORM calls that empty or drop whole tables are told from scoped ones', () => {
  for (const code of [
    'User.delete_all',
    'Post.unscoped.delete_all',
    'Order.all.destroy_all',
    'MyApp.Repo.delete_all(MyApp.User)',
    'Order.objects.all().delete()',
    'call_command("flush", interactive=False)',
    'App\\Models\\User::truncate()',
    "DB::table('orders')->delete()",
    'Schema::dropAllTables()',
    'db.drop_all()',
    'await prisma.user.deleteMany({})',
    'DB.drop_table(:users)',
  ])
    assert.ok(ormWipe(code), code);
  for (const code of [
    'puts User.count',
    'User.where(admin: false).delete_all_later',
    'Order.objects.filter(id=3).first()',
    "User::where('email', 'x')->first()",
    'prisma.user.deleteMany({ where: { id: 3 } })',
  ])
    assert.equal(ormWipe(code), undefined, code);
});

test('framework runners read their code against the database the line points them at', () => {
  assert.deepEqual(read(frameworkCodeEffects, "bin/rails runner -e production 'User.delete_all; Order.delete_all'"), [
    'exec data-reset prod rails runner User.delete_all',
  ]);
  assert.deepEqual(read(frameworkCodeEffects, "rails runner 'Order.destroy_all'"), [
    'exec data-wipe-code rails runner Order.destroy_all',
  ]);
  assert.deepEqual(read(frameworkCodeEffects, "RAILS_ENV=test rails runner 'Order.destroy_all'"), []);
  assert.deepEqual(read(frameworkCodeEffects, 'bin/rails runner script/backfill.rb'), []);
  // the env file a launcher loads names the target of the wipe it runs
  assert.deepEqual(
    read(frameworkCodeEffects, 'npx dotenv -e .env.production -- npx prisma db push --accept-data-loss'),
    ['exec data-reset prod prisma db push --force-reset'],
  );
  assert.deepEqual(read(frameworkCodeEffects, 'npx dotenv -e .env.test -- npx prisma migrate reset --force'), []);
});

test('code that wipes production through a runner or console is denied; reads and dev targets pass', () => {
  check(
    [
      "bin/rails runner -e production 'User.delete_all; Order.delete_all'",
      "RAILS_ENV=production bin/rails runner 'Order.destroy_all'",
      `bundle exec rails runner -e production "ActiveRecord::Base.connection.execute('TRUNCATE users CASCADE')"`,
      "echo 'User.delete_all' | RAILS_ENV=production rails console",
      `DJANGO_SETTINGS_MODULE=app.settings.production python manage.py shell -c "from orders.models import Order; Order.objects.all().delete()"`,
      `php artisan tinker --env=production --execute="DB::table('orders')->truncate()"`,
      "MIX_ENV=prod mix run -e 'MyApp.Repo.delete_all(MyApp.User)'",
      "sequel postgres://admin@prod-db.internal/app -c 'DB.drop_table(:users)'",
      'echo "DROP SCHEMA public CASCADE;" | RAILS_ENV=production rails dbconsole',
      'npx dotenv -e .env.production -- npx prisma db push --accept-data-loss',
      'env-cmd -f .env.prod npx prisma db push --accept-data-loss',
      'python manage.py migrate billing zero --database=default --settings=config.settings.prod',
      "heroku run rails runner 'User.delete_all' -a acme-prod",
      `RAILS_ENV=production bundle exec rails r "ActiveRecord::Base.connection.tables.each { |t| ActiveRecord::Base.connection.drop_table(t, force: :cascade) }"`,
    ],
    'deny',
  );
  check(
    [
      "rails runner 'User.delete_all'",
      `php artisan tinker --execute="App\\Models\\User::truncate()"`,
      `python manage.py shell -c "from app.models import User; User.objects.all().delete()"`,
      // any code run with the production environment chosen is a production change (prod-targets.ts)
      "rails runner -e production 'puts Order.count'",
    ],
    'stop',
  );
  check(
    [
      "rails runner 'puts User.where(admin: true).count'",
      'bin/rails runner script/backfill_slugs.rb',
      "rails runner -e development 'User.delete_all'",
      "RAILS_ENV=test rails runner 'Order.destroy_all'",
      "echo 'User.first' | rails console",
      `python manage.py shell -c "from orders.models import Order; print(Order.objects.filter(status='open').count())"`,
      `php artisan tinker --execute="User::count()"`,
      "mix run -e 'IO.puts(MyApp.Repo.aggregate(MyApp.User, :count))'",
      'mix run priv/repo/seeds.exs',
      "echo 'SELECT count(*) FROM users;' | rails dbconsole",
      'python manage.py migrate payments 0004',
      "heroku run rails runner 'puts User.count' -a acme-staging",
      "rails runner 'Rails.cache.clear'",
    ],
    'pass',
  );
});

// ------------------------------------------------------------------ backups

test('backup retention that keeps nothing is a wipe; a keep policy and a dry run are not', () => {
  assert.deepEqual(read(backupEffects, 'restic forget --keep-last 0 --prune'), [
    'exec backup-wipe restic forget --keep-last 0 --prune',
  ]);
  assert.deepEqual(read(backupEffects, 'restic forget --keep-last 10 --keep-daily 7 --prune'), []);
  assert.deepEqual(read(backupEffects, 'restic forget --keep-last 0 --dry-run'), []);
  assert.deepEqual(read(backupEffects, 'restic forget 4bba301e'), ['exec backup-delete restic forget 4bba301e']);
  assert.deepEqual(read(backupEffects, 'restic snapshots -q | xargs restic forget --prune'), [
    'exec backup-wipe restic forget --prune $(xargs)',
  ]);
  assert.deepEqual(read(backupEffects, 'borg delete /backup/repo'), ['exec backup-wipe borg delete /backup/repo']);
  assert.deepEqual(read(backupEffects, 'borg delete /backup/repo::host-2024-01-01'), [
    'exec backup-delete borg delete /backup/repo::host-2024-01-01',
  ]);
  assert.deepEqual(read(backupEffects, 'kopia snapshot delete k1234abcd'), []);
});

test('backups destroyed by their own tool are denied; maintenance passes', () => {
  check(
    [
      'restic forget --keep-last 0 --prune',
      'restic -r s3:s3.amazonaws.com/acme-restic forget --keep-last 0 --prune',
      'restic -r /mnt/backup forget --keep-within 0h --prune',
      'rustic forget --keep-last 0 --prune',
      "restic forget $(restic snapshots --json | jq -r '.[].id') --prune",
      'restic snapshots -q | xargs restic forget --prune',
      'borg delete --force /backup/repo',
      'borg delete ssh://backup@nas/./repo',
      "borg delete --glob-archives '*' /backup/repo",
      'borg prune --keep-daily=0 --keep-weekly=0 ::',
      'kopia snapshot delete --all-snapshots-for-source /home/user --delete',
      'kopia policy set --global --keep-latest 0 --keep-hourly 0 --keep-daily 0 --keep-weekly 0 --keep-monthly 0 --keep-annual 0',
      'duplicity remove-older-than now --force s3://backups/app',
      'rdiff-backup --remove-older-than now /backups/app',
      'tarsnap --nuke',
      'tmutil deletelocalsnapshots /',
      'nodetool clearsnapshot --all',
    ],
    'deny',
  );
  check(
    [
      'restic snapshots',
      'restic -r /mnt/backup check',
      'restic forget --keep-daily 7 --keep-weekly 4 --prune',
      'restic forget --keep-last 0 --prune --dry-run',
      'restic prune',
      'borg list /backup/repo',
      'borg prune --keep-daily=7 --keep-weekly=4 /backup/repo',
      'borg prune --keep-within=10d /backup/repo',
      'borg delete --dry-run /backup/repo',
      'kopia snapshot list',
      'kopia snapshot delete k1234abcd',
      'kopia policy set --global --keep-daily 14',
      'duplicity remove-older-than 6M s3://backups/app',
      'duplicity remove-older-than now s3://backups/app',
      'rdiff-backup --remove-older-than 4W /backups/app',
      'tmutil listlocalsnapshots /',
      'nodetool clearsnapshot -t before-upgrade',
      'nodetool status',
    ],
    'pass',
  );
});

// ------------------------------------------------------------------ infrastructure state and dbt

test('terraform state replaced and dbt drops or rebuilds by target', () => {
  assert.deepEqual(read(infraStateEffects, 'terraform state push -force /tmp/empty.tfstate'), [
    'exec state-overwrite forced terraform state push -force /tmp/empty.tfstate',
  ]);
  assert.deepEqual(read(infraStateEffects, 'terraform state list'), []);
  assert.deepEqual(read(infraStateEffects, 'dbt run-operation drop_schema --target prod'), [
    'exec data-reset prod dbt run-operation drop_schema',
  ]);
  assert.deepEqual(read(infraStateEffects, 'dbt run-operation drop_old_relations --target dev'), []);
  assert.deepEqual(read(infraStateEffects, 'dbt run-operation grant_select --target prod'), []);
  check(
    [
      'terraform state push -force /tmp/empty.tfstate',
      'terraform -chdir=infra state push /dev/null',
      'tofu state push -force empty.tfstate',
      'dbt run-operation drop_schema --args "{relation: analytics}" --target prod',
      'dbt run-operation truncate_all_tables -t production',
      'DBT_TARGET=prod dbt run-operation purge_schema',
    ],
    'deny',
  );
  check(
    [
      'terraform state push terraform.tfstate',
      'dbt run --full-refresh --target prod --select +fct_orders',
      'dbt build --full-refresh --target prod',
      'dbt run-operation drop_old_relations',
    ],
    'stop',
  );
  check(
    [
      'terraform state list',
      'terraform state show module.db.aws_db_instance.main',
      'terraform state pull > backup.tfstate',
      'terraform plan -destroy',
      'terraform state push -h',
      'dbt clean',
      'dbt deps',
      'dbt run --target dev',
      'dbt run --full-refresh --target dev --select my_model',
      'dbt seed --full-refresh',
      'dbt run-operation drop_old_relations --target dev',
    ],
    'pass',
  );
});

// ------------------------------------------------------------------ overwriting and disks

test('files overwritten beyond recovery and disks wiped', () => {
  assert.deepEqual(read(overwriteEffects, 'shred -uvz -n 3 ~/project/*.db'), [
    'exec overwrite-wipe glob shred ~/project/*.db',
  ]);
  assert.deepEqual(read(overwriteEffects, 'shred -u /tmp/secret-draft.txt'), []);
  assert.deepEqual(read(storageWipeEffects, 'lvremove -f /dev/vg0/data'), [
    'exec storage-wipe lvremove -f /dev/vg0/data',
  ]);
  assert.deepEqual(read(storageWipeEffects, 'lvremove --help'), []);
  check(
    [
      'shred -uvz -n 3 ~/project/*.db',
      'shred -u ~/project/*.db',
      'shred -zun 5 ~/project/data/*',
      'shred -u db/production.sqlite3',
      'shred -u backups/2024-11-01.dump',
      'srm -rf ~/project',
      'shred -u ~/.bash_history ~/.zsh_history',
      'shred -u ~/Documents/*',
      'wipe -rf ./data',
      'lvremove -f /dev/vg0/data',
      'vgremove -f vg0',
      'pvremove -ff /dev/sdb',
      'mdadm --zero-superblock /dev/sdb1',
      'cryptsetup luksErase /dev/sdb2',
      'zpool destroy -f tank',
    ],
    'deny',
  );
  check(
    [
      'shred -u /tmp/secret-draft.txt',
      'shred -u /tmp/export.sql',
      'shred -u credentials.json.bak',
      // shred never recurses: one named file in the home folder is that file's rm -f, not a tree's rm -rf
      'shred -u ~/Desktop/contract-draft-old.pdf',
      'shred -u ~/Downloads/statement-2024-05.pdf',
      'shred --help',
      'lvs',
      'lvdisplay',
      'mdadm --detail /dev/md0',
      'cryptsetup luksDump /dev/sdb2',
      'zpool status',
      'nvme list',
      'kubectl auth can-i delete pods -n dev',
      "kubectl auth can-i '*' '*' --all-namespaces",
    ],
    'pass',
  );
});

// ------------------------------------------------------------------ restores and syncs that replace data

test('restores that drop the target first are wipes of the database they point at', () => {
  check(
    [
      'mongorestore --drop --uri mongodb://prod-mongo/app /tmp/old-dump',
      'pg_restore --clean --if-exists -d postgres://prod-db/app old.dump',
      'pg_restore -c -h prod-db.internal -d app x.dump',
      // the value of --exclude is not the source or the destination
      'rsync -a --delete --exclude .git /tmp/empty/ ./',
      'rsync -a --delete --exclude=node_modules --exclude .env /tmp/empty/ ~/project/',
    ],
    'deny',
  );
  check(
    [
      'pg_restore --clean -d app_dev latest.dump',
      'pg_restore -d app x.dump',
      'mongorestore --drop --uri mongodb://localhost/app dump/',
      'mongodump --uri mongodb://localhost/app --out /tmp/dump',
      'rsync -a --delete --exclude .git src/ /tmp/src-copy/',
    ],
    'pass',
  );
});

test('production changes that destroy nothing are still production changes: asked, not denied', () => {
  // Not a wipe (these readings give nothing), but a migration or model run against production
  // is a shipping step that the production-changes and ship-commands policies ask about.
  check(
    [
      'npx dotenv -e .env.production -- npx prisma migrate deploy',
      'dbt run --target prod --select stg_orders',
      "dbt run-operation drop_old_relations --args '{dry_run: true}' --target prod",
      'dbt run-operation grant_select --target prod',
      'MIX_ENV=prod mix ecto.migrate',
    ],
    'stop',
  );
  for (const c of [
    'dbt run --target prod --select stg_orders',
    "dbt run-operation drop_old_relations --args '{dry_run: true}' --target prod",
  ])
    assert.notEqual(decide('exec', { command: c }).action, 'deny', c);
});
