// Framework and migration tools that drop or empty a whole database, and where they point.
// `prisma migrate reset`, `rails db:drop`, `manage.py flush`, `artisan migrate:fresh`,
// `mix ecto.drop`, `flyway clean`, `liquibase dropAll`, `diesel database reset` ... all wipe the
// database their configuration names; run against a developer's own database that is routine,
// against production it is an outage. The target is read from the line: environment names
// (RAILS_ENV=production, MIX_ENV=prod, --env production, --settings=app.settings.prod), database
// URLs and hosts given as variables or options (DATABASE_URL=postgres://admin@prod-db/app,
// --url=jdbc:postgresql://10.0.3.4/app, $PROD_DATABASE_URL). A wipe aimed at production or at
// another machine is `data-reset prod|remote TOOL TASK`; one aimed at a local, development or test
// database gives nothing, and one whose target the line does not show is left to the rules on
// the command itself (most tools default to the developer's own database). Sources: each tool's CLI reference (Prisma, Rails Active Record tasks,
// Django management commands, Laravel Artisan, Ecto mix tasks, Sequelize CLI, TypeORM, Knex,
// Alembic, Flyway, Liquibase, Diesel, SQLx, goose, golang-migrate, dbmate, Atlas, drizzle-kit,
// MikroORM, Doctrine, Supabase CLI, pg_restore --clean, mongorestore --drop).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import type { ReadingKey } from './reading-keys.js';
import { privateHost } from '../remote-copies.js';

/** One wiping task: the program (base name) or runner word, and a test on the words after it. */
interface Wipe {
  tool: RegExp;
  task: (rest: string[]) => string | null;
}

const has = (rest: string[], ...seq: string[]) => {
  for (let i = 0; i + seq.length <= rest.length; i++) if (seq.every((s, k) => rest[i + k] === s)) return true;
  return false;
};
const any = (rest: string[], re: RegExp) => rest.find((w) => re.test(w)) ?? null;

/** `migrate APP zero` (Django): the operands after `migrate` are an app and `zero`. */
function migrateZero(rest: string[]): string | null {
  const ops = rest.filter((w) => !w.startsWith('-'));
  const m = ops.indexOf('migrate');
  return m >= 0 && ops[m + 2] === 'zero' ? `migrate ${ops[m + 1] ?? ''} zero` : null;
}

