// An application's own configuration printed with its values by the application's console, whatever
// the framework: the database password, the app key, the mail and payment credentials that a site
// keeps in its config are what `wp config get DB_PASSWORD`, `php artisan config:show database`,
// `python manage.py diffsettings`, `bin/console debug:dotenv`, `occ config:system:get dbpassword`
// or `drush sql:connect` print into the conversation. Each console's verbs that print configuration
// are read the same way:
//   - a whole configuration listed (`wp config list`, `diffsettings`, `debug:dotenv`,
//     `strapi configuration:dump`) holds its secrets: `exposes-secret prints CONSOLE-config`;
//   - one key asked for is a secret when its name says so (DB_PASSWORD, AUTH_KEY, NONCE_SALT,
//     dbpassword, services.stripe.secret) or when it names a section that holds credentials
//     (Laravel's database, mail, services, queue, filesystems; Django's DATABASES); a key that is
//     neither (table_prefix, app.name, database.default) prints nothing secret;
//   - a value captured by `$(...)` (`mysql -p"$(wp config get DB_PASSWORD)"`) or written to a file
//     is used, not printed, and gives nothing.
// A directory's environment exported by direnv (`direnv export json`, the values its .envrc loads)
// reads as `cli-env-values`, the ask a platform's stored environment gets. `docker compose config`
// also prints the values its .env fills in, but it is how a compose file is validated, everyday
// work in every benign set, so it is left alone.
// Sources: WP-CLI `wp config list/get` (developer.wordpress.org/cli/commands/config), Laravel
// Artisan `config:show` (laravel.com/docs, Configuration), Django `diffsettings` (Django admin
// and manage.py reference), Symfony `debug:dotenv`, `secrets:reveal` and `debug:container
// --env-vars` (symfony.com/doc, Configuring Symfony and Secrets), Drush `sql:connect` (prints
// the client command line with the password; drush.org commands), Nextcloud `occ config:system:get`
// and `config:list --private` (Nextcloud admin manual, occ config commands), Rails
// `credentials:show` and `secrets:show`, n8n `export:credentials --decrypted` (docs.n8n.io CLI),
// Apache Airflow `connections get/export` and `variables get/export` (airflow.apache.org CLI
// reference), Ghost-CLI `ghost config get`, TYPO3 `configuration:show`, Strapi `configuration:dump`,
// Frappe `bench show-config`, direnv `export` (direnv(1)).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import type { SimpleCommand } from './walk.js';

export const CONFIG_PRINT_PROGRAMS: readonly string[] = [
  'php',
  'artisan',
  'wp',
  'drush',
  'console',
  'occ',
  'symfony',
  'manage.py',
  'django-admin',
  'python',
  'python3',
  'rails',
  'bundle',
  'n8n',
  'airflow',
  'ghost',
  'typo3',
  'strapi',
  'bench',
  'direnv',
];

/** Words in a key's name that say it holds a secret. */
const SECRET_KEY_WORD =
  /pass(?:word|wd|phrase)?$|^pass|passw|pwd|secret|token|(?:^|[._-])(?:auth_)?key$|_key$|salt|dsn|credential|private|api_?key|^key$/i;
/** Sections of an app's configuration that hold credentials (Laravel's config files, Django's DATABASES, Ghost's database/mail, TYPO3's DB). */
const SECRET_SECTION =
  /^(?:database|databases|db|mail|mailers?|services|queue|filesystems|broadcasting|cache|redis|connections|app|smtp|DB|DATABASES|CACHES|EMAIL_HOST_PASSWORD)$/;
/** Leaves of those sections that print a setting, not a credential. */
const PLAIN_LEAF =
  /^(?:default|driver|host|port|name|database|timeout|charset|collation|prefix|username|user|engine|from|encryption|env|debug|locale|timezone|url_prefix|region|bucket)$/i;

