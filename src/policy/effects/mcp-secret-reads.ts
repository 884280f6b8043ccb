// MCP tools that hand back a stored secret's value, read as the command-line call that does the
// same, so the secret-printing rules decide them: a cluster server's get/list of a Secret object
// (`k8s_get_resource {kind: Secret}` is `kubectl get secret NAME -o yaml`), a secret store's
// value read (`get_secret_value`, `access_secret_version`, `vault_read`, `get_parameter` with
// decryption), a cloud function's configuration with its environment
// (`aws_lambda_get_function_configuration`, `get_env_vars`), a getter asked to reveal what it masks
// (`{reveal: true}`, `show_secrets`, `decrypt`: `secret-reveal mcp ...`), and script run in a logged-in page
// that reads its cookies or web storage (`browser_evaluate {function: "() => document.cookie"}`),
// and a search of any store whose query names several kinds of secret (a mailbox searched for
// `API credentials OR secret key`).
// Listing names, describing metadata and creating or rotating secrets are not reads of a value.
import type { Effect } from './types.js';
import { toolWords } from './mcp-tools.js';
import { NOT_SECRET_KEY, SECRET_KEY } from './secret-selectors.js';

type Params = Record<string, unknown>;

function pick(p: Params, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = p[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
}

/** A value safe to put on a command line as one word. */
function word(v: string | undefined, fallback: string): string {
  const s = (v ?? fallback).replace(/[^\w@%+=:,./~-]/g, '_');
  return s || fallback;
}

const KUBE = new Set(['k8s', 'kube', 'kubernetes', 'kubectl', 'resource', 'resources', 'oc', 'openshift']);
/** Verbs that hand a value back. */
const READS = new Set(['get', 'read', 'access', 'reveal', 'show', 'fetch', 'retrieve', 'value', 'decrypt', 'export']);
/** Verbs that change a secret or only list or describe it. */
const NOT_READS = new Set([
  'list',
  'create',
  'put',
  'set',
  'update',
  'delete',
  'remove',
  'rotate',
  'describe',
  'tag',
  'untag',
  'restore',
  'add',
  'patch',
  'apply',
]);
const SECRET_WORDS = new Set(['secret', 'secrets', 'password', 'passwords', 'credential', 'credentials']);
const ENV_WORDS = new Set(['env', 'envs', 'environment', 'variables', 'vars', 'appsettings']);
/** Parameter names of a switch whose purpose is to return what a tool masks (the MCP form of secret-reveal options). */
const REVEAL_PARAM =
  /^(?:reveal|reveal_?(?:secrets?|values?)|show_?(?:secrets?|values?|passwords?|sensitive)|include_?(?:secrets?|sensitive|values)|with_?(?:secrets?|values)|decrypt(?:ed)?|unmask(?:ed)?|plain_?text|as_?plain_?text)$/i;
const PAGE_CODE = /document\s*\.\s*cookie|localStorage|sessionStorage|indexedDB/;
/** Page script that reads the values of password inputs or of fields named for secrets (a settings
 * page's revealed API keys and environment values): `input[type=password]` ... `.value`. */
const PAGE_FIELDS =
  /(?:type\s*=\s*\\?["']?password|\[(?:data-[\w-]*|name|id|class)[*^$~|]?=\s*\\?["']?[\w-]*(?:secret|token|api-?key|env-value|password|credential)|[#.][\w-]*(?:secret|token|api-?key|password|credential)[\w-]*)[^]*?(?:\.value\b|\.textContent\b|\.innerText\b|\.innerHTML\b|getAttribute\(\s*["']value)/i;

/** Verbs of a tool that searches what a store holds. */
const SEARCH_VERBS = new Set(['search', 'query', 'find', 'grep', 'lookup', 'filter', 'scan']);
/** Parameters that carry a search's text. */
const QUERY_PARAMS = [
  'query',
  'q',
  'search',
  'text',
  'term',
  'terms',
  'keywords',
  'keyword',
  'filter',
  'subject',
  'pattern',
];
/** Kinds of secret a query can name; `auth` and a bare `key` alone are too common in ordinary searches to count. */
const QUERY_KINDS =
  /passw(?:or)?ds?|\bpwd\b|secrets?|\btokens?\b|api[\s_-]?keys?|apikeys?|private[\s_-]?keys?|credentials?|\bcreds\b|(?<![a-z])keys?(?![a-z])|2fa|mfa|recovery[\s_-]?codes?|seed[\s_-]?phrase/gi;

/** The query of a search tool when it names two or more kinds of secret. */
function searchQuery(words: string[], p: Params): string | undefined {
  if (!words.some((w) => SEARCH_VERBS.has(w))) return undefined;
  for (const k of QUERY_PARAMS) {
    const v = p[k];
    if (typeof v !== 'string') continue;
    const kinds = new Set<string>();
    for (const m of v.matchAll(QUERY_KINDS)) {
      const w = (m[0] ?? '').toLowerCase().replace(/s$/, '');
      kinds.add(/^(?:api|private)[\s_-]?key$|^apikey$|^key$/.test(w) ? 'key' : w.replace(/^cred$/, 'credential'));
    }
    if (kinds.size >= 2 && !examplesOnly(v)) return v;
  }
  return undefined;
}

/**
 * A code search confined to example and template files (`path:.env.example`, `filename:.env.sample`,
 * `path:*.env.template`, GitHub code-search qualifiers): those files are committed for anyone to
 * read and hold the variables' names with placeholders, so what it finds is documentation.
 */
const SCOPE_QUALIFIER = /(?:^|\s)-?(?:path|filename|file):("[^"]*"|\S+)/gi;
const EXAMPLE_FILE = /(?:\.|^|\/)(?:example|sample|template|dist|defaults|tpl)["']?$/i;
function examplesOnly(q: string): boolean {
  const scopes = [...q.matchAll(SCOPE_QUALIFIER)];
  return (
    scopes.length > 0 &&
    scopes.every((m) => !m[0].trim().startsWith('-') && EXAMPLE_FILE.test((m[1] ?? '').replace(/"/g, '')))
  );
}

/** Credential nouns of a tool name, alone or as pairs of words (`api keys`, `access token`). */
const TOOL_CREDENTIAL =
  /^(?:tokens?|apikeys?|api keys?|access tokens?|private keys?|client secrets?|signing secrets?|webhook secrets?|app passwords?|secret keys?)$/;

/** The credential a getter returns by its name or by the key it is asked for, if any. */
function credentialNamed(words: string[], p: Params): string | undefined {
  const last = words[words.length - 1] ?? '';
  const pair = words.slice(-2).join(' ');
  if (TOOL_CREDENTIAL.test(pair) || TOOL_CREDENTIAL.test(last)) return TOOL_CREDENTIAL.test(pair) ? pair : last;
  for (const k of ['path', 'key', 'name', 'setting', 'option', 'field', 'config_path', 'option_name']) {
    const v = p[k];
    if (typeof v !== 'string' || /[\s$]|:\/\//.test(v)) continue;
    const tail = (v.split(/[/.:]/).pop() ?? '')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/-/g, '_')
      .toLowerCase();
    if (SECRET_KEY.test(tail) && !NOT_SECRET_KEY.test(tail)) return v;
  }
  return undefined;
}

export function mcpSecretReads(op: string, p: Params): Effect[] {
  const words = toolWords(op);
  const out: Effect[] = [];
  const via = `MCP ${op}`;
  const push = (command: string, what: string) =>
    out.push({ tool: 'exec', command, via: `${via} ${what} (as \`${command}\`)` });
  const kind = pick(p, 'kind', 'resourceType', 'resource_type', 'resource', 'resourceKind', 'type');
  const changes = words.some((w) => NOT_READS.has(w) && w !== 'list' && w !== 'describe');
  // a cluster server asked for Secret objects (their data comes back base64-encoded, not hidden)
  const kubeSecret =
    (kind !== undefined && /^secrets?$/i.test(kind) && (words.some((w) => KUBE.has(w)) || words.length <= 3)) ||
    (words.some((w) => KUBE.has(w) || w === 'cluster') && words.some((w) => w === 'secret' || w === 'secrets'));
  const output = pick(p, 'output', 'format', 'outputFormat');
  if (kubeSecret && !changes && !(output && /^names?$/i.test(output))) {
    const name = word(pick(p, 'name', 'secret', 'secret_name', 'resourceName'), '');
    const ns = pick(p, 'namespace', 'ns');
    push(
      `kubectl get secret ${name}${ns ? ` -n ${word(ns, 'default')}` : ''} -o yaml`.replace(/ {2,}/g, ' '),
      'reads a Secret',
    );
    return out;
  }
  const reads = words.some((w) => READS.has(w)) && !words.some((w) => NOT_READS.has(w));
  // a secret store's value: AWS Secrets Manager, Google Secret Manager, Azure Key Vault, Vault, SSM
  if (reads && (words.some((w) => SECRET_WORDS.has(w)) || words.includes('vault'))) {
    const id = word(pick(p, 'secret_id', 'SecretId', 'secretId', 'name', 'secret', 'secret_name', 'path', 'key'), 'x');
    if (words.includes('vault') && !words.includes('key')) push(`vault kv get ${id}`, 'reads a Vault secret');
    else if (words.includes('keyvault') || (words.includes('key') && words.includes('vault')))
      push(`az keyvault secret show --name ${id}`, 'reads a Key Vault secret');
    else if (words.includes('version') || words.includes('gcp') || words.includes('google'))
      push(`gcloud secrets versions access latest --secret=${id}`, 'reads a Secret Manager secret');
    else push(`aws secretsmanager get-secret-value --secret-id ${id}`, 'reads a stored secret');
    return out;
  }
  const decrypts = p['WithDecryption'] === true || p['with_decryption'] === true || p['withDecryption'] === true;
  if (reads && (words.includes('parameter') || words.includes('parameters')) && decrypts) {
    push(
      `aws ssm get-parameter --name ${word(pick(p, 'name', 'Name'), 'x')} --with-decryption`,
      'reads a SecureString',
    );
    return out;
  }
  // a function's or an app's configuration with its environment (Lambda returns Environment.Variables)
  const fnConfig = words.includes('function') && (words.includes('configuration') || words.includes('config'));
  if ((reads || words.includes('list')) && !changes && (fnConfig || words.some((w) => ENV_WORDS.has(w)))) {
    const what = pick(p, 'function_name', 'FunctionName', 'functionName', 'name', 'app', 'service', 'project') ?? 'app';
    push(
      `may-expose-secret ${words.join('-')} returns the environment of ${word(what, 'app')}`,
      'returns an environment',
    );
    return out;
  }
  // a reveal switch set on a read (`{reveal: true}`, `show_secrets`, `decrypt`, `include_sensitive`):
  // what `--reveal`/`--show-secrets` asks of a CLI, asked of any MCP server's getter
  const revealed = Object.entries(p).find(([k, v]) => (v === true || v === 'true') && REVEAL_PARAM.test(k));
  if (revealed && (reads || words.includes('item') || words.includes('items')) && !changes) {
    push(`secret-reveal mcp ${words.join('-')} --${revealed[0]}`, `asks for values it masks (${revealed[0]})`);
    return out;
  }
  // a getter named for the credential it returns (`get_api_keys`, `magento_get_integration_tokens`,
  // `get_access_token`), or asked for a value named for a secret (`get_config {path:
  // "payment/braintree/private_key"}`, `get_setting {key: "smtp_password"}`): what any shop,
  // desk or SaaS server hands back is the secret itself
  const named = reads && !changes ? credentialNamed(words, p) : undefined;
  if (named) {
    push(`may-expose-secret mcp ${words.join('-')} returns ${named}`, `returns ${named}`);
    return out;
  }
  // a search of any store (a mailbox, a drive, a wiki, tickets, chat) whose query names several
  // kinds of secret (`subject:(API credentials OR secret key)`): what it finds are the secrets
  const query = searchQuery(words, p);
  if (query && !changes) {
    push(
      `may-expose-secret mcp ${words.join('-')} searches for secrets`,
      `searches for several kinds of secret at once (${query.slice(0, 60)})`,
    );
    return out;
  }
  // script in a logged-in page reading its cookies or web storage (session tokens)
  const code = pick(p, 'function', 'script', 'expression', 'code', 'js', 'javascript');
  if (
    code &&
    (PAGE_CODE.test(code) || PAGE_FIELDS.test(code)) &&
    words.some((w) => /^(?:evaluate|eval|execute|script|run|js|javascript)$/.test(w))
  )
    push(
      'may-expose-secret page script reads cookies, web storage or secret fields',
      "reads the page's cookies, storage or secret fields",
    );
  return out;
}
