// Framework runners and consoles run the code they are given: `rails runner -e production
// 'User.delete_all'`, `echo 'Order.destroy_all' | rails console`, `manage.py shell -c
// "User.objects.all().delete()"`, `artisan tinker --execute="User::truncate()"`, `mix run -e
// "Repo.delete_all(User)"`, `sequel postgres://db/app -c 'DB.drop_table(:users)'`. That code is
// read as the language it is (the interpreter readings: processes, files, hosts), its SQL strings
// as SQL, and its ORM calls that empty or drop whole tables (delete_all, objects.all().delete(),
// ::truncate(), deleteMany({}), drop_all ...) as the wipe they are, aimed where the line points the
// runner (its environment option, RAILS_ENV/DJANGO_SETTINGS_MODULE/APP_ENV/MIX_ENV, a database
// URL): production or another machine is `data-reset prod|remote ...` (denied), a target the
// line does not show is `data-wipe-code ...` (asked), development and test databases give nothing.
// Env-file launchers (`dotenv -e .env.production -- prisma db push --accept-data-loss`) name the
// target by their file, and `heroku run CMD -a acme-prod` by its app; the wipe or the runner
// they launch is read against it.
// Sources: Rails command line guide (runner, console, dbconsole), Django management commands
// (shell -c/--command, dbshell), Laravel Artisan (tinker --execute, db), Mix (run -e/--eval),
// Sequel's bin/sequel (-c), Flask CLI (shell), and each ORM's bulk-delete and schema-drop API
// (Active Record, Django ORM, Eloquent and the schema builder, Ecto.Repo, SQLAlchemy,
// Flask-SQLAlchemy, Prisma Client, Mongoose/MongoDB driver, Sequelize, TypeORM, redis clients).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import type { SimpleCommand } from './walk.js';
import { analyzeCode } from './interp/code.js';
import { foldConcat } from './interp/literals.js';
import { NODE, PHP, PYTHON, RUBY, type Language } from './interp/languages.js';
import { sqlTextEffects } from './sql.js';
import { classify, dataResetEffects, targetValues, type Target, type TargetValue } from './data-resets.js';

export const FRAMEWORK_PROGRAMS: readonly string[] = [
  'wp',
  'drush',
  'heroku',
  'rails',
  // GitLab's omnibus wrapper of rails (GitLab docs, "Rails console"): its runner and console reach the live instance
  'gitlab-rails',
  'bundle',
  'manage.py',
  'django-admin',
  'python',
  'python3',
  'php',
  'artisan',
  'mix',
  'sequel',
  'flask',
  'ruby',
  'node',
  'npx',
  'dotenv',
  'dotenvx',
  'env-cmd',
  'pnpm',
  'yarn',
];

