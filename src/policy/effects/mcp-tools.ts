// What an MCP tool does, read from its name and its parameters: a tool's name is a verb and an
// object (`delete_repository`, `drop_table`, `terminateInstances`, `github_force_push`), and the
// same action has a command-line spelling that the policies already judge. So the tool call is
// decided as that command too: `delete_repository {owner, repo}` as `gh repo delete owner/repo`,
// `drop_table {table}` as `psql -c "DROP TABLE t"`. Read, list, search and get tools have no
// command equivalent here and stay what they were.
import { mcpReleaseShapeEffects } from './mcp-release-shapes.js';
import type { Effect } from './types.js';
import { at } from '../../util/invariant.js';
import { mcpShipEffects, mergesNow } from './mcp-ship.js';
import { mcpFileEffects } from './mcp-files.js';

/** Verbs that destroy, in the spellings MCP servers use. */
const DESTROY = new Set([
  'delete',
  'remove',
  'destroy',
  'drop',
  'purge',
  'wipe',
  'erase',
  'terminate',
  'truncate',
  'flush',
  'flushall',
  'flushdb',
  'rm',
  'del',
  'nuke',
  'clear',
  'empty',
  // Perforce's and mail stores' words for a delete that also removes the history
  'obliterate',
  'expunge',
]);

/** Words that say the tool only looks (a `get_deleted_items` or `list_drop_reasons` reads). */
const READ_ONLY = new Set([
  'get',
  'list',
  'search',
  'read',
  'describe',
  'show',
  'find',
  'query',
  'view',
  'fetch',
  'count',
]);

/** Branch names whose history or merge a human approves. */
const PROTECTED = /^(?:main|master|trunk|prod|production|release(?:[/-].*)?|stable|live|develop)$/i;

/** `deleteRepository`, `github__delete-repo`, `drop_table` -> lower-case words. */
export function toolWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

type Params = Record<string, unknown>;

function pick(p: Params, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = p[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
    if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string' || typeof x === 'number'))
      return v.join(' ');
  }
  return undefined;
}

/** A word safe to put on a command line as one argument. */
function arg(v: string | undefined, fallback: string): string {
  const s = (v ?? fallback).replace(/[^\w@%+=:,./~*-]/g, '_');
  return s || fallback;
}

function repoOf(p: Params): string {
  const full = pick(p, 'full_name', 'repository', 'repo_full_name', 'nameWithOwner');
  if (full && full.includes('/')) return arg(full, 'owner/repo');
  const owner = pick(p, 'owner', 'org', 'organization', 'namespace', 'user');
  const repo = pick(p, 'repo', 'repository', 'repo_name', 'name', 'project');
  return arg(owner ? `${owner}/${repo ?? 'repo'}` : (repo ?? 'owner/repo'), 'owner/repo');
}

function sqlName(p: Params, ...keys: string[]): string {
  return arg(pick(p, ...keys, 'name'), 'unknown');
}

/** The object of the verb: the words after it, or before it when the verb ends the name. */
function objectOf(words: string[], at: number, p: Params): string {
  const after = words
    .slice(at + 1)
    .filter((w) => !['all', 'the', 'a', 'an', 'by', 'id', 'ids', 'name', 'force'].includes(w));
  const object = (after.length ? after : words.slice(0, at)).join('_');
  // Servers with one delete tool for every kind (`resources_delete {kind: Namespace}`,
  // `delete_resource {resource_type: bucket}`) name the kind in a parameter.
  // (`k8s_delete {kind: namespace}`: a verb with nothing after it, the object in a parameter)
  if (
    GENERIC_OBJECT.test(object) ||
    (!after.length && pick(p, 'kind', 'resource_type', 'resourceType') !== undefined)
  ) {
    // (`cloud_delete_resource {service: eks, resource: cluster}`; Azure's `Microsoft.Storage/storageAccounts`)
    const kind = pick(p, 'kind', 'resource_type', 'resourceType', 'resource_kind', 'type', 'resource')?.replace(
      /^[\w.]+\//,
      '',
    );
    if (kind && /^[A-Za-z][\w .-]{0,40}$/.test(kind)) return toolWords(kind).join('_');
  }
  return object;
}

/** Objects that stand for any kind of resource: the kind is a parameter. */
const GENERIC_OBJECT = /^(?:\w+_)?(?:resources?|objects?|entit(?:y|ies)|items?|assets?)$/;

