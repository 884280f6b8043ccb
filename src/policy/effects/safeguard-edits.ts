// Writes that arm a later loss of data instead of causing it now:
//   `safeguard-off KEY PATH`   an edit turns off a deletion safeguard of infrastructure code:
//                              Terraform's `prevent_destroy = true -> false`, `deletion_protection`,
//                              `skip_final_snapshot false -> true`, `force_destroy`, CloudFormation's
//                              `DeletionPolicy: Retain -> Delete`, Pulumi's `protect`, a volume's
//                              `persistentVolumeReclaimPolicy: Retain -> Delete`, Helm's
//                              `helm.sh/resource-policy: keep` removed. The next apply or destroy then
//                              deletes what the safeguard kept. Only a change of the value (or the
//                              protective line taken out) reads so: a new file that starts without
//                              the safeguard is ordinary work.
//   `migration-wipe PATH WHAT` a migration (a file under migrations/, migrate/, alembic/versions,
//                              Flyway's V1__x.sql) that empties or cascades away tables when it runs:
//                              TRUNCATE ... CASCADE, DELETE without WHERE, DROP ... CASCADE, DROP SCHEMA/DATABASE,
//                              Rails `drop_table ..., force: :cascade`, `Model.delete_all`, and a
//                              plain drop of a table not named as retired (migration-drops.ts). The
//                              rollback half of a migration (`def down`, `downgrade`, `-- +goose Down`,
//                              `*.down.sql`) undoes what the up half made and is not read.
//   `test-config-on-prod PATH` a test or development configuration (.env.test, database.test.yml,
//                              settings/dev.py) pointed at a production database: test suites
//                              truncate and reseed what they are given.
// Sources: Terraform lifecycle meta-arguments and the AWS/Google providers' aws_db_instance,
// aws_rds_cluster, aws_s3_bucket, aws_lb, google_sql_database_instance, google_container_cluster
// arguments; CloudFormation DeletionPolicy and DeletionProtectionEnabled; Pulumi resource options;
// Kubernetes PersistentVolume reclaim policy; Helm's resource-policy annotation; the migration
// layouts of Rails, Django, Alembic, Prisma, Flyway, goose, golang-migrate, Knex, TypeORM, Sequelize.
import { forgeSettingsFileEffects } from './forge-protections.js';
import type { Effect } from './types.js';
import { armedSettingEffects } from './armed-settings.js';
import { schemaWipeIn, wipeIn, wipesIn } from './wipes.js';
import { tableDropIn } from './migration-drops.js';

/** A safeguard: its key, and the values that protect and that do not. */
interface Safeguard {
  key: RegExp;
  on: RegExp;
  off: RegExp;
  /** Taking the protective line out turns it off too. */
  removable?: boolean;
}

const TRUE = /^(?:true|True|TRUE|"true"|yes|1)$/;
const FALSE = /^(?:false|False|FALSE|"false"|no|0)$/;

const SAFEGUARDS: Safeguard[] = [
  { key: /prevent_destroy/, on: TRUE, off: FALSE, removable: true },
  {
    key: /deletion_protection(?:_enabled)?|enable_deletion_protection|DeletionProtection(?:Enabled)?|deletionProtection|disable_api_termination|termination_protection|EnableTerminationProtection|protect|retainOnDelete|retain_on_delete/,
    on: TRUE,
    off: FALSE,
    removable: true,
  },
  {
    key: /skip_final_snapshot|force_destroy|delete_automated_backups|forceDestroy|skipFinalSnapshot/,
    on: FALSE,
    off: TRUE,
  },
  {
    key: /DeletionPolicy|UpdateReplacePolicy/,
    on: /^"?(?:Retain|Snapshot|RetainExceptOnCreate)"?$/,
    off: /^"?Delete"?$/,
    removable: true,
  },
  { key: /persistentVolumeReclaimPolicy|reclaimPolicy/, on: /^"?Retain"?$/, off: /^"?Delete"?$/ },
  // Crossplane managed resources and claims (`deletionPolicy: Orphan` keeps the external resource
  // when the object is deleted), a StatefulSet's PVC retention (`whenDeleted`/`whenScaled`),
  // KubeBlocks' `terminationPolicy` (DoNotTerminate, Halt keep the data; Delete, WipeOut do not)
  { key: /deletionPolicy/, on: /^"?(?:Orphan|Retain)"?$/, off: /^"?Delete"?$/, removable: true },
  { key: /whenDeleted|whenScaled/, on: /^"?Retain"?$/, off: /^"?Delete"?$/ },
  { key: /terminationPolicy/, on: /^"?(?:DoNotTerminate|Halt)"?$/, off: /^"?(?:Delete|WipeOut)"?$/ },
  // Config Connector's and ACK's annotations that abandon or retain the cloud resource on delete
  {
    key: /"?cnrm\.cloud\.google\.com\/deletion-policy"?|"?services\.k8s\.aws\/deletion-policy"?/,
    on: /^"?(?:abandon|retain)"?$/,
    off: /^"?delete"?$/,
    removable: true,
  },
  { key: /"?helm\.sh\/resource-policy"?/, on: /^"?keep"?$/, off: /^"?delete"?$/, removable: true },
];