const WIPES: Wipe[] = [
  {
    tool: /^prisma$/,
    task: (r) =>
      has(r, 'migrate', 'reset')
        ? 'migrate reset'
        : has(r, 'db', 'push') && r.some((w) => w === '--force-reset' || w === '--accept-data-loss')
          ? 'db push --force-reset'
          : null,
  },
  {
    tool: /^(?:rails|rake)$/,
    task: (r) =>
      any(r, /^db:(?:drop|reset|purge|truncate_all|schema:load|structure:load|migrate:reset|seed:replant)(?:\[|$)/),
  },
  {
    tool: /^(?:manage\.py|django-admin)$/,
    // `migrate APP zero` unapplies every migration of the app: its tables are dropped
    task: (r) => any(r, /^(?:flush|reset_db|sqlflush)$/) ?? migrateZero(r),
  },
  { tool: /^artisan$/, task: (r) => any(r, /^(?:migrate:fresh|migrate:reset|migrate:refresh|db:wipe)$/) },
  {
    tool: /^mix$/,
    task: (r) => any(r, /^ecto\.(?:drop|reset)$/) ?? (has(r, 'ecto.rollback', '--all') ? 'ecto.rollback --all' : null),
  },
  { tool: /^(?:sequelize|sequelize-cli)$/, task: (r) => any(r, /^db:(?:drop|migrate:undo:all|seed:undo:all)$/) },
  { tool: /^typeorm(?:-ts-node-\w+)?$/, task: (r) => any(r, /^schema:drop$/) },
  { tool: /^knex$/, task: (r) => (has(r, 'migrate:rollback', '--all') ? 'migrate:rollback --all' : null) },
  { tool: /^(?:alembic|flask)$/, task: (r) => (has(r, 'downgrade', 'base') ? 'downgrade base' : null) },
  { tool: /^flyway$/, task: (r) => any(r, /^clean$/) },
  { tool: /^liquibase$/, task: (r) => any(r, /^(?:dropAll|drop-all)$/) },
  {
    tool: /^diesel$/,
    task: (r) => (has(r, 'database', 'reset') ? 'database reset' : has(r, 'database', 'drop') ? 'database drop' : null),
  },
  {
    tool: /^sqlx$/,
    task: (r) => (has(r, 'database', 'drop') ? 'database drop' : has(r, 'database', 'reset') ? 'database reset' : null),
  },
  { tool: /^goose$/, task: (r) => (r.includes('reset') ? 'reset' : has(r, 'down-to', '0') ? 'down-to 0' : null) },
  { tool: /^migrate$/, task: (r) => (r.includes('drop') ? 'drop' : has(r, 'down', '-all') ? 'down -all' : null) },
  { tool: /^dbmate$/, task: (r) => any(r, /^drop$/) },
  { tool: /^atlas$/, task: (r) => (has(r, 'schema', 'clean') ? 'schema clean' : null) },
  // drizzle-kit drop deletes a generated migration file from the project, not a database (drizzle
  // ORM reference, drizzle-kit drop); push --force applies a data-losing schema without asking
  { tool: /^drizzle-kit$/, task: (r) => (has(r, 'push') && r.includes('--force') ? 'push --force' : null) },
  { tool: /^mikro-orm$/, task: (r) => any(r, /^(?:schema:drop|schema:fresh|migration:fresh)$/) },
  { tool: /^console$/, task: (r) => any(r, /^doctrine:(?:database:drop|schema:drop)$/) },
  { tool: /^supabase$/, task: (r) => (has(r, 'db', 'reset') ? 'db reset' : null) },
  // restores that drop what the target holds before loading the dump (pg_restore -c, mongorestore --drop)
  {
    tool: /^pg_restore$/,
    task: (r) => (r.some((w) => w === '--clean' || /^-[a-zA-Z]*c[a-zA-Z]*$/.test(w)) ? '--clean' : null),
  },
  { tool: /^mongorestore$/, task: (r) => (r.includes('--drop') ? '--drop' : null) },
  // Oracle Data Pump import over tables that exist: REPLACE drops and recreates each one, TRUNCATE
  // empties it first (Oracle Utilities, impdp TABLE_EXISTS_ACTION); mysqlimport --delete (-d)
  // empties each table before loading its file (MySQL reference, mysqlimport)
  { tool: /^impdp$/, task: (r) => any(r, /^table_exists_action=(?:replace|truncate)$/i) },
  { tool: /^mysqlimport$/, task: (r) => any(r, /^(?:--delete|-[a-zA-Z]*d[a-zA-Z]*)$/) },
  // hosted databases overwritten in place: Heroku's pg:copy and pg:backups:restore replace every
  // table of the target database, pg:reset empties it (Heroku CLI reference: "overwrites all
  // data"); flyctl postgres import --clean drops the objects first; Cloud SQL's backups restore
  // replaces the data of --restore-instance; pgsync --truncate/--overwrite rewrite the
  // destination's rows, which `--to-safe` confirms is not this machine
  {
    tool: /^heroku$/,
    task: (r) =>
      any(r, /^pg:(?:copy|reset|backups:restore)$/) ?? (has(r, 'pg:backups', 'restore') ? 'pg:backups restore' : null),
  },
  {
    tool: /^(?:fly|flyctl)$/,
    task: (r) =>
      (has(r, 'postgres', 'import') || has(r, 'pg', 'import')) && r.includes('--clean')
        ? 'postgres import --clean'
        : null,
  },
  { tool: /^gcloud$/, task: (r) => (has(r, 'sql', 'backups', 'restore') ? 'sql backups restore' : null) },
  { tool: /^pgsync$/, task: (r) => any(r, /^--(?:truncate|overwrite)$/) },
  // CMS and PHP framework CLIs (Drush, WP-CLI, Magento, Strapi, Payload, Sqitch): each acts on the
  // site of the directory it runs in unless an alias, --ssh or a URL points it elsewhere
  {
    tool: /^drush$/,
    task: (r) =>
      any(r, /^(?:sql-drop|sql:drop|site-install|site:install|si)$/) ??
      (PROD.test(drushSyncTarget(r)) ? 'sql:sync' : null),
  },
  {
    tool: /^wp$/,
    task: (r) =>
      has(r, 'db', 'reset')
        ? 'db reset'
        : has(r, 'db', 'drop')
          ? 'db drop'
          : has(r, 'db', 'clean')
            ? 'db clean'
            : has(r, 'site', 'empty')
              ? 'site empty'
              : r.includes('search-replace') && !r.includes('--dry-run')
                ? 'search-replace'
                : null,
  },
  { tool: /^magento$/, task: (r) => any(r, /^setup:uninstall$/) },
  { tool: /^strapi$/, task: (r) => (r.includes('transfer') && r.includes('--to') ? 'transfer' : any(r, /^import$/)) },
  { tool: /^payload$/, task: (r) => any(r, /^migrate:(?:fresh|reset)$/) },
  // sqitch revert with no change named, or back to @ROOT, reverts every change of the plan
  {
    tool: /^sqitch$/,
    task: (r) =>
      r.includes('revert') && (!r.some((w) => w === '--to' || w.startsWith('--to=')) || r.includes('@ROOT'))
        ? 'revert --to @ROOT'
        : null,
  },
  // message brokers: topics deleted or emptied (Kafka's kafka-topics --delete, kafka-delete-records),
  // queues purged or deleted and nodes reset (rabbitmqctl); the broker is named by --bootstrap-server
  { tool: /^kafka-topics(?:\.sh)?$/, task: (r) => (r.includes('--delete') ? 'topics --delete' : null) },
  { tool: /^kafka-delete-records(?:\.sh)?$/, task: (r) => (r.length ? 'delete-records' : null) },
  {
    tool: /^rabbitmqctl$/,
    task: (r) => any(r, /^(?:purge_queue|delete_queue|delete_vhost|reset|force_reset|clear_policy)$/),
  },
  // the same Flyway and Liquibase wipes run as Maven goals and Gradle tasks (each plugin's docs)
  { tool: /^(?:mvn|mvnw|mvnd)$/, task: (r) => any(r, /^(?:flyway:clean|liquibase:dropAll|liquibase:drop-all)$/) },
  { tool: /^(?:gradle|gradlew)$/, task: (r) => any(r, /^(?::?[\w-]+:)?(?:flywayClean|liquibaseDropAll|dropAll)$/) },
  // sbt-flyway's flywayClean, as a task of one project (`ledger/flywayClean`) or of all (sbt-flyway README)
  { tool: /^sbt$/, task: (r) => any(r, /^(?:[\w-]+\/)?(?:flywayClean|liquibaseDropAll)$/) },
  // Clojure migratus `reset` rolls every migration back, then applies them again (migratus README)
  { tool: /^lein$/, task: (r) => (has(r, 'migratus', 'reset') ? 'migratus reset' : null) },
  // EF Core `dotnet ef database drop` (EF Core tools reference)
  { tool: /^dotnet$/, task: (r) => (has(r, 'ef', 'database', 'drop') ? 'ef database drop' : null) },
];

/** Words of a migration tool's command line: its name or a subcommand about migrations or the schema. */
const MIGRATION_WORD = /migrat|^(?:db|database|schema|ef)$|(?:^|[:/])(?:db|database|schema)(?:[:/]|$)/i;
/** Verbs that take migrations back. */
const BACKWARD =
  /^(?:rollback|rollback-count|rollback-to|downgrade|down|down-to|revert|undo|undo-all|update|migrate|to)$/i;
/** A target that is before the first migration: every one of them unapplied, every table dropped. */
const START = /^(?:0|zero|base|@root)$/i;
/** Verbs that only go back (`down all` is every migration unapplied; `migrate all` applies them). */
const ONLY_BACK = /^(?:rollback|downgrade|down|revert|undo)$/i;
/** Options naming the migration to go back to. */
const TO_OPTION = /^(?:-t|--to|--target|--to-version|--target-version|--version|--destination|-v|--step-to)$/i;
/** Verbs that empty a migration tool's database outright. */
const ERASE = /^(?:reset|fresh|refresh|clean|drop|drop-all|wipe|erase|purge|nuke|destroy)$/i;
/** A rollback this many steps back or more is every migration a real project has. */
const ALL_STEPS = 50;

/**
 * A migration tool, whatever its name, taken back to before its first migration or told to erase
 * its database: `dotnet ef database update 0`, `doctrine:migrations:migrate first`, `phinx rollback
 * -t 0`, `yii migrate/down all`, `diesel migration revert --all`, `umzug down --to 0`, `rails
 * db:rollback STEP=500`, `liquibase rollback-count 9999`, `graphile-migrate reset --erase`. Each
 * unapplies every migration, which drops every table they made. The words that say so, or null.
 */
export function migrationToStart(tool: string, rest: string[]): string | null {
  const words = rest.flatMap((w) => (w.startsWith('-') || w.includes('=') ? [w] : w.split(/[:/]/)));
  // a migration tool: its name or a word says so, or its subcommand only goes back (`phinx rollback`, `umzug down`)
  const first = rest.find((w) => !w.startsWith('-')) ?? '';
  if (
    !MIGRATION_WORD.test(tool) &&
    !rest.some((w) => !w.startsWith('-') && MIGRATION_WORD.test(w)) &&
    !ONLY_BACK.test(first.split(/[-:]/)[0] ?? '')
  )
    return null;
  let backward = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const next = words[i + 1] ?? '';
    if (BACKWARD.test(w)) {
      backward = true;
      if (START.test(next) || (ONLY_BACK.test(w) && /^all$/i.test(next)) || (/^migrate$/i.test(w) && next === 'first'))
        return `${w} ${next}`;
      if (/count$/i.test(w) && Number(next) >= ALL_STEPS) return `${w} ${next}`;
      continue;
    }
    // `django-style APP zero`: an operand between the verb and the start
    if (backward && !w.startsWith('-') && /^(?:zero|base|@root)$/i.test(next)) return `${w} ${next}`;
    if (backward && /^-{1,2}all$/i.test(w)) return `all ${w}`;
    const eq = /^(-{1,2}[\w-]+)=(.*)$/.exec(w);
    const opt = eq ? (eq[1] ?? '') : w;
    const val = eq ? (eq[2] ?? '') : next;
    if (backward && TO_OPTION.test(opt) && START.test(val)) return `${opt} ${val}`;
    const steps = /^(?:STEP|STEPS)=(\d+)$/i.exec(w) ?? (/^--steps?$/i.test(w) ? /^(\d+)$/.exec(next) : null);
    if (backward && steps && Number(steps[1]) >= ALL_STEPS) return `${w}${eq || w.includes('=') ? '' : ' ' + next}`;
    if (ERASE.test(w) && (MIGRATION_WORD.test(tool) || i > 0)) return w;
  }
  return null;
}

