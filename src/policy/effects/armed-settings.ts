// Settings and code that make a tool wipe data the next time it starts or runs, written into a
// file that tool reads on its own (no command of the agent's runs them):
//   `drops-on-start SETTING PATH`  an application configuration told to drop or clean its schema
//                                  when it starts: Hibernate/JPA `ddl-auto` or `hbm2ddl.auto` set to
//                                  create or create-drop (Hibernate drops every mapped table first),
//                                  Jakarta/JPA `schema-generation.database.action` drop-and-create,
//                                  Quarkus `database.generation` drop-and-create, Grails `dbCreate`,
//                                  Liquibase `drop-first`, Flyway `clean-on-validation-error` (and
//                                  `clean-disabled` turned off), TypeORM `dropSchema`, Sequelize
//                                  `sync({ force: true })`, EF Core `EnsureDeleted()`. Test and
//                                  development configurations (application-dev.yml, src/test/,
//                                  Quarkus `%dev.`/`%test.` lines) reset their own databases and pass.
//   `scheduled-wipe PATH WHAT`     a wipe written into code a data tool runs on its schedule: a dbt
//                                  model's or project's hooks (pre_hook, post_hook, on-run-start,
//                                  on-run-end), an Airflow, Dagster or Prefect task's SQL, a Flyway
//                                  callback (beforeMigrate.sql ...). The wipes are those a migration is
//                                  read for (safeguard-edits.ts); dbt's `{{ ... }}` names count as names.
//   `gitops-prune PATH WHAT`       a GitOps definition (Argo CD Application, Flux Kustomization) whose
//                                  controller is allowed to delete what it no longer finds: pruning
//                                  turned on, an empty source allowed, the Prune=false sync option
//                                  removed, or its source pointed at an empty directory.
// Sources: Spring Boot's "Database Initialization" how-to (spring.jpa.hibernate.ddl-auto,
// spring.flyway.*, spring.liquibase.drop-first), the Hibernate user guide (hbm2ddl.auto values),
// Jakarta Persistence 3.1 section 8.2.1.10, the Quarkus Hibernate ORM guide, Grails dataSource
// dbCreate, the Flyway configuration reference (cleanDisabled, cleanOnValidationError, callbacks),
// TypeORM DataSourceOptions, Sequelize Model.sync, EF Core EnsureDeleted, dbt's hooks and
// operations reference, the Argo CD automated sync policy (prune, allowEmpty, sync options) and
// Flux's Kustomization spec.prune.
import type { Effect } from './types.js';
import { wipeIn } from './wipes.js';
import { retentionConfigEffects } from './retention-configs.js';

/** A test or development file: its database is the developer's own. */
const TEST_PATH =
  /(?:^|\/)(?:src\/test|tests?|spec|testing|__tests__|fixtures)\/|(?:^|[/._-])(?:test|tests|testing|dev|development|local|ci|it)(?:[._-][^/]*)?\.(?:ya?ml|json|properties|toml|conf|cfg|ini|xml|ts|js|mjs|cjs|py|rb|cs|java|kt|env)$|(?:^|\/)\.env\.(?:test|testing|dev|development|local|ci)$/i;

/** Setting names (any prefix: spring.jpa.hibernate., %prod.quarkus.hibernate-orm., SPRING_JPA_HIBERNATE_) and the values that wipe. */
const DROPPING: [RegExp, RegExp, string][] = [
  [/ddl[-_.]?auto|hbm2ddl[._]auto/i, /^(?:create|create-drop|create_drop)$/i, 'ddl-auto'],
  [
    /schema[-_.]generation[._]database[._]action|database[._]generation/i,
    /^(?:drop-and-create|drop)$/i,
    'schema-generation',
  ],
  [/dbCreate/, /^(?:create|create-drop)$/, 'dbCreate'],
  [/drop[-_.]?first/i, /^true$/i, 'liquibase drop-first'],
  [/clean[-_.]?on[-_.]?validation[-_.]?error/i, /^true$/i, 'flyway clean-on-validation-error'],
  [/clean[-_.]?disabled/i, /^false$/i, 'flyway clean-disabled'],
  [/drop[-_.]?schema/i, /^true$/i, 'dropSchema'],
];

