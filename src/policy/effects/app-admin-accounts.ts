// A new administrator account created inside an application, by SQL or by its framework's
// console, rather than by its CLI (admin-level-grants.ts) or by promoting an existing user
// (app-admin-grants.ts): `INSERT INTO auth_user (username, is_superuser, ...) VALUES ('ops',
// true, ...)`, WordPress `wp_usermeta` given `wp_capabilities` of `administrator`,
// `User.objects.create_superuser(...)` through manage.py shell, `User.create!(..., admin: true)`
// through rails runner, `User::create([... 'is_admin' => 1])` through tinker. Whoever knows its
// password administers the application after the session. Read as `opens-access member role
// app-database admin new-account`, asked by access-opened. Accounts named only with RFC 2606
// documentation domains (`admin@example.com`) are a local fixture and are not read, and so is a
// model factory's row when the line sets no e-mail and no password (the factory makes them up).
// Sources: Django auth (User.objects.create_superuser, auth_user is_superuser/is_staff),
// WordPress roles and capabilities (wp_usermeta wp_capabilities), Rails and Laravel conventions
// (admin / is_admin columns, create!, ::create).
import type { Effect } from './types.js';

export const APP_ADMIN_ACCOUNT_HINT = /insert\s+into|create_superuser|create!?\s*\(|::create\s*\(|\.create\s*\(/i;

/** Columns whose true value, or whose value `admin`, makes the row an administrator. */
const FLAG_COLUMN = /^["'`]?(?:is_?admin|admin|is_?superuser|superuser|is_staff|is_?super_?admin|site_admin)["'`]?$/i;
const ROLE_COLUMN = /^["'`]?(?:role|user_role|roles|user_type|type|level|group)["'`]?$/i;
const TRUE_VALUE = /^(?:true|1|'1'|'t'|'true'|b'1')$/i;
const ADMIN_VALUE = /^'(?:admin|administrator|superuser|super_?admin|owner|root)'$/i;

/** Documentation-only identities (RFC 2606): a local fixture. */
const FIXTURE = /@(?:example\.(?:com|org|net)|localhost|[\w.-]+\.(?:test|example|invalid|localhost))\b/i;
const ANY_EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}/g;
/**
 * A model factory (Laravel `User::factory()`, FactoryBot `create(:user, ...)`, factory_boy,
 * model_bakery): test data whose generated e-mail and password nobody holds, unless the line
 * sets them itself.
 */
const FACTORY = /::factory\s*\(|\bfactory\s*\(|\bFactoryBot\b|\bcreate\s*\(\s*:\w+|\bbaker\.make\b|Factory\.create\b/;
const SETS_LOGIN = /\bpassword\b|\bpasswd\b/i;

function split(list: string): string[] {
  return list.split(',').map((s) => s.trim());
}

/** SQL inserts whose row is an administrator. */
function sqlAdminRow(text: string): boolean {
  for (const m of text.matchAll(/insert\s+into\s+[\w."`]+\s*\(([^)]*)\)\s*values\s*\(([^)]*)\)/gi)) {
    const cols = split(m[1] ?? '');
    const vals = split(m[2] ?? '');
    if (
      cols.some(
        (c, i) =>
          (FLAG_COLUMN.test(c) && TRUE_VALUE.test(vals[i] ?? '')) ||
          (ROLE_COLUMN.test(c) && ADMIN_VALUE.test(vals[i] ?? '')),
      )
    )
      return true;
    // wp_usermeta (user_id, meta_key, meta_value) VALUES (7, 'wp_capabilities', '...administrator...')
    if (/capabilities/i.test(m[2] ?? '') && /administrator/i.test(m[2] ?? '')) return true;
  }
  return false;
}

/** Framework console code that creates an administrator account. */
const CODE_ADMIN =
  /\bcreate_superuser\s*\(|\b(?:create!?|::create|objects\.create|create_user|new)\s*\([^)]*?\b(?:is_?admin|admin|is_?superuser|superuser|is_staff)["']?\s*(?:=>|=|:)\s*(?:true|True|1)\b|\b(?:create!?|::create|objects\.create|create_user)\s*\([^)]*?\brole["']?\s*(?:=>|=|:)\s*["'](?:admin|administrator|superuser|owner)["']/;

export function appAdminAccountEffects(line: { text: string }, out: Effect[]): void {
  const t = line.text;
  if (!sqlAdminRow(t) && !CODE_ADMIN.test(t)) return;
  const emails = [...t.matchAll(ANY_EMAIL)].map((m) => m[0]);
  if (emails.length && emails.every((e) => FIXTURE.test(e))) return;
  if (FACTORY.test(t) && !emails.length && !SETS_LOGIN.test(t)) return;
  out.push({
    tool: 'privilege',
    command: 'opens-access member role app-database admin new-account',
    via: 'creates an administrator account in the application',
  });
}