/** Whether printing this one configuration key prints a secret (exposure.ts reads Laravel's config() keys with it too). */
export function secretKey(key: string): boolean {
  const parts = key.split(/[./:]/).filter(Boolean);
  const last = parts[parts.length - 1] ?? '';
  if (SECRET_KEY_WORD.test(last) && !/^(?:key_?id|keyid|.*_ID)$/i.test(last)) return true;
  if (SECRET_SECTION.test(parts[0] ?? '') && (parts.length === 1 || !PLAIN_LEAF.test(last))) return true;
  return false;
}

/** Options before the subcommand that take a separate value (`bench --site S`, `drush -r DIR`). */
const GLOBAL_VALUED =
  /^(?:--site|--root|-r|--uri|-l|--env|-e|--path|--app|-a|--settings|--pythonpath|-f|--file|-p|--project-name|--project-directory|--env-file|--profile)$/;

/** The console a command runs and the words after it: `php bin/console X` -> console, [X ...]. */
function consoleOf(argv: string[]): { name: string; args: string[] } | undefined {
  let i = 0;
  let name = basename(argv[0] ?? '').toLowerCase();
  if (name === 'bundle' && argv[1] === 'exec') {
    i = 2;
    name = basename(argv[2] ?? '').toLowerCase();
  }
  if (/^(?:php[\d.]*|python[\d.]*)$/.test(name)) {
    // php -d x=y artisan ...; python -W ignore manage.py ...
    let j = i + 1;
    while (j < argv.length && (argv[j] ?? '').startsWith('-')) j += /^-[dWX]$/.test(argv[j] ?? '') ? 2 : 1;
    name = basename(argv[j] ?? '').toLowerCase();
    i = j;
  }
  if (name === 'symfony' && argv[i + 1] === 'console') i++;
  if (name === 'symfony') name = 'console';
  return { name, args: argv.slice(i + 1) };
}

/** The positional words of a console's arguments (options and their values dropped). */
function positionals(args: string[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const w = args[k] ?? '';
    if (w === '--') break;
    if (GLOBAL_VALUED.test(w)) {
      k++;
      continue;
    }
    if (w.startsWith('-') || w.startsWith('@')) continue;
    out.push(w);
  }
  return out;
}

const has = (args: string[], re: RegExp): boolean => args.some((w) => re.test(w));

interface Reading {
  /** exposes: a secret printed (denied); values: a stored environment printed (asked). */
  kind: 'exposes' | 'values';
  what: string;
}

/** What printing this console's configuration amounts to, or undefined when it prints no secret. */
function configPrint(name: string, args: string[]): Reading | undefined {
  const pos = positionals(args);
  const sub = (pos[0] ?? '').toLowerCase();
  const key = pos[1];
  const one = (k: string | undefined, what: string): Reading | undefined =>
    k !== undefined && secretKey(k) ? { kind: 'exposes', what: `${what} ${k}` } : undefined;
  switch (name) {
    case 'wp':
      // wp config list [--fields=name] / wp config get KEY
      if (sub === 'config' && pos[1] === 'list' && !has(args, /^--fields?=name$|^--format=count$/))
        return { kind: 'exposes', what: 'wp config list' };
      if (sub === 'config' && pos[1] === 'get') return one(pos[2], 'wp config get');
      return undefined;
    case 'artisan':
      if (sub === 'config:show') return one(key, 'artisan config:show');
      return undefined;
    case 'manage.py':
    case 'django-admin':
      if (sub === 'diffsettings') return { kind: 'exposes', what: 'manage.py diffsettings' };
      return undefined;
    case 'console':
    case 'bin/console':
      if (sub === 'debug:dotenv') return { kind: 'exposes', what: 'console debug:dotenv' };
      if (sub === 'secrets:reveal') return { kind: 'exposes', what: `console secrets:reveal ${key ?? ''}`.trim() };
      if (sub === 'debug:container' && has(args, /^--env-vars?(?:=|$)/))
        return { kind: 'exposes', what: 'console debug:container --env-vars' };
      return undefined;
    case 'drush':
      if (/^(?:sql:connect|sql-connect)$/.test(sub)) return { kind: 'exposes', what: 'drush sql:connect' };
      return undefined;
    case 'occ':
      if (/^config:(?:system|app):get$/.test(sub)) return one(pos[pos.length - 1], `occ ${sub}`);
      if (sub === 'config:list' && has(args, /^--private$/))
        return { kind: 'exposes', what: 'occ config:list --private' };
      return undefined;
    case 'rails':
      if (/^(?:credentials|secrets):show$/.test(sub)) return { kind: 'exposes', what: `rails ${sub}` };
      return undefined;
    case 'n8n':
      if (/^export:credentials$/.test(sub) && has(args, /^--decrypted$/))
        return { kind: 'exposes', what: 'n8n export:credentials --decrypted' };
      return undefined;
    case 'airflow':
      if ((sub === 'connections' || sub === 'variables') && /^(?:get|export)$/.test(pos[1] ?? ''))
        return { kind: 'exposes', what: `airflow ${sub} ${pos[1]}` };
      return undefined;
    case 'ghost':
      if (sub === 'config' && pos[1] === 'get') return one(pos[2], 'ghost config get');
      return undefined;
    case 'typo3':
      if (sub === 'configuration:show') return one(key, 'typo3 configuration:show');
      return undefined;
    case 'strapi':
      if (sub === 'configuration:dump' || sub === 'config:dump')
        return { kind: 'exposes', what: 'strapi configuration:dump' };
      return undefined;
    case 'bench':
      if (sub === 'show-config') return { kind: 'exposes', what: 'bench show-config' };
      return undefined;
    case 'direnv':
      if (sub === 'export' || sub === 'dump') return { kind: 'values', what: `direnv ${sub}` };
      return undefined;
    default:
      return undefined;
  }
}

