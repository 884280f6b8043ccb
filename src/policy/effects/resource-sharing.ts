// Data handed to someone else by changing who may read it, rather than by copying it: a disk
// snapshot, machine image or database snapshot shared with another account or with everyone, a
// bucket or image bound to allUsers, a private repository made public, an outside key or user
// given access to a repository. Nothing is uploaded, so the egress readings see nothing; what
// gives it away is the principal named in the change. Read from the words of a changing
// subcommand of the cloud and forge CLIs:
//   shares-publicly CLI WHAT       everyone: allUsers/allAuthenticatedUsers, launch permission
//                                  Group=all, snapshot restore `all`, principal `*`, public-read
//                                  ACLs, a repository's visibility set to public, a disk or
//                                  snapshot SAS link (az ... grant-access)
//   shares-with-account CLI WHAT   a named other account: --user-ids, UserId=, --values-to-add
//                                  or --account-ids-to-add with an account id, a grantee ARN
//   grants-access CLI WHAT         a key or collaborator added to a repository or an account
//                                  (deploy keys, SSH keys, collaborators, org members), which lasts after
//                                  the session
// Listing commands that name the same words (`gh repo list --visibility public`,
// `aws ec2 describe-snapshot-attribute`) change nothing and are not read.
// Sources: AWS CLI reference (ec2 modify-snapshot-attribute, modify-image-attribute, rds
// modify-db-snapshot-attribute and modify-db-cluster-snapshot-attribute, redshift
// authorize-snapshot-access, ssm modify-document-permission, lambda add-permission, s3api
// put-bucket-acl); Google Cloud IAM principal identifiers (allUsers, allAuthenticatedUsers);
// gsutil iam/acl ch; Azure CLI az disk/snapshot grant-access and storage --public-access;
// GitHub REST API (repos PATCH visibility/private, deploy keys, collaborators, user keys) and
// gh repo edit --visibility; GitLab projects API visibility.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const SHARING_PROGRAMS: readonly string[] = [
  'aws',
  'gcloud',
  'gsutil',
  'az',
  'gh',
  'glab',
  'bq',
  'doctl',
  'oci',
];

/** Subcommand words that change a resource (the first few words after the program). */
const CHANGING =
  /^(?:modify|put|add|create|authorize|set|update|associate|grant|share|enable|disable|edit|ch|acl|iam|defacl|publish)(?:-|$)/;
const LISTING = /^(?:list|ls|view|get|describe|show|status|search|browse)(?:-|$)/;

const PUBLIC_WORD =
  /\ball(?:Authenticated)?Users\b|\bAllUsers\b|\bGroup=all\b|^public-read(?:-write)?$|\bvisibility=public\b|\bprivate=false\b|\bpublic=true\b/i;
const ACCOUNT_ID = /^\d{12}$|^arn:aws[\w-]*:iam::\d{12}:/;

function finding(kind: string, cli: string, what: string, via: string): Effect {
  return { tool: 'exec', command: `${kind} ${cli} ${what.replace(/[^\w@/.:=*-]/g, '_').slice(0, 80)}`, via };
}

/** The value given to an option, as `--opt value` or `--opt=value`. */
function optionValues(argv: string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    for (const n of names) {
      if (w === n && argv[i + 1] !== undefined) out.push(argv[i + 1] ?? '');
      else if (w.startsWith(`${n}=`)) out.push(w.slice(n.length + 1));
    }
  }
  return out;
}

/** gh/glab api: the method (POST when fields are given without -X, as gh does) and the endpoint. */
function apiCall(argv: string[]): { method: string; path: string } | undefined {
  if (argv[1] !== 'api') return undefined;
  let method = '';
  let path = '';
  let fields = false;
  for (let i = 2; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '-X' || w === '--method') method = (argv[++i] ?? '').toUpperCase();
    else if (/^(?:-X|--method=)/.test(w)) method = w.replace(/^(?:-X|--method=)/, '').toUpperCase();
    else if (/^-[fF]$|^--(?:raw-)?field$|^--input$/.test(w)) {
      fields = true;
      i++;
    } else if (!w.startsWith('-') && !path) path = w.replace(/^\//, '');
  }
  return { method: method || (fields ? 'POST' : 'GET'), path };
}

