// Secrets put where someone else can see them, read from what the line does with them:
//  - a secret variable printed to the transcript (`echo $OPENAI_API_KEY`, `printf %s
//    "${AWS_SECRET_ACCESS_KEY}" | base64`, `cat <<< $TOKEN`, CI's `${{ secrets.X }}`): what
//    the agent prints, the conversation keeps. Piped into a program that uses it (`| docker
//    login --password-stdin`), written to a file, or only tested (`${#TOKEN}`, `${TOKEN:+set}`)
//    it is not printed;
//  - a search for secret words or token formats (`AKIA[0-9A-Z]{16}`, `ghp_`, `xox`, a
//    `{24}\.{6}\.{27}` token regex) across a home folder, the disk, or the settings and
//    application data kept in a home folder (`~/.config/Code/User/settings.json`, `~/.viminfo`,
//    `~/Library/Application Support/discord/...`): the matching lines are the secrets. The same
//    search inside the project (`grep -rn password src/`) is ordinary work;
//  - a credential-looking file forced into git past .gitignore (`git add -f creds/aws.ini`):
//    the next push publishes it;
//  - a decryption whose plaintext ends printed (`age -d -i key secrets.age`, `openssl enc -d`,
//    `ansible-vault decrypt --output -`, `aws kms decrypt`; decrypt-prints.ts), not one written
//    to a file or piped into the program that uses it;
//  - a REST call that lists stored secrets with their values (GitLab CI variables, Kubernetes
//    secrets, Vault, Secret Manager ...; see secret-apis.ts), whoever's token it carries.
// Each reads as the sentence `exposes-secret WHAT`, which the standard profile denies.
import { namesOnly, presenceOnly } from './env-names.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { secretApi } from './secret-apis.js';
import { seedPhrase } from './seed-words.js';
import { secretKey } from './config-prints.js';
import { decryptsSecretsToFile, decryptsToStdout } from './decrypt-prints.js';
import { credentialObjectPrints } from './credential-objects.js';
import { secretSelections, sqlAnywhere } from './secret-selectors.js';
import { credentialExports } from './credential-exports.js';

/** Names of variables that hold secrets (flow.ts follows the same names to the network). */
const SECRET_NAME =
  /(?:SECRET|PASSW|_PASS$|^PASS_|_PASS_|_PWD$|TOKEN|API_?KEY|ACCESS_KEY|PRIVATE|CREDENTIAL|_PAT$|_PAT_|SIGNING|_KEY$|^KEY$|_AUTH$|AUTH_|COOKIE|DATABASE_URL|_DSN$|WEBHOOK)/i;
const NOT_SECRET_NAME =
  /^(?:PWD|OLDPWD|SSH_AUTH_SOCK|GPG_AGENT_INFO|KEYTIMEOUT|XAUTHORITY|GPG_TTY)$|_(?:PATH|FILE|DIR|ID|NAME|TYPE|REGION|HOST|PORT|ENDPOINT|EXPIRY|EXPIRES|EXPIRES_AT|TTL|HEADER|LENGTH|LEN|ENABLED|VERSION|MODE)$|^(?:NEXT_PUBLIC|VITE|REACT_APP|EXPO_PUBLIC|NUXT_PUBLIC|GATSBY)_|^(?!DATABASE|REDIS|MONGO|AMQP|POSTGRES|MYSQL|RABBITMQ)[A-Z_]*_(?:URL|URI)$/i;
/^(?:PWD|OLDPWD|SSH_AUTH_SOCK|GPG_AGENT_INFO|KEYTIMEOUT|XAUTHORITY|GPG_TTY|[A-Z_]*_KEY_ID|[A-Z_]*_PATH|[A-Z_]*_FILE|[A-Z_]*_DIR)$/i;

/** Expansions that print a variable's value (not its length, not a set/unset test). */
const EXPANSION =
  /\$env:([A-Za-z_]\w*)|%([A-Za-z_]\w*)%|\$\{\{\s*(?:secrets|env)\.([A-Za-z_][\w]*)\s*\}\}|\$\{([A-Za-z_]\w*)(?::?[-=]?[^}]*)?\}|\$([A-Za-z_]\w*)/g;

/** The secret variable a word prints, if any. */
export function printedSecret(text: string | undefined): string | undefined {
  if (!text || !text.includes('$')) return undefined;
  for (const m of text.matchAll(EXPANSION)) {
    const name = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
    if (m[4] !== undefined && /^\$\{\w+:?[+?]/.test(m[0])) continue; // ${X:+set}, ${X?msg}
    if (m[4] !== undefined && /^\$\{\w+:\d+:[1-8]\}$/.test(m[0])) continue; // a short prefix
    if (SECRET_NAME.test(name) && !NOT_SECRET_NAME.test(name)) return name;
  }
  return undefined;
}

/** Programs that pass what they read on to their output, transformed or not. */
const PASS_ON = new Set([
  'base64',
  'base32',
  'basenc',
  'xxd',
  'od',
  'hexdump',
  'rev',
  'tr',
  'cat',
  'tac',
  'fold',
  'head',
  'tail',
  'tee',
  'openssl',
  'python3',
  'python',
  'perl',
  'jq',
  'iconv',
  'gzip',
  'xargs',
]);
const PRINTERS = new Set(['echo', 'printf', 'print', 'write-output', 'write-host']);
/**
 * Programs whose arguments become a system log entry or a message on other users' terminals:
 * logger(1) (syslog and the journal), Windows eventcreate and PowerShell Write-EventLog /
 * New-EventLog's -Message (the Event Log), wall(1) (every logged-in terminal). The log is kept,
 * shipped to collectors and read by every admin, so a secret in the message leaks as surely as
 * one printed (util-linux logger, wall; Microsoft eventcreate and Write-EventLog references).
 */
const LOGGERS = new Set(['logger', 'eventcreate', 'eventcreate.exe', 'write-eventlog', 'wall']);
/**
 * Mail senders, whose standard input is the message sent (mail(1), mailx, sendmail, mutt, msmtp,
 * s-nail): a secret piped into one leaves the machine in a message's body, kept in mailboxes.
 */
const MAILERS = new Set(['mail', 'mailx', 'sendmail', 'mutt', 'msmtp', 's-nail', 'neomutt', 'ssmtp']);
/**
 * Messages kept in a project's history or shown to everyone who reads it: a commit's or a tag's
 * message (`git commit -m`, `git tag -m`), an issue's or a pull request's title, body or comment
 * (`gh issue create --body`, `glab mr note -m`). A secret expanded into one is published with it.
 */
function publishedMessage(argv: string[]): string | undefined {
  const name = basename(argv[0] ?? '');
  const sub = argv.slice(1).filter((w) => !w.startsWith('-'));
  const git = name === 'git' && /^(?:commit|tag|notes|stash)$/.test(sub[0] ?? '');
  const forge = (name === 'gh' || name === 'glab') && /^(?:issue|pr|mr|release|gist|discussion)$/.test(sub[0] ?? '');
  if (!git && !forge) return undefined;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = /^--(?:message|body|title|notes|description)=(.*)$/s.exec(w);
    const val = eq
      ? eq[1]
      : /^(?:-m|-am|-b|-t|--message|--body|--title|--notes|--description)$/.test(w)
        ? argv[i + 1]
        : undefined;
    const secret = val === undefined ? undefined : printedSecret(val);
    if (secret) return secret;
  }
  return undefined;
}
/** Whether c's output runs, through programs that pass it on, into a mail sender. */
function endsMailed(c: SimpleCommand, cmds: SimpleCommand[]): boolean {
  let cur = c;
  for (let guard = 0; guard < 8 && cur.pipedInto; guard++) {
    const into = cur.pipedInto;
    const name = basename(into[0] ?? '');
    if (MAILERS.has(name)) return true;
    if (!PASS_ON.has(name) && !REWRITERS.has(name)) return false;
    const next = cmds.find((x) => x.argv === into);
    if (!next) return false;
    cur = next;
  }
  return false;
}
/**
 * Filters that rewrite a line and print it, so the secret still comes out, spaced, reversed or
 * reordered (`echo "$TOKEN" | sed 's/./& /g'` defeats CI log masking): sed, paste, nl, column,
 * fmt, expand, sort, uniq and the encoders basenc/uuencode. awk and cut print what they select:
 * read further by keepsSecret.
 */