/**
 * An option that says it drops or empties the database, on any tool (`setup:install
 * --cleanup-database`, `--drop-database`, `--drop-tables`, `--truncate-tables`, `--db-reset`,
 * `--purge-data`): the tool's run starts by wiping what is there.
 */
const WIPE_OPTION =
  /^--?(?:[a-z]+-)*(?:cleanup|clean|drop|purge|wipe|truncate|reset|erase|delete|destroy|nuke)-(?:all-)?(?:database|databases|db|dbs|tables|schema|schemas|data)$|^--?(?:database|db|tables|schema|data)-(?:drop|purge|wipe|reset|cleanup|clean|truncate|erase)$/i;
/** A database noun, then a verb that loads a dump over it (`db:import`, `db restore`, `database load`). */
const DB_NOUN = /^(?:db|database|sql|mysql|pgsql|postgres|mongo|dump)$/i;
const OVERWRITE = /^(?:import|restore|load|replace|rollback|reload)$/i;

/** The option or the words by which a command wipes or overwrites its database, or null. */
export function databaseOverwrite(rest: string[]): string | null {
  const opt = rest.find((w) => WIPE_OPTION.test(w.replace(/=.*$/, '')));
  if (opt) return opt.replace(/=.*$/, '');
  const words = rest.filter((w) => !w.startsWith('-')).flatMap((w) => w.split(/[:/]/));
  for (let i = 0; i + 1 < words.length && i < 4; i++)
    if (DB_NOUN.test(words[i] ?? '') && OVERWRITE.test(words[i + 1] ?? '')) return `${words[i]} ${words[i + 1]}`;
  return null;
}