/** `key = value`, `key: value`, `key=value,` in HCL, YAML, JSON and Pulumi code. */
function values(text: string, key: RegExp): string[] {
  const re = new RegExp(`(?:^|[\\s{,(])"?(?:${key.source})"?\\s*[:=]\\s*("?[\\w-]+"?)`, 'gm');
  return [...text.matchAll(re)].map((m) => m[1] ?? '');
}

/** The safeguards an edit from `before` to `after` turns off. */
export function safeguardsOff(before: string, after: string): string[] {
  const out: string[] = [];
  for (const s of SAFEGUARDS) {
    const was = values(before, s.key).filter((v) => s.on.test(v));
    if (!was.length) continue;
    const now = values(after, s.key);
    const off = now.some((v) => s.off.test(v));
    const dropped = s.removable === true && !now.some((v) => s.on.test(v)) && after.trim() !== '';
    if (off || dropped) out.push(/^(\w+)/.exec(s.key.source)?.[1] ?? 'safeguard');
  }
  return out;
}

/** Files whose text runs as a database migration. */
const MIGRATION_PATH =
  // (Prisma keeps each migration in a folder of its own: migrations/20240601_x/migration.sql)
  /(?:^|\/)(?:migrations?|migrate|versions|changelog|changesets|schema-migrations)\/(?:[^/]+\/)?[^/]+$|(?:^|\/)V\d+[^/]*__[^/]+\.sql$/i;
