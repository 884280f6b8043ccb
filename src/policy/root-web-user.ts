// A web application's own maintenance command run as the web server's account, the way each
// application's manual tells admins to: `sudo -u www-data wp cache flush` (WP-CLI), `sudo -u
// www-data drush cr` (Drush), `sudo -u www-data php occ files:scan --all` (Nextcloud admin
// manual), `sudo -u www-data php admin/cli/purge_caches.php` (Moodle "Administration via command
// line"), `sudo -u www-data php bin/magento cache:flush`, `php artisan config:cache`. `sudo -u`
// keeps the ask for every other account (root, postgres, a person) because those hold more than
// the caller; the web server's account holds only the site, and running the site's own cache,
// cron, index, schema-upgrade and listing commands as it is what keeps the files it writes
// readable by the server. root-local.ts reads such a line as `root-local ...`, which the sudo
// rules leave alone; every other policy still decides the command itself.
//
// Only exact shapes pass: an account of a distribution's web server package, then the
// application's CLI with a subcommand from the table below. Commands that run code given on the
// line (`wp eval`, `wp shell`, `--exec`, `--require`, `drush php:eval`, `artisan tinker`, `php
// -r`), print or change secrets and accounts (`wp config`, `wp user`, `drush uli`, `occ
// user:resetpassword`, Moodle's reset_password.php), install code (`wp plugin install`) or open a
// database shell keep the ask.
import { table } from '../util/lookup-table.js';

/** The web server's account on Debian/Ubuntu, RHEL/Fedora, nginx packages, Arch, SUSE and macOS. */
const WEB_ACCOUNTS = new Set(['www-data', 'apache', 'nginx', 'http', 'wwwrun', '_www']);

/** sudo options that may stand beside `-u ACCOUNT` (no login shell, no kept environment). */
const PLAIN = /^(?:-n|--non-interactive|-H|--set-home)$/;

/** Each CLI's maintenance subcommands (first word, or `first second` for WP-CLI's nouns). */
const SUBCOMMANDS: Record<string, ReadonlySet<string>> = table({
  // WP-CLI: caches, rewrite rules, cron, thumbnails, URL rewrites, plugin/theme/core state
  wp: new Set([
    'cache flush',
    'cache delete',
    'transient delete',
    'rewrite flush',
    'rewrite list',
    'cron event',
    'media regenerate',
    'search-replace',
    'plugin list',
    'plugin status',
    'plugin update',
    'plugin activate',
    'plugin deactivate',
    'theme list',
    'theme status',
    'theme update',
    'core version',
    'core verify-checksums',
    'core update-db',
    'core check-update',
    'maintenance-mode activate',
    'maintenance-mode deactivate',
    'maintenance-mode status',
    'post list',
    'language core',
  ]),
  // Drush: cache rebuild, database updates, configuration import/export, cron, status, queues, search index
  drush: new Set([
    'cr',
    'cache:rebuild',
    'cache-rebuild',
    'cc',
    'cache:clear',
    'updb',
    'updatedb',
    'updatedb:status',
    'updbst',
    'cim',
    'config:import',
    'cex',
    'config:export',
    'cron',
    'core:cron',
    'status',
    'st',
    'core:status',
    'pm:list',
    'pml',
    'watchdog:show',
    'ws',
    'queue:run',
    'queue:list',
    'search-api:index',
    'sapi-i',
    'locale:update',
  ]),
  // CiviCRM's cv: cache flush, status, extension list (api calls decide themselves below)
  cv: new Set(['flush', 'status', 'ext:list', 'upgrade:db']),
  // Nextcloud's occ (admin manual, "Using the occ command")
  occ: new Set([
    'status',
    'maintenance:mode',
    'maintenance:repair',
    'maintenance:update:htaccess',
    'files:scan',
    'files:cleanup',
    'upgrade',
    'db:add-missing-indices',
    'db:add-missing-columns',
    'db:add-missing-primary-keys',
    'app:list',
    'app:update',
    'integrity:check-core',
    'background-job:list',
  ]),
  // Magento's bin/magento
  magento: new Set([
    'cache:flush',
    'cache:clean',
    'cache:status',
    'indexer:reindex',
    'indexer:status',
    'setup:upgrade',
    'setup:di:compile',
    'setup:static-content:deploy',
    'maintenance:enable',
    'maintenance:disable',
    'maintenance:status',
    'cron:run',
    'deploy:mode:show',
    'module:status',
  ]),
  // Laravel's artisan: caches, queue restart, the scheduler, status (migrate and tinker keep their rules)
  artisan: new Set([
    'cache:clear',
    'config:cache',
    'config:clear',
    'route:cache',
    'route:clear',
    'view:cache',
    'view:clear',
    'optimize',
    'optimize:clear',
    'queue:restart',
    'schedule:run',
    'migrate:status',
    'about',
  ]),
});

