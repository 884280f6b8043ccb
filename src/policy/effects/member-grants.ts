// A named person or account let into something, through any CLI, read from the shape every tool
// shares: a grant verb (`add`, `invite`, `grant`, `share`, `add-iam-policy-binding`, `create` of an
// assignment or binding) on a membership noun (access, members, collaborators, team, org, iam,
// role), and a principal on the line (an e-mail address, `user:`/`serviceAccount:`/`group:` member
// values, a `--user`/`--assignee`/`--member` option). `heroku access:add x@outside.io -a shop-prod
// --permissions manage`, `gcloud iam service-accounts add-iam-policy-binding SA --member=user:x@gmail.com`,
// `az role assignment create --assignee x@outlook.com --role Owner`, `vercel teams invite`,
// `fly orgs invite`, `firebase projects:addmember`: read as `opens-access member TOOL WORDS`,
// asked by the access-opened policy (audiences of everyone or another cloud account are
// access-grants.ts' reading, denied).
//
// And the caller's own identity switched to another principal for every later call:
// `gcloud config set auth/impersonate_service_account`, CLOUDSDK_AUTH_IMPERSONATE_SERVICE_ACCOUNT
// exported, `aws configure set role_arn`, `kubectl --as=... --as-group=system:masters`,
// `kubectl config set-context --user=cluster-admin`: read as `opens-access weakened TOOL WORDS`.
// `kubectl auth can-i --as=...` only asks what that identity may do, and is not.
//
// Sources: Heroku CLI (access:add, members:add), gcloud (add-iam-policy-binding --member, config
// auth/impersonate_service_account, CLOUDSDK_AUTH_IMPERSONATE_SERVICE_ACCOUNT), az role assignment
// create --assignee, Vercel/Netlify/Fly/Supabase/Stripe team and org invites, Firebase
// projects:addmember, sentry-cli organizations members add, gsutil iam ch user:...,
// kubectl create rolebinding --user and --as/--as-group impersonation, aws configure set role_arn,
// AWS IAM add-user-to-group.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

/** The gate: a principal, an impersonation or a grant verb spelled somewhere on the line. */
export const MEMBER_GRANT_HINT =
  /@|\b(?:user|group|serviceAccount|domain):|--(?:as|as-group|member|assignee|user|users)\b|impersonate|role_arn|add-user-to-group/i;

/** An e-mail address, alone or as a member value (`user:x@y.com`); the domain ends in letters (`pkg@1.2.3` is a version). */
const EMAIL = /^(?:[A-Za-z]+:)?[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}$/;
/** Member values of IAM bindings and ACL changes (`user:`, `serviceAccount:`, `group:`, `domain:`, gsutil's `user:x:objectAdmin`). */
const MEMBER_VALUE = /^(?:user|group|serviceAccount|domain|principal|principalSet):\S+/;
/** Options that name whom a grant lets in. */
const PRINCIPAL_OPTION =
  /^--(?:member|members|assignee|assignee-object-id|user|users|email|principal|grantee|invitee)$/;

/** Membership nouns: what a grant verb has to act on (`access:add`, `orgs invite`, `members add`). */
const MEMBERSHIP =
  /^(?:access|members?|membership|collaborators?|users?|teams?|orgs?|organizations?|owners?|admins?|roles?|permissions?|sharing|acl|iam|groups?|projects?|workspaces?|accounts?|assignment|rolebinding|clusterrolebinding|invitations?|service-accounts?)$/;
/** Grant verbs on a membership noun. */
const GRANT_VERB =
  /^(?:add|invite|grant|share|assign|addmember|add-member|add-members|add-user|add-users|add-collaborator|add-owner|add-admin|invite-user|invite-member)$/;
/** Verbs that are grants on their own. */
const BINDING_VERB = /^(?:add-iam-policy-binding|create-role-assignment|add-user-to-group|add-role-member)$/;
/** `create` grants only of an assignment, binding, membership or invitation. */
const CREATED_GRANT =
  /^(?:assignment|rolebinding|clusterrolebinding|membership|member|invitation|collaborator|grant|binding)$/;

/** Programs whose words are not a tool's subcommands, or whose grants other readings decide. */
const NOT_GRANTING = new Set(
  'echo printf grep rg cat git npm pnpm yarn pip pip3 cargo go helm gh glab curl wget http ssh scp rsync mail sendmail'.split(
    ' ',
  ),
);

