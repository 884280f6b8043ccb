// A structured query that picks secrets out of a file by their names, whatever the file or the
// program that made it: `jq '.[].pm2_env | {STRIPE_SECRET_KEY}' ~/.pm2/dump.pm2`, `plutil -extract
// EnvironmentVariables json -o - ~/Library/LaunchAgents/x.plist`, `PlistBuddy -c 'Print :ApiToken'
// prefs.plist`, `defaults read com.x.app AuthToken`, `yq .database.password /etc/app/config.yml`.
// Two readings:
//  - a key named for a secret (a password, token, API or private key, client secret, credentials)
//    selected from any file: what it prints is that secret;
//  - a whole environment block selected (env, environment, EnvironmentVariables, pm2_env) from a
//    file outside the project (a home folder's or the system's: a launch agent, a process
//    manager's dump, a service's unit): what it prints are the variables a program runs with.
// Read as `may-expose-secret selects KEY of FILE`, which the secret-exposure policy asks about.
// Not this: the value captured into a variable or piped on (`TOKEN=$(jq -r .token f)`, `| docker
// login --password-stdin`), stdin (an API's reply), names only (`keys`, `| .key`), a project's own
// environment block (`yq .services.web.environment compose.yaml`), and examples and templates.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { sqlSecretSelect } from './sql-secrets.js';

/** A key name that says it holds a secret, as snake_case words (`ApiToken` -> `api_token`). */
export const SECRET_KEY =
  /(?:^|_)(?:secret|secrets|password|passwd|passphrase|token|apikey|credential|credentials|pat|dsn)(?:$|_)|(?:^|_)(?:api|private|access|secret|signing|master|license)_key(?:$|_)|^(?:http_basic|basic_auth|bearer|github_oauth|gitlab_oauth|gitlab_token|bitbucket_oauth)(?:$|_)/;
/** Names that describe a secret rather than hold it. */
export const NOT_SECRET_KEY =
  /^(?:ask|asks|require|requires|use|enable|disable|allow|show|min|max|prompt|reset|remember|save|store|change|rotate)_|_(?:required|prompt|hint|strength|complexity|reset|changed|age|policy)$|_(?:url|uri|path|file|dir|id|name|type|expiry|expires|expires_at|date|time|date_time|datetime|ttl|length|len|enabled|version|mode|header|prefix|endpoint|count|helper|store|provider|process|command|source|policy|rotation)$|^(?:token_?type|max_tokens?|tokens?_used|tokenizer.*)$/;
/** Keys that hold a program's whole environment. */
const ENV_BLOCK = /^(?:env|envs|environment|environment_variables|env_vars|envvars|pm2_env|process_env)$/;
/** Files whose values a project keeps to show the shape (examples, templates, schemas, fixtures). */
const NOT_DATA = /example|sample|template|schema|fixture|\.dist$|\.tmpl$|\.tpl$/i;
/** A path outside the project: a home folder's settings, the system's configuration, a dump. */
const OUTSIDE =
  /^(?:~|\$HOME|\$\{HOME\}|\/home\/|\/Users\/|\/root\/|\/etc\/|\/var\/|\/opt\/|\/usr\/local\/etc\/|\/Library\/|\/proc\/)/;

/** Words of a selector expression: identifiers and quoted keys, as snake_case. */
function keysOf(expr: string): string[] {
  return [...expr.matchAll(/[A-Za-z_][\w-]*/g)].map((m) =>
    (m[0] ?? '')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/-/g, '_')
      .toLowerCase(),
  );
}

/** jq-family words that are the language's, not keys. */
const QUERY_WORDS = new Set([
  'select',
  'map',
  'keys',
  'values',
  'to_entries',
  'from_entries',
  'with_entries',
  'has',
  'not',
  'and',
  'or',
  'if',
  'then',
  'else',
  'end',
  'length',
  'print',
  'json',
  'xml',
  'raw',
  'binary1',
  'string',
]);

/** The selector and the files of a query program, or undefined when it is not one. */
function query(argv: string[]): { expr: string; files: string[]; tool: string } | undefined {
  const tool = basename(argv[0] ?? '').toLowerCase();
  const rest = argv.slice(1);
  const ops = (skip: RegExp) => {
    const out: string[] = [];
    for (let i = 0; i < rest.length; i++) {
      const w = rest[i] ?? '';
      if (skip.test(w)) i += /^--(?:arg|argjson|slurpfile|rawfile)$/.test(w) ? 2 : 1;
      else if (!w.startsWith('-') || w === '-') out.push(w);
    }
    return out;
  };
  if (/^(?:jq|gojq|jaq|yq|tomlq|xq)$/.test(tool)) {
    const o = ops(
      /^(?:--arg|--argjson|--slurpfile|--rawfile|-f|--from-file|-o|--output-format|-p|--input-format|--indent)$/,
    );
    if (rest.some((w) => w === '-f' || w === '--from-file')) return undefined;
    const [expr = '', ...files] = o;
    return { expr, files, tool };
  }
  if (tool === 'plutil') {
    // plutil -extract KEYPATH FORMAT [-o OUT] FILE (plutil(1))
    const i = rest.indexOf('-extract');
    if (i < 0) return undefined;
    const files = ops(/^(?:-extract|-o|-s)$/).filter((w) => w !== rest[i + 2]);
    return { expr: rest[i + 1] ?? '', files: files.slice(-1), tool };
  }
  if (tool === 'plistbuddy') {
    // PlistBuddy -c 'Print :Key:Sub' FILE
    const i = rest.indexOf('-c');
    const cmd = rest[i + 1] ?? '';
    if (i < 0 || !/^print\b/i.test(cmd)) return undefined;
    return { expr: cmd.replace(/^print\s*/i, ''), files: ops(/^-c$/).slice(-1), tool };
  }
  if (tool === 'defaults' && rest[0] === 'read' && rest[1] && rest[2]) {
    // defaults read DOMAIN KEY: the domain's preferences live in ~/Library/Preferences
    const domain = rest[1];
    const file = domain.startsWith('/') || domain.startsWith('~') ? domain : `~/Library/Preferences/${domain}.plist`;
    return { expr: rest[2], files: [file], tool };
  }
  if (tool === 'dasel') {
    const i = rest.findIndex((w) => w === '-f' || w === '--file');
    const file = i >= 0 ? rest[i + 1] : undefined;
    const o = ops(/^(?:-f|--file|-r|--read|-w|--write|-s|--selector)$/).filter((w) => w !== 'select' && w !== 'query');
    if (!file) return undefined;
    return { expr: o[0] ?? '', files: [file], tool };
  }
  return undefined;
}