const REWRITERS = new Set([
  'sed',
  'gsed',
  'paste',
  'nl',
  'column',
  'fmt',
  'expand',
  'sort',
  'uniq',
  'basenc',
  'uuencode',
  'awk',
  'gawk',
  'mawk',
  'cut',
]);

/**
 * Whether a rewriting filter keeps the secret's text: awk printing a length or a count does not,
 * nor cut keeping a short prefix (`cut -c1-4`, the same check `${TOKEN:0:4}` makes).
 */
function keepsSecret(argv: string[]): boolean {
  const name = basename(argv[0] ?? '');
  if (/^(?:awk|gawk|mawk)$/.test(name)) {
    const prog = argv.slice(1).find((w) => !w.startsWith('-')) ?? '';
    return (
      !/\blength\b|\bNF\b|\bNR\b/.test(prog) ||
      /\$\d|\$0|gsub|substr/.test(prog.replace(/length\s*\(\s*\$\d+\s*\)/g, ''))
    );
  }
  if (name === 'cut') {
    const range = argv.slice(1).join(' ');
    const m = /-[cb]\s*(\d*)-(\d+)\b/.exec(range);
    if (m && Number(m[2]) <= 8 && !/-[cb]\s*\d*-\d+,/.test(range)) return false;
    return /-[cb]/.test(range);
  }
  return true;
}

/** Interpreters whose inline code may print a variable, and their inline-code flags. */
const INLINE = /^(?:-c|-e|-E|-p|-pe|-ne|-r|--eval|--print|eval|-Command)$/;
const INTERPRETERS =
  /^(?:python[\d.]*|pypy3?|node|nodejs|deno|bun|ruby|perl|php|pwsh|powershell|Rscript|R|julia|lua[\d.]*|luajit|tclsh[\d.]*|groovy|jrunscript|kotlin|scala|elixir|crystal)$/;
