// Standing power handed to a principal: a role, group or permission level that administers the
// system (or lets its holder act as another identity) granted to a user, group, service account
// or outside account, by a cloud or SaaS CLI, an MCP tool or an infrastructure file applied later.
// Read from the level granted and to whom, not from the tool's spelling; each finding is
// `opens-access member role SYSTEM LEVEL PRINCIPAL`, which the standard profile asks about
// (policy access-opened). Public grants are access-grants.ts' reading, forge keys and
// collaborators through gh/glab are forge-grants.ts'.
//
// Also read here: switching one's own CLI identity, for every later call, to an administrator
// (`assumes-identity SYSTEM NAME`, asked by privilege-readings).
//
// Sources: Google Cloud IAM "Understanding roles" and "Service account impersonation" (owner,
// editor, iam.serviceAccountTokenCreator, serviceAccountKeyAdmin, securityAdmin, roleAdmin,
// resourcemanager.projectIamAdmin let the holder raise their own rights or act as another
// account), Azure built-in roles (Owner, User Access Administrator, Role Based Access Control
// Administrator), Kubernetes "Using RBAC Authorization" (user-facing roles cluster-admin, admin),
// AWS managed policies (AdministratorAccess, IAMFullAccess, PowerUserAccess) and AWS
// Organizations' OrganizationAccountAccessRole, GitLab access levels (40 Maintainer, 50 Owner),
// Heroku "Collaborating with others" (access:add --permissions manage), Fly.io `fly orgs invite`,
// Vercel `vercel teams invite`, gcloud config `auth/impersonate_service_account`.
import { optionValues } from './operands.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { toolWords } from './mcp-tools.js';
import { WEBMAIL } from './data-shares.js';

export const ROLE_GRANT_PROGRAMS: readonly string[] = [
  'gcloud',
  'az',
  'aws',
  'kubectl',
  'oc',
  'heroku',
  'fly',
  'flyctl',
  'vercel',
  'netlify',
  'doctl',
  'railway',
  'supabase',
  'auth0',
  'eksctl',
  'mongosh',
  'mongo',
  'wp',
  'drush',
  'new-azroleassignment',
  'add-azureaddirectoryrolemember',
  'new-mgrolemanagementdirectoryroleassignment',
  'add-azadgroupmember',
  'ssh-copy-id',
];

/** GCP roles that let the holder raise their own rights or act as another identity. */
const GCP_ESCALATION =
  /^roles\/(?:owner|editor|iam\.(?:serviceAccountTokenCreator|serviceAccountKeyAdmin|serviceAccountAdmin|securityAdmin|roleAdmin|organizationRoleAdmin|workloadIdentityPoolAdmin)|resourcemanager\.(?:projectIamAdmin|organizationAdmin|folderAdmin|folderIamAdmin))$/;
/** GCP roles that administer one service, or run code as a service account. */
const GCP_POWER =
  /^roles\/(?:[\w.]*\.admin|[\w.]*Admin|iam\.serviceAccountUser|iam\.workloadIdentityUser|compute\.osAdminLogin)$/;
/** Administrator levels in SaaS role and permission values. */
const ADMIN_LEVEL =
  /^(?:admin|admins|administrator|administrators|owner|owners|super[-_ ]?admin|superuser|root|manage|maintain|maintainer|full[-_ ]?access|billing[-_ ]?admin|org[-_ ]?admin|account[-_ ]?admin|site[-_ ]?admin|global[-_ ]?admin)$/i;
/** A group or role name that says its members administer (jira-administrators, Super Admins, gcp-organization-admins). */
const ADMIN_NAME =
  /(?:^|[\W_])(?:admins?|administrators?|owners?|superusers?|super[\W_]?admins?|root)(?:[\W_]|$)|^(?:AdministratorAccess|IAMFullAccess|PowerUserAccess|cluster-admin)$|\/(?:AdministratorAccess|IAMFullAccess|PowerUserAccess)$/i;