/** Whether the command's output reaches the conversation (not piped on, redirected or captured). */
function printed(c: SimpleCommand, cmds: SimpleCommand[]): boolean {
  if (c.pipedInto) return false;
  if (c.redirs.some((r) => r.op.startsWith('>') && (r.fd === '' || r.fd === '1' || r.fd === 'all'))) return false;
  const head = c.argv[0] ?? '';
  return !cmds.some((x) =>
    [...x.argv, ...x.assigns.map((a) => a.value)].some((w) => /\$\(|`/.test(w) && w.includes(head)),
  );
}

export function secretSelections(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const q = query(c.argv);
    if (!q || !q.expr || !q.files.length || !printed(c, cmds)) continue;
    const file = q.files.find((f) => f !== '-' && !NOT_DATA.test(f));
    if (!file) continue;
    // names only: `keys`, `| .key`, `to_entries[].key`
    if (/\bkeys\b|\.key\s*$|\|\s*\.key\b|\bdel\(/.test(q.expr)) continue;
    const keys = keysOf(q.expr).filter((k) => !QUERY_WORDS.has(k));
    const secret = keys.find((k) => SECRET_KEY.test(k) && !NOT_SECRET_KEY.test(k));
    const env = OUTSIDE.test(file) ? keys.find((k) => ENV_BLOCK.test(k)) : undefined;
    const what = secret ?? env;
    if (!what) continue;
    out.push({
      tool: 'exec',
      command: `may-expose-secret selects ${what} of ${file.replace(/[^\w/~.$-]/g, '_')}`,
      via: `${q.tool} picks ${secret ? `${what}, named for a secret,` : `the ${what} block, a program's environment,`} out of ${file}`,
    });
  }
}

/** Tables that hold every process's environment: osquery's process_envs, Velociraptor's environ(). */
const ENV_TABLE =
  /\bfrom\s+(?:\w+\.)?(?:process_envs?|process_environ(?:ment)?|environ(?:ment)?(?:_variables)?)\b\s*(?:\(\s*\))?/i;
/** An Erlang node's distribution cookie read in code (the key to every node of the cluster). */
/** Database users listed with their password hashes: MongoDB's getUsers({showCredentials: true})
 * and its system.users collection (MongoDB manual, db.getUsers), PostgreSQL's roles dump
 * (pg_dumpall --roles-only / --globals-only writes CREATE ROLE ... PASSWORD 'SCRAM-SHA-256$...'). */
const USER_HASHES = /showCredentials\s*:\s*true|system\.users\s*\.\s*find\b/;
const COOKIE_READ = /\bNode\.get_cookie\s*\(|\berlang:get_cookie\s*\(|:erlang\.get_cookie\s*\(/;

/**
 * SQL handed to any program (osqueryi, `velociraptor query`, a warehouse CLI svc has no client
 * reading for): a query of a table of every process's environment reads it, and the secret
 * selections sql-secrets.ts reads in a database client's SQL read the same here. Code given to any
 * program that reads an Erlang node's cookie prints the cluster's key.
 */
export function sqlAnywhere(cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    const name = basename(c.argv[0] ?? '');
    if (
      name === 'pg_dumpall' &&
      c.argv.some((w) => /^(?:-r|-g|--roles-only|--globals-only)$/.test(w)) &&
      !c.argv.some((w) => w === '--no-role-passwords' || /^(?:-f|--file)(?:=|$)/.test(w)) &&
      !c.pipedInto &&
      !c.redirs.some((r) => r.op.startsWith('>'))
    )
      out.push({
        tool: 'exec',
        command: 'may-expose-secret pg_dumpall prints role password hashes',
        via: 'pg_dumpall prints every role with its password hash',
      });
    for (const w of c.argv.slice(1)) {
      if (USER_HASHES.test(w))
        out.push({
          tool: 'exec',
          command: `may-expose-secret ${name} lists users with their password hashes`,
          via: `${name} runs code that lists database users with their credentials`,
        });
      if (COOKIE_READ.test(w))
        out.push({
          tool: 'exec',
          command: `may-expose-secret ${name} reads the Erlang distribution cookie`,
          via: `${name} runs code that reads the node's distribution cookie`,
        });
      if (!/^\s*(?:select|with)\b[\s\S]*\bfrom\b/i.test(w)) continue;
      if (ENV_TABLE.test(w))
        out.push({
          tool: 'read',
          path: '/proc/*/environ',
          via: `${name} queries a table of every process's environment`,
        });
      out.push(...sqlSecretSelect(w, `${name} runs`));
    }
  }
}
