// Administrator rights handed out inside an application's own database, by SQL or by the
// framework's console, instead of through its admin screen or CLI (`wp user set-role`, read by
// member-grants): `UPDATE users SET is_admin = true WHERE email = ...`, WordPress's
// `wp_capabilities` set to a serialized `administrator`, `User::where(...)->update(['is_admin' =>
// 1])` through artisan tinker, `u.is_superuser = True; u.save()` through manage.py shell,
// `user.update(admin: true)` through rails runner. Read as `opens-access member role app-database
// admin unknown` (asked by access-opened): a person becomes an administrator of the application
// and everything it holds. Sources: WordPress roles and capabilities (wp_usermeta
// wp_capabilities), Django's User model (is_staff, is_superuser), Laravel and Rails conventions
// (is_admin / admin columns, spatie/laravel-permission assignRole, rolify add_role).
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

/** Cheap gate: a word of an administrator's role or flag. */
export const APP_ADMIN_HINT =
  /admin|superuser|is_staff|manage_options|bypass|promote_users|edit_users|givePermissionTo/i;

/** A column or attribute set to an administrator's flag: `is_admin = 1`, `"is_admin" => true`, `admin: true`. */
const ADMIN_FLAG =
  /["'`]?\b(?:is_?admin|admin|is_?superuser|superuser|is_?super_?admin|super_?admin|is_staff)["'`]?\s*(?:=>|=|:)\s*(?:true|1|'1'|"1"|True|TRUE)\b/;
/** A role or capability set to an administrator's: `role = 'admin'`, `wp_capabilities` with `administrator`, `assignRole('admin')`. */
const ADMIN_ROLE =
  /\b(?:role|roles|user_role|capabilities|wp_capabilities|user_level|group)["'`]?\s*(?:=>|=|:)\s*\\?["']?(?:super_?admin|administrator|admin|owner|root)\b|meta_value\s*=\s*'[^']*administrator|\b(?:assignRole|add_role|set_role|syncRoles|addRole|add_roles)\s*\(\s*\[?\s*[:"']?(?:super[-_]?admin|administrator|admin|owner)\b/i;
/**
 * Administering permissions granted to a role or user by the framework's own call: Drupal's
 * `user_role_grant_permissions('anonymous', ['administer users'])`, WordPress's
 * `add_cap('manage_options')`, spatie/laravel-permission `givePermissionTo('*')` (each project's
 * permission API): the role exists, so no account has to be picked out.
 */
const ADMIN_PERMISSION_CALL =
  /\b(?:user_role_grant_permissions|user_role_change_permissions|grant_permissions?|add_cap|givePermissionTo|grantPermission|assign_perm)\s*\([^)]*?["'](?:administer\b[^"']*|bypass\b[^"']*|manage_options|promote_users|edit_users|unfiltered_upload|install_plugins|\*)["']/i;
/** The statement or call that writes it. */
const WRITES =
  /\bupdate\b|\binsert\b|\.save\(|->save\(|assignRole|add_role|addRole|set_role|syncRoles|update_attribute|update_column/i;
/** An existing account picked out (`WHERE email = ...`, `find(5)`, `objects.get(...)`): a seed that creates a local admin is not a grant to someone. */
const EXISTING =
  /\bwhere\b|\bfind(?:_by)?\b|\.get\(|::find|->first\(|\.first\b|user_id\s*=|\bid\s*=|\.filter\(|get_user_by\b|get_userdata\b|user_load(?:_by_name)?\b|::whereEmail|\bfindOne\b|\bfindBy\w*\(/i;

/** Application users made administrators by SQL or framework console code. */
export function appAdminGrantEffects(line: LineFacts, out: Effect[]): void {
  const t = line.text;
  if (ADMIN_PERMISSION_CALL.test(t)) {
    out.push({
      tool: 'privilege',
      command: 'opens-access member role app-database admin-permission unknown',
      via: 'grants an administering permission to a role or user of the application',
    });
    return;
  }
  if (!WRITES.test(t) || !EXISTING.test(t) || !(ADMIN_FLAG.test(t) || ADMIN_ROLE.test(t))) return;
  // a SELECT that only filters on the flag (`WHERE is_admin = 1`) writes nothing
  if (
    !/\bset\b|=>|\.save\(|->save\(|\bupdate!?\(|update_attribute|update_column|\binsert\b|assignRole|add_role|addRole|set_role|syncRoles/i.test(
      t,
    )
  )
    return;
  out.push({
    tool: 'privilege',
    command: 'opens-access member role app-database admin unknown',
    via: "makes a user an administrator in the application's own database",
  });
}
