// Secrets a command-line tool prints because of what its subcommand lists or what an option asks
// for, whatever the tool, including ones svc has never seen:
//   cli-env-values TOOL WORDS   a platform's stored environment listed or pulled with its values
//                               (`render env list`, `netlify env:list --json`, `railway variables`,
//                               `dokku config:show`, `cf env APP`, `eb printenv`, `az webapp config
//                               appsettings list`): the app's database URLs and API keys among them
//   secret-reveal TOOL WORDS    an option whose whole purpose is to show what the tool otherwise
//                               masks (`sanity debug --secrets`, `--show-secrets`, `--reveal`,
//                               `--show-token`, `--unmask`)
// The first is asked (pulling a development environment is ordinary work), the second denied
// (policy secret-printing-commands). Sources: each platform CLI's reference (Heroku config,
// Netlify env:list/env:get, Render, Railway variables, Dokku config:show/export, Cloud Foundry
// `cf env`, Elastic Beanstalk `eb printenv`, Scalingo/Clever Cloud `env`, Upsun/Platform.sh
// `variable:get`, Azure appsettings, Qovery `env list --show-values`, Koyeb `secrets reveal`,
// Pulumi `--show-secrets`, Sanity `debug --secrets`, ngrok `config check`, EAS `env:list
// --include-sensitive`, n8n `--decrypted`, PowerShell SecretManagement `Get-Secret -AsPlainText`), and what the
// names-only listers print instead (`vercel env ls` shows values as Encrypted, `fly secrets list`,
// `gh secret list`, `wrangler secret list` and `supabase secrets list` show names and digests).

import { DECRYPT_READERS } from './effects/decrypt-prints.js';
import { NOT_SECRET_KEY, SECRET_KEY } from './effects/secret-selectors.js';

/** Nouns naming a platform's stored environment (`env`, `config:show` of dokku, `appsettings`). */
const ENV_NOUN =
  /^(?:env|envs|env-vars?|envvars?|environment-variables?|vars|variables?|config-vars|configvars|appsettings|app-settings|secret-groups?|printenv)$/;
/** Verbs that print or pull what they name (or none: `railway variables`, `cf env APP`). */
const SHOW_VERB = /^(?:list|ls|get|show|pull|export|dump|print|reveal|download|view|read|cat)$/;
/** Nouns of secret stores whose listings show names, and verbs that only print one when asked by name. */
const SECRET_NOUN = /^(?:secrets?|secret-values?)$/;
const SECRET_REVEAL_VERB = /^(?:reveal|show-values|export|download|dump|pull)$/;

/**
 * Tools whose `env` is a language toolchain's, a version manager's or a build tool's own environment
 * (conda env list, poetry env info, go env, fastlane env, brew --env) or whose listings print names only, by each tool's reference;
 * the Power Platform CLI's `pac env` is its Dataverse environments (organisations), not variables.
 */
const NOT_PLATFORM = new Set(
  'conda mamba micromamba poetry pipenv hatch pdm pyenv virtualenv tox nox nvm rbenv asdf spack cargo rustup nix guix uv rye pixi mise rtx volta fnm goenv nodenv jenv tfenv sdk go gem bundle bundler fastlane pac brew flutter dart dotnet php artisan rails mix composer pip pip3 pipx amplify terraform tofu kubectl oc docker podman env printenv dir ls gci get-childitem get-item gi node python python3 npm pnpm yarn bun deno git gh'.split(
    ' ',
  ),
);
/**
 * Names-only listings of tools that are otherwise platforms: `vercel env ls` prints values as
 * "Encrypted", `glab variable list` prints keys and their settings (values only with get/export),
 * `jf config show` masks the tokens and passwords it shows.
 */
const NAMES_ONLY =
  /^(?:vercel env (?:ls|list)|glab variable (?:ls|list)|jf c(?:onfig)? show|airflow variables (?:list|ls))\b/;
/** Options of a listing that ask for names only (`--names`, `--keys-only`), whatever the platform. */
const LIST_NAMES_ONLY = /^--(?:names?|names-only|only-names|keys-only|no-values)$/;

/** Options whose purpose is to print what the tool masks. */
const REVEAL_OPTION =
  /^--(?:secrets|show-secrets?|show-tokens?|show-passwords?|show-sensitive|show-credentials?|show-keys|reveal|reveal-secrets?|reveal-values|unmask|unmasked|include-secrets|with-secrets|insecure-show-secrets?|include-sensitive|show-sensitive-values|decrypted|as-plain-?text|show-secure(?:-args|-props|-properties|-values|-fields)?|include-secure(?:-args|-props|-properties|-values)?|reveal-secure)$|^-AsPlainText$/i;