/** Endpoints that add a key or a member: repository deploy keys and collaborators, the user's own
 * keys, organisation and team memberships and outside collaborators, GitLab project members. */
const GRANTS =
  /^repos\/[^/]+\/[^/]+\/(?:keys|collaborators\/[^/]+)$|^user\/(?:keys|ssh_signing_keys|gpg_keys)$|^orgs\/[^/]+\/(?:memberships|outside_collaborators)\/[^/]+$|^orgs\/[^/]+\/teams\/[^/]+\/memberships\/[^/]+$|^projects\/[^/]+\/members$/;

function forge(cli: string, argv: string[], out: Effect[]): void {
  const api = apiCall(argv);
  if (api) {
    if (api.method === 'GET') return;
    const rest = argv.slice(2);
    if (rest.some((w) => PUBLIC_WORD.test(w)) && /^(?:repos\/[^/]+\/[^/]+|projects\/[^/]+)\/?$/.test(api.path))
      out.push(finding('shares-publicly', cli, api.path, `${cli} api makes ${api.path} public`));
    if (GRANTS.test(api.path))
      out.push(finding('grants-access', cli, api.path, `${cli} api adds a key or collaborator at ${api.path}`));
    return;
  }
  const sub = `${argv[1] ?? ''} ${argv[2] ?? ''}`;
  if (sub === 'repo edit' || sub === 'repo update') {
    const vis = optionValues(argv, ['--visibility']);
    if (vis.some((v) => v.toLowerCase() === 'public') || argv.includes('--public'))
      out.push(finding('shares-publicly', cli, argv[3] ?? 'repo', `${cli} repo edit makes the repository public`));
  }
  if (sub === 'repo deploy-key' && argv[3] === 'add')
    out.push(finding('grants-access', cli, 'deploy-key', `${cli} adds a deploy key to the repository`));
  if (sub === 'ssh-key add' || sub === 'gpg-key add')
    out.push(finding('grants-access', cli, argv[1] ?? 'key', `${cli} adds a key to the account`));
}

function cloud(cli: string, argv: string[], out: Effect[]): void {
  const head = argv.slice(1, 5).filter((w) => !w.startsWith('-'));
  if (head.some((w) => LISTING.test(w)) && !head.some((w) => CHANGING.test(w))) return;
  if (!head.some((w) => CHANGING.test(w))) return;
  const verb = head.find((w) => CHANGING.test(w)) ?? '';
  const words = argv.slice(1);
  // az disk/snapshot grant-access: a SAS link anyone holding it can download the disk from
  if (cli === 'az' && /^(?:disk|snapshot)$/.test(head[0] ?? '') && verb === 'grant-access') {
    out.push(
      finding(
        'shares-publicly',
        cli,
        `${head[0] ?? ''} grant-access`,
        `az ${head[0] ?? ''} grant-access makes a download link for the disk`,
      ),
    );
    return;
  }
  const everyone =
    words.some((w) => PUBLIC_WORD.test(w)) ||
    optionValues(argv, ['--values-to-add', '--group-names', '--principal', '--public-access', '--acl']).some((v) =>
      /^(?:all|\*|'\*'|blob|container|public-read(?:-write)?)$/i.test(v),
    ) ||
    optionValues(argv, ['--allow-blob-public-access']).some((v) => v === 'true');
  if (everyone) {
    out.push(finding('shares-publicly', cli, head.join('-'), `${cli} ${head.join(' ')} opens it to everyone`));
    return;
  }
  const accounts = [
    ...optionValues(argv, [
      '--user-ids',
      '--values-to-add',
      '--account-ids-to-add',
      '--grantee-principal',
      '--principals',
    ]),
    ...words.flatMap((w) => [...w.matchAll(/UserId=(\d{12})/g)].map((m) => m[1] ?? '')),
  ];
  if (accounts.some((a) => ACCOUNT_ID.test(a) || a.split(/[\s,]+/).some((p) => ACCOUNT_ID.test(p))))
    out.push(
      finding('shares-with-account', cli, head.join('-'), `${cli} ${head.join(' ')} shares it with another account`),
    );
}

export function resourceSharingEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const cli = basename(c.argv[0] ?? '').toLowerCase();
    if (cli === 'gh' || cli === 'glab') forge(cli, c.argv, out);
    else if (SHARING_PROGRAMS.includes(cli)) cloud(cli, c.argv, out);
  }
}
