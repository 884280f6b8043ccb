// A query whose result is credentials: a SELECT list naming password hashes, API tokens, secrets
// or private keys (`SELECT email, password_hash, api_token FROM users`) puts them in the
// conversation. Read as `may-expose-secret`, which the standard profile asks about; a column
// named only in WHERE or ORDER BY, and `SELECT *`, do not read so, except from a database's own
// table of login password hashes (PostgreSQL pg_shadow/pg_authid, MySQL mysql.user, SQL Server
// sys.sql_logins and syslogins, Oracle sys.user$), where every row is a credential.
import type { Effect } from './types.js';

const SECRET_COLUMN =
  /^(?:[\w"`[\].]*\.)?["`[]?(?:password|passwd|pass|user_pass|userpass|password_digest|crypted_password|password_hash|hashed_password|encrypted_password|password_value|encrypted_value|id_token|rapt_token|pass_hash|pwd|api_?key|api_?token|access_?token|refresh_?token|auth_?token|secret|client_secret|secret_key|private_key|otp_secret|totp_secret|mfa_secret|session_token|reset_token|ssn|card_number|cvv)["`\]]?$/i;

/** Each engine's own table of logins with their password hashes (its documentation's name for it). */
const LOGIN_TABLE =
  /^(?:(?:pg_catalog\.)?pg_(?:shadow|authid)|(?:`?mysql`?\.)?`?user`?|(?:master\.)?sys\.sql_logins|(?:master\.)?(?:dbo\.)?syslogins|sys\.user\$)$/i;

/**
 * Tables whose rows are credentials, whatever file or server holds them: gcloud's credentials.db
 * (`credentials`: account_id, value) and access_tokens.db (`access_tokens`), and the tables apps
 * name for their tokens and keys (`api_keys`, `oauth_tokens`, Laravel Sanctum's
 * `personal_access_tokens`, Doorkeeper's `oauth_access_tokens`). A count or the ids alone are not.
 */
const CREDENTIAL_TABLE =
  /^(?:\w+\.)?(?:credentials|access_tokens|refresh_tokens|api_keys|api_tokens|tokens|secrets|oauth_tokens|oauth_access_tokens|personal_access_tokens|auth_tokens)$/i;
/** Words of a table or collection name that say its rows are credentials, whatever the application. */
const CREDENTIAL_WORD =
  /^(?:credentials?|secrets?|passwords?|passwds?|tokens?|apikeys?|authentication|privatekeys?|keystores?|shadow)$/;
/** Words that make such a name a record about credentials rather than of them. */
const ABOUT_WORD =
  /^(?:logs?|audits?|history|histories|events?|policy|policies|types?|rules?|settings?|schemas?|counts?|stats?|metrics?|requirements?)$/;

/**
 * A table or collection named for credentials by its words (`subscriptionData.authenticationData.
 * authenticationSubscription`, `user_api_keys`, `oauth2_refresh_tokens`, `ServiceCredentials`):
 * camelCase, dots and underscores split, `api key` and `private key` joined.
 */
export function credentialCollection(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const joined = words.map((w, i) =>
    /^(?:api|private)$/.test(w) && /^keys?$/.test(words[i + 1] ?? '') ? `${w}key` : w,
  );
  return joined.some((w) => CREDENTIAL_WORD.test(w)) && !joined.some((w) => ABOUT_WORD.test(w));
}

