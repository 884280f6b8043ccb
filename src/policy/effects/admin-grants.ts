// Administrator power granted inside a shared system, read from the level a change grants rather
// than how it is spelled. Each finding is a privilege reading `admin-group SYSTEM NAME`, which the
// standard profile denies (privilege-readings):
//   vault-policy NAME   a Vault policy written with `sudo` or with write capabilities on every
//                       path (`path "*"`, `sys/*`, `auth/*`, `+/*`) (developer.hashicorp.com,
//                       Policies: `sudo` reaches root-protected paths; `*` matches every path)
//   vault-role NAME     an auth method role (AppRole, Kubernetes, JWT ...) that logs in with an
//                       administrator policy (root, admin, *-admin) and never expires
//                       (secret_id_ttl=0 / token_ttl=0 / secret_id_num_uses=0 with no max)
//   kubernetes NAME     a manifest that binds cluster-admin cluster-wide (ClusterRoleBinding), or a
//                       ClusterRole granting every verb on every resource (Kubernetes, Using RBAC
//                       Authorization: cluster-admin "allows super-user access")
//   http-admin HOST     a write request to a service's user or role API whose body makes someone an
//                       administrator: Nexus `roles: [nx-admin]`, Artifactory `admin: true`, GitLab
//                       `admin=true` or `access_level` 50 (Owner), Grafana `isGrafanaAdmin`, Harbor
//                       `sysadmin_flag`, Jenkins/Keycloak `realm-admin` (each product's REST reference),
//                       and any service's role, level, ACL or privileges field set to an administrator's
//                       level or to every right (`"role": "owner"`, `"acl": "all"`, `"privileges": ["*"]`)
import { parse } from 'yaml';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';

export const ADMIN_GRANT_HINT =
  /vault|admin|access_level|sysadmin|owner|superuser|"acls?"|"privileges"|"rights"|"scopes?"|"permissions"|"roles?"|"level"|"access"/i;

function finding(system: string, name: string, via: string): Effect {
  return {
    tool: 'privilege',
    command: `admin-group ${system} ${name.replace(/[^\w@.:/-]/g, '_').slice(0, 80) || '_'}`,
    via,
  };
}

const WIDE_PATH = /^(?:\*|\+\/\*|sys\/\*|sys\/policy\/\*|sys\/policies\/\*|auth\/\*|sys\/auth\/\*|identity\/\*)$/;
const WRITES = /\b(?:create|update|delete|sudo)\b/;

/** Whether HCL or JSON policy text grants `sudo`, or writes on every path. */
export function vaultPolicyIsAdmin(text: string): boolean {
  for (const m of text.matchAll(/path\s+"([^"]+)"\s*\{([^}]*)\}|"path"\s*:\s*\{\s*"([^"]+)"\s*:\s*\{([^}]*)\}/g)) {
    const path = m[1] ?? m[3] ?? '';
    const caps = /capabilities\s*"?\s*[=:]\s*\[([^\]]*)\]/.exec(m[2] ?? m[4] ?? '')?.[1] ?? '';
    if (/"sudo"/.test(caps)) return true;
    if (WIDE_PATH.test(path) && WRITES.test(caps)) return true;
  }
  return false;
}

const ADMIN_POLICY = /^(?:root|admin|administrator|superuser|.*[-_]admin|admin[-_].*)$/i;