/** XML `name="key" value="v"` and Kubernetes `name: KEY / value: v` spelled as `key=v` and `KEY: v`. */
function flatten(text: string): string {
  return text
    .replace(/name\s*=\s*"([^"]+)"\s+value\s*=\s*"([^"]*)"/g, '$1=$2')
    .replace(/-\s+name:\s*["']?([\w.-]+)["']?\s*\n\s*value:\s*/g, '$1: ');
}

/** `key: value`, `key=value`, `"key": value` of a flattened text (see flatten). */
function settings(flat: string): [string, string][] {
  const out: [string, string][] = [];
  for (const line of flat.split('\n')) {
    // Quarkus profile lines for development and tests
    if (/^\s*%(?:dev|test)\./.test(line)) continue;
    for (const m of line.matchAll(/([\w%.-]+)["']?\s*[:=]\s*["']?([\w-]+)/g)) out.push([m[1] ?? '', m[2] ?? '']);
  }
  return out;
}

/**
 * Any DROPPING key anywhere in a flattened text (case-blind, so looser than dbCreate's own test):
 * the keys settings() finds are pieces of that text and the key patterns are unanchored, so a
 * text this misses has no dropping setting and its lines need not be read (most writes are not
 * configurations).
 */
const ANY_DROPPING_KEY = new RegExp(DROPPING.map(([k]) => k.source).join('|'), 'i');

/** The dropping settings of `text`. */
function dropping(text: string): Set<string> {
  const out = new Set<string>();
  const flat = flatten(text);
  if (ANY_DROPPING_KEY.test(flat))
    for (const [key, value] of settings(flat))
      for (const [k, v, name] of DROPPING) if (k.test(key) && v.test(value)) out.add(name);
  // code run at start: Sequelize's sync({ force: true }), EF Core's EnsureDeleted()
  if (/\.sync\(\s*\{[^}]*\bforce\s*:\s*true/.test(text)) out.add('sync force');
  if (/\bEnsureDeleted(?:Async)?\s*\(/.test(text)) out.add('EnsureDeleted');
  return out;
}

/** A file or a text that names production (`application-prod.yml`, `.env.production`, `url: jdbc:postgresql://db.prod...`). */
const PRODUCTION = /(?:^|[^A-Za-z])(?:prod|production|prd|live)(?:[^A-Za-z]|$)/i;
/** An in-memory database: dropped with the process whatever the settings say. */
const IN_MEMORY = /jdbc:(?:h2|hsqldb|derby):mem|:memory:|\bH2Dialect\b/i;

/**
 * The settings the write adds that make the application drop or clean its schema on start. An
 * edit that switches one on counts outside test and development files; a whole file written
 * with one (a new project's scaffold) counts only where the file or its database names production.
 */
export function dropsOnStart(path: string, before: string, after: string, whole = false): string[] {
  if (TEST_PATH.test(path) || IN_MEMORY.test(after)) return [];
  const own = path.replace(/^(?:\/home|\/Users)\/[^/]+\//, '');
  if (whole && !PRODUCTION.test(own) && !/(?:url|host|DATABASE_URL)\s*[:=]\s*\S*(?:prod|production|prd)/i.test(after))
    return [];
  // the new text first: most writes drop nothing, and then the old one need not be read
  const now = dropping(after);
  if (!now.size) return [];
  const had = dropping(before);
  return [...now].filter((s) => !had.has(s));
}

/** dbt's hooks in a model's config() or dbt_project.yml, their text as one string each. */
function dbtHooks(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b(?:pre|post)[-_]hook\s*[=:]\s*(\[[^\]]*\]|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')/g))
    out.push(m[1] ?? '');
  for (const m of text.matchAll(/\bon-run-(?:start|end)[ \t]*:[ \t]*((?:\n\s*-[^\n]*)+|[^\n]+)/g)) out.push(m[1] ?? '');
  return out;
}

/** Code a scheduler runs: an Airflow DAG, a Dagster or Prefect definition. */
const ORCHESTRATED = /\bfrom\s+(?:airflow|dagster|prefect)\b|\bimport\s+(?:airflow|dagster|prefect)\b/;
/** A Flyway callback: SQL run around every migrate. */
const FLYWAY_CALLBACK =
  /(?:^|\/)(?:before|after)(?:Each)?(?:Migrate|Clean|Validate|Baseline|Repair|Info)(?:Error|Applied|Operation\w*)?(?:__[^/]*)?\.sql$/;

/** `{{ this }}`, `{{ target.schema }}.x`: dbt's names read as names. */
const unjinja = (s: string) => s.replace(/\{\{[^}]*\}\}/g, 'x').replace(/\{%[^%]*%\}/g, ' ');

/** What the written file makes its data tool wipe on its next run, or null. */
export function scheduledWipe(path: string, text: string): string | null {
  if (TEST_PATH.test(path)) return null;
  let sources: string[] = [];
  if (/\.(?:sql|ya?ml)$/.test(path) && /(?:^|\/)(?:models|snapshots|seeds)\/|(?:^|\/)dbt_project\.yml$/.test(path))
    sources = dbtHooks(text);
  else if (/\.py$/.test(path) && ORCHESTRATED.test(text)) sources = [text];
  else if (FLYWAY_CALLBACK.test(path)) sources = [text];
  const hooks = sources.length > 0 && !/\.py$/.test(path) && !FLYWAY_CALLBACK.test(path);
  for (const s of sources) {
    const sql = unjinja(s).replace(/\\(["'])/g, '$1');
    const what = wipeIn(sql);
    if (what) return what;
    // a hook that empties another table than the model's own ({{ this }}): a snapshot's history, a source
    if (hooks && /\bTRUNCATE\s+(?:TABLE\s+)?(?!x(?:[\s"'`;)]|$)|TABLE\b)["`]?\w/i.test(sql)) return 'TRUNCATE';
  }
  return null;
}

/** An Argo CD Application or Flux Kustomization, by its path or its text. */
const GITOPS =
  /(?:^|\/)(?:argo(?:cd)?|flux(?:cd)?|gitops|clusters)\/|argoproj\.io|fluxcd\.io|\bsyncPolicy\b|\bKustomization\b/;
const ON = /\bprune\s*:\s*["']?true\b/;
const OFF = /\bprune\s*:\s*["']?false\b/;

/** What an edit of a GitOps definition lets its controller delete. */
export function gitopsPrune(path: string, before: string, after: string): string | null {
  if (!GITOPS.test(path) && !GITOPS.test(before + after)) return null;
  const own = path.replace(/^(?:\/home|\/Users)\/[^/]+\//, '');
  if (
    TEST_PATH.test(path) ||
    /(?:^|[/._-])(?:dev|develop|development|test|testing|sandbox|preview|staging|stage|stg|qa|uat)(?:[/._-]|$)/i.test(
      own,
    )
  )
    return null;
  if (OFF.test(before) && ON.test(after) && !OFF.test(after)) return 'prune turned on';
  if (/\ballowEmpty\s*:\s*["']?false\b/.test(before) && /\ballowEmpty\s*:\s*["']?true\b/.test(after))
    return 'empty source allowed';
  if (/Prune=false|prune:\s*disabled/.test(before) && !/Prune=false|prune:\s*disabled/.test(after) && after.trim())
    return 'Prune=false removed';
  const src = /\bpath\s*:\s*["']?([^\s"']+)/;
  const was = src.exec(before)?.[1];
  const now = src.exec(after)?.[1];
  if (was && now && was !== now && /(?:^|\/)(?:empty|null|none|nothing|blank)\/?$/i.test(now))
    return `source moved to ${now}`;
  return null;
}

/** The effects of a write or edit that arm a wipe by a tool that runs on its own. */
export function armedSettingEffects(tool: string, path: string, before: string, after: string): Effect[] {
  const out: Effect[] = [];
  const file = path.replace(/[^\w./~-]/g, '_');
  for (const s of dropsOnStart(path, before, after, tool !== 'edit'))
    out.push({
      tool: 'exec',
      command: `drops-on-start ${s.replace(/\s+/g, '-')} ${file}`,
      via: `${path} sets ${s}: the application drops or cleans its database schema the next time it starts`,
    });
  const wipe = scheduledWipe(path, after);
  if (wipe)
    out.push({
      tool: 'exec',
      command: `scheduled-wipe ${file} ${wipe}`,
      via: `${path} makes its data tool run ${wipe} on its next scheduled run`,
    });
  out.push(...retentionConfigEffects(path, before, after));
  const prune = tool === 'edit' ? gitopsPrune(path, before, after) : null;
  if (prune)
    out.push({
      tool: 'exec',
      command: `gitops-prune ${file} ${prune.replace(/\s+/g, '-')}`,
      via: `the edit of ${path} (${prune}) lets the GitOps controller delete what the application runs`,
    });
  return out;
}
