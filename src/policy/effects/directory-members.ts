// A member added to a directory group whose members administer, over LDAP itself rather than
// through a directory's CLI (which admin-level-grants.ts reads): an LDIF change record (`dn:
// cn=admins,...` / `changetype: modify` / `add: member`) given to ldapmodify on standard input
// or written to a file, and the same change made by LDAP client code (python-ldap `modify_s(DN,
// [(MOD_ADD, 'memberUid', ...)])`, ldap3 `modify(DN, {'member': [(MODIFY_ADD, [...])]})`,
// ldapjs `modify(DN, new Change({operation: 'add', modification: {member: ...}}))`). The group is
// the record's or the call's DN, never the bind DN (`-D 'cn=Directory Manager'`,
// `simple_bind_s('cn=admin,...')`), which only says who makes the change.
// Read as `opens-access member role directory GROUP _`, asked by access-opened.
// Sources: RFC 2849 (LDIF change records), RFC 4519 (member, uniqueMember), RFC 2307 (memberUid),
// python-ldap, ldap3 and ldapjs references.
import type { Effect } from './types.js';
import { ADMIN_NAMED, NOT_ADMIN } from './admin-level-grants.js';

/** The gate: an attribute of group membership and a word of adding it. */
export const DIRECTORY_MEMBER_HINT =
  /(?:member|memberUid|uniqueMember)[\s\S]*(?:add|MOD_ADD|MODIFY_ADD)|(?:add|MOD_ADD|MODIFY_ADD)[\s\S]*member/i;

const MEMBER_ATTR = /^(?:member|uniqueMember|memberUid)$/i;

/** The group a DN names: its first RDN's value (`cn=Domain Admins,CN=Users,...` -> Domain Admins). */
function groupOf(dn: string): string {
  return /^\s*(?:cn|ou|uid)=([^,]+)/i.exec(dn)?.[1]?.trim() ?? '';
}

function adminGroup(dn: string): string | undefined {
  const g = groupOf(dn);
  return g && ADMIN_NAMED.test(g) && !NOT_ADMIN.test(g) ? g : undefined;
}

/** Administrator groups that LDIF change records in the text add a member to. */
function ldifAdds(text: string): string[] {
  const out: string[] = [];
  for (const record of text.split(/\n\s*\n|\n-\n(?=dn:)/)) {
    const dn = /^dn:\s*(.+)$/im.exec(record)?.[1] ?? '';
    if (!dn || !/^changetype:\s*modify\s*$/im.test(record)) continue;
    const adds = [...record.matchAll(/^add:\s*(\S+)\s*$/gim)].some((m) => MEMBER_ATTR.test(m[1] ?? ''));
    const g = adds ? adminGroup(dn) : undefined;
    if (g) out.push(g);
  }
  return out;
}

/** Administrator groups that LDAP client code adds a member to. */
function codeAdds(text: string): string[] {
  if (!/MOD_ADD|MODIFY_ADD|operation\s*:\s*["']add["']|ModificationType\.ADD|DirContext\.ADD_ATTRIBUTE/.test(text))
    return [];
  if (!/\b(?:member|memberUid|uniqueMember)\b/.test(text)) return [];
  const out: string[] = [];
  for (const m of text.matchAll(/\.modify(?:_s|_ext_s|_ext|Attributes)?\s*\(\s*\\?["'`]([^"'`\\]+)\\?["'`]/g)) {
    const g = adminGroup(m[1] ?? '');
    if (g) out.push(g);
  }
  return out;
}

function found(groups: string[], via: string): Effect[] {
  return groups.slice(0, 1).map((g) => ({
    tool: 'privilege',
    command: `opens-access member role directory ${g.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 80)} _`,
    via: `${via} adds a member to the directory group ${g}`,
  }));
}

/** A command line (its here-document and inline code included) that adds a member to an administrators' group. */
export function directoryMemberLine(text: string): Effect[] {
  return found([...ldifAdds(text), ...codeAdds(text)], 'the command');
}

/** A written LDIF file or LDAP client program that adds a member to an administrators' group. */
export function directoryMemberFile(path: string, content: string): Effect[] {
  if (content.length > 256 * 1024 || !DIRECTORY_MEMBER_HINT.test(content)) return [];
  return found([...ldifAdds(content), ...codeAdds(content)], path);
}
