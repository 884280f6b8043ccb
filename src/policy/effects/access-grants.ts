// Access opened to someone else, read from whom a change lets in rather than how it is spelled.
// A grant, share, ACL, policy or membership change names an audience; the audience decides how
// grave the change is:
//   opens-access public WHAT         everyone: `*`, allUsers, all (AWS `Group=all`), 0.0.0.0/0,
//                                    public-read ACLs, public visibility, system:authenticated
//   opens-access other-account WHAT  a cloud account named by its id (snapshots, images, keys,
//                                    resource shares): the classic quiet exfiltration route
//   opens-access member WHAT         a named user or key let in (keys, collaborators, members and
//                                    webhooks on a code forge are forge-grants.ts' reading)
//   opens-access weakened WHAT       a safeguard turned down (workflow tokens made writable, a
//                                    namespace's pod security set to privileged, redis protected
//                                    mode off on an open interface, a credential folder or key
//                                    made readable or writable by others)
// The standard profile denies the first two and asks for the others (policy `access-opened`).
//
// Sources: AWS CLI reference (ec2 modify-snapshot-attribute / modify-image-attribute
// `--launch-permission Add=[{Group=all}]`, rds modify-db-snapshot-attribute `--values-to-add all`,
// lambda add-permission `--principal`, kms create-grant `--grantee-principal`, ram
// create-resource-share `--principals`, ecr/s3/sns/sqs/secretsmanager resource policies,
// s3api put-public-access-block); Google Cloud IAM (`allUsers`, `allAuthenticatedUsers` members
// of add-iam-policy-binding / set-iam-policy); Azure CLI (`--public-access`,
// `--allow-blob-public-access`, `--public-network-access`); GitHub REST API (collaborators,
// org memberships, team repositories, invitations, deploy keys, repository visibility, hooks,
// Actions workflow permissions); GitLab API (members, deploy keys, visibility); Kubernetes RBAC
// subjects (system:authenticated, system:unauthenticated, system:anonymous) and Pod Security
// Admission labels; redis.conf `protected-mode`; chmod(1) modes; az disk/snapshot grant-access
// (SAS download links); redshift authorize-snapshot-access; ssm modify-document-permission.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { forgeApiCall } from './forge-api.js';

export const ACCESS_PROGRAMS: readonly string[] = [
  'aws',
  'gcloud',
  'gsutil',
  'bq',
  'az',
  'gh',
  'glab',
  'kubectl',
  'oc',
  'chmod',
  'redis-server',
];

type Audience = 'public' | 'other-account' | 'member' | 'weakened';

