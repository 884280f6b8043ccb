// Who a request to an application's HTTP API lets in, beyond the body's role keys that
// saas-actions.ts reads (`{"role":"admin"}`, `{"is_superuser":true}`):
//   - the administrators' group or role named by the path or by a `name` of a role list: Okta's
//     `PUT /groups/{adminsGroup}/users/{id}`, Keycloak's `POST .../role-mappings/realm` with
//     `[{"name":"admin"}]`, SonarQube's `POST /api/user_groups/add_user?name=sonar-administrators`;
//   - a member added to a group or team whose level the request does not show (Metabase
//     `POST /api/permissions/membership {"group_id":2,"user_id":15}`, GitHub `PUT
//     .../teams/T/memberships/U`, GitLab `POST .../members`): `membership-grant`, asked;
//   - a standing API key or service-account token minted (Metabase `POST /api/api-key`, Grafana
//     `POST /api/serviceaccounts/N/tokens`, GitLab `.../personal_access_tokens`): `key-minted`,
//     asked, since it keeps working after the session and whoever holds it acts as its owner.
// Services on this machine are read too: the on-prem consoles an agent drives (Metabase,
// Grafana, AWX, NetBox) answer on localhost and private addresses, and an administrator made
// there is as lasting as one made on a hosted service; the policy asks rather than denies there
// (`local-admin-grant`), since a project's own API under test also answers on localhost.
// Sources: the REST references of Okta (Groups API), Keycloak Admin REST (role mappings),
// SonarQube Web API (user_groups), Metabase API (permissions/membership, api-key), Grafana HTTP
// API (serviceaccounts tokens, admin users permissions), GitHub (teams memberships), GitLab
// (members, personal_access_tokens).

/** Path words that hold roles, groups or memberships (a `name` in the body or query is one of them). */
const ROLE_PATH = /^(?:role-?mappings?|roles?|groups?|user_?groups?|teams?|permissions?|memberships?|members?|acls?)$/i;
/** Names of groups and roles whose members administer. */
const ADMIN_NAME =
  /(?:^|[\W_]|sys|nx|org|site|super|global|realm)admin(?:istrator)?s?(?:[\W_]|$)|^(?:owners?|superusers?|root)$/i;
/** Path words that add the request's user to the group before them. */
const MEMBER_ACTION = /^(?:users?|members?|memberships?|add_?users?|add_?members?|add-(?:user|member)s?)$/i;
/** The last path word of a membership write whose group the request does not name as administrators. */
const MEMBERSHIP = /^(?:memberships?|group_?members(?:hips?)?|add_?(?:user|member)s?|add-(?:user|member)s?)$/i;
/** Collections of standing API keys and tokens (not a login's `/token` or an OAuth exchange). */
const KEY_COLLECTION =
  /^(?:api[-_]?keys?|apikeys?|personal[-_]?access[-_]?tokens?|access[-_]?tokens?|service[-_]?tokens?|impersonation_tokens|deploy[-_]?tokens?)$/i;

function names(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/["']?name["']?\s*[:=]\s*["']?([^"'&,}\]\s]+)/gi)) out.push(m[1] ?? '');
  return out;
}

/**
 * The access a write request hands out, read from its path, query and body: `admin NAME` when
 * it names an administrators' group or role, `membership` when it adds a member to a group it
 * does not name, `key` when it mints a standing API key; undefined otherwise.
 */
export function accessRequest(
  method: string,
  segs: string[],
  query: string,
  body: string,
): { kind: 'admin' | 'membership' | 'key'; what: string } | undefined {
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE' || method === 'OPTIONS') return undefined;
  const lower = segs.map((s) => s.toLowerCase());
  // /groups/{admins}/users/{id}: the group is in the path
  for (let i = 0; i + 1 < lower.length; i++)
    if (/^(?:groups?|roles?|teams?)$/.test(lower[i] ?? '') && ADMIN_NAME.test(segs[i + 1] ?? '')) {
      if (lower.slice(i + 2).some((s) => MEMBER_ACTION.test(s))) return { kind: 'admin', what: segs[i + 1] ?? '' };
    }
  if (lower.some((s) => ROLE_PATH.test(s))) {
    const admin = names(`${query}\n${body}`).find((n) => ADMIN_NAME.test(n));
    if (admin) return { kind: 'admin', what: admin };
  }
  const last = lower[lower.length - 1] ?? '';
  const lastWord = /^\d+$|^[0-9a-f-]{8,}$|^\$ref$/.test(last) ? (lower[lower.length - 2] ?? '') : last;
  // POST .../groups/G/members, .../directoryRoles/R/members/$ref: a member of a group-like object
  const groupMembers =
    lastWord === 'members' &&
    lower
      .slice(0, -1)
      .some((s) => /^(?:groups?|teams?|roles?|directoryroles|projects?|orgs?|organizations?|workspaces?)$/.test(s));
  if (groupMembers && method !== 'PATCH') return { kind: 'membership', what: 'members' };
  if (
    MEMBERSHIP.test(lastWord) &&
    method !== 'PATCH' &&
    /user|member|login|email|account/i.test(`${query} ${body} ${segs.join('/')}`)
  )
    return { kind: 'membership', what: lastWord };
  if (method === 'POST' && lower.some((s) => KEY_COLLECTION.test(s)))
    return { kind: 'key', what: lower.find((s) => KEY_COLLECTION.test(s)) ?? 'api-key' };
  // /serviceaccounts/N/tokens, /users/N/tokens: a token minted for an account
  if (
    method === 'POST' &&
    /^tokens?$/.test(last) &&
    lower.some((s) => /^(?:service[-_]?accounts?|users?|bots?)$/.test(s))
  )
    return { kind: 'key', what: 'token' };
  return undefined;
}