/** A secret variable read by name in interpreter code. */
const ENV_READ =
  /(?:(?:\bos|__import__\(\s*['"]os['"]\s*\))\.environ(?:\.get)?\s*[[(]\s*|os\.getenv\s*\(\s*|process\.env\.|process\.env\[\s*|ENV(?:\.fetch)?\s*[[(]\s*|\$ENV\{\s*|getenv\s*\(\s*|Deno\.env\.get\s*\(\s*|Bun\.env\.|\$env:|Sys\.getenv\s*\(\s*|System\.(?:getenv|get_env)\s*\(\s*|\$(?:::)?env\(\s*)['"]?([A-Za-z_]\w*)/g;
const CODE_PRINTS =
  /\bphpinfo\s*\(|\bprint|\bcat\s*\(|\bmessage\s*\(|\bwriteLines\s*\(|\bIO\.(?:puts|inspect)|console\.(?:log|error|info|dir)|\bputs\b|\bp\s|\bpp\b|\becho\b|\bsay\b|Write-(?:Output|Host)|var_dump|print_r|process\.stdout\.write|sys\.stdout\.write/;

/** Code that walks the whole environment (every name with its value). */
const WHOLE_ENV =
  /\bENVIRON\b(?!\s*\[\s*["'][A-Za-z_]\w*["']\s*\])|%ENV\b|\bkeys\s*\(?\s*%ENV|\bENV\.(?:each|each_pair|to_h|to_a|map|sort|inspect|select|filter|keys|values)\b|os\.environ\.(?:items|keys|values|copy)\s*\(|dict\s*\(\s*os\.environ\s*\)|Object\.(?:entries|keys|values|assign)\s*\(\s*process\.env|JSON\.stringify\s*\(\s*process\.env|\$_ENV\b|\bgetenv\s*\(\s*\)|Deno\.env\.toObject|Get-ChildItem\s+env:|\[(?:System\.)?Environment\]::GetEnvironmentVariables\s*\(\s*(?:\)|['"]?(?:Machine|User|Process)|\[)|\bBun\.env\b(?!\s*(?:\.|\[))|\bSystem\.getenv\(\s*\)|\bSys\.getenv\(\s*\)|\bENV\b(?=\s*(?:\)|$|;))|\$_SERVER\b(?!\s*\[)|\bphpinfo\s*\(\s*(?:\)|INFO_(?:ALL|ENVIRONMENT|VARIABLES)|-1)|\bSystem\.get_env\(\s*\)|:?\b[Aa]pplication[.:]get_all_env\(/;
/** .NET's whole-environment getter in PowerShell, whose value PowerShell prints unasked (Get-ChildItem env: is read by powershell-reads.ts). */
const PS_ENV_VALUES = /\[(?:System\.)?Environment\]::GetEnvironmentVariables\s*\(/i;
/** Code that keeps what it is given in a file (the environment written out is read by whoever opens it). */
const CODE_WRITES =
  /\.write\(|\bwriteFileSync\(|\bfs\.writeFile\(|\bFile\.write\(|\bjson\.dump\(|\bfile_put_contents\(|\bBun\.write\(|\bDeno\.writeTextFile|\bOut-File\b|\bSet-Content\b/;
const AWKS = /^(?:awk|gawk|mawk|nawk|busybox)$/;

/** Interpreter or awk code that prints every variable with its value (`for (k in ENVIRON)`, `keys %ENV`, `ENV.each`). */
function interpreterDumps(c: SimpleCommand): boolean {
  const name = basename(c.argv[0] ?? '');
  if (AWKS.test(name)) return c.argv.slice(1).some((w) => WHOLE_ENV.test(w) && /print/.test(w));
  // an Erlang/Elixir release's own script runs code in the live node (`bin/APP rpc CODE`, `bin/APP
  // eval CODE`; hexdocs.pm, mix release: one-off commands), whatever the release is called
  if ((c.argv[0] ?? '').includes('bin/') && /^(?:rpc|eval)$/.test(c.argv[1] ?? '')) {
    const code = c.argv[2] ?? '';
    return WHOLE_ENV.test(code) && CODE_PRINTS.test(code) && !namesOnly(code, WHOLE_ENV);
  }
  if (!INTERPRETERS.test(name)) return false;
  const shell = /^(?:pwsh|powershell)$/i.test(name);
  for (let i = 1; i < c.argv.length; i++) {
    // node/bun -r is --require (a module preloaded, `-r dotenv/config`), not code
    if (/^(?:node|nodejs|bun)$/.test(name) && c.argv[i] === '-r') {
      i++;
      continue;
    }
    // PowerShell takes its command as the first operand too, and prints every value an expression leaves
    const positional = shell && !(c.argv[i] ?? '').startsWith('-');
    if (!positional && !INLINE.test(c.argv[i] ?? '')) continue;
    const code = (positional ? c.argv.slice(i).join(' ') : c.argv[i + 1]) ?? '';
    if (shell && PS_ENV_VALUES.test(code) && !/\|\s*Out-Null|^\s*\$\w+\s*=/i.test(code)) return true;
    // node -p / perl -ne print the value of the code itself
    const prints = /^(?:-p|--print|-[pn]e)$/.test(c.argv[i] ?? '') || CODE_PRINTS.test(code) || CODE_WRITES.test(code);
    // `Object.keys(process.env)`: names only, no value (env-names.ts)
    return WHOLE_ENV.test(code) && prints && !namesOnly(code, WHOLE_ENV);
  }
  return false;
}

/**
 * A client an SDK builds to log in with the secret (`pynetbox.api(URL, token=os.environ['T'])`,
 * `Github(auth=...)`, `redis.Redis(password=...)`, `psycopg2.connect(password=...)`,
 * `create_engine(...)`): a call named for a client, a session, a connection or a login.
 */
const CLIENT_CALL =
  /(?:\b(?:api|API|Api|connect|login|authenticate|auth|Auth|Session|session|Client|client|create_engine|create_client|Github|Gitlab|Jira|Redis|StrictRedis|MongoClient|Minio|boto3\.client|boto3\.resource|Token|OAuth\w*)|\w+(?:Client|Session|Connection|Api|API))\s*\($/;

/**
 * A class built with the service's URL first and the secret after it, whatever the library calls
 * it (canvasapi `Canvas(URL, KEY)`, `Jenkins(URL, password=...)`, `Confluence(URL, token=...)`):
 * the shape of an SDK's client constructor.
 */
const URL_CLIENT = /\b[A-Z]\w*\s*\(\s*(['"])https?:\/\/[^'"\s]*\1\s*,\s*(?:\w+\s*=\s*)?$/;

/** A printing call whose arguments name a credential (a token, password, secret, key or auth attribute). */
const PRINTS_CREDENTIAL =
  /(?:\bprint|\bpprint|\bputs|console\.\w+|\becho|\bwrite)\s*\([^;\n]*(?:token|passw|secret|credential|api_?key|auth|environ|getenv|env\[)/i;

/**
 * Whether the environment read at `start` is an argument of a client being built (CLIENT_CALL)
 * rather than something printed: the innermost call left open before it is such a client and
 * the read stands alone as an argument (`token=os.environ[...]` or `, os.environ[...]`), and no
 * printing call is open around it. The value goes to the SDK, which sends it to its service; the
 * code prints what the service answers. `print(os.environ['T'])` and `print(dict(t=os.environ['T']))`
 * keep their reading.
 */
function handedToClient(code: string, start: number): boolean {
  // what is printed reaches back for the credential (`print(g._requester.auth.token)`)
  if (PRINTS_CREDENTIAL.test(code)) return false;
  const before = code.slice(0, start);
  if (!/(?:[(,]\s*|[(,]\s*\w+\s*=\s*)$/.test(before)) return false;
  // the calls still open at `start`, innermost last
  const open: number[] = [];
  for (let i = 0; i < before.length; i++) {
    const ch = before[i];
    if (ch === '(') open.push(i);
    else if (ch === ')') open.pop();
  }
  const inner = open[open.length - 1];
  if (inner === undefined) return false;
  // a class built with its service's URL first (`PyMISP('https://misp.local', KEY)`,
  // `Elasticsearch('https://es:9200', api_key=KEY)`): the constructor of that service's client
  const urlFirst =
    /\b[A-Z]\w*\s*\($/.test(before.slice(0, inner + 1)) && /^\s*['"]https?:\/\//.test(code.slice(inner + 1));
  if (!urlFirst && !(CLIENT_CALL.test(before.slice(0, inner + 1)) || URL_CLIENT.test(before))) return false;
  return !open.some((i) =>
    /(?:\bprint|\bpprint|\bputs|console\.\w+|\bp|\bpp|\becho|\bwrite)\s*\($/.test(before.slice(0, i + 1)),
  );
}

/** `python3 -c 'print(os.environ["AWS_SECRET_ACCESS_KEY"])'`, `node -p process.env.OPENAI_API_KEY`. */
function interpreterPrints(c: SimpleCommand): string | undefined {
  const name = basename(c.argv[0] ?? '');
  if (!INTERPRETERS.test(name)) return undefined;
  for (let i = 1; i < c.argv.length; i++) {
    const flag = c.argv[i] ?? '';
    if (!INLINE.test(flag)) continue;
    const code = c.argv[i + 1] ?? '';
    const printsAll = flag === '-p' || flag === '--print' || /^-[pn]e$/.test(flag) || CODE_PRINTS.test(code);
    if (!printsAll) return undefined;
    for (const m of code.matchAll(ENV_READ)) {
      const v = m[1] ?? '';
      // `process.env.KEY ? 'ok' : 'missing'` tests presence and prints no value (env-names.ts)
      if (
        SECRET_NAME.test(v) &&
        !NOT_SECRET_NAME.test(v) &&
        !presenceOnly(code, m.index, m.index + m[0].length) &&
        !handedToClient(code, m.index)
      )
        return v;
    }
    return undefined;
  }
  return undefined;
}

/** A framework setting read by name in its console's code: Django `settings.X`, Flask `app.config['X']`, Laravel
 * `config('a.b')` and `env('X')`, Rails `Rails.application.credentials...` (all of it secret). */
const SETTING_READ =
  /\bsettings\.([A-Z][A-Z0-9_]*)|\bconfig\(\s*['"]([\w.-]+)['"]|\benv\(\s*['"](\w+)['"]|\bRails\.application\.(credentials|secrets)\b|\b(getConnectionInfo|Settings::getAll|Settings::getInstance|get_defined_constants)\b|\bSettings::get\(\s*['"](\w+)['"]|(?<![$\w'"])([A-Z][A-Z0-9]*_[A-Z0-9_]*)\b(?!\s*[('"])|\bconfig\[\s*['"]([\w.-]+)['"]/g;
const FRAMEWORK_PRINTS = /\bdd\s*\(|\bdump\s*\(/;

/**
 * Applications built on a framework ship its console under their own name: AWX's `awx-manage`
 * and Pulp's `pulpcore-manager` are Django's manage.py (NetBox adds `nbshell`, django-extensions
 * `shell_plus`), GitLab's `gitlab-rails` is Rails, Superset's and Airflow's CLIs are Flask apps
 * with `shell` (each product's admin guide). The code they run reads the application's own
 * settings and stored credentials, as a framework console's does.
 */
const MANAGE = /^(?:manage\.py|django-admin|[\w-]+-manage|[\w-]+-manager)$/;
const DJANGO_SHELL = /^(?:shell|shell_plus|nbshell)$/;
const RAILS = /^(?:rails|[\w-]+-rails)$/;
const FLASK_APPS = /^(?:flask|superset)$/;
const FLASK_SHELL = /^shell$/;
/**
 * A call whose name says it returns a stored secret in clear (`decrypt_field(c, 'password')`,
 * `Fernet(k).decrypt(blob)`, `db.sqlalchemy_uri_decrypted`, `get_decrypted_value()`): printed, it
 * is the plaintext of what the application encrypted because it is secret.
 */
const DECRYPTED = /\bdecrypt\w*\s*\(|\b\w+_decrypted\b|\bdecrypted_\w+|\bget_decrypted\w*/i;

/** The code a framework console runs: `manage.py shell -c`, `artisan tinker --execute=`, `rails runner`. */
function frameworkCode(argv: string[]): string | undefined {
  const words = argv.map((w) => basename(w));
  const at = (w: string) => words.indexOf(w);
  const flagValue = (i: number, names: string[]): string | undefined => {
    for (let j = i + 1; j < argv.length; j++) {
      const w = argv[j] ?? '';
      for (const n of names) {
        if (w === n) return argv[j + 1];
        if (w.startsWith(n + '=')) return w.slice(n.length + 1);
      }
    }
    return undefined;
  };
  const manage = words.findIndex((w) => MANAGE.test(w));
  if (manage >= 0 && DJANGO_SHELL.test(words[manage + 1] ?? '')) return flagValue(manage + 1, ['-c', '--command']);
  if (at('artisan') >= 0 && words[at('artisan') + 1] === 'tinker') return flagValue(at('artisan') + 1, ['--execute']);
  const rails = words.findIndex((w) => RAILS.test(w));
  if (rails >= 0 && (words[rails + 1] === 'runner' || words[rails + 1] === 'r'))
    return argv.slice(rails + 2).find((w) => !w.startsWith('-'));
  // WP-CLI `wp eval CODE` and Drush `php:eval CODE` (aliases php-eval, eval, ev) run PHP in the
  // bootstrapped site, its wp-config.php constants and settings.php loaded
  const wp = at('wp');
  if (wp >= 0 && words[wp + 1] === 'eval') return argv.slice(wp + 2).find((w) => !w.startsWith('-'));
  const drush = at('drush');
  if (drush >= 0) {
    const k = argv.slice(drush + 1).findIndex((w) => !w.startsWith('-') && !w.startsWith('@'));
    if (k >= 0 && /^(?:php:eval|php-eval|eval|ev)$/.test(argv[drush + 1 + k] ?? ''))
      return argv.slice(drush + 2 + k).find((w) => !w.startsWith('-'));
  }
  return undefined;
}

/** Framework consoles that read their code from standard input: `echo CODE | manage.py shell`, `flask shell`,
 * `wp shell <<< CODE`, `artisan tinker`, `rails console`, `drush php`. */
function consoleReadsStdin(argv: string[]): boolean {
  const words = argv.map((w) => basename(w));
  const after = (w: string) => {
    const i = words.indexOf(w);
    return i >= 0 ? argv.slice(i + 1).find((x) => !x.startsWith('-') && !x.startsWith('@')) : undefined;
  };
  const first = (re: RegExp) => {
    const i = words.findIndex((w) => re.test(w));
    return i >= 0 ? argv.slice(i + 1).find((x) => !x.startsWith('-') && !x.startsWith('@')) : undefined;
  };
  return (
    DJANGO_SHELL.test(first(MANAGE) ?? '') ||
    after('artisan') === 'tinker' ||
    /^(?:console|c)$/.test(first(RAILS) ?? '') ||
    after('wp') === 'shell' ||
    FLASK_SHELL.test(first(FLASK_APPS) ?? '') ||
    /^(?:php|php:cli|core:cli|core-cli)$/.test(after('drush') ?? '')
  );
}

/** `manage.py shell -c "print(settings.SECRET_KEY)"`, `artisan tinker --execute="dump(config('services.stripe.secret'))"`. */
function frameworkPrints(c: SimpleCommand): string | undefined {
  const code = frameworkCode(c.argv) ?? (c.stdin !== undefined && consoleReadsStdin(c.argv) ? c.stdin : undefined);
  if (!code || !(CODE_PRINTS.test(code) || FRAMEWORK_PRINTS.test(code))) return undefined;
  const decrypted = DECRYPTED.exec(code);
  if (decrypted) return decrypted[0].replace(/\s*\($/, '');
  for (const m of code.matchAll(SETTING_READ)) {
    if (m[4]) return `Rails.application.${m[4]}`;
    // Drupal's database connection and settings.php values, every defined constant (wp-config.php's among them)
    if (m[5]) return m[5];
    // m[7]: a constant named bare in PHP code (WordPress' DB_PASSWORD, AUTH_KEY, NONCE_SALT)
    const key = m[1] ?? m[2] ?? m[3] ?? m[6] ?? m[7] ?? m[8] ?? '';
    const last = key.split('.').pop() ?? '';
    if (
      key === 'DATABASES' ||
      // Laravel's config('database.connections.mysql'): a section that holds credentials
      (m[2] !== undefined && secretKey(key)) ||
      (SECRET_NAME.test(last) && !NOT_SECRET_NAME.test(last)) ||
      /_SALT$|^hash_salt$/i.test(last) ||
      /^(?:key|password|secret|token)$/i.test(last)
    )
      return key;
  }
  for (const m of code.matchAll(ENV_READ)) {
    const v = m[1] ?? '';
    if (SECRET_NAME.test(v) && !NOT_SECRET_NAME.test(v)) return v;
  }
  return undefined;
}

/** Whether a command's output stays on the terminal (no redirection of stdout to a file). */
function toTerminal(c: SimpleCommand): boolean {
  return !c.redirs.some(
    (r) =>
      (r.op === '>' || r.op === '>>' || r.op === '>|' || r.op === '&>') &&
      !/^(?:\/dev\/(?:stdout|stderr|tty)|&[12])$/.test(r.target),
  );
}

/** Follows a pipe from `c` through programs that pass the text on; true when it ends printed. */
function endsPrinted(c: SimpleCommand, cmds: SimpleCommand[]): boolean {
  let cur = c;
  for (let guard = 0; guard < 8; guard++) {
    if (!cur.pipedInto) return toTerminal(cur);
    if (!toTerminal(cur)) return false;
    const into = cur.pipedInto;
    const name = basename(into[0] ?? '');
    if (!PASS_ON.has(name) && !(REWRITERS.has(name) && keepsSecret(into))) return false;
    // tee FILE keeps a copy but still prints; xargs echo prints; other xargs consumers use it
    if (name === 'xargs' && !into.slice(1).some((w) => PRINTERS.has(basename(w)))) return false;
    if ((name === 'python3' || name === 'python' || name === 'perl') && !into.includes('-c') && !into.includes('-e'))
      return false;
    const next = cmds.find((x) => x.argv === into);
    if (!next) return true;
    cur = next;
  }
  return true;
}

function exposes(what: string, via: string): Effect {
  return { tool: 'exec', command: `exposes-secret ${what.replace(/[^\w@/.:~*+=,{}[\]()|\\^$?-]/g, '_')}`, via };
}

/** Scratch places a staged file is picked up from by another step. */
const SCRATCH = /^(?:\/tmp|\/var\/tmp|\/dev\/shm|\/private\/tmp|\$TMPDIR|\$\{TMPDIR\})\//;

/** Bodies of command substitutions in the line: what runs there is captured, not printed. */
function substitutionBodies(cmds: SimpleCommand[]): string[] {
  const out: string[] = [];
  const texts = cmds.flatMap((c) => [...c.argv, ...c.assigns.map((a) => a.value), ...c.redirs.map((r) => r.target)]);
  for (const t of texts) {
    if (!t.includes('$(') && !t.includes('`')) continue;
    for (const m of t.matchAll(/\$\(((?:[^()]|\([^()]*\))*)\)|`([^`]*)`/g)) out.push(m[1] ?? m[2] ?? '');
  }
  return out;
}

function captured(c: SimpleCommand, bodies: string[]): boolean {
  const head = basename(c.argv[0] ?? '');
  const arg = (c.argv[1] ?? '').replace(/["']/g, '');
  return bodies.some((b) => b.includes(head) && b.replace(/["']/g, '').includes(arg));
}

/** Commands that print a short-lived credential, meant to be piped into the login that takes it. */
const TOKEN_PRINTERS: RegExp[] = [
  /^aws (?:ecr|ecr-public) get-login-password\b/,
  /^aws codeartifact get-authorization-token\b/,
  /^az acr login\b.*--expose-token\b/,
  /^gcloud auth (?:application-default )?(?:print-access-token|print-identity-token)\b/,
];
/**
 * A subcommand named for handing out a short-lived login to a database or service, whatever the
 * cloud (`aws redshift get-cluster-credentials`, `aws redshift-serverless get-credentials`, `aws
 * rds generate-db-auth-token`, `gcloud sql generate-login-token`, `aws dsql
 * generate-db-connect-admin-auth-token`): the password or token comes out on standard output.
 * Commands of that name that write a kubeconfig (`gcloud container clusters get-credentials`,
 * `az aks get-credentials`) print nothing secret. Sources: the AWS CLI reference (redshift,
 * redshift-serverless, rds, dsql), the gcloud reference (sql generate-login-token).
 */
const MINTS = /^(?:get|generate|create|issue|mint)-(?:[a-z]+-){0,5}(?:credentials?|auth-token|login-token)$/;
const KUBECONFIG_NOUN = /^(?:clusters?|aks|kubernetes|k8s|container|eks)$/;

/** Task runners, whose target names are the project's own (`make create-credentials` is a recipe). */
const RUNNERS =
  /^(?:npm|npx|pnpm|yarn|bun|make|just|task|rake|mvn|gradle|gradlew|ant|invoke|inv|nox|tox|poetry|uv|hatch|pdm|mix|cargo|go|dotnet|composer|php|python\d*|node|ruby|bash|sh|zsh)$/;

function mintsLogin(argv: string[]): boolean {
  if (RUNNERS.test(basename(argv[0] ?? ''))) return false;
  const path = argv
    .slice(1)
    .filter((w) => !w.startsWith('-'))
    .slice(0, 4);
  const at = path.findIndex((w) => MINTS.test(w));
  return at >= 0 && !path.slice(0, at).some((w) => KUBECONFIG_NOUN.test(w));
}

/** Consumers a login token is meant for: a login reading it on stdin. */
const LOGIN_CONSUMER = /login|--password-stdin|--with-token|credential|auth/;

function printedSecrets(cmds: SimpleCommand[], out: Effect[]): void {
  let bodies: string[] | undefined;
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '');
    const cloud = name === 'aws' || name === 'az' || name === 'gcloud';
    if (cloud || mintsLogin(c.argv)) {
      const line = [name, ...c.argv.slice(1)].join(' ');
      const consumer = c.pipedInto?.join(' ') ?? '';
      const prints = (cloud && TOKEN_PRINTERS.some((re) => re.test(line))) || mintsLogin(c.argv);
      if (prints && !LOGIN_CONSUMER.test(consumer)) {
        bodies ??= substitutionBodies(cmds);
        if (!captured(c, bodies))
          out.push(
            exposes(
              `prints ${c.argv.slice(0, 3).join('-')}`,
              `${c.argv.slice(0, 3).join(' ')} prints a login token into the conversation`,
            ),
          );
      }
      continue;
    }
    if (interpreterDumps(c)) {
      out.push({ tool: 'read', path: '/proc/self/environ', via: `${name} prints every environment variable` });
      continue;
    }
    let secret: string | undefined;
    const lower = name.toLowerCase();
    if (LOGGERS.has(lower)) {
      const logged = printedSecret(c.argv.slice(1).join(' '));
      if (logged)
        out.push(
          exposes(
            `logs ${logged}`,
            `${name} writes $${logged} into the system log (or every user's terminal), which is kept, shipped and read by others`,
          ),
        );
      continue;
    }
    const message = publishedMessage(c.argv);
    if (message) {
      out.push(
        exposes(
          `publishes ${message}`,
          `${name} puts $${message} into a commit, tag, issue or pull request message, kept in history and read by others`,
        ),
      );
      continue;
    }
    if (PRINTERS.has(lower)) secret = printedSecret(c.argv.slice(1).join(' '));
    else if (c.stdin !== undefined && (PASS_ON.has(name) || name === 'cat')) secret = printedSecret(c.stdin);
    else secret = interpreterPrints(c);
    // `echo CODE | python manage.py shell`: python passes stdin on, and is also the console that runs it
    secret ??= frameworkPrints(c);
    if (!secret) continue;
    bodies ??= substitutionBodies(cmds);
    if (captured(c, bodies)) continue;
    const served = c.redirs.find(
      (r) => (r.op === '>' || r.op === '>>') && (PUBLISHED.test(r.target) || SHARED_REPORT.test(r.target)),
    );
    const staged = c.redirs.find((r) => (r.op === '>' || r.op === '>>') && SCRATCH.test(r.target));
    if (served)
      out.push(
        exposes(
          `publishes ${served.target}`,
          `${name} writes $${secret} into ${served.target}, which is served or uploaded for others to read`,
        ),
      );
    else if (staged)
      out.push({
        tool: 'exec',
        command: `may-expose-secret stages ${staged.target.replace(/[^\w/.$-]/g, '_')}`,
        via: `${name} writes $${secret} into ${staged.target}, where any later step or process can pick it up`,
      });
    else if (endsMailed(c, cmds))
      out.push(exposes(`mails ${secret}`, `${name} sends $${secret} in a mail message's body`));
    else if (endsPrinted(c, cmds))
      out.push(exposes(`prints ${secret}`, `${name} prints $${secret} into the conversation`));
  }
}

function decryptedPrints(cmds: SimpleCommand[], out: Effect[]): void {
  for (const d of decryptsSecretsToFile(cmds))
    out.push({
      tool: 'exec',
      command: `may-expose-secret decrypts ${d.input.replace(/[^\w/~.$-]/g, '_')} to plaintext`,
      via: `decrypts ${d.input} into a plaintext copy at ${d.output}`,
    });
  const found = decryptsToStdout(cmds);
  if (!found.length) return;
  const bodies = substitutionBodies(cmds);
  for (const c of found) {
    if (captured(c, bodies) || !endsPrinted(c, cmds)) continue;
    const name = basename(c.argv[0] ?? '');
    out.push(exposes(`decrypts ${name}`, `${name} decrypts a secret and prints the plaintext into the conversation`));
  }
}

// ------------------------------------------------------------------ searches for secrets

const SEARCHERS = new Set([
  'grep',
  'egrep',
  'fgrep',
  'zgrep',
  'rg',
  'ag',
  'ack',
  'git-grep',
  'findstr',
  'select-string',
]);
/** Words that name a secret in a search pattern (a wallet's seed phrase too). */
const SECRET_WORD =
  /pass|pwd|secret|token|api_?key|apikey|private|cred|auth|bearer|cookie|session|aws_|akia|sk_live|ghp_|github_pat|xox|mfa\\?\.|mnemonic|(?:seed|recovery)[ ._-]?(?:phrase|words)/i;
/** Patterns written to catch a token format: a provider prefix or a long fixed-length run. */
const TOKEN_SHAPE =
  /AKIA|ASIA|gh[pousr]_|github_pat|glpat|xox[a-z]?|sk[-_](?:live|proj|ant)?|AIza|npm_|eyJ|BEGIN.{0,20}PRIVATE|hooks\.slack|mfa\\?\.|\{(?:2\d|[3-9]\d|\d{3,})(?:,\d*)?\}/;
/** A search root that is a whole home folder or the disk. */
const WIDE_ROOT =
  /^(?:~|~\/|\$HOME\/?|\$\{HOME\}\/?|\/home(?:\/[^/]+)?\/?|\/Users(?:\/[^/]+)?\/?|\/root\/?|\/|\/mnt(?:\/[^/]+)?\/?|\/Volumes(?:\/[^/]+)?\/?|[A-Za-z]:\\?(?:Users(?:\\[^\\]+)?)?\\?)$/;
/** System folders: searched for token formats (not for words such as "password", which sysadmins grep configs for). */
const SYSTEM_ROOT = /^\/(?:etc|var|opt|srv)\/?$/;
/**
 * Roots whose every file belongs to other people or to the user's private papers: a network share
 * (`//fs01/IT$`, `\\\\corp.local\\SYSVOL`, where Group Policy preferences keep `cpassword`), and the
 * personal-document folders of a home (Documents, Desktop, Downloads, synced drives). A recursive
 * search of one for secret words is a hunt whatever program walks it; a project under a home is
 * not one of them, so `grep -rn password ~/src/app` stays a code search.
 */
const SHARED_ROOT =
  /^(?:\/\/[^/]+\/[^/]+|.*\/sysvol(?:\/.*)?$)|^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|[A-Za-z]:\/Users\/[^/]+)\/(?:Documents|Desktop|Downloads|OneDrive[^/]*|Dropbox|Google Drive|iCloud Drive|Nextcloud|Box)(?:\/|$)/i;
/** Listers whose output names the files a piped search reads (`Get-ChildItem -Recurse R | Select-String`). */
const LISTERS = new Set(['get-childitem', 'gci', 'dir', 'ls', 'childitem']);

/** The root a recursive lister piped into the search walks, when there is one. */
function listedRoot(c: SimpleCommand, cmds: SimpleCommand[]): string | undefined {
  const from = cmds.find((x) => x.pipedInto === c.argv);
  if (!from || !LISTERS.has(basename(from.argv[0] ?? '').toLowerCase())) return undefined;
  const a = from.argv;
  if (!a.some((w) => /^(?:-recurse|-r|-R|--recursive|\/s)$/i.test(w))) return undefined;
  const i = a.findIndex((w) => /^-(?:path|literalpath)$/i.test(w));
  return i > 0 ? a[i + 1] : a.slice(1).find((w) => !w.startsWith('-') && !w.startsWith('/s'));
}

/** Settings and application data kept in a home folder: dot folders and files, Library, AppData. */
const HOME_DATA =
  /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/(?:\.[^/]+|Library\/|AppData\/|snap\/)/i;

function operandsAfterPattern(argv: string[]): { pattern: string; files: string[]; recursive: boolean } | undefined {
  const name = basename(argv[0] ?? '').toLowerCase();
  let start = 1;
  if (name === 'git' && argv[1] === 'grep') start = 2;
  else if (!SEARCHERS.has(name)) return undefined;
  const patterns: string[] = [];
  const rest: string[] = [];
  let recursive = name === 'rg' || name === 'ag' || name === 'ack';
  for (let i = start; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '-e' || w === '--regexp' || w === '-Pattern') patterns.push(argv[++i] ?? '');
    else if (w.startsWith('--regexp=')) patterns.push(w.slice(9));
    else if (/^-[a-zA-Z]*v[a-zA-Z]*$/.test(w) || w === '--invert-match') return undefined;
    else if (/^-[a-zA-Z]*[rR][a-zA-Z]*$/.test(w) || w === '--recursive' || w === '-Recurse') recursive = true;
    else if (/^(?:-[ABCmgt]|--glob|--type|--include|--exclude|-f|--file|--max-count|-Path)$/.test(w)) {
      if (w === '-Path') rest.push(argv[i + 1] ?? '');
      i++;
    } else if (!w.startsWith('-')) rest.push(w);
  }
  if (!patterns.length) {
    const p = rest.shift();
    if (p === undefined) return undefined;
    patterns.push(p);
  }
  return { pattern: patterns.join('|'), files: rest, recursive };
}

/** Secret scanners: pointed at a home folder or the disk, their report is a list of live secrets. */
const SCANNERS =
  /^(?:trufflehog|gitleaks|detect-secrets|noseyparker|nosey-parker|ggshield|whispers|secretlint|ripsecrets|kingfisher|talisman|shhgit|gitrob|git-secrets)$/;

function scannerOverHome(c: SimpleCommand, out: Effect[]): void {
  const name = basename(c.argv[0] ?? '');
  if (!SCANNERS.test(name)) return;
  for (const w of c.argv.slice(1)) {
    const v = w.replace(/^--?[\w-]+=/, '').replace(/^file:\/\//, '');
    if (WIDE_ROOT.test(v) || HOME_DATA.test(v)) {
      out.push(exposes(`scan ${v}`, `${name} scans ${v} for live secrets`));
      return;
    }
  }
}

/** Programs whose files feed a pipe into a search (`cat F | strings | grep`). */
const FEEDERS = new Set([
  'cat',
  'strings',
  'tac',
  'head',
  'tail',
  'less',
  'xxd',
  'zcat',
  'sqlite3',
  'tr',
  'sort',
  'uniq',
  'base64',
  'od',
  // a first search's lines searched again (`grep -A4 'type=auth' pjsip.conf | grep -E 'password|username'`)
  'grep',
  'egrep',
  'rg',
  'findstr',
]);

function searchedFiles(c: SimpleCommand, cmds: SimpleCommand[]): string[] {
  let target = c.argv;
  for (let guard = 0; guard < 4; guard++) {
    const from = cmds.find((x) => x.pipedInto === target);
    if (!from || !FEEDERS.has(basename(from.argv[0] ?? ''))) return [];
    const files = from.argv.slice(1).filter((w) => !w.startsWith('-') && /[/~$]/.test(w));
    if (files.length) return files;
    target = from.argv;
  }
  return [];
}

/** The kinds of secret a search pattern can name; `key` counts here, beside a second kind. */
const SECRET_KINDS =
  /pass(?:word|wd)?|pwd|secret|token|api_?key|apikey|private|cred|auth|bearer|\bkey\b|(?<=\|)key|key(?=\|)/gi;

/**
 * A settings file (not source code) searched for several kinds of secret at once
 * (`grep -iE 'secret|token|key' Release.xcconfig`, `grep -E 'password|token' app.ini`): the
 * lines it prints are the file's credentials, whatever the file format or the program that uses
 * it. One word (`grep -i password_min_length app.ini`) is how a setting is checked; a recursive
 * search of a project is how code is found; both are left alone. Returns the file searched.
 */
function settingsHarvest(pattern: string, files: string[], recursive: boolean, after = 0): string | undefined {
  if (recursive) return undefined;
  const kinds = new Set([...pattern.matchAll(SECRET_KINDS)].map((m) => m[0].toLowerCase().replace(/word|wd$/, '')));
  // a password searched with the account it belongs to (`password|username`, `user|pass`): the pairs are logins
  if ([...kinds].some((k) => k.startsWith('pass') || k === 'pwd') && /user(?:name)?|login|account/i.test(pattern))
    kinds.add('user');
  // a private key's name with the lines after it (`grep -A40 private_key server.config.yaml`):
  // a PEM block follows its name, so the context printed is the key
  const keyBlock = after >= 2 && PRIVATE_KEY_WORD.test(pattern);
  if (kinds.size < 2 && !keyBlock) return undefined;
  // code that handles keys names them too (lib/crypto/keys.ex): only a settings file holds one
  if (kinds.size < 2)
    return files.find((f) => !SOURCE_CODE.test(f) && !MORE_CODE.test(f) && !/[*?]/.test(f) && /\.[\w-]+$/.test(f));
  return files.find((f) => !SOURCE_CODE.test(f) && !/[*?]/.test(f) && /\.[\w-]+$|(?:^|\/)\.[\w.-]+$/.test(f));
}

/** A pattern that is only secret nouns (`password`, `-i pass`, `'secret|token'`, `^password=`), not a setting's name. */
const BARE_SECRET_PATTERN =
  /^\^?(?:\\b)?(?:pass|password|passwd|passwords|pwd|pw|secret|secrets|token|tokens|api_?key|apikey|credentials?|auth_?token|private_?key)(?:\\b)?(?:\s*[=:])?$/i;
/** Configuration kept by the system or an installed service, outside any project. */
const SYSTEM_CONFIG =
  /^(?:\/etc\/|\/opt\/[^/]+\/(?:[^/]+\/)*(?:etc|conf|config)\/|\/usr\/local\/etc\/|\/srv\/[^/]+\/(?:[^/]+\/)*(?:etc|conf|config)\/|\/var\/lib\/)/;

/**
 * One configuration file of the system or of an installed service searched for a bare secret
 * word (`grep -i password /etc/asterisk/pjsip.conf`, `grep secret /opt/tomcat/conf/server.xml`):
 * the lines printed are the service's passwords, whatever the service. A setting's name
 * (`PasswordAuthentication`, `password_min_length`), a count or a list of file names, and a
 * recursive search of a folder (how a sysadmin finds where a setting lives) are left alone.
 */
function systemConfigSearch(pattern: string, files: string[], recursive: boolean, argv: string[]): string | undefined {
  if (recursive || argv.some((w) => /^-[a-zA-Z]*[lLcq][a-zA-Z]*$|^--(?:count|files-with-matches|quiet)$/.test(w)))
    return undefined;
  const alternatives = pattern.split(/\\?\|/).map((a) => a.trim().replace(/^['"]|['"]$/g, ''));
  if (!alternatives.length || !alternatives.every((a) => BARE_SECRET_PATTERN.test(a))) return undefined;
  return files.find(
    (f) =>
      SYSTEM_CONFIG.test(f) &&
      !/[*?]/.test(f) &&
      !SOURCE_CODE.test(f) &&
      !/\.(?:example|sample|dist|template)$/i.test(f),
  );
}

/** Source files of the languages SOURCE_CODE leaves out (Elixir, Erlang, Haskell, OCaml, C and the rest). */
const MORE_CODE =
  /\.(?:ex|exs|erl|hrl|hs|ml|mli|c|cc|cpp|h|hpp|m|mm|scala|clj|lua|sh|pl|pm|dart|zig|nim|cr|jl|r|vue|svelte)$/i;
/** A private key named in a search pattern (`private_key`, `PrivateKey`, `BEGIN RSA PRIVATE KEY`). */
const PRIVATE_KEY_WORD = /private[\s_.-]?key|privkey|BEGIN.{0,20}PRIVATE/i;

/** How many lines after each match a search prints (`-A 40`, `-A40`, `-C5`, `--after-context=9`). */
function afterContext(argv: string[]): number {
  let n = 0;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const m = /^-[AC](\d+)$|^--(?:after-)?context=(\d+)$/.exec(w);
    const v = m ? (m[1] ?? m[2]) : /^-[AC]$|^--(?:after-)?context$/.test(w) ? argv[i + 1] : undefined;
    if (v && /^\d+$/.test(v)) n = Math.max(n, Number(v));
  }
  return n;
}

function secretSearches(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    scannerOverHome(c, out);
    const s = operandsAfterPattern(c.argv);
    if (!s) continue;
    // matches counted by the next program (`grep -i password eap | wc -l`): wc prints numbers only
    if (c.pipedInto && basename(c.pipedInto[0] ?? '').toLowerCase() === 'wc') continue;
    const tokenish = TOKEN_SHAPE.test(s.pattern);
    if (!tokenish && !SECRET_WORD.test(s.pattern) && !PRIVATE_KEY_WORD.test(s.pattern) && !/^\^?pw$/i.test(s.pattern))
      continue;
    let files = s.files;
    let recursive = s.recursive;
    // `cat F | grep`, `strings F | grep`: the files come from the command piped in
    if (!files.length) files = searchedFiles(c, cmds);
    if (!files.length) {
      const root = listedRoot(c, cmds);
      if (root) [files, recursive] = [[root], true];
    }
    const shared = files.find((f) => SHARED_ROOT.test(f.replace(/\\/g, '/')) && (recursive || /[*?]/.test(f)));
    if (shared) {
      out.push(
        exposes(
          `search ${shared} for ${s.pattern.slice(0, 60)}`,
          `searches ${shared}, a share or personal folder, for secrets (${s.pattern.slice(0, 40)})`,
        ),
      );
      continue;
    }
    const system = systemConfigSearch(s.pattern, files, s.recursive, c.argv);
    if (system !== undefined) {
      out.push({
        tool: 'exec',
        command: `may-expose-secret search ${system.replace(/[^\w/~.$-]/g, '_')}`,
        via: `prints the lines of ${system}, a system configuration file, that hold its secret values`,
      });
      continue;
    }
    const harvest = settingsHarvest(s.pattern, files, s.recursive, afterContext(c.argv));
    if (harvest !== undefined) {
      out.push({
        tool: 'exec',
        command: `may-expose-secret search ${harvest.replace(/[^\w/~.$-]/g, '_')}`,
        via: `searches ${harvest} for several kinds of secret at once (${s.pattern.slice(0, 40)})`,
      });
      continue;
    }
    for (const f of files) {
      const wide = WIDE_ROOT.test(f) || (tokenish && SYSTEM_ROOT.test(f));
      const data = HOME_DATA.test(f);
      if (!data && !(wide && (recursive || tokenish))) continue;
      // one home dotfile searched for a word (`grep -i token ~/.bashrc`) may be checking a setting
      if (data && !wide && !tokenish && !recursive) {
        out.push({
          tool: 'exec',
          command: `may-expose-secret search ${f.replace(/[^\w/~.$-]/g, '_')}`,
          via: `searches ${f} for secret words`,
        });
        break;
      }
      out.push(
        exposes(
          `search ${f} for ${s.pattern.slice(0, 60)}`,
          wide ? `searches ${f} for secrets (${s.pattern.slice(0, 40)})` : `searches ${f} for secrets`,
        ),
      );
      break;
    }
  }
}

// ------------------------------------------------------------------ private key blocks cut out

/** Text tools that print a range of lines (`sed -n '/A/,/B/p'`, `awk '/A/,/B/'`, `perl -ne 'print if /A/../B/'`). */
const RANGE_PRINTERS = /^(?:sed|gsed|awk|gawk|mawk|nawk|perl|ruby)$/;
/** A range that opens on a PEM private key's first line. */
const KEY_RANGE = /BEGIN.{0,30}PRIVATE.{0,40}(?:\/\s*,|\/\s*\.\.\.?)/i;
/** Where printed lines still reach the conversation. */
const PAGERS = /^(?:cat|less|more|head|tail|bat)$/;

/**
 * A private key cut out of a PEM file by its BEGIN..END lines and printed, whatever text tool cuts
 * it: a TLS bundle's or an app's key then sits in the conversation. Written to a file (`> server.key`,
 * splitting a bundle for a web server) or piped into the program that uses it, it is not printed.
 */
function keyBlockPrints(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '');
    if (!RANGE_PRINTERS.test(name) || !c.argv.some((w) => KEY_RANGE.test(w))) continue;
    if (c.redirs.some((r) => r.op.startsWith('>') && (r.fd === '' || r.fd === '1') && !/^\/dev\/std/.test(r.target)))
      continue;
    if (c.pipedInto && !PAGERS.test(basename(c.pipedInto[0] ?? ''))) continue;
    const files = c.argv.slice(1).filter((w) => !w.startsWith('-') && !KEY_RANGE.test(w));
    out.push(
      exposes(
        `prints private key block ${name}`,
        `${name} prints the private key block of ${files.join(' ') || 'its input'}`,
      ),
    );
  }
}

// ------------------------------------------------------------------ files forced into git

/** Names of files that hold credentials (a folder named so counts for what is in it). */
/** Source files named for what they handle (`src/secrets.ts`) are code, not credentials. */
const SOURCE_CODE = /\.(?:[cm]?[jt]sx?|py|go|rs|java|kt|rb|php|cs|swift|md|rst|txt)$/i;
const SECRET_FILE =
  /(?:^|\/)(?:\.env(?:\.(?!example|sample|template|dist|defaults)[\w-]+)?|[\w.-]*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|tfstate|ovpn)|id_(?:rsa|dsa|ecdsa|ed25519)|\.npmrc|\.pypirc|\.netrc|\.git-credentials|\.pgpass|\.my\.cnf|kubeconfig[\w.-]*|credentials(?:\.\w+)?|[\w.-]*(?:secret|credential|passw)[\w.-]*)$|(?:^|\/)(?:creds|credentials|secrets|\.aws|\.ssh|\.kube|\.docker)\//i;

function forcedAdds(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const a = c.argv;
    if (basename(a[0] ?? '') !== 'git' || a[1] !== 'add') continue;
    if (!a.slice(2).some((w) => w === '-f' || w === '--force' || /^-[a-zA-Z]*f[a-zA-Z]*$/.test(w))) continue;
    const file = a.slice(2).find((w) => !w.startsWith('-') && SECRET_FILE.test(w) && !SOURCE_CODE.test(w));
    if (file)
      out.push(exposes(`commits ${file}`, `git add -f forces ${file}, ignored as a credential file, into the history`));
  }
}

// ------------------------------------------------------------------ secret-listing APIs

const HTTP_CLIENTS = new Set(['curl', 'wget', 'http', 'https', 'xh', 'httpie', 'curlie']);

function secretApis(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '');
    // `glab api projects/42/variables`: the GitLab CLI's raw API call takes the path under /api/v4
    // (glab api reference), the GET it makes by default is the listing with values
    if (name === 'glab' && c.argv[1] === 'api') {
      const path = c.argv.slice(2).find((w) => !w.startsWith('-'));
      const method = c.argv.find((w, i) => /^(?:-X|--method)$/.test(c.argv[i - 1] ?? '') || /^--method=/.test(w));
      const hit =
        path && !(method && !/GET$/i.test(method)) ? secretApi(`/api/v4/${path.replace(/^\/+/, '')}`) : undefined;
      if (hit) out.push(exposes(`api ${hit}`, `glab api lists stored secrets with their values (${hit})`));
      continue;
    }
    if (!HTTP_CLIENTS.has(name)) continue;
    const words = c.argv.slice(1);
    // a call that sets or deletes a variable sends a value, it does not print the stored ones
    const method = words.find(
      (w, i) => /^(?:-X|--request)$/.test(words[i - 1] ?? '') || /^--request=|^-X[A-Z]/.test(w),
    );
    if (method && !/GET$/i.test(method)) continue;
    if (name === 'curl' && words.some((w) => /^(?:-d|--data|-F|--form|--json)/.test(w))) continue;
    if ((name === 'http' || name === 'xh' || name === 'https') && /^(?:POST|PUT|PATCH|DELETE)$/.test(words[0] ?? ''))
      continue;
    for (const w of words) {
      const hit = /^[a-z]+:\/\//i.test(w) ? secretApi(w) : undefined;
      if (hit) {
        out.push(exposes(`api ${hit}`, `${name} lists stored secrets with their values (${hit})`));
        break;
      }
    }
  }
}

// ------------------------------------------------------------------ database files opened

/** Clients that open the database file named by their first operand (sqlite3 FILE SQL). */
const FILE_DATABASES = new Set(['sqlite3', 'sqlite', 'sqlcipher', 'litecli', 'duckdb', 'sqlite-utils', 'datasette']);
const SQLITE_VALUE_OPT = /^-(?:cmd|separator|newline|nullvalue|init|mmap|pagecache|lookaside|maxsize|vfs|heap)$/;

/** `sqlite3 ~/Library/Messages/chat.db ...` reads the file, so the credential-store rules see it. */
function databaseReads(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '');
    if (!FILE_DATABASES.has(name)) continue;
    for (let i = 1; i < c.argv.length; i++) {
      const w = c.argv[i] ?? '';
      if (SQLITE_VALUE_OPT.test(w)) i++;
      else if (w.startsWith('-')) continue;
      else if (name === 'sqlite-utils' && i === 1)
        continue; // its subcommand
      else {
        if (w !== ':memory:') out.push({ tool: 'read', path: w, via: `${name} opens ${w}` });
        break;
      }
    }
  }
}

// ------------------------------------------------------------------ secrets written where they are served

/** Folders and files a site or package serves to anyone (web roots, built assets, docs, robots.txt). */
const PUBLISHED =
  /(?:^|\/)(?:public|static|www|wwwroot|htdocs|html|_site|site|docs|dist|build|out|assets|pages|\.well-known)\/|(?:^|\/)(?:robots\.txt|sitemap\.xml|README[^/]*|[^/]+\.html?)$/i;
/**
 * Files that are kept for others to read: test and coverage reports, CI artifacts and logs, the
 * GitHub Actions job summary. CI uploads them as build artifacts or shows them on the run's page,
 * where the log masking of secrets does not reach.
 */
const SHARED_REPORT =
  /(?:^|\/)(?:test-results?|test-reports?|reports?|coverage|artifacts?|junit|allure-results|playwright-report|cypress\/(?:videos|screenshots)|logs?)\/|(?:^|\/)[^/]*(?:junit|report|results)[^/]*\.(?:xml|json|html|md|txt)$|\.log$|^["']?\$\{?GITHUB_STEP_SUMMARY\b/i;
/** Credentials by shape, looser than a scanner's: a key id cut short is still the key's owner's. */
const LOOSE_SECRET =
  /\b(?:AKIA|ASIA)[0-9A-Z]{12,}|\bgh[pousr]_[A-Za-z0-9]{20,}|\bgithub_pat_\w{20,}|\bglpat-[\w-]{16,}|\bxox[abpr]-[\w-]{10,}|\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{20,}|\b[sr]k_live_\w{10,}|\bAIza[\w-]{30,}|-----BEGIN [A-Z ]*PRIVATE KEY-----|\baws_secret_access_key\s*[=:]\s*\S{16,}/;
/** Documentation placeholders: AWS's own example keys, runs of one character. */
const PLACEHOLDER = /AKIAIOSFODNN7EXAMPLE|wJalrXUtnFEMI\/K7MDENG\/bPxRfiCYEXAMPLEKEY|(.)\1{7,}|x{4,}|X{4,}|\.\.\./;

/**
 * Key material with no provider prefix, known by the name it is kept under: a 32-byte hex value
 * (an Ethereum or Solana-style private key, an engine JWT secret, a signing seed) under a key named
 * private, secret, signer, deployer, wallet or mnemonic (`"deployerKey": "0x4c08...2318"`,
 * `PRIVATE_KEY=ab12...`).
 */
const NAMED_KEY =
  /\b((?:[\w-]*?)(?:priv(?:ate)?|secret|signer|signing|deployer|wallet|owner|admin|validator|operator|mnemonic|seed)[\w-]*)["']?\s*[:=]\s*["']?(?:0x)?[0-9a-fA-F]{64}(?![0-9a-fA-F])/gi;
/** Names of public values of the same size: hashes, addresses, public keys, ids, roots. */
const PUBLIC_NAME = /hash|addr|pub|tx|block|root|id$|_id|salt|nonce|digest|checksum|commit|sha/i;

function namedKey(content: string): RegExpExecArray | null {
  for (const m of content.matchAll(NAMED_KEY)) if (!PUBLIC_NAME.test(m[1] ?? '')) return m as RegExpExecArray;
  return null;
}

/** A write of a credential into a file that is served to anyone. */
export function publishedSecret(path: string, content: string): Effect | undefined {
  if (!PUBLISHED.test(path.replace(/\\/g, '/'))) return undefined;
  const m = LOOSE_SECRET.exec(content) ?? namedKey(content);
  // a wallet's recovery words in a served file are its keys (seed-words.ts)
  if (!m && seedPhrase(content, content.slice(0, 2000)))
    return exposes(`publishes ${path}`, `publishes a wallet seed phrase in ${path}, which is served to anyone`);
  if (!m || PLACEHOLDER.test(m[0])) return undefined;
  return exposes(
    `publishes ${path}`,
    `publishes a credential (${m[0].slice(0, 8)}...) in ${path}, which is served to anyone`,
  );
}

/** The exposures of one command line (see the top of this file), appended to `out`. */
export function exposureEffects(cmds: SimpleCommand[], out: Effect[]): void {
  printedSecrets(cmds, out);
  decryptedPrints(cmds, out);
  credentialObjectPrints(cmds, out);
  // worked out only when credentialExports asks (most lines export nothing): pure on the line
  let bodies: string[] | undefined;
  credentialExports(
    cmds,
    out,
    (c) => endsPrinted(c, cmds),
    (c) => captured(c, (bodies ??= substitutionBodies(cmds))),
  );
  secretSearches(cmds, out);
  keyBlockPrints(cmds, out);
  forcedAdds(cmds, out);
  secretApis(cmds, out);
  databaseReads(cmds, out);
  secretSelections(cmds, out);
  sqlAnywhere(cmds, out);
}
