// Destruction spelled through other programs and other clients: SQL statements whose table names
// look like read-only verbs, broker topics and queues, framework wipes whose target the line does
// not show. Each case asserts the shipped standard profile's decision (deny; stop = deny or ask;
// pass = allow or watch), next to the look-alike a developer runs every day.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide } from './effects-helpers.js';

function exec(command: string, want: 'deny' | 'stop' | 'pass'): void {
  const d = decide('exec', { command });
  const ok =
    want === 'deny'
      ? d.action === 'deny'
      : want === 'stop'
        ? d.action === 'deny' || d.action === 'ask'
        : d.action === 'allow' || d.action === 'watch';
  assert.ok(ok, `${command}: want ${want}, got ${d.action} (${d.policy ?? 'default'}: ${d.message})`);
}

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
  exec('python manage.py migrate billing zero', 'stop');
  exec('python manage.py reset_db --noinput', 'stop');
  exec('php artisan migrate:reset --force', 'stop');
  exec('goose -dir migrations postgres "$DATABASE_URL" reset', 'stop');
  exec('npx drizzle-kit push --force', 'stop');
  exec('bin/rake db:purge', 'stop');
  // the same tools aimed at a development or test database, and their everyday verbs
  exec('MIX_ENV=test mix ecto.reset', 'pass');
  exec('mix ecto.reset', 'pass'); // Mix runs in the dev environment unless told otherwise
  exec('RAILS_ENV=test bin/rails db:reset', 'pass');
  exec('goose -dir migrations postgres "postgres://postgres@localhost:5432/app_dev" reset', 'pass');
  exec('mix ecto.migrate', 'pass');
  exec('python manage.py migrate', 'pass');
  exec('supabase db reset', 'pass');
});
