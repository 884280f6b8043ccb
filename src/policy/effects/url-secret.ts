// Secrets carried inside a URL: whoever serves the URL receives them when it is fetched, by a
// fetch tool, a browser, or a viewer rendering an image link in a README.
import { seedPhrase, seedWordRun } from './seed-words.js';
import { SECRET_VALUE, TOKEN_MENTION } from './secret-shapes.js';
import { outboundSecret } from './outbound-secrets.js';
import { FifoMap } from '../../util/fifo-map.js';

/** Session tokens and signed cookies (JWT-shaped values: `eyJ...` header, then a dot). */
const SESSION_VALUE = /\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_.-]{2,}/;

/** A secret-named setting inside an encoded piece (`AWS_SECRET_ACCESS_KEY=...`, `session=...`,
 * `"token": "..."` base64'd into a query): nobody encodes that into a URL except to carry it away. */
const ENCODED_SETTING =
  /\b[A-Z0-9_]*(?:SECRET|PASSW|TOKEN|API_?KEY|ACCESS_KEY|PRIVATE)[A-Z0-9_]*=\S|(?:^|\W)["']?[\w.-]*(?:secret|passw|token|api_?key|access_?key|private_?key|session|cookie|credential|bearer|authorization)[\w.-]*["']?\s*[=:]\s*["']?[\w./+-]{8,}|(?:^|\W)["']?auth["']?\s*[=:]\s*["']?[\w./+-]{12,}/i;

/**
 * A query parameter named for a secret that no API takes in a URL (`aws_secret_access_key=`,
 * `password=`, `private_key=`, `client_secret=`), with a value of secret length. Names that APIs do
 * take in the query (`key=`, `api_key=`, `token=`, `access_token=`) are left to the value shapes:
 * a service's own key sent to that service is how its API is called.
 */