/** Tools whose --show-keys is a listing of key ids and fingerprints (GnuPG 2.2+, gpg(1)). */
const SHOW_KEYS_LISTS = new Set(['gpg', 'gpg2']);
/** Secret scanners, whose reveal options show what they found in the user's own code. */
const SCANNERS = new Set([
  'gitleaks',
  'trufflehog',
  'detect-secrets',
  'ggshield',
  'git-secrets',
  'secretlint',
  'talisman',
  'noseyparker',
  'kingfisher',
  'semgrep',
]);

/** The first positional words of a command (its subcommand path), lower-cased, split at `:`. */
function subcommandPath(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < words.length && out.length < 4; i++) {
    const w = words[i] ?? '';
    if (w === '--') break;
    if (w.startsWith('-')) continue;
    // `Env:` and `env:NAME` are PowerShell's environment drive (Get-ChildItem Env:, Test-Path env:CI), which other readings decide
    if (!/^[A-Za-z][A-Za-z0-9:_-]*$/.test(w) || w.endsWith(':') || /^env:[A-Z_][A-Z0-9_]*$/.test(w)) break;
    out.push(...w.toLowerCase().split(':'));
  }
  return out;
}

/**
 * Words of a variable name that holds or carries a secret: keys, tokens, passwords, credentials,
 * and URLs or connection strings, which carry a password as often as not (DATABASE_URL).
 */
const SECRETISH_NAME =
  /key|secret|token|pass|pwd|cred|auth|dsn|url|uri|conn|cert|private|salt|sig|session|cookie|hook/i;

/**
 * `netlify env:get SANITY_PROJECT_ID`, `upsun variable:get SITE_NAME`: one variable asked for by a
 * name that says it is a setting prints that setting and nothing else, as `printenv NAME` does (the
 * same line the catalogues draw for `heroku config:get` and `dotenvx get`). Every positional word
 * after the `get` is that one name or an option's value; a second name, or a name with a secret's
 * words, keeps the reading.
 */
function oneSettingAsked(words: string[]): boolean {
  const at = words.findIndex((w) => /(?:^|:)get$/i.test(w));
  if (at < 0) return false;
  const names: string[] = [];
  for (let i = at + 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '--') return false;
    if (w.startsWith('-')) {
      if (!w.includes('=') && words[i + 1] !== undefined && !(words[i + 1] ?? '').startsWith('-') && names.length) i++;
      continue;
    }
    names.push(w);
  }
  return names.length === 1 && /^[A-Za-z_][A-Za-z0-9_]*$/.test(names[0] ?? '') && !SECRETISH_NAME.test(names[0] ?? '');
}

/** `cli-env-values TOOL WORDS` when a platform's stored environment is printed with its values, else null. */
export function envValuesReading(words: string[]): string | null {
  const tool = (words[0] ?? '').toLowerCase();
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || NOT_PLATFORM.has(tool)) return null;
  const path = subcommandPath(words);
  const line = words.join(' ');
  if (NAMES_ONLY.test(line) || words.some((w) => LIST_NAMES_ONLY.test(w))) return null;
  // `shopify app env show --help`: the subcommand's usage, printed instead of running it (every
  // platform CLI's parser: oclif, cobra, click, commander); after `--` the word is an operand
  const dashes = words.indexOf('--');
  if (words.slice(1, dashes < 0 ? undefined : dashes).includes('--help')) return null;
  // `dokku config:show`, `dokku config:export`, `flyctl config env`: config printed as the app's variables
  const noun = path.findIndex(
    (w, i) => ENV_NOUN.test(w) || (w === 'config' && /^(?:show|export|env)$/.test(path[i + 1] ?? '')),
  );
  if (noun >= 0) {
    const after = path.slice(noun + 1);
    // `railway variables`, `cf env APP`, `scalingo --app x env`: the noun alone prints; a verb that
    // changes (set, unset, add) does not
    const verb = after.find(
      (w) => SHOW_VERB.test(w) || /^(?:set|unset|add|rm|remove|delete|create|update|edit|import|push)$/.test(w),
    );
    if (verb === 'get' && oneSettingAsked(words)) return null;
    if (verb === undefined || SHOW_VERB.test(verb)) return `cli-env-values ${line}`;
    return null;
  }
  // a secret store asked to reveal or export its values (`koyeb secrets reveal`, `qovery secret
  // list --show-values`); its plain listings print names
  const secret = path.findIndex((w) => SECRET_NOUN.test(w));
  if (secret >= 0) {
    const after = path.slice(secret + 1);
    if (after.some((w) => SECRET_REVEAL_VERB.test(w)) || words.some((w) => /^--(?:show-values|reveal|plain)$/.test(w)))
      return `cli-env-values ${line}`;
  }
  return null;
}