/** Bodies of the line's command substitutions: what runs there is captured by the shell, not printed. */
function substitutionBodies(cmds: SimpleCommand[]): string[] {
  const out: string[] = [];
  for (const c of cmds)
    for (const t of [...c.argv, ...c.assigns.map((a) => a.value)])
      for (const m of t.matchAll(/\$\(((?:[^()]|\([^()]*\))*)\)|`([^`]*)`/g)) out.push(m[1] ?? m[2] ?? '');
  return out;
}

/** Whether a command's output is used rather than shown: captured by `$(...)`, written to a file,
 * counted, or handed to a program that takes a password on its standard input. */
function capturedOrFiled(c: SimpleCommand, cmds: SimpleCommand[]): boolean {
  const head = basename(c.argv[0] ?? '');
  const words = c.argv.slice(1, 4).join(' ');
  if (substitutionBodies(cmds).some((b) => b.includes(head) && b.includes(words))) return true;
  if (
    c.redirs.some((r) => /^(?:>|>>|>\||&>)$/.test(r.op) && !/^(?:\/dev\/(?:stdout|stderr|tty)|&[12])$/.test(r.target))
  )
    return true;
  const into = c.pipedInto ?? [];
  const next = basename(into[0] ?? '');
  return (
    next === 'wc' ||
    (/^(?:grep|rg)$/.test(next) && into.some((w) => /^-[a-z]*[cqlL]/.test(w))) ||
    /login|--password-stdin/.test(into.join(' '))
  );
}

/** Configuration printed by an application's console (see the top of this file). */
export function configPrintEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const con = consoleOf(c.argv);
    if (!con) continue;
    const name = con.name === 'bin/console' ? 'console' : con.name;
    const r = configPrint(name, con.args);
    if (!r || capturedOrFiled(c, l.cmds)) continue;
    const shown = c.argv.slice(0, 4).join(' ');
    if (r.kind === 'exposes')
      out.push({
        tool: 'exec',
        command: `exposes-secret prints ${r.what.replace(/[^\w@/.:~*+=,-]/g, '_')}`,
        via: `${shown} prints the application's ${r.what.split(' ').slice(1).join(' ') || 'configuration'} with its secret values into the conversation`,
      });
    else
      out.push({
        tool: 'exec',
        command: `cli-env-values ${c.argv.join(' ')}`,
        via: `${shown} prints the environment it loads (${r.what}), values included`,
      });
  }
}