function grant(audience: Audience, what: string, via: string): Effect {
  const words = what.split(/\s+/).map((w) => w.replace(/[^A-Za-z0-9@/._:+=,#*~-]/g, '_').slice(0, 160) || '_');
  return { tool: 'privilege', command: ['opens-access', audience, ...words].join(' '), via };
}

/** Words that name everyone. */
const EVERYONE =
  /^(?:\*|all|allusers|allauthenticatedusers|everyone|anonymous|authenticatedusers|public|public-read|public-read-write|authenticated-read|0\.0\.0\.0\/0|::\/0|internet|system:authenticated|system:unauthenticated|system:anonymous)$/i;
/** The same inside a longer value: JSON principals, AWS shorthand, ACL grantee URIs, gsutil entities. */
const EVERYONE_IN =
  /"(?:Principal|AWS)"\s*:\s*"\*"|"Principal"\s*:\s*\{\s*"AWS"\s*:\s*\[?\s*"\*"|\bGroup=all\b|acs\.amazonaws\.com\/groups\/global\/(?:All|Authenticated)Users|\b(?:allUsers|allAuthenticatedUsers|AllUsers|AllAuthenticatedUsers)\b|\b0\.0\.0\.0\/0\b|(?:^|[\s=,[])::\/0\b|\bsystem:(?:authenticated|unauthenticated|anonymous)\b/;
/** A 12-digit AWS account id, alone or inside an ARN or shorthand (UserId=..., arn:aws:iam::ID:root). */
const ACCOUNT_ID = /(?:^|[^0-9])(\d{12})(?:[^0-9]|$)/;

/** The values of the options named (every `--opt v` and `--opt=v`), and the operands. */
function optionValues(argv: string[], names: RegExp): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    const eq = w.indexOf('=');
    const key = eq > 0 && w.startsWith('-') ? w.slice(0, eq) : w;
    if (!names.test(key)) continue;
    if (eq > 0 && w.startsWith('-')) out.push(w.slice(eq + 1));
    else {
      // a list option takes every word up to the next option (--user-ids A B, --principals A B)
      for (let j = i + 1; j < argv.length && !(argv[j] ?? '').startsWith('--'); j++) out.push(argv[j] ?? '');
    }
  }
  return out;
}

function audienceOf(values: string[]): Audience | undefined {
  let account = false;
  for (const v of values) {
    if (EVERYONE.test(v.trim().replace(/^(['"])(.*)\1$/, '$2')) || EVERYONE_IN.test(v)) return 'public';
    if (ACCOUNT_ID.test(v)) account = true;
  }
  return account ? 'other-account' : undefined;
}

// ------------------------------------------------------------------ clouds

/** AWS subcommands that share a resource or write who may use it. */
const AWS_GRANT =
  /^(?:add-permission|create-grant|create-resource-share|associate-resource-share|modify-(?:snapshot|image|db-snapshot|db-cluster-snapshot|fpga-image)-attribute|put-(?:bucket|object)-acl|put-(?:bucket|repository|resource|key|registry|queue|topic|vault-access|backup-vault-access|domain|function|secret)-policy|set-(?:repository|queue|topic)-(?:policy|attributes)|put-resource-policy|authorize-(?:security-group|db-security-group|cache-security-group|cluster-security-group)-ingress|put-public-access-block|update-(?:function-url|assume-role)-(?:config|policy)|create-function-url-config|authorize-snapshot-access|modify-document-permission)$/;

function awsGrant(argv: string[], out: Effect[]): void {
  const sub = argv.find((w, i) => i > 1 && AWS_GRANT.test(w));
  if (!sub) return;
  const service = argv[1] ?? '';
  const what = `aws ${service} ${sub}`;
  // a public access block whose settings are false lets public ACLs and policies through again
  if (sub === 'put-public-access-block') {
    const cfg = optionValues(argv, /^--public-access-block-configuration$/).join(' ');
    if (/=\s*false|:\s*false/i.test(cfg)) out.push(grant('public', what, `${what} turns the public access block off`));
    return;
  }
  // function URLs without IAM auth answer anyone
  if (/function-url/.test(sub)) {
    if (optionValues(argv, /^--auth-type$/).some((v) => /^NONE$/i.test(v)))
      out.push(grant('public', what, `${what} serves the function to anyone without authentication`));
    return;
  }
  // removing a share is not a grant
  if (optionValues(argv, /^--operation-type$/).some((v) => /^remove$/i.test(v))) return;
  if (
    argv.some((w) => /^--(?:values-to-remove|remove)/.test(w) || /^Remove=/.test(w)) &&
    !argv.some((w) => /Add=/.test(w))
  )
    return;
  const values = [
    ...optionValues(
      argv,
      /^--(?:principal|principals|grantee-principal|account-ids-to-add|account-with-restore-access|user-ids|group-names|values-to-add|launch-permission|create-volume-permission|attribute|acl|grant-read|grant-full-control|grant-write|grant-read-acp|grant-write-acp|cidr|cidr-ip|cidr-ipv6|ip-permissions|policy|policy-text|policy-document|resource-policy|source-account|add|load-permission)$/,
    ),
  ];
  const aud = audienceOf(values);
  if (aud) out.push(grant(aud, what, `${what} opens it to ${aud === 'public' ? 'everyone' : 'another AWS account'}`));
}

function gcloudGrant(argv: string[], out: Effect[]): void {
  const sub = argv.find((w) => /^(?:add-iam-policy-binding|set-iam-policy)$/.test(w));
  if (!sub) return;
  const what = argv.slice(0, argv.indexOf(sub) + 1).join(' ');
  const members = optionValues(argv, /^--member$/);
  // set-iam-policy reads a policy file; its members are not on the line
  const aud = audienceOf(members.map((m) => m.replace(/^(?:user|group|serviceAccount|domain):/, '')));
  if (aud === 'public') out.push(grant('public', what, `${what} grants ${members.join(', ')}`));
}

function gsutilGrant(argv: string[], out: Effect[]): void {
  const i = argv.findIndex((w) => w === 'iam' || w === 'acl' || w === 'defacl');
  if (i < 0) return;
  const op = argv[i + 1] ?? '';
  if (!/^(?:ch|set)$/.test(op)) return;
  const rest = argv.slice(i + 2);
  if (
    rest.some((w) => /^(?:allUsers|allAuthenticatedUsers|AllUsers|AllAuthenticatedUsers)(?::|$)/.test(w)) ||
    (op === 'set' && rest.some((w) => /^public-read(?:-write)?$/.test(w))) ||
    rest.some((w) => EVERYONE_IN.test(w))
  )
    out.push(grant('public', `gsutil ${argv[i]} ${op}`, `gsutil ${argv[i]} ${op} opens objects to everyone`));
}

function azGrant(argv: string[], out: Effect[]): void {
  // az disk|snapshot grant-access: a SAS link that anyone holding it can download the disk from
  if (/^(?:disk|snapshot)$/.test(argv[1] ?? '') && argv[2] === 'grant-access') {
    out.push(
      grant('public', `az ${argv[1]} grant-access`, `az ${argv[1]} grant-access makes a download link for the disk`),
    );
    return;
  }
  const pub = optionValues(argv, /^--public-access$/).some((v) => /^(?:blob|container)$/i.test(v));
  const allow = optionValues(argv, /^--allow-blob-public-access$/).some((v) => /^true$/i.test(v));
  const net =
    optionValues(argv, /^--public-network-access$/).some((v) => /^enabled$/i.test(v)) &&
    optionValues(argv, /^--default-action$/).some((v) => /^allow$/i.test(v));
  const anon =
    optionValues(argv, /^--anonymous-pull-enabled$/).some((v) => /^true$/i.test(v)) ||
    argv.includes('--anonymous-pull-enabled');
  if (pub || allow || net || anon)
    out.push(grant('public', argv.slice(0, 4).join(' '), `${argv.slice(0, 4).join(' ')} lets anonymous readers in`));
}

// ------------------------------------------------------------------ repository hosts

function repoHostGrant(argv: string[], out: Effect[]): void {
  const tool = basename(argv[0] ?? '');
  if (argv[1] === 'api') {
    const call = forgeApiCall(argv);
    if (!call || call.method === 'GET' || call.method === 'DELETE') return;
    const { route, fields } = call;
    const what = `${tool} api ${call.method} ${route}`;
    const field = (name: RegExp) => fields.find((f) => name.test(f.split('=')[0] ?? ''))?.replace(/^[^=]*=/, '');
    // repositories and projects made public
    if (/^(?:repos\/[^/]+\/[^/]+|projects\/[^/]+)$/.test(route)) {
      if (/^public$/i.test(field(/^visibility$/) ?? '') || /^false$/i.test(field(/^private$/) ?? ''))
        out.push(grant('public', what, `${what} makes the repository public`));
      return;
    }
    if (/\/actions\/permissions\/workflow$/.test(route)) {
      if (
        /^write$/i.test(field(/^default_workflow_permissions$/) ?? '') ||
        /^true$/i.test(field(/^can_approve_pull_request_reviews$/) ?? '')
      )
        out.push(grant('weakened', what, `${what} gives workflow tokens write access`));
    }
    // keys, collaborators, members, invitations and hooks are forge-grants.ts' reading
    return;
  }
  // gh repo edit --visibility public; glab repo edit? (glab uses the API for this)
  if (argv[1] === 'repo' && argv[2] === 'edit') {
    const v = optionValues(argv, /^--visibility$/);
    if (v.some((x) => /^public$/i.test(x)))
      out.push(grant('public', `${tool} repo edit --visibility public`, `${tool} makes the repository public`));
    return;
  }
  // gh repo create NAME --public --source=. --push: the code here, published to everyone at once
  if (argv[1] === 'repo' && argv[2] === 'create' && argv.includes('--public')) {
    if (argv.some((w) => w === '--push' || w === '--source' || w.startsWith('--source=') || w === '-s'))
      out.push(
        grant(
          'public',
          `${tool} repo create --public --source`,
          `${tool} publishes this code in a new public repository`,
        ),
      );
  }
}

// ------------------------------------------------------------------ clusters

function kubeGrant(argv: string[], out: Effect[]): void {
  const verb = argv[1] ?? '';
  if (verb === 'create' && /^(?:rolebinding|clusterrolebinding)$/.test(argv[2] ?? '')) {
    const subjects = optionValues(argv, /^--(?:group|user|serviceaccount)$/);
    if (subjects.some((s) => EVERYONE.test(s) || EVERYONE_IN.test(s)))
      out.push(grant('public', `kubectl create ${argv[2]}`, `kubectl binds a role to every caller of the API`));
    return;
  }
  if (
    (verb === 'label' || verb === 'annotate') &&
    argv.some((w) => /^pod-security\.kubernetes\.io\/enforce=privileged$/.test(w))
  )
    out.push(
      grant(
        'weakened',
        'kubectl label pod-security enforce=privileged',
        'kubectl lets privileged pods into the namespace',
      ),
    );
}

// ------------------------------------------------------------------ files and local services

/** Credential folders: made writable by others (or readable, recursively), their keys are handed out. */
const CREDENTIAL_DIR =
  /(?:^|\/)(?:\.ssh|\.aws|\.gnupg|\.kube|\.docker|\.azure|\.config\/gcloud|\.svc|\.password-store)\/?$/;
/** Secret files: readable by others, they are handed out (public keys, known_hosts and ssh config
 * are not secret; a key file inside a project is often a test or container certificate). */
const SECRET_FILE =
  /(?:^|\/)(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|\.netrc|\.pgpass|\.git-credentials)$|(?:^|\/)(?:\.aws\/credentials|\.docker\/config\.json|\.kube\/config|\.config\/gcloud\/[^/]+\.json|\.svc\/token)$|(?:^|\/)(?:\.ssh|\.gnupg|\.aws|\.kube|ssl\/private)\/[^/]*\.(?:pem|key|p12|pfx|jks|keystore)$/i;
const HOME = /^(?:~|\$HOME|\$\{HOME\}|\/home\/[^/]+|\/Users\/[^/]+|\/root)\/?$/;

/** Which of group/others a chmod mode gives read and write (absolute modes and symbolic clauses). */
function othersGet(mode: string): { read: boolean; write: boolean } {
  if (/^[0-7]{3,4}$/.test(mode)) {
    const n = parseInt(mode, 8);
    return { read: (n & 0o044) !== 0, write: (n & 0o022) !== 0 };
  }
  const r = { read: false, write: false };
  for (const c of mode.split(',')) {
    const m = /^([ugoa]*)([+=])([rwxXst]*)$/.exec(c);
    if (!m || !/[goa]/.test(m[1] || 'a')) continue;
    if ((m[3] ?? '').includes('r')) r.read = true;
    if ((m[3] ?? '').includes('w')) r.write = true;
  }
  return r;
}

function chmodGrant(argv: string[], out: Effect[]): void {
  let mode: string | undefined;
  const targets: string[] = [];
  let recursive = false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '-R' || w === '--recursive' || /^-[a-zA-Z]*R/.test(w)) recursive = true;
    if (w.startsWith('--mode=')) mode = w.slice(7);
    else if (w === '--reference') i++;
    else if (w.startsWith('-') && !/^-[rwxXst]+$/.test(w)) continue;
    else if (mode === undefined) mode = w;
    else targets.push(w);
  }
  if (!mode) return;
  const give = othersGet(mode);
  if (!give.read && !give.write) return;
  for (const t of targets) {
    if (SECRET_FILE.test(t) || (CREDENTIAL_DIR.test(t) && (give.write || recursive)))
      out.push(grant('weakened', `chmod ${mode} ${t}`, `chmod ${mode} lets other users read or change ${t}`));
    else if (recursive && HOME.test(t) && give.write)
      out.push(grant('weakened', `chmod -R ${mode} ${t}`, `chmod -R ${mode} makes the home folder writable by others`));
  }
}

const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|localhost|::1)$/;

function redisGrant(argv: string[], out: Effect[]): void {
  const off = optionValues(argv, /^--protected-mode$/).some((v) => /^no$/i.test(v));
  if (!off) return;
  const bind = optionValues(argv, /^--bind$/);
  if (bind.length && bind.every((b) => LOOPBACK.test(b))) return;
  if (optionValues(argv, /^--requirepass$/).some((v) => v !== '')) return;
  out.push(grant('weakened', 'redis-server --protected-mode no', 'redis answers any host without a password'));
}

export function accessGrantEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (name === 'aws') awsGrant(a, out);
    else if (name === 'gcloud' || name === 'bq') gcloudGrant(a, out);
    else if (name === 'gsutil') gsutilGrant(a, out);
    else if (name === 'az') azGrant(a, out);
    else if (name === 'gh' || name === 'glab') repoHostGrant(a, out);
    else if (name === 'kubectl' || name === 'oc') kubeGrant(a, out);
    else if (name === 'chmod') chmodGrant(a, out);
    else if (name === 'redis-server') redisGrant(a, out);
  }
}
