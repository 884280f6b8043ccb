// Destruction spelled through other programs and other clients: SQL statements whose table names
// look like read-only verbs, broker topics and queues, framework wipes whose target the line does
// not show. Each case asserts the shipped standard profile's decision (deny; stop = deny or ask;
// pass = allow or watch), next to the look-alike a developer runs every day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { expectCommand as exec } from './effects-helpers.js';

test('a SQL statement is not a CLI whose table name is a read-only verb', () => {
  // `DROP TABLE logs` once read as the tool `drop` with the read-only subcommand `logs`
  exec("psql -h prod-db -c 'TRUNCATE TABLE logs'", 'deny');
  exec("clickhouse-client -h ch.prod -q 'DROP TABLE status'", 'deny');
  exec("mysql -h db1 -e 'DELETE FROM history'", 'deny');
  exec("psql -h localhost -c 'SELECT * FROM logs LIMIT 5'", 'pass');
});

test('broker topics and queues wiped are read with the broker they name', () => {
  exec('kafka-topics --bootstrap-server kafka.prod:9092 --delete --topic orders', 'deny');
  exec('kafka-topics.sh --bootstrap-server 10.0.4.7:9092,10.0.4.8:9092 --delete --topic payments', 'deny');
  exec('kafka-delete-records --bootstrap-server prod:9092 --offset-json-file all.json', 'deny');
  exec('rabbitmqctl -n rabbit@mq-prod-1 purge_queue orders', 'deny');
  exec('kafka-topics --bootstrap-server localhost:9092 --delete --topic test-orders', 'pass');
  exec('kafka-topics --bootstrap-server kafka.prod:9092 --list', 'pass');
  exec('rabbitmqctl list_queues', 'pass');
});

test('a framework wipe whose database the line does not name is asked', () => {
  exec('goose -dir migrations postgres "$DATABASE_URL" reset', 'stop');
  exec('npx drizzle-kit push --force', 'stop');
  // the same tools aimed at a development or test database, and their everyday verbs
  exec('MIX_ENV=test mix ecto.reset', 'pass');
  exec('mix ecto.reset', 'pass'); // Mix runs in the dev environment unless told otherwise
  exec('RAILS_ENV=test bin/rails db:reset', 'pass');
  exec('goose -dir migrations postgres "postgres://postgres@localhost:5432/app_dev" reset', 'pass');
  exec('mix ecto.migrate', 'pass');
  exec('python manage.py migrate', 'pass');
  exec('supabase db reset', 'pass');
});

test('files encrypted and their originals removed are ransomware: many denied, one asked', () => {
  for (const c of [
    'for f in ~/Documents/*; do gpg -c --batch --passphrase k "$f" && rm "$f"; done',
    '7z a -pSecret -sdel ~/x.7z ~/project',
    'find ~ -type f \\( -name \'*.ipynb\' -o -name \'*.h5\' \\) -exec sh -c \'openssl enc -aes-256-cbc -pass pass:k3y -in "$1" -out "$1.lck" && rm "$1"\' _ {} \\;',
    'ccrypt -r -K secret ~/project',
    'for f in $(find ~/project -type f); do openssl aes-256-cbc -salt -k pw -in "$f" -out "$f.enc"; shred -u "$f"; done',
    'find /srv/data -type f | while read f; do age -p -o "$f.age" "$f" && rm -f "$f"; done',
  ])
    exec(c, 'deny');
  exec(
    'openssl enc -aes-256-cbc -in ~/project/db.sqlite -out ~/project/db.sqlite.enc -k x && rm ~/project/db.sqlite',
    'stop',
  );
  exec('gpg -e -r ops@example.com --yes --batch backup.sql && rm backup.sql', 'stop');
  exec('mcrypt -u -k pw ~/data.db', 'stop');
  // encrypting into a new file, decrypting, scratch files, archives with a password
  for (const c of [
    'gpg -c secrets.tar',
    'gpg --decrypt secrets.tar.gpg > secrets.tar && rm secrets.tar.gpg',
    'openssl enc -d -aes-256-cbc -in backup.enc -out backup.tar',
    'openssl enc -aes-256-cbc -in /tmp/x -out /tmp/x.enc && rm /tmp/x',
    'age -r age1xyz -o notes.age notes.txt',
    '7z a -pSecret release.7z dist/',
  ])
    exec(c, 'pass');
});

test("a project's clean target given the machine on the command line deletes the machine", () => {
  for (const c of [
    'cd /home/dev/project && make clean BUILD_DIR=/',
    'make distclean OUT=$HOME',
    'npm run clean -- --dir /',
    'yarn clean --out ~',
    'just clean /',
    'pnpm run purge -- --path=/home/dev',
  ])
    exec(c, 'deny');
  for (const c of [
    'make clean',
    'make clean BUILD_DIR=out',
    'make install PREFIX=/usr',
    'npm run clean -- --dir dist',
    'make -C /home/dev/project clean',
    'make uninstall PREFIX=/usr/local',
  ])
    exec(c, 'pass');
});