/** Workload identity members: a cluster's or CI's federated identity, the documented set-up. */
const FEDERATED = /\.svc\.id\.goog\[|^principal(?:Set)?:\/\//;

function safe(w: string): string {
  return w.replace(/[^A-Za-z0-9@/._:+=,#*~-]/g, '_').slice(0, 120) || '_';
}

function found(system: string, level: string, who: string, via: string): Effect {
  return { tool: 'privilege', command: `opens-access member role ${safe(system)} ${safe(level)} ${safe(who)}`, via };
}

/** A member from outside: personal webmail, a whole domain, or a service account of another project. */
function foreignMember(member: string, project: string | undefined): boolean {
  const m = /^(user|group|serviceAccount|domain):(.+)$/.exec(member);
  if (!m) return WEBMAIL.test(member);
  if (m[1] === 'domain') return true;
  if (WEBMAIL.test(m[2] ?? '')) return true;
  const sa = /@([\w-]+)\.iam\.gserviceaccount\.com$/.exec(m[2] ?? '');
  return !!(sa && project && sa[1] !== project);
}

/** The project a gcloud grant is on: `projects add-iam-policy-binding P`, or the service account's. */
function gcloudProject(argv: string[], sub: number): string | undefined {
  const target = argv.slice(sub + 1).find((w) => !w.startsWith('-'));
  if (argv[sub - 1] === 'projects') return target;
  return /@([\w-]+)\.iam\.gserviceaccount\.com$/.exec(target ?? '')?.[1] ?? optionValues(argv, /^--project$/)[0];
}

/** Whether granting `role` to `member` hands out power (`project` is where the grant is made). */
export function gcpGrantIsPower(role: string, member: string, project?: string): boolean {
  if (FEDERATED.test(member) || /^(?:allUsers|allAuthenticatedUsers)$/.test(member)) return false;
  if (GCP_ESCALATION.test(role)) return /^(?:user|group|domain|serviceAccount):/.test(member);
  // any role on the organisation's data for a personal webmail account (a viewer of prod included)
  if (/^(?:user|group):/.test(member) && WEBMAIL.test(member) && /^roles\//.test(role)) return true;
  return GCP_POWER.test(role) && foreignMember(member, project);
}

function gcloudGrants(argv: string[], out: Effect[]): void {
  const sub = argv.findIndex((w) => w === 'add-iam-policy-binding');
  if (sub > 0) {
    const project = gcloudProject(argv, sub);
    for (const role of optionValues(argv, /^--role$/))
      for (const member of optionValues(argv, /^--member$/))
        if (gcpGrantIsPower(role, member, project))
          out.push(found('gcp', role, member, `gcloud grants ${role} to ${member}`));
    return;
  }
  // gcloud identity groups memberships add --group-email=gcp-organization-admins@... --member-email=...
  if (argv.includes('memberships') && argv.includes('add')) {
    const group = optionValues(argv, /^--group-email$/)[0] ?? '';
    const member = optionValues(argv, /^--member-email$/)[0] ?? '_';
    if (ADMIN_NAME.test(group.split('@')[0] ?? ''))
      out.push(found('google-groups', group, member, `gcloud adds ${member} to ${group}`));
    return;
  }
  // gcloud config set auth/impersonate_service_account SA: every later gcloud call runs as SA
  const set = argv.indexOf('set');
  if (argv[set - 1] === 'config' && /^auth\/impersonate_service_account$/.test(argv[set + 1] ?? '')) {
    const sa = argv[set + 2] ?? '';
    if (namesAdmin(sa.split('@')[0] ?? '')) out.push(assumes('gcloud', sa, `every later gcloud call runs as ${sa}`));
  }
}

/** Identities named as administrators (the name is the only thing on the line that says it). */
const ADMIN_IDENTITY =
  /(?:^|[\W_])(?:admin|administrator|owner|root|superuser|break[\W_]?glass|org[\W_]?admin)(?:[\W_]|$)|OrganizationAccountAccessRole|AdministratorAccess|^(?:org|organization)[\W_]/i;

/** Whether a role, profile, user or account name says it administers (`AdminRole`, `org-admin`, `break_glass`). */
export function namesAdmin(name: string): boolean {
  return ADMIN_IDENTITY.test(name.replace(/([a-z0-9])([A-Z])/g, '$1-$2'));
}

function assumes(system: string, who: string, via: string): Effect {
  return { tool: 'privilege', command: `assumes-identity ${system} ${safe(who)}`, via };
}

function azGrants(argv: string[], out: Effect[]): void {
  if (argv[1] === 'role' && argv[2] === 'assignment' && argv[3] === 'create') {
    const role = optionValues(argv, /^--role$/)[0] ?? '';
    const who = optionValues(argv, /^--assignee(?:-object-id)?$/)[0] ?? '_';
    if (/owner|administrator|admin\b/i.test(role)) out.push(found('azure', role, who, `az assigns ${role} to ${who}`));
    return;
  }
  // az ad app|sp owner add: an owner can add credentials to the application and sign in as it
  if (argv[1] === 'ad' && /^(?:app|sp)$/.test(argv[2] ?? '') && argv[3] === 'owner' && argv[4] === 'add') {
    out.push(
      found(
        'entra',
        `${argv[2]}-owner`,
        optionValues(argv, /^--owner-object-id$/)[0] ?? '_',
        `az makes a principal owner of an application`,
      ),
    );
    return;
  }
  // az ad group member add --group "Global Admins" --member-id ...
  if (argv[1] === 'ad' && argv[2] === 'group' && argv[3] === 'member' && argv[4] === 'add') {
    const group = optionValues(argv, /^--group$|^-g$/)[0] ?? '';
    if (ADMIN_NAME.test(group))
      out.push(found('entra', group, optionValues(argv, /^--member-id$/)[0] ?? '_', `az adds a member to ${group}`));
  }
}

/**
 * An allowed IAM action that lets its holder grant itself anything (docs.aws.amazon.com, IAM
 * actions: iam:* and the Put/Attach/Create/Update policy and PassRole families; sts:* assumes any
 * role), whatever resource it names: an inline policy with it is an administrator grant.
 */
const IAM_SELF_GRANT =
  /"Effect"\s*:\s*"Allow"[^}]*?"Action"\s*:\s*\[?[^\]}]*?"(?:iam:\*|iam:(?:Put|Attach|Create|Update)[A-Za-z]*\*|iam:PassRole|iam:Put(?:Role|User|Group)Policy|iam:Attach(?:Role|User|Group)Policy|iam:CreatePolicyVersion|sts:\*|\*:\*)"/;

function awsGrants(argv: string[], out: Effect[]): void {
  if (argv[1] === 'iam' && argv[2] === 'add-user-to-group') {
    const group = optionValues(argv, /^--group-name$/)[0] ?? '';
    if (ADMIN_NAME.test(group))
      out.push(found('aws', group, optionValues(argv, /^--user-name$/)[0] ?? '_', `aws adds a user to ${group}`));
    return;
  }
  if (argv[1] === 'iam' && /^attach-(?:user|role|group)-policy$/.test(argv[2] ?? '')) {
    const arn = optionValues(argv, /^--policy-arn$/)[0] ?? '';
    if (/\/(?:IAMFullAccess|PowerUserAccess)$/.test(arn))
      out.push(found('aws', arn, argv[2] ?? '_', `aws attaches ${arn.split('/').pop() ?? arn}`));
    return;
  }
  // an inline or new default policy version that allows every action on every resource
  if (
    argv[1] === 'iam' &&
    /^(?:put-(?:role|user|group)-policy|create-policy-version|create-policy)$/.test(argv[2] ?? '')
  ) {
    const doc = optionValues(argv, /^--policy-document$/)[0] ?? '';
    const everything =
      /"Action"\s*:\s*\[?\s*"\*"[\s\S]*?"Resource"\s*:\s*\[?\s*"\*"|"Resource"\s*:\s*\[?\s*"\*"[\s\S]*?"Action"\s*:\s*\[?\s*"\*"/.test(
        doc,
      );
    const selfGrant = !everything && IAM_SELF_GRANT.test(doc);
    // create-policy-version --set-as-default from a file: a policy's rights replaced with text not on the line
    const unseen = argv[2] === 'create-policy-version' && argv.includes('--set-as-default') && /^file:/.test(doc);
    if (everything || selfGrant || unseen)
      out.push(
        found(
          'aws',
          everything ? 'Action:*' : selfGrant ? 'iam-grants' : 'policy-version',
          argv[2] ?? '_',
          `aws ${argv[2]} ${everything ? 'allows every action on every resource' : selfGrant ? 'allows IAM actions that grant any right' : 'replaces a policy with a file not shown'}`,
        ),
      );
    return;
  }
  // aws sso-admin create-account-assignment: a person or group given a permission set on an account
  if (argv[1] === 'sso-admin' && argv[2] === 'create-account-assignment') {
    out.push(
      found(
        'aws-sso',
        optionValues(argv, /^--permission-set-arn$/)[0]
          ?.split('/')
          .pop() ?? '_',
        optionValues(argv, /^--principal-id$/)[0] ?? '_',
        'aws sso-admin gives a principal access to an account',
      ),
    );
    return;
  }
  // aws eks associate-access-policy --policy-arn ...AmazonEKSClusterAdminPolicy|AmazonEKSAdminPolicy
  if (argv[1] === 'eks' && argv[2] === 'associate-access-policy') {
    const arn = optionValues(argv, /^--policy-arn$/)[0] ?? '';
    if (/cluster-access-policy\/AmazonEKS(?:Cluster)?AdminPolicy$/.test(arn))
      out.push(
        found(
          'eks',
          arn.split('/').pop() ?? arn,
          optionValues(argv, /^--principal-arn$/)[0] ?? '_',
          `aws eks makes a principal a cluster administrator`,
        ),
      );
    return;
  }
  // aws configure set [profile.NAME.]role_arn ARN: the profile's later calls assume that role
  if (argv[1] === 'configure' && argv[2] === 'set' && /^(?:profile\.[^.]+\.)?role_arn$/.test(argv[3] ?? '')) {
    const arn = argv[4] ?? '';
    if (namesAdmin(arn.split('/').pop() ?? '')) out.push(assumes('aws', arn, `later aws calls assume ${arn}`));
  }
}

/** Workload identity annotations: the pods of a service account act as the cloud identity named. */
const WORKLOAD_IDENTITY =
  /^(?:iam\.gke\.io\/gcp-service-account|eks\.amazonaws\.com\/role-arn|azure\.workload\.identity\/client-id)=(.+)$/;

function kubeGrants(argv: string[], out: Effect[]): void {
  if (argv[1] === 'annotate' && /^(?:serviceaccounts?|sa)(?:\/|$)/.test(argv[2] ?? ''))
    for (const w of argv) {
      const id = WORKLOAD_IDENTITY.exec(w)?.[1] ?? '';
      if (id && namesAdmin(id.split('@')[0]?.split('/').pop() ?? ''))
        out.push(assumes('kubernetes', id, `the service account's pods act as ${id}`));
    }
  // kubectl config set-context --user=cluster-admin: later kubectl calls run with that user's credentials
  if (argv[1] === 'config' && argv[2] === 'set-context') {
    const user = optionValues(argv, /^--user$/)[0];
    if (user && namesAdmin(user)) out.push(assumes('kubernetes', user, `later kubectl calls run as ${user}`));
    return;
  }
  // a Role or ClusterRole that allows every verb on every resource, or the verbs that raise their
  // holder's own rights (escalate, bind, impersonate: Kubernetes "Using RBAC Authorization",
  // "Privilege escalation prevention and bootstrapping"), is cluster-admin under another name
  if (argv[1] === 'create' && /^(?:role|clusterrole)$/.test(argv[2] ?? '')) {
    const verbs = optionValues(argv, /^--verb$/).flatMap((v) => v.split(','));
    const resources = optionValues(argv, /^--resource$/).flatMap((v) => v.split(','));
    const every = verbs.includes('*') && resources.some((r) => r === '*' || r === '*.*');
    const raises = verbs.find((v) => /^(?:escalate|bind|impersonate)$/.test(v));
    const name = argv.slice(3).find((w) => !w.startsWith('-')) ?? '_';
    if (every || raises)
      out.push(
        found(
          'kubernetes',
          every ? 'wildcard-role' : `${raises}-role`,
          name,
          `kubectl creates ${argv[2]} ${name} allowing ${every ? 'every verb on every resource' : raises}`,
        ),
      );
    return;
  }
  if (argv[1] !== 'create' || !/^(?:rolebinding|clusterrolebinding)$/.test(argv[2] ?? '')) return;
  const role = optionValues(argv, /^--clusterrole$|^--role$/)[0] ?? '';
  if (!/^(?:cluster-admin|admin)$/.test(role)) return;
  for (const who of optionValues(argv, /^--user$|^--group$|^--serviceaccount$/))
    out.push(found('kubernetes', role, who, `kubectl binds ${role} to ${who}`));
}

/** Hosting platforms' collaborator and team invitations (each member can deploy or manage). */
function platformGrants(name: string, argv: string[], out: Effect[]): void {
  const words = argv.filter((w) => !w.startsWith('-'));
  const who = words.find((w) => /@/.test(w)) ?? '_';
  const levels = [...optionValues(argv, /^--role$|^--permissions?$|^--access(?:-level)?$/)].flatMap((v) =>
    v.split(','),
  );
  const admin = levels.find((l) => ADMIN_LEVEL.test(l.trim()));
  // heroku access:add EMAIL --permissions ...manage, heroku members:add EMAIL --role admin
  if (name === 'heroku' && /^(?:access:add|access:update|members:add|members:set)$/.test(argv[1] ?? '')) {
    if (admin) out.push(found('heroku', admin, who, `heroku gives ${who} ${admin} rights`));
    return;
  }
  // fly orgs invite ORG EMAIL, vercel teams invite EMAIL, doctl/railway/supabase/netlify team invites
  const invite = argv.findIndex((w) => /^(?:invite|invites?:add|members?:add|add-member)$/.test(w));
  if (invite > 0 && argv.slice(1, invite).some((w) => /^(?:orgs?|teams?|organizations?|members?|projects?)$/.test(w)))
    out.push(found(name, admin ?? 'member', who, `${name} invites ${who} into the team`));
}

/** eksctl create iamidentitymapping --group system:masters: an IAM principal mapped to cluster-admin (EKS aws-auth). */
function eksctlGrants(argv: string[], out: Effect[]): void {
  if (argv[1] !== 'create' || argv[2] !== 'iamidentitymapping') return;
  if (optionValues(argv, /^--group$/).some((g) => g === 'system:masters'))
    out.push(
      found(
        'eks',
        'system:masters',
        optionValues(argv, /^--arn$/)[0] ?? '_',
        'eksctl maps an IAM principal to cluster-admin',
      ),
    );
}

/**
 * Web applications' administrators made from their CLIs: WP-CLI `wp user create|update ...
 * --role=administrator`, `wp user set-role|add-role ID administrator`, `wp super-admin add`
 * (developer.wordpress.org/cli); Drush `user:role:add administrator NAME` (urol, drupal.org).
 */
function webAppAdmins(name: string, argv: string[], out: Effect[]): void {
  const words = argv.filter((w) => !w.startsWith('-'));
  if (name === 'wp') {
    if (words[1] === 'super-admin' && words[2] === 'add')
      out.push(found('wordpress', 'super-admin', words[3] ?? '_', 'wp makes a network super administrator'));
    if (words[1] !== 'user') return;
    const verb = words[2] ?? '';
    const role = /^(?:create|update)$/.test(verb)
      ? optionValues(argv, /^--role$/)
      : /^(?:set-role|add-role)$/.test(verb)
        ? [words[4] ?? '']
        : [];
    const admin = role.find((r) => /^(?:administrator|admin)$/i.test(r));
    if (admin)
      out.push(found('wordpress', admin, words[3] ?? '_', `wp gives ${words[3] ?? 'a user'} the ${admin} role`));
    return;
  }
  if (/^(?:user:role:add|user-add-role|urol)$/.test(words[1] ?? '') && /admin/i.test(words[2] ?? ''))
    out.push(
      found(
        'drupal',
        words[2] ?? 'administrator',
        words[3] ?? '_',
        `drush gives ${words[3] ?? 'a user'} the ${words[2]} role`,
      ),
    );
}

/** Azure PowerShell and Microsoft Graph role assignments (Az.Resources, AzureAD, Microsoft.Graph modules). */
const AZ_POWERSHELL =
  /^(?:new-azroleassignment|add-azureaddirectoryrolemember|new-mgrolemanagementdirectoryroleassignment|add-azadgroupmember)$/;

function azPowershellGrants(argv: string[], out: Effect[]): void {
  const role =
    optionValues(argv, /^-(?:RoleDefinitionName|RoleDefinitionId|ObjectId|TargetGroupDisplayName)$/i)[0] ?? '';
  const who =
    optionValues(argv, /^-(?:SignInName|ObjectId|PrincipalId|RefObjectId|MemberUserPrincipalName)$/i)[0] ?? '_';
  if (/owner|administrator|admin\b/i.test(role) || /directoryrole|rolemanagement/.test(argv[0]?.toLowerCase() ?? ''))
    out.push(found('azure', role || 'directory-role', who, `${argv[0]} gives ${who} ${role || 'a directory role'}`));
}

/** ssh-copy-id of a key kept in a temporary or hidden place: someone else's key let in. */
function sshCopyId(argv: string[], out: Effect[]): void {
  const key = optionValues(argv, /^-i$/)[0] ?? '';
  if (key && /^(?:\/tmp\/|\/var\/tmp\/|\/dev\/shm\/)|\/\.(?!ssh\/)[^/]+\//.test(key))
    out.push(
      found(
        'ssh',
        'authorized_keys',
        argv[argv.length - 1] ?? '_',
        `ssh-copy-id installs ${key}, a key from a temporary or hidden place`,
      ),
    );
}

/** MongoDB users created or granted a role over every database (MongoDB "Built-In Roles"). */
const MONGO_ADMIN =
  /\b(?:createUser|grantRolesToUser|updateUser)\s*\([\s\S]{0,400}?["'](root|userAdminAnyDatabase|dbAdminAnyDatabase|clusterAdmin|readWriteAnyDatabase|userAdmin|dbOwner|__system)["']/;

function mongoGrants(text: string, out: Effect[]): void {
  const m = MONGO_ADMIN.exec(text);
  if (m) out.push(found('mongodb', m[1] ?? 'root', 'user', `the shell gives a MongoDB user the ${m[1]} role`));
}

export function roleGrantEffects(line: LineView, out: Effect[]): void {
  if (line.programs.has('mongosh') || line.programs.has('mongo')) mongoGrants(line.text, out);
  for (const c of line.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (name === 'eksctl') eksctlGrants(a, out);
    else if (name === 'wp' || name === 'drush') webAppAdmins(name, a, out);
    else if (AZ_POWERSHELL.test(name)) azPowershellGrants(a, out);
    else if (name === 'ssh-copy-id') sshCopyId(a, out);
    else if (name === 'gcloud') gcloudGrants(a, out);
    else if (name === 'az') azGrants(a, out);
    else if (name === 'aws') awsGrants(a, out);
    else if (name === 'kubectl' || name === 'oc') kubeGrants(a, out);
    else if (ROLE_GRANT_PROGRAMS.includes(name)) platformGrants(name === 'flyctl' ? 'fly' : name, a, out);
  }
}

// ------------------------------------------------------------------ MCP tools

const GRANT_VERBS = new Set([
  'add',
  'invite',
  'create',
  'assign',
  'grant',
  'set',
  'update',
  'attach',
  'promote',
  'put',
  'make',
  'change',
  'elevate',
  'edit',
  'modify',
]);
const GRANT_NOUNS = new Set([
  'user',
  'users',
  'member',
  'members',
  'collaborator',
  'collaborators',
  'group',
  'groups',
  'role',
  'roles',
  'team',
  'permission',
  'permissions',
  'membership',
  'admin',
  'admins',
  'access',
  'policy',
  'binding',
  'iam',
  'owner',
]);
/** Parameters that carry the level granted or the group joined. */
const LEVEL_KEYS =
  /^(?:role|roles|role_name|roleName|permission|permissions|access_level|accessLevel|level|group|group_name|groupName|group_email|groupEmail|groupKey|team|team_name|policy|policy_arn|policyArn|PolicyArn|PolicyName|type|user_type|userType|is_admin|isAdmin|admin|site_admin|organization_role|acl|acls|privileges|rights|scopes|grants)$/;

function levelValue(key: string, v: unknown): string | undefined {
  if (typeof v === 'boolean') return v && /admin/i.test(key) ? `${key}=true` : undefined;
  if (typeof v === 'number') return /access_?level/i.test(key) && v >= 40 ? `access_level=${v}` : undefined;
  const vals = Array.isArray(v) ? v : [v];
  for (const x of vals) {
    if (typeof x !== 'string') continue;
    // every right: `privileges: ["*"]`, `acl: "all"` (a role or group called all is not a level)
    if (/^(?:\*|all|\*:\*)$/i.test(x.trim()) && /acl|privilege|rights|scope|grant|permission/i.test(key)) return x;
    if (ADMIN_LEVEL.test(x.trim()) || ADMIN_NAME.test(x) || GCP_ESCALATION.test(x)) return x;
  }
  return undefined;
}

/** An MCP tool that adds a principal to an administrator role, group or permission level. */
export function mcpRoleGrants(op: string, p: Record<string, unknown>): Effect[] {
  const words = toolWords(op);
  // an SSH or GPG key added to an account or repository (add_ssh_key, create_deploy_key)
  if (
    words.some((w) => w === 'add' || w === 'create' || w === 'upload' || w === 'register') &&
    words.includes('key') &&
    Object.values(p).some(
      (v) => typeof v === 'string' && /^(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-|sk-ssh-)/.test(v.trim()),
    )
  )
    return [found('ssh', 'key', typeof p['title'] === 'string' ? p['title'] : '_', `MCP ${op} lets a new SSH key in`)];
  if (!words.some((w) => GRANT_VERBS.has(w)) || !words.some((w) => GRANT_NOUNS.has(w))) return [];
  if (words.some((w) => w === 'remove' || w === 'delete' || w === 'revoke' || w === 'list' || w === 'get')) return [];
  let level: string | undefined;
  for (const [k, v] of Object.entries(p)) {
    if (!LEVEL_KEYS.test(k)) continue;
    level = levelValue(k, v);
    if (level) break;
  }
  // make_admin, promote_to_owner: the level is in the tool's name
  if (!level && words.some((w) => /^(?:admin|admins|owner|superuser)$/.test(w)) && !words.includes('request'))
    level = words.find((w) => /^(?:admin|admins|owner|superuser)$/.test(w));
  if (!level) {
    // IAM documents and bindings among the parameters (a policy's bindings, a trust policy, a
    // role and member pair) read as the same text written to a file would be
    const strings: string[] = [];
    const walk = (v: unknown, depth: number): void => {
      if (typeof v === 'string') strings.push(v);
      else if (v && typeof v === 'object' && depth < 6) for (const x of Object.values(v)) walk(x, depth + 1);
    };
    walk(p, 0);
    const text = [JSON.stringify(p), ...strings.map((x) => JSON.stringify(x)), ...strings].join('\n');
    const role = strings.find((x) => /^roles\/[\w.]+$/.test(x));
    const member = strings.find((x) => /^(?:user|group|domain|serviceAccount):/.test(x));
    if (role && member && gcpGrantIsPower(role, member))
      return [found('gcp', role, member, `MCP ${op} grants ${role} to ${member}`)];
    return fileRoleGrants(`MCP ${op}`, text).map((e) => ({ ...e, via: e.via.replace(/ once applied$/, '') }));
  }
  const who =
    [
      'email',
      'username',
      'user',
      'login',
      'member',
      'user_id',
      'userId',
      'account_id',
      'accountId',
      'UserName',
      'assignee',
    ]
      .map((k) => p[k])
      .find((v): v is string | number => typeof v === 'string' || typeof v === 'number') ?? '_';
  return [found(`mcp-${words[0] ?? 'tool'}`, level, String(who), `MCP ${op} gives ${String(who)} ${level} rights`)];
}

// ------------------------------------------------------------------ infrastructure files

/** AWS principals of another account in a trust policy: `"AWS": "arn:aws:iam::ID:root"` or a bare id. */
const TRUSTED_ACCOUNT =
  /["']?\bAWS["']?\s*[:=]\s*\[?\s*(?:-\s*)?["']?(?:arn:aws:iam::)?(\d{12})\b|\btype\s*[:=]\s*["']AWS["'][\s\S]{0,120}?identifiers\s*[:=]\s*\[\s*["'](?:arn:aws:iam::)?(\d{12})\b/;
const GCP_MEMBER = /["'](?:user|group|domain|serviceAccount):[^"'\s]+["']/g;
const GCP_ROLE = /["'](roles\/[\w.]+)["']/g;
/** An IAM user declared in Terraform, Pulumi, CDK or CloudFormation. */
const IAM_USER = /\baws_iam_user\b|\biam\.User\s*\(|\biam\.CfnUser\b|AWS::IAM::User\b/;
const ADMIN_POLICY = /\/(?:AdministratorAccess|IAMFullAccess)\b|"Action"\s*:\s*"\*"[^}]*"Resource"\s*:\s*"\*"/;

/**
 * Grants a written infrastructure or policy file makes when it is applied: a role trusted by
 * another AWS account (no organisation condition), GCP escalation roles to people or outside
 * members, an IAM user with administrator rights, a namespace's admin bound to a person.
 */
export function fileRoleGrants(path: string, content: string): Effect[] {
  if (content.length > 256 * 1024) return [];
  const name = path.split(/[\\/]/).pop() ?? path;
  const out: Effect[] = [];
  const acct = TRUSTED_ACCOUNT.exec(content);
  if (acct && /sts:AssumeRole/.test(content) && !/aws:PrincipalOrgID|aws:PrincipalOrgPaths/.test(content)) {
    const id = acct[1] ?? acct[2] ?? '_';
    out.push(found('aws-trust', 'sts:AssumeRole', id, `${name} lets account ${id} assume the role once applied`));
  }
  const roles = [...content.matchAll(GCP_ROLE)].map((m) => m[1] ?? '');
  if (roles.length) {
    const members = [...content.matchAll(GCP_MEMBER)].map((m) => m[0].slice(1, -1));
    for (const role of roles)
      for (const member of members)
        if (gcpGrantIsPower(role, member)) {
          out.push(found('gcp', role, member, `${name} grants ${role} to ${member} once applied`));
          return out;
        }
  }
  if (IAM_USER.test(content) && ADMIN_POLICY.test(content))
    out.push(found('aws', 'AdministratorAccess', 'iam-user', `${name} creates an IAM user with administrator rights`));
  if (/\bkind\s*:\s*(?:Cluster)?RoleBinding\b/.test(content)) {
    const ref = /roleRef\s*:[\s\S]{0,200}?\bname\s*:\s*["']?(cluster-admin|admin)\b/.exec(content);
    const subj = /\bkind\s*:\s*(User|Group)\b[\s\S]{0,120}?\bname\s*:\s*["']?([^\s"',}]+)/.exec(content);
    if (ref && subj && !/^system:/.test(subj[2] ?? ''))
      out.push(found('kubernetes', ref[1] ?? 'admin', subj[2] ?? '_', `${name} binds ${ref[1]} to ${subj[2]}`));
  }
  return out;
}
