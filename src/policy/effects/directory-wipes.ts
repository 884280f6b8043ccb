// A directory's entries deleted wholesale: a subtree of an LDAP directory (users, groups, hosts of
// an organisation) removed with everything under it, or every entry a search returns deleted.
// Everyone who logs in through that directory loses their account, groups and sudo rules at once,
// and a directory keeps no recycle bin unless one was set up beforehand. Read as
//   `directory-wipe HOW DN`   (denied by the standard profile)
// from: `ldapdelete -r DN` (recursive, OpenLDAP ldapdelete(1)); ldapdelete fed its DNs on standard
// input from a pipe (a search's result, ldapdelete(1): "If no dn arguments are provided, a list of
// DNs is read from standard input"); an LDIF `changetype: delete` of a container entry (ou=, dc=,
// o=, cn=users|groups|accounts|computers) given to ldapmodify (RFC 2849); PowerShell's
// `Remove-ADObject`/`Remove-ADOrganizationalUnit -Recursive` and `Get-AD* -Filter * | Remove-AD*`
// (ActiveDirectory module reference). A server on this machine (ldap://localhost, ldapi://) is a
// test directory, and `-n` only shows what would be done.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const DIRECTORY_WIPE_HINT = /ldapdelete|ldapmodify|ldapadd|Remove-AD/i;

/** ldapdelete options that take a value (OpenLDAP ldapdelete(1)). */
const VALUED = new Set([
  '-f',
  '-z',
  '-H',
  '-D',
  '-w',
  '-y',
  '-o',
  '-e',
  '-E',
  '-P',
  '-O',
  '-R',
  '-U',
  '-X',
  '-Y',
  '-h',
  '-p',
  '-d',
]);
const LOCAL_SERVER = /^(?:ldapi:|ldaps?:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?:[:/]|$)|localhost$|127\.0\.0\.1$)/i;
/** An entry that holds others: an organisational unit, a domain component, the accounts containers. */
const CONTAINER_DN =
  /^\s*(?:ou|dc|o)=|^\s*cn=(?:users|groups|accounts|computers|people|hosts|services|sudo(?:ers)?)\s*,/i;

function ldapdeleteWipe(argv: string[], piped: boolean): string | undefined {
  let recursive = false;
  let file = false;
  const dns: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (VALUED.has(w)) {
      const v = argv[i + 1] ?? '';
      if ((w === '-H' || w === '-h') && LOCAL_SERVER.test(v)) return undefined;
      if (w === '-f') file = true;
      i++;
    } else if (/^-[a-zA-Z]+$/.test(w)) {
      if (w.includes('n')) return undefined;
      if (w.includes('r')) recursive = true;
    } else if (!w.startsWith('-')) dns.push(w);
  }
  if (recursive) return `ldapdelete -r ${dns[0] ?? '(DNs from input)'}`;
  if (!dns.length && !file && piped) return 'ldapdelete (every DN a listing returns)';
  return undefined;
}

/** LDIF that deletes a container entry: `dn: ou=people,...` followed by `changetype: delete`. */
function ldifContainerDelete(text: string): string | undefined {
  for (const m of text.matchAll(/^dn:\s*(.+)\n\s*changetype:\s*delete\s*$/gim))
    if (CONTAINER_DN.test(m[1] ?? '')) return (m[1] ?? '').trim();
  return undefined;
}

export function directoryWipeEffects(line: LineView, out: Effect[]): void {
  const found: string[] = [];
  for (const c of line.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (name === 'ldapdelete') {
      const piped = /\|\s*(?:sudo\s+)?(?:\S*\/)?ldapdelete\b/.test(line.text);
      const w = ldapdeleteWipe(c.argv, piped);
      if (w) found.push(w);
    } else if (name === 'ldapmodify' || name === 'ldapadd') {
      if (c.argv.some((w) => LOCAL_SERVER.test(w)) || c.argv.includes('-n')) continue;
      const dn = ldifContainerDelete(c.stdin ?? '');
      if (dn) found.push(`ldapmodify changetype: delete ${dn}`);
    }
  }
  // PowerShell's ActiveDirectory module, wherever the line carries it (pwsh -c "...", a script)
  const rec = /\bRemove-AD(?:Object|OrganizationalUnit)\b[^|;\n"]*?-Recursive\b/i.exec(line.text);
  if (rec) found.push(rec[0].replace(/\s+/g, ' '));
  const all =
    /\bGet-AD(?:User|Group|Computer|Object|OrganizationalUnit|ServiceAccount)\b[^|;\n]*?-Filter\s+['"]?\*['"]?[^;\n]*?\|\s*(?:[^|;\n]*\|\s*)*?Remove-AD\w+/i.exec(
      line.text,
    );
  if (all) found.push(all[0].replace(/\s+/g, ' '));
  for (const f of new Set(found))
    out.push({
      tool: 'exec',
      command: `directory-wipe ${f}`,
      via: `a directory's entries are deleted wholesale (${f.slice(0, 80)})`,
    });
}