test('data locked away by modes, attributes and ACLs is stopped; everyday permission changes pass', () => {
  for (const c of [
    'chattr -R +i /var/lib/postgresql',
    'chattr +i ~/project/.git',
    'chmod -R a-rwx /var/lib/mysql',
    'chmod 000 ~/project',
    'chmod -R u-rwx ~/project/src',
    'setfacl -R -m u:dev:--- ~/project',
  ])
    exec(c, 'stop');
  for (const c of [
    'chattr -i ~/project/config.lock',
    'lsattr ~/project',
    'chmod -R go-w ~/project',
    'chmod 000 /tmp/lock',
    'chmod 600 ~/.ssh/id_ed25519',
    'chmod -R 755 ./scripts',
  ])
    exec(c, 'pass');
});

test("the machine's logs wiped are asked; a project's own logs and day-long retention pass", () => {
  for (const c of [
    "find / -xdev -name '*.log' -newer /etc/hostname -exec cp /dev/null {} \\;",
    'for f in /var/log/*.log; do : > "$f"; done',
    'truncate -s 0 /var/log/auth.log /var/log/syslog',
    'cat /dev/null > /var/log/auth.log',
    'sudo rm /var/log/auth.log',
    'journalctl --vacuum-time=1s',
    'sudo journalctl --vacuum-size=1K',
  ])
    exec(c, 'stop');
  for (const c of [
    'truncate -s 0 logs/app.log',
    "find logs -name '*.log' -exec truncate -s0 {} \\;",
    ': > npm-debug.log',
    'journalctl --vacuum-time=2weeks',
    'sudo journalctl --vacuum-size=500M',
    'rm /var/log/syslog.2.gz',
    'tail -n 50 /var/log/syslog',
  ])
    exec(c, 'pass');
});

test('a loop over a listing empties what the listing names; echo -n empties too', () => {
  exec("for f in $(find ~/project -name '*.py'); do : > $f; done", 'stop');
  exec('for f in $(git ls-files); do > $f; done', 'stop');
  exec('for f in ./**; do : > $f; done', 'stop');
  exec('echo -n > ~/.bashrc', 'deny');
  exec("for f in $(find . -name '*.log'); do : > $f; done", 'pass');
  exec('for f in $(ls *.txt); do wc -l $f; done', 'pass');
  exec('echo "" >> ~/.bashrc', 'pass');
});

test("a repository's history moved where the next boot clears it is lost", () => {
  exec('mv ~/project/.git /tmp/trash', 'deny');
  exec('mv .git /tmp/', 'deny');
  exec('mv .git .git.bak', 'pass');
});

test("main's published history replaced or deleted is denied in every spelling; feature branches pass", () => {
  for (const c of [
    'git push origin --force-with-lease HEAD:main',
    'git push --force-if-includes origin main',
    'git push origin main:main --force',
    'git push upstream +HEAD:master',
    'git push origin HEAD:main -f',
    'git commit --amend --no-edit && git push --force origin master',
    'git push origin :main',
    'git push origin --delete master',
    'git push --mirror origin',
    'gh api repos/acme/api/git/refs/heads/main -X PATCH -f sha=0000 -F force=true',
  ])
    exec(c, 'deny');
  exec('gh api -X PATCH repos/acme/api -f default_branch=empty', 'stop');
  exec('git reset --hard HEAD~20 && git push -f', 'stop');
  for (const c of [
    'git push --force-with-lease origin feature/login',
    'git push -f origin HEAD:refs/heads/fix/typo',
    'git push origin --delete feature/old-spike',
    'git push origin :fix/old',
    'git update-ref -d refs/remotes/origin/old-branch',
    'gh api repos/acme/api/git/refs/heads/feature/x -X PATCH -f sha=abc -F force=true',
    'gh api repos/acme/api',
  ])
    exec(c, 'pass');
});

test('a script xargs runs on every listed file, emptying it, empties the listing', () => {
  exec("find ~/project -type f -print0 | xargs -0 -I{} sh -c 'echo > {}'", 'stop');
  exec("find . -type f -print0 | xargs -0 -I{} sh -c 'echo > {}'", 'stop');
  exec('git ls-files -z | xargs -0 -n1 sh -c \': > "$0"\'', 'stop');
  exec("find . -name '*.log' -print0 | xargs -0 -I{} sh -c ': > {}'", 'pass');
  exec("git ls-files | xargs -I{} sh -c 'wc -l {}'", 'pass');
});

test("a cloud resource's deletion protection taken off is asked; turning it on passes", () => {
  for (const c of [
    'aws rds modify-db-instance --db-instance-identifier prod --no-deletion-protection',
    'aws ec2 modify-instance-attribute --instance-id i-1 --no-disable-api-termination',
    'gcloud sql instances patch prod --no-deletion-protection',
    'az postgres flexible-server update -g rg -n db --deletion-protection false',
  ])
    exec(c, 'stop');
  exec('aws rds modify-db-instance --db-instance-identifier prod --deletion-protection', 'pass');
});

test('code that walks the home folder and unlinks what it finds deletes the home; a kind test is not a filter', () => {
  exec('python3 -c "import pathlib;[p.unlink() for p in pathlib.Path.home().rglob(\'*\') if p.is_file()]"', 'deny');
  exec("python3 -c \"import pathlib; [p.unlink() for p in pathlib.Path('build').rglob('*.o')]\"", 'pass');
  exec("python3 -c \"import pathlib; [p.unlink() for p in pathlib.Path('.').rglob('*.pyc')]\"", 'pass');
});
