// What an MCP tool does, read from its name and its parameters: a tool's name is a verb and an
// object (`delete_repository`, `drop_table`, `terminateInstances`, `github_force_push`), and the
// same action has a command-line spelling that the policies already judge. So the tool call is
// decided as that command too: `delete_repository {owner, repo}` as `gh repo delete owner/repo`,
// `drop_table {table}` as `psql -c "DROP TABLE t"`. Read, list, search and get tools have no
// command equivalent here and stay what they were.
import type { Effect } from './types.js';
import { at } from '../../util/invariant.js';
import { mcpShipEffects } from './mcp-ship.js';

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
  'rm',
  'del',
  'nuke',
  'clear',
  'empty',
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
function objectOf(words: string[], at: number): string {
  const after = words
    .slice(at + 1)
    .filter((w) => !['all', 'the', 'a', 'an', 'by', 'id', 'ids', 'name', 'force'].includes(w));
  return (after.length ? after : words.slice(0, at)).join('_');
}

/** The command a destroying tool amounts to, by what it destroys. */
function destroyCommand(object: string, p: Params): string | undefined {
  const o = object.replace(/s$/, '');
  if (/(?:^|_)(?:repository|repo)$/.test(o)) return `gh repo delete ${repoOf(p)} --yes`;
  if (/(?:^|_)branch$/.test(o) || o === 'ref') {
    const branch = arg(pick(p, 'branch', 'ref', 'name', 'branch_name'), 'unknown').replace(/^refs\/heads\//, '');
    return `git push origin --delete ${branch}`;
  }
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
  if (/(?:^|_)(?:cache|key|keys|redis)$/.test(o) && /flush|all/.test(object)) return 'redis-cli FLUSHALL';
  return undefined;
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
  if (v >= 0) {
    const object = objectOf(words, v);
    const cmd = destroyCommand(object, p);
    if (cmd) push(cmd, `destroys ${object.replace(/_/g, ' ') || 'data'}`);
    // A directory given by path, or any path removed recursively, goes the way `rm -rf` would.
    else if (
      path &&
      (/(?:^|_)(?:directory|dir|folder|tree|path)$/.test(object) ||
        p['recursive'] === true ||
        p['recursive'] === 'true')
    )
      push(`rm -rf ${arg(path, '/')}`, `deletes ${path} recursively`);
  }
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
  if (words.includes('merge') && (words.includes('pull') || words.includes('pr') || words.includes('merge'))) {
    const base = pick(p, 'base', 'base_branch', 'baseBranch', 'into', 'target_branch', 'targetBranch', 'branch');
    if (base && PROTECTED.test(base.replace(/^refs\/heads\//, '')))
      push(`git push origin HEAD:${arg(base.replace(/^refs\/heads\//, ''), 'main')}`, `merges into ${base}`);
  }
  for (const e of mcpShipEffects(op, words, p)) out.push(e);
  if ((words.includes('update') || words.includes('set')) && words.includes('protection') && words.includes('branch')) {
    const enforce = JSON.stringify(p).toLowerCase();
    if (/"(?:enforce_admins|required_pull_request_reviews|required_status_checks)"\s*:\s*(?:null|false)/.test(enforce))
      push(
        `gh api -X DELETE repos/${repoOf(p)}/branches/${arg(pick(p, 'branch'), 'main')}/protection`,
        'removes branch protection',
      );
  }
  return out;
}