function vaultGrants(argv: string[], stdin: string | undefined, out: Effect[]): void {
  const words = argv.slice(1).filter((w) => !w.startsWith('-'));
  // vault policy write NAME FILE|-   /   vault write sys/policy/NAME policy=...
  if (words[0] === 'policy' && words[1] === 'write') {
    const src = words[3];
    const text = src === '-' || src === undefined ? stdin : undefined;
    if (text && vaultPolicyIsAdmin(text))
      out.push(
        finding('vault-policy', words[2] ?? '_', `vault policy write ${words[2] ?? ''} grants sudo or every path`),
      );
    return;
  }
  if (words[0] !== 'write') return;
  const path = words[1] ?? '';
  const kv = new Map<string, string>();
  for (const w of words.slice(2)) {
    const eq = w.indexOf('=');
    if (eq > 0) kv.set(w.slice(0, eq), w.slice(eq + 1));
  }
  if (/^sys\/polic(?:y|ies\/acl)\//.test(path)) {
    const text = kv.get('policy') === '-' ? stdin : kv.get('policy');
    if (text && vaultPolicyIsAdmin(text))
      out.push(finding('vault-policy', path, `vault write ${path} grants sudo or every path`));
    return;
  }
  if (/^auth\/.+\/(?:role|users?|groups?)\/[^/]+$/.test(path)) {
    const policies = [kv.get('token_policies'), kv.get('policies')]
      .filter((p): p is string => p !== undefined)
      .flatMap((p) => p.split(','));
    // a role bound to every caller (`bound_service_account_names=*` and `..._namespaces=*`, a JWT
    // role whose bound claims glob `*`): any pod of any namespace, any token of the issuer, logs
    // in with the role's policies (Vault Kubernetes and JWT auth references: bound_* restrict who
    // may log in)
    const everyone = [...kv].filter(
      ([k, v]) => /^bound_/.test(k) && (/^["']?\*["']?$/.test(v) || /"\*"/.test(v) || /:\s*"\*"/.test(v)),
    );
    const named = [...kv.keys()].filter((k) =>
      /^bound_(?:service_account_(?:names|namespaces)|subject|claims)$/.test(k),
    );
    const granted = policies.filter((p) => p.trim() && p.trim() !== 'default');
    if (everyone.length && granted.length && everyone.length >= Math.min(named.length, 2)) {
      out.push(finding('vault-role', path, `vault write ${path} lets every caller log in with ${granted.join(',')}`));
      return;
    }
    if (!policies.some((p) => ADMIN_POLICY.test(p.trim()))) return;
    const never = ['secret_id_ttl', 'token_ttl', 'token_max_ttl', 'secret_id_num_uses', 'ttl'].some(
      (k) => kv.get(k) === '0',
    );
    if (never && kv.get('token_max_ttl') !== undefined && kv.get('token_max_ttl') !== '0') return;
    if (never)
      out.push(
        finding('vault-role', path, `vault write ${path} mints logins with ${policies.join(',')} that never expire`),
      );
  }
}

/**
 * Request bodies that make someone an administrator of the service they are sent to; an
 * administrator flag scoped to what the service keeps counts as well (Procore's `"company_admin":
 * true` on a company user, `account_admin`, `project_admin`, `isTenantAdmin`: Procore REST API
 * Company Users, and the same shape elsewhere).
 */
const ADMIN_BODY =
  /"(?:is_?)?(?:company|account|org|organization|project|site|tenant|workspace|team|domain|global|system)_?admin"\s*:\s*true|"roles"\s*:\s*\[[^\]]*"(?:nx-admin|admin|administrator|system_admin|realm-admin)"|"(?:admin|is_?admin|isAdmin|isGrafanaAdmin|sysadmin_flag|site_admin|is_?superuser|superuser|is_?super_?admin)"\s*:\s*true|"(?:role|roles|level|access|access_?level|acl|acls|privileges|permissions|rights|scopes?)"\s*:\s*\[?\s*"(?:\*|all|admin|administrator|administrators|owner|superuser|super[-_]?admin|root|full[-_]?access|full[-_]?control)"|"access_level"\s*:\s*50\b|(?:^|[&?\s])(?:admin|is_admin)=true\b|(?:^|[&?\s])access_level=50\b/i;
const CLIENTS = new Set(['curl', 'http', 'https', 'xh', 'wget']);
const BODY = /^(?:-d|--data|--data-raw|--data-binary|--data-urlencode|--json|--post-data|--body-data|-F|--form)$/;

function httpGrants(argv: string[], out: Effect[]): void {
  let method = '';
  let url = '';
  const bodies: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = /^(--[\w-]+)=(.*)$/s.exec(w);
    if (w === '-X' || w === '--request') method = (argv[++i] ?? '').toUpperCase();
    else if (/^-X./.test(w)) method = w.slice(2).toUpperCase();
    else if (eq && BODY.test(eq[1] ?? '')) bodies.push(eq[2] ?? '');
    else if (BODY.test(w)) bodies.push(argv[++i] ?? '');
    else if (/^https?:\/\//i.test(w)) url = w;
    else if (/^(?:http|https|xh)$/.test(basename(argv[0] ?? '')) && /^(?:PUT|POST|PATCH)$/.test(w)) method = w;
  }
  if (method === 'GET' || method === 'DELETE') return;
  const body = [...bodies, url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''].join(' ');
  if (!ADMIN_BODY.test(body)) return;
  const host = /^https?:\/\/(?:[^@/]*@)?([^/?#]+)/i.exec(url)?.[1] ?? '_';
  out.push(finding('http-admin', host, `${basename(argv[0] ?? '')} makes a user an administrator of ${host}`));
}

export function adminGrantEffects(l: LineFacts, out: Effect[]): void {
  for (const c of l.cmds) {
    const name = basename(c.argv[0] ?? '');
    if (name === 'vault' || name === 'bao') vaultGrants(c.argv, c.stdin, out);
    else if (CLIENTS.has(name)) httpGrants(c.argv, out);
  }
}

/** Kubernetes RBAC in a written manifest: cluster-admin bound cluster-wide, or a ClusterRole of every verb on every resource. */
export function rbacManifestGrants(content: string, via: string): Effect[] {
  if (!/\bkind\s*:\s*(?:ClusterRoleBinding|ClusterRole)\b/.test(content)) return [];
  let docs: unknown[];
  try {
    docs = content
      .split(/^---\s*$/m)
      .slice(0, 64)
      .map((d) => parse(d, { uniqueKeys: false }) as unknown);
  } catch {
    return [];
  }
  const out: Effect[] = [];
  for (const d of docs) {
    if (!d || typeof d !== 'object') continue;
    const doc = d as { kind?: unknown; metadata?: { name?: unknown }; roleRef?: { name?: unknown }; rules?: unknown };
    const name = typeof doc.metadata?.name === 'string' ? doc.metadata.name : '_';
    if (doc.kind === 'ClusterRoleBinding' && doc.roleRef?.name === 'cluster-admin')
      out.push(finding('kubernetes', name, `${via} binds cluster-admin cluster-wide (${name})`));
    if (doc.kind === 'ClusterRole' && Array.isArray(doc.rules)) {
      const all = (v: unknown) => Array.isArray(v) && v.includes('*');
      if (
        doc.rules.some(
          (r: { apiGroups?: unknown; resources?: unknown; verbs?: unknown }) =>
            all(r?.apiGroups) && all(r?.resources) && all(r?.verbs),
        )
      )
        out.push(finding('kubernetes', name, `${via} defines ${name}, every verb on every resource`));
    }
  }
  return out;
}