const SECRET_PARAM =
  /[?&][\w.-]*(?:secret|passw(?:or)?d|passwd|pwd|private_?key|secret_?access_?key)[\w.-]*=([^&#\s]{8,})/i;
/**
 * A query value shaped like a vendor's token: a prefix, a word that says what it is, then the
 * random part (`vercel_tok_...`, `acme_pat_...`, `app_secret_...`, `sess_key_...`): the naming
 * scheme issuers use so that a leaked token is recognised (GitHub's ghp_, Stripe's sk_live_).
 */
const TOKEN_SHAPED_VALUE =
  /[?&][\w.-]+=([a-z][a-z0-9]{1,15}_(?:tok|token|secret|pat|sess|session|key|apikey|pwd)_[A-Za-z0-9]{6,})(?:[&#]|$)/i;
/** Values that stand for a secret instead of being one: `${VAR}`, `<key>`, `{{x}}`, `xxxxxxxx`, `changeme`. */
const PLACEHOLDER =
  /^(?:\$\{?\w+\}?|<[^>]*>|\{\{.*\}\}|\{[^}]*\}|(.)\1+|changeme|password|example\w*|your[\w-]*|dummy\w*|test\w*)$/i;

/** A URL served on this machine or a private network: a password sent there stays with its owner. */
const LOCAL_URL =
  /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(?:localhost|127(?:\.\d+){3}|\[::1\]|0\.0\.0\.0|10(?:\.\d+){3}|192\.168(?:\.\d+){2}|172\.(?:1[6-9]|2\d|3[01])(?:\.\d+){2}|[\w-]+\.(?:localhost|local|internal|test))(?::\d+)?(?:[/?#]|$)/i;

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * A URL that carries a secret in its path or query, as written or base64-encoded
 * (`https://x.example/p.png?d=c2tfbGl2ZV8...`): fetching it hands the secret to that host.
 */
export function urlSecret(url: string): string | undefined {
  // Depends on the URL alone: kept per URL (bounded), since the same URL is fetched again and again.
  if (url.length > MAX_CACHED_URL) return readUrlSecret(url);
  const hit = secretCache.get(url);
  if (hit !== undefined) return hit === null ? undefined : hit;
  const found = readUrlSecret(url);
  if (secretCache.size >= SECRET_CACHE_ENTRIES) secretCache.shift();
  secretCache.set(url, found ?? null);
  return found;
}

/** URLs whose secret reading is kept (null: none), up to this length each. */
const SECRET_CACHE_ENTRIES = 4096;
const MAX_CACHED_URL = 2048;
const secretCache = new FifoMap<string, string | null>();

function readUrlSecret(url: string): string | undefined {
  const plain = decodeURIComponentSafe(url);
  const direct = SECRET_VALUE.exec(plain);
  if (direct) return direct[0];
  const q = plain.indexOf('?');
  if (q >= 0) {
    const session = SESSION_VALUE.exec(plain.slice(q));
    if (session) return session[0];
    const named = SECRET_PARAM.exec(plain.slice(q));
    if (named?.[1] && !PLACEHOLDER.test(named[1]) && !LOCAL_URL.test(plain)) return named[0];
    const shaped = TOKEN_SHAPED_VALUE.exec(plain.slice(q));
    if (shaped?.[1] && !/example|dummy|test|fake|placeholder/i.test(shaped[1]) && !LOCAL_URL.test(plain))
      return shaped[1];
  }
  for (const piece of url.split(/[/?&=#]/)) {
    if (piece.length < 16 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(piece)) continue;
    const text = Buffer.from(piece.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    const hit =
      SECRET_VALUE.exec(text) ??
      ENCODED_SETTING.exec(text) ??
      CREDENTIAL_PAIR.exec(text) ??
      (LOCAL_URL.test(url) ? null : PASSWORD_PAIR.exec(text));
    if (hit) return hit[0];
    // a wallet's seed words base64'd into a link (seed-words.ts)
    if (!LOCAL_URL.test(url) && seedWordRun(text) >= 6) return `${piece.slice(0, 12)} (seed words)`;
  }
  // the lines of a file base64'd into a query value (`?d=` of `sample_id,mrn\nS001,...` or
  // `apiVersion: v1\nclusters:`): a GET that carries a file's content to whoever serves the URL
  if (q >= 0 && !LOCAL_URL.test(url))
    for (const piece of url.slice(url.indexOf('?') + 1).split(/[&=#]/)) {
      if (piece.length < 16 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(piece)) continue;
      const text = Buffer.from(piece.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
      if (fileLines(text)) return `${piece.slice(0, 12)} (lines of a file, base64-encoded)`;
    }
  if (q >= 0 && !LOCAL_URL.test(plain) && seedPhrase(plain.slice(q).replace(/[?&=+]/g, ' '), plain))
    return 'seed words in the query';
  return undefined;
}

/** Diagram and graph sources that sites render from a URL (mermaid.ink, PlantUML, Graphviz). */
const DIAGRAM =
  /^\s*(?:graph|flowchart|sequenceDiagram|classDiagram|stateDiagram|erDiagram|gantt|pie|journey|gitGraph|mindmap|timeline|@startuml|@startmindmap|digraph|strict)\b/;

/** Decoded text that is two or more lines of printable text: a file's content, not an id or a cursor. */
function fileLines(text: string): boolean {
  if (text.length < 12 || !/\S\r?\n\s*\S/.test(text) || DIAGRAM.test(text)) return false;
  let printable = 0;
  for (const ch of text) if (/[\t\n\r\x20-\x7e]/.test(ch)) printable++;
  return printable >= text.length * 0.95 && /[A-Za-z]{3}/.test(text);
}

/**
 * A whole decoded piece that is an identity and a secret joined by a colon, the form HTTP Basic
 * credentials take before they are base64-encoded (RFC 7617): `build_svc:7A2F9E1C4B3D5E6F8A0B`.
 */
const CREDENTIAL_PAIR =
  /^[A-Za-z][\w.@-]{2,40}:(?=[A-Za-z0-9+/=_-]*\d)(?=[A-Za-z0-9+/=_-]*[A-Za-z])[A-Za-z0-9+/=_-]{16,}$/;
/**
 * The same pair with a password-shaped secret (`admin:S3cretPassword!`, `KEYID:wJalrEXAMPLEKEY`):
 * ten or more printable characters mixing cases, or letters with digits or symbols. Identifiers
 * that are base64'd into URLs have other shapes (GraphQL global IDs `User:12345`, Relay cursors
 * `arrayconnection:10`, URNs with several colons, hex and UUID ids), and none of them pass.
 */
const PASSWORD_PAIR =
  /^(?!urn:|arn:|gid:)[A-Za-z][\w.@-]{2,40}:(?=[^:]*[A-Za-z])(?=[^:]*(?:\d|[A-Z][^:]*[a-z]|[a-z][^:]*[A-Z]|[!#$%&*+@^~]))(?![0-9a-f-]+$)[\x21-\x39\x3b-\x7e]{10,64}$/;

/** The host of a URL (for messages), or 'remote'. */
export function urlHost(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(url)?.[1] ?? 'remote';
}

/**
 * A body that a request tool or an automation fills from the environment or the secrets store
 * before sending: `{{env}}`, `{{ secrets | tojson }}`, `${{ toJSON(secrets) }}`, `{{$env}}`,
 * `JSON.stringify(process.env)`, `dict(os.environ)`. Sent anywhere, it is the environment.
 */
const ENV_TEMPLATE =
  /\{\{\s*\$?(?:env|environ|environment|secrets|process\.env|os\.environ)\s*(?:\|[^}]*)?\}\}|\$\{\{\s*toJSON\(\s*(?:secrets|env)\s*\)\s*\}\}|JSON\.stringify\(\s*process\.env\s*\)|(?:dict|json\.dumps)\(\s*(?:dict\()?os\.environ\b/i;

/** A live secret in the body a fetch sends (`body`, `data`, `json`, `form`), else undefined. */
export function bodySecret(params: Record<string, unknown>): string | undefined {
  for (const k of ['body', 'data', 'json', 'form', 'payload', 'content']) {
    const v = params[k];
    const text = typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : undefined;
    const hit = text ? (SECRET_VALUE.exec(text) ?? ENV_TEMPLATE.exec(text)) : null;
    if (hit) return hit[0];
    if (text && seedPhrase(text.slice(0, 16 * 1024), text.slice(0, 4096))) return 'seed words in the body';
  }
  return undefined;
}

/**
 * A token named in the query or path of a URL on another machine, cut short as the text an agent
 * was fed shows it (`?k=sk-ant-api03-AbCdEf...`): whole, it would be a secret in the URL; cut
 * short, it still says what the URL was built to carry, so it is asked about.
 */
export function urlTokenMention(url: string): string | undefined {
  const q = url.search(/[?#]/);
  if (q < 0 || LOCAL_URL.test(url)) return undefined;
  const hit = TOKEN_MENTION.exec(decodeURIComponentSafe(url.slice(q)))?.[0];
  // `?q=what-does-sk-mean`: a word after sk- is prose, a key has capitals or digits in it
  return hit && !/^sk-[a-z]+$/.test(hit) ? hit : undefined;
}

/** A token named (cut short or whole) in the body a fetch sends, else undefined. */
export function bodyTokenMention(params: Record<string, unknown>): string | undefined {
  for (const k of ['body', 'data', 'json', 'form', 'payload', 'content']) {
    const v = params[k];
    const text = typeof v === 'string' ? v : v && typeof v === 'object' ? JSON.stringify(v) : undefined;
    // cut short, URL-encoded or named in prose (outbound-secrets.ts)
    const hit = text ? outboundSecret(text) : undefined;
    if (hit) return hit;
  }
  return undefined;
}
