// A query whose result is credentials: a SELECT list naming password hashes, API tokens, secrets
// or private keys (`SELECT email, password_hash, api_token FROM users`) puts them in the
// conversation. Read as `may-expose-secret`, which the standard profile asks about; a column
// named only in WHERE or ORDER BY, and `SELECT *`, do not read so, except from a database's own
// table of login password hashes (PostgreSQL pg_shadow/pg_authid, MySQL mysql.user, SQL Server
// sys.sql_logins and syslogins, Oracle sys.user$), where every row is a credential.
import type { Effect } from './types.js';

const SECRET_COLUMN =
  /^(?:[\w"`[\].]*\.)?["`[]?(?:password|passwd|password_hash|hashed_password|encrypted_password|pass_hash|pwd|api_?key|api_?token|access_?token|refresh_?token|auth_?token|secret|client_secret|secret_key|private_key|otp_secret|totp_secret|mfa_secret|session_token|reset_token|ssn|card_number|cvv)["`\]]?$/i;

/** Each engine's own table of logins with their password hashes (its documentation's name for it). */
const LOGIN_TABLE =
  /^(?:(?:pg_catalog\.)?pg_(?:shadow|authid)|(?:`?mysql`?\.)?`?user`?|(?:master\.)?sys\.sql_logins|(?:master\.)?(?:dbo\.)?syslogins|sys\.user\$)$/i;

export function sqlSecretSelect(sql: string, via: string): Effect[] {
  const out: Effect[] = [];
  for (const m of sql.matchAll(/\bselect\s+(?:distinct\s+)?([^;]*?)\s+from\s+([\w.$`"]+)/gi)) {
    const table = (m[2] ?? '').replace(/"/g, '');
    // `mysql.user` needs its schema: a project's own `user` table is not the server's logins
    if (
      LOGIN_TABLE.test(table) &&
      (table.includes('.') || /^pg_/i.test(table)) &&
      /\*|pass|authentication_string/i.test(m[1] ?? '')
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
    const hit = cols.find((c) => SECRET_COLUMN.test(c));
    if (hit)
      out.push({
        tool: 'exec',
        command: `may-expose-secret selects ${hit.replace(/[^\w.]/g, '')}`,
        via: `${via} selects ${hit}, a credential column`,
      });
  }
  return out;
}