/** The command a destroying tool amounts to, by what it destroys. */
function destroyCommand(object: string, p: Params, verb = ''): string | undefined {
  const o = object.replace(/s$/, '');
  if (/(?:^|_)(?:repository|repo)$/.test(o)) return `gh repo delete ${repoOf(p)} --yes`;
  if (
    (/(?:^|_)branch$/.test(o) || o === 'ref') &&
    (pick(p, 'branch', 'ref', 'name', 'branch_name') || !pick(p, 'branch_id'))
  ) {
    const branch = arg(pick(p, 'branch', 'ref', 'name', 'branch_name'), 'unknown').replace(/^refs\/heads\//, '');
    return `git push origin --delete ${branch}`;
  }
  if (/(?:^|_)tag$/.test(o) && pick(p, 'tag', 'tag_name', 'name', 'ref'))
    return `git push origin --delete refs/tags/${arg(pick(p, 'tag', 'tag_name', 'name', 'ref'), 'unknown').replace(/^refs\/tags\//, '')}`;
  // a key store's delete given a pattern (`redis_delete {key: "*"}`, `cache_delete_keys {pattern: "user:*"}`)
  const pattern = pick(p, 'key', 'keys', 'pattern', 'match');
  if (/(?:^|_)(?:redis|valkey|keydb|cache|kv|keys?)$/.test(object) && pattern?.includes('*')) {
    // the server the tool names decides, as on the shell (and as for a flush below): `{host:
    // localhost, pattern: "vehicle:test:*"}` is `redis-cli -h localhost DEL $(redis-cli -h localhost
    // KEYS 'vehicle:test:*')`, the developer's own instance; a remote or unnamed one stays a wipe
    const host = pick(p, 'host', 'hostname', 'server');
    if (host) {
      const h = arg(host, 'remote');
      return `redis-cli -h ${h} DEL $(redis-cli -h ${h} KEYS '${arg(pattern, '*')}')`;
    }
    return `redis DEL-MATCHING ${arg(pattern, '*')}`;
  }
  // Perforce obliterate removes the files and every revision of them from the depot
  if (verb === 'obliterate')
    return `p4 obliterate -y ${arg(pick(p, 'path', 'depot_path', 'files', 'file_spec'), '//...')}`;
  if (/(?:^|_)branch_protection$/.test(o) || o === 'protection' || o === 'ruleset')
    return `gh api -X DELETE repos/${repoOf(p)}/branches/${arg(pick(p, 'branch'), 'main')}/protection`;
  if (/(?:^|_)(?:table|tables)$/.test(o))
    return `psql -c "DROP TABLE ${sqlName(p, 'table', 'table_name', 'tableName')}"`;
  if (/(?:^|_)(?:database|db)$/.test(o))
    return `psql -c "DROP DATABASE ${sqlName(p, 'database', 'db', 'database_name', 'databaseName')}"`;
  if (/(?:^|_)schema$/.test(o)) return `psql -c "DROP SCHEMA ${sqlName(p, 'schema', 'schema_name')} CASCADE"`;
  if (/(?:^|_)(?:collection)$/.test(o))
    return `mongosh --eval "db.${sqlName(p, 'collection', 'collection_name', 'collectionName')}.drop()"`;
  if (/(?:^|_)(?:rows|row|records|record|documents|document|data|items)$/.test(o) || o === '') {
    const table = pick(p, 'table', 'table_name', 'collection');
    if (table && !pick(p, 'where', 'filter', 'id', 'ids', 'key')) return `psql -c "DELETE FROM ${arg(table, 't')}"`;
  }
  // Objects of a bucket: one key is one object; a prefix or none is everything under it.
  const bucket = pick(p, 'bucket', 'Bucket', 'bucket_name', 'bucketName');
  if (/(?:^|_)(?:object|file|blob)$/.test(o) && bucket) {
    const key = pick(p, 'key', 'Key', 'object_key', 'objectKey', 'object_name', 'blob_name');
    return key
      ? `aws s3 rm s3://${arg(bucket, 'bucket')}/${arg(key, 'key')}`
      : `aws s3 rm s3://${arg(bucket, 'bucket')}/${arg(pick(p, 'prefix', 'Prefix', 'path'), '')} --recursive`;
  }
  if (/(?:^|_)(?:bucket|container_storage)$/.test(o))
    return `aws s3 rb s3://${arg(pick(p, 'bucket', 'Bucket', 'bucket_name', 'bucketName', 'name'), 'bucket')} --force`;
  if (/(?:^|_)(?:instance|vm|server|droplet|machine)$/.test(o))
    return `aws ec2 terminate-instances --instance-ids ${arg(pick(p, 'instance_ids', 'instanceIds', 'InstanceIds', 'instance_id', 'instanceId', 'id', 'name'), 'i-unknown')}`;
  if (/(?:^|_)(?:namespace|ns)$/.test(o))
    return `kubectl delete namespace ${arg(pick(p, 'namespace', 'name'), 'unknown')}`;
  if (/(?:^|_)(?:cluster)$/.test(o))
    return `gcloud container clusters delete ${arg(pick(p, 'cluster', 'name', 'id'), 'unknown')}`;
  if (/(?:^|_)(?:volume|pvc|persistent_volume_claim|disk)$/.test(o))
    return `docker volume rm ${arg(pick(p, 'volume', 'name', 'id'), 'unknown')}`;
  if (/(?:^|_)(?:project|stack|resource_group|account|organization|org|workspace)$/.test(o))
    return `gcloud projects delete ${arg(pick(p, 'project', 'project_id', 'projectId', 'stack', 'name', 'id'), 'unknown')}`;
  if (/(?:^|_)(?:cache|caches|key|keys|redis|db|database)$/.test(object) && /flush|all/.test(verb + object)) {
    // the server and database the tool names, so the redis reading decides them as on the shell
    // (`redis_flushdb {host: localhost, db: 15}` is `redis-cli -h localhost -n 15 FLUSHDB`)
    const host = pick(p, 'host', 'hostname', 'server');
    const db = pick(p, 'db', 'database', 'db_index', 'dbIndex');
    const one = /flushdb/.test(verb + object) || (verb === 'flush' && /^(?:db|database)$/.test(object));
    return `redis-cli${host ? ` -h ${arg(host, 'remote')}` : ''}${db && /^\d+$/.test(db) ? ` -n ${db}` : ''} ${one ? 'FLUSHDB' : 'FLUSHALL'}`;
  }
  // `mongodb_delete_many {collection, filter: {}}`: an empty filter selects every document
  if (/(?:^|_)many$/.test(o) && emptyFilter(p['filter'] ?? p['query'] ?? p['where']))
    return `mongosh --eval "db.${sqlName(p, 'collection', 'collection_name', 'collectionName')}.deleteMany({})"`;
  // `kubectl_delete {resourceType: namespace, name}`: the kind is a parameter
  if (/^(?:kubectl|k8s|kubernetes|kube)$/.test(o)) {
    const kind = pick(p, 'resourceType', 'resource_type', 'kind', 'type', 'resource');
    if (kind)
      return `kubectl delete ${arg(kind, 'all')} ${arg(pick(p, 'name', 'resourceName', 'resource_name'), '--all')}${
        pick(p, 'namespace') ? ` -n ${arg(pick(p, 'namespace'), 'default')}` : ''
      }`;
  }
  // `terraform_destroy {workspace}`, `pulumi_destroy {stack}`: the tool's own destroy
  if (verb === 'destroy' && /^(?:terraform|tofu|opentofu|terragrunt)$/.test(o))
    return 'terraform destroy -auto-approve';
  if (verb === 'destroy' && o === 'pulumi')
    return `pulumi destroy --yes --stack ${arg(pick(p, 'stack', 'stack_name'), 'prod')}`;
  return undefined;
}

/** A filter that selects everything: absent, `{}`, `"{}"`, or empty. */
function emptyFilter(f: unknown): boolean {
  if (f === undefined || f === null || f === '') return true;
  if (typeof f === 'string') return /^\s*\{\s*\}\s*$/.test(f);
  return typeof f === 'object' && !Array.isArray(f) && Object.keys(f).length === 0;
}

/**
 * The effects of an MCP tool named `op` with parameters `p`, as the command-line calls it
 * amounts to. `path` is the filesystem path the tool names, when it names one.
 */
export function mcpToolEffects(op: string, p: Params, path: string | undefined): Effect[] {
  const words = toolWords(op);
  const out: Effect[] = [];
  const via = `MCP ${op}`;
  if (!words.length || READ_ONLY.has(at(words, 0))) return out;
  const push = (command: string, what: string) =>
    out.push({ tool: 'exec', command, via: `${via} ${what} (as \`${command}\`)` });
  const v = words.findIndex((w) => DESTROY.has(w));
  // `remove_product_from_collection`: a link between two things is cut, neither is destroyed
  if (v >= 0 && !(words[v] === 'remove' && words.slice(v + 1).includes('from'))) {
    const object = objectOf(words, v, p);
    const cmd = destroyCommand(object, p, at(words, v));
    const generic = cmd ? undefined : managedDestroyCommand(words, v, object, p);
    if (cmd) push(cmd, `destroys ${object.replace(/_/g, ' ') || 'data'}`);
    else if (generic) push(generic, `destroys ${object.replace(/_/g, ' ')}`);
    // A directory given by path, or any path removed recursively, goes the way `rm -rf` would.
    else if (
      path &&
      (/(?:^|_)(?:directory|dir|folder|tree|path)$/.test(object) ||
        p['recursive'] === true ||
        p['recursive'] === 'true')
    )
      push(`rm -rf ${arg(path, '/')}`, `deletes ${path} recursively`);
  }
  // delete_file, move_file and the like: the rm or mv they amount to (mcp-files.ts).
  if (!out.length) out.push(...mcpFileEffects(words, p, path));
  // A ref moved with force rewrites history whatever the tool calls it (push, update_ref, set_branch).
  const force = words.includes('force') || p['force'] === true || p['force_push'] === true;
  const refTool = words.some((w) => ['push', 'ref', 'refs', 'branch', 'reset'].includes(w));
  if (force && refTool) {
    const branch = arg(pick(p, 'branch', 'ref', 'head', 'base'), 'main').replace(/^(?:refs\/)?heads\//, '');
    push(`git push --force origin ${branch}`, `force-pushes ${branch}`);
  }
  // A tool that takes a whole command line for a CLI (call_aws, run_gcloud, kubectl_command ...).
  const cli = pick(p, 'cli_command', 'cliCommand', 'command_line', 'commandLine');
  if (cli) out.push({ tool: 'exec', command: cli, via: `${via} runs` });
  // A tool named for a CLI that takes its subcommand (`ExecuteTerraformCommand {command: destroy}`,
  // `helm_run {args: [uninstall, api]}`) runs that CLI with it.
  const sub = cli ? undefined : subcommandLine(words, p);
  if (sub) out.push({ tool: 'exec', command: sub, via: `${via} runs \`${sub}\`` });
  if (mergesNow(words, p)) {
    const base = pick(p, 'base', 'base_branch', 'baseBranch', 'into', 'target_branch', 'targetBranch', 'branch');
    if (base && PROTECTED.test(base.replace(/^refs\/heads\//, '')))
      push(`git push origin HEAD:${arg(base.replace(/^refs\/heads\//, ''), 'main')}`, `merges into ${base}`);
  }
  for (const e of mcpShipEffects(op, words, p)) out.push(e);
  // rollouts to everyone, release channels, image copies, traffic moves, checks off, keys trusted (mcp-release-shapes.ts)
  for (const e of mcpReleaseShapeEffects(op, words, p)) out.push(e);
  if ((words.includes('update') || words.includes('set')) && words.includes('protection') && words.includes('branch')) {
    const enforce = JSON.stringify(p).toLowerCase();
    // a check removed, the rule switched off, or force pushes and deletions let through
    if (
      /"(?:enforce_admins|required_pull_request_reviews|required_status_checks|enabled|enforced?|active|protected)"\s*:\s*(?:null|false)/.test(
        enforce,
      ) ||
      /"(?:allow_force_pushes|allow_deletions)"\s*:\s*true/.test(enforce)
    )
      push(
        `gh api -X DELETE repos/${repoOf(p)}/branches/${arg(pick(p, 'branch'), 'main')}/protection`,
        'removes branch protection',
      );
  }
  return out;
}

/**
 * Kinds of things a cloud, hosting, data or cluster service manages whose deletion takes data or
 * a running service with it: the resource types of the AWS, Google Cloud, Azure, Cloudflare,
 * DigitalOcean, Vercel/Netlify/Fly and Kubernetes APIs, the objects of learning platforms, and
 * the containers any SaaS keeps an account's data in, by their common names. Comments, labels,
 * reactions, files and notes are work items, not these.
 */
const MANAGED_KINDS = new Set(
  (
    'zone dns record records domain domains function lambda service services deployment deployments app apps application site sites ' +
    'environment env secret secrets key keys vault certificate cert snapshot snapshots backup backups image images registry ' +
    'index indices indexes topic queue stream log logs log_group trail role policy user users group cluster node nodes node_pool ' +
    'pool network vpc subnet firewall load_balancer loadbalancer gateway distribution worker workers kv namespace_kv r2 d1 ' +
    'statefulset daemonset replicaset configmap ingress persistentvolume persistentvolumeclaim job cronjob pod_disruption ' +
    'release releases chart stack stacks pipeline webhook hook tunnel container containers machine machines vm droplet ' +
    'keyspace warehouse dataset datasets collection_index branch branch_database org_member member project_member token tokens api_key ' +
    // learning platforms (Canvas, Moodle, Gradescope, Google Classroom): students' work and marks
    'course courses assignment assignments submission submissions gradebook grades quiz quizzes exam exams enrollment ' +
    // containers of other people's data on any SaaS: the account, the workspace, the model store
    'account accounts workspace workspaces database databases bucket buckets model models'
  ).split(' '),
);

/** Words around an MCP tool's verb that say how it is called, not what it acts on. */
const CALL_WORDS = new Set([
  'mcp',
  'tool',
  'api',
  'call',
  'execute',
  'run',
  'do',
  'perform',
  'invoke',
  'cmd',
  'command',
]);

/**
 * A destroying tool whose object is a managed resource with no specific command here, read as
 * the server's own CLI deleting it (`cloudflare_delete_zone {zone_id}` is `cloudflare zone
 * delete ID`), so the verb readings decide it like any other tool's delete.
 */
function managedDestroyCommand(words: string[], v: number, object: string, p: Params): string | undefined {
  const kind = object.replace(/^.*?_(?=[a-z]+$)/, '');
  if (!MANAGED_KINDS.has(object) && !MANAGED_KINDS.has(kind) && !MANAGED_KINDS.has(object.replace(/s$/, '')))
    return undefined;
  const server = words.slice(0, v).filter((w) => !CALL_WORDS.has(w) && !object.split('_').includes(w))[0] ?? 'mcp';
  const id = arg(
    pick(
      p,
      `${kind}_id`,
      `${kind}Id`,
      'id',
      'name',
      `${kind}_name`,
      'identifier',
      'ids',
      'names',
      'arn',
      'resource_id',
      // a key store's delete names its key or a pattern of keys (`redis_delete {key: "*"}`)
      'key',
      'keys',
      'pattern',
    ),
    'unknown',
  );
  const all = p['all'] === true || p['all'] === 'true' || /^(?:\*|all)$/i.test(id) ? ' --all' : '';
  const ns = pick(p, 'namespace', 'environment', 'env', 'stage', 'project');
  return `${arg(server, 'mcp')} ${object.replace(/_/g, '-')} delete ${id}${all}${ns ? ` --env ${arg(ns, 'default')}` : ''}`;
}

/** Command-line tools whose MCP servers take a subcommand rather than a whole command line. */
const CLI_TOOLS = new Set(
  'terraform tofu terragrunt pulumi kubectl helm aws gcloud az doctl flyctl fly heroku vercel netlify gh glab git docker podman argocd flux supabase wrangler'.split(
    ' ',
  ),
);

/** `terraform destroy -auto-approve` from a tool named for terraform and its subcommand parameter. */
function subcommandLine(words: string[], p: Params): string | undefined {
  const tool = words.find((w) => CLI_TOOLS.has(w));
  if (!tool) return undefined;
  const raw = pick(p, 'command', 'subcommand', 'sub_command', 'action', 'operation', 'args', 'arguments');
  if (!raw || raw.length > 4000) return undefined;
  const line = raw.replace(/[;&|`$<>\n]/g, ' ').trim();
  if (!line) return undefined;
  const first = line.split(/\s+/)[0] ?? '';
  const auto =
    Object.entries(p).some(([k, val]) => /auto_?approve|yes|force/i.test(k) && (val === true || val === 'true')) ||
    JSON.stringify(p['variables'] ?? {}).includes('auto_approve');
  const approve = auto
    ? tool === 'pulumi'
      ? ' --yes'
      : /^(?:terraform|tofu|terragrunt)$/.test(tool)
        ? ' -auto-approve'
        : ''
    : '';
  return `${first === tool ? '' : tool + ' '}${line}${approve}`;
}