/** Files or sections that only roll back. */
const DOWN_FILE = /(?:^|[._-])down\.sql$|(?:^|\/)U\d+[^/]*__[^/]+\.sql$/i;
const DOWN_SECTION =
  /^\s*(?:def\s+down\b|def\s+downgrade\b|--\s*\+(?:goose|migrate)\s+Down\b|exports\.down\b|(?:public\s+)?(?:async\s+)?down\s*[(:=]|async\s+down\s*\(|down:\s*(?:async\s*)?(?:function|\())/im;

/** What the written migration at PATH wipes when it runs, or null. */
export function migrationWipe(path: string, text: string): string | null {
  if (!MIGRATION_PATH.test(path) || DOWN_FILE.test(path)) return null;
  const down = DOWN_SECTION.exec(text);
  const forward = down ? text.slice(0, down.index) : text;
  // (a test tree's migrations only ever meet a test database)
  return wipeIn(forward) ?? (TEST_TREE.test(path) ? null : tableDropIn(forward));
}

/** Seed and reset files a setup or deploy step runs (`db/seeds.rb`, `seeds/`, `prisma/seed.ts`, `db/seed/reset.sql`). */
const SEED_PATH =
  /(?:^|\/)(?:seeds?|seeders|seed-data|fixtures)\/[^/]+$|(?:^|\/)seeds?(?:[._-][\w-]+)?\.(?:sql|rb|ts|js|mjs|py|exs|php)$/i;
/** What a seed wipes beyond what it seeds: every table, a schema or the database. */
export function seedWipe(path: string, text: string): string | null {
  // a test suite's fixtures only ever meet a test database
  if (!SEED_PATH.test(path) || /(?:^|\/)(?:tests?|spec|specs|__tests__|e2e)\//i.test(path)) return null;
  return (
    wipesIn(text).find((w) => /^(?:every table|DROP SCHEMA|DROP \.\.\. CASCADE|audit trail removed)$/.test(w)) ?? null
  );
}

/** Folders whose scripts only ever meet a test database: fixtures, test support. */
const TEST_TREE = /(?:^|\/)(?:tests?|spec|specs|fixtures|__tests__|testdata|e2e|cypress|playwright)\//i;

/**
 * `wipe-script PATH WHAT`: a SQL script written outside migrations and test folders that
 * empties the whole database (DROP OWNED BY, a loop truncating every table of the
 * catalogue). Nothing is lost when it is written; everything is on whatever database it is next
 * run against, and a later call that runs it shows only its name.
 */
function schemaWipeScript(path: string, text: string): string | null {
  // dbt macros run only when invoked, and templated SQL names its schema at run time
  if (!/\.(?:sql|psql|pgsql)$/i.test(path) || TEST_TREE.test(path) || /(?:^|\/)macros\//.test(path)) return null;
  if (/\{[{%]/.test(text)) return null;
  return schemaWipeIn(text.length > 256 * 1024 ? text.slice(0, 256 * 1024) : text);
}

/** A test or development configuration (`.env.test`, `config/settings/dev.py`, `database.test.yml`). */
const TEST_CONFIG =
  /(?:^|[/._-])(?:test|tests|testing|dev|development|local|ci)(?:[._-][^/]*)?$|(?:^|\/)\.env\.(?:test|testing|dev|development|local|ci)$/i;
/** A database address or name that says production (`DATABASE_URL=postgres://app@prod-db/app`, `host: db.prod.internal`). */
const PROD_DATABASE =
  /\b(?:DATABASE_URL|DB_URL|[A-Z_]*DSN|DB_HOST|DATABASE_HOST|PGHOST|MYSQL_HOST|MONGO(?:DB)?_URI|REDIS_URL|host|url|database)\b\s*[:=]\s*["']?[^\s"'#]*(?:^|[^A-Za-z])(?:prod|production|prd|live)(?:[^A-Za-z]|$)/im;

/**
 * `test-config-on-prod PATH`: a test or development configuration pointed at a production
 * database. Test suites truncate and reseed the database they are given, so the next test run
 * wipes production.
 */
function testConfigOnProd(path: string, before: string, after: string): boolean {
  if (testDatabaseIsMain(path, before, after)) return true;
  return (
    TEST_CONFIG.test(path.replace(/\.(?:ya?ml|json|toml|py|rb|js|ts|ini|cfg|conf|properties|exs)$/i, '')) &&
    PROD_DATABASE.test(after) &&
    !PROD_DATABASE.test(before)
  );
}

/**
 * Django's `'TEST': {'NAME': X}` where X is the database's own NAME, or a test database set in a
 * production settings file: the test runner creates that database afresh, dropping it first.
 */
function testDatabaseIsMain(path: string, before: string, after: string): boolean {
  const test = /['"]TEST['"]\s*:\s*\{[^}]*['"]NAME['"]\s*:\s*['"]([^'"]+)['"]/.exec(after);
  if (!test || /['"]TEST['"]\s*:\s*\{[^}]*['"]NAME['"]/.test(before)) return false;
  const names = [...`${before}\n${after.replace(test[0], '')}`.matchAll(/['"]NAME['"]\s*:\s*['"]([^'"]+)['"]/g)].map(
    (m) => m[1],
  );
  return (
    names.includes(test[1]) ||
    /(?:^|[/._-])(?:prod|production|live)(?:[/._-]|$)/i.test(path.replace(/^.*\/(?=[^/]*\/[^/]*$)/, ''))
  );
}

/** Infrastructure inputs of a production stack (Terraform, tfvars, Pulumi stack config, Helm values). */
const IAC_INPUT = /\.(?:tf|tfvars|hcl)$|(?:^|\/)Pulumi\.[\w-]+\.ya?ml$|(?:^|\/)values[\w.-]*\.ya?ml$|\.auto\.tfvars$/;
const PROD_PLACE = /(?:^|[/._-])(?:prod|production|prd|live)(?:[/._-]|$)/i;

/**
 * `infra-emptied PATH KEY`: an edit of a production stack's input that turns a resource count to
 * 0 or a list or map of resources to empty (`count = 1 -> 0`, `buckets = [...] -> []`, a Pulumi
 * config value `'[...]' -> '[]'`): the next apply deletes every resource it made.
 */
function infraEmptied(path: string, before: string, after: string): string[] {
  const rel = path.replace(/^(?:~|\/(?:home|Users)\/[^/]+|\/root)\//, '');
  if (!IAC_INPUT.test(rel) || !PROD_PLACE.test(rel)) return [];
  const vals = (t: string) =>
    new Map([...t.matchAll(/^\s*["']?([\w:.-]+)["']?\s*[:=]\s*(.+?)\s*,?\s*$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']));
  const was = vals(before);
  const out: string[] = [];
  for (const [k, v] of vals(after)) {
    const old = was.get(k);
    // a Pulumi stack setting added empty overrides the program's default list of resources
    if (old === undefined) {
      if (/(?:^|\/)Pulumi\.[\w-]+\.ya?ml$/.test(rel) && /:/.test(k) && /^["']?\[\s*\]["']?$/.test(v)) out.push(k);
      continue;
    }
    const empty =
      /^["']?(?:\[\s*\]|\{\s*\}|toset\(\s*\[\s*\]\s*\))["']?$/.test(v) && !/^["']?(?:\[\s*\]|\{\s*\})["']?$/.test(old);
    const zero =
      /^(?:count|desired_count|desired_capacity|min_size|max_size|instance_count|node_count|replicas|[\w:.-]*(?:count|replicas))$/i.test(
        k,
      ) &&
      /^["']?0["']?$/.test(v) &&
      /^["']?[1-9]\d*["']?$/.test(old);
    if (empty || zero) out.push(k);
  }
  return out;
}

/** The effects of a write or edit call that arm a later loss. */
export function armedLossEffects(tool: string, path: string, before: string, after: string): Effect[] {
  const out: Effect[] = [];
  const file = path.replace(/[^\w./~-]/g, '_');
  if (tool === 'edit' && before)
    for (const key of safeguardsOff(before, after))
      out.push({
        tool: 'exec',
        command: `safeguard-off ${key} ${file}`,
        via: `the edit turns off ${key} in ${path}: the next apply or destroy deletes what it kept`,
      });
  if (testConfigOnProd(path, before, after))
    out.push({
      tool: 'exec',
      command: `test-config-on-prod ${file}`,
      via: `${path} points a test or development setup at a production database: the next test run resets it`,
    });
  if (tool === 'edit' && before)
    for (const key of infraEmptied(path, before, after))
      out.push({
        tool: 'exec',
        command: `infra-emptied ${file} ${key.replace(/[^\w:.-]/g, '_')}`,
        via: `the edit empties ${key} in ${path}: the next apply deletes what it made`,
      });
  const seed = seedWipe(path, after);
  if (seed && !seedWipe(path, before))
    out.push({
      tool: 'exec',
      command: `migration-wipe ${file} ${seed}`,
      via: `the seed ${path} runs ${seed} on the database it is pointed at`,
    });
  const wipe = migrationWipe(path, after);
  if (wipe)
    out.push({
      tool: 'exec',
      command: `migration-wipe ${file} ${wipe}`,
      via: `the migration ${path} runs ${wipe} when it is applied`,
    });
  const whole = wipe ? null : schemaWipeScript(path, after);
  if (whole)
    out.push({
      tool: 'exec',
      command: `wipe-script ${file} ${whole}`,
      via: `${path} is a script that empties the whole database it is run on (${whole})`,
    });
  out.push(...armedSettingEffects(tool, path, before, after));
  out.push(...forgeSettingsFileEffects(path, before, after));
  return out;
}