/** ORM calls that empty or drop whole tables, collections or the database (not a scoped delete). */
const ORM_WIPE: RegExp[] = [
  // Active Record: Model.delete_all / Model.all.destroy_all / Model.unscoped.delete_all
  /\b[A-Z][\w:]*(?:\.(?:all|unscoped))?\.(?:delete_all|destroy_all)\b/,
  // Ecto: Repo.delete_all(User)
  /\bRepo\.delete_all\(\s*[A-Z][\w.]*\s*\)/,
  // Django: Model.objects.all().delete()
  /\.objects\.(?:all\(\)\.)?delete\(\)/,
  /\bcall_command\(\s*['"](?:flush|reset_db|sqlflush)['"]/,
  // Eloquent and the schema builder
  /::(?:truncate|query\(\)->delete)\(\)/,
  /\bDB::table\([^)]*\)->(?:delete|truncate)\(\)/,
  /\bSchema::(?:drop|dropIfExists|dropAllTables|dropAllViews|dropAllTypes)\(/,
  /\bArtisan::call\(\s*['"](?:migrate:fresh|migrate:reset|db:wipe)['"]/,
  // SQLAlchemy / Flask-SQLAlchemy: metadata.drop_all(engine), db.drop_all(), query(Model).delete()
  /\.drop_all\(/,
  /\.query\(\s*[A-Z]\w*\s*\)\.delete\(\)/,
  // Prisma Client, MongoDB drivers, Sequelize, TypeORM
  /\.deleteMany\(\s*(?:\{\s*\})?\s*\)/,
  /\.(?:dropDatabase|dropCollection|dropSchema)\(/,
  /\.sync\(\s*\{\s*force\s*:\s*true/,
  // Sequel and Active Record schema calls
  /\b(?:drop_table|drop_tables|truncate_tables?|purge_current|drop_current)\b/,
  /\bDB\[:\w+\]\.(?:delete|truncate)\b/,
  // redis clients
  /\.flush(?:all|db)\b/i,
];

/** The first whole-table wipe the code makes, as written, or undefined. */
export function ormWipe(code: string): string | undefined {
  for (const re of ORM_WIPE) {
    const m = re.exec(code);
    if (m) return m[0].replace(/\s+/g, ' ').slice(0, 60);
  }
  return undefined;
}

/** Quoted literals that are SQL statements which change data or schema. */
const SQL_LITERAL = /(['"`])((?:DROP|TRUNCATE|DELETE\s+FROM|ALTER\s+TABLE|UPDATE)\b[^'"`]*)\1/gi;

interface Runner {
  lang: Language;
  code: string;
  /** What runs it, for messages: `rails runner`. */
  tool: string;
  /** The runner reads SQL, not code (dbconsole, dbshell, artisan db). */
  sql?: boolean;
  values: TargetValue[];
}

/** Options of the runners that take a value (so it is not read as the code). */
const VALUE_OPTS =
  /^(?:-e|--environment|--env|--settings|--pythonpath|-b|--database|--url|-E|--connection|--require|-r)$/;

/** The first operand after `from`, skipping options and their values. */
function firstOperand(words: string[], from: number): number {
  for (let i = from; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '--') return i + 1 < words.length ? i + 1 : -1;
    if (w.startsWith('-')) {
      if (VALUE_OPTS.test(w)) i++;
      continue;
    }
    return i;
  }
  return -1;
}

/** The value of `-x V`, `--long V` or `--long=V`. */
function optionOf(words: string[], ...names: string[]): string | undefined {
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    for (const n of names) {
      if (w === n) return words[i + 1];
      if (n.startsWith('--') && w.startsWith(`${n}=`)) return w.slice(n.length + 1);
    }
  }
  return undefined;
}

/** A word that names a script file rather than code (`rails runner script/cleanup.rb`). */
const SCRIPT_FILE = /^[\w./-]+\.(?:rb|py|php|exs)$/;

/** Interpreters and the option that gives them code. */
const INLINE = /^(python[0-9.]*|ruby|node|php) (-c|-e|-r)$/;

/** A database driver's connection in code (psycopg, mysqlclient, sqlite3, SQLAlchemy, pg, mysql2, PDO, Sequel, ActiveRecord). */
const DRIVER =
  /\b(?:psycopg2?|pymysql|MySQLdb|mysql\.connector|sqlite3|sqlalchemy|create_engine|asyncpg|new\s+PDO|mysqli|PG\.connect|Sequel\.connect|ActiveRecord::Base\.connection)\b|\brequire\(\s*['"](?:pg|mysql2?|better-sqlite3|postgres|mssql|tedious|oracledb)['"]\s*\)/;

/**
 * The databases code names where it connects: a URL literal, libpq's `dbname=NAME`, a SQLite
 * file (`sqlite3.connect('dev.db')`), and the variable a URL is read from (`PROD_DATABASE_URL`).
 */
function codeTargets(code: string): TargetValue[] {
  const out: TargetValue[] = [];
  for (const m of code.matchAll(/\b(?:postgres(?:ql)?|mysql|mariadb|sqlite|mongodb(?:\+srv)?):\/\/[^'"`\s]*/gi))
    out.push({ name: '', value: m[0], kind: 'url' });
  for (const m of code.matchAll(/\bdbname\s*=\s*['"]?(\w+)/g)) out.push({ name: '', value: m[1] ?? '', kind: 'env' });
  for (const m of code.matchAll(/\bconnect\(\s*['"]([^'"]+\.(?:db|sqlite3?))['"]/g))
    out.push({ name: '', value: m[1] ?? '', kind: 'env' });
  for (const m of code.matchAll(/\b([A-Z][A-Z0-9_]*(?:DATABASE_URL|DB_URL|_DSN))\b/g))
    out.push({ name: m[1] ?? '', value: m[1] ?? '', kind: 'env' });
  return out;
}

/**
 * A one-liner that connects with a database driver and runs a statement the SQL reader reads as
 * a wipe (`cur.execute('DELETE FROM users WHERE id > 0')`): read like a runner's SQL, by target.
 */
function driverSqlWipe(code: string): boolean {
  if (!DRIVER.test(code)) return false;
  for (const m of code.matchAll(SQL_LITERAL)) if (sqlTextEffects(m[2] ?? '', 'generic', '').length) return true;
  return false;
}

/** Where the tool starts in argv, past runners (`bundle exec`, `python`, `php`, `npx`). */
function toolStart(argv: string[]): number {
  let i = 0;
  while (i < argv.length - 1) {
    const n = basename(argv[i] ?? '');
    if (/^(?:bundle|exec|python3?|php|npx|pnpm|yarn|poetry|uv|run|pipenv)$/.test(n) || (argv[i] ?? '').startsWith('-'))
      i++;
    else break;
  }
  return i;
}

/**
 * The PHP the CMS consoles evaluate: WP-CLI's `wp eval CODE` and `wp shell` (stdin), Drush's
 * `drush [@alias] php:eval|php-eval|ev CODE` (WP-CLI and Drush command references). The site
 * alias and options around the verb are not the code.
 */
function cmsEvalCode(argv: string[], stdin: string | undefined): Omit<Runner, 'values'> | undefined {
  const tool = basename(argv[0] ?? '');
  if (tool !== 'wp' && tool !== 'drush') return undefined;
  const verbs = tool === 'wp' ? /^(?:eval|shell)$/ : /^(?:php:eval|php-eval|ev|eval)$/;
  const at = argv.findIndex((w, i) => i > 0 && verbs.test(w));
  if (at < 0) return undefined;
  if (argv[at] === 'shell') return stdin ? { lang: PHP, code: stdin, tool: 'wp shell' } : undefined;
  const code = argv.slice(at + 1).find((w) => !w.startsWith('-') && !w.startsWith('@'));
  return code ? { lang: PHP, code, tool: `${tool} ${argv[at] ?? ''}` } : undefined;
}

/** The code a framework runner or console runs, from its words and stdin. */
export function runnerCode(c: Pick<SimpleCommand, 'argv' | 'assigns' | 'stdin'>): Runner | undefined {
  const argv = c.argv;
  // an interpreter one-liner that loads the application and wipes through its ORM
  // (`FLASK_ENV=production python -c '...; db.drop_all()'`, `ruby -e 'require "./app"; User.delete_all'`)
  const inline = INLINE.exec(`${basename(argv[0] ?? '')} ${argv[1] ?? ''}`);
  const lang = /^python/.test(inline?.[1] ?? '')
    ? PYTHON
    : /^ruby/.test(inline?.[1] ?? '')
      ? RUBY
      : inline?.[1] === 'php'
        ? PHP
        : NODE;
  // literals joined before they reach the driver (`c.execute('DR'+'OP TABLE x')`) are the statement they spell
  const inlineCode = inline && argv[2] ? foldConcat(argv[2], lang.dotConcat) : undefined;
  if (inline && inlineCode && (ormWipe(inlineCode) || driverSqlWipe(inlineCode))) {
    const values = [...targetValues(c.assigns, []), ...codeTargets(inlineCode)];
    return { lang, code: inlineCode, tool: `${inline[1] ?? ''} ${inline[2] ?? ''}`, values };
  }
  const cms = cmsEvalCode(argv, c.stdin);
  if (cms) return { ...cms, values: targetValues(c.assigns, []) };
  const t = toolStart(argv);
  const tool = basename(argv[t] ?? '').replace(/^bin\//, '');
  const sub = argv[t + 1] ?? '';
  const rest = argv.slice(t + 2);
  const stdin = c.stdin;
  let r: Omit<Runner, 'values'> | undefined;
  if (tool === 'rails' || tool === 'gitlab-rails') {
    if (sub === 'runner' || sub === 'r') {
      const at = firstOperand(rest, 0);
      const code = at >= 0 ? (rest[at] ?? '') : '';
      if (code && !SCRIPT_FILE.test(code)) r = { lang: RUBY, code, tool: `rails ${sub}` };
      else if (code === '-' && stdin) r = { lang: RUBY, code: stdin, tool: `rails ${sub}` };
    } else if ((sub === 'console' || sub === 'c') && stdin) r = { lang: RUBY, code: stdin, tool: `rails ${sub}` };
    else if ((sub === 'dbconsole' || sub === 'db') && stdin)
      r = { lang: RUBY, code: stdin, tool: `rails ${sub}`, sql: true };
  } else if (tool === 'manage.py' || tool === 'django-admin') {
    if (sub === 'shell' || sub === 'shell_plus') {
      const code = optionOf(rest, '-c', '--command') ?? stdin;
      if (code) r = { lang: PYTHON, code, tool: `${tool} ${sub}` };
    } else if (sub === 'dbshell' && stdin) r = { lang: PYTHON, code: stdin, tool: `${tool} dbshell`, sql: true };
  } else if (tool === 'artisan') {
    if (sub === 'tinker') {
      const code = optionOf(rest, '--execute') ?? stdin;
      if (code) r = { lang: PHP, code, tool: 'artisan tinker' };
    } else if (sub === 'db' && stdin) r = { lang: PHP, code: stdin, tool: 'artisan db', sql: true };
  } else if (tool === 'mix' && sub === 'run') {
    // Elixir is not among the interpreter languages: its ORM and SQL calls are still read
    const code = optionOf(rest, '-e', '--eval');
    if (code) r = { lang: RUBY, code, tool: 'mix run' };
  } else if (tool === 'sequel') {
    const code = optionOf(argv.slice(t + 1), '-c');
    if (code) r = { lang: RUBY, code, tool: 'sequel' };
  } else if (tool === 'flask' && sub === 'shell' && stdin) r = { lang: PYTHON, code: stdin, tool: 'flask shell' };
  if (!r) return undefined;
  // the environment options and URLs (not the code word itself)
  const words = argv.slice(t + 1).filter((w) => w !== r.code);
  return { ...r, values: targetValues(c.assigns, words) };
}

/** What a runner's code amounts to, against the database the line points it at. */
function runnerEffects(r: Runner, out: Effect[]): void {
  const target: Target = classify(r.values);
  const via = `${r.tool} runs`;
  if (r.sql) {
    if (target === 'dev') return;
    for (const e of sqlTextEffects(r.code, 'generic', via)) out.push(wipeOn(target, r.tool, e.command ?? 'SQL', e));
    return;
  }
  out.push(...analyzeCode(r.lang, r.code, via));
  if (target === 'dev') return;
  const wipe = ormWipe(r.code);
  if (wipe) out.push(sentence(target, r.tool, wipe));
  for (const m of r.code.matchAll(SQL_LITERAL))
    for (const e of sqlTextEffects(m[2] ?? '', 'generic', via)) out.push(wipeOn(target, r.tool, e.command ?? 'SQL', e));
}

/** `data-reset prod rails runner User.delete_all`, or `data-wipe-code rails runner ...` where the target is not shown. */
function sentence(target: Target, tool: string, what: string): Effect {
  const words = what.replace(/\s+/g, ' ');
  if (target === 'prod' || target === 'remote')
    return {
      tool: 'exec',
      command: `data-reset ${target} ${tool} ${words}`,
      via: `${tool} runs \`${words}\` against a ${target === 'prod' ? 'production' : 'remote'} database`,
    };
  return {
    tool: 'exec',
    command: `data-wipe-code ${tool} ${words}`,
    via: `${tool} runs \`${words}\`, which empties or drops whole tables of the database it is configured for`,
  };
}

/** A SQL wipe run by a runner: the statement itself, and where it points. */
function wipeOn(target: Target, tool: string, what: string, e: Effect): Effect {
  return target === 'unknown' ? e : sentence(target, tool, what);
}

/** Programs that load an env file and run a command (`dotenv -e .env.production -- CMD`). */
const ENV_FILE_LAUNCHER = /^(?:dotenv|dotenvx|dotenv-cli|env-cmd)$/;

/** The command an env-file launcher runs, with the env file's name as its environment. */
function unwrapEnvFile(c: SimpleCommand): SimpleCommand | undefined {
  const argv = c.argv;
  let i = 0;
  while (i < argv.length && /^(?:npx|pnpx|bunx|pnpm|yarn|exec|dlx)$/.test(basename(argv[i] ?? ''))) i++;
  if (!ENV_FILE_LAUNCHER.test(basename(argv[i] ?? ''))) return undefined;
  const rest = argv.slice(i + 1);
  const file = optionOf(rest, '-e', '-f', '--file', '--env-file');
  if (!file) return undefined;
  const dash = rest.indexOf('--');
  let inner: string[];
  if (dash >= 0) inner = rest.slice(dash + 1);
  else {
    // env-cmd -f FILE CMD ...: the command starts at the first operand
    const at = rest.findIndex(
      (w, k) => !w.startsWith('-') && !/^-(?:e|f)$|^--(?:file|env-file)$/.test(rest[k - 1] ?? ''),
    );
    inner = at >= 0 ? rest.slice(at) : [];
    if (inner[0] === 'run') inner = inner.slice(1);
  }
  if (!inner.length) return undefined;
  return { ...c, argv: inner, assigns: [...c.assigns, { name: 'ENV', value: file }] };
}

/** heroku options of `run` that take a value; the app (-a/--app) names the target. */
const HEROKU_RUN_ARGS = new Set(['-a', '--app', '-r', '--remote', '-s', '--size', '-e', '--env', '--type']);

/** `heroku run CMD -a APP`: CMD runs on the app's dyno, against the app's database. */
function unwrapHerokuRun(c: SimpleCommand): SimpleCommand | undefined {
  const argv = c.argv;
  if (basename(argv[0] ?? '') !== 'heroku' || !/^run(?::detached|:inside)?$/.test(argv[1] ?? '')) return undefined;
  const inner: string[] = [];
  let app: string | undefined;
  for (let i = 2; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') continue;
    if (HEROKU_RUN_ARGS.has(w)) {
      if (w === '-a' || w === '--app' || w === '-r' || w === '--remote') app = argv[i + 1];
      i++;
    } else if (/^--app=/.test(w)) app = w.slice(6);
    else if (inner.length || !w.startsWith('-')) inner.push(w);
  }
  if (!inner.length) return undefined;
  return { ...c, argv: inner, assigns: app ? [...c.assigns, { name: 'ENV', value: app }] : c.assigns };
}

export function frameworkCodeEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const inner = unwrapEnvFile(c) ?? unwrapHerokuRun(c);
    if (inner) out.push(...dataResetEffects(inner));
    const r = runnerCode(inner ?? c);
    if (r) runnerEffects(r, out);
  }
}