/**
 * `wp search-replace OLD NEW`: OLD and NEW are text rewritten in the site's tables, not the
 * database the command reaches (that is --path, --url, an @alias or --ssh). When NEW is a URL on a
 * name public DNS never answers (`https://shop.test`, `http://client.local`, localhost, a LAN
 * name), the run points a copy of the site at this machine, the routine step after importing a
 * staging or production dump; the two words are then no target. Any other NEW (`https://evil.com`
 * on a live site) keeps them, and with them the remote reading (WP-CLI, wp search-replace).
 */
function localizedSearchReplace(rest: string[]): string[] {
  const at = rest.indexOf('search-replace');
  const ops: number[] = [];
  for (let k = at + 1; k < rest.length && ops.length < 2; k++) if (!(rest[k] ?? '').startsWith('-')) ops.push(k);
  const next = rest[ops[1] ?? -1] ?? '';
  const host = /^(?:https?:)?\/\/([^/:?#\s]+)/i.exec(next)?.[1] ?? /^([^/:?#\s]+)(?:[:/]|$)/.exec(next)?.[1] ?? '';
  const local = host !== '' && !host.includes('$') && (privateHost(host) || /\.(?:test|localhost)$/i.test(host));
  return ops.length === 2 && local ? rest.filter((_, k) => !ops.includes(k)) : rest;
}

/** The site `drush sql:sync SOURCE TARGET` overwrites: its second operand. */
function drushSyncTarget(r: string[]): string {
  const ops = r.filter((w) => !w.startsWith('-'));
  const at = ops.findIndex((w) => w === 'sql-sync' || w === 'sql:sync');
  return at >= 0 ? (ops[at + 2] ?? '') : '';
}

/** Any word of a line that a migration tool taken back to its start must hold (migrationToStart). */
const MIGRATION_HINT =
  'migrat|\\bdb\\b|database|schema|\\bef\\b|rollback|downgrade|revert|undo|\\bdown\\b|-tables\\b|-data\\b|\\bsql\\b|\\bdump\\b';

/**
 * The applicability key of dataResetEffects (reading-keys.ts): a wipe is found only where some
 * word of the line holds one of the tools' names (the tool is a word's base name, lower-cased),
 * so the tools' patterns, unanchored, are the key. A pattern of another shape (flags, more than
 * one anchored alternative) cannot be unanchored this way: then the reading runs on every line.
 */
export const DATA_RESET_KEY: ReadingKey = WIPES.every(
  (w) => !w.tool.flags && /^\^(?:\(\?:[^()^$]*\)|[^()|^$])*\$$/.test(w.tool.source),
)
  ? { words: new RegExp([...WIPES.map((w) => w.tool.source.slice(1, -1)), MIGRATION_HINT].join('|')) }
  : {};

/** Runners whose next word is the tool (`npx prisma`, `bundle exec rails`, `python manage.py`). */
const RUNNERS = new Set([
  'npx',
  'pnpx',
  'bunx',
  'exec',
  'dlx',
  'pnpm',
  'yarn',
  'bundle',
  'python',
  'python3',
  'php',
  'poetry',
  'pipenv',
  'uv',
  'run',
  'cargo',
  'go',
  'dotnet',
  'npm',
  'bun',
]);

const PROD_WORD = /(?:^|[^A-Za-z])(?:prod|production|prd|live)(?:[^A-Za-z]|$)/i;
/** camelCase and PascalCase names (`dbProd`, `ConnectionProduction`), case by case. */
const PROD_CAMEL = /[a-z](?:Prod|Production)(?:[^a-z]|$)/;
const PROD = { test: (s: string): boolean => PROD_WORD.test(s) || PROD_CAMEL.test(s) };
const DEV = /(?:^|[^A-Za-z])(?:dev|devel|development|test|testing|local|ci)(?:[^A-Za-z]|$)/i;
/** .NET names databases in PascalCase: `HRDev`, `DocGenDev`, `OrdersTest`. */
const DEV_PASCAL = /[a-z0-9A-Z](?:Dev|Devel|Development|Test|Testing|Local)\d*$/;
const LOCAL_HOST =
  /^(?:localhost|127(?:\.\d+){3}|::1|\[::1\]|0\.0\.0\.0|host\.docker\.internal|db|postgres|mysql|database|\(localdb\)\\[\w.-]+|\(local\)(?:\\[\w.-]+)?|\.(?:\\[\w.-]+)?|localhost\\[\w.-]+)$/i;
/** Variables and options that name the database or its environment. */
const ENV_NAME = /^(?:RAILS_ENV|RACK_ENV|MIX_ENV|NODE_ENV|APP_ENV|FLASK_ENV|DJANGO_SETTINGS_MODULE|ENV|STAGE)$/;
const DB_SCHEME =
  /^(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|sqlserver|mssql|cockroachdb|clickhouse)(?:\+\w+)?:\/\//i;
const URL_NAME = /(?:DATABASE_URL|DB_URL|_DSN|^PGHOST|^MYSQL_HOST|^DB_HOST|^DATABASE_HOST|_DB_HOST)$/;
const URL_OPTION =
  /^(?:--url|-url|--database-url|--db-url|-database|--database|--host|-h|--dsn|--connection|--uri|--bootstrap-server|--broker-list|--zookeeper|--node)$/;
const ENV_OPTION = /^(?:--env|-e|--environment|-environment|--settings|--stage|--profile|-x)$/;
/** Options naming the configuration file a tool reads its database from (`--config drizzle.dev.config.ts`). */
const CONFIG_OPTION = /^(?:--config|-c|--config-file|--configFile|--schema|-configFiles)$/;

export type Target = 'prod' | 'remote' | 'dev' | 'unknown';

/** The host a database URL or host word names, or null. */
function hostOf(v: string): string | null {
  // an ADO.NET or ODBC connection string: `Server=sql01;Database=app`, `Data Source=x`, `Host=x`
  const cs = /(?:^|;)\s*(?:server|data source|host|address|addr)\s*=\s*(?:tcp:)?([^;,]+)/i.exec(v);
  if (cs) return cs[1]?.trim() ?? null;
  const m = /^[a-z][\w+.-]*:(?:[a-z]+:)?\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/?]+)/i.exec(v);
  if (m) return m[1] ?? null;
  // a host with its port (`kafka.prod:9092`), the first of a broker list, a node (`rabbit@mq-1`)
  const h = /^(?:[\w.-]+@)?([\w.-]+)(?::\d+)?(?:,|$)/.exec(v);
  return h ? (h[1] ?? null) : null;
}