/** A build property or option switched on: `-DshowPasswords=true` (Maven, a JVM), `-PshowSecrets=true` (Gradle), `/p:ShowSecrets=true` (MSBuild), `--show-secrets=true`. */
const SWITCHED_ON = /^(?:-D|-P|[-/]p(?:roperty)?:|--?)([A-Za-z][\w.-]*)=(?:true|yes|on|1)$/i;

/**
 * The option a switched-on property spells, in the long-option form REVEAL_OPTION knows:
 * `-DshowPasswords=true` and `-Dreveal.secrets=true` read as `--show-passwords` and
 * `--reveal-secrets`, whatever build tool or program takes them.
 */
function asOption(w: string): string {
  const m = SWITCHED_ON.exec(w);
  if (m === null) return w;
  const name = (m[1] ?? '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[._]/g, '-')
    .toLowerCase();
  return `--${name}`;
}

/** `secret-reveal TOOL WORDS` when an option asks the tool to print what it masks, else null. */
export function revealReading(words: string[]): string | null {
  // a tool run by its path (`./gradlew`, `/opt/tools/bin/cfg`) is judged by its name
  const tool = (words[0] ?? '').toLowerCase().replace(/^.*\//, '');
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || SCANNERS.has(tool)) return null;
  for (let i = 1; i < words.length; i++) {
    const w = asOption(words[i] ?? '');
    if (w === '--') break;
    if (!REVEAL_OPTION.test(w)) continue;
    // `--secrets FILE`, `--secrets=FILE`: a file of secrets given to the tool, not a request to print
    const next = words[i + 1] ?? '';
    if (w === '--secrets' && /[./]/.test(next) && !next.startsWith('-')) continue;
    // GnuPG's --show-keys lists the keys in a file as --list-keys lists the keyring's (gpg(1):
    // fingerprints, user ids, expiry); it prints no key material, secret or public
    if (w === '--show-keys' && SHOW_KEYS_LISTS.has(tool)) continue;
    // ConvertTo-SecureString -AsPlainText -Force turns a given string into a secret: the input direction
    if (/^-asplaintext$/i.test(w) && words.some((x) => /^convertto-securestring$/i.test(x))) continue;
    return `secret-reveal ${words.join(' ')}`;
  }
  return null;
}

/** Nouns of a credential a service issues to an account (not local key material: a key pair, an app's signing secret). */
const CREDENTIAL_NOUN =
  /^(?:tokens?|api-?keys?|api_keys?|apikeys?|access-?keys?|access_keys?|credentials?|creds|pats?|personal-access-tokens?|service-tokens?|deploy-tokens?|app-passwords?|auth-tokens?|bearer-tokens?)$/;
const MINT_VERB = /^(?:generate|create|new|mint|issue|gen|add)$/;
/** Options that give an issued credential its reach or its life: a key with these is an account's key. */
const SCOPE_OPTION =
  /^--(?:permissions?|scopes?|roles?|expires?|expir(?:y|ation)|ttl|write|admin|read-write|org|organization|key-name|description)(?:=|$)/;
/**
 * Tools whose key or token subcommands make local material or an app's own secret, by each tool's
 * reference: ssh-keygen, gpg, age-keygen, wg genkey, cosign generate-key-pair, Laravel's
 * `artisan key:generate` (APP_KEY in .env), `rails secret`, Phoenix `mix phx.gen.secret`, Django.
 */
const LOCAL_KEYS = new Set([
  'ssh-keygen',
  'gpg',
  'gpg2',
  'age-keygen',
  'wg',
  'cosign',
  'minisign',
  'signify',
  'openssl',
  'artisan',
  'php',
  'rails',
  'django-admin',
  'keytool',
  'step',
]);

/**
 * `may-expose-secret mints TOOL WORDS` when a subcommand issues a new credential for an account
 * (`mix hex.user key generate --permission api:write`, `acme token create --scope admin`, `x
 * apikey create`): the new token is printed into the conversation and lives on beyond the task,
 * whatever the tool. A bare `key generate` with no scope is local material and left alone.
 */
export function mintReading(words: string[]): string | null {
  const tool = (words[0] ?? '').toLowerCase().replace(/^.*\//, '');
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || LOCAL_KEYS.has(tool)) return null;
  // Mix and Rake tasks spell their path with dots (`mix hex.user key generate`)
  const path: string[] = [];
  for (const w of words.slice(1, 8)) {
    if (w === '--') break;
    if (w.startsWith('-')) continue;
    if (!/^[A-Za-z][\w:.-]*$/.test(w)) break;
    path.push(...w.toLowerCase().split(/[:.]/).filter(Boolean));
  }
  // a project's own script or target named so (`npm run create-credentials`, `make new-token`)
  // runs code the line does not show: other readings judge it
  if (/^(?:npm|pnpm|yarn|bun|make|gmake|just|task|rake|invoke|nox|tox|composer|deno)$/.test(tool)) return null;
  const scoped = words.some((w) => SCOPE_OPTION.test(w));
  // a tool named for what it issues: elasticsearch-reset-password prints the new password,
  // elasticsearch-create-enrollment-token a token that joins a node or Kibana (Elastic docs)
  if (
    /^(?:[a-z0-9]+-)*(?:reset|create|generate|issue|mint)-(?:[a-z]+-)*(?:password|passwords|token|api-key|credentials?)$/.test(
      tool,
    )
  )
    return `may-expose-secret mints ${words.join(' ')}`;
  for (let i = 0; i < path.length; i++) {
    const w = path[i] ?? '';
    // `token create`, `create-token`, `apikey:create`, `key generate --permission ...`
    const joined = /^(?:generate|create|new|mint|issue)[-_]((?:[a-z]+[-_])?(?:token|key|api-?key|credential)s?)$/.exec(
      w,
    );
    const noun = joined ? (joined[1] ?? '') : w;
    // the verb beside the noun, or one word on (`key ORG generate`)
    const near = joined ? ['create'] : [path[i + 1], path[i - 1], path[i + 2]];
    if (!near.some((v) => MINT_VERB.test(v ?? ''))) continue;
    if (CREDENTIAL_NOUN.test(noun) || ((noun === 'key' || noun === 'keys') && scoped))
      return `may-expose-secret mints ${words.join(' ')}`;
  }
  return null;
}

/** svc's own readings of a call (`may-expose-secret selects value from credentials`), decided again
 * as commands: their words describe an effect already read, they are no tool's getter. */
const SVC_READING = /^(?:may-expose-secret|exposes-secret|cli-env-values|secret-reveal|shares-data)$/;
/** Verbs that print one value a tool keeps. */
const GET_VERB = /^(?:get|show|read|print|value|get-value|cat|reveal|export)$/;
/** Tools whose store is secrets by name: keystores, vaults, credential and password stores. */
const SECRET_STORE_TOOL = /keystore|keychain/;
/** HTTP clients, whose GET is a method and whose operands are URLs and headers. */
const HTTP_TOOLS = /^(?:curl|wget|http|https|xh|xhs|httpie|curlie|hurl|grpcurl)$/;

/**
 * `secret-reveal TOOL WORDS` when a tool's getter is asked for a value named for a secret (`foo
 * config get api_token`, `mix hex.config api_key`, `bin/magento config:show .../private_key`) or
 * a secret store's getter for any value (`elasticsearch-keystore show bootstrap.password`),
 * whatever the tool; `splunk show-decrypted` decrypts a stored secret for printing. Names that
 * describe a secret (`credential.helper`, `token_url`) are not one.
 */
export function secretGetReading(words: string[]): string | null {
  const tool = (words[0] ?? '').toLowerCase().replace(/^.*\//, '');
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || LOCAL_KEYS.has(tool) || SVC_READING.test(tool)) return null;
  // cluster CLIs' secrets are read by the Kubernetes readings (a listing prints names)
  if (
    /^(?:kubectl|oc|kubecolor|k9s|helm)$/.test(tool) ||
    HTTP_TOOLS.test(tool) ||
    words.some((w) => w === '--help' || w === '-h')
  )
    return null;
  // a getter asked only whether the value exists answers with its exit status, printing no value
  // (`store.py get dms-token --check`); --quiet is no such option (gcloud's still prints)
  if (words.some((w) => /^--(?:check|exists?|is-set|has)$/.test(w))) return null;
  if (words.slice(1, 4).some((w) => /^show-decrypted$/i.test(w))) return `secret-reveal ${words.join(' ')}`;
  const ops = words.slice(1).filter((w) => !w.startsWith('-'));
  const verb = ops.slice(0, 3).findIndex((w) =>
    w
      .toLowerCase()
      .split(/[:.]/)
      .some((p) => GET_VERB.test(p)),
  );
  // `mix hex.config KEY`: a task named config prints the key it is given
  const configTask = ops[0] !== undefined && /(?:^|[.:])config$/.test(ops[0]) && ops.length === 2;
  if (verb < 0 && !configTask) return null;
  // a key is a word: not a URL, a header, a variable or an assignment
  const named = ops
    .slice(configTask ? 1 : verb + 1)
    .filter((w) => !/[$=\s]|:\/\//.test(w))
    .map((w) =>
      w
        .replace(/^.*[/:]/, '')
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .replace(/[-.]/g, '_')
        .toLowerCase(),
    );
  if (SECRET_STORE_TOOL.test(tool) && named.length) return `secret-reveal ${words.join(' ')}`;
  if (named.some((k) => SECRET_KEY.test(k) && !NOT_SECRET_KEY.test(k))) return `secret-reveal ${words.join(' ')}`;
  return null;
}

/** A certificate store's export verb, as a subcommand, an option or a mainframe-style keyword (`EXPORT(...)`). */
const EXPORT_WORD = /(?:^|[\s'"(-])(?:export|exportpfx|export-pfxcertificate|export-certificate)(?=$|[\s'"(])/i;
/** The PKCS#12 container, which carries the private key with the certificate. */
const PKCS12_WORD = /(?:^|[^a-z0-9])(?:pkcs#?12\w*|p12|pfx)(?:$|[^a-z0-9])/i;
/** Tools whose pkcs12 export packs key files the user already holds (openssl pkcs12 -export -inkey k.pem), or converts a keystore's format. */
const PACKERS = new Set(['openssl', 'keytool', 'step']);

/**
 * `may-expose-secret exports-private-key TOOL WORDS` when a certificate is exported from a store
 * as PKCS#12 (`certutil -exportPFX`, `Export-PfxCertificate`, a RACF `RACDCERT ... EXPORT(...)
 * FORMAT(PKCS12DER)`, any `x cert export --format p12`): a .p12/.pfx holds the private key, so
 * the export takes a server's or a user's identity out of the store that guarded it, whatever
 * the store. Exports of the certificate alone (PEM, DER, CER) hold only the public half.
 */
export function privateKeyExportReading(words: string[]): string | null {
  const tool = (words[0] ?? '').toLowerCase().replace(/^.*[/\\]/, '');
  if (PACKERS.has(tool) || SVC_READING.test(tool)) return null;
  if (words.some((w) => /^(?:-\?|\/\?|--help|-h|help|-help)$/i.test(w))) return null;
  const line = words.slice(1).join(' ');
  if (!EXPORT_WORD.test(` ${line}`) && !/^export-pfxcertificate$/i.test(tool)) return null;
  if (!PKCS12_WORD.test(line) && !/^export-pfxcertificate$/i.test(tool) && !/-exportpfx/i.test(line)) return null;
  if (/\bimport\b/i.test(line)) return null;
  return `may-expose-secret exports-private-key ${words.join(' ')}`;
}

/** Compose programs: `docker compose`, `podman compose`, `docker-compose`, `podman-compose`. */
const COMPOSE_TOOL = /^(?:docker|podman|nerdctl)$/;
/** Options of `compose config` that print names or a digest, not the rendered services. */
const COMPOSE_NAMES_ONLY =
  /^(?:--services|--volumes|--profiles|--images|--networks|--hash(?:=.*)?|-q|--quiet|--no-interpolate)$/;
/** A name for production or the live system. */
const PROD_NAME = /(?:^|[^a-z0-9])(?:prod|production|prd|live)(?:[^a-z0-9]|$)/i;

/**
 * `may-expose-secret compose-config WORDS` when a compose file is rendered with its variables
 * filled in (`docker compose -f deploy/prod/docker-compose.yml config`, `docker-compose
 * --env-file .env.production convert`): the output is every service's environment with the
 * values of the production env file or the shell, passwords among them. Rendering a development
 * stack (no file or env file named for production) and names-only listings are left alone.
 */
export function composeConfigReading(words: string[]): string | null {
  const tool = (words[0] ?? '').toLowerCase().replace(/^.*\//, '');
  let i = 1;
  if (COMPOSE_TOOL.test(tool)) {
    while (i < words.length && (words[i] ?? '').startsWith('-')) i++;
    if (words[i] !== 'compose') return null;
    i++;
  } else if (!/^(?:docker|podman)-compose$/.test(tool)) return null;
  const rest = words.slice(i);
  const sub = rest.find(
    (w, k) =>
      !w.startsWith('-') &&
      !/^(?:-f|--file|--env-file|-p|--project-name|--project-directory|--profile)$/.test(rest[k - 1] ?? ''),
  );
  if (sub !== 'config' && sub !== 'convert') return null;
  if (rest.some((w) => COMPOSE_NAMES_ONLY.test(w) || w === '--help' || w === '-h')) return null;
  const named: string[] = [];
  for (let k = 0; k < rest.length; k++) {
    const w = rest[k] ?? '';
    const m = /^(--file|--env-file|--project-name)=(.*)$/.exec(w);
    if (m) named.push(m[2] ?? '');
    else if (/^(?:-f|--file|--env-file|-p|--project-name)$/.test(w)) named.push(rest[k + 1] ?? '');
  }
  if (!named.some((n) => PROD_NAME.test(n) && !/\.(?:example|sample|template|dist)$/.test(n))) return null;
  return `may-expose-secret compose-config ${words.join(' ')}`;
}

// What a secret-noun reading keys on, for tools svc has never seen (mech24d): the subcommand path
// of a CLI names what it acts on and what it does, so `quillctl secret get X`, `nimbusctl iam
// get-api-key`, `aliyun kms GetSecretValue`, `hcp vault-secrets secrets open X`, `kamal secrets
// print`, `step ca token`, `ferrocli login --print-token` all say, in the grammar every CLI
// framework shares (cobra, click, oclif, commander: noun and verb words, kebab or camel case), that
// a stored secret's value comes back. Words from the nouns and verbs of the secret-store CLIs
// listed in secret-commands.yaml (their `get`, `show`, `reveal`, `print`, `read`, `access`,
// `open`, `export`, `dump`, `decrypt` over `secret`, `token`, `password`, `credentials`,
// `api-key`, `connection-string`, `kubeconfig`), generalised to any tool.

/** A secret's noun, as one kebab-case run of words (`api-key`, `connection-strings`, `secret-value`). */
const VALUE_NOUN =
  /(?:^|-)(?:secrets?|secret-values?|tokens?|passwords?|passwd|passphrases?|credentials?|creds|api-?keys?|apikeys?|private-?keys?|priv-?keys?|connection-?strings?|conn-?strs?|conn-?strings?|dsns?|kubeconfigs?|kube-?configs?|unseal-keys?|recovery-keys?|signing-keys?|client-secrets?|access-keys?|secret-keys?|master-keys?|account-keys?|cert-keys?|tls-keys?|pats?|webhook-secrets?|bearer)(?=$|-)/;
/** Verbs that give back a stored value. `describe`, `info`, `inspect` and `status` give metadata. */
const PRINT_VERB =
  /(?:^|-)(?:reveal|print|show|get|export|dump|cat|pull|download|access|open|value|read|display|decrypt|fetch|view|unmask|retrieve|unseal|plain|plaintext)(?=$|-)/;
/** Parts after a noun in one word that make it a question about the secret, not the secret (`get-access-key-last-used`, `token-info`). */
const META_AFTER =
  /^(?:last|used|id|ids|name|names|info|metadata|meta|status|policy|policies|rotation|expiry|expiration|expires|count|age|list|ttl|type|types|version|versions|history|usage|scopes?|permissions?|owner|fingerprint|hash|digest|length|lookup-self|details|attributes|labels|tags|usages|limits?|reference|refs?|store|stores|provider|providers|manager|managers|engine|engines|exists?)$/;
/** Options asking the tool to print the secret it would otherwise keep (`--print-token`, `--with-password`, `--include-private-key`, `--plaintext`). */
const PRINT_OPTION =
  /^--(?:(?:print|show|output|with|include|reveal|display|echo|dump|export|return)-(?:[a-z]+-)?(?:token|tokens|password|passwords|secret|secrets|key|keys|private-key|credentials?|creds|value|values)|plain-?text|values|with-values|show-values|decrypt|decrypted|private|print)(?:=(?:true|yes|1))?$/;
/** Verbs and options of a listing, a change or a check, which print names or nothing. */
const NOT_PRINT_VERB =
  /^(?:list|ls|create|new|add|set|put|update|delete|rm|remove|rotate|renew|revoke|destroy|disable|enable|import|upload|push|write|edit|encrypt|seal|lock|validate|verify|check|test|scan|help|completion|describe|inspect|info|status|audit|diff|sync|login|logout|init|metadata|meta|history|policy|policies)$/;
/** Print options that name a secret (the general PRINT_OPTION also takes `--values`, `--plaintext`, which need a secret's noun beside them). */
const SECRET_PRINT_OPTION =
  /^--(?:print|show|output|with|include|reveal|display|echo|dump|return)-(?:[a-z]+-)?(?:token|tokens|password|passwords|secret|secrets|private-key|private-keys|credentials?|creds)(?:=(?:true|yes|1))?$/;
/** Words before a bare `key` that make it a credential (an account's, an API's, a signing key) rather than a KMS key's metadata. */
const KEY_OWNER =
  /(?:^|-)(?:account|sa|api|access|deploy|signing|private|ssh|secret|client|service|master|admin|root)$/;
const META_VERB = /^(?:describe|inspect|info|status)$/;
/** Nouns whose description is the value itself. */
const STRONG_NOUN =
  /(?:^|-)(?:connection-?strings?|conn-?strs?|conn-?strings?|dsns?|kubeconfigs?|kube-?configs?|private-?keys?)(?=$|-)/;
const NAMES_OPTION =
  /^--(?:names?|names-only|keys-only|keys|only-names|no-values|masked|redact(?:ed)?|quiet|help|check|exists?)$|^-h$/;
/** Tools with their own readings of secrets, or whose words are code and URLs rather than a subcommand path. */
const OWN_READINGS =
  /^(?:kubectl|oc|kubecolor|helm|git|gh|glab|npm|npx|pnpm|yarn|bun|bunx|deno|pip|pip3|pipx|uv|poetry|cargo|go|make|just|task|rake|mix|gradle|gradlew|mvn|docker|podman|env|printenv|sudo|doas|echo|printf|cat|grep|rg|ag|sed|awk|jq|yq|find|ls|test|python|python3|node|ruby|perl|php|bash|sh|zsh|pwsh|powershell|cmd|openssl|ssh-keygen|ssh|scp|gpg|gpg2|age|age-keygen|keytool|cosign|man|info|tldr|which|type|command|whereis|history)$/;
/** Local clusters' own tools: the kubeconfig they print reaches a cluster on this machine (`k3d kubeconfig get dev`). */
const LOCAL_CLUSTERS = /^(?:k3d|kind|minikube)$/;
/** Programs a secret may be piped into that only shape or show what they receive. */
const SHOWING_FILTER =
  /^(?:jq|yq|gojq|jaq|grep|egrep|rg|head|tail|cat|tee|less|more|sed|awk|cut|sort|uniq|column|tr|base64|xxd|od|hexdump|fold|fmt|nl|python3?|fx|bat|pbcopy|xclip|xsel|wl-copy|clip|clip\.exe)$/;

/** The subcommand path of a CLI: its first positional words before any operand that looks like data, kebab-cased. */
function kebabPath(words: string[]): { path: string[]; operands: string[] } {
  const path: string[] = [];
  const operands: string[] = [];
  for (let i = 1; i < words.length && path.length + operands.length < 7; i++) {
    const w = words[i] ?? '';
    if (w === '--') break;
    if (w.startsWith('-')) {
      // `--env production`, `--profile prod`: an option's value is no subcommand
      if (!w.includes('=') && /^--?[a-z][\w-]*$/i.test(w) && !PRINT_OPTION.test(w) && !/^--?[a-z]$/i.test(w)) {
        const next = words[i + 1] ?? '';
        if (
          next &&
          !next.startsWith('-') &&
          /^--(?:env|environment|profile|stage|app|project|project-id|cluster|region|zone|namespace|vault|context|org|account|format|output|field|key-id|id|alias|name|scope|shell|config|file|out)$/i.test(
            w,
          )
        )
          i++;
      }
      continue;
    }
    // `-s https://ci.example/`: a URL after an option is its value; `env:NAME` is PowerShell's environment drive
    if (w.includes('://') || /^env:/i.test(w)) continue;
    if (operands.length || !/^[A-Za-z][A-Za-z0-9:_-]*$/.test(w)) {
      operands.push(w);
      continue;
    }
    for (const part of w.split(':'))
      if (part)
        path.push(
          part
            .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
            .replace(/_/g, '-')
            .toLowerCase(),
        );
  }
  return { path, operands };
}

/** An operand whose last segment is named for a secret or key material (`prod-api-key`, `deploy_key`, `db_password`, `tls.key`). */
function namedSecret(operand: string): boolean {
  if (/[$=\s]|:\/\//.test(operand)) return false;
  const last = operand.replace(/^.*[/:]/, '').toLowerCase();
  if (/\.(?:pem|key|p12|pfx|jks|keystore|ppk)$/.test(last)) return true;
  // `secrets.enc`, `creds.txt`: a file given to the tool, which other readings judge by its place
  if (last.includes('.')) return false;
  const k = last.replace(/[-.]/g, '_');
  return (
    (SECRET_KEY.test(k) && !NOT_SECRET_KEY.test(k)) ||
    /(?:^|_)(?:deploy|ssh|signing|tls|root)_keys?$|^id_(?:rsa|ed25519|ecdsa|dsa)$/.test(k)
  );
}

/** Whether a kebab-case word names a secret's value (a noun not followed by a question about it). */
function namesSecretValue(word: string): boolean {
  const m = VALUE_NOUN.exec(word);
  if (m === null) return false;
  const rest = word
    .slice(m.index + m[0].length)
    .split('-')
    .filter(Boolean);
  return !rest.some((p) => META_AFTER.test(p));
}

/**
 * `secret-reveal TOOL WORDS` when a CLI svc has no entry for is asked, by its subcommand path, to
 * print a secret: a secret's noun and a verb that gives a value back (`secret get`, `get-api-key`,
 * `GetSecretValue`, `secrets open`, `token print`), a noun under an account's or a cluster's
 * group with no verb (`auth token`, `ca token`, `db credentials`), a noun with an option that
 * asks for the value (`--print-token`, `--with-password`, `--plaintext`), a getter given a
 * `secret/NAME` operand, or a `decrypt` subcommand whose plaintext is not sent to a file. Its
 * listings (`secrets list`), changes (`secret create`, `token rotate`), checks and help print
 * names or nothing and are left alone, as is a value captured, written to a file or piped into a
 * program that uses it (`... token get | docker login --password-stdin`).
 */
export function secretNounReading(argv: string[], pipedInto?: readonly string[] | null): string | null {
  // `java -jar jenkins-cli.jar ...`: the jar is the program
  const words =
    /^java$/i.test(argv[0] ?? '') && argv[1] === '-jar' && argv[2]
      ? [argv[2].replace(/\.jar$/i, ''), ...argv.slice(3)]
      : argv;
  // PowerShell cmdlets (Test-Path env:X_TOKEN) are Verb-Noun, read by the PowerShell readings
  if (/^[A-Z][a-z]+-[A-Z]/.test(words[0] ?? '')) return null;
  const tool = (words[0] ?? '').toLowerCase().replace(/^.*[/\\]/, '');
  if (!/^[a-z][a-z0-9._-]*$/.test(tool) || OWN_READINGS.test(tool) || SCANNERS.has(tool)) return null;
  if (SVC_READING.test(tool) || HTTP_TOOLS.test(tool) || LOCAL_CLUSTERS.test(tool) || tool === 'setting-program')
    return null;
  if (words.some((w) => NAMES_OPTION.test(w))) return null;
  const receiver = (pipedInto?.[0] ?? '').replace(/^.*\//, '');
  if (pipedInto && receiver && !SHOWING_FILTER.test(receiver)) return null;
  const { path, operands } = kebabPath(words);
  if (path.length === 0) return null;
  // `gcloud container clusters get-credentials`, `az aks get-credentials`: written into the kubeconfig, not printed
  if (path.includes('get-credentials')) return null;
  const options = words.slice(1).filter((w) => w.startsWith('-'));
  const asks = options.some((w) => PRINT_OPTION.test(w.toLowerCase()));
  // `ferrocli login --print-token`, `pylonx db url --with-password`, `x keystore export
  // --include-private-key`: the option itself names the secret it asks to print
  if (options.some((w) => SECRET_PRINT_OPTION.test(w.toLowerCase()))) return `secret-reveal ${words.join(' ')}`;
  const line = words.join(' ');
  // `service-account key get`, `api key show`: a bare key named by whose key it is
  const noun = path.findIndex(
    (w, i) => namesSecretValue(w) || (/^keys?$/.test(w) && KEY_OWNER.test(path[i - 1] ?? '')),
  );
  const verb = path.findIndex((w) => PRINT_VERB.test(w));
  const stopWords = path.flatMap((w) => w.split('-')).filter((p) => NOT_PRINT_VERB.test(p));
  const stops = stopWords.length > 0;
  // `describe`, `inspect`, `info` give a secret's metadata, except of a noun that is its value (a connection string, a kubeconfig)
  const looks = stops && stopWords.every((p) => META_VERB.test(p));
  // `decrypt FILE`: the plaintext printed, unless it goes to a file or back in place
  if ((path[0] === 'decrypt' || path[path.length - 1] === 'decrypt') && !DECRYPT_READERS.has(tool)) {
    const toFile = options.some((w) =>
      /^(?:-o|--out|--output|--outfile|--out-file|--output-file|--plaintext-file|-i|--in-place|--inplace|--write)(?:=|$)/.test(
        w,
      ),
    );
    if (!toFile && !stops) return `secret-reveal ${line}`;
    return null;
  }
  if (noun >= 0) {
    if (verb >= 0 && !stops) return `secret-reveal ${line}`;
    if (looks && STRONG_NOUN.test(path[noun] ?? '')) return `secret-reveal ${line}`;
    if (asks && !stops) return `secret-reveal ${line}`;
    // `step ca token SUBJECT`, `strata-cli db credentials`: a noun ending a group's path is that
    // group's getter; a bare noun (`npm token`) is a group of its own whose default lists or helps
    if (noun === path.length - 1 && noun >= 1 && verb < 0 && !stops && !/^secrets?$/.test(path[noun] ?? ''))
      return `secret-reveal ${line}`;
  }
  // `berglas access bucket/prod-api-key`, `keystash cat prod/ssh/deploy_key`: a getter given an operand named for a secret
  if (verb >= 0 && !stops && operands.some(namedSecret)) return `secret-reveal ${line}`;
  // `zephyrvault read secret/data/prod/api`, `prefect block inspect secret/db-password`: a getter of a secret by its type and name
  if (verb >= 0 || path.some((w) => /^(?:inspect|describe)$/.test(w)))
    if (operands.some((o) => /^secrets?\/[^\s]+/i.test(o)) && (!stops || looks)) return `secret-reveal ${line}`;
  return null;
}