function grant(kind: 'member' | 'weakened', argv: string[], via: string): Effect {
  const words = argv.map((w) => w.replace(/[^A-Za-z0-9@/._:+=,#*~-]/g, '_').slice(0, 160) || '_');
  return { tool: 'privilege', command: ['opens-access', kind, ...words].join(' '), via };
}

/** The subcommand path: positional words before the first operand that is not a word, split at `:`. */
function pathWords(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length && out.length < 6; i++) {
    const w = argv[i] ?? '';
    if (w.startsWith('-')) continue;
    if (!/^[A-Za-z][A-Za-z0-9:_-]*$/.test(w)) break;
    out.push(...w.toLowerCase().split(':'));
  }
  return out;
}

/** The principals the line names: e-mail addresses, member values, values of principal options. */
function principals(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = w.indexOf('=');
    const key = eq > 0 && w.startsWith('-') ? w.slice(0, eq) : w;
    const value = eq > 0 && w.startsWith('-') ? w.slice(eq + 1) : undefined;
    if (PRINCIPAL_OPTION.test(key)) {
      const v = value ?? argv[i + 1] ?? '';
      if (v && !v.startsWith('-')) out.push(v);
      continue;
    }
    const v = value ?? w;
    if (EMAIL.test(v) || MEMBER_VALUE.test(v)) out.push(v);
    // ACL grants spelled as key=value (`--grant-full-control emailaddress=x@y.com`)
    else if (/emailaddress=|id=/.test(v) && /--grant-/.test(key)) out.push(v);
  }
  return out;
}

function memberGrant(argv: string[], out: Effect[]): void {
  const tool = basename(argv[0] ?? '').toLowerCase();
  if (NOT_GRANTING.has(tool)) return;
  const path = pathWords(argv);
  const grants =
    path.some((w) => BINDING_VERB.test(w)) ||
    path.some((w, i) => GRANT_VERB.test(w) && path.slice(0, i + 2).some((n) => MEMBERSHIP.test(n))) ||
    (path.includes('create') && path.some((w) => CREATED_GRANT.test(w))) ||
    // gsutil iam ch user:x@y.com:objectAdmin gs://b
    (tool === 'gsutil' && path[0] === 'iam' && path[1] === 'ch');
  if (!grants) return;
  const who = principals(argv);
  // `aws iam add-user-to-group --group-name Admins`: the group is the grant
  const adminGroup = path.includes('add-user-to-group') && argv.some((w) => /admin|owner|root|power/i.test(w));
  if (!who.length && !adminGroup) return;
  // everyone and other accounts are access-grants.ts' reading
  if (who.some((w) => /allUsers|allAuthenticatedUsers/.test(w))) return;
  out.push(grant('member', argv, `${tool} lets ${who.join(', ') || 'a user'} in`));
}

/** The caller's identity switched to another principal for later calls. */
function impersonation(argv: string[], out: Effect[]): void {
  const tool = basename(argv[0] ?? '').toLowerCase();
  if (tool === 'gcloud') {
    const set = argv.indexOf('set');
    if (set > 0 && argv[set - 1] === 'config' && /impersonate_service_account$/.test(argv[set + 1] ?? ''))
      out.push(grant('weakened', argv, `later gcloud calls act as ${argv[set + 2] ?? 'another account'}`));
    return;
  }
  if (tool === 'export' || tool === 'setenv' || tool === 'set') {
    for (const w of argv.slice(1))
      if (/^CLOUDSDK_AUTH_IMPERSONATE_SERVICE_ACCOUNT=./.test(w))
        out.push(grant('weakened', argv, `later gcloud calls act as ${w.slice(w.indexOf('=') + 1)}`));
    return;
  }
  if (tool === 'aws') {
    if (argv[1] === 'configure' && argv[2] === 'set' && /(?:^|\.)role_arn$/.test(argv[3] ?? ''))
      out.push(grant('weakened', argv, `later aws calls assume ${argv[4] ?? 'a role'}`));
    return;
  }
  if (tool === 'kubectl' || tool === 'oc') {
    if (argv.includes('can-i')) return;
    const as = argv.find((w, i) => /^--as(?:-group)?(?:=|$)/.test(w) && (w.includes('=') || argv[i + 1]));
    if (as) {
      out.push(grant('weakened', argv, `${tool} acts as another user (${as})`));
      return;
    }
    const ctx = argv.indexOf('set-context');
    if (
      ctx > 0 &&
      argv.some((w, i) =>
        (w === '--user' ? (argv[i + 1] ?? '') : w.startsWith('--user=') ? w.slice(7) : '').match(/admin|root|owner/i),
      )
    )
      out.push(grant('weakened', argv, `${tool}'s context now uses an administrator's credentials`));
  }
}

export function memberGrantEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    memberGrant(c.argv, out);
    impersonation(c.argv, out);
    for (const a of c.assigns)
      if (a.name === 'CLOUDSDK_AUTH_IMPERSONATE_SERVICE_ACCOUNT' && a.value && c.argv.length === 0)
        out.push(grant('weakened', [`${a.name}=${a.value}`], `later gcloud calls act as ${a.value}`));
  }
}