export function classify(values: TargetValue[]): Target {
  let t: Target = 'unknown';
  for (const { name, value, kind } of values) {
    if (PROD.test(value) || PROD.test(name)) return 'prod';
    if (kind === 'env') {
      if (DEV.test(value)) t = 'dev';
      continue;
    }
    if (value.includes('$')) continue;
    const host = hostOf(value);
    if (host === null) continue;
    // a site's private domain (`sql01.corp.local`, `db.lan`) names no development machine; a
    // connection string's database is its `Database=` part
    const bare = host.replace(/\.(?:local|lan|internal|intranet|corp|home\.arpa)$/i, '');
    const db = /(?:^|;)\s*(?:database|initial catalog|dbname)\s*=\s*([^;]+)/i.exec(value)?.[1];
    // the database a URL names after its last slash; a bare host is its own tail, without the
    // private domain (`resolve-db.bfpost.local` is a machine on the site's network, not a local one)
    const tail =
      db ?? (/(?:^|;)\s*\w[\w ]*=/.test(value) ? '' : value.includes('/') ? value.replace(/^.*\//, '') : bare);
    if (LOCAL_HOST.test(host) || LOCAL_HOST.test(bare) || DEV.test(bare) || DEV.test(tail) || DEV_PASCAL.test(tail)) {
      if (t === 'unknown') t = 'dev';
      continue;
    }
    if (/^\//.test(value) || /^file:/i.test(value) || /\.(?:db|sqlite3?)$/.test(value)) continue;
    t = 'remote';
  }
  return t;
}

/** One environment name or database URL a line gives a tool. */
export interface TargetValue {
  name: string;
  value: string;
  kind: 'env' | 'url';
}

/** Every environment name or database URL the assignments and the words after the tool give it. */
export function targetValues(assigns: { name: string; value: string }[], rest: string[]): TargetValue[] {
  const values: TargetValue[] = [];
  for (const a of assigns) {
    if (ENV_NAME.test(a.name)) values.push({ name: a.name, value: a.value, kind: 'env' });
    else if (URL_NAME.test(a.name)) values.push({ name: '', value: a.value, kind: 'url' });
    // any other variable holding a database URL (`MIKRO_ORM_CLIENT_URL=postgres://...`, `TYPEORM_URL`, `DATABASE_URI`)
    else if (/(?:URL|URI)$/.test(a.name) && DB_SCHEME.test(a.value))
      values.push({ name: '', value: a.value, kind: 'url' });
  }
  for (let k = 0; k < rest.length; k++) {
    const w = rest[k] ?? '';
    const eq = w.indexOf('=');
    const opt = eq > 0 ? w.slice(0, eq) : w;
    const val = eq > 0 ? w.slice(eq + 1) : rest[k + 1];
    // a URL operand names the database wherever it stands, the last word too
    if (val === undefined) {
      if (/^[a-z][\w+.-]*:(?:[a-z]+:)?\/\//i.test(w)) values.push({ name: '', value: w, kind: 'url' });
      continue;
    }
    if (URL_OPTION.test(opt) || /^-[DP][\w.-]*\.url$/i.test(opt)) values.push({ name: '', value: val, kind: 'url' });
    else if (ENV_OPTION.test(opt)) values.push({ name: '', value: val, kind: 'env' });
    else if (CONFIG_OPTION.test(opt)) values.push({ name: '', value: val.replace(/^.*\//, ''), kind: 'env' });
    else if (/^[a-z][\w+.-]*:(?:[a-z]+:)?\/\//i.test(w)) values.push({ name: '', value: w, kind: 'url' });
    else if (/^(?:RAILS_ENV|MIX_ENV|RACK_ENV)=/.test(w)) values.push({ name: '', value: val, kind: 'env' });
    // rake and rails take NAME=value words as environment (`rails db:reset DATABASE_URL=...`)
    else if (eq > 0 && /^[A-Z_][A-Z0-9_]*$/.test(opt)) {
      if (ENV_NAME.test(opt)) values.push({ name: opt, value: val, kind: 'env' });
      else if (URL_NAME.test(opt)) values.push({ name: '', value: val, kind: 'url' });
    }
  }
  return values;
}

/** A wipe a command runs: the tool, its task, and every environment name or URL the line gives it. */
export interface DataReset {
  tool: string;
  task: string;
  values: TargetValue[];
}

/** The wipe this command runs, with what the line says about its target; null for any other command. */
export function dataReset(c: Pick<SimpleCommand, 'argv' | 'assigns'>): DataReset | null {
  const argv = c.argv;
  let i = 0;
  while (i < argv.length - 1 && (RUNNERS.has(basename(argv[i] ?? '')) || (argv[i] ?? '').startsWith('-'))) i++;
  const tool = basename(argv[i] ?? '')
    .replace(/^bin\//, '')
    .toLowerCase();
  const wipe = WIPES.find((w) => w.tool.test(tool));
  let rest = argv.slice(i + 1);
  // any migration tool taken back to its start, named here or not
  const task = wipe?.task(rest) ?? migrationToStart(tool, rest) ?? databaseOverwrite(rest);
  if (!task) return null;
  if (tool === 'wp' && task === 'search-replace') rest = localizedSearchReplace(rest);
  const values = targetValues(c.assigns, rest);
  // pg_restore and mongorestore name the database restored into with -d/--dbname (a URL or a name)
  if (tool === 'pg_restore' || tool === 'mongorestore')
    for (let k = 0; k < rest.length; k++)
      if (/^(?:-d|--dbname|--db|--uri)$/.test(rest[k] ?? '') && rest[k + 1] !== undefined)
        values.push({ name: '', value: rest[k + 1] ?? '', kind: /:\/\//.test(rest[k + 1] ?? '') ? 'url' : 'env' });
  // `supabase db reset` resets the local stack unless told to use the linked project or a URL.
  if (tool === 'supabase' && rest.includes('--linked')) values.push({ name: '', value: 'linked', kind: 'url' });
  // the Heroku app, the WP-CLI or Drush remote (`-a shop`, `--ssh=host`, `@prod`), pgsync's confirmation of a remote target
  if (tool === 'heroku' || tool === 'wp' || tool === 'drush' || tool === 'pgsync')
    for (let k = 0; k < rest.length; k++) {
      const w = rest[k] ?? '';
      if ((w === '-a' || w === '--app') && rest[k + 1])
        values.push({ name: '', value: rest[k + 1] ?? '', kind: 'env' });
      else if (w.startsWith('--app=')) values.push({ name: '', value: w.slice(6), kind: 'env' });
      else if (w.startsWith('--ssh=')) values.push({ name: '', value: w.slice(6), kind: 'url' });
      else if (w === '--to-safe') values.push({ name: '', value: 'remote', kind: 'url' });
      else if (/^@[\w.-]+$/.test(w) && !/^@(?:self|none|local|dev|test|sites)$/.test(w))
        values.push({ name: '', value: w.slice(1), kind: 'env' });
    }
  // impdp's first operand is the connection, `user/password@service`: the service is the target
  if (tool === 'impdp') {
    const conn = rest.find((w) => /^[^\s=/@]+\/[^\s@]*@[\w.:/-]+$/.test(w) || /^[^\s=@]+@[\w.:/-]+$/.test(w));
    const at = conn?.slice(conn.lastIndexOf('@') + 1);
    // `@host:1521/service` names a server; a bare `@ALIAS` is a tnsnames entry the line does not resolve
    if (at !== undefined)
      values.push(
        /[./:]/.test(at) ? { name: '', value: `oracle://${at}`, kind: 'url' } : { name: '', value: at, kind: 'env' },
      );
  }
  // mysqlimport [options] DB FILE...: the database is the first operand
  if (tool === 'mysqlimport') {
    const db = rest.find(
      (w, k) => !w.startsWith('-') && !/^-[hPuS]$|^--(?:host|port|user|socket)$/.test(rest[k - 1] ?? ''),
    );
    if (db) values.push({ name: '', value: db, kind: 'env' });
  }
  if (tool === 'strapi')
    for (let k = 0; k < rest.length; k++)
      if (rest[k] === '--to' && rest[k + 1]) values.push({ name: '', value: rest[k + 1] ?? '', kind: 'url' });
  // a production name anywhere among its words (`--schema=prisma/schema.prod.prisma`, a DSN `host=prod-db`)
  // (Heroku's `APP::DATABASE` names the source of a copy or restore, not what it overwrites)
  // (a restore's dump file is what is read, not what is overwritten: `-d app_dev prod-snapshot.dump`)
  const source = (w: string) => (tool === 'pg_restore' || tool === 'mongorestore') && DUMP_FILE.test(w);
  for (const w of rest)
    if (PROD.test(w) && !w.startsWith('$') && !(tool === 'heroku' && w.includes('::')) && !source(w))
      values.push({ name: '', value: w, kind: 'env' });
  return { tool, task, values };
}

/**
 * A wipe aimed only at a development, test or local database: some name or URL on the line says
 * so, and nothing on it names production, another machine, or a URL held in a variable.
 */
export function devReset(r: DataReset): boolean {
  let dev = false;
  for (const v of r.values) {
    if (v.value.includes('$')) return false;
    // a SQLite file named for development (`DATABASE_URL=file:./dev.db`) is on this machine
    if (v.kind === 'url' && /^(?:file:|\.{0,2}\/)/i.test(v.value) && !PROD.test(v.value)) {
      if (!DEV.test(v.value.replace(/^.*\//, ''))) return false;
      dev = true;
      continue;
    }
    const one = classify([v]);
    if (one === 'dev') dev = true;
    else if (one !== 'unknown' || v.kind === 'url') return false;
  }
  return dev;
}

/** The wipe this command runs and where it points, as a `data-reset` exec effect. */
export function dataResetEffects(c: SimpleCommand): Effect[] {
  const r = dataReset(c);
  if (!r) return [];
  const { tool, task, values } = r;
  const target = classify(values);
  // `manage.py sqlflush` only prints the SQL a flush would run; reset_db (django-extensions) is a dev tool
  // a Heroku app not named for staging, review or development may well be production: its
  // database is overwritten whatever the app is called
  const herokuApp = tool === 'heroku' && target === 'unknown' && !values.some((v) => HEROKU_PREPROD.test(v.value));
  // a clean restore into a database the line names, and not for development or tests
  // (`pg_restore --clean -d moodle x.dump`): whatever that database held is replaced by the dump
  const namedRestore =
    (tool === 'pg_restore' || tool === 'mongorestore' || tool === 'impdp') && target === 'unknown' && values.length > 0;
  // an option that wipes the database (--cleanup-database), where the line does not say which one
  const wipeOption = target === 'unknown' && task.startsWith('-');
  // a dump loaded over a database on another machine or production (`db:import`, `sql import`):
  // a replacement from another source, asked, as the platforms' imports are
  const overwrite =
    (target === 'remote' || target === 'prod') &&
    OVERWRITE.test(task.split(' ')[1] ?? '') &&
    DB_NOUN.test(task.split(' ')[0] ?? '');
  if (
    herokuApp ||
    namedRestore ||
    wipeOption ||
    overwrite ||
    (target === 'unknown' &&
      !values.length &&
      !LOCAL_DEFAULT.test(tool) &&
      /^(?:goose|drizzle-kit|kafka-.*)$/.test(tool))
  ) {
    // the line does not say which database: the one the project's configuration names, which
    // may be production (asked, not denied)
    const command = `data-reset unknown ${tool} ${task}`;
    return [{ tool: 'exec', command, via: `${tool} ${task} wipes the database its configuration names` }];
  }
  if (target !== 'prod' && target !== 'remote') return [];
  const command = `data-reset ${target} ${tool} ${task}`;
  return [
    { tool: 'exec', command, via: `${tool} ${task} wipes a ${target === 'prod' ? 'production' : 'remote'} database` },
  ];
}

/**
 * Tools that, told nothing, act on this machine or its development database: the local Supabase
 * stack, pg_restore and mongorestore into the local server, rabbitmqctl on the local node, Mix
 * tasks (MIX_ENV defaults to dev), Rails and rake tasks (RAILS_ENV defaults to development).
 */
const LOCAL_DEFAULT =
  /^(?:supabase|pg_restore|mongorestore|mysqlimport|rabbitmqctl|mix|rails|rake|drush|wp|magento|strapi)$/;

/** A dump file given to a restore: a path or a name with a dump's extension. */
const DUMP_FILE = /[/\\]|\.(?:dump|sql|backup|bak|tar|archive|gz|bson|pgdump|custom)$/i;

/** Heroku apps named for a stage before production (pipelines' staging, review apps `app-pr-42`). */
const HEROKU_PREPROD = /(?:^|[^A-Za-z])(?:staging|stage|stg|review|preview|qa|uat|sandbox|demo|pr-\d+)(?:[^A-Za-z]|$)/i;