/** Moodle's admin/cli scripts that clear caches, run cron or tasks, check or upgrade the schema, toggle maintenance. */
const MOODLE_CLI = new Set([
  'purge_caches.php',
  'cron.php',
  'upgrade.php',
  'maintenance.php',
  'scheduled_task.php',
  'adhoc_task.php',
  'check_database_schema.php',
  'build_theme_css.php',
  'fix_course_sequence.php',
]);

/** Options anywhere on the line that make a CLI load code or reach another site's database. */
const RUNS_CODE = /^(?:--exec|--require|--ssh|--http)(?:=.*)?$/;

function base(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/** A plain path word: nothing expanded, no way out with `..`. */
function plain(p: string): boolean {
  return p !== '' && !/[`$*?[\]]/.test(p) && !/(?:^|\/)\.\.(?:\/|$)/.test(p);
}

/** The first word after the CLI's name that is not an option (or option value written `--x=v`). */
function positional(args: readonly string[]): string[] {
  return args.filter((w) => !w.startsWith('-') && !w.startsWith('+'));
}

/** The web application's CLI line (after the account), as one of its maintenance commands. */
export function webAppMaintenance(cmd: readonly string[]): boolean {
  if (cmd.some((w) => RUNS_CODE.test(w))) return false;
  let [prog = '', ...args] = cmd;
  // `php SCRIPT ...`: php with no options of its own (-r, -d, -B run or change code)
  if (base(prog) === 'php') {
    if (!plain(args[0] ?? '') || (args[0] ?? '').startsWith('-')) return false;
    prog = args[0] ?? '';
    args = args.slice(1);
    if (/(?:^|\/)admin\/cli\/[\w]+\.php$/.test(prog)) return MOODLE_CLI.has(base(prog));
  }
  if (!plain(prog)) return false;
  const name = base(prog);
  const subs = SUBCOMMANDS[name];
  if (!subs) return false;
  // drush's -r/--root and -l/--uri take a value in the next word; skip it
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (name === 'drush' && /^(?:-r|--root|-l|--uri)$/.test(w)) i++;
    else rest.push(w);
  }
  const ws = positional(rest);
  if (name === 'cv' && /^api[34]$/.test(ws[0] ?? '')) return /^\w+\.get\w*$/.test(ws[1] ?? '');
  if (subs.has(ws[0] ?? '')) return true;
  return name === 'wp' && subs.has(`${ws[0] ?? ''} ${ws[1] ?? ''}`);
}

/**
 * `sudo -u ACCOUNT CMD...` with a web server's account and a web application's maintenance
 * command: the command (from CMD on), or null.
 */
export function webUserCommand(words: readonly string[]): string[] | null {
  let i = 1;
  let account = '';
  for (; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-u' || w === '--user') account = words[++i] ?? '';
    else if (w.startsWith('--user=')) account = w.slice(7);
    else if (/^-u\S+$/.test(w)) account = w.slice(2);
    else if (w === '--') {
      i++;
      break;
    } else if (!PLAIN.test(w)) break;
  }
  if (!WEB_ACCOUNTS.has(account)) return null;
  const cmd = words.slice(i);
  return cmd.length && webAppMaintenance(cmd) ? cmd : null;
}