/** Mongo shell reads of a collection: `db.NAME.find(`, `db.getCollection("NAME").findOne(`, `.aggregate(`. */
const MONGO_READ =
  /\bdb\.(?:getCollection\(\s*["'`]([^"'`]+)["'`]\s*\)|(\w+))\.(?:find|findOne|aggregate|findOneAndUpdate)\s*\(/g;

/** `may-expose-secret` for each credentials collection the code reads documents of. */
export function mongoSecretFind(code: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of code.matchAll(MONGO_READ)) {
    const name = m[1] ?? m[2] ?? '';
    // `.find().count()`, `.countDocuments()` and projections that keep only ids are not reads of the secrets
    const rest = code.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 200);
    if (/^[^)]*\)\s*\.(?:count|size|length)\(/.test(rest)) continue;
    if (credentialCollection(name))
      out.push({
        tool: 'exec',
        command: `may-expose-secret finds documents of ${name.replace(/[^\w.-]/g, '')}`,
        via: `${via} reads the documents of ${name}, a collection of credentials`,
      });
  }
  return out;
}

/** A column of such a table that holds the secret itself. */
const VALUE_COLUMN = /^\*$|(?:^|_)(?:value|token|key|secret|password|credential|credentials|hash|digest)$/i;

export function sqlSecretSelect(sql: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of sql.matchAll(/\bselect\s+(?:distinct\s+)?([^;]*?)\s+from\s+([\w.$`"]+)/gi)) {
    const table = (m[2] ?? '').replace(/"/g, '');
    // `mysql.user` needs its schema: a project's own `user` table is not the server's logins
    if (
      LOGIN_TABLE.test(table) &&
      (table.includes('.') || /^pg_/i.test(table)) &&
      // Oracle keeps its SHA-512 verifiers in sys.user$.spare4 (Oracle Database Security Guide, password versions)
      /\*|pass|authentication_string|spare4/i.test(m[1] ?? '')
    ) {
      out.push({
        tool: 'exec',
        command: `may-expose-secret selects password hashes from ${table.replace(/[^\w.$]/g, '')}`,
        via: `${via} selects from ${table}, the database's own login password hashes`,
      });
      continue;
    }
    const cols = (m[1] ?? '').split(',').map((c) =>
      c
        .trim()
        .replace(/\s+(?:as\s+)?\w+$/i, '')
        .trim(),
    );
    const valued =
      CREDENTIAL_TABLE.test(table) || credentialCollection(table.replace(/[`"[\]]/g, ''))
        ? cols.find((c) => VALUE_COLUMN.test(c.replace(/^.*\./, '')))
        : undefined;
    if (valued) {
      out.push({
        tool: 'exec',
        command: `may-expose-secret selects ${valued.replace(/[^\w.*]/g, '')} from ${table.replace(/[^\w.]/g, '')}`,
        via: `${via} selects ${valued} from ${table}, a table of credentials`,
      });
      continue;
    }
    const hit = cols.find((c) => SECRET_COLUMN.test(c));
    if (hit) {
      out.push({
        tool: 'exec',
        command: `may-expose-secret selects ${hit.replace(/[^\w.]/g, '')}`,
        via: `${via} selects ${hit}, a credential column`,
      });
      continue;
    }
    const named = rowsNamedSecret(sql.slice((m.index ?? 0) + m[0].length), cols);
    if (named)
      out.push({
        tool: 'exec',
        command: `may-expose-secret selects settings rows from ${table.replace(/[^\w.]/g, '')}`,
        via: `${via} picks the rows of ${table} whose names say secret (${named})`,
      });
  }
  return out;
}

/** The kinds of secret a row filter's patterns name. */
const SECRET_KIND =
  /pass(?:w(?:or)?d)?|pwd|secret|token|api_?key|apikey|private|credential|auth|(?<![a-z])key(?![a-z])/gi;
/** Columns that carry a setting's value (key-value tables: Magento core_config_data, wp_options, settings). */
const SETTING_VALUE = /^\*$|(?:^|[._])(?:value|val|setting|option_value|config_value|data)$/i;

/**
 * Rows chosen by a secret's name (`WHERE path LIKE '%api_key%' OR path LIKE '%secret%'`): a
 * settings table searched for its secrets returns them, whatever the application. Two kinds of
 * secret in the filter, or one with the value column selected. Returns the kinds found.
 */
function rowsNamedSecret(rest: string, cols: string[]): string | undefined {
  const where = /\bwhere\b([^;]*)/i.exec(rest)?.[1];
  if (!where) return undefined;
  const kinds = new Set<string>();
  for (const lit of where.matchAll(/\b(?:i?like|regexp|rlike|glob|similar\s+to|~\*?)\s*(?:'([^']*)'|"([^"]*)")/gi))
    for (const k of (lit[1] ?? lit[2] ?? '').matchAll(SECRET_KIND))
      kinds.add(
        (k[0] ?? '')
          .toLowerCase()
          .replace(/^pass.*|^pwd$/, 'pass')
          .replace(/^api_?key$|^apikey$/, 'key'),
      );
  if (kinds.size === 0) return undefined;
  if (kinds.size < 2 && !cols.some((c) => SETTING_VALUE.test(c))) return undefined;
  if (cols.every((c) => /^count\(/i.test(c))) return undefined;
  return [...kinds].join('|');
}
